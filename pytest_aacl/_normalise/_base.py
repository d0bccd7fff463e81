"""Shared pieces of the compiled plan: node protocol, sentinels, limits, text helpers.

A compiled schema node is a `Node`: `fn(value, path, errs)` returns the normalised
value (the *same object* when the value was already canonical), or `BAD` after appending
every `Correction` it found to `errs`, or `ABSENT` (nothing appended) when a non-nullable
node received a null-like value, so that the parent decides between "drop the optional
key" and "missing required field".  Nodes never call a method of a user object: values
are dispatched on `type(value)` only.
"""

from __future__ import annotations

import difflib
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .._errors import Correction, render_value

__all__ = [
    "ABSENT",
    "BAD",
    "CALL_BUDGET",
    "MAX_CORRECTIONS",
    "MAX_DEPTH",
    "MAX_PARSE_CHARS",
    "NULL_WORDS",
    "Node",
    "NodeFn",
    "UserPattern",
    "child_path",
    "clean_text",
    "closest",
    "fail",
    "is_null_word",
    "json_key",
    "plain_str",
    "timed_call",
]

#: Nesting deeper than this is `TOO_DEEP` (recursive `$ref` and free-form JSON values).
MAX_DEPTH = 64
#: Strings longer than this are never parsed as anything but strings.
MAX_PARSE_CHARS = 10_000
#: Longest text still read as a number, date or boolean (anything longer is not one).
MAX_SCALAR_CHARS = 400

#: Seconds one match of a schema's own `pattern` may take before the value is refused.
PATTERN_TIMEOUT = 0.1
#: Seconds all matches of a schema's own patterns may take together in one call.
CALL_BUDGET = 1.0
#: Corrections kept per call: a model is shown the first few, so 100,000 unexpected keys
#: must cost a bounded amount of work, not 100,000 suggestions.
MAX_CORRECTIONS = 100

NULL_WORDS = frozenset({"null", "none", "nil", "n/a", "na", "", "undefined"})


class _Sentinel:
    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        self._name = name

    def __repr__(self) -> str:
        return self._name


BAD: Any = _Sentinel("BAD")
ABSENT: Any = _Sentinel("ABSENT")

NodeFn = Callable[[Any, str, list[Correction]], Any]


@dataclass(eq=False)
class Node:
    """One compiled schema node.

    `fast` is a Python expression over the placeholder `V` that is true exactly when the
    value is already canonical for this node (so generated object code can skip the call),
    or None when no such cheap test exists.  `consts` are the names `fast` refers to.
    """

    fn: NodeFn
    expected: str
    fast: str | None = None
    consts: dict[str, Any] = field(default_factory=dict)
    #: a free-form string node: a string is a string, never a null word
    takes_text: bool = False
    nullable: bool = False
    #: the node's values can never contain a space (lets arrays split on whitespace)
    spaceless: bool = False
    numeric: bool = False
    #: `fast` as data, compiled by `_bulk` into the C tests for objects and lists; None: Python only
    bulk: tuple[Any, ...] | None = None


def fail(
    errs: list[Correction], code: str, path: str, expected: str, value: Any, hint: str | None = None
) -> Any:
    """Record one correction and return `BAD`, so nodes can `return fail(...)`."""
    if len(errs) >= MAX_CORRECTIONS:
        return BAD
    errs.append(Correction(code, path, expected, render_value(value), hint))
    return BAD


def child_path(path: str, key: str) -> str:
    """`filters.tags` style paths; keys that are not identifiers are shown quoted."""
    if key.isidentifier() and key.isascii():
        return f"{path}.{key}" if path else key
    return f"{path}[{render_value(key, 40)}]"


def plain_str(value: Any) -> str | None:
    """The value as an exact `str` (str subclasses copied without calling their methods)."""
    kind = type(value)
    if kind is str:
        return value
    if issubclass(kind, str):
        return str.__str__(value)
    return None


def clean_text(text: str) -> str:
    """Strip surrounding whitespace and one layer of matching quotes or backticks."""
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'`":
        text = text[1:-1].strip()
    return text


def is_null_word(value: Any) -> bool:
    if value is None:
        return True
    text = plain_str(value)
    return text is not None and len(text) <= 20 and clean_text(text).lower() in NULL_WORDS


def closest(received: str, candidates: dict[str, str]) -> str | None:
    """The allowed value closest to what was received, compared case-insensitively.

    `candidates` maps lower-cased texts (allowed values and their synonyms) to the allowed
    value to suggest.  Bounded: only the first 100 characters are compared, so a hostile
    1 MB value costs no more than a short one.
    """
    probe = received[:100].strip().lower()
    if not probe or not candidates:
        return None
    for key, option in candidates.items():
        if min(len(key), len(probe)) >= 3 and (key.startswith(probe) or probe.startswith(key)):
            return option
    match = difflib.get_close_matches(probe, [k for k in candidates if len(k) <= 100], n=1, cutoff=0.6)
    return candidates[match[0]] if match else None


def json_key(value: Any, depth: int = 0) -> Any:
    """A hashable key with JSON equality (1 == 1.0, true != 1, key order ignored).

    Total: never serialises (no int-digit limits), never calls a user object's methods;
    anything that is not JSON is only equal to itself.
    """
    kind = type(value)
    if kind is bool:
        return ("b", value)
    if kind is int or kind is float:
        return ("n", value)
    if kind is str:
        return ("s", value)
    if value is None:
        return ("z",)
    if depth <= MAX_DEPTH and kind is list:  # a tuple is not JSON: only equal to itself
        return ("l", tuple(json_key(x, depth + 1) for x in value))
    if depth <= MAX_DEPTH and kind is dict:
        return ("d", frozenset((k if type(k) is str else ("?", id(k)), json_key(x, depth + 1)) for k, x in dict.items(value)))
    return ("?", id(value))


class UserPattern:
    """A schema's own `pattern`, matched under a time bound.

    The boundary's own expressions are written to run in linear time, but a schema may
    carry a catastrophic one (`^(a+)+$` takes 38 s on 31 characters with `re`).  The
    `regex` engine can abandon a match after `PATTERN_TIMEOUT`; `search` then raises
    `TimeoutError` and the caller answers with a correction instead of hanging the tool.
    A pattern only `re` understands falls back to `re`, bounded by input length alone.
    """

    def __init__(self, pattern: str) -> None:
        import re

        import regex

        self.pattern = pattern
        self._checked = re.compile(pattern)  # the contract: what `re` accepts is valid
        try:
            self._timed: Any = regex.compile(pattern)
        except (regex.error, ValueError, TypeError):  # pragma: no cover (engine differences)
            self._timed = None

    def search(self, text: str) -> Any:
        if self._timed is None:  # pragma: no cover
            return self._checked.search(text)
        deadline = getattr(_CALL, "deadline", None)
        if deadline is None:
            return self._timed.search(text, timeout=PATTERN_TIMEOUT)
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError("the call's time for patterns is spent")
        return self._timed.search(text, timeout=min(PATTERN_TIMEOUT, remaining))


_CALL = threading.local()


class timed_call:
    """Within it, every `UserPattern.search` of this thread shares one `CALL_BUDGET`:
    a hundred slow items cost one budget, not a hundred per-match bounds."""

    __slots__ = ("_outer",)

    def __enter__(self) -> None:
        self._outer = getattr(_CALL, "deadline", None)
        if self._outer is None:
            _CALL.deadline = time.monotonic() + CALL_BUDGET

    def __exit__(self, *exc: object) -> None:
        _CALL.deadline = self._outer

