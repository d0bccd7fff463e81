"""Python type hints -> draft 2020-12 JSON Schema, with named structures in `$defs`.

Only types whose JSON form is unambiguous are accepted; anything else is refused with the
parameter path and the type to use instead, because a tool whose schema cannot say what
the implementation expects can only be fed by guessing.
"""

from __future__ import annotations

import collections.abc as abc
import dataclasses
import datetime as dt
import enum
import math
import re
import typing
import uuid
from typing import Any

from .._errors import SpecError
from . import _typing as ty
from ._docstrings import parse_docstring
from ._pointer import lookup

__all__ = ["SchemaBuilder"]

_SCALARS: dict[Any, dict[str, Any]] = {
    str: {"type": "string"}, int: {"type": "integer"}, float: {"type": "number"},
    bool: {"type": "boolean"}, type(None): {"type": "null"}, None: {"type": "null"},
    dt.datetime: {"type": "string", "format": "date-time"}, dt.date: {"type": "string", "format": "date"},
    dt.time: {"type": "string", "format": "time"}, uuid.UUID: {"type": "string", "format": "uuid"},
}
_SEQUENCES = (list, abc.Sequence, abc.MutableSequence)
_SETS = (set, frozenset, abc.Set, abc.MutableSet)
_MAPPINGS = (dict, abc.Mapping, abc.MutableMapping)
_NUMERIC = {"gt": "exclusiveMinimum", "ge": "minimum", "lt": "exclusiveMaximum", "le": "maximum",
            "multiple_of": "multipleOf"}
_LENGTH = {"string": ("minLength", "maxLength"), "array": ("minItems", "maxItems"),
           "object": ("minProperties", "maxProperties")}
_INSTEAD = {
    object: "typing.Any for an unconstrained value",
    bytes: "str (for example base64 text)",
    complex: "float, or two float parameters",
    type: "a Literal[...] or an Enum of the accepted names",
}


class SchemaBuilder:
    """Builds schemas for one tool; shares `$defs` and remembers classes for recursion."""

    def __init__(self) -> None:
        self.defs: dict[str, dict[str, Any]] = {}
        self._names: dict[Any, str] = {}

    def schema(self, annotation: Any, where: str) -> dict[str, Any]:
        """The JSON Schema of `annotation`; `where` is the parameter path for errors."""
        bare, metadata = ty.unwrap(annotation)
        out = self._bare(bare, where)
        return self._constrain(out, metadata, where) if metadata else out

    def _bare(self, tp: Any, where: str) -> dict[str, Any]:
        if tp is typing.Any:
            return {}
        try:
            hash(tp)
        except TypeError:  # e.g. `x: [int]` written for `list[int]`
            raise SpecError(f"annotation {tp!r} is a {type(tp).__name__} value, not a type; use list[...] "
                            "for a list, dict[str, ...] for a mapping", pointer=where) from None
        if tp in _SCALARS:
            return dict(_SCALARS[tp])
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if origin is typing.Literal:
            return _literal(args, where)
        if origin in ty.UNION_TYPES:
            return _union([self.schema(a, where) for a in args])
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return _enum(tp, where)
        if tp in _SEQUENCES or origin in _SEQUENCES:
            return {"type": "array", "items": self.schema(args[0], f"{where}[]")} if args else {"type": "array"}
        if tp in _SETS or origin in _SETS:
            out: dict[str, Any] = {"type": "array", "uniqueItems": True}
            return {**out, "items": self.schema(args[0], f"{where}[]")} if args else out
        if tp is tuple or origin is tuple:
            if not args and tp is not tuple and tp is not typing.Tuple:  # noqa: UP006  tuple[()]: get_args gives ()
                return {"type": "array", "maxItems": 0}
            return self._tuple(args, where)
        if tp in _MAPPINGS or origin in _MAPPINGS:
            return self._mapping(args, where)
        if ty.is_pydantic_model(tp):
            return self._named(tp, where, self._pydantic)
        if ty.is_typeddict(tp):
            return self._named(tp, where, self._typeddict)
        if ty.is_dataclass_type(tp):
            return self._named(tp, where, self._dataclass)
        raise SpecError(_unsupported(tp), pointer=where)

    def _tuple(self, args: tuple[Any, ...], where: str) -> dict[str, Any]:
        if not args:
            return {"type": "array"}
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": self.schema(args[0], f"{where}[]")}
        if args == ((),):  # tuple[()] before Python 3.11
            return {"type": "array", "maxItems": 0}
        items = [self.schema(a, f"{where}[{i}]") for i, a in enumerate(args)]
        return {"type": "array", "prefixItems": items, "minItems": len(items), "maxItems": len(items)}

    def _mapping(self, args: tuple[Any, ...], where: str) -> dict[str, Any]:
        if not args:
            return {"type": "object"}
        key, _ = ty.unwrap(args[0])
        if key is not str and key is not typing.Any:
            raise SpecError(f"JSON object keys are strings, so dict[{_name(key)}, ...] cannot be "
                            "called by a model; use dict[str, ...]", pointer=where)
        return {"type": "object", "additionalProperties": self.schema(args[1], f"{where}{{}}")}

    def _named(self, tp: type, where: str, build: typing.Callable[[Any, str], dict[str, Any]]) -> dict[str, Any]:
        if tp not in self._names:
            base = re.sub(r"[^A-Za-z0-9_.-]", "_", tp.__name__)  # e.g. a generic `Page[int]`
            name, n = base, 1
            while name in self.defs:
                n += 1
                name = f"{base}{n}"
            self._names[tp] = name
            self.defs[name] = {}  # placeholder: a recursive reference finds the name
            self.defs[name] = build(tp, where)
        return {"$ref": f"#/$defs/{self._names[tp]}"}

    def _object(self, tp: type, hints: dict[str, Any], required: set[str], where: str,
                defaults: dict[str, Any], notes: dict[str, str]) -> dict[str, Any]:
        summary, docs = parse_docstring(_own_doc(tp))
        props: dict[str, Any] = {}
        for key, hint in hints.items():
            prop = self.schema(hint, f"{where}.{key}")
            if key in defaults:
                default = _json_default(defaults[key])
                if _is_json(default):
                    prop = {**prop, "default": default}
            description = notes.get(key) or docs.get(key)
            if description and "description" not in prop:
                prop = {**prop, "description": description}
            props[key] = prop
        out: dict[str, Any] = {"type": "object", "title": tp.__name__}
        if summary:
            out["description"] = summary
        out["properties"] = props
        if required:
            out["required"] = [k for k in hints if k in required]
        out["additionalProperties"] = False
        return out

    def _dataclass(self, tp: type, where: str) -> dict[str, Any]:
        hints = _hints_of(tp, where)
        fields = [f for f in dataclasses.fields(tp) if f.init]
        missing = dataclasses.MISSING
        defaults = {f.name: f.default for f in fields if f.default is not missing}
        required = {f.name for f in fields if f.default is missing and f.default_factory is missing}
        notes = {f.name: f.metadata["description"] for f in fields
                 if isinstance(f.metadata.get("description"), str)}
        return self._object(tp, {f.name: hints[f.name] for f in fields}, required, where, defaults, notes)

    def _typeddict(self, tp: type, where: str) -> dict[str, Any]:
        hints = _hints_of(tp, where)
        return self._object(tp, hints, ty.required_keys(tp, hints), where, {}, {})

    def _pydantic(self, tp: Any, where: str) -> dict[str, Any]:
        try:
            schema = tp.model_json_schema(ref_template="#/$defs/{model}")
        except Exception as exc:  # pydantic refuses (e.g. a field of an arbitrary type)
            raise SpecError(f"Pydantic cannot build a JSON Schema for {tp.__name__}: {exc}",
                            pointer=where) from None
        own = self._names[tp]
        defs = schema.pop("$defs", {})
        root_ref = schema["$ref"].rsplit("/", 1)[-1] if set(schema) == {"$ref"} else None
        renames = {root_ref: own} if root_ref else {}
        for name in defs:
            if name != root_ref and name in self.defs:
                renames[name] = f"{own}_{name}"
        schema, defs = _rename_refs(schema, renames), _rename_refs(defs, renames)
        body = defs.pop(own) if root_ref else schema  # a recursive model is a $ref to itself
        for name, sub in defs.items():
            self.defs[renames.get(name, name)] = sub
        if tp.model_config.get("extra") != "allow" and body.get("type") == "object":
            body.setdefault("additionalProperties", False)  # an ignored key would be a lost intent
        return body

    def _constrain(self, out: dict[str, Any], metadata: list[Any], where: str) -> dict[str, Any]:
        for marker in _flatten(metadata):
            if isinstance(marker, str):
                out = {**out, "description": marker}
            elif type(marker).__name__ == "FieldInfo":
                out = self._field_info(out, marker, where)
            elif type(marker).__name__ == "Doc" and isinstance(getattr(marker, "documentation", None), str):
                out = {**out, "description": marker.documentation}
            else:
                out = self._marker(out, marker, where)
        return out

    def _field_info(self, out: dict[str, Any], info: Any, where: str) -> dict[str, Any]:
        extra = {k: v for k, v in (("title", info.title), ("description", info.description),
                                   ("examples", info.examples)) if v is not None}
        if isinstance(info.json_schema_extra, dict):
            extra.update(info.json_schema_extra)
        return self._constrain({**out, **extra}, list(info.metadata), where)

    def _marker(self, out: dict[str, Any], marker: Any, where: str) -> dict[str, Any]:
        updates: dict[str, tuple[str, Any]] = {}  # keyword -> (what it constrains, value)
        for attr, keyword in _NUMERIC.items():
            value = getattr(marker, attr, None)
            if value is not None:
                if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
                    raise SpecError(f"{type(marker).__name__}({value!r}) needs a finite number", pointer=where)
                updates[keyword] = ("number", value)
        for attr, index in (("min_length", 0), ("max_length", 1)):
            value = getattr(marker, attr, None)
            if value is not None:
                updates[attr] = ("length", (index, value))
        pattern = getattr(marker, "pattern", None)
        if isinstance(pattern, str):
            updates["pattern"] = ("string", pattern)
        if not updates:
            return out  # metadata for someone else (e.g. pydantic's Strict()): not ours to judge
        out, used = _apply(out, updates, self.defs)
        for keyword in updates.keys() - used:
            raise SpecError(f"{type(marker).__name__} sets {keyword}, which does not apply to "
                            f"{_describe(out)}; put it on a {updates[keyword][0]} annotation", pointer=where)
        return out


def _apply(schema: dict[str, Any], updates: dict[str, tuple[str, Any]],
           defs: dict[str, Any]) -> tuple[dict[str, Any], set[str]]:
    """Put each constraint on the branch of `schema` whose type it constrains."""
    branches = schema.get("anyOf")
    if isinstance(branches, list):
        used: set[str] = set()
        new = []
        for branch in branches:
            branch, hit = _apply(branch, updates, defs) if branch.get("type") != "null" else (branch, set())
            new.append(branch)
            used |= hit
        return {**schema, "anyOf": new}, used
    kinds = _types(schema, defs)
    out, used = dict(schema), set()
    for keyword, (applies, value) in updates.items():
        if applies == "length":
            for kind in ("string", "array", "object"):
                if kind in kinds or not kinds:
                    out[_LENGTH[kind][value[0]]] = value[1]
                    used.add(keyword)
        elif (applies == "number" and kinds & {"number", "integer"}) or applies in kinds or not kinds:
            out[keyword] = value
            used.add(keyword)
    return out, used


def _describe(schema: dict[str, Any]) -> str:
    kind = schema.get("type")
    return f"type {kind!r}" if kind else "this annotation"


def _types(schema: dict[str, Any], defs: dict[str, Any]) -> set[str]:
    if "$ref" in schema:
        try:
            target = lookup({"$defs": defs}, schema["$ref"])
        except SpecError:
            target = {}
        return {"object"} if target.get("type") == "object" or "properties" in target else set()
    kind = schema.get("type")
    return {kind} if isinstance(kind, str) else set(kind or ())


def _flatten(metadata: list[Any]) -> list[Any]:
    out: list[Any] = []
    for marker in metadata:
        if type(marker).__name__ in ("Interval", "Len") and hasattr(marker, "__iter__"):
            out.extend(marker)  # annotated_types.GroupedMetadata
        else:
            out.append(marker)
    return out


def _literal(values: tuple[Any, ...], where: str) -> dict[str, Any]:
    flat: list[Any] = []
    for value in values:
        if isinstance(value, enum.Enum):
            value = value.value
        if value is not None and not isinstance(value, (str, int, bool)):
            raise SpecError(f"Literal value {value!r} has no JSON form; use str, int or bool literals",
                            pointer=where)
        if not any(type(value) is type(v) and value == v for v in flat):
            flat.append(value)
    kinds = list(dict.fromkeys(ty.json_type(v) for v in flat))
    return {"type": kinds[0] if len(kinds) == 1 else kinds, "enum": flat}


def _enum(tp: type[enum.Enum], where: str) -> dict[str, Any]:
    values = list(dict.fromkeys(m.value for m in tp))
    if all(isinstance(v, str) for v in values):
        kind = "string"
    elif all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        kind = "integer"
    else:
        raise SpecError(f"enum {tp.__name__} has values that are not all str or all int; a model "
                        "can only send JSON strings or integers: use a str or int Enum", pointer=where)
    out: dict[str, Any] = {"type": kind, "enum": values, "title": tp.__name__}
    summary, _ = parse_docstring(_own_doc(tp))
    return {**out, "description": summary} if summary else out


def _union(members: list[dict[str, Any]]) -> dict[str, Any]:
    unique: list[dict[str, Any]] = []
    for member in members:
        if member not in unique:
            unique.append(member)
    if any(m == {} for m in unique):
        return {}
    if len(unique) == 1:
        return unique[0]
    plain = [m for m in unique if set(m) <= {"type", "format"} and isinstance(m.get("type"), str)]
    null = {"type": "null"}
    if len(plain) == len(unique) and all("format" not in m for m in unique):
        return {"type": [m["type"] for m in unique]}
    others = [m for m in unique if m != null]
    if len(others) == 1 and null in unique and isinstance(others[0].get("type"), str) \
            and "$ref" not in others[0] and "enum" not in others[0]:
        return {**others[0], "type": [others[0]["type"], "null"]}
    return {"anyOf": unique}


def _hints_of(tp: Any, where: str) -> dict[str, Any]:
    try:
        return ty.resolve_hints(tp)
    except Exception as exc:
        raise SpecError(f"cannot resolve the annotations of {tp.__name__} ({exc}); define the types "
                        "it names at module level", pointer=where) from None


def _own_doc(tp: type) -> str | None:
    doc = tp.__dict__.get("__doc__")
    if not doc or doc.startswith(f"{tp.__name__}(") or doc.strip() in ("An enumeration.",):
        return None  # the dataclass/enum auto-generated docstring says nothing
    return doc


def _rename_refs(node: Any, renames: dict[str, str]) -> Any:
    if not renames:
        return node
    if isinstance(node, dict):
        out = {k: _rename_refs(v, renames) for k, v in node.items()}
        ref = out.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/") and ref[8:] in renames:
            out["$ref"] = "#/$defs/" + renames[ref[8:]]
        return out
    if isinstance(node, list):
        return [_rename_refs(v, renames) for v in node]
    return node


def _json_default(value: Any) -> Any:
    """A dataclass field default in its JSON form (enum members, dates, tuples, sets)."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (dt.date, dt.time)):
        return value.isoformat()
    if isinstance(value, uuid.UUID):
        return str(value)
    if isinstance(value, (tuple, frozenset)):
        return [_json_default(v) for v in value]
    return value


def _is_json(value: Any, depth: int = 0) -> bool:
    if value is None or isinstance(value, (str, bool, int)):
        return True
    if isinstance(value, float):
        return math.isfinite(value)
    if depth < 32 and type(value) is list:
        return all(_is_json(v, depth + 1) for v in value)
    if depth < 32 and type(value) is dict:
        return all(isinstance(k, str) and _is_json(v, depth + 1) for k, v in value.items())
    return False


def _name(tp: Any) -> str:
    return getattr(tp, "__qualname__", None) or getattr(tp, "__name__", None) or repr(tp)


def _unsupported(tp: Any) -> str:
    if isinstance(tp, (str, typing.ForwardRef)):
        ref = tp if isinstance(tp, str) else tp.__forward_arg__
        return f"cannot resolve the forward reference {ref!r}; define {ref} at module level"
    if tp in _INSTEAD:
        return f"unsupported annotation {_name(tp)}; use {_INSTEAD[tp]}"
    origin = typing.get_origin(tp) or tp
    if origin in (abc.Callable, typing.Callable) or (callable(tp) and not isinstance(tp, type)):
        return (f"unsupported annotation {tp!r}: a model sends JSON, not code; use a Literal[...] "
                "or Enum of the operations to choose from")
    return (f"unsupported annotation {_name(tp)}: it has no JSON form; use str, int, float, bool, "
            "a Literal/Enum, list/tuple/set/dict of those, date/datetime/time/UUID, or a "
            "dataclass, TypedDict or Pydantic model")
