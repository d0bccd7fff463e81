"""Find a plain call the tool accepts before the coverage phase builds on it.

The coverage phase changes one field at a time of one realistic base call.  When the tool
refuses that call, every change of it is refused too and nothing past the tool's first check
is tested: a base setting every optional field refused by a rule among them ("either a
date or a range"), a realistic name that is not the kind of name the tool wants.  So the
base is tried first, then a few calls near it: each optional field left out, only the
required ones, each field given its other realistic values; the first one the tool accepts
becomes the base of every coverage case of the run.  A handful of calls, once per tool.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

from ._call import Call
from ._reach import error_answer, refused_argument

__all__ = ["accept", "accepted_base", "forget"]

#: calls tried at most, the plain one included
_TRIES = 16


def accepted_base(spec: Any, call: Callable[[dict[str, Any]], Call]) -> dict[str, Any] | None:
    """The first call near the realistic base that `call` answers normally, or None (the
    base itself accepted, or nothing near it was)."""
    from .strategies import _root  # lazy: the strategies load hypothesis, whose start-up costs
    from .strategies._base import base_call, candidates  # lazy: as above
    from .strategies._canonical import validator  # lazy: as above

    try:
        root = _root(spec)[1]
        base = base_call(root)
    except Exception:  # an exotic schema: the coverage phase says what it can do
        return None
    if not isinstance(base, dict):
        return None
    valid = validator(root).is_valid
    first = call(base)
    if _accepted(first):
        return None
    tried = {_key(base)}
    for candidate in _near(base, root, first, candidates):
        if len(tried) >= _TRIES:
            break
        if _key(candidate) in tried or not valid(candidate):
            continue
        tried.add(_key(candidate))
        if _accepted(call(candidate)):
            return candidate
    return None


def _near(base: dict[str, Any], root: Any, refused: Call, candidates: Any) -> Iterator[dict[str, Any]]:
    """Calls near `base`, the likeliest to get past a refusal first."""
    optional = [k for k in base if k not in root.required]
    about = refused_argument(base, refused.message, refused.error)
    # the field the refusal names, given its other realistic values
    for name in [about] if about in base else []:
        for value in candidates(root.props[name], name)[1:6] if name in root.props else []:
            yield {**base, name: value}
    for name in optional:  # a rule among optional fields ("a date or a range, not both")
        yield {k: v for k, v in base.items() if k != name}
    yield {k: v for k, v in base.items() if k in root.required}
    for name in [k for k in base if k != about and k in root.props]:
        for value in candidates(root.props[name], name)[1:3]:
            yield {**base, name: value}


def _accepted(call: Call) -> bool:
    return call.outcome == "returned" and not error_answer(call.result)


def _key(args: dict[str, Any]) -> str:
    return json.dumps(args, sort_keys=True, default=repr)


def accept(spec: Any, base: dict[str, Any]) -> None:
    """Make `base` the base call of every coverage case built for `spec` from now on."""
    from .strategies import _root  # lazy: hypothesis costs start-up
    from .strategies._base import ACCEPTED, accepted_key  # lazy: as above

    ACCEPTED[accepted_key(_root(spec)[1])] = base


def forget(spec: Any) -> None:
    from .strategies import _root  # lazy: hypothesis costs start-up
    from .strategies._base import ACCEPTED, accepted_key  # lazy: as above

    if ACCEPTED:
        try:
            ACCEPTED.pop(accepted_key(_root(spec)[1]), None)
        except Exception:
            ACCEPTED.clear()
