"""Field names that open and close a range: `start_date` / `end_date`, `from` / `to`,
`min_price` / `max_price`.

The generator sends a closing value before its opening one (`strategies/_described.py`), and
`rejects_invalid` reads the same pairs to judge what reached the implementation; both ask
here, so they agree on what a range is.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["range_pairs"]

#: name tokens that open and close a range: `start_date` / `end_date`, `minPrice` / `maxPrice`
_OPENS_CLOSES = (("start", "end"), ("from", "to"), ("since", "until"), ("begin", "end"), ("min", "max"),
                 ("earliest", "latest"), ("after", "before"), ("low", "high"), ("lower", "upper"), ("join", "leave"),
                 ("arrival", "departure"))
_TOKEN = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def _tokens(name: str) -> tuple[str, ...]:
    return tuple(t.casefold() for t in _TOKEN.findall(name))


def range_pairs(names: Any) -> list[tuple[str, str]]:
    """(opening, closing) field names whose tokens differ in one range word (`start_date`,
    `end_date`; `from`, `to`; `min_price`, `max_price`)."""
    by_tokens = {_tokens(n): n for n in names if isinstance(n, str)}
    out = []
    for tokens, name in by_tokens.items():
        for i, token in enumerate(tokens):
            for opens, closes in _OPENS_CLOSES:
                if token == opens:
                    other = by_tokens.get((*tokens[:i], closes, *tokens[i + 1:]))
                    if other is not None:
                        out.append((name, other))
    return out
