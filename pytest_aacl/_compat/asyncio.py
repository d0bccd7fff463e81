"""Marking a callable object as a coroutine function, for `inspect` and `asyncio`.

Python 3.12 made this public (`inspect.markcoroutinefunction`); on 3.10 and 3.11 the only
way is what that function replaced: asyncio's private `_is_coroutine` marker, and code
flags `inspect` reads.  Supported: CPython 3.10 to 3.14 (pinned by tests/test_compat.py).
"""

from __future__ import annotations

import inspect
from typing import Any

__all__ = ["mark_coroutine_function"]


def mark_coroutine_function(obj: Any, code_from: Any) -> None:
    """Make `inspect.iscoroutinefunction(obj)` true for a callable object.

    `code_from` is an `async def` whose code object stands in for `obj`'s on 3.10/3.11.
    """
    marker = getattr(inspect, "markcoroutinefunction", None)
    if marker is not None:  # Python >= 3.12
        marker(obj)
        return
    import asyncio.coroutines  # lazy: only on 3.10/3.11, and asyncio costs start-up

    obj._is_coroutine = asyncio.coroutines._is_coroutine  # type: ignore[attr-defined]
    if not isinstance(getattr(obj, "__name__", None), str):  # inspect reads a function-like object by these
        obj.__name__ = type(obj).__name__
    if not isinstance(getattr(obj, "__annotations__", None), (dict, type(None))):
        obj.__annotations__ = {}
    obj.__code__ = code_from.__code__
    obj.__defaults__ = obj.__kwdefaults__ = None
