"""`hallucinated()`: draw the intended call first, then re-render some of its fields.

A slot is one place in the intended arguments that can be written differently: a value
(rendered by `_render.render`), a key (KEY_CASE) or an absent optional field
(NULL_FOR_OPTIONAL).  Slots are chosen so that no chosen slot contains another, which keeps
every label independent: undoing one label never depends on another.
"""

from __future__ import annotations

import copy
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from hypothesis import event, reject
from hypothesis import strategies as st

from . import families as F
from ._canonical import strategy
from ._records import ABSENT, HallucinatedCall, Label, format_path
from ._render import key_variants, null_for_optional, render
from ._scalars import Rendering
from ._schema import Node

__all__ = ["build_hallucinated", "possible_families"]

Path = tuple[str | int, ...]
_STRIPPED = frozenset({"email", "uri", "hostname", "ipv4", "uuid"})


@dataclass(frozen=True)
class _Slot:
    path: Path
    options: tuple[Rendering, ...]
    where: str  # "value", "key" or "absent"
    original: Any


def _slots(value: Any, node: Node, path: Path, allowed: Collection[str], out: list[_Slot]) -> None:
    if path:
        options = tuple(r for r in render(value, node) if r[0] in allowed and r[0] != F.KEY_CASE)
        if options:
            out.append(_Slot(path, options, "value", value))
    if node.kind == "object" and isinstance(value, dict):
        for key, child in node.props.items():
            here = (*path, key)
            if key in value:
                _slots(value[key], child, here, allowed, out)
                if F.KEY_CASE in allowed:
                    variants = tuple((F.KEY_CASE, v, False) for v in key_variants(key, node))
                    if variants:
                        out.append(_Slot(here, variants, "key", key))
            elif key not in node.required and not child.nullable and not child.never and not node.exotic:
                options = tuple(r for r in null_for_optional(child) if r[0] in allowed)
                if options:
                    out.append(_Slot(here, options, "absent", ABSENT))
    elif node.kind == "array" and isinstance(value, list):
        for index, item in enumerate(value):
            child = node.prefix[index] if index < len(node.prefix) else node.items
            if child is not None:
                _slots(item, child, (*path, index), allowed, out)


def _overlaps(a: Path, b: Path) -> bool:
    short = min(len(a), len(b))
    return a[:short] == b[:short]


def _disjoint(slots: list[_Slot]) -> int:
    """How many slots can be chosen together (a greedy count over the deepest ones)."""
    taken: list[Path] = []
    for slot in sorted(slots, key=lambda s: -len(s.path)):
        if not any(_overlaps(slot.path, p) for p in taken):
            taken.append(slot.path)
    return len(taken)


def _steer(node: Node, allowed: Collection[str]) -> st.SearchStrategy[Any]:
    """Values of `node` that have at least one rendering in `allowed` (for the top-up)."""
    key = "steer:" + ",".join(sorted(allowed))
    cached = node.cache.get(key)
    if cached is None:
        base = strategy(node)
        plain = node.kind == "string" and node.enum is None and node.fmt is None and not node.exotic
        if plain and F.STRING_FROM_NUMBER in allowed:
            lo, hi = max(node.schema.get("minLength", 0), 1), min(node.schema.get("maxLength", 12), 12)
            if lo <= hi:  # numeric text is the one thing a free string can be rendered from
                base = st.integers(lo, hi).flatmap(
                    lambda n: st.integers(10 ** (n - 1) if n > 1 else 0, 10**n - 1).map(str))

        def usable(v: Any) -> bool:
            found: list[_Slot] = []
            _slots(v, node, ("_",), allowed, found)
            return bool(found)

        cached = node.cache[key] = base.filter(usable)
    return cached


def _top_up(intended: dict[str, Any], root: Node, allowed: Collection[str], need: int,
            draw: st.DrawFn) -> None:
    """Redraw fields of the intended call until `need` disjoint slots exist."""
    for key, child in root.props.items():
        found: list[_Slot] = []
        _slots(intended, root, (), allowed, found)
        if _disjoint(found) >= need:
            return
        if child.never or child.exotic or any(s.path[:1] == (key,) for s in found):
            continue
        if possible_families(child, key in root.required, root) & set(allowed):
            intended[key] = draw(_steer(child, allowed))


def possible_families(node: Node, required: bool = True, parent: Node | None = None) -> set[str]:
    """The families a value at `node` could ever be rendered in (a static upper bound)."""
    out: set[str] = set()
    if not required and not node.nullable and parent is not None and not parent.exotic:
        out.add(F.NULL_FOR_OPTIONAL)
    kind = node.kind
    if node.nullable and kind in ("boolean", "integer", "number"):
        out.add(F.NULL_WORDS)
    if kind is None:
        return out
    prefix = {"boolean": "bool_", "integer": "int_", "number": "num_", "array": "list_",
              "object": "object_"}.get(kind)
    if node.enum is not None:
        out |= {F.ENUM_CASE, F.ENUM_PADDING, F.ENUM_QUOTED, F.ENUM_NUMERIC_STRING}
        if node.synonyms:
            out.add(F.ENUM_SYNONYM)
        return out
    if prefix:
        out |= {f for f in F.FAMILIES if f.startswith(prefix)} | {F.QUOTED_SCALAR}
    if kind == "number":
        out |= {f for f in F.FAMILIES if f.startswith("int_")}
    if kind == "string":
        out |= {"date": {F.DATE_ISO_VARIANT, F.DATE_TEXT, F.DATE_NUMERIC, F.DATE_AMBIGUOUS_NUMERIC},
                "date-time": {F.DATETIME_OFFSET, F.DATETIME_NAIVE_UTC},
                "time": {F.TIME_FORMATS}, "": {F.STRING_FROM_NUMBER}}.get(
                    node.fmt or "", {F.STRING_FORMAT_PADDED} if node.fmt in _STRIPPED else set())
    for name, child in node.props.items():
        out |= possible_families(child, name in node.required, node)
    if node.props and node.closed:
        out.add(F.KEY_CASE)
    for child in (*node.prefix, node.items):
        if child is not None:
            out |= possible_families(child)
    return out


def _apply(args: Any, slot: _Slot, rendering: Rendering) -> Any:
    """Write one rendering into a deep copy of the intended call, at its slot."""
    *parents, last = slot.path
    holder = args
    for part in parents:
        holder = holder[part]
    if slot.where == "key":
        value = holder.pop(last)
        holder[rendering[1]] = value
    else:
        holder[last] = rendering[1]
    return args


def build_hallucinated(root: Node, allowed: frozenset[str], min_fields: int) -> st.SearchStrategy[HallucinatedCall]:
    @st.composite
    def calls(draw: st.DrawFn) -> HallucinatedCall:
        intended = draw(strategy(root))
        slots: list[_Slot] = []
        _slots(intended, root, (), allowed, slots)
        if _disjoint(slots) < min_fields:
            _top_up(intended, root, allowed, min_fields, draw)
            slots = []
            _slots(intended, root, (), allowed, slots)
        if _disjoint(slots) < min_fields:
            reject()
        order = draw(st.lists(st.integers(0, len(slots) - 1), min_size=min_fields, max_size=len(slots),
                              unique=True))
        chosen: list[_Slot] = []
        for index in order:
            if not any(_overlaps(slots[index].path, c.path) for c in chosen):
                chosen.append(slots[index])
        for slot in sorted(slots, key=lambda s: -len(s.path)):
            if len(chosen) >= min_fields:
                break
            if not any(_overlaps(slot.path, c.path) for c in chosen):
                chosen.append(slot)
        args = copy.deepcopy(intended)
        labels = []
        for slot in chosen:
            rendering = slot.options[draw(st.integers(0, len(slot.options) - 1))]
            _apply(args, slot, rendering)
            family, rendered, ambiguous = rendering
            event(f"aacl family: {family}")
            labels.append(Label(format_path(slot.path), family, slot.original, rendered, ambiguous))
        return HallucinatedCall(args=args, intended=intended, labels=tuple(labels))

    return calls()
