"""The two ways to show a Python value to a person.

* `shown`: a short repr inside a message (an argument error, a record's one-line summary):
  at most ~80 characters, memory addresses removed, never raising.
* `safe_repr`: the pasteable repr of a failing call: real Python syntax (NaN as
  `float('nan')`), surviving hostile objects, bounding huge values.

What a *model* is shown of a value is neither: `_errors.render_value` escapes and bounds it
without calling any of the object's methods.
"""

from __future__ import annotations

import keyword
import re
import reprlib
from typing import Any

__all__ = ["call_line", "safe_repr", "shown"]

_SHOWN = 80
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+>")

_MAX_LINE = 2000
_INF = float("inf")
_repr = reprlib.Repr()
_repr.maxstring = 400
_repr.maxother = 200
_repr.maxlist = _repr.maxdict = _repr.maxtuple = 50
_repr.maxlevel = 8


def shown(value: Any, limit: int = _SHOWN) -> str:
    """A short repr of a user's value for a message (never more than `limit` characters, never raising)."""
    try:
        text = _ADDRESS.sub(">", repr(value))  # `<function add at 0x7f...>`: the same text every run
    except Exception:
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= limit else text[: limit - 4] + "...>"


def safe_repr(value: Any, limit: int | None = None) -> str:
    """`repr` that survives hostile objects and bounds huge values (shrinking keeps real ones
    short); with `limit`, cut to at most that many characters (then no longer pasteable)."""
    text = _safe_repr(value)
    return text if limit is None or len(text) <= limit else text[: limit - 4] + "...>"


def _safe_repr(value: Any) -> str:
    if type(value) is str and len(value) > 60 and len(set(value)) == 1:
        return f"{value[0]!r} * {len(value)}"  # still pasteable, and readable
    try:
        text = _pasteable(value, 0)
        return text if len(text) <= _MAX_LINE else _repr.repr(value)
    except Exception:
        return f"<{type(value).__name__} object with a failing __repr__>"


def _pasteable(value: Any, depth: int) -> str:
    """`repr`, except that NaN and infinities (bare `nan` / `inf` are not Python) stay pasteable."""
    kind = type(value)
    if kind is float and (value != value or value in (_INF, -_INF)):
        return "float('nan')" if value != value else ("float('inf')" if value > 0 else "-float('inf')")
    if depth > 20:
        return repr(value)
    if kind is list:
        return "[" + ", ".join(_pasteable(x, depth + 1) for x in value) + "]"
    if kind is tuple:
        inner = ", ".join(_pasteable(x, depth + 1) for x in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if kind is dict:
        return "{" + ", ".join(f"{_pasteable(k, depth + 1)}: {_pasteable(v, depth + 1)}" for k, v in value.items()) + "}"
    return repr(value)


def call_line(tool: str, args: dict[str, Any]) -> str:
    """The failing call as one line of Python a user can paste."""
    if all(isinstance(k, str) and k.isidentifier() and not keyword.iskeyword(k) for k in args):
        inner = ", ".join(f"{k}={safe_repr(v)}" for k, v in args.items())
    else:
        inner = "**" + safe_repr(args)
    return f"{tool}({inner})"
