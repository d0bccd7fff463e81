"""`format: date`, `date-time` and `time` nodes.

A numeric date whose day/month order cannot be told (`03/04/2025`) is never guessed:
it is `AMBIGUOUS_DATE` unless `x-aacl-date-order` says how to read it.  Offsets are kept
exactly as given, never converted or dropped; naive date-times follow
`x-aacl-naive-datetime`.  Every text is bounded to 100 characters before any pattern runs.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from .._errors import Correction
from ._base import ABSENT, BAD, Node, clean_text, fail, is_null_word, plain_str

__all__ = ["date_node", "datetime_node", "time_node"]

_MAX = 100
_MONTHS = {name: i for i, names in enumerate(
    [("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"), ("may",), ("june", "jun"),
     ("july", "jul"), ("august", "aug"), ("september", "sep", "sept"), ("october", "oct"), ("november", "nov"),
     ("december", "dec")], start=1) for name in names}
_WEEKDAYS = {name: i for i, names in enumerate(
    [("monday", "mon"), ("tuesday", "tue", "tues"), ("wednesday", "wed"), ("thursday", "thu", "thur", "thurs"),
     ("friday", "fri"), ("saturday", "sat"), ("sunday", "sun")]) for name in names}
_RELATIVE = ("today", "tomorrow", "yesterday", "now", "next", "last", "ago", "this", "tonight")

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}", re.ASCII)
_YMD = re.compile(r"(\d{4})([-/.])(\d{1,2})\2(\d{1,2})", re.ASCII)
_COMPACT = re.compile(r"(\d{4})(\d{2})(\d{2})", re.ASCII)
_NUMERIC = re.compile(r"(\d{1,2})([-/.])(\d{1,2})\2(\d{2}|\d{4})", re.ASCII)
_TOKEN = re.compile(r"[a-z]+|\d+(?:st|nd|rd|th)?", re.ASCII)
_ORDINAL = re.compile(r"(\d+)(st|nd|rd|th)?", re.ASCII)

_RFC3339 = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:Z|[+-](\d{2}):(\d{2}))", re.ASCII
)
_SPLIT = re.compile(
    r"(?P<date>.+?)(?:[Tt]|\s+at\s+|,?\s+)(?P<time>\d{1,2}(?::\d{2}){1,2}(?:\.\d{1,9})?(?:\s*[ap]\.?m\.?)?)"
    r"\s*(?P<tz>[Zz]|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?",
    re.ASCII | re.IGNORECASE,
)
_TIME = re.compile(
    r"(?P<h>\d{1,2})(?:(?::|h)(?P<m>\d{2})(?::(?P<s>\d{2})(?:\.(?P<f>\d{1,9}))?)?)?"
    r"\s*(?P<ampm>[ap]\.?m\.?)?\s*(?P<tz>[Zz]|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?",
    re.ASCII | re.IGNORECASE,
)
_CANONICAL_TIME = re.compile(r"(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:Z|[+-](\d{2}):(\d{2}))?", re.ASCII)

_DATE_EXPECTED = "a date YYYY-MM-DD"
_DT_EXPECTED = "a date-time YYYY-MM-DDTHH:MM:SS with a UTC offset (Z or +HH:MM)"
_TIME_EXPECTED = "a time HH:MM:SS"


def _clock_ok(hour: str, minute: str, second: str, off_h: str | None, off_m: str | None) -> bool:
    """Range checks of an already-matched clock (no leap seconds: Python cannot hold them)."""
    return int(hour) < 24 and int(minute) < 60 and int(second) < 60 and (off_h is None or (int(off_h) < 24 and int(off_m or 0) < 60))


def _canonical_datetime(v: str) -> bool:
    m = _RFC3339.fullmatch(v)
    if m is None or not _clock_ok(*m.group(4, 5, 6, 7, 8)):
        return False
    try:
        dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError:
        return False
    return True


def _canonical_time(v: str) -> bool:
    m = _CANONICAL_TIME.fullmatch(v)
    return m is not None and _clock_ok(*m.group(1, 2, 3, 4, 5))


class _DateProblem(Exception):
    """Internal: why a text is not a date (code, hint); never leaves this module."""

    def __init__(self, code: str, hint: str) -> None:
        self.code, self.hint = code, hint


def _make(year: int, month: int, day: int) -> dt.date:
    try:
        return dt.date(year, month, day)
    except ValueError:
        raise _DateProblem("INVALID_DATE", "That date does not exist; check the day and month.") from None


def _numeric(a: int, b: int, year_text: str, order: str | None) -> dt.date:
    if len(year_text) == 2:
        raise _DateProblem("AMBIGUOUS_DATE", "Write the year with four digits, as YYYY-MM-DD.")
    year = int(year_text)
    if a > 12 and b > 12:
        raise _DateProblem("INVALID_DATE", "Neither part can be a month; send YYYY-MM-DD.")
    if a > 12 or (a == b) or (order == "DMY" and b <= 12):
        return _make(year, b, a)
    if b > 12 or order == "MDY":
        return _make(year, a, b)
    raise _DateProblem("AMBIGUOUS_DATE", "Day and month could be swapped; send YYYY-MM-DD.")


def _textual(text: str) -> dt.date:
    tokens = _TOKEN.findall(text.lower())
    if any(t in _RELATIVE for t in tokens):
        raise _DateProblem("INVALID_DATE", "Relative dates are not read; send an absolute date YYYY-MM-DD.")
    weekday = None
    month = year = day = None
    order: list[str] = []
    for token in tokens:
        if token in _WEEKDAYS and weekday is None:
            weekday = _WEEKDAYS[token]
        elif token in _MONTHS and month is None:
            month, _ = _MONTHS[token], order.append("m")
        elif token == "of":
            continue
        elif (m := _ORDINAL.fullmatch(token)) is not None:
            digits = m.group(1)
            if len(digits) == 4 and m.group(2) is None and year is None:
                year, _ = int(digits), order.append("y")
            elif len(digits) <= 2 and day is None:
                day, _ = int(digits), order.append("d")
            else:
                raise _DateProblem("INVALID_DATE", "Send the date as YYYY-MM-DD.")
        else:
            raise _DateProblem("INVALID_DATE", "Send the date as YYYY-MM-DD.")
    if month is None or day is None or year is None or "".join(order) not in ("mdy", "dmy", "ymd"):
        raise _DateProblem("INVALID_DATE", "Send the date as YYYY-MM-DD.")
    value = _make(year, month, day)
    if weekday is not None and value.weekday() != weekday:
        raise _DateProblem("INVALID_DATE", "The weekday does not match the date; send YYYY-MM-DD.")
    return value


def parse_date(text: str, order: str | None) -> dt.date:
    """Read a date from model text or raise `_DateProblem`; `text` is already bounded."""
    text = clean_text(text).rstrip(".")
    if (m := _YMD.fullmatch(text)) is not None:
        return _make(int(m.group(1)), int(m.group(3)), int(m.group(4)))
    if (m := _COMPACT.fullmatch(text)) is not None:
        return _make(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    if (m := _NUMERIC.fullmatch(text)) is not None:
        return _numeric(int(m.group(1)), int(m.group(3)), m.group(4), order)
    if not text.isascii():
        raise _DateProblem("INVALID_DATE", "Send the date as YYYY-MM-DD with ASCII digits.")
    return _textual(text)


def _offset(text: str | None) -> dt.tzinfo | None:
    if text is None:
        return None
    if text.upper() in ("Z", "UTC", "GMT"):
        return dt.timezone.utc
    digits = text[1:].replace(":", "")
    hours, minutes = int(digits[:2]), int(digits[2:] or 0)
    if hours > 23 or minutes > 59:
        raise _DateProblem("INVALID_FORMAT", "A UTC offset is +HH:MM with HH <= 23.")
    delta = dt.timedelta(hours=hours, minutes=minutes)
    return dt.timezone(-delta if text[0] == "-" else delta)


def parse_time(text: str) -> dt.time:
    """Read `15:30`, `3pm`, `3:30 PM`, `15h30`, with an optional offset."""
    m = _TIME.fullmatch(clean_text(text))
    if m is None:
        raise _DateProblem("INVALID_FORMAT", "Send the time as HH:MM:SS.")
    hour, minute, second = int(m.group("h")), int(m.group("m") or 0), int(m.group("s") or 0)
    micro = int((m.group("f") or "0")[:6].ljust(6, "0"))
    ampm = (m.group("ampm") or "").lower()[:1]
    if not ampm and m.group("m") is None:
        raise _DateProblem("INVALID_FORMAT", "Send the time as HH:MM:SS.")
    if ampm:
        if not 1 <= hour <= 12:
            raise _DateProblem("INVALID_FORMAT", "With am/pm the hour is 1 to 12.")
        hour = hour % 12 + (12 if ampm == "p" else 0)
    try:
        return dt.time(hour, minute, second, micro, tzinfo=_offset(m.group("tz")))
    except ValueError:
        raise _DateProblem("INVALID_FORMAT", "That time does not exist; send HH:MM:SS.") from None


def _order_of(schema: dict[str, Any], root: dict[str, Any]) -> str | None:
    return schema.get("x-aacl-date-order", root.get("x-aacl-date-order"))


def _text_or_fail(v: Any, path: str, errs: list[Correction], expected: str) -> str | None:
    text = plain_str(v)
    if text is None:
        fail(errs, "TYPE_ERROR", path, expected, v)
    elif len(text) > _MAX:
        fail(errs, "INVALID_FORMAT", path, expected, v)
        return None
    return text


def date_node(schema: dict[str, Any], root: dict[str, Any]) -> Node:
    order = _order_of(schema, root)

    def date(v: Any, path: str, errs: list[Correction]) -> Any:
        if type(v) is str and len(v) == 10 and _ISO_DATE.fullmatch(v):
            try:
                dt.date.fromisoformat(v)
                return v
            except ValueError:
                return fail(errs, "INVALID_DATE", path, _DATE_EXPECTED, v, "That date does not exist.")
        if is_null_word(v):
            return ABSENT
        text = _text_or_fail(v, path, errs, _DATE_EXPECTED)
        if text is None:
            return BAD
        try:
            return parse_date(text, order).isoformat()
        except _DateProblem as problem:
            if "T" in text or ":" in text:
                return fail(errs, "INVALID_FORMAT", path, _DATE_EXPECTED, v, "Send only the date, as YYYY-MM-DD.")
            return fail(errs, problem.code, path, _DATE_EXPECTED, v, problem.hint)

    return Node(date, _DATE_EXPECTED, spaceless=True)


def datetime_node(schema: dict[str, Any], root: dict[str, Any]) -> Node:
    order = _order_of(schema, root)
    naive = schema.get("x-aacl-naive-datetime", root.get("x-aacl-naive-datetime", "reject"))

    def datetime(v: Any, path: str, errs: list[Correction]) -> Any:
        if type(v) is str and len(v) <= 40 and _canonical_datetime(v):
            return v
        if is_null_word(v):
            return ABSENT
        text = _text_or_fail(v, path, errs, _DT_EXPECTED)
        if text is None:
            return BAD
        try:
            value = _parse_datetime(clean_text(text), order)
        except _DateProblem as problem:
            return fail(errs, problem.code, path, _DT_EXPECTED, v, problem.hint)
        if value.tzinfo is None:
            if naive == "reject":
                return fail(errs, "AMBIGUOUS_VALUE", path, _DT_EXPECTED, v, "Add a UTC offset (Z or +HH:MM); the time zone is never guessed.")
            if naive == "utc":
                value = value.replace(tzinfo=dt.timezone.utc)
        return value.isoformat()

    return Node(datetime, _DT_EXPECTED)


def _parse_datetime(text: str, order: str | None) -> dt.datetime:
    m = _SPLIT.fullmatch(text)
    if m is None:
        raise _DateProblem("INVALID_FORMAT", "Send YYYY-MM-DDTHH:MM:SS+HH:MM.")
    day = parse_date(m.group("date").rstrip(","), order)
    clock = parse_time(m.group("time"))
    tz = _offset(m.group("tz"))
    return dt.datetime.combine(day, clock.replace(tzinfo=None), tzinfo=tz)


def time_node(schema: dict[str, Any]) -> Node:
    def time(v: Any, path: str, errs: list[Correction]) -> Any:
        if type(v) is str and len(v) <= 30 and _canonical_time(v):
            return v
        if is_null_word(v):
            return ABSENT
        text = _text_or_fail(v, path, errs, _TIME_EXPECTED)
        if text is None:
            return BAD
        try:
            return parse_time(text).isoformat()
        except _DateProblem as problem:
            return fail(errs, problem.code, path, _TIME_EXPECTED, v, problem.hint)

    return Node(time, _TIME_EXPECTED, spaceless=False)
