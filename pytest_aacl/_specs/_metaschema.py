"""The 2020-12 and 2019-09 metaschemas as static documents, for checking tool schemas fast.

The published 2020-12 metaschema is eight vocabulary documents joined by `$dynamicRef`
(2019-09: seven, by `$recursiveRef`),
which jsonschema resolves afresh at every subschema: checking a large configuration
schema took 3.4 s (azure-pipelines) and 14 s (renovate).  A dynamic reference only
differs from a plain `$ref "#"` when another metaschema extends this one, which never
happens when checking a tool schema, so the vocabularies are merged into one document
with plain references (1.3 s and 4.8 s; the same errors on every schema of the
real-world corpus, which a test keeps true).  Checking the 2019-09 metaschema inlined
(106 KB) against itself: 1.7 s published, 0.5 s static.
"""

from __future__ import annotations

from typing import Any

__all__ = ["static_2019_09", "static_2020_12"]

_DROPPED = ("$id", "$schema", "$vocabulary", "$dynamicAnchor", "$recursiveAnchor", "$comment")
_MAPS = ("properties", "patternProperties", "$defs")


def static_2020_12() -> dict[str, Any]:
    """The 2020-12 metaschema with its vocabularies inlined and no dynamic references."""
    return _joined("https://json-schema.org/draft/2020-12/")


def static_2019_09() -> dict[str, Any]:
    """The 2019-09 metaschema with its vocabularies inlined and no recursive references."""
    return _joined("https://json-schema.org/draft/2019-09/")


def _joined(base: str) -> dict[str, Any]:
    from jsonschema_specifications import REGISTRY

    root = REGISTRY.contents(base + "schema")
    out: dict[str, Any] = {"$schema": base + "schema", "$defs": {}, "allOf": []}
    for part in root["allOf"]:
        vocabulary = _static(REGISTRY.contents(base + part["$ref"]))
        out["$defs"].update(vocabulary.pop("$defs", {}))
        out["allOf"].append(vocabulary)
    rest = _static({k: v for k, v in root.items() if k != "allOf"})
    out["$defs"].update(rest.pop("$defs", {}))
    return {**rest, **out}


def _static(node: Any) -> Any:
    if isinstance(node, list):
        return [_static(v) for v in node]
    if not isinstance(node, dict):
        return node
    out = {k: ({name: _static(s) for name, s in v.items()} if k in _MAPS and isinstance(v, dict) else _static(v))
           for k, v in node.items() if k not in _DROPPED}
    ref = out.get("$ref")
    if isinstance(ref, str) and ref.startswith("meta/"):  # "meta/validation#/$defs/x": now local
        out["$ref"] = "#" + ref.split("#", 1)[1]
    if out.get("$dynamicRef") == "#meta" or out.get("$recursiveRef") == "#":
        out.pop("$dynamicRef", None)
        out.pop("$recursiveRef", None)
        out["$ref"] = "#"
    return out
