"""Schema -> plan: compile a draft 2020-12 schema into `Node`s once, at decoration time.

Everything that can be wrong with a schema is found here and raised as `SpecError`
naming the JSON pointer: unsupported keywords, broken `$ref`s, bad `x-aacl-*` options,
invalid patterns.  A compiled plan never fails for schema reasons at call time.

A schema node is split into parts: its own keywords (typed, or typeless: applied by the
instance's JSON type), each `allOf` member, `anyOf`, `oneOf` and `enum`/`const`.  One part
is the node itself (the fast path); several are chained by `all_of_node`, whose result
must satisfy the whole schema (`_keywords.Checker`).
"""

from __future__ import annotations

import re
from typing import Any

from .._errors import Correction, SpecError
from .._specs._options import check_node_options, check_synonyms
from .._specs._pointer import join, lookup, ref_pointer
from ._applicators import all_of_node, checked_node, disjoint, one_of_node, typeless_node
from ._base import ABSENT, MAX_DEPTH, Node, UserPattern, fail
from ._containers import any_node, array_node, nullable_node, union_node
from ._dates import date_node, datetime_node, time_node
from ._keywords import ARRAY_KEYWORDS, NUMBER_KEYWORDS, OBJECT_KEYWORDS, STRING_KEYWORDS, Checker
from ._numbers import integer_node, number_node
from ._objects import object_node
from ._scalars import boolean_node, enum_node, null_node, string_node

__all__ = ["compile_schema", "uses_patterns"]

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
_APPLICATORS = frozenset({"allOf", "anyOf", "oneOf", "enum", "const"})
_ASSERTIONS = frozenset({"type"}) | STRING_KEYWORDS | NUMBER_KEYWORDS | ARRAY_KEYWORDS | OBJECT_KEYWORDS
_SUBSCHEMAS = frozenset({"properties", "patternProperties", "additionalProperties", "items", "prefixItems"})
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
        self.checker = Checker(root)

    def node(self, schema: Any, pointer: str) -> Node:
        if schema is True:
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
        rest = {k: v for k, v in schema.items() if k not in _APPLICATORS}
        parts: list[Node] = []
        if _asserts(rest) and not self._implied(schema, rest):
            parts.append(self._plain(rest, pointer))
        if "allOf" in schema:
            subs = schema["allOf"]
            if not isinstance(subs, list) or not subs:
                raise SpecError("allOf must be a non-empty list of schemas", pointer=join(pointer, "allOf"))
            parts += [self.node(sub, join(pointer, "allOf", i)) for i, sub in enumerate(subs)]
        if "anyOf" in schema:
            parts.append(self._union(schema, "anyOf", pointer))
        if "oneOf" in schema:
            union = self._union(schema, "oneOf", pointer)
            exact = disjoint(self.root, schema["oneOf"])  # then anyOf's semantics are oneOf's
            parts.append(union if exact else one_of_node(self.checker, schema["oneOf"], union))
        if "const" in schema:
            parts.append(enum_node([schema["const"]], {}, code="INVALID_VALUE"))
        if "enum" in schema:
            parts.append(self._enum(schema, pointer))
        if not parts:
            return any_node()
        if len(parts) == 1:
            return parts[0]
        return all_of_node(self.checker, schema, parts)

    def _implied(self, schema: dict[str, Any], rest: dict[str, Any]) -> bool:
        """`{"type": "string", "enum": [...]}`: every allowed value already meets the rest,
        so the enum node alone enforces the schema (and stays on the fast path)."""
        values = [schema["const"]] if "const" in schema else schema.get("enum")
        if not isinstance(values, list) or not values or set(schema) & {"allOf", "anyOf", "oneOf"}:
            return False
        if set(rest) & _SUBSCHEMAS:  # compiled anyway, so that what they hold is checked
            return False
        return all(self.checker.valid(rest, v) for v in values)

    def _plain(self, schema: dict[str, Any], pointer: str) -> Node:
        """A schema without applicators: typed, or typeless (applied by the instance's type)."""
        kind = schema.get("type")
        if kind is None:
            present = set(schema)
            return typeless_node(
                self.checker, schema,
                string=self._typed(schema, "string", pointer) if present & STRING_KEYWORDS else None,
                array=self._array(schema, pointer) if present & ARRAY_KEYWORDS else None,
                obj=self._object(schema, pointer) if present & OBJECT_KEYWORDS else None,
            )
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
        nulls = [p for p in parts if isinstance(p, dict) and p.get("type") == "null" and len(set(p) - _ANNOTATIONS) == 1]
        rest = [(i, p) for i, p in enumerate(parts) if not any(p is n for n in nulls)]
        branches = [self.node(p, join(pointer, keyword, i)) for i, p in rest]
        if keyword == "anyOf" and any(p is True or (isinstance(p, dict) and not _asserts(p) and not set(p) & _APPLICATORS and "$ref" not in p) for _, p in rest):
            return any_node()  # a branch accepts anything: no null word is read as null
        inner = branches[0] if len(branches) == 1 else union_node(branches) if branches else None
        if nulls:
            return nullable_node(inner) if inner is not None else null_node({})
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
        node = object_node(schema, props, additional, patterns, fold="type" in schema)
        return checked_node(self.checker, schema, node) if patterns else node

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
        sub = lookup(self.root, schema["$ref"], at=join(pointer, "$ref"))
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


def _asserts(schema: dict[str, Any]) -> bool:
    """Whether a schema without applicators constrains anything (unknown keywords do not)."""
    return bool(_ASSERTIONS.intersection(schema)) and (set(schema) != {"format"} or bool(schema["format"]))


def uses_patterns(schema: Any, depth: int = 0) -> bool:
    """Whether a schema carries its own regular expressions (`pattern`, `patternProperties`)."""
    if depth > 200:
        return True
    if isinstance(schema, dict):
        if isinstance(schema.get("pattern"), str) or isinstance(schema.get("patternProperties"), dict):
            return True
        return any(uses_patterns(v, depth + 1) for k, v in schema.items() if k not in ("enum", "const", "default", "examples"))
    if isinstance(schema, list):
        return any(uses_patterns(v, depth + 1) for v in schema)
    return False
