"""Model-style renderings of dates, date-times and times.

Numeric day/month dates carry `ambiguous=True` unless the order can be told (a part above
12, equal parts) or the schema's `x-aacl-date-order` fixes it; with a declared order only
that order is rendered, because the other one would mean a different date.
"""

from __future__ import annotations

import datetime as dt
import re

from ._scalars import Rendering
from .families import Family as F

__all__ = ["dates", "datetimes", "times"]

_MONTHS = ("January February March April May June July August September October November "
           "December").split()
_WEEKDAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()
_ISO_DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
_CLOCK = re.compile(r"([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9])([+-][0-9]{2}:[0-9]{2})?")


def _ordinal(day: int) -> str:
    suffix = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return f"{day}{suffix}"


def _parse_date(value: str) -> dt.date | None:
    match = _ISO_DATE.fullmatch(value)
    if not match:
        return None
    try:
        day = dt.date(int(match[1]), int(match[2]), int(match[3]))
    except ValueError:
        return None
    return day if day.year >= 1000 else None


def dates(value: str, order: str | None) -> list[Rendering]:
    day = _parse_date(value)
    if day is None:
        return []
    y, m, d = day.year, day.month, day.day
    name = _MONTHS[m - 1]
    abbr = name[:3]
    out: list[Rendering] = []
    iso = [f"{y}-{m}-{d}", f"{y}/{m:02d}/{d:02d}", f"{y}{m:02d}{d:02d}"]
    out += [(F.DATE_ISO_VARIANT, text, False) for text in dict.fromkeys(iso) if text != value]
    text_forms = [f"{name} {d}, {y}", f"{d} {name} {y}", f"{abbr} {d} {y}", f"{abbr} {d}, {y}",
                  f"{_ordinal(d)} {name} {y}", f"{name} {_ordinal(d)}, {y}", f"{name} {_ordinal(d)} {y}",
                  f"{_WEEKDAYS[day.weekday()]}, {name} {d}, {y}",
                  f"{abbr}. {d}, {y}", f"{abbr}.{d},{y}"]
    out += [(F.DATE_TEXT, text, False) for text in text_forms]
    out += _numeric(y, m, d, order)
    return out


def _numeric(y: int, m: int, d: int, order: str | None) -> list[Rendering]:
    if order == "YMD":
        return []
    readable = d > 12 or d == m
    orders = {"DMY": ("DMY",), "MDY": ("MDY",)}.get(order or "", ("DMY", "MDY"))
    family = F.DATE_NUMERIC if readable or order in ("DMY", "MDY") else F.DATE_AMBIGUOUS_NUMERIC
    ambiguous = family == F.DATE_AMBIGUOUS_NUMERIC
    out: list[Rendering] = []
    for which in orders:
        first, second = (d, m) if which == "DMY" else (m, d)
        for sep in ("/", ".", "-"):
            out.append((family, f"{first:02d}{sep}{second:02d}{sep}{y}", ambiguous))
        out.append((family, f"{first}/{second}/{y}", ambiguous))
    return list(dict.fromkeys(out))


def aware(value: str) -> tuple[dt.datetime, int] | None:
    """An RFC 3339 date-time with its offset in minutes; None for anything else."""
    try:
        moment = dt.datetime.fromisoformat(value.replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        return None
    offset = moment.utcoffset()
    if offset is None or moment.year < 1000 or "T" not in value:
        return None
    return moment, int(offset.total_seconds()) // 60


def datetimes(value: str, naive: str | None) -> list[Rendering]:
    parsed = aware(value)
    if parsed is None:
        return []
    moment, minutes = parsed
    date_part = moment.date().isoformat()
    clock = moment.time().isoformat()
    sign = "+" if minutes >= 0 else "-"
    colon = f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"
    compact = colon.replace(":", "")
    out: list[Rendering] = [(F.DATETIME_OFFSET, f"{date_part} {clock}{colon}", False),
                            (F.DATETIME_OFFSET, f"{date_part}T{clock}{compact}", False)]
    if not moment.second and not moment.microsecond:
        out.append((F.DATETIME_OFFSET, f"{date_part}T{moment:%H:%M}{colon}", False))
        out.append((F.DATETIME_OFFSET, f"{date_part} {moment:%H:%M}{compact}", False))
    if naive == "utc" and minutes == 0:
        out += [(F.DATETIME_NAIVE_UTC, f"{date_part}T{clock}", False),
                (F.DATETIME_NAIVE_UTC, f"{date_part} {clock}", False)]
    return [r for r in out if r[1] != value]


def times(value: str) -> list[Rendering]:
    match = _CLOCK.fullmatch(value)
    if not match:
        return []
    hour, minute, second = int(match[1]), int(match[2]), int(match[3])
    zone = match[4] or ""  # an RFC 3339 offset is kept, so the reading is the same instant
    twelve = hour % 12 or 12
    half = "AM" if hour < 12 else "PM"
    if second:
        return [(F.TIME_FORMATS, f"{twelve}:{minute:02d}:{second:02d} {half}{' ' + zone if zone else ''}", False),
                (F.TIME_FORMATS, f"{twelve}:{minute:02d}:{second:02d}{half.lower()}{zone}", False)]
    out = [f"{hour:02d}:{minute:02d}", f"{twelve}:{minute:02d} {half}", f"{twelve}:{minute:02d}{half.lower()}",
           f"{hour}h{minute:02d}"]
    if not minute:
        out += [f"{twelve}{half.lower()}", f"{twelve} {half}"]
    return [(F.TIME_FORMATS, text + zone, False) for text in out]
