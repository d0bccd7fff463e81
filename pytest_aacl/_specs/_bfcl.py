"""Berkeley Function Calling Leaderboard declarations -> `ToolSpec`.

BFCL writes thousands of real-world tool declarations in its own dialect of JSON Schema
(`"dict"`, `"float"`, `"tuple"`, `"any"`, `optional` flags, enums whose values disagree
with the declared type).  Translating the dialect once lets every BFCL declaration be fuzzed
like any other tool.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import _argcheck
from .._errors import SpecError
from .._toolspec import ToolSpec
from ._jsonschema import canonicalise
from ._pointer import rebase
from ._typing import json_type

__all__ = ["from_bfcl", "is_bfcl", "translate_bfcl"]

_TYPES = {
    "dict": "object", "object": "object", "float": "number", "double": "number", "number": "number",
    "integer": "integer", "int": "integer", "string": "string", "str": "string",
    "boolean": "boolean", "bool": "boolean", "array": "array", "list": "array", "tuple": "array",
    "null": "null",
}
_DIALECT = frozenset({"dict", "float", "tuple", "any", "int", "str", "bool", "list", "double"})
_ONE = ("items", "additionalProperties", "additionalItems", "not")
_LIST = ("anyOf", "oneOf", "allOf")


def from_bfcl(declaration: dict[str, Any], implementation: Callable[..., Any] | None = None) -> ToolSpec:
    """A `ToolSpec` from one BFCL declaration (`{"name", "description", "parameters"}`)."""
    if not isinstance(declaration, dict) or not isinstance(declaration.get("name"), str):
        raise SpecError(f"from_bfcl() got declaration={_argcheck.shown(declaration)}; pass a BFCL declaration, "
                        'a dict with "name", "description" and "parameters"')
    _argcheck.overrides("from_bfcl", implementation=implementation)
    parameters = declaration.get("parameters", {"type": "dict", "properties": {}})
    if not isinstance(parameters, dict):
        raise SpecError("BFCL parameters must be an object schema", pointer="/parameters")
    return ToolSpec(
        name=declaration["name"],
        description=str(declaration.get("description") or ""),
        parameters=_canonical(parameters),
        implementation=implementation,
        source="bfcl",
    )


def _canonical(parameters: dict[str, Any]) -> dict[str, Any]:
    try:
        return canonicalise(translate_bfcl(parameters))
    except SpecError as exc:  # point into the declaration, not into the bare schema
        raise rebase(exc, "/parameters") from None


def is_bfcl(schema: Any) -> bool:
    """Does this parameters schema use BFCL's dialect (so plain JSON Schema would reject it)?"""
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            kind = node.get("type")
            kinds = kind if isinstance(kind, list) else [kind]
            if "optional" in node or any(isinstance(k, str) and k in _DIALECT for k in kinds):
                return True
            # the values of `properties`, never the mapping itself: a JSON Schema with a
            # property *named* "optional" (boutiques' inputs) is not BFCL's dialect
            stack.extend(v for k, v in node.items() if k in (*_ONE, *_LIST))
            if isinstance(node.get("properties"), dict):
                stack.extend(node["properties"].values())
        elif isinstance(node, list):
            stack.extend(node)
    return False


def translate_bfcl(node: Any) -> Any:
    """BFCL dialect -> standard JSON Schema (a new tree; the input is not changed)."""
    if not isinstance(node, dict):
        return node
    out = {k: v for k, v in node.items() if k != "optional"}
    kind = node.get("type")
    if kind == "any":
        del out["type"]
    elif isinstance(kind, str) and kind in _TYPES:
        out["type"] = _TYPES[kind]
    elif isinstance(kind, list):
        out["type"] = [_TYPES.get(k, k) if isinstance(k, str) else k for k in kind]  # draft-03 allows schemas
    props = node.get("properties")
    if isinstance(props, dict):
        out["properties"] = {k: translate_bfcl(v) for k, v in props.items()}
        optional = _optional(node, props)
        required = [r for r in node.get("required") or () if r not in optional]
        if "required" in node:
            out["required"] = required
        if props and all(r in props for r in required):
            out.setdefault("additionalProperties", False)  # BFCL rejects unknown arguments
    for key in _ONE:
        if key in node:
            out[key] = [translate_bfcl(v) for v in node[key]] if isinstance(node[key], list) \
                else translate_bfcl(node[key])
    for key in _LIST:
        if isinstance(node.get(key), list):
            out[key] = [translate_bfcl(v) for v in node[key]]
    if "enum" in node:
        _fit_enum(out)
    return out


def _optional(node: dict[str, Any], props: dict[str, Any]) -> set[str]:
    """Properties BFCL marks optional: `"optional": true` on the property, or a list on the parent."""
    names = {k for k, v in props.items() if isinstance(v, dict) and str(v.get("optional")).lower() == "true"}
    listed = node.get("optional")
    if isinstance(listed, list):
        names.update(n for n in listed if isinstance(n, str))
    return names


def _fit_enum(out: dict[str, Any]) -> None:
    """Make `type` agree with `enum`: BFCL writes `"type": "integer", "enum": ["1", "dontcare"]`
    and `"type": "array", "enum": [...]` (meaning the items), both unsatisfiable as written."""
    values = out["enum"]
    if not isinstance(values, list):
        return
    kind = out.get("type")
    if kind == "array":
        items = out.get("items") if isinstance(out.get("items"), dict) else {}
        out["items"] = {**items, "enum": values}
        del out["enum"]
        _fit_enum(out["items"])
        return
    actual = list(dict.fromkeys(json_type(v) for v in values))
    declared = {kind} if isinstance(kind, str) else set(kind) if isinstance(kind, list) else None
    if declared is None or not actual:
        return
    if "number" in declared:
        declared.add("integer")
    if not set(actual) <= declared:
        out["type"] = actual[0] if len(actual) == 1 else actual
