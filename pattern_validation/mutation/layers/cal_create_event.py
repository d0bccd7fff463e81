# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from cal-scheduler-mcp 1.1.3 (PyPI), file cal_scheduler/server.py: the `create_event`
tool, `_zone`, `_require_known_calendar`, `_resolve_dt`, `_nonpositive_interval`,
`_humanize_timedelta` and the parameter descriptions with the constants they are built from;
file cal_scheduler/timezones.py: `resolve`, `get_zone`, `Resolved`, `TimeError` and `_DATE_ONLY`;
file cal_scheduler/ical.py: `parse_rrule`, `validate_and_normalize_rrule`, `build_event`,
`default_dtend`, `default_durations`, `ValidationError` and their constants.  The tool creates a
calendar event on a CalDAV server.  `start` and `end` are ISO 8601 strings read in the calendar's
zone (Pacific/Auckland, whose DST starts in September and ends in April): `YYYY-MM-DD` alone is
an all-day date, a trailing `Z` is read as UTC, a naive date-time is taken as wall time in the
zone, one with an offset is converted into the zone; both must be timed or both all-day, the end
strictly after the start (a timed one), and without an end the event lasts one hour (a day when
all-day).  `rrule` is an RFC 5545 recurrence rule (`FREQ=WEEKLY;BYDAY=MO;COUNT=4`, an `RRULE:`
prefix allowed): it must have a FREQ and not both COUNT and UNTIL, and its BYMONTH, positive
BYMONTHDAY and plain BYDAY values must include the start's month, day and weekday (an anchor
that contradicts the rule is refused); an UNTIL is turned into UTC for a timed series (a date
UNTIL becoming 23:59:59 that day in the zone) and into a date for an all-day one.  The calendar
must be one the account has.  Refusals raise `ValueError` (its subclasses `TimeError` and
`ValidationError` included).  MIT License, Copyright (c) 2026 Robert Clark (cal-scheduler-mcp);
see https://opensource.org/licenses/MIT.  The functions are verbatim, but for the changes below
(checked by comparing ASTs with the wheel's source: each vendored function, class and constant,
unparsed from both and compared with `ast.dump`, the tool's decorator set aside, is equal).

Changes: the tool, registered with `@mcp.tool()` on the MCP SDK's `MCPServer`, is validated by
pydantic against its signature, as the SDK does (not reproduced: the SDK's parsing of JSON text
given for a non-string argument, and its ignoring of unknown arguments, which pydantic refuses
here).  `ical` (the package's module, as the server names it) is a namespace over the vendored
functions.  Stand-ins: `vRecur` for icalendar 7.3.2's recurrence value (a dict with upper-cased
keys and a list of parsed values per key; `from_ical` splits the text at `;` and `=`, skips a
part without one `=`, and parses COUNT, INTERVAL and the BY* numbers as integers, BYMONTH as a
month, FREQ as one of the seven frequencies and BYDAY and WKST as weekdays, both upper-cased, and
UNTIL as a date or a date-time, raising ValueError on anything it cannot read, as icalendar
does); `Event` for icalendar's event (a dict of its properties, `add` setting one);
`new_calendar`, `event_calendar` and `serialize` (icalendar's calendar and its .ics text) give
the store the event's properties as a dict, each date-time as ISO text with its zone's name;
`new_uid` answers a fixed UID instead of a random one and `_now` a fixed instant instead of the
clock; `_config` answers the default zone (the package reads it and the CalDAV account from the
environment) and `_store` a store of two calendars, Home and Work, whose `save_new_event` hands
the event on to the implementation layer.

The implementation layer is ours: `save_new_event` is where the package writes the new event to
the CalDAV calendar (`Store.save_new_event(calendar, ics)`); it receives the calendar's name and
the event's properties.  SCHEMA is what the package's server derives: `input_schema` of the tool
as `@mcp.tool()` registers it, under mcp 2.3.0 (the package asks for mcp >= 2.0.0, < 3), in a
throwaway venv with the package's own module imported.  It states no date format, no zone, no
order and nothing of the recurrence rule but in words.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from types import SimpleNamespace
from typing import Annotated, Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import Field, validate_call

SCHEMA: dict[str, Any] = {
    "properties": {
        "summary": {"title": "Summary", "type": "string"},
        "start": {"description": "ISO 8601 datetime. A bare local time is interpreted as wall time in the configured "
                                 "zone (`Pacific/Auckland`); an offset-qualified time is honoured and stored in that "
                                 "zone. Use `resolve_datetime` to confirm before writing. With no `end`, the event "
                                 "defaults to 1 hour after this `start` (1 day for all-day).",
                  "title": "Start", "type": "string"},
        "end": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None,
                "description": "ISO 8601 datetime. Omit for the default duration: 1 hour after `start` for timed "
                               "events, 1 day after `start` for all-day. Must be after `start`.",
                "title": "End"},
        "calendar": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None, "title": "Calendar"},
        "description": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None, "title": "Description"},
        "location": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None, "title": "Location"},
        "rrule": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None, "title": "Rrule"},
    },
    "required": ["summary", "start"],
    "title": "create_eventArguments",
    "type": "object",
}
EXAMPLE: dict[str, Any] = {"summary": "Team stand-up", "start": "2026-09-28T09:00", "end": "2026-09-28T09:30",
                           "calendar": "Work", "description": "Daily sync", "location": "Room 4",
                           "rrule": "FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20261031"}


def save_new_event(calendar: str, ics: Any) -> None:
    """The implementation layer (ours): where the package writes the new event (its iCalendar
    text; here its properties) to the CalDAV calendar named `calendar`."""
    return None


class vRecur(dict):
    """Stands in for icalendar's vRecur (7.3.2): upper-cased keys, a list of parsed values each."""

    frequencies = ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"]
    _INTS = {"COUNT", "INTERVAL", "BYSECOND", "BYMINUTE", "BYHOUR", "BYWEEKNO", "BYMONTHDAY", "BYYEARDAY",
             "BYSETPOS"}
    _WEEKDAY = re.compile(r"(?P<signal>[+-]?)(?P<relative>[0-9]{0,2})(?P<weekday>[\w]{2})\Z")

    def __setitem__(self, key: str, value: Any) -> None:
        super().__setitem__(key.upper(), value)

    def __getitem__(self, key: str) -> Any:
        return super().__getitem__(key.upper())

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and super().__contains__(key.upper())

    def get(self, key: str, default: Any = None) -> Any:
        return super().get(key.upper(), default)

    @classmethod
    def _parse(cls, key: str, text: str) -> Any:
        key = key.upper()
        if key in cls._INTS:
            value = int(text)
            if not -2147483648 <= value <= 2147483647:
                raise ValueError(f"Integer {value} is outside the RFC 5545 range")
            return value
        if key == "BYMONTH":
            if text.isascii() and text.isdigit():
                month = int(text)
            elif text[:-1].isascii() and text[:-1].isdigit() and text.endswith("L"):
                month = int(text[:-1])
            else:
                raise ValueError(f"Invalid month: {text!r}")
            return month
        if key == "FREQ":
            if text.upper() not in cls.frequencies:
                raise ValueError(f"Expected frequency, got: {text}")
            return text.upper()
        if key in ("BYDAY", "WKST", "BYWEEKDAY"):
            day = text.upper()
            match = cls._WEEKDAY.match(day)
            if match is None or match["weekday"] not in ("SU", "MO", "TU", "WE", "TH", "FR", "SA"):
                raise ValueError(f"Expected weekday abbreviation, got: {text}")
            return day
        if key == "UNTIL":
            if len(text) in (15, 16) and text[8] == "T":
                moment = datetime(int(text[:4]), int(text[4:6]), int(text[6:8]), int(text[9:11]), int(text[11:13]),
                                  int(text[13:15]))
                if text[15:] == "Z":
                    return moment.replace(tzinfo=ZoneInfo("UTC"))
                if not text[15:]:
                    return moment
            elif len(text) == 8:
                return date(int(text[:4]), int(text[4:6]), int(text[6:8]))
            raise ValueError(f"Expected datetime, date, or time. Got: {text!r}")
        return text

    @classmethod
    def from_ical(cls, ical: str) -> "vRecur":
        try:
            recur = cls()
            for pairs in ical.split(";"):
                try:
                    key, vals = pairs.split("=")
                except ValueError:
                    continue
                recur[key] = [cls._parse(key, v) for v in vals.split(",")]
            return recur
        except ValueError:
            raise
        except Exception as e:
            raise ValueError(f"Error in recurrence rule: {ical}") from e


class Event(dict):
    """Stands in for icalendar's Event: its properties by upper-cased name."""

    def add(self, name: str, value: Any) -> None:
        self[name.upper()] = value


def _property(value: Any) -> Any:
    if isinstance(value, datetime):
        return {"value": value.isoformat(), "tzid": getattr(value.tzinfo, "key", None)}
    if isinstance(value, date):
        return {"value": value.isoformat(), "all_day": True}
    if isinstance(value, vRecur):
        return {k: [_property(v) for v in vals] for k, vals in value.items()}
    return value


def event_calendar(ev: Event) -> Event:
    """Stands in for `ical.event_calendar`: the event alone."""
    return ev


def serialize(cal: Event) -> dict[str, Any]:
    """Stands in for `ical.serialize` (the .ics text with its VTIMEZONE): the event's properties."""
    return {name: _property(value) for name, value in cal.items()}


def new_uid() -> str:
    """Stands in for `ical.new_uid` (a random UUID): a fixed one."""
    return "5b1e8f0a-3c2d-4e6f-9a7b-1c2d3e4f5a6b@cal-scheduler"


def _now() -> datetime:
    """Stands in for the server's clock (DTSTAMP, LAST-MODIFIED): a fixed instant."""
    return datetime(2026, 9, 1, 8, 0, tzinfo=UTC)


def _config() -> Any:
    """Stands in for the package's `Config.from_env()`: the default zone."""
    return SimpleNamespace(default_tz="Pacific/Auckland")


class _Store:
    """Stands in for the package's CalDAV `Store`: two calendars; a new event is handed on to the
    implementation layer."""

    def calendar_names(self) -> list[str]:
        return ["Home", "Work"]

    def save_new_event(self, calendar: str, ics: Any) -> None:
        save_new_event(calendar, ics)


def _store() -> _Store:
    return _Store()


class TimeError(ValueError):
    """A datetime string or zone could not be resolved. Message is agent-facing."""


_DATE_ONLY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def get_zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError) as exc:
        raise TimeError(f"Unknown time zone {name!r}") from exc


@dataclass
class Resolved:
    """A parsed temporal value.

    `value` is either a tz-aware `datetime` (in the default zone) or a `date`
    (all-day). `assumed` is True when a naive datetime was interpreted as default-
    zone wall time. `note` is a terse, agent-readable summary of what happened.
    """

    value: datetime | date
    assumed: bool
    note: str

    @property
    def is_all_day(self) -> bool:
        return isinstance(self.value, date) and not isinstance(self.value, datetime)


def resolve(value: str, zone: ZoneInfo) -> Resolved:
    s = (value or "").strip()
    if not s:
        raise TimeError("empty datetime")

    if _DATE_ONLY.match(s):
        return Resolved(date.fromisoformat(s), assumed=False, note="all-day date")

    # Normalise a trailing Z (fromisoformat handles it on 3.11+, but be explicit).
    iso = s[:-1] + "+00:00" if s.endswith(("Z", "z")) else s
    try:
        dt = datetime.fromisoformat(iso)
    except ValueError as exc:
        raise TimeError(
            f"could not parse datetime {value!r}; expected ISO 8601 "
            "(e.g. 2026-06-30T21:00 or 2026-06-30T21:00+12:00)"
        ) from exc

    if dt.tzinfo is None:
        return Resolved(
            dt.replace(tzinfo=zone),
            assumed=True,
            note=f"assumed {zone.key} wall time",
        )

    converted = dt.astimezone(zone)
    if converted.utcoffset() == dt.utcoffset():
        note = f"interpreted in {zone.key}"
    else:
        note = f"converted to {zone.key} ({converted:%H:%M})"
    return Resolved(converted, assumed=False, note=note)


class ValidationError(ValueError):
    """Input violates the calendar contract. Message is agent-facing."""


_WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]


_DEFAULT_TIMED_DTEND = timedelta(hours=1)


_DEFAULT_ALL_DAY_DTEND = timedelta(days=1)  # DTEND is exclusive for all-day


def default_dtend(dtstart: datetime | date) -> datetime | date:
    """`dtend` applied when the caller omits it: timed → +1h, all-day → +1d."""
    if isinstance(dtstart, datetime):
        return dtstart + _DEFAULT_TIMED_DTEND
    return dtstart + _DEFAULT_ALL_DAY_DTEND


def default_durations() -> tuple[timedelta, timedelta]:
    """`(timed_default, all_day_default)` from the same single source of truth."""
    return (_DEFAULT_TIMED_DTEND, _DEFAULT_ALL_DAY_DTEND)


def parse_rrule(rule: str) -> vRecur:
    s = rule.strip()
    if s.upper().startswith("RRULE:"):
        s = s[len("RRULE:") :]
    try:
        return vRecur.from_ical(s)
    except (ValueError, KeyError) as exc:
        raise ValidationError(f"could not parse RRULE {rule!r}: {exc}") from exc


def validate_and_normalize_rrule(
    recur: vRecur, dtstart: datetime | date, zone: ZoneInfo
) -> vRecur:
    """Reject an anchor that contradicts the rule; normalise UNTIL to UTC.

    Catches the malformed self-inconsistent series (e.g. DTSTART on the 30th with
    BYMONTHDAY=1) that many calendar tools persist verbatim. Validates the common
    BY* parts against DTSTART; positional/negative selectors pass through unchecked.
    """
    if "FREQ" not in recur:
        raise ValidationError("RRULE must include FREQ")

    if "COUNT" in recur and "UNTIL" in recur:
        raise ValidationError("RRULE cannot set both COUNT and UNTIL (RFC 5545)")

    def _vals(key: str) -> list:
        v = recur.get(key)
        if v is None:
            return []
        return list(v) if isinstance(v, (list, tuple)) else [v]

    bymonth = _vals("BYMONTH")
    if bymonth and dtstart.month not in bymonth:
        raise ValidationError(
            f"DTSTART month ({dtstart.month}) is not in RRULE BYMONTH={bymonth}; "
            "the anchor contradicts the rule"
        )

    bymonthday = [d for d in _vals("BYMONTHDAY") if isinstance(d, int) and d > 0]
    if bymonthday and dtstart.day not in bymonthday:
        raise ValidationError(
            f"DTSTART day ({dtstart.day}) is not in RRULE BYMONTHDAY={bymonthday}; "
            "the anchor contradicts the rule (e.g. start on the 30th but repeat on the 1st)"
        )

    byday_plain = [d for d in _vals("BYDAY") if isinstance(d, str) and d in _WEEKDAYS]
    if byday_plain and _WEEKDAYS[dtstart.weekday()] not in byday_plain:
        raise ValidationError(
            f"DTSTART weekday ({_WEEKDAYS[dtstart.weekday()]}) is not in "
            f"RRULE BYDAY={byday_plain}; the anchor contradicts the rule"
        )

    # UNTIL must be UTC when DTSTART is a zoned datetime (RFC 5545 3.3.10).
    until = recur.get("UNTIL")
    if until is not None:
        u = until[0] if isinstance(until, (list, tuple)) else until
        if isinstance(dtstart, datetime):
            if not isinstance(u, datetime):
                # date UNTIL against a timed series — promote to end of that day, UTC.
                u = datetime(u.year, u.month, u.day, 23, 59, 59, tzinfo=zone)
            if u.tzinfo is None:
                u = u.replace(tzinfo=zone)
            recur["UNTIL"] = [u.astimezone(ZoneInfo("UTC"))]
        else:
            # all-day series: UNTIL should be a date
            if isinstance(u, datetime):
                recur["UNTIL"] = [u.date()]
    return recur


def build_event(
    *,
    uid: str,
    summary: str,
    dtstart: datetime | date,
    dtend: datetime | date | None,
    now: datetime,
    description: str | None = None,
    location: str | None = None,
    recur: vRecur | None = None,
    sequence: int = 0,
) -> Event:
    all_day = isinstance(dtstart, date) and not isinstance(dtstart, datetime)
    if dtend is None:
        dtend = default_dtend(dtstart)
    if not all_day and dtend <= dtstart:
        raise ValidationError("DTEND must be after DTSTART")
    if all_day and dtend <= dtstart:
        raise ValidationError("all-day end date must be after start date")

    ev = Event()
    ev.add("uid", uid)
    ev.add("dtstamp", now)
    ev.add("created", now)
    ev.add("last-modified", now)
    ev.add("sequence", sequence)
    ev.add("summary", summary)
    ev.add("dtstart", dtstart)
    ev.add("dtend", dtend)
    if description:
        ev.add("description", description)
    if location:
        ev.add("location", location)
    if recur is not None:
        ev.add("rrule", recur)
    return ev


def _zone() -> ZoneInfo:
    return get_zone(_config().default_tz)


def _require_known_calendar(calendar: str | None) -> str:
    """Return a calendar name that exists on the account, or raise.

    Like `_require_calendar` but also rejects unknown names — writes
    must fail loudly before any `.ics` mutation rather than land on
    the wrong calendar.
    """
    names = _store().calendar_names()
    available = ", ".join(names) if names else "(none — create one first)"
    if not calendar:
        raise ValueError(
            "calendar is required; call `list_calendars` to discover the "
            f"calendars on this account (available: {available})"
        )
    if calendar not in names:
        raise ValueError(
            f"calendar {calendar!r} not found; call `list_calendars` to "
            f"discover the calendars on this account (available: {available})"
        )
    return calendar


def _resolve_dt(value: str) -> Resolved:
    return resolve(value, _zone())


def _nonpositive_interval(start_dt, end_dt) -> bool:
    """True if both are timed and end is not strictly after start (RFC 5545 forbids
    a zero/negative-length timed event). The iCal-layer check in ical.py is the
    domain-vocab fallback; tools translate this into MCP-parameter vocabulary."""
    return (
        end_dt is not None
        and isinstance(start_dt, datetime)
        and isinstance(end_dt, datetime)
        and end_dt <= start_dt
    )


def _humanize_timedelta(td: timedelta) -> str:
    """Render a `timedelta` as a human-readable English phrase.

    The self-teaching response builds the message from the actual
    defaulted duration the .ics layer applied, never from a hard-coded
    phrase, so the two cannot drift if the default changes.
    """
    total = int(td.total_seconds())
    days, rem = divmod(total, 86400)
    hours, rem = divmod(rem, 3600)
    minutes, seconds = divmod(rem, 60)
    parts: list[str] = []
    if days:
        parts.append(f"{days} day{'s' if days != 1 else ''}")
    if hours:
        parts.append(f"{hours} hour{'s' if hours != 1 else ''}")
    if minutes:
        parts.append(f"{minutes} minute{'s' if minutes != 1 else ''}")
    if seconds:
        parts.append(f"{seconds} second{'s' if seconds != 1 else ''}")
    return " ".join(parts) if parts else "0 seconds"


ical = SimpleNamespace(parse_rrule=parse_rrule, validate_and_normalize_rrule=validate_and_normalize_rrule,
                       default_dtend=default_dtend, default_durations=default_durations, build_event=build_event,
                       new_uid=new_uid, event_calendar=event_calendar, serialize=serialize)

_ZONE = os.environ.get("CAL_DEFAULT_TZ", "Pacific/Auckland").strip() or "Pacific/Auckland"
_TIMED_DEFAULT, _ALL_DAY_DEFAULT = ical.default_durations()
_TIMED_DEFAULT_PHRASE = _humanize_timedelta(_TIMED_DEFAULT)
_ALL_DAY_DEFAULT_PHRASE = _humanize_timedelta(_ALL_DAY_DEFAULT)
_START_DESC = (
    f"ISO 8601 datetime. A bare local time is interpreted as wall "
    f"time in the configured zone (`{_ZONE}`); an offset-qualified "
    f"time is honoured and stored in that zone. Use "
    f"`resolve_datetime` to confirm before writing. With no `end`, "
    f"the event defaults to {_TIMED_DEFAULT_PHRASE} after this "
    f"`start` ({_ALL_DAY_DEFAULT_PHRASE} for all-day)."
)
_END_DESC = (
    f"ISO 8601 datetime. Omit for the default duration: "
    f"{_TIMED_DEFAULT_PHRASE} after `start` for timed events, "
    f"{_ALL_DAY_DEFAULT_PHRASE} after `start` for all-day. Must be "
    f"after `start`."
)


@validate_call
def create_event(
    summary: str,
    start: Annotated[str, Field(description=_START_DESC)],
    end: Annotated[str | None, Field(description=_END_DESC)] = None,
    calendar: str | None = None,
    description: str | None = None,
    location: str | None = None,
    rrule: str | None = None,
) -> dict:
    """Create an event (single, or recurring if `rrule` is given).

    `start`/`end` are ISO 8601 (see parameter docs for zone + default-duration
    details — read those before writing). `rrule` is a raw RRULE body,
    e.g. "FREQ=WEEKLY;COUNT=12". `calendar` is required in practice — there
    is no default calendar. Pick deliberately; events are not validated
    against calendar type.
    """
    cal_name = _require_known_calendar(calendar)
    rs = _resolve_dt(start)
    zone = _zone()

    # Resolve dtend explicitly so we can echo it in the response.
    end_rs = None
    if end is not None:
        end_rs = _resolve_dt(end)
        resolved_dtend = end_rs.value
        if isinstance(rs.value, datetime) != isinstance(resolved_dtend, datetime):
            raise ValueError("start and end must both be timed or both be all-day dates")
        if _nonpositive_interval(rs.value, resolved_dtend):
            raise ValueError("`end` must be after `start` — omit `end` for a 1-hour default")
    else:
        resolved_dtend = ical.default_dtend(rs.value)

    recur = None
    if rrule:
        recur = ical.validate_and_normalize_rrule(ical.parse_rrule(rrule), rs.value, zone)

    uid = ical.new_uid()
    ev = ical.build_event(
        uid=uid,
        summary=summary,
        dtstart=rs.value,
        dtend=resolved_dtend,
        now=_now(),
        description=description,
        location=location,
        recur=recur,
    )
    _store().save_new_event(cal_name, ical.serialize(ical.event_calendar(ev)))

    # ── build the self-teaching note ──────────────────────────────────────
    zone_name = zone.key
    start_input = start.strip()
    start_resolved = rs.value.isoformat()

    if rs.is_all_day:
        start_chain = f"resolved {start_input} (all-day)"
    elif rs.assumed:
        start_chain = f"resolved {start_input} → {start_resolved} ({zone_name})"
    else:
        start_chain = f"resolved {start_input} → {start_resolved} ({zone_name})"

    end_resolved = resolved_dtend.isoformat()
    if end is not None:
        assert end_rs is not None
        end_input = end.strip()
        if end_rs.is_all_day:
            end_chain = f"end {end_resolved} (all-day)"
        else:
            end_chain = f"end resolved {end_input} → {end_resolved} ({zone_name})"
    else:
        duration = resolved_dtend - rs.value  # type: ignore[operator] — same-type guarantee enforced above
        duration_str = _humanize_timedelta(duration)
        end_chain = f"end defaulted to {duration_str} → {end_resolved}"

    note = f"{start_chain}; {end_chain}"
    result: dict = {
        "ok": True,
        "uid": uid,
        "calendar": cal_name,
        "start_resolved": start_resolved,
        "end_resolved": end_resolved,
        "note": note,
    }
    if rrule:
        result["next_occurrence"] = start_resolved
    return result
