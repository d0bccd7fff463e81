"""`hallucinated()`: draw the intended call first, then re-render some of its fields.

A slot is one place in the intended arguments that can be written differently: a value
(rendered by `_render.render`), a key (KEY_CASE) or an absent optional field
(NULL_FOR_OPTIONAL).  Slots are chosen so that no chosen slot contains another, which keeps
every label independent: undoing one label never depends on another.
"""

from __future__ import annotations

import string
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from hypothesis import event, reject
from hypothesis import strategies as st

from ._base import copy_json
from ._canonical import _int_bounds, strategy
from ._records import ABSENT, HallucinatedCall, Label, format_path
from ._render import (
    key_variants,
    list_text_families,
    named_object,
    no_spaces,
    null_for_optional,
    render,
)
from ._scalars import Rendering, strings
from ._schema import Node
from ._solve import unique_key
from .families import FAMILIES
from .families import Family as F

__all__ = ["field_renderings", "possible_families"]

Path = tuple[str | int, ...]
MAX_EXTRA = 2
_STRIPPED = frozenset({"email", "uri", "hostname", "ipv4", "uuid"})


@dataclass
class _Slot:
    path: Path
    where: str  # "value", "key" or "absent"
    original: Any
    options: tuple[Rendering, ...] | None  # None: not rendered yet (see `resolve`)
    node: Node | None = None

    def resolve(self, allowed: Collection[str]) -> tuple[Rendering, ...]:
        if self.options is None:
            assert self.node is not None
            self.options = tuple(r for r in field_renderings(self.original, self.node, self.path)
                                 if r.family in allowed and r.family != F.KEY_CASE)
        return self.options


def field_renderings(value: Any, node: Node, path: Path) -> list[Rendering]:
    """The renderings of the value at `path`: a property's value may also come wrapped in a
    one-item list or an object keyed by the property's name; a list item is only itself."""
    out = render(value, node)
    if isinstance(path[-1], int):
        return [r for r in out if r.family != F.SCALAR_AS_LIST]
    return [*out, *named_object(path[-1], value, node)]


def _likely(value: Any, node: Node, path: Path) -> bool:
    """A cheap guess that `render` finds something (checked later for the chosen slots)."""
    kind = node.kind
    if kind is None:
        return isinstance(value, list) and bool(list_text_families(node))
    if value is None or node.enum is not None:
        return node.nullable if value is None else True
    if kind == "string" and isinstance(path[-1], int):
        return node.fmt is not None or bool(strings(value, None))
    return True


def _rejects_null(node: Node) -> bool:
    """Null is not a value of this field, so a null sent for it can only mean "absent"."""
    return bool(node.types) and not node.nullable and not node.never


def _key_variants(key: str, node: Node) -> tuple[Rendering, ...]:
    cached = node.cache.get(("keys", key))
    if cached is None:
        cached = node.cache[("keys", key)] = tuple(Rendering(F.KEY_CASE, v, False) for v in key_variants(key, node))
    return cached


def _slots(value: Any, node: Node, path: Path, allowed: Collection[str], out: list[_Slot],
           lazy: bool = False) -> None:
    if path:
        if lazy:
            if _likely(value, node, path):
                out.append(_Slot(path, "value", value, None, node))
        else:
            slot = _Slot(path, "value", value, None, node)
            if slot.resolve(allowed):
                out.append(slot)
    if node.kind == "object" and isinstance(value, dict):
        for key, child in node.props.items():
            here = (*path, key)
            if key in value:
                _slots(value[key], child, here, allowed, out, lazy)
                if F.KEY_CASE in allowed:
                    variants = _key_variants(key, node)
                    if variants:
                        out.append(_Slot(here, "key", key, variants))
            elif key not in node.required and _rejects_null(child) and not node.exotic:
                options = tuple(r for r in null_for_optional(child) if r[0] in allowed)
                if options:
                    out.append(_Slot(here, "absent", ABSENT, options))
    elif node.kind == "array" and isinstance(value, list):
        for index, item in enumerate(value):
            child = node.prefix[index] if index < len(node.prefix) else node.items
            if child is not None:
                _slots(item, child, (*path, index), allowed, out, lazy)


def _overlaps(a: Path, b: Path) -> bool:
    short = min(len(a), len(b))
    return a[:short] == b[:short]


def _enough(slots: list[_Slot], need: int) -> bool:
    """Can `need` slots be chosen together? (greedy over the deepest ones, stops early)"""
    if need == 1 or len({s.path[:1] for s in slots}) >= need:
        return len(slots) >= need
    taken: list[Path] = []
    for slot in sorted(slots, key=lambda s: -len(s.path)):
        if not any(_overlaps(slot.path, p) for p in taken):
            taken.append(slot.path)
            if len(taken) >= need:
                return True
    return False


def _steer(node: Node, allowed: Collection[str]) -> st.SearchStrategy[Any]:
    """Values of `node` that have at least one rendering in `allowed` (for the top-up)."""
    key = "steer:" + ",".join(sorted(allowed))
    cached = node.cache.get(key)
    if cached is None:
        rich = _rich(node)
        base = rich if rich is not None else strategy(node)

        def usable(v: Any) -> bool:
            found: list[_Slot] = []
            _slots(v, node, ("_",), allowed, found)
            return bool(found)

        cached = node.cache[key] = base.filter(usable)
    return cached


def _rich(node: Node) -> st.SearchStrategy[Any] | None:
    """Values the rarer families need (numeric text, thousands, exponents, short plain list
    items), kept inside the node's bounds; None when the canonical values will do."""
    s = node.schema
    if node.exotic or node.enum is not None:
        return None
    if node.kind == "string" and node.fmt is None:
        lo, hi = max(s.get("minLength", 0), 1), min(s.get("maxLength", 12), 12)
        if lo > hi:
            return None
        return st.integers(lo, hi).flatmap(lambda n: st.integers(10 ** (n - 1) if n > 1 else 0, 10**n - 1).map(str))
    if node.kind in ("integer", "number") and "multipleOf" not in s:
        lo, hi = _int_bounds(s)
        branches = []
        for a, b, step in ((-100, 100, 1), (1000, 10**7, 1), (-(10**7), -1000, 1), (1000, 999_000, 1000)):
            a, b = max(a, lo) if lo is not None else a, min(b, hi) if hi is not None else b
            first, last = -(-a // step), b // step
            if first <= last:
                branches.append(st.integers(first, last).map(lambda n, k=step: n * k))
        if node.kind == "number":
            branches.append(st.integers(10**5, 10**9).map(lambda n: n / 100).filter(lambda v: _within(v, s)))
        return st.one_of(branches).filter(lambda v: _within(v, s)) if branches else None
    if node.kind == "array" and node.items is not None and not node.prefix:
        item = node.items
        words = st.text(string.ascii_lowercase, min_size=1, max_size=8)
        plain = item.kind == "string" and item.fmt is None and item.enum is None and not item.exotic
        elem = words.filter(lambda w: _fits(w, item.schema)) if plain else strategy(item)
        lo, hi = int(s.get("minItems", 0)), s.get("maxItems")
        hi = lo + 3 if hi is None else int(hi)
        if lo > hi:
            return None
        sizes = st.sampled_from([n for n in (1, 2, 3) if lo <= n <= hi] or [lo])
        unique = unique_key if s.get("uniqueItems") else None
        return sizes.flatmap(lambda n: st.lists(elem, min_size=n, max_size=n, unique_by=unique))
    return None


def _fits(word: str, schema: dict[str, Any]) -> bool:
    return schema.get("minLength", 0) <= len(word) <= schema.get("maxLength", len(word))


def _within(value: float, schema: dict[str, Any]) -> bool:
    lo, hi = schema.get("minimum"), schema.get("maximum")
    xlo, xhi = schema.get("exclusiveMinimum"), schema.get("exclusiveMaximum")
    return ((lo is None or value >= lo) and (hi is None or value <= hi)
            and (xlo is None or value > xlo) and (xhi is None or value < xhi))


def _top_up(intended: dict[str, Any], root: Node, allowed: Collection[str], need: int,
            draw: st.DrawFn) -> None:
    """Redraw fields of the intended call (nested objects too) until `need` disjoint slots exist."""

    def visit(value: dict[str, Any], node: Node, path: Path) -> bool:
        for key, child in node.props.items():
            found: list[_Slot] = []
            _slots(intended, root, (), allowed, found)
            if _enough(found, need):
                return True
            here = (*path, key)
            if child.never or child.exotic or any(s.path[: len(here)] == here for s in found):
                continue
            if child.kind == "object" and possible_families(child, True, node) & set(allowed):
                if not isinstance(value.get(key), dict):
                    value[key] = draw(strategy(child))
                if visit(value[key], child, here):
                    return True
            elif possible_families(child, key in node.required, node) & set(allowed):
                value[key] = draw(_steer(child, allowed))
        return False

    visit(intended, root, ())


def possible_families(node: Node, required: bool = True, parent: Node | None = None,
                      in_list: bool = False) -> set[str]:
    """The families a value at `node` could be rendered in (checked statically, so that
    `hallucinated` refuses a families/schema pair that cannot produce anything)."""
    out: set[str] = set()
    if not required and _rejects_null(node) and parent is not None and not parent.exotic:
        out.add(F.NULL_FOR_OPTIONAL)
    kind = node.kind
    if node.nullable and kind is not None:
        out.add(F.NULL_WORDS)
    field = parent is not None and not in_list
    if field and node.types and "object" not in node.types and not node.never:
        out.add(F.VALUE_NAMED_OBJECT)  # only reachable as a property (see field_renderings)
    if kind is None:
        return out | list_text_families(node)
    if kind in ("boolean", "integer", "number", "string") and field:
        out.add(F.SCALAR_AS_LIST)
    if node.enum is not None:
        return out | _enum_families(node)
    if kind in ("boolean", "integer", "number"):
        prefixes = {"boolean": ("bool_",), "integer": ("int_",), "number": ("num_", "int_")}[kind]
        out |= {f for f in FAMILIES if f.startswith(prefixes)} | {F.QUOTED_SCALAR}
        if kind == "number":
            out.discard(F.INT_INTEGRAL_FLOAT)
    elif kind == "string":
        if (node.fmt in _STRIPPED and node.fmt != "email") or node.fmt in ("date", "date-time", "time") or "pattern" in node.schema:
            # see `wrapped`: a value whose format or pattern no quote or space can end
            out |= {F.QUOTED_SCALAR} | ({F.STRING_FORMAT_PADDED} if node.fmt not in _STRIPPED else set())
        out |= {"date": {F.DATE_ISO_VARIANT, F.DATE_TEXT, F.DATE_NUMERIC, F.DATETIME_FOR_DATE}
                | (set() if node.date_order else {F.DATE_AMBIGUOUS_NUMERIC}),
                "date-time": {F.DATETIME_OFFSET, F.DATETIME_OFFSET_FORMS}
                | ({F.DATETIME_NAIVE_UTC} if node.naive_datetime == "utc" else set()),
                "time": {F.TIME_FORMATS, F.DATETIME_FOR_TIME}, "": {F.STRING_FROM_NUMBER, F.DURATION_UNITS},
                "uuid": {F.STRING_FORMAT_PADDED, F.UUID_FORMS}}.get(
                    node.fmt or "", {F.STRING_FORMAT_PADDED} if node.fmt in _STRIPPED else set())
    elif kind == "array":
        out |= {F.LIST_JSON_STRING, F.LIST_PYTHON_LITERAL}
        item = node.items
        if item is not None and not node.prefix and item.kind in ("boolean", "integer", "number", "string"):
            out |= {F.LIST_CSV, F.LIST_SEMICOLON, F.LIST_NEWLINES, F.LIST_SINGLE_SCALAR, F.LIST_TYPED_ITEMS}
            if item.kind == "string" and item.fmt is None and item.enum is None:
                out.add(F.LIST_PYTHON_ESCAPED)
            if no_spaces(item):
                out |= {F.LIST_SPACES, F.LIST_AND}
    elif kind == "object" and parent is not None:
        out |= {F.OBJECT_JSON_STRING, F.OBJECT_CODE_FENCE, F.OBJECT_PYTHON_LITERAL}
    for name, child in node.props.items():
        out |= possible_families(child, name in node.required, node)
    if any(key_variants(k, node) for k in node.props):
        out.add(F.KEY_CASE)
    for child in (*node.prefix, node.items):
        if child is not None:
            out |= possible_families(child, True, node, in_list=True)
    return out


def _enum_families(node: Node) -> set[str]:
    values = node.enum or ()
    strings_ = [v for v in values if isinstance(v, str)]
    out = {F.ENUM_PADDING, F.ENUM_QUOTED} if strings_ else set()
    if any(v.isascii() and v.upper() != v.lower() for v in strings_):
        out.add(F.ENUM_CASE)
    if any(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
        out.add(F.ENUM_NUMERIC_STRING)
    if node.synonyms:
        out.add(F.ENUM_SYNONYM)
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


def _finish(draw: st.DrawFn, intended: dict[str, Any], chosen: list[_Slot], allowed: Collection[str]) -> HallucinatedCall:
    args = copy_json(intended)
    labels = []
    for slot in chosen:
        options = slot.resolve(allowed)
        rendering = options[draw(st.integers(0, len(options) - 1))]
        _apply(args, slot, rendering)
        event(f"aacl family: {rendering.family}")
        labels.append(Label(format_path(slot.path), rendering.family, slot.original, rendering.rendered,
                            rendering.ambiguous))
    return HallucinatedCall(args=args, intended=intended, labels=tuple(labels))


@st.composite  # module level: building a composite inspects source, too slow per schema
def _calls(draw: st.DrawFn, root: Node, allowed: frozenset[str], min_fields: int) -> HallucinatedCall:
    intended = draw(strategy(root))
    lazy = len(allowed) == len(FAMILIES)  # all families: render only the slots chosen
    slots: list[_Slot] = []
    _slots(intended, root, (), allowed, slots, lazy)
    chosen = _choose(draw, slots, allowed, min_fields) if _enough(slots, min_fields) else []
    if len(chosen) < min_fields:
        slots = []
        _slots(intended, root, (), allowed, slots)
        if not _enough(slots, min_fields):
            _top_up(intended, root, allowed, min_fields, draw)
            slots = []
            _slots(intended, root, (), allowed, slots)
        if not _enough(slots, min_fields):
            reject()
        chosen = _choose(draw, slots, allowed, min_fields)
    return _finish(draw, intended, chosen, allowed)


def _choose(draw: st.DrawFn, slots: list[_Slot], allowed: Collection[str], need: int) -> list[_Slot]:
    """Pick disjoint slots that do render: the drawn ones first, then the deepest others."""
    # models garble a few fields per call, not all of them: at most MAX_EXTRA beyond `need`
    order = draw(st.lists(st.integers(0, len(slots) - 1), min_size=need,
                          max_size=min(len(slots), need + MAX_EXTRA), unique=True))
    chosen: list[_Slot] = []
    for slot in [slots[i] for i in order] + sorted(slots, key=lambda s: -len(s.path)):
        if len(chosen) >= max(need, len(order)):
            break
        if all(slot is not c and not _overlaps(slot.path, c.path) for c in chosen) and slot.resolve(allowed):
            chosen.append(slot)
    return chosen
