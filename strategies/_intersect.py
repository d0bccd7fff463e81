"""What several schemas allow together, for the solver: merges that keep going where
hypothesis-jsonschema's `merged` gives up, and the shapes a part is built from when no
merge exists (the others are then checked on every value drawn)."""

from __future__ import annotations

import re
from typing import Any

from ._hjs import FALSEY, canonicalish, get_type, merged
from ._patterns import compiles

__all__ = ["absent_key", "accepts_all", "merge", "merged_by_property", "picks", "with_others_keys",
           "without", "without_others_keys"]


def without(s: dict[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in s.items() if k != key}


def merge(*schemas: Any) -> Any:
    """The intersection of `schemas`, canonical; an `allOf` when it cannot be merged."""
    out = merged_by_property(list(schemas))
    return out if out is not None else {"allOf": [canonicalish(s) for s in schemas]}


def merged_by_property(schemas: list[Any]) -> Any:
    """hypothesis-jsonschema's `merged`, or None; where it gives up on a whole object because
    one property's schemas cannot be merged (two `pattern`s: a STIX object's `id` is an
    identifier and starts `url--`; a property's `anyOf` against a `patternProperties` entry's),
    that property becomes an `allOf` of what each schema says of it and the rest is merged:
    building one part and checking the others refused every value."""
    out = merged(schemas)
    if out is not None or not all(isinstance(s, dict) for s in schemas):
        return out
    names = {k for s in schemas if isinstance(s.get("properties"), dict) for k in s["properties"]}
    stuck = {}
    for key in sorted(names):
        said = [part for s in schemas for part in said_of(s, key)]
        if len(said) > 1 and merged(said) is None:
            stuck[key] = said
    if not stuck:
        return None
    # each schema's word on a stuck key moves into the allOf: `{}` in its place
    parts = [{**s, "properties": {**s.get("properties", {}), **{k: {} for k in stuck}}} for s in schemas]
    return merged([*parts, {"properties": {k: {"allOf": v} for k, v in stuck.items()}}])


def said_of(s: dict[str, Any], key: str) -> list[Any]:
    """What one object schema requires of the value at `key`."""
    props, patterns = s.get("properties"), s.get("patternProperties")
    if isinstance(props, dict) and key in props:
        return [props[key]]
    matching = [v for p, v in patterns.items() if compiles(p) and re.search(p, key)] if isinstance(patterns, dict) else []
    return matching or ([s["additionalProperties"]] if "additionalProperties" in s else [])


def picks(options: list[list[Any]], limit: int = 64) -> list[tuple[Any, ...]]:
    """One item from each list, every combination up to `limit` (then the first `limit`, the
    earlier items varying slowest)."""
    out: list[tuple[Any, ...]] = [()]
    for items in options:
        out = [(*pick, item) for pick in out for item in items][:limit]
    return out


def absent_key(s: dict[str, Any]) -> str | None:
    """For an object schema with `not: {required: [...]}`, a key the `not` requires and the
    schema does not: an object without it never matches the `not`."""
    excluded = s["not"]
    if get_type(s) != ["object"] or not isinstance(excluded, dict) or not isinstance(excluded.get("required"), list):
        return None
    mine = set(s.get("required", []))
    return next((k for k in excluded["required"] if isinstance(k, str) and k not in mine), None)


def with_others_keys(base: Any, others: list[Any]) -> Any:
    """The first part of an allOf that cannot be merged, also requiring the keys the other
    parts require and declaring the properties and key patterns only they declare: built from the first part
    alone, every value lacked those keys and the check refused it (datapackage's fiscal
    profile adds a required `model` to a data package: no example in 10 s)."""
    if not isinstance(base, dict) or base.get("type", "object") not in ("object", ["object"]):
        return base
    required = list(base.get("required", []))
    props = dict(base.get("properties", {}))
    patterns = dict(base.get("patternProperties", {}))
    for other in others:
        if not isinstance(other, dict):
            continue
        required += [k for k in other.get("required", []) if isinstance(k, str) and k not in required]
        for key, schema in other.get("properties", {}).items() if isinstance(other.get("properties"), dict) else ():
            props.setdefault(key, schema)
        # keys drawn from the others' patterns too (two closed dictionaries, one with `^MD5$`)
        for pattern, schema in other.get("patternProperties", {}).items() if isinstance(
                other.get("patternProperties"), dict) else ():
            patterns.setdefault(pattern, schema)
    if not required and props == base.get("properties", {}) and patterns == base.get("patternProperties", {}):
        return base
    out = {**base, "required": required, "properties": props}
    return {**out, "patternProperties": patterns} if patterns else out


def without_others_keys(mine: Any, others: list[Any]) -> Any:
    """"Exactly one of `data` or `path`" is a oneOf of branches that differ in `required`: a
    value of one branch that also carried the other's key matched both, and the exclusivity
    filter refused most draws (datapackage's resources: no example in 10 s).  For each other
    branch, one key it requires and this one does not is left out (a subset of the values)."""
    if not isinstance(mine, dict):
        return mine
    have = set(mine.get("required", []))
    props = dict(mine.get("properties", {}))
    for other in others:
        needs = other.get("required") if isinstance(other, dict) else None
        extra = [k for k in needs if isinstance(k, str) and k not in have] if isinstance(needs, list) else []
        if extra and not any(props.get(k) == FALSEY for k in extra):
            props[extra[0]] = FALSEY
    return {**mine, "properties": props} if props != mine.get("properties", {}) else mine


def accepts_all(schema: Any, kind: str) -> bool:
    """Does `schema` accept every value of JSON type `kind`?"""
    return merged([schema, {"type": kind}]) == {"type": kind}
