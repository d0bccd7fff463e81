"""A metaschema compiled into nested closures: a yes/no answer, fast, for the common case.

Checking a large published schema with jsonschema's own validator cost most of its import
(renovate: 1.5 s of 3.9 s; nmdc: 1.0 s): it builds a validator object at every subschema
it descends into.  Metaschemas use a dozen keywords, so each is compiled here once into
plain closures.  The answer is only trusted when it is "valid": a schema it rejects is
checked again by jsonschema, which then words the error.  A keyword it does not know makes
`compiled()` answer None, and jsonschema does the whole job; a test compares both answers
on the corpus and on generated schemas.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

__all__ = ["compiled"]

Check = Callable[[Any], bool]

#: keywords that never reject a value (jsonschema asserts no `format` unless given a checker)
_IGNORED = frozenset(("$schema", "$id", "id", "title", "description", "default", "deprecated", "$comment",
                      "format", "definitions", "$defs", "examples", "readOnly", "writeOnly"))

#: size keywords: (the type they constrain, whether they bound it from below)
_SIZES = {"minItems": (list, True), "maxItems": (list, False), "minLength": (str, True),
          "maxLength": (str, False), "minProperties": (dict, True), "maxProperties": (dict, False)}

_OBJECT = ("properties", "patternProperties", "additionalProperties")


class _Unsupported(Exception):
    """A keyword or reference this compiler does not handle: jsonschema is used instead."""


def compiled(metaschema: dict[str, Any], draft: int) -> Check | None:
    """`metaschema` as one function (instance -> is it valid?), or None if it uses
    something this compiler does not handle."""
    try:
        return _Compiler(metaschema, draft).check("#")
    except _Unsupported:
        return None


def _number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _key(x: Any) -> Any:
    """A hashable form under which two values are equal exactly when jsonschema's `equal`
    says so: `True` is not `1`, `1` is `1.0`."""
    if isinstance(x, bool):
        return ("bool", x)
    if isinstance(x, list):
        return ("list", tuple(_key(v) for v in x))
    if isinstance(x, dict):
        return ("dict", frozenset((k, _key(v)) for k, v in x.items()))
    return x


class _Compiler:
    def __init__(self, root: dict[str, Any], draft: int) -> None:
        self.root, self.draft = root, draft
        self.done: dict[str, Check] = {}

    def check(self, ref: str) -> Check:
        """The check of the subschema `ref` points at (looked up when first called, so a
        reference back to an enclosing schema compiles)."""
        found = self.done.get(ref)
        if found is None:
            slot: list[Check] = []
            self.done[ref] = found = lambda x: slot[0](x)
            slot.append(self.node(self.resolve(ref)))
        return found

    def resolve(self, ref: str) -> Any:
        if not ref.startswith("#"):
            raise _Unsupported(ref)
        node: Any = self.root
        for part in filter(None, ref[1:].split("/")):
            part = part.replace("~1", "/").replace("~0", "~")
            if not isinstance(node, dict) or part not in node:
                raise _Unsupported(ref)
            node = node[part]
        return node

    def node(self, s: Any) -> Check:
        if s is True or s == {}:
            return lambda _x: True
        if s is False:
            return lambda _x: False
        if not isinstance(s, dict):
            raise _Unsupported(repr(s)[:40])
        if "$ref" in s:
            ref = self.check(s["$ref"])
            if self.draft < 2019:  # a $ref's siblings are ignored before 2019-09
                return ref
            rest = self.node({k: v for k, v in s.items() if k != "$ref"})
            return lambda x: ref(x) and rest(x)
        checks = [self.keyword(k, v, s) for k, v in s.items() if k not in _IGNORED]
        checks = [c for c in checks if c is not None]
        if len(checks) == 1:
            return checks[0]
        return lambda x: all(c(x) for c in checks)

    def keyword(self, k: str, v: Any, s: dict[str, Any]) -> Check | None:
        if k == "type":
            return self.types([v] if isinstance(v, str) else v)
        if k == "enum":
            members = {_key(m) for m in v}
            return lambda x: _key(x) in members
        if k == "const":
            want = _key(v)
            return lambda x: _key(x) == want
        if k in ("anyOf", "allOf"):
            parts = [self.node(p) for p in v]
            return (lambda x: any(p(x) for p in parts)) if k == "anyOf" else (lambda x: all(p(x) for p in parts))
        if k == "not":
            inner = self.node(v)
            return lambda x: not inner(x)
        if k == "minimum":
            strict = s.get("exclusiveMinimum") is True
            return lambda x: not _number(x) or (x > v if strict else x >= v)
        if k == "maximum":
            strict = s.get("exclusiveMaximum") is True
            return lambda x: not _number(x) or (x < v if strict else x <= v)
        if k in ("exclusiveMinimum", "exclusiveMaximum"):
            if isinstance(v, bool):
                return None  # draft-04: a modifier of minimum/maximum, read there
            return (lambda x: not _number(x) or x > v) if k == "exclusiveMinimum" else (
                lambda x: not _number(x) or x < v)
        if k in _SIZES:
            kind, low = _SIZES[k]
            return lambda x: not isinstance(x, kind) or (len(x) >= v if low else len(x) <= v)
        if k == "uniqueItems":
            return (lambda x: not isinstance(x, list) or len({_key(i) for i in x}) == len(x)) if v else None
        if k == "items":
            if isinstance(v, list):
                raise _Unsupported("items as a list")
            each = self.node(v)
            return lambda x: not isinstance(x, list) or all(each(i) for i in x)
        if k == "pattern":
            search = re.compile(v).search
            return lambda x: not isinstance(x, str) or search(x) is not None
        if k == "required":
            return lambda x: not isinstance(x, dict) or all(n in x for n in v)
        if k == "propertyNames":
            name = self.node(v)
            return lambda x: not isinstance(x, dict) or all(name(n) for n in x)
        if k in _OBJECT:  # the three are read together, once, at the first the schema has
            return self.object(s) if k == next(w for w in _OBJECT if w in s) else None
        if k == "dependencies":
            return self.dependencies(v)
        raise _Unsupported(k)

    def types(self, names: list[str]) -> Check:
        integer: Check = ((lambda x: isinstance(x, int) and not isinstance(x, bool)) if self.draft == 4 else
                          (lambda x: (isinstance(x, int) and not isinstance(x, bool))
                           or (isinstance(x, float) and x.is_integer())))
        one: dict[str, Check] = {
            "object": lambda x: isinstance(x, dict), "array": lambda x: isinstance(x, list),
            "string": lambda x: isinstance(x, str), "boolean": lambda x: isinstance(x, bool),
            "null": lambda x: x is None, "number": _number, "integer": integer}
        if any(n not in one for n in names):
            raise _Unsupported(f"type {names}")
        chosen = [one[n] for n in names]
        return chosen[0] if len(chosen) == 1 else lambda x: any(c(x) for c in chosen)

    def object(self, s: dict[str, Any]) -> Check:
        """`properties`, `patternProperties` and `additionalProperties` together (the last
        applies to the keys neither of the others names)."""
        props = {k: self.node(v) for k, v in s.get("properties", {}).items()}
        patterns = [(re.compile(p).search, self.node(v)) for p, v in s.get("patternProperties", {}).items()]
        rest = self.node(s["additionalProperties"]) if "additionalProperties" in s else None

        def check(x: Any) -> bool:
            if not isinstance(x, dict):
                return True
            for key, value in x.items():
                named = key in props
                if named and not props[key](value):
                    return False
                matched = False
                for search, sub in patterns:
                    if search(key) is not None:
                        matched = True
                        if not sub(value):
                            return False
                if rest is not None and not named and not matched and not rest(value):
                    return False
            return True

        return check

    def dependencies(self, deps: dict[str, Any]) -> Check:
        pairs: list[tuple[str, Check]] = []
        for name, need in deps.items():
            if isinstance(need, list):
                pairs.append((name, lambda x, need=need: all(n in x for n in need)))
            else:
                pairs.append((name, self.node(need)))
        return lambda x: not isinstance(x, dict) or all(c(x) for n, c in pairs if n in x)
