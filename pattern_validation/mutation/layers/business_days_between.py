# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from business-day-mcp 0.1.0 (PyPI), file business_day_mcp/server.py: the
`business_days_between` tool with `_parse_date`, `_get_country_holidays`, `_is_weekend`,
`_is_business_day` and the guard `_MAX_SPAN_YEARS`.  The tool counts the business days between
two ISO 8601 dates (YYYY-MM-DD, read by `date.fromisoformat`) for a country: the start must not
be after the end, the span may not exceed 100 calendar years (counted by year numbers), the
country is an ISO 3166-1 alpha-2 code upper-cased before it is looked up and the subdivision a
case-sensitive code passed on as given; the holidays of every year in the range are asked for
(an unknown country or subdivision refused), the end date is excluded unless `inclusive`, and
weekday holidays are listed.  All of it is checked in code; the schema says "strings".  MIT
License, Copyright (c) 2026 Fabio Oliveira (business-day-mcp); see
https://opensource.org/licenses/MIT.  The functions are verbatim, but for the changes below
(copied with ast.get_source_segment from the wheel; no AST comparison was run).

Changes: the tool, registered with `mcp.tool(business_days_between)` on FastMCP, is validated
by pydantic against its signature, as FastMCP does (not reproduced: FastMCP's parsing of JSON
text given for a non-string argument; unknown arguments, which this FastMCP ignores, are refused
by pydantic).  `holidays` (the python-holidays library, whose `country_holidays(code,
subdiv=..., years=...)` raises NotImplementedError for an unknown country or subdivision) is a
stand-in that hands the call on to the implementation layer.

The implementation layer is ours: `country_holidays_impl` knows US, DE (subdivisions BY and BE)
and GB (subdivisions ENG and SCT) with a few fixed-date holidays each, refuses any other code or
subdivision with NotImplementedError as python-holidays does, and returns a dict from dates to
names.  SCHEMA is what the package's FastMCP derives: `Tool.parameters` of the registered tool
under fastmcp 2.14.7 (the package asks for fastmcp >= 2.12, < 3), in a throwaway venv with the
package's own module imported.  It states no date format, no order, no country format.
"""

from __future__ import annotations

import datetime
from typing import Any

from pydantic import validate_call

SCHEMA: dict[str, Any] = {
    "properties": {
        "start_date": {"type": "string"},
        "end_date": {"type": "string"},
        "country": {"type": "string"},
        "inclusive": {"default": False, "type": "boolean"},
        "subdiv": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
    },
    "required": ["start_date", "end_date", "country"],
    "type": "object",
}
EXAMPLE: dict[str, Any] = {"start_date": "2026-12-20", "end_date": "2027-01-08", "country": "de",
                           "inclusive": True, "subdiv": "BY"}

_FIXED = {"US": {(1, 1): "New Year's Day", (7, 4): "Independence Day", (12, 25): "Christmas Day"},
          "DE": {(1, 1): "Neujahr", (10, 3): "Tag der Deutschen Einheit", (12, 25): "Erster Weihnachtstag",
                 (12, 26): "Zweiter Weihnachtstag"},
          "GB": {(1, 1): "New Year's Day", (12, 25): "Christmas Day", (12, 26): "Boxing Day"}}
_SUBDIVS = {"US": {}, "DE": {"BY": {(1, 6): "Heilige Drei Könige"}, "BE": {(3, 8): "Frauentag"}},
            "GB": {"ENG": {}, "SCT": {(1, 2): "New Year Holiday", (11, 30): "St Andrew's Day"}}}


def country_holidays_impl(country: str, subdiv: str | None = None, years: Any = None) -> dict[datetime.date, str]:
    """The implementation layer (ours): where the package asks python-holidays for a country's
    holidays.  Refuses what python-holidays refuses (NotImplementedError), answers a dict."""
    if country not in _FIXED or (subdiv is not None and subdiv not in _SUBDIVS[country]):
        raise NotImplementedError(f"Country {country} / subdivision {subdiv} not available")
    days = dict(_FIXED[country])
    if subdiv is not None:
        days.update(_SUBDIVS[country][subdiv])
    year_list = [years] if isinstance(years, int) else list(years or [])
    return {datetime.date(y, m, d): name for y in year_list for (m, d), name in days.items()}


class holidays:
    """Stands in for the python-holidays library: hands `country_holidays` on to the
    implementation layer."""

    @staticmethod
    def country_holidays(country: str, subdiv: str | None = None, years: Any = None) -> Any:
        return country_holidays_impl(country, subdiv=subdiv, years=years)


# DoS guards for date iteration (SR-F4).
_MAX_SPAN_YEARS = 100


def _parse_date(date_str: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(date_str)
    except (ValueError, TypeError) as e:
        raise ValueError(f"Invalid date format: {date_str}. Use ISO 8601 (YYYY-MM-DD).") from e


def _get_country_holidays(country: str, years: int | list[int], subdiv: str | None = None) -> Any:
    try:
        return holidays.country_holidays(country.upper(), subdiv=subdiv, years=years)
    except NotImplementedError as e:
        suffix = f" (subdiv={subdiv!r})" if subdiv is not None else ""
        raise ValueError(
            f"Unknown country code: {country!r}{suffix}. "
            "Use get_supported_countries to see available codes and subdivisions."
        ) from e


def _is_weekend(d: datetime.date) -> bool:
    return d.weekday() >= 5


def _is_business_day(d: datetime.date, country_holidays: Any) -> bool:
    return not _is_weekend(d) and d not in country_holidays


@validate_call
def business_days_between(
    start_date: str,
    end_date: str,
    country: str,
    inclusive: bool = False,
    subdiv: str | None = None,
) -> dict[str, Any]:
    """Count business days and list weekday holidays between two dates.

    Use this to measure working-day spans for SLAs, delivery windows, or payroll
    periods. Weekend holidays are NOT listed in `holidays_in_range` (they do not
    reduce the business-day count); weekday holidays are.

    Args:
        start_date: ISO 8601 date string (YYYY-MM-DD). Must be <= end_date.
        end_date: ISO 8601 date string (YYYY-MM-DD).
        country: ISO 3166-1 alpha-2 code (case-insensitive, normalized to upper).
        inclusive: When True, both endpoints count toward the range. When False
            (default), end_date is excluded (half-open interval).
        subdiv: Optional country-specific subdivision code (case-sensitive; see
            get_supported_countries). When omitted, only nation-wide holidays are
            considered.

    Returns:
        dict with keys: start_date, end_date, country, subdiv (only if provided),
        inclusive, business_days (int), calendar_days (int), holidays_in_range
        (list of {date, name} for weekday holidays only).

    Raises:
        ValueError: if `start_date > end_date`, the span exceeds 100 years,
            dates are malformed, or country/subdiv is unknown.
    """
    start = _parse_date(start_date)
    end = _parse_date(end_date)
    if start > end:
        raise ValueError("start_date must be on or before end_date")
    span_years = end.year - start.year
    if span_years > _MAX_SPAN_YEARS:
        raise ValueError(
            f"Date range too large: {span_years} years exceeds max {_MAX_SPAN_YEARS} years."
        )
    hols = _get_country_holidays(
        country, years=list(range(start.year, end.year + 1)), subdiv=subdiv
    )
    last = end if inclusive else end - datetime.timedelta(days=1)
    business_days = 0
    holidays_in_range: list[dict[str, str]] = []
    d = start
    while d <= last:
        if _is_business_day(d, hols):
            business_days += 1
        if d in hols and not _is_weekend(d):
            holidays_in_range.append({"date": d.isoformat(), "name": hols[d]})
        d += datetime.timedelta(days=1)
    result: dict[str, Any] = {
        "start_date": start_date,
        "end_date": end_date,
        "country": country.upper(),
        "inclusive": inclusive,
        "business_days": business_days,
        "calendar_days": (end - start).days + (1 if inclusive else 0),
        "holidays_in_range": holidays_in_range,
    }
    if subdiv is not None:
        result["subdiv"] = subdiv
    return result


