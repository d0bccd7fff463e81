"""Bounds a field's description states and its schema does not ("from 1 to 500", "at most
60 characters", "One to 10 symbols", "must not be empty"), and ranges its names imply
(`start_date` before `end_date`, `min_price` below `max_price`).

Schemas derived from a signature carry no bounds, while the tool's code checks the ones its
docstring promises; a model reads that prose.  The value just outside such a bound is valid
by the schema, so it is no `invalid()` mutation in the strict sense: its records carry the
family `described_bound`, `rejects_invalid` leaves them alone, and the advice check
`honours_description` reports a stated bound that the implementation is handed past anyway.
A crash on one is `total`'s finding like any other.  Likewise a closing field sent before its
opening one (`end_date` a day before `start_date`: family `reversed_range`).

Read conservatively: a number only counts next to a bound word, and a length only next to
"characters"; anything the schema itself bounds is left to the schema.
"""

from __future__ import annotations

import datetime as _dt
import re
from typing import Any

from pytest_aacl._call import DESCRIBED

__all__ = ["after", "before", "described_bounds", "described_mutations"]

_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
          "nine": 9, "ten": 10, "twenty": 20, "fifty": 50, "hundred": 100}
_NUM = r"(-?\d[\d,]*|" + "|".join(_WORDS) + r")"
_RANGE = re.compile(rf"\b(?:from|between)\s+{_NUM}\s+(?:to|and)\s+{_NUM}\b|\b{_NUM}\s*(?:to|-|–)\s*{_NUM}\b", re.I)
_MAX = re.compile(rf"\b(?:max(?:imum)?(?:\s+(?:of|is))?|at\s+most|up\s+to|no\s+more\s+than|not\s+(?:more|greater)\s+than|"
                  rf"cannot\s+exceed|must\s+not\s+exceed|limit(?:ed)?\s+(?:of|to))\s*:?\s*{_NUM}\b", re.I)
_MIN = re.compile(rf"\b(?:min(?:imum)?(?:\s+(?:of|is))?|at\s+least|no\s+(?:less|fewer)\s+than)\s*:?\s*{_NUM}\b", re.I)
_CHARS = re.compile(r"^\s*(?:characters?|chars?)\b", re.I)
#: "at least one" counts items only when a word follows ("at least one symbol"), not a sign rule
#: ("at least one + and one -")
_NON_EMPTY = re.compile(r"\b(?:non-?empty|must\s+not\s+be\s+empty|cannot\s+be\s+empty|at\s+least\s+one(?=\s+[a-z]))\b", re.I)
_NOUN = re.compile(r"\s+[a-z]", re.I)
_SAME_SIDE = {"exclusiveMinimum": "minimum", "exclusiveMaximum": "maximum"}
#: a date, a time or a version is not a range ("2024-01-31", "10:00-12:00", "v1-2")
_NOT_A_RANGE = re.compile(r"\d[-/:.]\d+[-/:.]\d|\d:\d")


def _number(text: str) -> int | None:
    text = text.casefold().replace(",", "")
    if text in _WORDS:
        return _WORDS[text]
    try:
        return int(text)
    except ValueError:
        return None


def described_bounds(description: Any, kind: str | None) -> dict[str, int]:
    """The JSON Schema bound keywords a field's description states, for a field of `kind`.

    Numbers bound integer/number fields; "N characters" bounds a string's length; for an
    array, a count of items ("One to 10 symbols", "up to 5 tags", "non-empty").
    """
    if not isinstance(description, str) or kind not in ("integer", "number", "string", "array"):
        return {}
    text = " ".join(description.split())
    low_key, high_key = {"string": ("minLength", "maxLength"), "array": ("minItems", "maxItems")}.get(
        kind, ("minimum", "maximum"))
    out: dict[str, int] = {}

    def counts(match: re.Match[str]) -> bool:
        """For a string only "... N characters" is a length; for an array a count names what it
        counts ("up to 10 symbols"), not a sign rule ("at least one + and one -")."""
        rest = text[match.end():]
        if kind == "string":
            return bool(_CHARS.match(rest))
        return kind != "array" or bool(_NOUN.match(rest))

    for match in _RANGE.finditer(text):
        before, after = text[match.start() - 1: match.start()], text[match.end(): match.end() + 1]
        if _NOT_A_RANGE.search(match.group(0)) or any(c in "0123456789-/:" for c in before + after) \
                or not counts(match):
            continue
        numbers = [_number(g) for g in match.groups() if g is not None]
        if len(numbers) == 2 and None not in numbers and numbers[0] < numbers[1]:  # type: ignore[operator]
            out.setdefault(low_key, numbers[0])  # type: ignore[arg-type]
            out.setdefault(high_key, numbers[1])  # type: ignore[arg-type]
    for pattern, key in ((_MAX, high_key), (_MIN, low_key)):
        for match in pattern.finditer(text):
            value = _number(match.group(1))
            if value is not None and counts(match):
                out.setdefault(key, value)
    if kind == "array" and "minItems" not in out and _NON_EMPTY.search(text):
        out["minItems"] = 1
    if kind in ("string", "array"):
        out = {k: v for k, v in out.items() if v >= 0}
    if out.get(low_key, -10**18) > out.get(high_key, 10**18):
        return {}
    return out


def described_mutations(value: Any, node: Any) -> list[tuple[str, Any]]:
    """("described_bound", value) pairs: just outside each bound the description states and
    the schema does not."""
    kind, schema = node.kind, node.stated or node.schema
    stated = set(schema) | {_SAME_SIDE.get(k, k) for k in schema}  # exclusiveMinimum bounds the low side too
    bounds = {k: v for k, v in described_bounds(schema.get("description"), kind).items() if k not in stated}
    out: list[tuple[str, Any]] = []
    if kind in ("integer", "number"):
        if "maximum" in bounds and abs(bounds["maximum"]) < 10**15:
            out.append((DESCRIBED, bounds["maximum"] + 1))
        if "minimum" in bounds and abs(bounds["minimum"]) < 10**15:
            out.append((DESCRIBED, bounds["minimum"] - 1))
    elif kind == "string" and isinstance(value, str):
        hi = bounds.get("maxLength")
        if hi is not None and 0 < hi < 5000:
            out.append((DESCRIBED, (value + " " + "x" * hi)[: hi + 1] if value else "x" * (hi + 1)))
        lo = bounds.get("minLength")
        if lo is not None and lo >= 1 and not node.nullable:
            out.append((DESCRIBED, value[: lo - 1]))
    elif kind == "array" and isinstance(value, list):
        hi = bounds.get("maxItems")
        if hi is not None and 0 < hi < 1000 and value:
            out.append((DESCRIBED, _more_items(value, hi + 1)))
        if bounds.get("minItems", 0) >= 1:
            out.append((DESCRIBED, value[: bounds["minItems"] - 1]))
    return out


def _more_items(items: list[Any], count: int) -> list[Any]:
    """`count` items from `items`, distinct where they are strings (a tool that drops
    duplicates would otherwise never see more than it allows)."""
    out: list[Any] = []
    for i in range(count):
        item = items[i % len(items)]
        if isinstance(item, str) and i >= len(items):
            item = f"{item}{i}"
        out.append(item)
    return out


# -- ranges the field names imply ----------------------------------------------------------

_ISO_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})")


def after(opening: Any, closing: Any, days: int = 30) -> Any:
    """A value for the closing field well after `opening` (30 days, or 10 more), or None:
    what the base call sends, so a tool that needs a range to end after it starts is reached."""
    if isinstance(opening, bool) or isinstance(closing, bool):
        return None
    if isinstance(opening, (int, float)) and isinstance(closing, (int, float)):
        return type(closing)(opening + 10)
    if isinstance(opening, str) and isinstance(closing, str):
        start, end = _ISO_DATE.match(opening), _ISO_DATE.match(closing)
        if start and end:
            try:
                day = _dt.date(*map(int, start.groups())) + _dt.timedelta(days=days)
            except (ValueError, OverflowError):
                return None
            return day.isoformat() + closing[10:]
    return None


def before(opening: Any, closing: Any) -> Any:
    """A value for the closing field that comes before `opening` (same kind of value as
    `closing`), or None: a date (or date-time) a day earlier, a number one less."""
    if isinstance(opening, bool) or isinstance(closing, bool):
        return None
    if isinstance(opening, (int, float)) and isinstance(closing, (int, float)):
        return type(closing)(opening - 1)
    if isinstance(opening, str) and isinstance(closing, str):
        start, end = _ISO_DATE.match(opening), _ISO_DATE.match(closing)
        if start and end:
            try:
                day = _dt.date(*map(int, start.groups())) - _dt.timedelta(days=1)
            except (ValueError, OverflowError):
                return None
            return day.isoformat() + closing[10:]  # keep the closing value's time part, if any
    return None
