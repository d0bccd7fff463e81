"""Nodes that apply JSON Schema's own semantics where no single `type` says what is meant.

- `typeless_node`: keywords without `type` apply to the instance's JSON type only, so a
  string stays a string (never parsed as the list an `items` keyword describes), and
  numbers, strings, lists and objects are each checked by the keywords for their type.
- `all_of_node`: every part normalises in turn, then the result must satisfy the whole.
- `one_of_node`: a value valid for exactly one branch passes unchanged; one valid for
  several is a correction; otherwise the branches normalise it and the reading must then
  match exactly one branch (a normalisation that makes two branches match is refused).
"""

from __future__ import annotations

from typing import Any

from .._errors import Correction
from .._specs._pointer import deref
from ._base import ABSENT, BAD, Node, fail, json_key
from ._containers import any_node
from ._keywords import Checker

__all__ = ["all_of_node", "checked_node", "disjoint", "one_of_node", "typeless_node"]


def _report(errs: list[Correction], checker: Checker, schema: Any, value: Any, original: Any, path: str) -> Any:
    """`value` when `schema` accepts it, else one correction naming the first problem."""
    found = checker.problem(schema, value)
    if found is None:
        return value
    hint = "The value matches more than one alternative; send one that fits exactly one." if found.code == "AMBIGUOUS_VALUE" else None
    return fail(errs, found.code, path + found.path, found.expected, original if not found.path else value, hint)


def typeless_node(
    checker: Checker,
    schema: dict[str, Any],
    *,
    string: Node | None,
    array: Node | None,
    obj: Node | None,
) -> Node:
    """Keywords without `type`: each JSON type meets only its own keywords.

    `string`, `array` and `obj` are the normalising nodes for those types (None when the
    schema has no keyword for it); a value of any other type is passed as plain JSON.
    """
    anything = any_node().fn
    by_type: dict[type, Any] = {}
    if string is not None:
        by_type[str] = string.fn
    if array is not None:
        by_type[list] = array.fn
    if obj is not None:
        by_type[dict] = obj.fn

    expected = string.expected if string is not None else _describe(schema)

    def typeless(v: Any, path: str, errs: list[Correction]) -> Any:
        if v is None:
            return None  # null meets no keyword of a typeless schema: it is valid as is
        fn = by_type.get(type(v))
        if fn is None:  # anything else, str/list/dict subclasses too: plain JSON first
            v = _step(anything, v, path, errs)
            if v is BAD:
                return BAD
            fn = by_type.get(type(v), _same)
        y = _step(fn, v, path, errs)
        if y is BAD:
            return BAD
        if y is ABSENT:  # a null word that fails a format: without a type it is not a null
            return fail(errs, "INVALID_FORMAT", path, expected, v)
        return _report(errs, checker, schema, y, v, path)

    return Node(typeless, _describe(schema))


def _same(v: Any, path: str, errs: list[Correction]) -> Any:
    return v


def _step(fn: Any, v: Any, path: str, errs: list[Correction]) -> Any:
    """`fn(v)`, or `BAD` with its corrections added when it found any (an object node may
    report a missing key and still return the object)."""
    local: list[Correction] = []
    y = fn(v, path, local)
    if local or y is BAD:
        errs.extend(local)
        return BAD
    return y


def checked_node(checker: Checker, schema: dict[str, Any], inner: Node) -> Node:
    """`inner`, with its result checked against all of `schema` (for keywords a typed node
    reads but does not itself enforce in every combination, such as `patternProperties`
    that overlap `properties`)."""
    fn = inner.fn

    def checked(v: Any, path: str, errs: list[Correction]) -> Any:
        y = _step(fn, v, path, errs)
        if y is BAD or y is ABSENT:
            return y
        return _report(errs, checker, schema, y, v, path)

    return Node(checked, inner.expected, nullable=inner.nullable)


def all_of_node(checker: Checker, schema: dict[str, Any], parts: list[Node]) -> Node:
    """Each part normalises the previous part's result; the last result must satisfy all."""
    fns = [p.fn for p in parts]
    expected = " and ".join(p.expected for p in parts)

    def all_of(v: Any, path: str, errs: list[Correction]) -> Any:
        y = v
        for fn in fns:
            y = _step(fn, y, path, errs)
            if y is BAD or y is ABSENT:
                return y
        return _report(errs, checker, schema, y, v, path)

    return Node(all_of, expected, nullable=all(p.nullable for p in parts))


def one_of_node(checker: Checker, branches: list[Any], union: Node) -> Node:
    """`oneOf`: exactly one branch; `union` normalises a value that matches none."""
    fn = union.fn
    anything = any_node().fn
    expected = "exactly one of: " + union.expected.removeprefix("one of: ")

    def one_of(v: Any, path: str, errs: list[Correction]) -> Any:
        plain = _step(anything, v, path, [])  # only plain JSON is ever passed on as it is
        if plain is not BAD:
            hits = checker.count(branches, plain)
            if hits == 1:
                return plain
            if hits > 1:
                return fail(errs, "AMBIGUOUS_VALUE", path, expected, v, "The value matches more than one alternative; send one that fits exactly one.")
        y = _step(fn, v, path, errs)
        if y is BAD or y is ABSENT:
            return y
        if checker.count(branches, y) == 1:
            return y
        return fail(errs, "AMBIGUOUS_VALUE", path, expected, v, "Read leniently, the value fits more than one alternative; send it in the exact type of one.")

    return Node(one_of, expected, nullable=union.nullable)


def disjoint(root: dict[str, Any], branches: list[Any]) -> bool:
    """Whether no value can match two `oneOf` branches, so `anyOf` semantics are exact and
    the per-call count can be skipped: branches of pairwise disjoint types, or objects told
    apart by a required property with a distinct `const` (a discriminated union)."""
    schemas = [deref(root, b) for b in branches]
    if not all(isinstance(s, dict) for s in schemas):
        return False
    kinds = [_types(s) for s in schemas]
    if all(k is not None for k in kinds):
        seen: set[str] = set()
        for k in kinds:
            if seen & k:  # type: ignore[operator]
                break
            seen |= k  # type: ignore[operator]
        else:
            return True
    tags = [_tags(root, s) for s in schemas]
    for name in set.intersection(*(set(t) for t in tags)) if tags else ():
        values = [t[name] for t in tags]
        if len(set(values)) == len(values):
            return True
    return False


def _types(schema: dict[str, Any]) -> set[str] | None:
    kind = schema.get("type")
    if kind is None or set(schema) & {"allOf", "anyOf", "oneOf", "$ref"}:
        return None
    kinds = {kind} if isinstance(kind, str) else set(kind)
    if "number" in kinds:
        kinds.add("integer")
    return kinds


def _tags(root: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    """Required properties pinned to one value (`const` or a one-value `enum`)."""
    if schema.get("type") != "object" or set(schema) & {"allOf", "anyOf", "oneOf", "$ref"}:
        return {}
    out = {}
    for name in schema.get("required", ()):
        prop = deref(root, schema.get("properties", {}).get(name))
        if isinstance(prop, dict):
            if "const" in prop:
                out[name] = json_key(prop["const"])
            elif isinstance(prop.get("enum"), list) and len(prop["enum"]) == 1:
                out[name] = json_key(prop["enum"][0])
    return out


def _describe(schema: dict[str, Any]) -> str:
    shown = {k: v for k, v in schema.items() if not k.startswith("$") and k not in ("title", "description", "examples", "default")}
    text = repr(shown)
    return "a value meeting " + (text if len(text) <= 120 else text[:119] + "…")
