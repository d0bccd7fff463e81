"""`invalid()`: canonical calls with one mutation no reading of the table can rescue.

Each mutation is chosen to be invalid under *every* normalisation the semantics table
allows: `"5"` is never an invalid integer, a case variant or declared synonym is never an
unknown enum value, `""` is never a too-short string for a nullable field (it is null).
"""

from __future__ import annotations

import json
import re
from typing import Any

from hypothesis import event, reject
from hypothesis import strategies as st

from pytest_aacl._call import ADVISORY, REVERSED
from pytest_aacl._ranges import range_pairs

from ._base import base_call, copy_json, get_at, graft
from ._canonical import strategy, validator
from ._described import before, described_mutations
from ._mutation_kinds import MUTATIONS
from ._records import ABSENT, InvalidCall, Mutation, format_path
from ._scalars import NULL_WORDS
from ._schema import Node
from ._space import space_mutations

__all__ = ["MUTATIONS", "build_invalid", "mutation_sites"]

Path = tuple[str | int, ...]

_BOOL_TYPOS = ("ture", "flase", "yes please", "nope", "2", "maybe", "truee", 2, -1)
# no one-item list or one-key object here: models wrap values that way and a boundary may
# rightly read them (see SCALAR_AS_LIST, VALUE_NAMED_OBJECT)
# most revealing first: a reader that strips what is not a digit reads "5 lb" as 5
_NOT_NUMBERS = ("5 lb", "12abc", "1.2.3", "five-ish", "abc", "one thousand and one", [1, 2])
_NULLISH = frozenset(w.strip().casefold() for w in NULL_WORDS)
_IMPOSSIBLE_DATES = ("2025-02-30", "2023-13-01", "2025-04-31", "2023-02-29", "2025-00-10")
_ALTERNATIVES = ("anyOf", "oneOf", "not", "if", "patternProperties", "propertyNames")
_BAD_FORMATS = {"email": "not an email", "ipv4": "300.1.2.3", "uuid": "not-a-uuid", "date-time": "2025-02-30T10:00:00Z",
                "hostname": "-bad-.example.com", "uri": "example.com/no scheme"}


def _number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def mutations(value: Any, node: Node) -> list[tuple[str, Any]]:
    """(kind, mutated) pairs for one present value at `node`, each certainly invalid."""
    kind, s = node.kind, node.stated or node.schema  # a bound only the description states: `described_mutations`
    out: list[tuple[str, Any]] = []
    if kind is None or not _safe(node):
        return out
    if node.enum is not None:
        if all(isinstance(v, str) for v in node.enum):
            taken = {str(v).casefold() for v in node.enum}
            taken |= {str(n).casefold() for names in node.synonyms.values() for n in names}
            for candidate in ("zzz_unknown", "not-an-option", "other value 42"):
                if candidate.casefold() not in taken and candidate not in _NULLISH:
                    out.append(("unknown_enum", candidate))
                    break
            out += space_mutations(value, node, taken)
        elif all(_number(v) for v in node.enum):
            out.append(("unknown_enum", max(node.enum) + 1))
        return out
    if kind == "boolean":
        out += [("typo_boolean", t) for t in _BOOL_TYPOS]
        out += _foreign(node)
    elif kind in ("integer", "number"):
        out += [("type_change", t) for t in _NOT_NUMBERS]
        out += _foreign(node)
        # float("nan") and float("inf") read this text and pass every bound check
        out += [("not_a_number", t) for t in ("NaN", "inf")]
        if kind == "integer":
            out += [("non_integral", 2.5), ("non_integral", "5.5")]
        out += _bounds(s, kind)
    elif kind == "string":
        out.append(("type_change", True))
        out += _foreign(node)
        hi, lo = s.get("maxLength"), s.get("minLength", 0)
        if isinstance(hi, int) and hi < 5000:
            out.append(("too_long", "x" * (hi + 1)))
        if isinstance(lo, int) and lo >= 1 and not node.nullable:
            out.append(("too_short", "x" * (lo - 1)))
        pattern = s.get("pattern")
        if isinstance(pattern, str):
            out += [("pattern_mismatch", c) for c in ("", "!", "zz zz", "0") if _misses(pattern, c, node)][:1]
        if node.fmt == "date":
            out += [("impossible_date", d) for d in _IMPOSSIBLE_DATES]
        if node.fmt in _BAD_FORMATS:
            out.append(("bad_format", _BAD_FORMATS[node.fmt]))
        if node.fmt == "date-time" and s.get("x-aacl-naive-datetime", node.root.get("x-aacl-naive-datetime")) in (None, "reject"):
            # RFC 3339 wants an offset: a reader that assumes one (UTC, local) guesses the instant
            out.append(("missing_offset", "2025-04-01 17:00"))
    elif kind == "array":
        out += _foreign_text(node)
        hi, lo = s.get("maxItems"), s.get("minItems", 0)
        if isinstance(value, list) and isinstance(hi, int) and value and hi < 1000:
            out.append(("too_many_items", (value * (hi + 1))[: hi + 1]))
        if isinstance(lo, int) and lo >= 1:  # [] for minItems 1: a forgotten bound lets it through
            out.append(("too_few_items", value[: lo - 1] if isinstance(value, list) else []))
        out += _foreign(node)
    elif kind == "object":
        # the other container first: a check for "parsed JSON" that forgets which kind it is
        out += _foreign(node) + _foreign_text(node)
    out += described_mutations(value, node)
    out += space_mutations(value, node, set())
    unknown = [k for k, _ in out if k not in MUTATIONS]
    if unknown:  # a new kind must be described (and so documented) before it is generated
        raise AssertionError(f"mutation kinds {unknown} are not listed in MUTATIONS")
    return out


#: one value of each JSON type, for the type-confusion partition (`_foreign`)
_FOREIGN: dict[str, Any] = {"object": {"zz_unknown": 1}, "array": [1, 2], "integer": 42, "string": "not json {",
                            "boolean": True}
#: which foreign types a field of each kind tries, most revealing first: a reader that
#: iterates what it was given walks an object's keys or a string's characters as a list
_FOREIGN_ORDER: dict[str, tuple[str, ...]] = {
    "object": ("array", "integer", "string", "boolean"),
    "array": ("object", "boolean", "integer", "string"),
    "string": ("object", "array"),  # true is sent already; a number is a rendering (string_from_number)
    "integer": ("object",),  # the rest are in _NOT_NUMBERS and bool_for_number
    "number": ("object",),
    "boolean": ("object", "array"),  # a number or a word is a typo_boolean
}


def _foreign(node: Node) -> list[tuple[str, Any]]:
    """The type-confusion partition: a value of each other JSON type that no reading turns
    into the field's type.  A one-item wrap of a scalar (`5` for `[5]`), a number for a
    string and the text of a list are renderings, so an array of scalars is not sent the
    scalars its items could read, and an array of objects is sent an object only when no
    item could be one with an unknown key."""
    kind = node.kind
    out: list[tuple[str, Any]] = []
    items = node.items if kind == "array" and not node.prefix else None
    for other in _FOREIGN_ORDER.get(kind or "", ()):
        if kind == "array":
            item = items.kind if items is not None else None
            if item is None or item == "array":
                continue  # an item of any type (or a list) could be this value, wrapped
            if other == "object" and item == "object" and not (items.closed or items.required):
                continue
            if other in ("integer", "string") and item in ("integer", "number", "string"):
                continue
            if other == "boolean" and item in ("boolean", "string"):
                continue
        out.append(("type_change", _FOREIGN[other]))
    return out


def _foreign_text(node: Node) -> list[tuple[str, Any]]:
    """The same values as JSON text: a reader that parses the text of a list or an object and
    never checks what the text held.  Not for a list of strings, where any text is one item."""
    if node.kind == "array" and (node.items is None or node.items.kind in (None, "string")):
        return []
    return [("invalid_json_text", json.dumps(v)) for _, v in _foreign(node) if not isinstance(v, str)]


def _safe(node: Node) -> bool:
    """Mutations stay certainly invalid unless an alternative could accept them."""
    return not any(k in node.schema for k in _ALTERNATIVES)


def _misses(pattern: str, candidate: str, node: Node) -> bool:
    try:
        matched = re.search(pattern, candidate) is not None
    except re.error:
        return False
    return not matched and not (node.nullable and candidate.strip().casefold() in _NULLISH)


def _bounds(s: dict[str, Any], kind: str) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for key, delta in (("maximum", 1), ("exclusiveMaximum", 0), ("minimum", -1), ("exclusiveMinimum", 0)):
        bound = s.get(key)
        if _number(bound) and abs(bound) < 1e15:
            edge = bound + delta
            if kind == "integer" and not float(edge).is_integer():
                edge = int(edge) + (1 if delta >= 0 and key.startswith("max") else -1 if key.startswith("min") else 0)
            out.append(("out_of_bounds", int(edge) if kind == "integer" else edge))
    return out


def _sites(value: Any, node: Node, path: Path, out: list[tuple[Path, str, Any, Any]]) -> None:
    if path:
        out += [(path, kind, value, mutated) for kind, mutated in mutations(value, node)]
    if node.kind == "object" and isinstance(value, dict) and _safe(node):
        if node.closed:
            folded = {k.replace("_", "").replace("-", "").casefold() for k in node.props}
            extra = next(k for k in ("unexpected_field", "zz_extra", "qqq") if k.replace("_", "") not in folded)
            out.append(((*path, extra), "unexpected_field", ABSENT, 1))
        for opening, closing in range_pairs(node.props):
            if opening in value and closing in value:
                earlier = before(value[opening], value[closing])
                if earlier is not None:
                    out.append(((*path, closing), REVERSED, value[closing], earlier))
        for key, child in node.props.items():
            if key in value:
                if key in node.required:
                    out.append(((*path, key), "missing_required", value[key], ABSENT))
                    if not child.nullable and (child.types or child.enum is not None):  # () types: null is valid too
                        out.append(((*path, key), "null_required", value[key], None))
                _sites(value[key], child, (*path, key), out)
    elif node.kind == "array" and isinstance(value, list) and _safe(node):
        for index, item in enumerate(value):
            child = node.prefix[index] if index < len(node.prefix) else node.items
            if child is not None:
                _sites(item, child, (*path, index), out)
    if path and node.kind in ("array", "object") and _safe(node):
        out += _json_text(value, path, out)


#: nested mutations whose JSON text says nothing new (or cannot be written as JSON)
_NOT_AS_TEXT = frozenset({"not_a_number", "overflow", "invalid_json_text"})


def _json_text(value: Any, path: Path, sites: list[tuple[Path, str, Any, Any]]) -> list[tuple[Path, str, Any, Any]]:
    """The container at `path` as JSON text with its first invalid item or property inside:
    a reader that parses the text of a list must still check what the list holds."""
    for sub, kind, _original, mutated in sites:
        if len(sub) <= len(path) or sub[: len(path)] != path or kind in _NOT_AS_TEXT:
            continue
        inner = copy_json(value)
        holder = get_at(inner, sub[len(path):-1])
        if mutated is ABSENT:
            del holder[sub[-1]]
        else:
            holder[sub[-1]] = copy_json(mutated)
        try:
            return [(path, "invalid_json_text", value, json.dumps(inner, allow_nan=False))]
        except (TypeError, ValueError):
            continue
    return []


def mutation_sites(value: Any, root: Node) -> list[tuple[Path, str, Any, Any]]:
    """(path, kind, original, mutated) of every certainly-invalid change of `value`."""
    out: list[tuple[Path, str, Any, Any]] = []
    _sites(value, root, (), out)
    return out


def build_invalid(root: Node) -> st.SearchStrategy[InvalidCall]:
    base = base_call(root)
    plan: dict[str, dict[Path, list[Path]]] = {}
    for path, kind, _original, _mutated in mutation_sites(base, root) if base is not None else ():
        if not any(isinstance(p, int) and p for p in path):
            group = plan.setdefault(kind, {}).setdefault(path[:1], [])
            if path not in group:
                group.append(path)
    valid = validator(root, stated=True).is_valid
    # a safety net, never the generator: a mutation the schema still accepts (a typeless
    # field, a nullable one reached through a combinator) would be a false finding
    def certainly_invalid(call: InvalidCall) -> bool:  # an advisory call is valid by the schema, on purpose
        return (call.labels[0].family in ADVISORY) == valid(call.args)

    if not plan:
        return _calls(root).filter(certainly_invalid)
    return _stratified(root, base, plan).filter(certainly_invalid)


@st.composite
def _stratified(draw: st.DrawFn, root: Node, base: dict[str, Any],
                plan: dict[str, dict[Path, list[Path]]]) -> InvalidCall:
    """The mutation kind first (uniformly among those this schema has), then the field, then
    the place inside it; the rest of the call is random, completed from the base call where
    it lacks the chosen place."""
    kind = draw(st.sampled_from(list(plan)))
    fields = plan[kind]
    paths = fields[draw(st.sampled_from(list(fields)))]
    path = paths[draw(st.integers(0, len(paths) - 1))] if len(paths) > 1 else paths[0]
    intended = draw(strategy(root))
    options: list[tuple[Path, str, Any, Any]] = []
    if graft(intended, base, path[:-1]):
        if kind not in ("unexpected_field",):
            graft(intended, base, path)
        options = [s for s in mutation_sites(intended, root) if s[0] == path and s[1] == kind]
    if not options:
        intended = copy_json(base)
        options = [s for s in mutation_sites(intended, root) if s[0] == path and s[1] == kind]
    return _mutate(intended, options[draw(st.integers(0, len(options) - 1))] if len(options) > 1 else options[0])


def _mutate(intended: dict[str, Any], site: tuple[Path, str, Any, Any]) -> InvalidCall:
    path, kind, original, mutated = site
    args = copy_json(intended)
    if path:
        holder = args
        for part in path[:-1]:
            holder = holder[part]
        if mutated is ABSENT:
            del holder[path[-1]]
        else:
            holder[path[-1]] = copy_json(mutated)
    event(f"aacl invalid: {kind}")
    return InvalidCall(args=args, labels=(Mutation(format_path(path), kind, original, mutated),))


@st.composite  # module level: building a composite inspects source, too slow per schema
def _calls(draw: st.DrawFn, root: Node) -> InvalidCall:
    """Uniform over the places of a random call (for schemas without a base call)."""
    intended = draw(strategy(root))
    sites: list[tuple[Path, str, Any, Any]] = []
    _sites(intended, root, (), sites)
    if not sites:
        reject()  # only possible for schemas with nothing to break; invalid() refuses those
    return _mutate(intended, draw(st.sampled_from(sites)))
