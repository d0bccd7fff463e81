"""Hypothesis's strategy internals, in one place: the only module that subclasses
`hypothesis.strategies.SearchStrategy`.

Supported: hypothesis >= 6.100 (the floor in pyproject.toml), written against 6.170.17
(the version installed here). `tests/test_compat_hypothesis.py` builds a `Called` on real
strategies and checks every hook used below, so a Hypothesis release that renames or
drops one fails there, naming Hypothesis and the hook.

What is used, and why there is no public way:

* `SearchStrategy` subclassed (it is exported, but documented as not for subclassing), with
  the constructor taking no argument and the hooks Hypothesis calls on it: `do_draw(data)`
  (drawing through `data.draw`), `calc_is_empty(recur)`, `calc_has_reusable_values(recur)`,
  `calc_label()` and `do_validate()`. `Called` is a strategy built on first use that reads
  as the call that built it, with a long schema shortened to its top-level keys
  (`hallucinated(schema={'type': 'object', 'properties': {...}})`). The public ways each
  miss one part: `st.deferred` is built on first use but reads as
  `deferred(lambda: <unknown>)`; a function decorated with `@st.composite` reads as its
  call, but with every argument in full (a thousand characters for a modest schema), and
  cannot see through to what it draws from: it is never `is_empty`, so a strategy with
  nothing to draw fails only after many rejected draws instead of at once.

Imports nothing of ours: `strategies/_called.py` builds on it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from hypothesis.strategies import SearchStrategy

__all__ = ["Called"]

T = TypeVar("T")


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
