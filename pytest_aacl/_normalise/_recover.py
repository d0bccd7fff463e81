"""Second readings of a value its node refused: the wrappers models put around a value.

Seen in real function-calling output: a string sent as a one-item list
(`["New York City"]`), a value wrapped in an object keyed by its own parameter name
(`{"location": "Seattle"}`), and typed wrappers (`{"type": "float", "value": 1}`).
Each is tried only after the node refused the value as sent, so a value that is valid
as sent always keeps its first reading.  One layer is removed, never more, and the
unwrapped value must be read by the same node without any correction; a typed wrapper
must also agree with the schema (its `type` names the kind of value the node produced).
Anything else keeps the node's first corrections.
"""

from __future__ import annotations

from typing import Any

from .._errors import Correction
from ._base import ABSENT, BAD, NodeFn

__all__ = ["recover"]

_SCALARS = (str, int, float, bool)
#: the type words models put in `{"type": ..., "value": ...}` -> the JSON kinds they agree with
_AGREES: dict[str, tuple[type, ...]] = {
    "string": (str,), "str": (str,), "text": (str,),
    "integer": (int,), "int": (int,),
    "number": (int, float), "float": (int, float), "double": (int, float), "decimal": (int, float),
    "boolean": (bool,), "bool": (bool,),
    "array": (list,), "list": (list,),
    "object": (dict,), "dict": (dict,),
}


def _inner(value: Any, name: str | None) -> tuple[Any, str | None]:
    """The wrapped value and the type word it declares (or `BAD` when `value` wraps nothing)."""
    kind = type(value)
    if kind is list:
        if len(value) == 1 and type(value[0]) in _SCALARS:
            return value[0], None
        return BAD, None
    if kind is not dict or not 1 <= len(value) <= 2:
        return BAD, None
    if len(value) == 1:
        key, inner = next(iter(dict.items(value)))
        return (inner, None) if name is not None and type(key) is str and key == name else (BAD, None)
    word = value.get("type") if all(type(k) is str for k in value) else None
    if type(word) is str and "value" in value and word.strip().lower() in _AGREES:
        return value["value"], word.strip().lower()
    return BAD, None


def recover(fn: NodeFn, value: Any, name: str | None, path: str, errs: list[Correction]) -> Any:
    """`fn`'s reading of the value inside a wrapper, or `BAD` with `fn`'s first corrections.

    The last corrections in `errs` are the ones `fn` just gave for `value` itself; they
    are dropped only when the unwrapped value reads cleanly (counted by reading `value`
    again, so the hot path never has to note where they start).  `name` is the
    parameter's own name (None for list items, which have none).
    """
    inner, word = _inner(value, name)
    if inner is BAD:
        return BAD
    local: list[Correction] = []
    result = fn(inner, path, local)
    if local or result is BAD or result is ABSENT:
        return BAD
    if word is not None and type(result) not in _AGREES[word]:  # exact types: True is no number
        return BAD
    first: list[Correction] = []
    fn(value, path, first)  # nodes are pure: the same corrections as the first reading
    del errs[len(errs) - len(first):]
    return result
