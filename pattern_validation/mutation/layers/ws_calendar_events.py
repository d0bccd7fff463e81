# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from workspace-mcp 2.2.1 (PyPI), file gcalendar/calendar_helpers.py:
`_parse_reminders_json`, `_EVENT_COLOR_IDS`, `_resolve_color_id`,
`_correct_time_format_for_api`.  MIT License, Copyright (c) 2025 Taylor Wilsdon
(taylorwilsdon/google_workspace_mcp); the licence's permission notice applies to them.
Changes: `logger` calls removed; `UserInputError` is a local `ValueError` subclass; in
`_correct_time_format_for_api` the branch for a date with a `timezone` (pytz) is left out,
as the package's `get_events` calls it with `timezone=None`.

The wrapper `create_event` and its implementation layer are ours, shaped like the package's
`manage_event` create path (times normalised for the API, reminders parsed, colour resolved).
"""

from __future__ import annotations

import datetime
import json
from typing import Any, Dict, List, Optional, Union

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "summary": {"type": "string", "minLength": 1, "maxLength": 200, "description": "Event title."},
        "start_time": {"type": "string", "format": "date-time", "description": "RFC3339 start."},
        "end_time": {"type": "string", "format": "date-time", "description": "RFC3339 end."},
        "color_id": {"type": ["string", "null"], "enum": [str(i) for i in range(1, 12)] + [None], "default": None,
                     "description": "Event colour id, 1 to 11."},
        "reminders": {"type": ["array", "null"], "maxItems": 5, "default": None,
                      "items": {"type": "object", "required": ["method", "minutes"], "additionalProperties": False,
                                "properties": {"method": {"type": "string", "enum": ["popup", "email"]},
                                               "minutes": {"type": "integer", "minimum": 0, "maximum": 40320}}},
                      "description": "Up to 5 reminders."},
    },
    "required": ["summary", "start_time", "end_time"],
    "additionalProperties": False,
}
EXAMPLE: dict[str, Any] = {"summary": "Standup", "start_time": "2026-05-15T09:00:00Z",
                           "end_time": "2026-05-15T09:15:00+02:00", "color_id": "11",
                           "reminders": [{"method": "popup", "minutes": 10}]}


class UserInputError(ValueError):
    """Raised for user-facing input/validation errors that shouldn't be retried."""


def _parse_reminders_json(
    reminders_input: Optional[Union[str, List[Dict[str, Any]]]], function_name: str
) -> List[Dict[str, Any]]:
    """
    Parse reminders from JSON string or list object and validate them.
    """
    if not reminders_input:
        return []

    # Handle both string (JSON) and list inputs
    if isinstance(reminders_input, str):
        try:
            reminders = json.loads(reminders_input)
            if not isinstance(reminders, list):
                return []
        except json.JSONDecodeError:
            return []
    elif isinstance(reminders_input, list):
        reminders = reminders_input
    else:
        return []

    # Validate reminders
    if len(reminders) > 5:
        reminders = reminders[:5]

    validated_reminders = []
    for reminder in reminders:
        if (
            not isinstance(reminder, dict)
            or "method" not in reminder
            or "minutes" not in reminder
        ):
            continue

        method = reminder["method"].lower()
        if method not in ["popup", "email"]:
            continue

        minutes = reminder["minutes"]
        if not isinstance(minutes, int) or minutes < 0 or minutes > 40320:
            continue

        validated_reminders.append({"method": method, "minutes": minutes})

    return validated_reminders


_EVENT_COLOR_IDS = {
    "lavender": "1",
    "sage": "2",
    "grape": "3",
    "flamingo": "4",
    "banana": "5",
    "tangerine": "6",
    "peacock": "7",
    "graphite": "8",
    "blueberry": "9",
    "basil": "10",
    "tomato": "11",
}


def _resolve_color_id(color: Optional[str]) -> Optional[str]:
    """Resolve an event color name (e.g. "tomato") or ID ("1"-"11") to its colorId."""
    if color is None:
        return None
    normalized = color.strip().lower()
    color_id = _EVENT_COLOR_IDS.get(normalized, normalized)
    if color_id not in _EVENT_COLOR_IDS.values():
        options = ", ".join(f"{name} ({cid})" for name, cid in _EVENT_COLOR_IDS.items())
        raise UserInputError(f"Invalid color_id '{color}'. Must be one of: {options}")
    return color_id


def _correct_time_format_for_api(
    time_str: Optional[str], param_name: str, timezone: Optional[str] = None
) -> Optional[str]:
    """Normalize a time string into RFC3339 format suitable for the Google Calendar API."""
    if not time_str:
        return None

    # Defensive normalization: some LLM-driven MCP clients double-encode JSON
    # string arguments, passing values like '"2026-05-15T00:00:00Z"'
    time_str = time_str.strip().strip('"').strip("'").strip()
    if not time_str or time_str.lower() in ("null", "none"):
        return None

    # Handle date-only format (YYYY-MM-DD)
    if len(time_str) == 10 and time_str.count("-") == 2:
        try:
            # Validate it's a proper date
            datetime.datetime.strptime(time_str, "%Y-%m-%d")
            formatted = f"{time_str}T00:00:00Z"
            return formatted
        except ValueError:
            return time_str

    # Specifically address YYYY-MM-DDTHH:MM:SS by appending 'Z'
    if (
        len(time_str) == 19
        and time_str[10] == "T"
        and time_str.count(":") == 2
        and not (
            time_str.endswith("Z") or ("+" in time_str[10:]) or ("-" in time_str[10:])
        )
    ):
        try:
            # Validate the format before appending 'Z'
            datetime.datetime.strptime(time_str, "%Y-%m-%dT%H:%M:%S")
            return time_str + "Z"
        except ValueError:
            return time_str

    # If it already has timezone info or doesn't match our patterns, return as is
    return time_str


def create_event_impl(summary: str, start_time: str, end_time: str, color_id: str | None,
                      reminders: list[dict[str, Any]] | None) -> dict[str, Any]:
    """The implementation layer (ours): what would build the Calendar API request."""
    return {"summary": summary, "start_time": start_time, "end_time": end_time, "color_id": color_id,
            "reminders": reminders}


def create_event(summary: Any, start_time: Any, end_time: Any, color_id: Any = None,
                 reminders: Any = None) -> dict[str, Any]:
    """The interface layer (ours), built on the package's helpers as its create path uses them."""
    start = _correct_time_format_for_api(start_time, "start_time")
    end = _correct_time_format_for_api(end_time, "end_time")
    if start is None or end is None:
        raise UserInputError("start_time and end_time are required (RFC3339)")
    parsed = _parse_reminders_json(reminders, "create_event") if reminders is not None else None
    return create_event_impl(summary=summary, start_time=start, end_time=end,
                             color_id=_resolve_color_id(color_id), reminders=parsed)
