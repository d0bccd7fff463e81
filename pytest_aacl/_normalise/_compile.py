"""Schema -> plan: compile a draft 2020-12 schema into `Node`s once, at decoration time.

Everything that can be wrong with a schema is found here and raised as `SpecError`
naming the JSON pointer: unsupported keywords, broken `$ref`s, bad `x-aacl-*` options,
invalid patterns.  A compiled plan never fails for schema reasons at call time.
"""

from __future__ import annotations

import re
from typing import Any

from .._errors import Correction, SpecError
from .._specs._options import check_node_options, check_synonyms
from .._specs._pointer import join, ref_pointer, split
from ._base import ABSENT, MAX_DEPTH, Node, UserPattern, fail
from ._containers import any_node, array_node, nullable_node, union_node
from ._dates import date_node, datetime_node, time_node
from ._numbers import integer_node, number_node
from ._objects import object_node
from ._scalars import boolean_node, enum_node, null_node, string_node

__all__ = ["compile_schema"]

_UNSUPPORTED = (
    "not", "if", "then", "else", "contains", "minContains", "maxContains", "propertyNames",
    "unevaluatedProperties", "unevaluatedItems", "dependentSchemas", "dependencies",
    "$dynamicRef", "$recursiveRef", "additionalItems",
)
_ANNOTATIONS = frozenset({
    "$schema", "$id", "$anchor", "$comment", "$defs", "definitions", "title", "description",
    "default", "examples", "deprecated", "readOnly", "writeOnly", "format", "contentEncoding",
    "contentMediaType", "$dynamicAnchor", "$vocabulary",
})
_TYPES = ("string", "integer", "number", "boolean", "null", "array", "object")


def compile_schema(schema: dict[str, Any]) -> Node:
    """The root node of a tool's parameters schema (which must be an object schema)."""
    if not isinstance(schema, dict):
        raise SpecError("the parameters schema must be a JSON object (a dict)", pointer="")
    check_node_options(schema, "")
    return _Compiler(schema).node(schema, "")


class _Compiler:
    def __init__(self, root: dict[str, Any]) -> None:
        self.root = root
        self.done: dict[str, Node] = {}
        self.pending: dict[str, list[dict[str, Node]]] = {}

    def node(self, schema: Any, pointer: str) -> Node:
        if schema is True or (isinstance(schema, dict) and not set(schema) - _ANNOTATIONS - {"x-aacl-date-order", "x-aacl-naive-datetime"} and not schema.get("format")):
            return any_node()
        if schema is False:
            return _never()
        if not isinstance(schema, dict):
            raise SpecError(f"a schema must be an object or a boolean, not {type(schema).__name__}", pointer=pointer)
        for keyword in _UNSUPPORTED:
            if keyword in schema:
                raise SpecError(f"the keyword {keyword!r} is not supported by the boundary; express the constraint with type/enum/anyOf, or validate it in the implementation", pointer=join(pointer, keyword))
        check_node_options(schema, pointer)
        if "$ref" in schema:
            return self._ref(schema, pointer)
        if "allOf" in schema:
            parts = schema["allOf"]
            if not isinstance(parts, list) or len(parts) != 1:
                raise SpecError("allOf is supported only with a single subschema; merge the subschemas into one", pointer=join(pointer, "allOf"))
            merged = {k: v for k, v in schema.items() if k != "allOf"}
            if set(merged) - _ANNOTATIONS:
                raise SpecError("allOf cannot be combined with sibling constraints; merge them into the subschema", pointer=pointer)
            return self.node(parts[0], join(pointer, "allOf", 0))
        for keyword in ("anyOf", "oneOf"):
            if keyword in schema:
                return self._union(schema, keyword, pointer)
        if "const" in schema:
            return enum_node([schema["const"]], {}, code="INVALID_VALUE")
        if "enum" in schema:
            return self._enum(schema, pointer)
        kind = schema.get("type")
        if kind is None:
            kind = "object" if "properties" in schema or "additionalProperties" in schema else "array" if "items" in schema or "prefixItems" in schema else None
            if kind is None:
                return self._typed(schema, "string", pointer) if schema.get("format") in ("date", "date-time", "time") else any_node()
        kinds = [kind] if isinstance(kind, str) else kind
        if not isinstance(kinds, list) or not kinds or any(k not in _TYPES for k in kinds):
            raise SpecError(f"type must be one of {list(_TYPES)} or a list of them, not {kind!r}", pointer=join(pointer, "type"))
        real = [k for k in kinds if k != "null"]
        if "integer" in real and "number" in real:
            real.remove("integer")
        branches = [self._typed(schema, k, pointer) for k in real]
        inner = branches[0] if len(branches) == 1 else union_node(branches) if branches else None
        if "null" in kinds:
            return nullable_node(inner) if inner is not None else null_node(schema)
        assert inner is not None
        return inner

    def _typed(self, schema: dict[str, Any], kind: str, pointer: str) -> Node:
        if kind == "string":
            fmt = schema.get("format")
            if fmt == "date":
                return date_node(schema, self.root)
            if fmt == "date-time":
                return datetime_node(schema, self.root)
            if fmt == "time":
                return time_node(schema)
            pattern = schema.get("pattern")
            compiled = None
            if pattern is not None:
                try:
                    compiled = UserPattern(pattern)
                except (re.error, TypeError) as exc:
                    raise SpecError(f"pattern is not a valid regular expression ({exc})", pointer=join(pointer, "pattern")) from None
            return string_node(schema, compiled)
        if kind == "integer":
            return integer_node(schema)
        if kind == "number":
            return number_node(schema)
        if kind == "boolean":
            return boolean_node(schema)
        if kind == "array":
            return self._array(schema, pointer)
        return self._object(schema, pointer)

    def _enum(self, schema: dict[str, Any], pointer: str) -> Node:
        values = schema["enum"]
        if not isinstance(values, list) or not values:
            raise SpecError("enum must be a non-empty list", pointer=join(pointer, "enum"))
        synonyms = schema.get("x-aacl-synonyms", {})
        check_synonyms(synonyms, values, pointer=join(pointer, "x-aacl-synonyms"))
        return enum_node(values, synonyms)

    def _union(self, schema: dict[str, Any], keyword: str, pointer: str) -> Node:
        parts = schema[keyword]
        if not isinstance(parts, list) or not parts:
            raise SpecError(f"{keyword} must be a non-empty list of schemas", pointer=join(pointer, keyword))
        if set(schema) - _ANNOTATIONS - {keyword, "type"}:
            extra = sorted(set(schema) - _ANNOTATIONS - {keyword, "type"})
            raise SpecError(f"{keyword} cannot be combined with sibling constraints {extra}; move them into each branch", pointer=pointer)
        nulls = [p for p in parts if isinstance(p, dict) and p.get("type") == "null" and len(set(p) - _ANNOTATIONS) == 1]
        rest = [(i, p) for i, p in enumerate(parts) if not any(p is n for n in nulls)]
        branches = [self.node(p, join(pointer, keyword, i)) for i, p in rest]
        inner = branches[0] if len(branches) == 1 else union_node(branches) if branches else None
        if nulls:
            return nullable_node(inner) if inner is not None else null_node(schema)
        assert inner is not None
        return inner

    def _array(self, schema: dict[str, Any], pointer: str) -> Node:
        prefix = schema.get("prefixItems", [])
        if not isinstance(prefix, list):
            raise SpecError("prefixItems must be a list of schemas", pointer=join(pointer, "prefixItems"))
        prefix_nodes = [self.node(p, join(pointer, "prefixItems", i)) for i, p in enumerate(prefix)]
        items = schema.get("items", True)
        if isinstance(items, list):
            raise SpecError('array-form "items" is draft-07; use "prefixItems"', pointer=join(pointer, "items"))
        item = None if items is False else self.node(items, join(pointer, "items"))
        return array_node(schema, item, prefix_nodes, extra_ok=items is not False)

    def _object(self, schema: dict[str, Any], pointer: str) -> Node:
        props_schema = schema.get("properties", {})
        if not isinstance(props_schema, dict):
            raise SpecError("properties must be an object", pointer=join(pointer, "properties"))
        props = {name: self.node(sub, join(pointer, "properties", name)) for name, sub in props_schema.items()}
        required = schema.get("required", [])
        if not isinstance(required, list) or not all(isinstance(r, str) for r in required):
            raise SpecError("required must be a list of property names", pointer=join(pointer, "required"))
        for name in required:
            if name not in props:
                if schema.get("additionalProperties", True) is False:
                    raise SpecError(f"required names {name!r}, which is not a property while additionalProperties is false, so no call could be valid; add it to properties", pointer=join(pointer, "required"))
                props[name] = any_node()
        patterns = []
        for pattern, sub in schema.get("patternProperties", {}).items():
            try:
                compiled = UserPattern(pattern)
            except (re.error, TypeError) as exc:
                raise SpecError(f"patternProperties key is not a valid regular expression ({exc})", pointer=join(pointer, "patternProperties", pattern)) from None
            patterns.append((compiled, self.node(sub, join(pointer, "patternProperties", pattern))))
        extra = schema.get("additionalProperties", True)
        additional: Node | bool = extra if isinstance(extra, bool) else self.node(extra, join(pointer, "additionalProperties"))
        return object_node(schema, props, additional, patterns)

    def _ref(self, schema: dict[str, Any], pointer: str) -> Node:
        if set(schema) - _ANNOTATIONS - {"$ref"}:
            extra = sorted(set(schema) - _ANNOTATIONS - {"$ref"})
            raise SpecError(f"$ref cannot be combined with sibling constraints {extra}; put them in the referenced schema", pointer=pointer)
        target = ref_pointer(schema["$ref"], at=join(pointer, "$ref"))
        if target.startswith("#"):
            raise SpecError(f"anchor references ({schema['$ref']!r}) are not supported; use \"#/$defs/<name>\"", pointer=join(pointer, "$ref"))
        if target in self.done:
            return self.done[target]
        if target in self.pending:
            return self._forward(target)
        sub: Any = self.root
        for token in split(target):
            if isinstance(sub, dict) and token in sub:
                sub = sub[token]
            elif isinstance(sub, list) and token.isdigit() and int(token) < len(sub):
                sub = sub[int(token)]
            else:
                raise SpecError(f"$ref {schema['$ref']!r} points to nothing in this schema", pointer=join(pointer, "$ref"))
        self.pending[target] = []
        node = self.node(sub, target)
        for holder in self.pending.pop(target):
            holder["target"] = node
        self.done[target] = node
        return node

    def _forward(self, target: str) -> Node:
        """A recursive reference: resolved once the target is compiled; depth-bounded."""
        holder: dict[str, Node] = {}

        def recursive(v: Any, path: str, errs: list[Correction]) -> Any:
            if path.count(".") + path.count("[") >= MAX_DEPTH:
                return fail(errs, "TOO_DEEP", path, f"at most {MAX_DEPTH} levels of nesting", "…", "Send a flatter value.")
            return holder["target"].fn(v, path, errs)

        self.pending[target].append(holder)
        return Node(recursive, "a nested value")


def _never() -> Node:
    def never(v: Any, path: str, errs: list[Correction]) -> Any:
        return ABSENT if v is None else fail(errs, "UNEXPECTED_FIELD", path, "nothing (this value is not accepted)", v)

    return Node(never, "nothing")
