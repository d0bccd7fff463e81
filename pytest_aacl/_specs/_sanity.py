"""Schemas that are well-formed but unusable: no value fits them, or checking one never ends.

The metaschema accepts `{"minimum": 5, "maximum": 1}` and a `$ref` that points at itself;
a tool declared that way would fail at every call, so it is refused while it is built.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote

from .._errors import SpecError
from . import _pointer as ptr

__all__ = ["LIST_KEYWORDS", "MAP_KEYWORDS", "ONE_KEYWORDS", "check_cycles", "check_node"]

_BOUNDS = (("minimum", "maximum"), ("minLength", "maxLength"), ("minItems", "maxItems"),
           ("minProperties", "maxProperties"))
#: The 2020-12 keywords whose values are schemas: one, a name -> schema map, or a list.
ONE_KEYWORDS = frozenset({"additionalProperties", "contains", "not", "if", "then", "else",
                          "propertyNames", "unevaluatedItems", "unevaluatedProperties",
                          "contentSchema", "items"})
MAP_KEYWORDS = frozenset({"properties", "patternProperties", "dependentSchemas", "$defs"})
LIST_KEYWORDS = frozenset({"allOf", "anyOf", "oneOf", "prefixItems"})


def check_node(node: dict[str, Any], at: str) -> None:
    """Catch schemas no value could satisfy, while the author can still fix them."""
    enum = node.get("enum")
    if isinstance(enum, list) and not enum:
        raise SpecError("enum is empty, so no value is allowed; list at least one value",
                        pointer=ptr.join(at, "enum"))
    for low, high in _BOUNDS:
        a, b = node.get(low), node.get(high)
        if _number(a) and _number(b) and a > b:
            raise SpecError(f"{low} ({a}) is greater than {high} ({b}); no value fits",
                            pointer=ptr.join(at, low))
    pattern = node.get("pattern")
    if isinstance(pattern, str):
        try:
            re.compile(pattern)
        except re.error as exc:
            raise SpecError(f"pattern {pattern!r} is not a valid regular expression ({exc})",
                            pointer=ptr.join(at, "pattern")) from None
    props = node.get("properties")
    if node.get("additionalProperties") is False and "patternProperties" not in node and isinstance(props, dict):
        for i, req in enumerate(node.get("required") or ()):
            if req not in props:
                raise SpecError(
                    f"required property {req!r} is not declared in properties and additionalProperties "
                    "is false, so no call could be valid; declare it or remove it from required",
                    pointer=ptr.join(at, "required", i))


_IMMEDIATE_ONE = ("not", "if", "then", "else")
_IMMEDIATE_MANY = ("allOf", "anyOf", "oneOf")


def _schema_nodes(root: Any) -> list[tuple[str, Any]]:
    """Every (pointer, schema node) of a canonical schema."""
    out: list[tuple[str, Any]] = []
    stack: list[tuple[str, Any]] = [("", root)]
    while stack:
        at, node = stack.pop()
        out.append((at, node))
        if not isinstance(node, dict):
            continue
        for key, value in node.items():
            if key in ONE_KEYWORDS and isinstance(value, (dict, bool)):
                stack.append((ptr.join(at, key), value))
            elif key in MAP_KEYWORDS and isinstance(value, dict):
                stack.extend((ptr.join(at, key, k), v) for k, v in value.items())
            elif key in LIST_KEYWORDS and isinstance(value, list):
                stack.extend((ptr.join(at, key, i), v) for i, v in enumerate(value))
    return out


def _immediate(node: Any, at: str) -> list[str]:
    """Where validating `node` goes next *for the same instance* (no descent into it)."""
    if not isinstance(node, dict):
        return []
    out = [unquote(node["$ref"][1:])] if isinstance(node.get("$ref"), str) else []
    out.extend(ptr.join(at, k) for k in _IMMEDIATE_ONE if k in node)
    for key in _IMMEDIATE_MANY:
        out.extend(ptr.join(at, key, i) for i in range(len(node.get(key) or ())))
    out.extend(ptr.join(at, "dependentSchemas", k) for k in node.get("dependentSchemas") or {})
    return out


def check_cycles(root: dict[str, Any]) -> None:
    """Refuse `$ref` loops that never descend into the value (`{"$ref": "#/$defs/a"}` inside
    `a` itself): validating anything against them recurses forever."""
    nodes = _schema_nodes(root)
    by_pointer = dict(nodes)  # a $ref's target looked up, not walked to from the root

    def at(pointer: str) -> Any:
        found = by_pointer.get(pointer, by_pointer)
        return ptr.resolve(root, pointer) if found is by_pointer else found

    done: set[str] = set()
    for start, node in nodes:
        if start in done:
            continue
        path, on_path = [start], {start}
        stack = [iter(_immediate(node, start))]
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                stack.pop()
                on_path.discard(path[-1])
                done.add(path.pop())
            elif nxt in on_path:
                loop = " -> ".join([*path[path.index(nxt):], nxt])
                raise SpecError(f"the references {loop} loop without ever reaching a value's "
                                "properties or items, so no value can be checked; a recursive "
                                "reference must go through properties or items", pointer=path[-1])
            elif nxt not in done:
                path.append(nxt)
                on_path.add(nxt)
                stack.append(iter(_immediate(at(nxt), nxt)))


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
