"""Checks for public arguments: each wrong one is one `InvalidArgument` sentence.

Every message has the same shape, `f() got name=<what was passed>; pass <what to pass>`,
so a user reads what is wrong and how to fix it without a traceback into our code.
Imports neither pytest nor hypothesis (the boundary runtime uses it).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from ._errors import InvalidArgument
from ._repr import shown

__all__ = ["choice", "each", "flag", "function", "invalid", "items", "mapping", "number", "overrides", "path", "shown", "text", "whole"]



def invalid(where: str, name: str, value: Any, expected: str) -> InvalidArgument:
    """`where() got name=value; pass expected`: the one sentence every check raises."""
    return InvalidArgument(f"{where}() got {name}={shown(value)}; pass {expected}")


def whole(where: str, name: str, value: Any, *, minimum: int | None, example: str, optional: bool = False) -> None:
    """An `int` (not a `bool`) of at least `minimum` (any, if None); `None` too when `optional`."""
    if value is None and optional:
        return
    if isinstance(value, bool) or not isinstance(value, int) or (minimum is not None and value < minimum):
        least = "an integer" if minimum is None else "a positive integer" if minimum == 1 else f"an integer >= {minimum}"
        raise invalid(where, name, value, f"{least}{' or None' if optional else ''}, e.g. {example}")


def number(where: str, name: str, value: Any, *, expected: str, low: float = -math.inf, high: float = math.inf,
           low_open: bool = False) -> None:
    """A finite real number (not a `bool`) within `[low, high]` (`(low, high]` if `low_open`)."""
    ok = not isinstance(value, bool) and isinstance(value, (int, float)) and math.isfinite(value)
    if not ok or value > high or value < low or (low_open and value == low):
        raise invalid(where, name, value, expected)


def flag(where: str, name: str, value: Any) -> None:
    if not isinstance(value, bool):
        raise invalid(where, name, value, f"True or False, e.g. {name}=True")


def choice(where: str, name: str, value: Any, choices: Iterable[str], *, optional: bool = False) -> None:
    options = list(choices)
    if value is None and optional:
        return
    if not isinstance(value, str) or value not in options:
        listed = ", ".join(repr(c) for c in options)
        raise invalid(where, name, value, f"one of {listed}{' or None' if optional else ''}")


def text(where: str, name: str, value: Any, *, example: str, optional: bool = False, empty: bool = False) -> None:
    """A `str` (non-empty unless `empty`); `None` too when `optional`."""
    if value is None and optional:
        return
    if not isinstance(value, str) or not (value or empty):
        kind = "a string" if empty else "a non-empty string"
        raise invalid(where, name, value, f"{kind}{' or None' if optional else ''}, e.g. {example}")


def function(where: str, name: str, value: Any, *, expected: str, optional: bool = False) -> None:
    if value is None and optional:
        return
    if not callable(value):
        raise invalid(where, name, value, expected)


def mapping(where: str, name: str, value: Any, *, expected: str, optional: bool = False) -> None:
    if value is None and optional:
        return
    if not isinstance(value, Mapping):
        raise invalid(where, name, value, expected)


def path(where: str, name: str, value: Any, *, expected: str = "a directory path (str or pathlib.Path)") -> None:
    if not isinstance(value, (str, Path)) or not str(value):
        raise invalid(where, name, value, expected)


def items(where: str, name: str, value: Any, *, expected: str) -> list[Any]:
    """A collection as a list; a lone string or a non-iterable is refused."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable) or isinstance(value, Mapping):
        raise invalid(where, name, value, expected)
    return list(value)


def each(where: str, name: str, values: list[Any], test: Callable[[Any], bool], *, expected: str) -> None:
    bad = next((v for v in values if not test(v)), _NONE)
    if bad is not _NONE:
        raise InvalidArgument(f"{where}() got {name} containing {shown(bad)}; pass {expected}")


_NONE = object()


def overrides(where: str, *, name: Any = None, description: Any = None, implementation: Any = None) -> None:
    """The `name=`, `description=` and `implementation=` overrides the importers share."""
    text(where, "name", name, optional=True, example='name="search_web"')
    text(where, "description", description, optional=True, empty=True, example='description="Search the web."')
    function(where, "implementation", implementation, optional=True,
             expected="the function that implements the tool, or None")
