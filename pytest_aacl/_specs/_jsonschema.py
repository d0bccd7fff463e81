"""JSON Schema in (draft-04/06/07, 2019-09, 2020-12) -> one canonical draft 2020-12 schema.

Everything downstream (boundary, strategies, checks) reads only draft 2020-12 with local
refs into a root `$defs`, so the draft differences are paid for once, here, at decoration
time.  A malformed schema is refused with the JSON pointer of its first problem and a
hint, because a schema that fails later fails in front of a model instead of a developer.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from functools import cache
from typing import Any

from .. import _argcheck
from .._errors import SpecError
from .._toolspec import ToolSpec
from . import _pointer as ptr
from ._sanity import LIST_KEYWORDS as _LIST
from ._sanity import MAP_KEYWORDS as _MAP
from ._sanity import ONE_KEYWORDS as _ONE
from ._sanity import check_cycles, check_node

__all__ = ["DRAFT_2020_12", "canonicalise", "from_schema"]

DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"

_DRAFT_MARKERS = {"draft-04": 4, "draft-06": 6, "draft-07": 7, "2019-09": 2019, "2020-12": 2020}
#: the unversioned "current version" URI that drafts 3 and 4 defined (pymisp's schemas use
#: it): it names no draft, so the schema is read as one that declares none
_UNVERSIONED = ("http://json-schema.org/schema", "https://json-schema.org/schema")
_NEW_KEYWORDS = ("$defs", "prefixItems", "dependentRequired", "dependentSchemas", "$anchor",
                 "$dynamicRef", "unevaluatedProperties", "unevaluatedItems")
_TYPES = ("string", "number", "integer", "boolean", "array", "object", "null")
_TYPE_FIXES = {
    "int": "integer", "long": "integer", "int32": "integer", "int64": "integer",
    "float": "number", "double": "number", "decimal": "number", "real": "number",
    "str": "string", "text": "string", "bool": "boolean", "dict": "object", "map": "object",
    "obj": "object", "list": "array", "tuple": "array", "set": "array", "none": "null",
    "nil": "null", "nonetype": "null",
}



def from_schema(
    schema: dict[str, Any],
    *,
    name: str = "tool",
    description: str = "",
    implementation: Callable[..., Any] | None = None,
) -> ToolSpec:
    """A `ToolSpec` whose parameters are `schema`, canonicalised to draft 2020-12.

    >>> from_schema({"type": "object", "properties": {"q": {"type": "string"}}}).parameters["$schema"]
    'https://json-schema.org/draft/2020-12/schema'
    """
    if not isinstance(schema, dict):
        raise SpecError(f"from_schema() got schema={_argcheck.shown(schema)}; pass a JSON Schema dict, e.g. "
                        '{"type": "object", "properties": {"q": {"type": "string"}}}')
    if not isinstance(name, str) or not name:  # a SpecError, as it always was
        raise SpecError(f"from_schema() got name={_argcheck.shown(name)}; pass a non-empty string, e.g. name=\"search_web\"")
    _argcheck.overrides("from_schema", description=description, implementation=implementation)
    return ToolSpec(
        name=name,
        description=description or "",
        parameters=canonicalise(schema),
        implementation=implementation,
        source="schema",
    )


def canonicalise(schema: Any) -> dict[str, Any]:
    """Validate `schema` against its draft's metaschema and return a 2020-12 copy.

    Never mutates `schema`.  Raises `SpecError` (with a JSON pointer) when it is malformed,
    has an unresolvable or remote `$ref`, or its root does not describe an object.
    """
    if not isinstance(schema, dict):
        raise SpecError(
            f"parameters must be a JSON Schema object (a dict), got {type(schema).__name__}; "
            'use {"type": "object", "properties": {...}}'
        )
    try:
        if not _string_keys(schema):
            _check_keys(schema, "")
        return _canonicalise(schema)
    except RecursionError:
        raise SpecError("the schema is nested too deeply to be a tool's parameters; "
                        "move repeated structure into \"$defs\" and use \"$ref\"") from None


def _string_keys(node: Any) -> bool:
    """Are all object keys strings?  (One pass that builds no pointers: `_check_keys` words
    the refusal when not.)"""
    stack = [node]
    while stack:
        here = stack.pop()
        if isinstance(here, dict):
            if not all(isinstance(k, str) for k in here):
                return False
            stack.extend(v for v in here.values() if isinstance(v, (dict, list)))
        elif isinstance(here, list):
            stack.extend(v for v in here if isinstance(v, (dict, list)))
    return True


def _check_keys(node: Any, pointer: str) -> None:
    """JSON object keys are strings; a Python dict written by hand may hold others."""
    if isinstance(node, dict):
        for key, value in node.items():
            if not isinstance(key, str):
                raise SpecError(f"key {key!r} is not a string ({type(key).__name__}), but JSON object keys are; "
                                f"write it as {str(key)!r}", pointer=pointer or "/")
            _check_keys(value, ptr.join(pointer, key))
    elif isinstance(node, list):
        for i, item in enumerate(node):
            _check_keys(item, ptr.join(pointer, str(i)))


def check_tree(schema: dict[str, Any]) -> dict[str, Any]:
    """Resolve every `$ref` and refuse unsatisfiable nodes of an already-2020-12 schema
    (one built from type hints), without paying for metaschema validation."""
    return _Canonicaliser(schema, 2020).run()


def _canonicalise(schema: dict[str, Any]) -> dict[str, Any]:
    draft = _detect_draft(schema)
    key = _fingerprint(schema, draft)
    if key is None or key not in _VALID:
        checked = _check_metaschema(schema, draft)
        if key is not None:
            _VALID[key] = None if checked is schema else checked
            if len(_VALID) > 4096:
                _VALID.pop(next(iter(_VALID), ""), None)
        schema = checked
    elif _VALID[key] is not None:  # the copy without its malformed annotations
        schema = _VALID[key]
    out = _Canonicaliser(schema, draft).run()
    check_cycles(out)
    return _object_root(out)


#: Fingerprints of schemas that passed the metaschema: meta-validation costs milliseconds,
#: and the same declaration is often imported many times (per test, per worker, per file).
#: The value is None, or the copy without the malformed annotations the check dropped.
_VALID: dict[str, dict[str, Any] | None] = {}


def derived_from_checked(original: dict[str, Any], derived: dict[str, Any], others: Any = ()) -> None:
    """Mark `derived` (built from `original`'s parts and the schemas `others`, e.g. its
    references inlined) as checked when each of them passed its metaschema as it is:
    re-checking a large inlined copy cost seconds (cyclonedx's BOM 1.7: 8 s) and finds
    nothing new."""
    try:
        for part in (original, *others):
            draft = _detect_draft(part) if isinstance(part, dict) else None
            key = _fingerprint(part, draft) if draft is not None else None
            if key is None:
                return
            if key not in _VALID:  # a registry's schema: checked once, here
                if not _valid_for(draft)(part) and not _metavalidator(draft).is_valid(part):
                    return
                _VALID[key] = None
            if _VALID[key] is not None:  # it needed cleaning: the derived copy does too
                return
        derived_key = _fingerprint(derived, _detect_draft(derived))
        if derived_key is not None:
            _VALID[derived_key] = None
    except SpecError:
        return


def _fingerprint(schema: dict[str, Any], draft: int) -> str | None:
    try:
        return f"{draft}:" + json.dumps(schema, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError):
        return None  # not plain JSON: always validate


def _detect_draft(schema: dict[str, Any]) -> int:
    declared = schema.get("$schema")
    if declared is not None and not (isinstance(declared, str) and declared.rstrip("#") in _UNVERSIONED):
        for marker, draft in _DRAFT_MARKERS.items():
            if isinstance(declared, str) and marker in declared:
                return draft
        raise SpecError(
            f"unsupported $schema {declared!r}; use {DRAFT_2020_12!r} or "
            "'http://json-schema.org/draft-07/schema#'",
            pointer="/$schema",
        )
    legacy = new = False
    stack: list[Any] = [schema]
    while stack and not (legacy and new):
        node = stack.pop()
        if not isinstance(node, dict):
            continue
        if any(k in node for k in _NEW_KEYWORDS):
            new = True
        if ("definitions" in node or "dependencies" in node or "additionalItems" in node
                or isinstance(node.get("items"), list)):
            legacy = True
        stack.extend(_children(node))
    return 7 if legacy and not new else 2020


def _children(node: dict[str, Any]) -> list[Any]:
    """The sub-schemas of one schema node (not its data: enum, const, default, ...)."""
    out: list[Any] = []
    for key, value in node.items():
        if key in _ONE or key == "additionalItems":
            out.extend(value if isinstance(value, list) else [value])
        elif key in _MAP or key in ("$defs", "definitions", "dependencies"):
            if isinstance(value, dict):
                out.extend(value.values())
        elif key in _LIST and isinstance(value, list):
            out.extend(value)
    return out


@cache
def _metavalidator(draft: int) -> Any:
    import jsonschema  # lazy: `-p aacl` must not pay for it

    cls = {4: jsonschema.Draft4Validator, 6: jsonschema.Draft6Validator,
           7: jsonschema.Draft7Validator, 2019: jsonschema.Draft201909Validator,
           2020: jsonschema.Draft202012Validator}[draft]
    if draft in (2019, 2020):
        from ._metaschema import (  # lazy: large static documents, needed only to validate a schema
            static_2019_09,
            static_2020_12,
        )

        return cls(static_2020_12() if draft == 2020 else static_2019_09())
    return cls(cls.META_SCHEMA)


@cache
def _valid_for(draft: int) -> Callable[[Any], bool]:
    """The fast yes/no check of `draft`'s metaschema (`_metacheck`); where it says no,
    jsonschema looks again and words the error."""
    from ._metacheck import (
        compiled,  # lazy: large static documents, needed only to validate a schema
    )

    check = compiled(_metavalidator(draft).schema, draft)
    return check if check is not None else (lambda _node: False)


#: keywords that never change which values are valid: a malformed one (published
#: schemas have `"examples": "3.15"`) is dropped rather than refusing the whole tool
_ANNOTATIONS = frozenset(("title", "description", "examples", "$comment", "deprecated", "readOnly", "writeOnly"))
_NAMED = frozenset(("properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"))


def _check_metaschema(node: Any, draft: int, base: str = "") -> Any:
    """`node` if its metaschema accepts it, less any malformed annotation (copied then);
    a `SpecError` naming the first other defect."""
    if _valid_for(draft)(node):
        return node
    for _ in range(1000):
        errors = list(_metavalidator(draft).iter_errors(node))
        if not errors:
            return node
        paths = [list(e.absolute_path) for e in errors]
        dropped = [p for p in paths if p and p[-1] in _ANNOTATIONS and (len(p) < 2 or p[-2] not in _NAMED)]
        if len(dropped) < len(paths):
            _refuse(next(e for e, p in zip(errors, paths, strict=True) if p not in dropped), draft, base)
        node = copy.deepcopy(node)
        for path in dropped:
            parent: Any = node
            for step in path[:-1]:
                parent = parent[step]
            parent.pop(path[-1], None)
    return node


def _refuse(error: Any, draft: int, base: str) -> None:
    path = [str(p) for p in error.absolute_path]
    if (path and path[-1] == "type") or (len(path) > 1 and path[-2] == "type"):
        bad = error.instance
        if path[-1] == "type" and isinstance(bad, list):
            index = next((i for i, t in enumerate(bad) if t not in _TYPES), None)
            if index is not None:
                path, bad = [*path, str(index)], bad[index]
        raise SpecError(_type_hint(bad), pointer=ptr.join(base, *path))
    keyword = path[-1] if path else "the root"
    name = {2020: "2020-12", 2019: "2019-09"}.get(draft, f"draft-0{draft}")
    raise SpecError(
        f"{error.message}; fix the value of {keyword!r} (JSON Schema {name}, see "
        "https://json-schema.org/understanding-json-schema/)",
        pointer=ptr.join(base, *path),
    )


def _type_hint(bad: Any) -> str:
    if isinstance(bad, str) and bad.lower() in _TYPE_FIXES:
        return f'"{bad}" is not a JSON Schema type; use "{_TYPE_FIXES[bad.lower()]}"'
    if isinstance(bad, str) and bad.lower() == "any":
        return '"any" is not a JSON Schema type; omit "type" to accept any value'
    allowed = ", ".join(f'"{t}"' for t in _TYPES)
    return f"{json.dumps(bad, default=repr)} is not a JSON Schema type; use one of {allowed} (or a list of them)"


class _Canonicaliser:
    """One pass over the schema tree that rewrites legacy keywords and every `$ref`.

    Every schema node's old pointer is mapped to its new pointer, so refs into renamed
    places (`definitions`, array `items`, `dependencies`) are rewritten exactly.
    """

    def __init__(self, source: dict[str, Any], draft: int) -> None:
        self.source = source
        self.draft = draft
        self.legacy_items = draft < 2020
        self.moved: dict[str, str] = {}  # old pointer -> new pointer
        self.anchors: dict[str, str] = {}  # anchor name -> old pointer
        self.refs: list[tuple[dict[str, Any], str, str]] = []  # (node, $ref, old pointer)
        self.defs: dict[str, Any] = {}

    def run(self) -> dict[str, Any]:
        out = self.walk(self.source, "", "")
        self._resolve_refs()
        if self.defs:
            out.setdefault("$defs", {}).update(self.defs)
        return {"$schema": DRAFT_2020_12, **out}

    def walk(self, node: Any, old: str, new: str) -> Any:
        self.moved.setdefault(old, new)
        if not isinstance(node, dict):
            return node  # boolean schema
        out: dict[str, Any] = {}
        for key, value in node.items():
            here = ptr.join(old, key)
            if key == "$schema":
                continue
            if key == "$ref":
                out[key] = value
                self.refs.append((out, value, here))
            elif key in ("$defs", "definitions"):
                defs = out.setdefault("$defs", {})
                for name, sub in value.items():
                    if name in defs:
                        raise SpecError(f"definition {name!r} appears in both $defs and definitions; keep one",
                                        pointer=ptr.join(here, name))
                    defs[name] = self.walk(sub, ptr.join(here, name), ptr.join(new, "$defs", name))
            elif key == "$id" or key == "$anchor":
                self._anchor(key, value, old, here, out)
            elif key == "items" and isinstance(value, list):
                out["prefixItems"] = [self.walk(s, ptr.join(here, i), ptr.join(new, "prefixItems", i))
                                      for i, s in enumerate(value)]
            elif key == "additionalItems" and self.legacy_items:
                if isinstance(node.get("items"), list):
                    out["items"] = self.walk(value, here, ptr.join(new, "items"))
            elif key == "dependencies":
                for prop, dep in value.items():
                    if isinstance(dep, list):
                        out.setdefault("dependentRequired", {})[prop] = list(dep)
                    else:
                        out.setdefault("dependentSchemas", {})[prop] = self.walk(
                            dep, ptr.join(here, prop), ptr.join(new, "dependentSchemas", prop))
            elif key in ("exclusiveMinimum", "exclusiveMaximum") and isinstance(value, bool):
                bound = "minimum" if key == "exclusiveMinimum" else "maximum"
                if value and bound in node:  # draft-04 boolean form
                    out[key] = node[bound]
            elif key in _ONE:
                out[key] = self.walk(value, here, ptr.join(new, key))
            elif key in _MAP:
                out[key] = {k: self.walk(v, ptr.join(here, k), ptr.join(new, key, k)) for k, v in value.items()}
            elif key in _LIST:
                out[key] = [self.walk(v, ptr.join(here, i), ptr.join(new, key, i)) for i, v in enumerate(value)]
            else:
                out[key] = copy.deepcopy(value)  # data (enum, default, ...) and unknown keywords
        for bound in ("minimum", "maximum"):  # draft-04: an exclusive bound replaces its inclusive one
            if node.get("exclusive" + bound.title()) is True:
                out.pop(bound, None)
        check_node(out, old)
        return out

    def _anchor(self, key: str, value: Any, old: str, here: str, out: dict[str, Any]) -> None:
        if key == "$anchor":
            self.anchors[value] = old
            out[key] = value
        elif isinstance(value, str) and value.startswith("#"):  # draft <= 07 plain-name anchor
            self.anchors[value[1:]] = old
            out["$anchor"] = value[1:]
        elif old:
            raise SpecError(
                f"a nested $id ({value!r}) changes how refs resolve and is not supported; "
                "move the sub-schema into the root \"$defs\" and refer to it as \"#/$defs/<name>\"",
                pointer=here,
            )
        else:
            out[key] = value

    def _resolve_refs(self) -> None:
        while self.refs:
            node, ref, here = self.refs.pop()
            target = ptr.ref_pointer(ref, at=here)
            if target.startswith("#"):
                if target[1:] not in self.anchors:
                    raise SpecError(f"$ref {ref!r} names no $anchor in this schema", pointer=here)
                target = self.anchors[target[1:]]
            if target not in self.moved:
                self._hoist(ref, target, here)
            node["$ref"] = ptr.to_ref(self.moved[target])

    def _hoist(self, ref: str, target: str, here: str) -> None:
        """A ref into a place that is not a schema keyword (`#/components/schemas/X`):
        copy the target into `$defs` so every ref in the canonical schema is `#/$defs/...`."""
        found = ptr.resolve(self.source, target)
        if not isinstance(found, (dict, bool)):
            raise SpecError(f"$ref {ref!r} does not resolve to a schema in this document; "
                            "point it at an entry of the root \"$defs\"", pointer=here)
        found = _check_metaschema(found, self.draft, base=target)
        base = ptr.split(target)[-1] or "def"
        name, n = base, 1
        while name in self.defs or ptr.exists(self.source, ptr.join("/$defs", name)) or \
                ptr.exists(self.source, ptr.join("/definitions", name)):
            n += 1
            name = f"{base}_{n}"
        self.defs[name] = self.walk(found, target, ptr.join("/$defs", name))


def _object_root(out: dict[str, Any], depth: int = 0) -> dict[str, Any]:
    if "type" not in out and "properties" not in out and isinstance(out.get("$ref"), str) and depth < 8:
        target = ptr.lookup(out, out["$ref"], at="/$ref")
        if isinstance(target, dict):  # {"$ref": "#/$defs/Args", "$defs": {...}}: inline the root
            merged = {"$schema": DRAFT_2020_12, **copy.deepcopy(target),
                      **{k: v for k, v in out.items() if k != "$ref"}}
            return _object_root(merged, depth + 1)
    kind = out.get("type")
    if kind == ["object"]:
        kind = "object"
    # a root typed ["object", "null"] (or "boolean", "array"...) is read as its object part:
    # a tool's arguments are always an object, so its other types can never be passed
    listed = isinstance(kind, list) and "object" in kind
    if kind == "object" or listed or (kind is None and isinstance(out.get("properties"), dict)):
        if kind != "object":
            out = _detach_root_refs(out)
        out["type"] = "object"
        out.setdefault("properties", {})
        return out
    raise SpecError(
        f"the root of a tool's parameters must be an object schema (got type {kind!r}); "
        'wrap the value in a property: {"type": "object", "properties": {"value": ...}}'
        if kind is not None else
        'the root of a tool\'s parameters must be an object schema; use '
        '{"type": "object", "properties": {...}} (with "properties": {} for a tool without arguments)'
    )



def _detach_root_refs(out: dict[str, Any]) -> dict[str, Any]:
    """A typeless root, or one with a type list, gets `"type": "object"` (tool arguments are
    an object), but a `"#"` ref inside it means the schema as written, where a nested value
    may be any type: such refs are pointed at a copy of the root as written in `$defs`."""
    if not _refs_root(out, 0):
        return out
    defs = out.get("$defs", {})
    name, n = "root", 1
    while name in defs:
        n += 1
        name = f"root_{n}"
    target = ptr.to_ref(ptr.join("/$defs", name))
    body = {k: v for k, v in out.items() if k not in ("$schema", "$id", "$defs")}
    moved = _retarget(out, target)
    moved.setdefault("$defs", {})[name] = _retarget(body, target)
    return moved


def _refs_root(node: Any, depth: int) -> bool:
    if depth > 200:
        return False
    if isinstance(node, dict):
        return node.get("$ref") == "#" or any(_refs_root(v, depth + 1) for k, v in node.items() if k not in ("enum", "const", "default", "examples"))
    if isinstance(node, list):
        return any(_refs_root(v, depth + 1) for v in node)
    return False


def _retarget(node: Any, target: str) -> Any:
    if isinstance(node, dict):
        return {k: (target if k == "$ref" and v == "#" else v if k in ("enum", "const", "default", "examples") else _retarget(v, target))
                for k, v in node.items()}
    if isinstance(node, list):
        return [_retarget(v, target) for v in node]
    return node
