# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from grafana-loki-mcp 0.1.4 (PyPI), file grafana_loki_mcp/server.py: the
`query_loki` tool, `parse_grafana_time`, and the argument handling of
`GrafanaClient.query_loki` up to its request to Grafana.  The tool takes a LogQL query and two
optional time bounds, each a Grafana relative time (`now`, `now-15m`, `now-2d`: a count and one
of the units s m h d w M y), an ISO 8601 / RFC 3339 date-time (a naive one taken as UTC), or a
Unix timestamp given as a string of digits (seconds up to 10 digits, nanoseconds above);
every form becomes a string of Unix nanoseconds, an unreadable one silently "now".  Without
bounds the range is the last hour; with only `start`, it ends now.  MIT License, Copyright (c)
2024 tumf (tumf/grafana-loki-mcp); see https://opensource.org/licenses/MIT.  The tool and
`parse_grafana_time` are verbatim, and so are the statements of `GrafanaClient.query_loki` kept
here (checked by comparing ASTs with the wheel's source).

Changes: the tool, registered with `@mcp.tool(description=...)` on FastMCP, is validated by
pydantic against its signature (kept as published: `Annotated` types carrying their
descriptions as strings), as FastMCP does (not reproduced: FastMCP's parsing of JSON text given
for a non-string argument, and its ignoring of unknown arguments).  The clock is fixed: the
module's `datetime` is a stand-in subclass of `datetime.datetime` whose `now()` is
2026-02-09 12:00:00 UTC (the package reads the real clock for `now`, for relative times and as
its fallback; no layer of this benchmark depends on the clock), so `parse_grafana_time` keeps
its text.  `get_grafana_client` (it parses the command line and reads GRAFANA_URL and
GRAFANA_API_KEY) is a stand-in returning a `GrafanaClient`, which keeps only `query_loki`; in
it, the Loki datasource lookup and the URL built from it are left out (they ask Grafana), and
everything from the request on (the request itself, the cutting of each log line to
`max_per_line` characters, the error messages) is replaced by the implementation layer, which
receives the query parameters and `max_per_line`.

The implementation layer is ours.  SCHEMA is what the package's FastMCP derives from the
signature: `Tool.parameters` of the registered tool under fastmcp 2.14.7 (the package asks for
fastmcp >= 0.1.0 and was published while 2.x was current).  The schema states types only:
none of the time formats, and no bound on `limit` or `max_per_line`, no values for `direction`.
"""

from __future__ import annotations

import re
from datetime import datetime as _datetime, timedelta, timezone
from typing import Annotated, Any, Dict, Optional

from pydantic import validate_call

SCHEMA: dict[str, Any] = {
    "properties": {
        "query": {"description": "Loki query string (LogQL) to execute", "type": "string"},
        "start": {
            "anyOf": [{"type": "string"}, {"type": "null"}],
            "default": None,
            "description": "Start time (Grafana format like 'now-1h', ISO format, Unix timestamp, or RFC3339)",
        },
        "end": {
            "anyOf": [{"type": "string"}, {"type": "null"}],
            "default": None,
            "description": "End time (Grafana format like 'now', ISO format, Unix timestamp, or RFC3339)",
        },
        "limit": {"default": 100, "description": "Maximum number of log lines to return", "type": "integer"},
        "direction": {"default": "backward", "description": "Query direction ('forward' or 'backward')",
                      "type": "string"},
        "max_per_line": {"default": 100, "description": "Maximum characters per log line (0 for unlimited)",
                         "type": "integer"},
    },
    "required": ["query"],
    "type": "object",
}
EXAMPLE: dict[str, Any] = {"query": '{app="checkout", env="prod"} |= "timeout"', "start": "now-6h",
                           "end": "2026-02-09T11:30:00Z", "limit": 250, "direction": "forward", "max_per_line": 0}


class datetime(_datetime):
    """Stands in for `datetime.datetime` with a fixed clock: `now()` is 2026-02-09 12:00:00 UTC."""

    @classmethod
    def now(cls, tz: Any = None) -> Any:
        instant = cls(2026, 2, 9, 12, 0, 0, tzinfo=timezone.utc)
        return instant.astimezone(tz) if tz is not None else instant.replace(tzinfo=None)


def query_loki_impl(params: dict[str, Any], max_per_line: int) -> Any:
    """The implementation layer (ours): where the package asks Grafana's Loki datasource proxy
    for `query_range` with `params`, then cuts each returned log line to `max_per_line`."""
    return {"params": params, "max_per_line": max_per_line}


class GrafanaClient:
    """Client for interacting with Grafana API."""

    def query_loki(
        self,
        query: str,
        start: Optional[str] = None,
        end: Optional[str] = None,
        limit: int = 100,
        direction: str = "backward",
        max_per_line: int = 100,
    ) -> Dict[str, Any]:
        """Query Loki logs through Grafana.

        Args:
            query: Loki query string
            start: Start time (ISO format or UNIX ns, default: 1 hour ago)
            end: End time (ISO format or UNIX ns, default: now)
            limit: Maximum number of log lines to return
            direction: Query direction ('forward' or 'backward')
            max_per_line: Maximum characters per log line (0 for unlimited, default: 100)

        Returns:
            Dict containing query results
        """
        # Ensure we have valid time range
        if start is not None and end is None:
            # If start is provided but end is not, default end to current time
            end = "now"
        elif start is None and end is None:
            # If neither start nor end is provided, use default range
            start = "now-1h"
            end = "now"

        params = {
            "query": query,
            "limit": limit,
            "direction": direction,
        }
        if start is not None:
            # Use parse_grafana_time to convert all time formats to Unix nanoseconds
            params["start"] = parse_grafana_time(start)
        if end is not None:
            # Use parse_grafana_time to convert all time formats to Unix nanoseconds
            params["end"] = parse_grafana_time(end)

        return query_loki_impl(params=params, max_per_line=max_per_line)


def get_grafana_client() -> GrafanaClient:
    """Stands in for the package's configured client (command line, GRAFANA_URL, GRAFANA_API_KEY)."""
    return GrafanaClient()


def parse_grafana_time(time_str: str) -> str:
    """Parse time string in various formats.

    Args:
        time_str: Time string in various formats:
            - Grafana relative time (e.g., 'now-1h', 'now')
            - ISO format (e.g., '2024-03-01T00:00:00')
            - Unix timestamp (e.g., '1709251200')
            - RFC3339 format

    Returns:
        Unix nanosecond timestamp string for all formats
    """
    if not time_str:
        return str(int(datetime.now(timezone.utc).timestamp() * 1_000_000_000))

    # Handle 'now'
    if time_str == "now":
        return str(int(datetime.now(timezone.utc).timestamp() * 1_000_000_000))

    # Handle Grafana relative time format (now-1h, now-5m, etc.)
    if time_str.startswith("now-"):
        match = re.match(r"^now-(\d+)([smhdwMy])$", time_str)
        if match:
            amount = int(match.group(1))
            unit = match.group(2)

            # Convert to timedelta
            if unit == "s":
                delta = timedelta(seconds=amount)
            elif unit == "m":
                delta = timedelta(minutes=amount)
            elif unit == "h":
                delta = timedelta(hours=amount)
            elif unit == "d":
                delta = timedelta(days=amount)
            elif unit == "w":
                delta = timedelta(weeks=amount)
            elif unit == "M":
                delta = timedelta(days=amount * 30)  # Approximate month
            elif unit == "y":
                delta = timedelta(days=amount * 365)  # Approximate year
            else:
                # Invalid unit, return current time
                return str(int(datetime.now(timezone.utc).timestamp() * 1_000_000_000))

            # Calculate the time
            target_time = datetime.now(timezone.utc) - delta
            return str(int(target_time.timestamp() * 1_000_000_000))

    # Unix timestamp (numeric string) - convert to nanoseconds if needed
    if time_str.isdigit():
        # Assume it's in seconds if less than 13 digits, otherwise nanoseconds
        if len(time_str) <= 10:
            return str(int(time_str) * 1_000_000_000)
        else:
            return time_str

    # Try to parse as ISO format
    try:
        dt = datetime.fromisoformat(time_str)
        if dt.tzinfo is None:
            dt = dt.replace(tzinfo=timezone.utc)
        return str(int(dt.timestamp() * 1_000_000_000))
    except ValueError:
        pass

    # Try to parse RFC3339 format
    if re.match(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}", time_str):
        try:
            iso_str = (
                time_str.replace("Z", "+00:00") if time_str.endswith("Z") else time_str
            )
            dt = datetime.fromisoformat(iso_str)
            return str(int(dt.timestamp() * 1_000_000_000))
        except ValueError:
            pass

    # If all parsing fails, return current time
    return str(int(datetime.now(timezone.utc).timestamp() * 1_000_000_000))


@validate_call
def query_loki(
    query: Annotated[str, "Loki query string (LogQL) to execute"],
    start: Annotated[
        Optional[str],
        "Start time (Grafana format like 'now-1h', ISO format, Unix timestamp, or RFC3339)",
    ] = None,
    end: Annotated[
        Optional[str],
        "End time (Grafana format like 'now', ISO format, Unix timestamp, or RFC3339)",
    ] = None,
    limit: Annotated[int, "Maximum number of log lines to return"] = 100,
    direction: Annotated[str, "Query direction ('forward' or 'backward')"] = "backward",
    max_per_line: Annotated[
        int, "Maximum characters per log line (0 for unlimited)"
    ] = 100,
) -> Dict[str, Any]:
    # Parse start and end times
    # Ensure end is set to current time if start is provided but end is not
    if start is not None and end is None:
        end = "now"  # Default end to current time when start is specified

    # Parse start time - parse_grafana_time now always returns string
    if start:
        start = parse_grafana_time(start)

    # Parse end time - parse_grafana_time now always returns string
    if end:
        end = parse_grafana_time(end)

    client = get_grafana_client()
    return client.query_loki(query, start, end, limit, direction, max_per_line)
