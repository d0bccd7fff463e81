"""A strategy whose repr is the call that built it: `hallucinated(schema={'type': 'object', ...})`.

Hypothesis prints a strategy's repr in failure reports and `note`s; `st.deferred(lambda: ...)`
would print the lambda's source, which tells a user nothing about what they wrote.  The
wrapped strategy is built on first use (as `deferred` does), so building stays cheap.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from hypothesis.strategies import SearchStrategy

__all__ = ["Called", "call_repr", "value_repr"]

T = TypeVar("T")

_LIMIT = 120  # characters of one argument's repr
_PART = 40  # characters of one top-level value of a long schema


class Called(SearchStrategy[T]):
    """`build()`'s strategy, drawn from as it is, shown as `call`."""

    def __init__(self, build: Callable[[], SearchStrategy[T]], call: str) -> None:
        super().__init__()
        self._build, self._call = build, call
        self._wrapped: SearchStrategy[T] | None = None

    @property
    def wrapped_strategy(self) -> SearchStrategy[T]:
        if self._wrapped is None:
            self._wrapped = self._build()
        return self._wrapped

    def do_draw(self, data: Any) -> T:
        return data.draw(self.wrapped_strategy)

    def calc_is_empty(self, recur: Any) -> bool:
        return bool(recur(self.wrapped_strategy))

    def calc_has_reusable_values(self, recur: Any) -> bool:
        return bool(recur(self.wrapped_strategy))

    def calc_label(self) -> int:
        return self.wrapped_strategy.label

    def do_validate(self) -> None:
        self.wrapped_strategy.validate()

    def __repr__(self) -> str:
        return self._call


def call_repr(name: str, *args: Any, **kwargs: Any) -> str:
    """`name(arg, key=value, ...)` with each value shortened by `value_repr`."""
    parts = [value_repr(a) for a in args] + [f"{k}={value_repr(v)}" for k, v in kwargs.items()]
    return f"{name}({', '.join(parts)})"


def value_repr(value: Any) -> str:
    """A readable, bounded repr: a long dict keeps its top-level keys and elides deep values."""
    text = _safe_repr(value)
    if len(text) <= _LIMIT:
        return text
    if isinstance(value, dict):
        shown = []
        for key, item in value.items():
            part = _safe_repr(item)
            if len(part) > _PART:
                part = "{...}" if isinstance(item, dict) else "[...]" if isinstance(item, list) else part[: _PART - 3] + "..."
            shown.append(f"{_safe_repr(key)}: {part}")
            if sum(map(len, shown)) > _LIMIT:
                shown.append("...")
                break
        return "{" + ", ".join(shown) + "}"
    return text[: _LIMIT - 4] + "...>"


def _safe_repr(value: Any) -> str:
    try:
        return repr(value)
    except Exception:
        return f"<{type(value).__name__} object>"
