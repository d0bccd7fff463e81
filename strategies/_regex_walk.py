"""The simplest string a regular expression matches in full, without Hypothesis.

The base call needs one valid value for a `pattern` no realistic value fits; `hypothesis.find`
inside a user's `@given` would fail its nested-given check, so the parsed pattern is walked
instead: first branch, first class member, minimum repeats.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["simplest_match"]


def simplest_match(pattern: str) -> str | None:
    """The simplest string the regex matches in full (first branch, first class member,
    minimum repeats); None for constructs this walker does not know."""
    try:
        import re._parser as sre_parse  # type: ignore[import-not-found]
    except ImportError:  # pragma: no cover (Python 3.10)
        import sre_parse  # type: ignore[no-redef]
    try:
        parsed = sre_parse.parse(pattern)
        return "".join(_walk_regex(parsed))
    except (re.error, ValueError, TypeError, IndexError, RecursionError):
        return None


_CATEGORY_CHARS = {"CATEGORY_DIGIT": "0", "CATEGORY_WORD": "a", "CATEGORY_SPACE": " ",
                   "CATEGORY_NOT_DIGIT": "a", "CATEGORY_NOT_WORD": "-", "CATEGORY_NOT_SPACE": "a"}


def _walk_regex(items: Any) -> list[str]:
    out: list[str] = []
    for op, arg in items:
        name = str(op)
        if name == "LITERAL":
            out.append(chr(arg))
        elif name == "ANY":
            out.append("a")
        elif name == "IN":
            out.append(_class_member(arg))
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            low, _high, inner = arg
            out += _walk_regex(inner) * max(low, 0)
        elif name == "SUBPATTERN":
            out += _walk_regex(arg[-1])
        elif name == "ATOMIC_GROUP":
            out += _walk_regex(arg)
        elif name == "BRANCH":
            out += _walk_regex(arg[1][0])
        elif name == "AT":
            continue
        else:
            raise ValueError(name)  # lookarounds, back-references: give up
    return out


def _class_member(members: Any) -> str:
    if members and str(members[0][0]) == "NEGATE":
        raise ValueError("negated class")
    for op, arg in members:
        name = str(op)
        if name == "LITERAL":
            return chr(arg)
        if name == "RANGE":
            return chr(arg[0])
        if name == "CATEGORY":
            return _CATEGORY_CHARS.get(str(arg), "a")
    raise ValueError("empty class")
