"""JSON Schema's assertion semantics for every keyword the boundary accepts, on plain JSON.

The normalising nodes read what a model meant; this module decides whether a value *is*
valid, exactly as JSON Schema does: a keyword applies when the instance has its JSON type,
whether or not the schema says `type`.  Typeless schemas, `allOf`, `oneOf` and sibling
combinations are checked here after normalisation, so no invalid value reaches a tool.

`Checker(root).problem(schema, value)` returns None for a valid value, else a `Problem`
(correction code, instance path suffix, what was expected).  Values that are not plain JSON
(tuples, str subclasses, NaN) are never valid: they must go through normalisation first.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from .._specs._pointer import lookup
from ._base import MAX_DEPTH, MAX_PARSE_CHARS, UserPattern, child_path, json_key
from ._numbers import _not_multiple

__all__ = ["ARRAY_KEYWORDS", "NUMBER_KEYWORDS", "OBJECT_KEYWORDS", "STRING_KEYWORDS", "Checker", "Problem", "json_kind"]

STRING_KEYWORDS = frozenset({"minLength", "maxLength", "pattern", "format"})
NUMBER_KEYWORDS = frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"})
ARRAY_KEYWORDS = frozenset({"items", "prefixItems", "minItems", "maxItems", "uniqueItems"})
OBJECT_KEYWORDS = frozenset({
    "properties", "patternProperties", "additionalProperties", "required",
    "minProperties", "maxProperties", "dependentRequired",
})
_BOUNDS = (("minimum", "OUT_OF_RANGE", ">="), ("maximum", "OUT_OF_RANGE", "<="),
           ("exclusiveMinimum", "OUT_OF_RANGE", ">"), ("exclusiveMaximum", "OUT_OF_RANGE", "<"))


class Problem(NamedTuple):
    code: str
    path: str  # relative to the checked value: "", ".name", "[2]"
    expected: str


def json_kind(value: Any) -> str | None:
    """The JSON type of an exact JSON value ("integer" for whole numbers), or None."""
    kind = type(value)
    if kind is str:
        return "string"
    if kind is bool:
        return "boolean"
    if kind is int:
        return "integer"
    if kind is float:
        if not math.isfinite(value):
            return None
        return "integer" if value.is_integer() else "number"
    if value is None:
        return "null"
    if kind is list:
        return "array"
    if kind is dict:
        return "object"
    return None


class Checker:
    """Validates plain JSON values against (sub)schemas of one root schema."""

    def __init__(self, root: dict[str, Any]) -> None:
        self.root = root
        self._patterns: dict[str, UserPattern] = {}

    def valid(self, schema: Any, value: Any) -> bool:
        return self.problem(schema, value) is None

    def problem(self, schema: Any, value: Any, depth: int = 0) -> Problem | None:
        if schema is True:
            return None
        if schema is False:
            return Problem("UNEXPECTED_FIELD", "", "nothing (no value is accepted here)")
        if depth > MAX_DEPTH:
            return Problem("TOO_DEEP", "", f"at most {MAX_DEPTH} levels of nesting")
        kind = json_kind(value)
        if kind is None:
            return Problem("TYPE_ERROR", "", "a plain JSON value")
        if "$ref" in schema:
            found = self.problem(lookup(self.root, schema["$ref"]), value, depth + 1)
            if found:
                return found
        found = self._generic(schema, value, kind, depth)
        if found:
            return found
        if kind == "string":
            return self._string(schema, value)
        if kind in ("integer", "number"):
            return self._number(schema, value)
        if kind == "array":
            return self._array(schema, value, depth)
        if kind == "object":
            return self._object(schema, value, depth)
        return None

    def _generic(self, schema: dict[str, Any], value: Any, kind: str, depth: int) -> Problem | None:
        types = schema.get("type")
        if types is not None:
            allowed = [types] if isinstance(types, str) else types
            if kind not in allowed and not (kind == "integer" and "number" in allowed):
                return Problem("TYPE_ERROR", "", " or ".join(allowed))
        if "const" in schema and json_key(value) != json_key(schema["const"]):
            return Problem("INVALID_VALUE", "", f"the constant {schema['const']!r}")
        if "enum" in schema and json_key(value) not in {json_key(e) for e in schema["enum"]}:
            return Problem("INVALID_ENUM", "", f"one of {schema['enum']!r}")
        for sub in schema.get("allOf", ()):
            found = self.problem(sub, value, depth + 1)
            if found:
                return found
        if "anyOf" in schema and not any(self.problem(s, value, depth + 1) is None for s in schema["anyOf"]):
            return Problem("TYPE_ERROR", "", "a value matching one of the alternatives (anyOf)")
        if "oneOf" in schema:
            hits = self.count(schema["oneOf"], value, depth + 1)
            if hits == 0:
                return Problem("TYPE_ERROR", "", "a value matching exactly one of the alternatives (oneOf)")
            if hits > 1:
                return Problem("AMBIGUOUS_VALUE", "", "a value matching exactly one of the alternatives (oneOf), not several")
        return None

    def count(self, branches: list[Any], value: Any, depth: int = 0) -> int:
        """How many branches accept `value`, stopping at 2 (all `oneOf` needs to know)."""
        hits = 0
        for sub in branches:
            if self.problem(sub, value, depth) is None:
                hits += 1
                if hits > 1:
                    break
        return hits

    def _string(self, schema: dict[str, Any], value: str) -> Problem | None:
        lo, hi = schema.get("minLength"), schema.get("maxLength")
        if lo is not None and len(value) < lo:
            return Problem("TOO_SHORT", "", f"a string of at least {lo} characters")
        if hi is not None and len(value) > hi:
            return Problem("TOO_LONG", "", f"a string of at most {hi} characters")
        pattern = schema.get("pattern")
        if pattern is not None and not self._search(pattern, value):
            return Problem("PATTERN_MISMATCH", "", f"a string matching {pattern!r}")
        return None

    def _search(self, pattern: str, text: str) -> bool:
        """True when `pattern` is found in `text` in time (a timeout counts as no match)."""
        compiled = self._patterns.get(pattern)
        if compiled is None:
            compiled = self._patterns[pattern] = UserPattern(pattern)
        if len(text) > MAX_PARSE_CHARS:
            return False
        try:
            return compiled.search(text) is not None
        except TimeoutError:
            return False

    def _number(self, schema: dict[str, Any], value: int | float) -> Problem | None:
        for keyword, code, op in _BOUNDS:
            limit = schema.get(keyword)
            if limit is None:
                continue
            if (op == ">=" and value < limit) or (op == "<=" and value > limit) or \
                    (op == ">" and value <= limit) or (op == "<" and value >= limit):
                return Problem(code, "", f"a number {op} {limit}")
        step = schema.get("multipleOf")
        if step is not None and _not_multiple(value, step):
            return Problem("NOT_MULTIPLE", "", f"a multiple of {step}")
        return None

    def _array(self, schema: dict[str, Any], value: list[Any], depth: int) -> Problem | None:
        prefix = schema.get("prefixItems", ())
        for i, (sub, item) in enumerate(zip(prefix, value, strict=False)):
            found = self.problem(sub, item, depth + 1)
            if found:
                return Problem(found.code, f"[{i}]{found.path}", found.expected)
        items = schema.get("items")
        if items is not None:
            for i in range(len(prefix), len(value)):
                found = self.problem(items, value[i], depth + 1)
                if found:
                    return Problem(found.code, f"[{i}]{found.path}", found.expected)
        lo, hi = schema.get("minItems"), schema.get("maxItems")
        if lo is not None and len(value) < lo:
            return Problem("TOO_SHORT", "", f"a list of at least {lo} items")
        if hi is not None and len(value) > hi:
            return Problem("TOO_LONG", "", f"a list of at most {hi} items")
        if schema.get("uniqueItems") is True and len({json_key(x) for x in value}) != len(value):
            return Problem("DUPLICATE_ITEMS", "", "a list without repeated items")
        return None

    def _object(self, schema: dict[str, Any], value: dict[str, Any], depth: int) -> Problem | None:
        if not all(type(k) is str for k in value):
            return Problem("TYPE_ERROR", "", "an object with string keys")
        for name in schema.get("required", ()):
            if name not in value:
                return Problem("MISSING_REQUIRED", child_path("x", name)[1:], f"{name} (required)")
        for trigger, needed in schema.get("dependentRequired", {}).items():
            if trigger in value:
                for name in needed:
                    if name not in value:
                        return Problem("MISSING_REQUIRED", child_path("x", name)[1:], f"{name} (required with {trigger})")
        lo, hi = schema.get("minProperties"), schema.get("maxProperties")
        if lo is not None and len(value) < lo:
            return Problem("TOO_SHORT", "", f"an object with at least {lo} keys")
        if hi is not None and len(value) > hi:
            return Problem("TOO_LONG", "", f"an object with at most {hi} keys")
        props = schema.get("properties", {})
        patterns = schema.get("patternProperties", {})
        extra = schema.get("additionalProperties", True)
        for key, item in value.items():
            here = child_path("x", key)[1:]
            matched = key in props
            if matched:
                found = self.problem(props[key], item, depth + 1)
                if found:
                    return Problem(found.code, here + found.path, found.expected)
            for pattern, sub in patterns.items():
                if self._search(pattern, key):
                    matched = True
                    found = self.problem(sub, item, depth + 1)
                    if found:
                        return Problem(found.code, here + found.path, found.expected)
            if not matched and extra is not True:
                found = self.problem(extra, item, depth + 1)
                if found:
                    return Problem(found.code, here + found.path, found.expected)
        return None
