"""Strings for `pattern`s: one pattern through Hypothesis' `from_regex`, several at once
(an `allOf` of patterns) by writing a literal start or end onto the others' strings."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import strategies as st
from hypothesis.errors import HypothesisException

__all__ = ["compiles", "length", "regex", "regexes"]

_ASCII = st.characters(codec="ascii", min_codepoint=32, max_codepoint=126)


def compiles(pattern: str) -> bool:
    try:
        re.compile(pattern)
    except re.error:
        return False
    return True


def length(lo: int, hi: int | None) -> Any:
    return lambda v: lo <= len(v) <= (hi if hi is not None else math.inf)


def regex(pattern: str, lo: int, hi: int | None) -> st.SearchStrategy[str]:
    """Strings `re.search`-matching `pattern` (jsonschema's semantics), printable ASCII
    where the pattern allows it, within the length bounds."""
    try:
        compiled = re.compile(pattern)
    except re.error:
        return st.nothing()
    fits = length(lo, hi)
    for kwargs in ({"fullmatch": True, "alphabet": _ASCII}, {"fullmatch": True}, {}):
        try:
            strategy = st.from_regex(compiled, **kwargs)  # type: ignore[call-overload]
            strategy.validate()
        except (HypothesisException, re.error, ValueError):
            continue
        return strategy.filter(lambda v: compiled.search(v) is not None and fits(v))
    return st.nothing()


def regexes(patterns: list[str], lo: int, hi: int | None, *, also: Sequence[st.SearchStrategy[str]] = (),
            check: Callable[[str], bool] | None = None) -> st.SearchStrategy[str]:
    """Strings matching every one of `patterns` (an `allOf` of `pattern`s), drawn from each
    in turn and from `also` (a format's strings), meeting `check` too.  A pattern that only
    fixes a literal start or end (STIX's `^url--` beside the identifier pattern, swagger's
    `^http://` on a uri) is also written onto the others' strings: drawn from one and
    checked against the other, nearly none passed."""
    if not all(compiles(p) for p in patterns):
        return st.nothing()
    heads = [h for h in (literal_end(p, head=True) for p in patterns) if h]
    tails = [t for t in (literal_end(p, head=False) for p in patterns) if t]
    fits = length(lo, hi)

    def met(value: str) -> str | None:
        # the literal in front of each suffix (the rest of `^[a-z]+--[0-9]{4}$` after `url--`
        # is a suffix of one of its strings), behind each prefix; the first that meets all
        candidates = [value]
        for head in heads:
            candidates += [head + c[k:] for c in candidates[:4] for k in range(min(len(c), 40) + 1)]
        for tail in tails:
            candidates += [c[:k] + tail for c in candidates[:4] for k in range(len(c), max(len(c) - 41, -1), -1)]
        return next((c for c in candidates if fits(c) and all(re.search(p, c) for p in patterns)
                     and (check is None or check(c))), None)

    drawn = st.one_of([*also, *(regex(p, 0, None) for p in patterns)])
    return drawn.map(met).filter(lambda v: v is not None)  # type: ignore[return-value]


_LITERAL = r"(?:[^\\.^$*+?{}\[\]|()]|\\[-.^$*+?{}\[\]|()/\\])+"


def literal_end(pattern: str, *, head: bool) -> str:
    """The text a pattern that is only `^literal` (or only `literal$`) requires, or ''."""
    found = re.fullmatch(rf"\^({_LITERAL})" if head else rf"({_LITERAL})\$", pattern)
    return re.sub(r"\\(.)", r"\1", found.group(1)) if found else ""
