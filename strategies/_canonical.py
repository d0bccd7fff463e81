"""Canonical, schema-valid values: what the boundary passes through unchanged.

Values are built by `_solve.Solver` from the node's schema (draft-07 form, local `$ref`s
inlined to `MAX_REF_DEPTH`), with realistic text from `_realistic`.  Canonical means
dates `YYYY-MM-DD`, date-times and times RFC 3339 with an offset, no null word in a field
that also accepts null.  Where the solver had to approximate (a filter instead of a
construction), whole values are re-checked against the node's own schema.
"""

from __future__ import annotations

import json
import math
from typing import Any

from hypothesis import strategies as st

from ._realistic import FORMAT_STRATEGIES
from ._scalars import NULL_WORDS
from ._schema import MAX_REF_DEPTH, Node, resolve_ref
from ._solve import Solver

NULLISH = frozenset(w.strip().casefold() for w in NULL_WORDS)

__all__ = ["FORMAT_STRATEGIES", "draft7", "strategy", "unique_key", "validator"]


def unique_key(value: Any) -> str:
    """JSON-equality key for uniqueItems (1 and 1.0 are equal, True and 1 are not)."""
    def norm(v: Any) -> Any:
        if isinstance(v, float) and v.is_integer():
            return int(v)
        if isinstance(v, list):
            return [norm(x) for x in v]
        if isinstance(v, dict):
            return {k: norm(x) for k, x in v.items()}
        return v

    return json.dumps(norm(value), sort_keys=True)


def strategy(node: Node) -> st.SearchStrategy[Any]:
    """Canonical values of `node`, built once and cached on the node."""
    cached = node.cache.get("strategy")
    if cached is None:
        cached = node.cache["strategy"] = _build(node)
    return cached


def _not_null_word(value: Any) -> bool:
    return not (isinstance(value, str) and value.strip().casefold() in NULLISH)


#: a draft-07 form larger than this (characters of JSON) is built lazily: union branches
#: and optional properties when first drawn (emptiness is then found per branch, at draw time)
LAZY_ABOVE = 20_000
#: the largest draft-07 form built: recursive `$ref`s are cut shallower until it fits
INLINE_BUDGET = 2_000_000


def _build(node: Node) -> st.SearchStrategy[Any]:
    if node.never:
        return st.nothing()
    schema = node.schema if node.enum is None or not node.nullable else _without_null(node.schema)
    form = _bounded_draft7(schema, node.root)
    size = len(json.dumps(form, default=str))
    solver = Solver(NULLISH, lazy=size > LAZY_ABOVE)
    out = solver.build(form, node.name, node.schema.get("description"), node.nullable)
    if solver.lazy:
        # parts built while drawing may approximate: whether to check is decided per value
        check = _checked(validator(node))
        out = out.filter(lambda v: not solver.approximate or check(v))
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


def validator(node: Node) -> Any:
    """A format-checking jsonschema validator for one node, the root's definitions in reach."""
    found = node.cache.get("validator")
    if found is None:
        import jsonschema

        cls = jsonschema.Draft202012Validator
        defs = {k: node.root[k] for k in ("$defs", "definitions") if k in node.root}
        found = node.cache["validator"] = cls({**defs, "allOf": [node.schema]}, format_checker=cls.FORMAT_CHECKER)
    return found


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


def _bounded_draft7(schema: Any, root: dict[str, Any]) -> Any:
    """`draft7` with recursion cut at `MAX_REF_DEPTH`, or shallower when that is too large
    (a recursive OpenAPI metaschema inlined three deep is 57 MB of JSON)."""
    for depth in range(MAX_REF_DEPTH, 1, -1):
        try:
            return draft7(schema, root, depth=depth, budget=[INLINE_BUDGET // 40])
        except _TooLarge:
            continue
    return draft7(schema, root, depth=1)


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
_APPLICATORS = ("allOf", "anyOf", "oneOf", "not", "if", "$ref", "$dynamicRef", "dependentSchemas",
                "prefixItems", "contains")


def _draft7(s: Any, root: dict[str, Any], counts: dict[str, int], depth: int = MAX_REF_DEPTH,
            budget: list[int] | None = None) -> Any:
    if isinstance(s, list):
        return [_draft7(x, root, counts, depth, budget) for x in s]
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
        inner = _draft7(target, root, {**counts, ref: counts.get(ref, 0) + 1}, depth, budget)
        rest7 = _draft7(rest, root, counts, depth, budget)
        return {"allOf": [inner, rest7]} if rest7 else inner
    out: dict[str, Any] = {}
    for key, value in s.items():
        if (key.startswith("x-") and key != "x-aacl-values") or key in ("$defs", "definitions", "$schema", "$id", "$anchor", "$comment"):
            continue
        if key == "prefixItems":
            out["items"] = _draft7(value, root, counts, depth, budget)
            if "items" in s:
                out["additionalItems"] = _draft7(s["items"], root, counts, depth, budget)
        elif key == "items" and "prefixItems" in s:
            continue
        elif key in _UNEVALUATED and not any(k in s for k in _APPLICATORS) and _UNEVALUATED[key] not in s:
            # with no applicator beside it, unevaluated* means what additional* means
            out[_UNEVALUATED[key]] = _draft7(value, root, counts, depth, budget)
        elif key == "dependentRequired":
            out.setdefault("dependencies", {}).update(value)
        elif key == "dependentSchemas":
            out.setdefault("dependencies", {}).update(_draft7(value, root, counts, depth, budget))
        elif key in ("properties", "patternProperties", "dependencies"):
            out[key] = {k: _draft7(v, root, counts, depth, budget) for k, v in value.items()} if isinstance(value, dict) else value
        elif key in ("enum", "const"):
            out[key] = _integral(value)
        elif key in ("required", "default", "examples", "x-aacl-values"):
            out[key] = value
        else:
            out[key] = _draft7(value, root, counts, depth, budget)
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
    from ._schema import InvalidArgument

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
    from ._refs import UNRESOLVED

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
    from pytest_aacl._specs._pointer import join

    from ._schema import build

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
