"""The parts of a tool's answer that change from call to call: learnt, then masked.

A black-box tool's answer may carry a counter, an id or a timestamp that differs between
two calls with the same arguments.  Comparing the answer to a rendering with the answer to
the intended value must not call that a corruption.  So the intended call is repeated, the
two answers are diffed leaf by leaf (JSON text inside a string is read as JSON), and each
leaf that changed is masked: a string whose only changes are numbers, ids or timestamps
keeps its wording with just the changed tokens masked; any other changed leaf is masked whole.
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["Mask", "apply_mask", "learn_mask", "masks_everything"]

#: timestamps, UUIDs, long hex ids, then any number: the tokens a repeated call may change
_TOKEN = re.compile(
    r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?"
    r"|\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?"
    r"|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
    r"|\b[0-9a-fA-F]{12,}\b"
    r"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?"
)
_WHOLE = "whole"

#: path -> "whole", or the indices of the tokens that changed within a string
Mask = dict[tuple[Any, ...], Any]


def _parsed(value: Any) -> Any:
    if isinstance(value, str) and value[:1] in "{[":
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


def _split(text: str) -> tuple[list[str], list[str]]:
    """(the wording between tokens, the tokens)."""
    return _TOKEN.split(text), _TOKEN.findall(text)


def learn_mask(first: Any, second: Any) -> Mask:
    """Where two answers to the same call differ: path -> how to mask it."""
    mask: Mask = {}
    _diff(_parsed(first), _parsed(second), (), mask)
    return mask


def _diff(a: Any, b: Any, path: tuple[Any, ...], mask: Mask) -> None:
    a, b = _parsed(a), _parsed(b)
    if isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys():
        for key in a:
            _diff(a[key], b[key], (*path, key), mask)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _diff(x, y, (*path, i), mask)
    elif a != b:
        if isinstance(a, str) and isinstance(b, str):
            (words_a, tokens_a), (words_b, tokens_b) = _split(a), _split(b)
            if words_a == words_b and len(tokens_a) == len(tokens_b):  # same wording, some tokens changed
                mask[path] = frozenset(i for i, (x, y) in enumerate(zip(tokens_a, tokens_b, strict=True)) if x != y)
                return
        mask[path] = _WHOLE


def apply_mask(value: Any, mask: Mask) -> Any:
    """`value` with every masked part replaced, ready to compare with another masked answer."""
    return _apply(value, (), mask) if mask else value


def _apply(value: Any, path: tuple[Any, ...], mask: Mask) -> Any:
    how = mask.get(path)
    if how == _WHOLE:
        return "<varies>"
    value = _parsed(value)
    if isinstance(how, frozenset) and isinstance(value, str):
        words, tokens = _split(value)
        out = [words[0]]
        for i, token in enumerate(tokens):
            out += ["#" if i in how else token, words[i + 1]]
        return "".join(out)
    if isinstance(value, dict):
        return {k: _apply(v, (*path, k), mask) for k, v in value.items()}
    if isinstance(value, list):
        return [_apply(v, (*path, i), mask) for i, v in enumerate(value)]
    return value


def masks_everything(value: Any, mask: Mask) -> bool:
    """True when no part of `value` is left to compare once `mask` is applied."""
    return bool(mask) and not _kept(_apply(value, (), mask))


def _kept(value: Any) -> bool:
    if isinstance(value, dict):
        return any(_kept(v) for v in value.values())
    if isinstance(value, list):
        return any(_kept(v) for v in value)
    return value != "<varies>"
