"""The random phase of `hallucinated()`, stratified: the family first, then the place.

Drawing places uniformly let the most common families crowd out the rest (before: 55 % of
labels null_for_optional on a 5-field tool); drawing the family first gives each one an
equal share.  When the random call has no place that renders the drawn family, the coverage
pool's value for it is grafted in (or a fresh value of the same node that renders).  Most
calls re-render a single field: a field the tool rightly refuses would hide silent
corruption in another.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import reject
from hypothesis import strategies as st

from ._base import Path, base_call, copy_json, get_at, graft
from ._canonical import strategy, validator
from ._coverage import hallucination_pool
from ._hallucinated import (
    _calls,
    _choose,
    _enough,
    _finish,
    _overlaps,
    _rich,
    _Slot,
    _slots,
    field_renderings,
    possible_families,
)
from ._records import HallucinatedCall
from ._schema import Node
from .families import FAMILIES, RANK
from .families import Family as F

__all__ = ["build_hallucinated"]


def build_hallucinated(root: Node, allowed: frozenset[str], min_fields: int) -> st.SearchStrategy[HallucinatedCall]:
    pool: dict[str, list[Any]] = {}
    for case in hallucination_pool(root):
        if case.family in allowed:
            pool.setdefault(case.family, []).append(case)
    base = base_call(root)
    if not pool or base is None:
        return _calls(root, allowed, min_fields)
    families = sorted(pool, key=RANK.__getitem__)  # shrinks towards the simplest family
    return _stratified(root, allowed, min_fields, _Plan(families, pool, base))


@dataclass(frozen=True, eq=False)
class _Plan:
    """The families to draw from and the coverage cases to graft (a short repr, because
    Hypothesis prints strategy arguments in its reports)."""

    families: list[str]
    pool: dict[str, list[Any]]
    base: dict[str, Any]

    def __repr__(self) -> str:
        return f"<{len(self.families)} families>"


#: how many fields beyond the first a random call re-renders: mostly none, because a field
#: the tool rightly refuses hides silent corruption in another one
_EXTRA_FIELDS = (0, 0, 0, 0, 0, 0, 1, 2)


@st.composite
def _stratified(draw: st.DrawFn, root: Node, allowed: frozenset[str], min_fields: int, plan: _Plan) -> HallucinatedCall:
    """The family first (uniformly among those the schema allows), then a place that renders
    in it: one of the random call's own, or the coverage pool's value grafted into it."""
    pool, base = plan.pool, plan.base
    family = draw(st.sampled_from(plan.families))
    intended = draw(strategy(root))
    only = frozenset({family})
    first = _pick(draw, _candidates(intended, root, family, only), only)
    if first is None:
        case = pool[family][draw(st.integers(0, len(pool[family]) - 1))]
        if not _plant(intended, base, case) or (_checked(root) and not validator(root).is_valid(intended)):
            intended = copy_json(base)
            _plant(intended, base, case)
        node = _node_at(root, case.path) if case.where == "value" else None
        rich = _rich(node) if node is not None and not _checked(root) else None
        if rich is not None:  # a fresh value when one renders in the family, for variety
            fresh = draw(rich)
            if any(r.family == family for r in field_renderings(fresh, node, case.path)):
                get_at(intended, case.path[:-1])[case.path[-1]] = fresh
        slots = [s for s in _candidates(intended, root, family, only)
                 if s.path == case.path and s.where == case.where and s.resolve(only)]
        if not slots:  # pragma: no cover (the pool's own value renders by construction)
            reject()
        first = slots[0]
    chosen = [first]
    need = max(min_fields - 1, draw(st.sampled_from(_EXTRA_FIELDS)))
    if need:
        others: list[_Slot] = []
        _slots(intended, root, (), allowed, others, len(allowed) == len(FAMILIES))
        others = [s for s in others if not _overlaps(s.path, first.path)]
        if _enough(others, need):
            chosen += _choose(draw, others, allowed, need)
        if len(chosen) < min_fields:
            return draw(_calls(root, allowed, min_fields))
    return _finish(draw, intended, chosen, allowed)


def _candidates(intended: dict[str, Any], root: Node, family: str, only: frozenset[str]) -> list[_Slot]:
    """The places of `intended` that may render in `family` (not rendered yet: cheap)."""
    slots: list[_Slot] = []
    _slots(intended, root, (), only, slots, True)
    return [s for s in slots if s.where != "value" or family in _own(s.node)]


def _pick(draw: st.DrawFn, slots: list[_Slot], only: frozenset[str]) -> _Slot | None:
    """A place that renders: a drawn field first, then a drawn place in it; the next ones in
    turn when it does not render (so only about one place is rendered per call)."""
    groups: dict[Any, list[_Slot]] = {}
    for slot in slots:
        groups.setdefault(slot.path[0], []).append(slot)
    if not groups:
        return None
    names = list(groups)
    start = draw(st.integers(0, len(names) - 1)) if len(names) > 1 else 0
    for turn in range(len(names)):
        group = groups[names[(start + turn) % len(names)]]
        offset = draw(st.integers(0, len(group) - 1)) if len(group) > 1 else 0
        for step in range(len(group)):
            slot = group[(offset + step) % len(group)]
            if slot.resolve(only):
                return slot
    return None


def _own(node: Node | None) -> set[str]:
    """Families a value at `node` may render in (a cheap, cached over-approximation)."""
    if node is None:
        return set()
    found = node.cache.get("own-families")
    if found is None:
        found = possible_families(node, True, node)
        if node.kind == "object":  # its fields are slots of their own
            found = {F.OBJECT_JSON_STRING, F.OBJECT_CODE_FENCE, F.OBJECT_PYTHON_LITERAL, F.NULL_WORDS} & found
        elif node.kind == "array":  # so are its items
            found = {f for f in found if f.startswith("list_") or f in (F.VALUE_NAMED_OBJECT, F.NULL_WORDS)}
        node.cache["own-families"] = found
    return found


def _plant(intended: dict[str, Any], base: dict[str, Any], case: Any) -> bool:
    """Put the coverage case's intended value (or absence) at its place in `intended`."""
    *parents, last = case.path
    if not graft(intended, base, case.path if case.where != "absent" else tuple(parents)):
        return False
    holder = intended
    for part in parents:
        holder = holder[part]
    if case.where == "absent":
        holder.pop(last, None)
    elif case.where == "value":
        holder[last] = copy_json(case.value)
    return True


def _node_at(root: Node, path: Path) -> Node | None:
    node: Node | None = root
    for part in path:
        if node is None:
            return None
        if isinstance(part, int):
            node = node.prefix[part] if part < len(node.prefix) else node.items
        else:
            node = node.props.get(part)
    return node


def _checked(root: Node) -> bool:
    """Whether a grafted call must be validated again (keywords tying fields together)."""
    found = root.cache.get("graft-check")
    if found is None:
        found = root.cache["graft-check"] = _tied(root, set())
    return found


def _tied(node: Node, seen: set[int]) -> bool:
    if id(node) in seen:
        return False
    seen.add(id(node))
    if node.exotic or node.filtered or node.branches:
        return True
    children = [*node.props.values(), *node.prefix, *([node.items] if node.items else [])]
    return any(_tied(c, seen) for c in children)
