"""A strategy whose repr is the call that built it: `hallucinated(schema={'type': 'object', ...})`.

Hypothesis prints a strategy's repr in failure reports and `note`s; `st.deferred(lambda: ...)`
would print the lambda's source, which tells a user nothing about what they wrote.  The
wrapped strategy is built on first use (as `deferred` does), so building stays cheap.
`Called`, the strategy, subclasses Hypothesis's `SearchStrategy`, so it lives with the other
reaches into libraries' internals (`pytest_aacl/_compat/hypothesis.py`); the repr is made here.
"""

from __future__ import annotations

from typing import Any

from pytest_aacl._compat.hypothesis import Called
from pytest_aacl._repr import safe_repr

__all__ = ["Called", "call_repr", "value_repr"]

_LIMIT = 120  # characters of one argument's repr
_PART = 40  # characters of one top-level value of a long schema


def call_repr(name: str, *args: Any, **kwargs: Any) -> str:
    """`name(arg, key=value, ...)` with each value shortened by `value_repr`."""
    parts = [value_repr(a) for a in args] + [f"{k}={value_repr(v)}" for k, v in kwargs.items()]
    return f"{name}({', '.join(parts)})"


def value_repr(value: Any) -> str:
    """A readable, bounded repr: a long dict keeps its top-level keys and elides deep values."""
    text = safe_repr(value)
    if len(text) <= _LIMIT:
        return text
    if isinstance(value, dict):
        shown = []
        for key, item in value.items():
            part = safe_repr(item)
            if len(part) > _PART:
                part = "{...}" if isinstance(item, dict) else "[...]" if isinstance(item, list) else part[: _PART - 3] + "..."
            shown.append(f"{safe_repr(key)}: {part}")
            if sum(map(len, shown)) > _LIMIT:
                shown.append("...")
                break
        return "{" + ", ".join(shown) + "}"
    return text[: _LIMIT - 4] + "...>"


