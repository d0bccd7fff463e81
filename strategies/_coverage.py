"""`coverage()`: the deterministic pass a check runs before random exploration.

One realistic base call (see `_base`), changed in one place at a time: every applicable
family for every field (nested fields and the first item of lists too), every mutation
kind for every field, every hostile payload kind for every field.  One representative
value per family, chosen to reveal defects (`False` before `True`, `"2:30 PM"` before
`"14:30"`).  The list is the same on every call and ordered round-robin over top-level
fields, each field's cases most-revealing first, so any prefix of it is balanced.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from pytest_aacl._call import ADVISORY
from pytest_aacl._ranges import range_pairs

from ._adversarial import payloads, plant, sites
from ._base import Path, base_call, candidates, copy_json, get_at
from ._canonical import validator
from ._described import after, before
from ._hallucinated import _key_variants, _rejects_null, field_renderings
from ._invalid import MUTATIONS, mutation_sites
from ._records import (
    ABSENT,
    AdversarialCall,
    HallucinatedCall,
    InvalidCall,
    Label,
    Mutation,
    format_path,
)
from ._render import null_for_optional
from ._scalars import Rendering
from ._schema import Node
from ._space import canonical_values
from .families import FAMILIES
from .families import Family as F

__all__ = ["KINDS", "HCase", "build_coverage", "hallucination_pool"]

KINDS = ("conforming", "hallucinated", "invalid", "adversarial")

#: families that most often break hand-written layers silently, first; the rest follow in
#: shrink order.  (`bool("false")` is True; an unknown enum word falls back to a default;
#: a string iterated as a list yields characters; "None" is a string.)
_FIRST = (F.BOOL_STRING, F.ENUM_CASE, F.ENUM_SYNONYM, F.LIST_CSV, F.NULL_FOR_OPTIONAL,
          F.LIST_SINGLE_SCALAR, F.LIST_JSON_STRING, F.INT_STRING, F.NUM_STRING,
          F.INT_DECIMAL_FORM, F.INT_THOUSANDS, F.NULL_WORDS, F.DATE_TEXT, F.DATE_NUMERIC,
          F.DATETIME_OFFSET, F.TIME_FORMATS, F.SCALAR_AS_LIST, F.VALUE_NAMED_OBJECT, F.STRING_FROM_NUMBER,
          F.OBJECT_JSON_STRING, F.INT_INTEGRAL_FLOAT, F.KEY_CASE, F.BOOL_WORDS)
_PRIORITY = {name: i for i, name in enumerate(dict.fromkeys((*_FIRST, *FAMILIES)))}

#: families rendered once more for a negative value (the sign is what a reader may lose)
#: and for noon (12 PM is what a 12-hour reader gets wrong)
_SIGNED = frozenset({F.INT_STRING, F.NUM_STRING, F.TIME_FORMATS})
#: families covered in each of their renderings (the orders of an ambiguous numeric date)
_EVERY_ORDER = frozenset({F.DATE_AMBIGUOUS_NUMERIC})


def _special(value: Any) -> str:
    if isinstance(value, bool):  # each truth value in every family: a reader that reads every
        return ":true" if value else ":false"  # word as false passes all renderings of false
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0:
        return ":negative"
    if isinstance(value, str) and value.startswith("12:"):
        return ":noon"
    return ""

#: which rendering of a family to use, when not the first (the simplest)
_PREFER: dict[str, Callable[[Any], bool]] = {
    F.TIME_FORMATS: lambda r: isinstance(r, str) and (" PM" in r or " AM" in r),
    F.LIST_CSV: lambda r: isinstance(r, str) and ", " in r,
    F.NULL_WORDS: lambda r: r == "None",
}

T = TypeVar("T")


@dataclass(frozen=True)
class HCase:
    """One coverage case of `hallucinated`: where, how, and the intended value there."""

    path: Path
    where: str  # "value", "key" or "absent"
    family: str
    value: Any  # the intended value at `path` (ABSENT for "absent")
    rendering: Rendering


def _walk(value: Any, node: Node, path: Path, name: str) -> Iterable[tuple[Path, Any, Node, str]]:
    """(path, value, node, name) of every field and the first item of every list."""
    if path:
        yield path, value, node, name
    if node.kind == "object" and isinstance(value, dict):
        for key, child in node.props.items():
            if key in value:
                yield from _walk(value[key], child, (*path, key), key)
    elif node.kind == "array" and isinstance(value, list) and value:
        # each position of a tuple is its own field; the first item stands for a list's items
        children = list(node.prefix) or [node.items]
        for index, child in enumerate(children[: len(value)]):
            if child is not None:
                yield from _walk(value[index], child, (*path, index), name)


def _pick(family: str, options: list[Rendering]) -> Rendering:
    prefer = _PREFER.get(family)
    return next((r for r in options if prefer(r.rendered)), options[0]) if prefer else options[0]


def _options(value: Any, node: Node, path: Path) -> list[Rendering]:
    return field_renderings(value, node, path)


def hallucination_pool(root: Node) -> list[HCase]:
    """Every (place, family) the base call can be re-rendered in, one case each, ordered."""
    cached = root.cache.get("coverage:hallucinated")
    if cached is not None:
        return cached
    base = base_call(root)
    cases: list[HCase] = []
    if base is not None:
        valid = validator(root).is_valid
        for path, value, node, name in _walk(base, root, (), ""):
            seen: set[str] = set()
            for cand in candidates(node, name) if value is not None else [value]:
                by_family: dict[str, list[Rendering]] = {}
                for r in _options(cand, node, path):
                    by_family.setdefault(r.family, []).append(r)
                # a negative value and noon get their own text renderings: a reader may drop
                # the sign, or get 12 PM wrong
                special = _special(cand)
                tag = {f: f + special if f in _SIGNED or isinstance(cand, bool) else f for f in by_family}
                fresh = [f for f in by_family if tag[f] not in seen and f != F.KEY_CASE]
                if fresh and cand != value and not valid(_set(base, path, cand)):
                    continue
                for family in fresh:
                    seen.add(tag[family])
                    cases.append(HCase(path, "value", family, cand, _pick(family, by_family[family])))
                    if family in _EVERY_ORDER:
                        # both orders of an ambiguous numeric date: a reader that always assumes
                        # one order silently swaps day and month on the other; a correct one
                        # refuses both (they are labelled ambiguous, so a refusal passes)
                        first = _pick(family, by_family[family])
                        shown = {repr(first.rendered)}
                        for other in by_family[family]:
                            if repr(other.rendered) not in shown and len(shown) < 3:
                                shown.add(repr(other.rendered))
                                cases.append(HCase(path, "value", family, cand, other))
        for path, value, node, _name in [((), base, root, ""), *_walk(base, root, (), "")]:
            if node.kind != "object" or not isinstance(value, dict):
                continue
            for key, child in node.props.items():
                here = (*path, key)
                variants = _key_variants(key, node) if key in value else ()
                if variants:
                    cases.append(HCase(here, "key", F.KEY_CASE, key, variants[0]))
                if key in value and key not in node.required and _rejects_null(child) and not node.exotic:
                    absent = _drop(base, here)
                    if valid(absent):
                        cases.append(HCase(here, "absent", F.NULL_FOR_OPTIONAL, ABSENT, null_for_optional(child)[0]))
    ordered = _round_robin(cases, lambda c: c.path[0], lambda c: (_PRIORITY[c.family], len(c.path)))
    root.cache["coverage:hallucinated"] = ordered
    return ordered


def _set(base: dict[str, Any], path: Path, value: Any) -> dict[str, Any]:
    out = copy_json(base)
    get_at(out, path[:-1])[path[-1]] = copy_json(value)
    return out


def _drop(base: dict[str, Any], path: Path) -> dict[str, Any]:
    out = copy_json(base)
    del get_at(out, path[:-1])[path[-1]]
    return out


def _round_robin(items: list[T], group: Callable[[T], Any], rank: Callable[[T], Any]) -> list[T]:
    """Items of each group sorted by rank, then one from each group in turn."""
    groups: dict[Any, list[T]] = {}
    for item in items:
        groups.setdefault(group(item), []).append(item)
    queues = [sorted(g, key=rank) for g in groups.values()]
    out: list[T] = []
    for turn in range(max(map(len, queues), default=0)):
        out += [q[turn] for q in queues if turn < len(q)]
    return out


def hcase_call(base: dict[str, Any], case: HCase) -> HallucinatedCall:
    """The hallucinated call of one case, built on `base`."""
    *parents, last = case.path
    if case.where == "absent":
        intended = _drop(base, case.path)
        args = _set(base, case.path, case.rendering.rendered)
    else:
        intended = _set(base, case.path, case.value) if case.where == "value" else copy_json(base)
        args = copy_json(intended)
        holder = get_at(args, tuple(parents))
        if case.where == "key":
            holder[case.rendering.rendered] = holder.pop(last)
        else:
            holder[last] = copy_json(case.rendering.rendered)
    label = Label(format_path(case.path), case.family, case.value, case.rendering.rendered, case.rendering.ambiguous)
    return HallucinatedCall(args=args, intended=intended, labels=(label,))


def _lower(mutated: Any, original: Any) -> bool:
    try:
        return bool(mutated < original)
    except TypeError:
        return False


def _invalid(root: Node, base: dict[str, Any]) -> list[InvalidCall]:
    chosen: dict[tuple[Path, str], tuple[Path, str, Any, Any]] = {}
    for site in mutation_sites(base, root):
        path, kind = site[0], site[1]
        if any(isinstance(p, int) and p for p in path) and not _in_tuple(root, path):
            continue  # the first item of a list stands for all of them
        if kind == "out_of_bounds":  # each bound is a check a reader may forget: one case each
            kind = f"{kind}:{'low' if _lower(site[3], site[2]) else 'high'}"
        elif kind in ("type_change", "invalid_json_text"):  # each other JSON type is its own class
            kind = f"{kind}:{_json_type(site[3], kind == 'invalid_json_text')}"
        elif kind in ADVISORY:  # each stated bound or range is its own check too
            kind = f"{kind}:{len(chosen)}"
        chosen.setdefault((path, kind), site)
    order = {k: i for i, k in enumerate(MUTATIONS)}
    sites_ = _round_robin(list(chosen.values()), lambda s: s[0][:1], lambda s: order.get(s[1], len(order)))
    out = []
    valid = validator(root, stated=True).is_valid
    for path, kind, original, mutated in sites_:
        args = copy_json(base)
        holder = get_at(args, path[:-1])
        if mutated is ABSENT:
            del holder[path[-1]]
        else:
            holder[path[-1]] = copy_json(mutated)
        # still valid (an alternative accepts it): never sent as invalid; an advisory call
        # (a bound only the description states, a reversed range) must be valid, or it is not one
        if valid(args) != (kind in ADVISORY):
            continue
        out.append(InvalidCall(args=args, labels=(Mutation(format_path(path), kind, original, mutated),)))
    return out


def _json_type(value: Any, as_text: bool) -> str:
    if as_text and isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            return "text"
    return "array" if isinstance(value, list) else type(value).__name__


def _in_tuple(root: Node, path: Path) -> bool:
    """Whether `path` goes through a tuple position (prefixItems), where items differ."""
    node: Node | None = root
    for part in path:
        if node is None:
            return False
        if isinstance(part, int):
            if node.prefix:
                return True
            node = node.items
        else:
            node = node.props.get(part)
    return False


def _adversarial(root: Node, base: dict[str, Any], python_objects: bool) -> list[AdversarialCall]:
    places = [p for p in sites(base, root) if not any(isinstance(x, int) and x for x in p[0])]
    kinds = list(payloads(python_objects).items())
    # 1 MB strings are immutable: one object serves every place (lists are built per case)
    first = {kind: f[0]() for kind, f in kinds}
    shared = {kind: v for kind, v in first.items() if isinstance(v, (str, int))}
    out = []
    for turn in range(len(kinds)):  # every (place, kind) once; each prefix spreads over both
        for index, (path, original) in enumerate(places):
            kind, factories = kinds[(turn + index) % len(kinds)]
            args = plant(base, path, shared[kind] if kind in shared else factories[0]())
            out.append(AdversarialCall(args=args, labels=(Mutation(format_path(path), kind, original, f"<{kind}>"),)))
    return out


class CanonicalCall(dict):  # type: ignore[type-arg]
    """A conforming call built for one canonical class of the input-space model: the
    arguments (it is the dict) plus `labels`, one `Label` naming the field and the class."""

    labels: tuple[Label, ...] = ()


def _labelled(call: dict[str, Any], label: Label) -> CanonicalCall:
    out = CanonicalCall(call)
    out.labels = (label,)
    return out


def _conforming(root: Node, base: dict[str, Any]) -> list[dict[str, Any]]:
    valid = validator(root).is_valid
    out: list[dict[str, Any]] = [base, {k: v for k, v in base.items() if k in root.required}]
    classes: list[tuple[int, CanonicalCall]] = []  # (n-th value of its class, call)
    pairs = range_pairs(root.props)
    for path, value, node, name in _walk(base, root, (), ""):
        nth: dict[str, int] = {}
        if node.enum is not None or node.kind == "boolean" or node.nullable:
            for cand in candidates(node, name):
                if cand != value or type(cand) is not type(value):
                    out.append(_set(base, path, cand))
        for cls, cand in canonical_values(node, value):
            if not _within_described(node, cand):
                continue  # "speed (0-255)": -1 is the tool's words broken, sent as `described_bound` advice
            if cand != value or type(cand) is not type(value):
                label = Label(format_path(path), f"canonical:{cls.key}", cand, cand)
                nth[cls.key] = nth.get(cls.key, -1) + 1
                call = _in_order(_set(base, path, cand), path, pairs, root.props)
                labelled = _labelled(call, label)
                # the other end of a range, moved to keep it a range: a change of its own
                labelled.labels += tuple(Label(k, "canonical:object.range_kept", base[k], call[k])
                                         for k in call if k in base and k != path[0] and call[k] != base[k])
                classes.append((nth[cls.key], labelled))
    equal = []  # the degenerate range: end_date = start_date (its label wins over a copy another class makes)
    for opening, closing in range_pairs(root.props):
        if _strictly_after(root.props[closing]):
            continue  # its own words rule the equal range out ("end: must be after `start`")
        if opening in base and closing in base and base[opening] != base[closing]:
            label = Label(closing, "canonical:object.equal_range", base[opening], base[opening])
            equal.append(_labelled({**base, closing: copy_json(base[opening])}, label))
    unique: dict[str, dict[str, Any]] = {}
    # one value of every class of every field first, then the second values, ...
    ranked = _round_robin(classes, lambda c: c[1].labels[0].path.split(".")[0].split("[")[0], lambda c: c[0])
    ordered = [call for _, call in ranked]
    for call in [*out[:2], *equal, *ordered, *out[2:]]:  # a class's label wins over an unlabelled copy
        if valid(call):
            unique.setdefault(json.dumps(call, sort_keys=True), call)
    return list(unique.values())


def _within_described(node: Node, value: Any) -> bool:
    """Whether a number keeps to the bounds the field's description states (merged into its
    schema, `node.stated` holding the schema as written): outside them it is no canonical
    value, and its refusal no defect (wled: "Effect speed (0-255, optional)" refused -1 and
    was reported as a valid value refused)."""
    if node.stated is None or isinstance(value, bool) or not isinstance(value, (int, float)):
        return True
    lo, hi = node.schema.get("minimum"), node.schema.get("maximum")
    return not ((isinstance(lo, (int, float)) and value < lo) or (isinstance(hi, (int, float)) and value > hi))


def _in_order(call: dict[str, Any], path: Path, pairs: list[tuple[str, str]],
              root_props: dict[str, Node]) -> dict[str, Any]:
    """`call` with the other end of a range moved when the value a class put at one end passed
    it: "2025-04-03" as a start is a canonical date, and an end a year before it is no part of
    that class (cal-scheduler-mcp refused it, and the run said a valid start was refused)."""
    if len(path) != 1:
        return call
    for opening, closing in pairs:
        strict = _strictly_after(root_props[closing]) if closing in root_props else False
        if opening not in call or closing not in call or not _passed(call[opening], call[closing], strict):
            continue
        if path[0] == opening:
            moved = after(call[opening], call[closing])
            if moved is not None:
                call = {**call, closing: moved}
        elif path[0] == closing:
            moved = before(call[closing], call[opening])
            if moved is not None:
                call = {**call, opening: moved}
    return call


def _passed(opening: Any, closing: Any, strict: bool) -> bool:
    """Whether a range's opening value lies past its closing one (numbers, or ISO dates by day),
    or on it where the closing field must lie strictly after."""
    if isinstance(opening, bool) or isinstance(closing, bool):
        return False
    if isinstance(opening, (int, float)) and isinstance(closing, (int, float)):
        return opening >= closing if strict else opening > closing
    if isinstance(opening, str) and isinstance(closing, str) and _DAY.match(opening) and _DAY.match(closing):
        return opening[:10] >= closing[:10] if strict else opening[:10] > closing[:10]
    return False


_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}")
_STRICT = re.compile(r"\b(?:after|later than|greater than|exceeds?)\b", re.I)


def _strictly_after(node: Node) -> bool:
    """Whether a range's closing field says it lies strictly past its opening one."""
    description = node.schema.get("description")
    return isinstance(description, str) and _STRICT.search(description) is not None


def build_coverage(kind: str, root: Node, python_objects: bool = False) -> list[Any]:
    base = base_call(root)
    if base is None:
        return []
    if kind == "conforming":
        return [c if isinstance(c, CanonicalCall) else copy_json(c) for c in _conforming(root, base)]
    if kind == "hallucinated":
        return [hcase_call(base, c) for c in hallucination_pool(root)]
    if kind == "invalid":
        return _invalid(root, base)
    return _adversarial(root, base, python_objects)
