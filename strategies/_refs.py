"""Inlining references the tool-spec layer refuses: nested `$id`s, anchors, metaschemas.

A tool schema must be self-contained for the boundary, but `conforming()` can still draw
for a schema whose `$ref`s resolve inside the document under JSON Schema's base-URI rules
(or to a published metaschema bundled with jsonschema, or to a resource in a registry
the user passes).  `inline` rewrites such a schema into one without references (recursion
cut at a depth bound with `false`).  A reference that needs a network fetch becomes a
schema admitting nothing where that is sound (what is drawn then never reaches it: a
property, an item, an `anyOf` branch); under `not`, `oneOf` or an `if` it would change
what other parts mean, so it stays unresolvable and the caller keeps its refusal.
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

__all__ = ["TooLarge", "Unresolvable", "inline"]

_MAP_KEYS = ("properties", "patternProperties", "dependentSchemas")
_LIST_KEYS = ("allOf", "anyOf", "oneOf", "prefixItems")
_ONE_KEYS = ("not", "if", "then", "else", "contains", "additionalProperties", "additionalItems",
             "propertyNames", "unevaluatedProperties", "unevaluatedItems")
_DROPPED = ("$id", "id", "definitions", "$defs", "$anchor", "$dynamicAnchor", "$recursiveAnchor")
_OLD = ("draft-03", "draft-04", "draft-06", "draft-07")


#: marks where a remote reference was cut (the refusal, if one follows, names it)
UNRESOLVED = "x-aacl-unresolved-ref"
#: keys under which a schema that admits nothing would change what the value may be
_NEGATIVE = ("not", "oneOf", "if")


class Unresolvable(Exception):
    """A `$ref` that cannot be followed without the network."""


_DYNAMIC_KEY = ("$recursiveRef", "$dynamicRef")


def _lookup(res: Any, ref: str, key: str) -> Any:
    """Follow `$ref`, 2019-09's `$recursiveRef` or 2020-12's `$dynamicRef` from `res`.

    `referencing` keeps the dynamic scope of every lookup, so a dynamic reference lands
    where a validator evaluating from the root would land (the outermost anchored resource:
    a metaschema's `"#meta"` means the whole metaschema, not the vocabulary that says it).
    Read statically instead, a vocabulary's `"#"` would accept what the whole schema refuses."""
    if key == "$recursiveRef":
        from referencing.jsonschema import lookup_recursive_ref

        return lookup_recursive_ref(res)
    return res.lookup(ref)


@cache
def _metaschemas() -> Any:
    """The published metaschemas, also under `https://` for the drafts published at
    `http://` (schemas in the wild write both)."""
    from jsonschema_specifications import REGISTRY

    aliases = [(uri.replace("http://", "https://", 1), REGISTRY[uri])
               for uri in REGISTRY if uri.startswith("http://json-schema.org/")]
    return REGISTRY.with_resources(aliases).crawl()


#: a schema that looks anchors up: dynamic references, a `$ref` to a plain-name fragment, or
#: a `$ref` to a 2019-09/2020-12 metaschema (whose parts refer to each other by `#meta`)
_ANCHORED = re.compile(r'"\$(?:dynamicRef|recursiveRef)"|"\$ref": "[^"]*#[^/"]|json-schema\.org/draft/20(?:19-09|20-12)/')


class TooLarge(Exception):
    """The inlined schema would pass `max_nodes` nodes (a self-referencing schema grows
    exponentially with the depth of the cut)."""


def inline(schema: dict[str, Any], depth: int, registry: Any = None,
           max_nodes: float = float("inf")) -> dict[str, Any]:
    """`schema` with every `$ref` replaced by its target (remote ones looked up in
    `registry`, a `referencing.Registry`, when given), or `Unresolvable`, or `TooLarge`."""
    import referencing.exceptions
    from referencing.jsonschema import DRAFT202012, specification_with

    REGISTRY = _metaschemas()
    dialect = schema.get("$schema", "")
    spec = specification_with(dialect, default=DRAFT202012) if dialect else DRAFT202012
    resource = spec.create_resource(schema)
    base = resource.id() or "urn:pytest-aacl:tool-schema"
    known = (REGISTRY if registry is None else registry.combine(REGISTRY)).with_resource(base, resource)
    if _ANCHORED.search(json.dumps(schema, default=str)):
        # crawled once, here: uncrawled, every anchor lookup (a metaschema's "#meta") crawled
        # it all again (bids' metaschema: 2,102 crawls, 24 of its 27 s build); where no anchor
        # is looked up, crawling a package's whole catalog up front only costs (0.3 -> 0.9 s)
        try:
            known = known.crawl()
        except Exception:  # an `$id` `referencing` cannot read: left to the lookups to report
            pass
    resolver = known.resolver(base_uri=base)
    siblings_ignored = any(d in str(dialect) for d in _OLD)
    made = [0]

    def walk(node: Any, res: Any, counts: dict[str, int], negative: bool = False) -> Any:
        if not isinstance(node, dict):
            return node
        made[0] += 1
        if made[0] > max_nodes:
            raise TooLarge
        if isinstance(node.get("$id", node.get("id")), str):
            res = res.in_subresource(spec.create_resource(node))
        which = next((k for k in ("$ref", *_DYNAMIC_KEY) if isinstance(node.get(k), str)), None)
        if which is not None:
            ref = node[which]
            try:
                found = _lookup(res, ref, which)
            except (referencing.exceptions.Unresolvable, referencing.exceptions.NoSuchResource) as err:
                if negative or ref.startswith("#"):
                    raise Unresolvable(f"$ref {ref!r}: {err}") from None
                return {"not": {}, UNRESOLVED: ref}
            key = f"{id(found.contents)}"
            if counts.get(key, 0) >= depth:
                return {"not": {}}  # draft-04 has no boolean schemas
            inner = walk(found.contents, found.resolver, {**counts, key: counts.get(key, 0) + 1}, negative)
            if siblings_ignored:
                return inner
            rest = {k: v for k, v in node.items() if k not in ("$ref", *_DYNAMIC_KEY)}
            rest = walk(rest, res, counts, negative) if rest else {}
            return {"allOf": [inner, rest]} if rest else inner
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key in _DROPPED or key == "$schema":
                continue
            below = negative or key in _NEGATIVE
            if key in _MAP_KEYS and isinstance(value, dict):
                out[key] = {k: walk(v, res, counts, below) for k, v in value.items()}
            elif key == "dependencies" and isinstance(value, dict):
                out[key] = {k: v if isinstance(v, list) else walk(v, res, counts, below) for k, v in value.items()}
            elif key in _LIST_KEYS and isinstance(value, list):
                out[key] = [walk(v, res, counts, below) for v in value]
            elif key == "items":
                out[key] = ([walk(v, res, counts, below) for v in value] if isinstance(value, list)
                            else walk(value, res, counts, below))
            elif key in _ONE_KEYS:
                out[key] = walk(value, res, counts, below)
            else:
                out[key] = value
        return out

    result = walk(schema, resolver, {})
    if isinstance(result, dict) and dialect:
        result["$schema"] = dialect
    return result if isinstance(result, dict) else {"not": {}}
