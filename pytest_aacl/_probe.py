"""Find a plain call the tool accepts before the coverage phase builds on it.

The coverage phase changes one field at a time of one realistic base call.  When the tool
refuses that call, every change of it is refused too and nothing past the tool's first check
is tested: a base setting every optional field refused by a rule among them ("either a
date or a range"), a realistic name that is not the kind of name the tool wants.  So the
base is tried first, then a few calls near it: the refused field given the values its refusal
offers ("available: Home, Work"), every field the schema gives a default at that default, only
the required ones, the refused field's other realistic values, each optional field left out,
each other field given its other realistic values; the first one
the tool accepts becomes the base of every coverage case of the run.  A call refused by a later
check than the one before (another field named) is the next step's base, as a model retries
field by field.  At most `_TRIES` calls, once per tool.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

from ._call import Call
from ._reach import error_answer, refused_argument

__all__ = ["accept", "accepted_base", "forget", "offered_values"]

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
    current = call(base)
    if _accepted(current):
        return None
    tried = {_key(base)}
    while len(tried) < _TRIES:
        about = refused_argument(base, current.message, current.error)
        moved = False
        for changed, candidate in _near(base, root, current, about, candidates):
            if len(tried) >= _TRIES:
                break
            if _key(candidate) in tried or not valid(candidate):
                continue
            tried.add(_key(candidate))
            answer = call(candidate)
            if _accepted(answer):
                return candidate
            now = refused_argument(candidate, answer.message, answer.error)
            if about and changed and now != about and (not now or now != changed) and answer.message != current.message:
                # (a call that changed many fields at once, defaults or required only, is no step)
                # past the check that refused `about`, stopped by a later one: go on from here
                base, current, moved = candidate, answer, True
                break
        if not moved:
            break
    return None


def _near(base: dict[str, Any], root: Any, refused: Call, about: str,
          candidates: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    """(field changed, call) near `base`, the likeliest to get past a refusal first."""
    optional = [k for k in base if k not in root.required]
    # the field the refusal names, given the values the refusal offers
    for name in [about] if about in base else []:
        for value in [v for v in offered_values(refused.message) if v != base[name]]:
            yield name, {**base, name: value}
    # the schema's own defaults, then the defaults the tool applies itself: the author's values
    # (trial 13, mathmethods-mcp: 2.5 for every number made a = b and t0 = t_fin, and 18 of 29
    # tools reached nothing, while the call with no optional argument was answered)
    defaults = {k: prop.schema["default"] for k, prop in root.props.items()
                if k in base and isinstance(prop.schema, dict) and "default" in prop.schema}
    if any(base[k] != v for k, v in defaults.items()):
        yield "", {**base, **defaults}
    yield "", {k: v for k, v in base.items() if k in root.required}
    for name in [about] if about in base and about in root.props else []:  # its other realistic values
        for value in candidates(root.props[name], name)[1:6]:
            yield name, {**base, name: value}
    for name in optional:  # a rule among optional fields ("a date or a range, not both")
        yield name, {k: v for k, v in base.items() if k != name}
    for name in [k for k in base if k != about and k in root.props]:
        for value in candidates(root.props[name], name)[1:3]:
            yield name, {**base, name: value}


#: where a refusal lists what it would accept ("(available: Home, Work)", "must be one of: a, b")
_OFFER = re.compile(r"(?:available|valid (?:values|options|choices)|(?:must be |expected )?one of|allowed(?: values)?|"
                    r"supported(?: values)?|choose from|options|choices)\s*(?:are|is)?\s*[:=]?\s*([\[({]?)(.+)", re.I)


def offered_values(message: str) -> list[str]:
    """The values a refusal says it would accept, in its order (at most 8): a model retries with
    one of them, so the probe does too (cal-scheduler-mcp: "calendar 'example' not found ...
    (available: Home, Work)", and nothing reached the tool)."""
    match = _OFFER.search(message or "")
    if match is None:
        return []
    closing = {"[": "]", "(": ")", "{": "}"}.get(match.group(1), "")
    text = match.group(2)
    end = text.find(closing) if closing else -1
    text = text[:end] if end >= 0 else re.split(r"\.(?:\s|$)|;|\)|\n", text, maxsplit=1)[0]
    out = []
    for part in re.split(r",|\s+or\s+|\|", text):
        value = part.strip().strip("'\"`").strip()
        if value and len(value) <= 40 and value.lower() not in ("etc", "...", "none") and value not in out:
            out.append(value)
    return out[:8]


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
