"""What every corpus interface layer is made of: correct hand-written readers and one layer shape.

A corpus layer is what a careful developer writes without a library: one small reader per
field that accepts the canonical value and a few obvious renderings, and refuses the rest
with a `ValueError` that names a code, the field, what is expected and what was received
(the form the fuzzer's `correction_quality` check asks of hand-written corrections).  A
defective layer is the correct one with exactly ONE reader replaced by a defective one, so
every finding on it is either the planted defect or a false positive.

Readers here are deliberately conservative: refusing a rendering is always allowed, reading
it wrongly never is.  They import nothing from `pytest_aacl`: the corpus must not share code
with the thing it measures.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Callable, Mapping
from typing import Any

Reader = Callable[[str, Any], Any]

__all__ = [
    "Reader",
    "boolean",
    "choice",
    "date",
    "datetime",
    "email",
    "hostname",
    "integer",
    "layer",
    "listing",
    "number",
    "optional",
    "record",
    "refuse",
    "shown",
    "text",
    "time",
]

_HOSTNAME = re.compile(r"(?=.{1,253}$)(?!-)[A-Za-z0-9-]{1,63}(?<!-)(\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))*")
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
_INT_TEXT = re.compile(r"[+-]?[0-9]+")
_NUM_TEXT = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_CLOCK = re.compile(r"([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})?")


def shown(value: Any) -> str:
    """The received value as the message shows it: bounded, and safe on any object."""
    try:
        text = repr(value)
    except Exception:
        return f"<{type(value).__name__}>"
    return text if len(text) <= 80 else text[:77] + "..."


def refuse(code: str, field: str, expected: str, value: Any) -> ValueError:
    """The correction a hand-written layer raises: code, field, expectation, received value."""
    return ValueError(f"{code}: '{field}' expected {expected}; received {shown(value)}. Retry with a valid value.")


def text(min_length: int = 0, max_length: int | None = None, pattern: str | None = None) -> Reader:
    def read(field: str, value: Any) -> Any:
        if type(value) is not str:
            raise refuse("TYPE_ERROR", field, "a string", value)
        if len(value) < min_length or (max_length is not None and len(value) > max_length):
            raise refuse("INVALID_LENGTH", field, f"a string of {min_length} to {max_length} characters", value)
        if pattern is not None and re.search(pattern, value) is None:
            raise refuse("PATTERN_MISMATCH", field, f"a string matching {pattern}", value)
        return value

    return read


def _finite(field: str, value: Any, lo: float | None, hi: float | None) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        raise refuse("TYPE_ERROR", field, "a finite number", value)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise refuse("OUT_OF_RANGE", field, f"a number between {lo} and {hi}", value)
    return value


def integer(lo: int | None = None, hi: int | None = None) -> Reader:
    """Integers, integral floats, and plain digit strings ("5", " 5 ", "+5")."""

    def read(field: str, value: Any) -> Any:
        if type(value) is str and _INT_TEXT.fullmatch(value.strip()):
            value = int(value.strip())
        elif type(value) is float and math.isfinite(value) and value.is_integer():
            value = int(value)
        if type(value) is not int:
            raise refuse("TYPE_ERROR", field, "an integer", value)
        return _finite(field, value, lo, hi)

    return read


def number(lo: float | None = None, hi: float | None = None) -> Reader:
    """Numbers and plain decimal strings ("3.5", ".5", "1e3"); no separators, no units."""

    def read(field: str, value: Any) -> Any:
        if type(value) is str and _NUM_TEXT.fullmatch(value.strip()):
            value = float(value.strip())
        if type(value) not in (int, float):
            raise refuse("TYPE_ERROR", field, "a number", value)
        return _finite(field, value, lo, hi)

    return read


_TRUE, _FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


def boolean() -> Reader:
    def read(field: str, value: Any) -> Any:
        if type(value) is bool:
            return value
        if type(value) is str and value.strip().lower() in _TRUE + _FALSE:
            return value.strip().lower() in _TRUE
        raise refuse("TYPE_ERROR", field, "true or false", value)

    return read


def choice(allowed: tuple[Any, ...], synonyms: Mapping[str, str] | None = None) -> Reader:
    """Exact values; for string enums also case and padding, and declared synonyms."""
    folded = {str(a).lower(): a for a in allowed if type(a) is str}
    words = {k.lower(): v for k, v in (synonyms or {}).items()}

    def read(field: str, value: Any) -> Any:
        if type(value) is str and folded:
            key = value.strip().lower()
            if key in folded or key in words:
                return folded.get(key, words.get(key))
        elif type(value) in (int, str) and not folded:
            number = int(value) if type(value) is int else (int(value.strip()) if _INT_TEXT.fullmatch(value.strip()) else None)
            if number in allowed:
                return number
        raise refuse("INVALID_ENUM", field, f"one of {list(allowed)}", value)

    return read


def optional(reader: Reader) -> Reader:
    """A nullable field: JSON null is null; anything else goes to `reader`."""

    def read(field: str, value: Any) -> Any:
        return None if value is None else reader(field, value)

    read.nullable = True  # type: ignore[attr-defined]
    return read


def hostname() -> Reader:
    def read(field: str, value: Any) -> Any:
        if type(value) is not str or not _HOSTNAME.fullmatch(value.strip()):
            raise refuse("INVALID_FORMAT", field, "a hostname such as example.org", value)
        return value.strip()

    return read


def email() -> Reader:
    def read(field: str, value: Any) -> Any:
        if type(value) is not str or not _EMAIL.fullmatch(value.strip()):
            raise refuse("INVALID_FORMAT", field, "an e-mail address such as ada@example.org", value)
        return value.strip()

    return read


def listing(item: Reader, min_items: int = 0, max_items: int | None = None, split: bool = False,
            unique: bool = False) -> Reader:
    """A JSON list; with `split`, also comma-separated text (items stripped) or one bare item."""

    def read(field: str, value: Any) -> Any:
        if split and type(value) is str:
            try:
                return read(field, [part.strip() for part in value.split(",")])
            except ValueError:  # the correction shows what the model sent, not a piece of it
                raise refuse("INVALID_LIST", field, "a list, or comma-separated items", value) from None
        if type(value) is not list:
            raise refuse("TYPE_ERROR", field, "a list", value)
        if len(value) < min_items or (max_items is not None and len(value) > max_items):
            raise refuse("INVALID_LENGTH", field, f"a list of {min_items} to {max_items} items", value)
        items = [item(f"{field}[{i}]", v) for i, v in enumerate(value)]
        if unique and len({shown(x) for x in items}) != len(items):
            raise refuse("DUPLICATE_ITEMS", field, "a list without repeated items", value)
        return items

    return read


def date() -> Reader:
    def read(field: str, value: Any) -> Any:
        if type(value) is str and _DATE.fullmatch(value):
            try:
                return dt.date.fromisoformat(value).isoformat()
            except ValueError:
                pass
        raise refuse("INVALID_DATE", field, "a date as YYYY-MM-DD", value)

    return read


def datetime() -> Reader:
    """RFC 3339 with an offset, passed on unchanged."""

    def read(field: str, value: Any) -> Any:
        if type(value) is str and len(value) >= 20 and value[10] in "Tt" and _CLOCK.fullmatch(value[11:]):
            try:
                moment = dt.datetime.fromisoformat(value.replace("Z", "+00:00").replace("z", "+00:00"))
            except ValueError:
                moment = None
            if moment is not None and moment.utcoffset() is not None and _DATE.fullmatch(value[:10]):
                return value
        raise refuse("INVALID_DATETIME", field, "an RFC 3339 date-time with an offset, e.g. 2025-04-03T10:00:00+02:00", value)

    return read


def time() -> Reader:
    """HH:MM:SS with optional fraction and offset, passed on unchanged."""

    def read(field: str, value: Any) -> Any:
        if type(value) is str and _CLOCK.fullmatch(value):
            return value
        raise refuse("INVALID_TIME", field, "a time as HH:MM:SS", value)

    return read


def record(fields: Mapping[str, Reader], required: tuple[str, ...] = ()) -> Reader:
    """A nested object with known keys only."""

    def read(field: str, value: Any) -> Any:
        if type(value) is not dict:
            raise refuse("TYPE_ERROR", field, f"an object with keys {sorted(fields)}", value)
        return _read_all(value, fields, required, f"{field}.")

    return read


def _read_all(args: Mapping[Any, Any], fields: Mapping[str, Reader], required: tuple[str, ...], prefix: str = "") -> dict[str, Any]:
    unknown = [k for k in args if k not in fields]
    if unknown:
        key = unknown[0]
        raise ValueError(f"UNEXPECTED_FIELD: '{prefix}{key}' is not a field; expected only the fields {sorted(fields)}; "
                         f"received {prefix}{key}={shown(args[key])}. Retry without it.")
    missing = [k for k in required if args.get(k) is None]
    if missing:
        raise refuse("MISSING_REQUIRED", prefix + missing[0], "a value for this required field", None)
    out: dict[str, Any] = {}
    for key, value in args.items():
        if value is None and key not in required and not getattr(fields[key], "nullable", False):
            continue  # null for an optional field means "not given"
        out[key] = fields[key](prefix + key, value)
    return out


def layer(name: str, fields: Mapping[str, Reader], required: tuple[str, ...], backend: Any, attr: str,
          doc: str, **defective: Reader) -> Callable[..., Any]:
    """An interface function: read every field, then call `backend.attr` (looked up per call,
    so the fuzzer can spy on it).  `defective` swaps in the planted reader(s)."""
    unknown = [k for k in defective if k not in fields]
    if unknown:
        raise KeyError(f"no field {unknown} in layer {name}")
    readers = {**fields, **defective}

    def interface(**arguments: Any) -> Any:
        values = _read_all(arguments, readers, required)
        return getattr(backend, attr)(**values)

    interface.__name__ = name
    interface.__qualname__ = name
    interface.__doc__ = doc
    return interface
