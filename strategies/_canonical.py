"""Canonical, schema-valid values: what the boundary passes through unchanged.

Values are built by `_solve.Solver` from the node's schema (draft-07 form, local `$ref`s
inlined to `MAX_REF_DEPTH`; in a large form, the schemas of properties and items are
drafted when first built), with realistic text from `_realistic`.  Canonical means
dates `YYYY-MM-DD`, date-times and times RFC 3339 with an offset, no null word in a field
that also accepts null.  Where the solver had to approximate (a filter instead of a
construction), whole values are re-checked against the node's own schema.
"""

from __future__ import annotations

import json
import math
from typing import Any

from hypothesis import strategies as st

from pytest_aacl._specs._pointer import join

from ._formatcheck import format_checker
from ._realistic import FORMAT_STRATEGIES
from ._scalars import NULL_WORDS
from ._schema import MAX_REF_DEPTH, InvalidArgument, Node, build, resolve_ref
from ._solve import LAZY, Solver

NULLISH = frozenset(w.strip().casefold() for w in NULL_WORDS)

__all__ = ["FORMAT_STRATEGIES", "draft7", "strategy", "validator"]


def strategy(node: Node) -> st.SearchStrategy[Any]:
    """Canonical values of `node`, built once and cached on the node."""
    cached = node.cache.get("strategy")
    if cached is None:
        cached = node.cache["strategy"] = _build(node)
    return cached


def _not_null_word(value: Any) -> bool:
    return not (isinstance(value, str) and value.strip().casefold() in NULLISH)


#: a draft-07 form larger than this (about: counted as 40 characters of JSON a subschema)
#: is built lazily: union branches, optional properties and the schemas of properties and
#: items when first drawn (emptiness is then found per branch, at draw time)
LAZY_ABOVE = 20_000


def _build(node: Node) -> st.SearchStrategy[Any]:
    if node.never:
        return st.nothing()
    schema = node.schema if node.enum is None or not node.nullable else _without_null(node.schema)
    try:
        form: Any = draft7(schema, node.root, budget=[LAZY_ABOVE // 40])
        solver = Solver(NULLISH)
    except _TooLarge:
        lazy = _Lazy(node.root, MAX_REF_DEPTH)
        form = _draft7(schema, node.root, {}, MAX_REF_DEPTH, None, lazy)
        form = {**form, "$schema": "http://json-schema.org/draft-07/schema#"} if isinstance(form, dict) else form
        solver = Solver(NULLISH, lazy=True, expand=lazy.expand)
    out = solver.build(form, node.name, node.schema.get("description"), node.nullable)
    if solver.lazy:
        # parts are drafted and merged while drawing, with stand-ins for the parts not
        # drafted yet: every whole value is checked against the node's own schema
        out = out.filter(_checked(validator(node)))
    elif solver.approximate or _beyond_draft7(node.schema):
        out = out.filter(_checked(validator(node)))
    if node.nullable:
        out = st.none() | out.filter(_not_null_word)
    return out


_DYNAMIC = ('"$dynamicRef"', '"$recursiveRef"', '"unevaluatedItems"', '"unevaluatedProperties"')


def _beyond_draft7(schema: Any) -> bool:
    """Keywords the draft-07 rewrite approximates: whole values are checked after."""
    text = json.dumps(schema, default=str)
    return any(word in text for word in _DYNAMIC)


def _checked(check: Any) -> Any:
    """`check.is_valid`, where a value jsonschema cannot evaluate counts as invalid."""
    def valid(value: Any) -> bool:
        try:
            return bool(check.is_valid(value))
        except Exception:  # e.g. a pattern the `re` module rejects, an unresolvable anchor
            return False

    return valid


def _without_null(schema: dict[str, Any]) -> dict[str, Any]:
    """A nullable enum's schema without null (null is added once, by the caller)."""
    out = dict(schema)
    if "enum" in out:
        out["enum"] = [v for v in out["enum"] if v is not None]
    if out.get("const", 0) is None:
        out.pop("const")
    return out


def validator(node: Node, stated: bool = False) -> Any:
    """A format-checking jsonschema validator for one node, the root's definitions in reach.

    It also holds the numeric bounds the descriptions below `node` state (`Node.stated`), since
    what a model means keeps to them; `stated=True`: the schema as published only, for invalid
    inputs and calls that must be valid by the schema alone."""
    key = "validator:stated" if stated else "validator"
    found = node.cache.get(key)
    if found is None:
        import jsonschema

        cls = jsonschema.Draft202012Validator
        defs = {k: node.root[k] for k in ("$defs", "definitions") if k in node.root}
        parts = [node.stated if stated and node.stated is not None else node.schema]
        described = {} if stated else _described_below(node, 0)
        found = node.cache[key] = cls({**defs, "allOf": [*parts, *([described] if described else [])]},
                                      format_checker=format_checker(cls))
    return found


def _described_below(node: Node, depth: int) -> dict[str, Any]:
    """The described bounds of the properties under `node`, as a schema fragment."""
    if depth > 8:
        return {}
    props: dict[str, Any] = {}
    for name, child in node.props.items():
        here = {k: v for k, v in child.schema.items() if child.stated is not None and k not in child.stated}
        here.update(_described_below(child, depth + 1))
        if here:
            props[name] = here
    return {"properties": props} if props else {}


def _num(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _int_bounds(s: dict[str, Any]) -> tuple[int | None, int | None]:
    """The integer range of a node's minimum/maximum (exclusive bounds included)."""
    lo = s.get("minimum")
    hi = s.get("maximum")
    lo = math.ceil(lo) if _num(lo) else None
    hi = math.floor(hi) if _num(hi) else None
    xlo, xhi = s.get("exclusiveMinimum"), s.get("exclusiveMaximum")
    if _num(xlo):
        lo = max(lo, math.floor(xlo) + 1) if lo is not None else math.floor(xlo) + 1
    if _num(xhi):
        hi = min(hi, math.ceil(xhi) - 1) if hi is not None else math.ceil(xhi) - 1
    return lo, hi


class _TooLarge(Exception):
    pass


def draft7(schema: Any, root: dict[str, Any], counts: dict[str, int] | None = None,
           depth: int = MAX_REF_DEPTH, budget: list[int] | None = None) -> Any:
    """A 2020-12 node as a self-contained draft-07 schema the canonicaliser reads.

    Local `$ref`s are inlined (recursion cut at `MAX_REF_DEPTH` with `false`) and 2020-12
    keywords are rewritten to their draft-07 forms (`minContains`/`maxContains` are kept:
    the solver reads them, draft-07 validators ignore them).
    """
    out = _draft7(schema, root, counts or {}, depth, budget)
    if isinstance(out, dict):
        out = {**out, "$schema": "http://json-schema.org/draft-07/schema#"}
    return out


_UNEVALUATED = {"unevaluatedProperties": "additionalProperties", "unevaluatedItems": "items"}
#: keywords whose schema describes another value than the one at hand (an item, a value, a key)
_DESCENT = ("items", "additionalItems", "additionalProperties", "contains", "propertyNames")
_APPLICATORS = ("allOf", "anyOf", "oneOf", "not", "if", "$ref", "$dynamicRef", "dependentSchemas",
                "prefixItems", "contains")


class _Lazy:
    """The subschemas of a large form in positions that describe another value (a
    property's, an item's): each drafted when the solver first builds it, so a form is
    never inlined whole (azure-pipelines: 3,828 distinct subschemas, 247,187 inlined)."""

    def __init__(self, root: dict[str, Any], depth: int) -> None:
        self.root, self.depth = root, depth
        self._raw: list[tuple[Any, dict[str, int]]] = []
        self._index: dict[tuple[int, tuple[tuple[str, int], ...]], int] = {}
        self._done: dict[int, Any] = {}

    def stub(self, raw: Any, counts: dict[str, int]) -> Any:
        if not isinstance(raw, dict):
            return _draft7(raw, self.root, counts, self.depth, None, self)
        key = (id(raw), tuple(sorted(counts.items())))
        n = self._index.get(key)
        if n is None:
            n = self._index[key] = len(self._raw)
            self._raw.append((raw, counts))
        return {"$ref": f"{LAZY}{n}"}

    def expand(self, n: int) -> Any:
        found = self._done.get(n)
        if found is None:
            raw, counts = self._raw[n]
            found = self._done[n] = _draft7(raw, self.root, counts, self.depth, None, self)
        return found


def _draft7(s: Any, root: dict[str, Any], counts: dict[str, int], depth: int = MAX_REF_DEPTH,
            budget: list[int] | None = None, lazy: _Lazy | None = None) -> Any:
    if isinstance(s, list):
        return [_draft7(x, root, counts, depth, budget, lazy) for x in s]
    if not isinstance(s, dict):
        return _integral(s)
    if budget is not None:  # dicts left to build before the form counts as too large
        budget[0] -= 1
        if budget[0] < 0:
            raise _TooLarge
    if isinstance(s.get("$ref"), str):
        ref = s["$ref"]
        if counts.get(ref, 0) >= depth:
            return False
        target = resolve_ref(root, ref)
        rest = {k: v for k, v in s.items() if k != "$ref"}
        inner = _draft7(target, root, {**counts, ref: counts.get(ref, 0) + 1}, depth, budget, lazy)
        rest7 = _draft7(rest, root, counts, depth, budget, lazy)
        return {"allOf": [inner, rest7]} if rest7 else inner
    def other(value: Any) -> Any:  # a schema for another value than `s`'s own
        if lazy is not None:
            return [lazy.stub(v, counts) for v in value] if isinstance(value, list) else lazy.stub(value, counts)
        return _draft7(value, root, counts, depth, budget, lazy)

    out: dict[str, Any] = {}
    for key, value in s.items():
        if (key.startswith("x-") and key != "x-aacl-values") or key in ("$defs", "definitions", "$schema", "$id", "$anchor", "$comment"):
            continue
        if key == "prefixItems":
            out["items"] = other(value)
            if "items" in s:
                out["additionalItems"] = other(s["items"])
        elif key == "items" and "prefixItems" in s:
            continue
        elif key in _UNEVALUATED and not any(k in s for k in _APPLICATORS) and _UNEVALUATED[key] not in s:
            # with no applicator beside it, unevaluated* means what additional* means
            out[_UNEVALUATED[key]] = other(value)
        elif key == "dependentRequired":
            out.setdefault("dependencies", {}).update(value)
        elif key == "dependentSchemas":
            out.setdefault("dependencies", {}).update(_draft7(value, root, counts, depth, budget, lazy))
        elif key in ("properties", "patternProperties"):
            out[key] = {k: other(v) for k, v in value.items()} if isinstance(value, dict) else value
        elif key == "dependencies":
            out[key] = {k: _draft7(v, root, counts, depth, budget, lazy) for k, v in value.items()} if isinstance(value, dict) else value
        elif key in _DESCENT:
            out[key] = other(value)
        elif key in ("enum", "const"):
            out[key] = _integral(value)
        elif key in ("required", "default", "examples", "x-aacl-values"):
            out[key] = value
        else:
            out[key] = _draft7(value, root, counts, depth, budget, lazy)
    return out


def _integral(value: Any) -> Any:
    """1.0 as 1 (JSON Schema does not tell them apart; the solver's fast encoder would)."""
    if isinstance(value, float) and value.is_integer() and math.isfinite(value):
        return int(value)
    if isinstance(value, list):
        return [_integral(v) for v in value]
    if isinstance(value, dict):
        return {k: _integral(v) for k, v in value.items()}
    return value


def require_values(node: Node, pointer: str = "") -> None:
    """`InvalidArgument` naming the JSON pointer that leaves `node` without any valid
    value, instead of a strategy that can never draw (Hypothesis would say `Unsatisfiable`)."""
    if not strategy(node).is_empty:
        return
    where, schema = _empty_at(node, pointer)
    remote = _unresolved(schema)
    if remote:
        raise InvalidArgument(
            f"the subschema at {where or '/'} needs the remote $ref {remote!r}, which cannot be resolved "
            "without a network fetch, and every valid value goes through it; bundle it (copy the "
            "referenced schema into the root \"$defs\" and point the $ref there) or pass "
            "conforming(schema, registry=referencing.Registry().with_resource(uri, resource))")
    brief = json.dumps(schema, default=str)
    brief = brief if len(brief) <= 120 else brief[:117] + "..."
    raise InvalidArgument(
        f"no value satisfies this schema: the subschema at {where or '/'} ({brief}) admits "
        "nothing, so no valid call exists; relax or remove the contradictory constraint there")


def _unresolved(schema: Any) -> str | None:
    """The first remote `$ref` cut out of `schema` (see `_refs.UNRESOLVED`), if any."""
    from ._refs import UNRESOLVED  # lazy: saves start-up time

    if isinstance(schema, dict):
        if isinstance(schema.get(UNRESOLVED), str):
            return schema[UNRESOLVED]
        children: Any = schema.values()
    elif isinstance(schema, list):
        children = schema
    else:
        return None
    return next((found for c in children if (found := _unresolved(c))), None)


def _empty_at(node: Node, pointer: str) -> tuple[str, Any]:
    """The deepest position under `node` whose own schema is already empty."""
    children: list[tuple[str, Node]] = [
        (join(pointer, "properties", k), node.props[k]) for k in sorted(node.required) if k in node.props]
    for word in ("allOf", "anyOf", "oneOf"):
        parts = node.schema.get(word)
        if isinstance(parts, list) and (word == "allOf" or len(parts) == 1):
            children += [(join(pointer, word, i), build(p, node.root)) for i, p in enumerate(parts)]
    for where, child in children:
        if strategy(child).is_empty:
            return _empty_at(child, where)
    return pointer, node.schema
