"""Separated text read as list items (`"a.com, b.com"`, bullet lines), or a correction.

Splitting is a reading of the text, so it is done only where every careful reader
would agree on the items.  Text that holds brackets or parentheses outside quotes is
code or a nested value (`"sort_list(elements=['apple', 'banana'])"`, `"f(a, b)"`):
splitting it on its commas would silently hand the tool fragments, so it is a correction
unless it holds no separator at all (then it is one item).  A quoted item keeps its
separators (`'"a, b", "c"'` is two items); an unclosed quote, or one opened inside an
item that runs past a separator, is a correction.  An
apostrophe inside a word (`don't`, `90's`) is not a quote.
"""

from __future__ import annotations

import re

from ._base import Node
from ._numbers import _DECIMAL_COMMA, _GROUPED

__all__ = ["split_text"]

_AND = re.compile(r"(?<!\S)and(?!\S)|&", re.IGNORECASE)  # no quantifiers: linear on any text
_BULLET = re.compile(r"^(?:[-*\u2022]|\d{1,3}[.)])\s+")
_SPECIAL = re.compile(r"[()\[\]{}\"'`]")
_QUOTES = "\"'`"
_CODE_HINT = "The text holds brackets or quotes (code or a nested value), so its items cannot be told apart; send a JSON list of the items, such as [\"a\", \"b\"]."
_UNCLOSED_HINT = "The list is not closed with ]; send a complete JSON list such as [\"a\", \"b\"]."
_NUMBER_HINT = "Send a JSON list such as [1, 2], or one number without separators."


def _scan(s: str) -> tuple[set[str], bool, list[int]] | None:
    """Separators outside quotes, whether brackets occur outside quotes, and the quote
    spans' boundaries; None when a quote is never closed, or when a quote opened inside
    an item (`students' books, ...`) runs past a separator."""
    seps: set[str] = set()
    brackets = False
    bounds: list[int] = []
    quote = ""
    inside = False  # the open quote started in the middle of an item
    at_start = True  # only whitespace since the last separator
    last = len(s) - 1
    for i, ch in enumerate(s):
        if quote:
            if ch == quote:
                quote = ""
                bounds.append(i)
            elif inside and ch in "\n;,":
                return None
            continue
        if ch in _QUOTES:
            if ch == "'" and 0 < i < last and s[i - 1].isalnum() and s[i + 1].isalnum():
                at_start = False
                continue  # an apostrophe inside a word
            quote, inside = ch, not at_start
            bounds.append(i)
        elif ch in "()[]{}":
            brackets = True
        elif ch in "\n;,":
            seps.add(ch)
            at_start = True
            continue
        elif ch.isspace():
            seps.add(" ")
            continue
        at_start = False
    return None if quote else (seps, brackets, bounds)


def _cut(s: str, sep: str, bounds: list[int]) -> list[str]:
    """`s.split(sep)`, except inside the quote spans."""
    if not bounds:
        return s.split(sep)
    parts: list[str] = []
    start = 0
    spans = [(bounds[k], bounds[k + 1]) for k in range(0, len(bounds), 2)]  # pairs: the scan closed every quote
    j = 0
    i = s.find(sep)
    while i != -1:
        while j < len(spans) and spans[j][1] < i:
            j += 1
        if j < len(spans) and spans[j][0] < i:  # inside a quote span: skip past it
            i = s.find(sep, spans[j][1] + 1)
            continue
        parts.append(s[start:i])
        start = i + 1
        i = s.find(sep, start)
    parts.append(s[start:])
    return parts


def _unquote(part: str) -> str:
    """Surrounding whitespace and one layer of matching quotes, when they enclose it all."""
    p = part.strip()
    if len(p) >= 2 and p[0] == p[-1] and p[0] in _QUOTES and p[0] not in p[1:-1]:
        p = p[1:-1].strip()
    return p


def _has_separator(s: str, spaceless: bool) -> bool:
    return any(c in s for c in "\n;,") or (spaceless and any(c.isspace() for c in s))


def split_text(text: str, item: Node) -> list[str] | tuple[str, str]:
    """Separated text -> item texts, or `(code, hint)` when no single reading exists."""
    s = text.strip()
    if item.numeric and ("," in s or " " in s or "_" in s):
        if any(g.fullmatch(s) for g in _GROUPED) or _DECIMAL_COMMA.fullmatch(s):
            return "AMBIGUOUS_VALUE", _NUMBER_HINT
    if s[:1] == "[":
        if s[-1:] != "]":
            return "TYPE_ERROR", _UNCLOSED_HINT  # a list cut short: its items cannot be trusted
        s = s[1:-1]
    bounds: list[int] = []
    if _SPECIAL.search(s):
        scanned = _scan(s)
        if scanned is None:
            return ("AMBIGUOUS_VALUE", _CODE_HINT) if _has_separator(s, item.spaceless) else [s]
        seps, brackets, bounds = scanned
        if brackets:
            if seps - ({" "} if not item.spaceless else set()):
                return "AMBIGUOUS_VALUE", _CODE_HINT
            return [s]
        first = "\n" if "\n" in seps else ";" if ";" in seps else "," if "," in seps else None
    else:
        first = "\n" if "\n" in s else ";" if ";" in s else "," if "," in s else None
    if first == "\n":
        parts = [_BULLET.sub("", line.strip(), count=1) for line in _cut(s, "\n", bounds)]
    elif first is not None:
        parts = _cut(s, first, bounds)
    else:
        parts = [s]
    if item.spaceless:
        parts = [word for part in parts for chunk in _AND.split(part) for word in chunk.split()]
    items = []
    for part in parts:
        text = _unquote(part)
        if text:
            items.append(text)
    return items
