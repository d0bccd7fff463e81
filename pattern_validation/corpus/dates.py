"""Shape `dates`: a calendar tool taking a date, a time of day and an RFC 3339 deadline.

The defects are the classic hand-written date bugs: one fixed numeric day/month order for an
ambiguous date, a dropped or assumed UTC offset, 12-hour clock arithmetic, seconds lost in
formatting, impossible dates clamped, `.strip()` on whatever arrived.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from typing import Any

from . import _kit as k
from ._manifest import Shape

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "title": {"type": "string", "minLength": 1, "maxLength": 120, "description": "What the meeting is about."},
        "day": {"type": "string", "format": "date", "description": "The day, YYYY-MM-DD."},
        "start": {"type": "string", "format": "time", "description": "Start time, HH:MM:SS with UTC offset."},
        "deadline": {"type": "string", "format": "date-time", "description": "RSVP deadline (RFC 3339)."},
    },
    "required": ["title", "day", "start"],
    "additionalProperties": False,
}

SHAPE = Shape(
    __name__, "book_meeting", SCHEMA,
    readers={"title": k.text(1, 120), "day": k.date(), "start": k.time(), "deadline": k.datetime()},
    required=("title", "day", "start"), backend="schedule", doc="Book a meeting; returns the event created.",
)
ENTRIES = SHAPE.entries
_MEETING = {"title": "Review", "day": "2025-04-03", "start": "10:00:00"}

SHAPE.controls("correct hand-written readers (canonical forms only)")  # module attributes book_meeting and book_meeting_boundary

_NUMERIC = re.compile(r"([0-9]{1,2})[/.-]([0-9]{1,2})[/.-]([0-9]{4})")


def _numeric_date(value: Any, day_first: bool) -> str | None:
    match = _NUMERIC.fullmatch(value) if isinstance(value, str) else None
    if not match:
        return None
    a, b, year = int(match[1]), int(match[2]), int(match[3])
    day, month = (a, b) if day_first else (b, a)
    return dt.date(year, month, day).isoformat()


def _day_month_first(field: str, value: Any) -> Any:
    try:
        return _numeric_date(value, day_first=False) or k.date()(field, value)  # US order, always
    except ValueError:
        raise k.refuse("INVALID_DATE", field, "a date as YYYY-MM-DD", value) from None


def _day_day_first(field: str, value: Any) -> Any:
    try:
        return _numeric_date(value, day_first=True) or k.date()(field, value)  # European order, always
    except ValueError:
        raise k.refuse("INVALID_DATE", field, "a date as YYYY-MM-DD", value) from None


def _day_clamped(field: str, value: Any) -> Any:
    match = re.fullmatch(r"([0-9]{4})-([0-9]{2})-([0-9]{2})", value) if isinstance(value, str) else None
    if not match or not 1 <= int(match[2]) <= 12:
        raise k.refuse("INVALID_DATE", field, "a date as YYYY-MM-DD", value)
    year, month = int(match[1]), int(match[2])
    day = min(max(int(match[3]), 1), calendar.monthrange(year, month)[1])  # Feb 30 -> Feb 28
    return dt.date(year, month, day).isoformat()


def _day_stripped(field: str, value: Any) -> Any:
    return k.date()(field, value.strip())  # a JSON number or boolean has no .strip()


def _deadline_naive(field: str, value: Any) -> Any:
    try:
        moment = dt.datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise k.refuse("INVALID_DATETIME", field, "an RFC 3339 date-time", value) from None
    return moment.replace(tzinfo=None).isoformat()  # the offset is dropped


def _deadline_assume_utc(field: str, value: Any) -> Any:
    try:
        moment = dt.datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise k.refuse("INVALID_DATETIME", field, "an RFC 3339 date-time", value) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.timezone.utc)  # "naive means UTC", without being told
    return moment.isoformat()


# a 12-hour reader that keeps a trailing UTC offset (the schema asks times with one)
_TWELVE = re.compile(r"\s*([0-9]{1,2})(?::([0-9]{2}))?(?::([0-9]{2}))?\s*([AaPp][Mm])\s*([+-][0-9]{2}:[0-9]{2}|Z)?\s*")


def _start_twelve_hour(field: str, value: Any) -> Any:
    match = _TWELVE.fullmatch(value) if isinstance(value, str) else None
    if not match:
        return k.time()(field, value)
    hour = int(match[1]) + (12 if match[4].lower() == "pm" else 0)  # 12 PM -> 24 -> 00; 12 AM stays 12
    return f"{hour % 24:02d}:{int(match[2] or 0):02d}:{int(match[3] or 0):02d}{match[5] or ''}"


def _start_minutes(field: str, value: Any) -> Any:
    clock = k.time()(field, value)
    return dt.time.fromisoformat(clock).strftime("%H:%M")  # seconds and offset lost


SHAPE.planted("day_month_first", "day", _day_month_first,
              trigger={**_MEETING, "day": "03/04/2025"},
              intended=_MEETING,
              checks=("no_silent_corruption",), why="an ambiguous 03/04/2025 is always read month first")
SHAPE.planted("day_day_first", "day", _day_day_first,
              trigger={**_MEETING, "day": "04/03/2025"},
              intended=_MEETING,
              checks=("no_silent_corruption",), why="an ambiguous 04/03/2025 is always read day first")
SHAPE.planted("day_clamped", "day", _day_clamped,
              trigger={**_MEETING, "day": "2025-02-30"}, intended=None,
              checks=("rejects_invalid",), why="an impossible date is clamped to the month's last day")
SHAPE.planted("day_strip_crash", "day", _day_stripped,
              trigger={**_MEETING, "day": True}, intended=None,
              checks=("total", "rejects_invalid"), why="value.strip() crashes on a JSON boolean or number")
SHAPE.planted("deadline_offset_dropped", "deadline", _deadline_naive,
              trigger={**_MEETING, "deadline": "2025-04-01T17:00:00+02:00"},
              intended={**_MEETING, "deadline": "2025-04-01T17:00:00+02:00"},
              checks=("identity_on_canonical", "typed_implementation", "no_silent_corruption"),
              why="the UTC offset is dropped from the deadline",
              blackbox=False)
SHAPE.planted("deadline_naive_utc", "deadline", _deadline_assume_utc,
              trigger={**_MEETING, "deadline": "2025-04-01 17:00"},
              intended=None, checks=("rejects_invalid",),
              why="a deadline without an offset is silently taken as UTC (the schema does not say so)")
SHAPE.planted("start_twelve_hour", "start", _start_twelve_hour,
              trigger={**_MEETING, "start": "12:30 PM+00:00"},
              intended={**_MEETING, "start": "12:30:00+00:00"},
              checks=("no_silent_corruption",), why="12 PM becomes 00:xx and 12 AM stays 12:xx")
SHAPE.planted("start_seconds_lost", "start", _start_minutes,
              trigger={**_MEETING, "start": "10:30:15"},
              intended={**_MEETING, "start": "10:30:15"},
              checks=("identity_on_canonical", "typed_implementation", "no_silent_corruption", "idempotent"),
              why='strftime("%H:%M") drops the seconds (and any offset)',
              blackbox=False)
