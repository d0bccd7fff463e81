# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from mcp-server-time 2026.10.19 (PyPI), file mcp_server_time/server.py:
`known_timezones`, `load_zoneinfo`, `get_zoneinfo` and the argument checks at the top of
`TimeServer.convert_time` (zones resolved, `time` parsed with `strptime("%H:%M")`).  MIT
License (modelcontextprotocol/servers, src/time).  Changes: the package's `ToolError` is a
local `ValueError` subclass; the conversion itself (which reads the clock) is left out,
replaced by the implementation layer, which receives the parsed time written back as HH:MM.

The wrapper `convert_time` and its implementation layer are ours.
"""

from __future__ import annotations

from datetime import datetime
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

ZONES = ["UTC", "Europe/Warsaw", "America/New_York", "Asia/Kathmandu", "Australia/Adelaide"]
SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "source_timezone": {"type": "string", "enum": ZONES, "description": "IANA zone of the given time."},
        "time": {"type": "string", "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$",
                 "description": "Time to convert in 24-hour format (HH:MM)."},
        "target_timezone": {"type": "string", "enum": ZONES, "description": "IANA zone to convert to."},
    },
    "required": ["source_timezone", "time", "target_timezone"],
    "additionalProperties": False,
}
EXAMPLE: dict[str, Any] = {"source_timezone": "Europe/Warsaw", "time": "16:30", "target_timezone": "Asia/Kathmandu"}


class ToolError(ValueError):
    """Stands in for the MCP SDK's ToolError (a refusal the model reads)."""


@cache
def known_timezones() -> frozenset[str]:
    """The exact IANA keys this host's tz database holds, read once."""
    return frozenset(available_timezones())


def load_zoneinfo(timezone_name: str) -> ZoneInfo:
    """`ZoneInfo(timezone_name)`, accepting only an exact IANA key."""
    zone = ZoneInfo(timezone_name)
    if timezone_name not in known_timezones():
        raise ZoneInfoNotFoundError(f"No time zone found with key {timezone_name}")
    return zone


def get_zoneinfo(timezone_name: str) -> ZoneInfo:
    """`load_zoneinfo`, failing with a `ToolError` the model can read."""
    try:
        return load_zoneinfo(timezone_name)
    except Exception as e:
        raise ToolError(f"Invalid timezone: {str(e)}") from e


def convert_time_impl(source_timezone: str, time: str, target_timezone: str) -> dict[str, Any]:
    """The implementation layer (ours): where the conversion would run."""
    return {"source_timezone": source_timezone, "time": time, "target_timezone": target_timezone}


def convert_time(source_timezone: Any, time: Any, target_timezone: Any) -> dict[str, Any]:
    """The interface layer: `TimeServer.convert_time`'s argument checks, then the conversion."""
    get_zoneinfo(source_timezone)
    get_zoneinfo(target_timezone)

    try:
        parsed_time = datetime.strptime(time, "%H:%M").time()
    except ValueError:
        raise ToolError("Invalid time format. Expected HH:MM [24-hour format]")

    return convert_time_impl(source_timezone=source_timezone, time=parsed_time.strftime("%H:%M"),
                             target_timezone=target_timezone)
