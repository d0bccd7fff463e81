# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from rootly-mcp-server 2.3.22 (PyPI), file rootly_mcp_server/validators.py:
`validate_positive_integer`, `validate_page_params`; file rootly_mcp_server/transport.py:
`LIST_SHIFTS_LIMIT_DAYS`; and file rootly_mcp_server/tools/oncall.py: `MAX_SHIFT_SPAN_DAYS`,
`_parse_iso_datetime`, `_split_date_windows`, `_date_argument_error`, and the argument checks of
the `list_shifts` tool (the page checks, the ISO 8601 dates, the comma-separated id lists) up to
its first upstream request, where `_fetch_all_pages` splits the range into windows of at most
60 days (`_split_date_windows`, which refuses a range over 366 days).  Apache License 2.0,
Copyright 2025 Rootly (rootlyhq/rootly-mcp-server); see http://www.apache.org/licenses/LICENSE-2.0.
The helpers are verbatim, and so are the tool's statements but those listed below (checked by
comparing ASTs with the wheel's source).

Changes: `RootlyValidationError` (a `RootlyMCPError(Exception)` in the package) is a local
class deriving from ValueError, and where the tool returns `mcp_error.tool_error(...,
"validation_error", ...)` the interface raises a local `ToolError` with the same message: the
tool's own `except Exception` turns a `RootlyValidationError` into that same error result, a
refusal the model reads.  `datetime.UTC` is imported as `timezone.utc` (the same object; the
project still supports Python 3.10).  `list_shifts`, an `async` closure registered inside
`register_oncall_tools`, is a module-level function validated by pydantic against its signature
(kept as published: `Annotated` types, `Field` descriptions, the `start_date` / `end_date`
aliases), as FastMCP does; its blanket `try` / `except Exception` is left out.  Everything
after the id lists (the lookup maps, the shift fetches, the enrichment, the paging of the
result) is replaced by the implementation layer, which receives the query parameters, the user
ids to keep (sorted: the package holds them in a set), the paging and the date windows.

The implementation layer is ours.  SCHEMA is what the package's FastMCP (fastmcp 3.4.7, its
pinned version) derives from the signature: `Tool.from_function(list_shifts).parameters`.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Annotated, Any

from pydantic import AliasChoices, Field, validate_call

UTC = timezone.utc

SCHEMA: dict[str, Any] = {
    "additionalProperties": False,
    "properties": {
        "from_date": {
            "description": "Start date/time for shift query (ISO 8601 format, e.g., '2026-02-09T00:00:00Z')",
            "type": "string",
        },
        "to_date": {
            "description": "End date/time for shift query (ISO 8601 format, e.g., '2026-02-15T23:59:59Z')",
            "type": "string",
        },
        "user_ids": {
            "default": "",
            "description": "Comma-separated list of user IDs to filter by (e.g., '2381,94178'). Only returns "
                           "shifts for these users.",
            "type": "string",
        },
        "schedule_ids": {
            "default": "",
            "description": "Comma-separated list of schedule IDs to filter by (optional)",
            "type": "string",
        },
        "include_user_details": {
            "default": True,
            "description": "Include user name and email in response (default: True)",
            "type": "boolean",
        },
        "page_size": {
            "default": 25,
            "description": "Number of enriched shifts to return per page (max: 100). This paginates the MCP "
                           "response even when the upstream shifts API does not.",
            "type": "integer",
        },
        "page_number": {
            "default": 1,
            "description": "Page number of enriched shifts to return (1-indexed). Use this instead of relying "
                           "on the generated listShifts pagination.",
            "type": "integer",
        },
    },
    "required": ["from_date", "to_date"],
    "type": "object",
}
EXAMPLE: dict[str, Any] = {"from_date": "2026-02-09T00:00:00Z", "to_date": "2026-02-15T23:59:59Z",
                           "user_ids": "2381, 94178", "schedule_ids": "sched-primary,sched-secondary",
                           "include_user_details": False, "page_size": 50, "page_number": 2}


class RootlyValidationError(ValueError):
    """Stands in for the package's `RootlyValidationError` ("Raised when input validation fails")."""


class ToolError(ValueError):
    """Stands in for the tool's `mcp_error.tool_error(..., "validation_error")` (a refusal the model reads)."""


def validate_positive_integer(value: int, field_name: str, min_value: int = 1) -> int:
    """
    Validate that a value is a positive integer.

    Args:
        value: The value to validate
        field_name: Name of the field for error messages
        min_value: Minimum allowed value

    Returns:
        The validated value

    Raises:
        RootlyValidationError: If validation fails
    """
    if not isinstance(value, int):
        raise RootlyValidationError(f"{field_name} must be an integer, got {type(value).__name__}")

    if value < min_value:
        raise RootlyValidationError(f"{field_name} must be >= {min_value}, got {value}")

    return value


def validate_page_params(page_size: int, page_number: int) -> tuple[int, int]:
    """
    Validate pagination parameters.

    Args:
        page_size: Number of items per page
        page_number: Page number (0 for all, 1+ for specific page)

    Returns:
        Tuple of validated (page_size, page_number)

    Raises:
        RootlyValidationError: If validation fails
    """
    page_size = validate_positive_integer(page_size, "page_size", min_value=1)
    page_number = validate_positive_integer(page_number, "page_number", min_value=0)

    if page_size > 100:
        raise RootlyValidationError("page_size cannot exceed 100")

    return page_size, page_number


LIST_SHIFTS_LIMIT_DAYS = 60

# Ceiling on a shift query's total span. Long ranges are split into windows the
# upstream will accept, but each window is its own request, so an unbounded
# range would fan out indefinitely. A year of on-call is six windows.
MAX_SHIFT_SPAN_DAYS = 366


def _parse_iso_datetime(value: Any) -> datetime | None:
    """Parse an ISO date or datetime to an aware UTC datetime, else ``None``.

    Mirrors the transport client's parsing so a range this splits is one the
    upstream validation would have accepted.
    """
    if not isinstance(value, str) or not value.strip():
        return None
    candidate = value.strip()
    try:
        parsed = datetime.fromisoformat(candidate.replace("Z", "+00:00"))
    except ValueError:
        try:
            parsed = datetime.strptime(candidate, "%Y-%m-%d")
        except ValueError:
            return None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    return parsed


def _split_date_windows(
    from_raw: Any, to_raw: Any, limit_days: int
) -> list[tuple[datetime, datetime]]:
    """Split ``from``/``to`` into consecutive windows of at most ``limit_days``.

    Returns ``[]`` when the range already fits, when either bound is
    unparseable (the upstream 422 stays authoritative for malformed input),
    or when the range is inverted.
    """
    start = _parse_iso_datetime(from_raw)
    end = _parse_iso_datetime(to_raw)
    if start is None or end is None or end <= start:
        return []
    span_days = (end - start).total_seconds() / 86400
    if span_days <= limit_days:
        return []
    if span_days > MAX_SHIFT_SPAN_DAYS:
        raise RootlyValidationError(
            f"Date range from={from_raw} to={to_raw} spans {span_days:.0f} days. "
            f"This tool splits long ranges automatically but caps the total at "
            f"{MAX_SHIFT_SPAN_DAYS} days, because each {limit_days}-day window is a "
            f"separate upstream request. Narrow the range and query again."
        )
    windows: list[tuple[datetime, datetime]] = []
    cursor = start
    step = timedelta(days=limit_days)
    while cursor < end:
        window_end = min(cursor + step, end)
        windows.append((cursor, window_end))
        cursor = window_end
    return windows


def _date_argument_error(dates: dict[str, Any], *, required: bool) -> str | None:
    """Message naming the date arguments that cannot be used, else ``None``.

    Upstream is not a dependable backstop for these. ``from=not-a-date`` comes
    back 200 with an unfiltered page, and an empty bound is ignored the same
    way, so a nonsense range is answered as though it were the one asked for --
    only values like ``2026-13-45`` earn a 400. Rejecting them here keeps a
    malformed request an error instead of a plausible-looking answer.

    ``required`` also rejects a missing or empty bound, for callers whose whole
    question is the range; tools where the bounds are optional filters pass
    ``False`` so omitting them still means "no filter".
    """
    unusable: list[str] = []
    for name, value in dates.items():
        if value is None or (isinstance(value, str) and not value.strip()):
            if required:
                unusable.append(f"{name} is empty")
            continue
        if _parse_iso_datetime(value) is None:
            unusable.append(f"{name}={value!r} is not an ISO 8601 date or datetime")
    if not unusable:
        return None
    return (
        "Cannot run this query: "
        + "; ".join(unusable)
        + ". Upstream ignores an unusable bound rather than rejecting it, so "
        "continuing would return shifts for a different period than the one "
        "asked for. Use a date like '2026-08-12' or '2026-08-12T00:00:00Z'."
    )


def list_shifts_impl(params: dict[str, Any], user_ids: list[str], include_user_details: bool, page_size: int,
                     page_number: int, windows: list[tuple[datetime, datetime]]) -> dict[str, Any]:
    """The implementation layer (ours): where the package fetches the lookup maps and the shifts
    (window by window when `windows` is not empty), filters them by user, enriches and pages them."""
    return {"params": params, "user_ids": user_ids, "include_user_details": include_user_details,
            "page_size": page_size, "page_number": page_number, "windows": windows}


@validate_call
def list_shifts(
    from_date: Annotated[
        str,
        Field(
            description="Start date/time for shift query (ISO 8601 format, e.g., '2026-02-09T00:00:00Z')",
            # Most on-call tools name this start_date/end_date. Accepting
            # both means a caller that reaches for the other convention --
            # having just called one of those tools -- is not turned away
            # over the spelling.
            validation_alias=AliasChoices("from_date", "start_date"),
        ),
    ],
    to_date: Annotated[
        str,
        Field(
            description="End date/time for shift query (ISO 8601 format, e.g., '2026-02-15T23:59:59Z')",
            validation_alias=AliasChoices("to_date", "end_date"),
        ),
    ],
    user_ids: Annotated[
        str,
        Field(
            description="Comma-separated list of user IDs to filter by (e.g., '2381,94178'). Only returns shifts for these users."
        ),
    ] = "",
    schedule_ids: Annotated[
        str,
        Field(description="Comma-separated list of schedule IDs to filter by (optional)"),
    ] = "",
    include_user_details: Annotated[
        bool,
        Field(description="Include user name and email in response (default: True)"),
    ] = True,
    page_size: Annotated[
        int,
        Field(
            description="Number of enriched shifts to return per page (max: 100). This paginates the MCP response even when the upstream shifts API does not."
        ),
    ] = 25,
    page_number: Annotated[
        int,
        Field(
            description="Page number of enriched shifts to return (1-indexed). Use this instead of relying on the generated listShifts pagination."
        ),
    ] = 1,
) -> dict:
    """The interface layer: the package's checks in `list_shifts`, then the implementation."""
    page_size, page_number = validate_page_params(page_size, page_number)
    if page_number == 0:
        raise ToolError("page_number must be >= 1 for list_shifts")
    date_error = _date_argument_error(
        {"from_date": from_date, "to_date": to_date}, required=True
    )
    if date_error:
        raise ToolError(f"Failed to list shifts: {date_error}")
    # Build query parameters (page[size] / page[number] handled by helper)
    params: dict[str, Any] = {
        "from": from_date,
        "to": to_date,
        "include": "user,on_call_role,schedule_rotation",
    }

    if schedule_ids:
        schedule_id_list = [sid.strip() for sid in schedule_ids.split(",") if sid.strip()]
        params["schedule_ids[]"] = schedule_id_list

    # Parse user_ids for filtering
    user_id_filter = set()
    if user_ids:
        user_id_filter = {uid.strip() for uid in user_ids.split(",") if uid.strip()}

    # What `_fetch_all_pages("/v1/shifts", ..., extra_params=params)` does first:
    windows = _split_date_windows(params.get("from"), params.get("to"), LIST_SHIFTS_LIMIT_DAYS)

    return list_shifts_impl(params=params, user_ids=sorted(user_id_filter),
                            include_user_details=include_user_details, page_size=page_size,
                            page_number=page_number, windows=windows)
