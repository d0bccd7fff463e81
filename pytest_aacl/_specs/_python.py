"""Canonical JSON <-> the Python objects a typed implementation expects.

`materialise` builds dates, enums, tuples, sets, dataclasses and models from canonical
JSON; `dump` is its inverse, so the checks can compare what the implementation received
with what the model meant.  Each annotation is compiled once into a pair of closures, and
a part that needs no conversion compiles to `None`, so plain JSON passes at dict-copy cost.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import json
import typing
import uuid
from collections.abc import Callable
from typing import Any

from . import _hints
from . import _typing as ty

__all__ = ["Codec", "CodecBuilder", "compile_kwargs"]

Load = Callable[[Any], Any]
_JSON_KIND = {bool: "boolean", int: "integer", float: "number", str: "string", type(None): "null",
              list: "array", dict: "object"}
_ALL = frozenset(_JSON_KIND.values())


def _datetime(text: str) -> dt.datetime:
    if len(text) <= 10:  # a bare date: in a `datetime | date` union it belongs to `date`
        raise ValueError(f"{text!r} has no time part")
    if text[-1:] in "Zz":  # Python 3.10's fromisoformat does not read "Z"
        text = text[:-1] + "+00:00"
    return dt.datetime.fromisoformat(text)


def _time(text: str) -> dt.time:
    if text[-1:] in "Zz":
        text = text[:-1] + "+00:00"
    return dt.time.fromisoformat(text)


def _isoformat(value: Any) -> Any:
    return value.isoformat() if isinstance(value, (dt.date, dt.time)) else value


def _text(value: Any) -> Any:
    return str(value) if isinstance(value, uuid.UUID) else value


_FORMATS: dict[Any, tuple[Load, Load]] = {
    dt.datetime: (_datetime, _isoformat), dt.date: (dt.date.fromisoformat, _isoformat),
    dt.time: (_time, _isoformat), uuid.UUID: (uuid.UUID, _text),
}


@dataclasses.dataclass
class Codec:
    """How one annotation converts; `load`/`dump` are `None` when nothing changes."""

    load: Load | None
    dump: Load | None
    kinds: frozenset[str]  # the JSON kinds this annotation accepts (for unions)
    is_instance: Callable[[Any], bool]  # does a Python value belong to this annotation?
    lazy: bool = False  # a class still being compiled: read load/dump at call time


def _fn(codec: Codec, attr: str) -> Load | None:
    """The codec's load/dump, late-bound for classes that are still being compiled."""
    if not codec.lazy:
        return getattr(codec, attr)

    def call(value: Any) -> Any:
        fn = getattr(codec, attr)
        return fn(value) if fn is not None else value
    return call


_IDENTITY_ANY = Codec(None, None, _ALL, lambda v: True)


class CodecBuilder:
    """Compiles annotations into codecs, once per class (recursive classes included)."""

    def __init__(self) -> None:
        self._classes: dict[Any, Codec] = {}

    def codec(self, annotation: Any) -> Codec:
        tp, _ = ty.unwrap(annotation)
        if tp is typing.Any:
            return _IDENTITY_ANY
        if tp in _FORMATS:
            load, dump = _FORMATS[tp]
            exclude = dt.datetime if tp is dt.date else None  # a datetime is a date, not vice versa
            return Codec(load, dump, frozenset({"string"}),
                         lambda v: isinstance(v, tp) and not (exclude and isinstance(v, exclude)))
        if tp in _JSON_KIND or tp is None:
            kind = _JSON_KIND[type(None) if tp is None else tp]
            kinds = frozenset({"number", "integer"}) if tp is float else frozenset({kind})
            pytype = type(None) if tp is None else tp
            return Codec(None, None, kinds, _scalar_check(pytype))
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if origin is typing.Literal:
            values = [a.value if isinstance(a, enum.Enum) else a for a in args]
            return Codec(None, None, frozenset(_JSON_KIND[type(v)] for v in values),
                         lambda v: any(type(v) is type(x) and v == x for x in values))
        if origin in ty.UNION_TYPES:
            return _union([self.codec(a) for a in args])
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return _enum(tp)
        if tp in _hints._SEQUENCES or origin in _hints._SEQUENCES:
            return self._sequence(args, list, list)
        if tp in _hints._SETS or origin in _hints._SETS:
            return self._sequence(args, frozenset if (origin or tp) is frozenset else set, _sorted)
        if tp is tuple or origin is tuple:
            return self._tuple(args)
        if tp in _hints._MAPPINGS or origin in _hints._MAPPINGS:
            return self._mapping(args)
        if ty.is_pydantic_model(tp) or ty.is_typeddict(tp) or ty.is_dataclass_type(tp):
            return self._class(tp)
        return _IDENTITY_ANY  # unreachable for annotations the schema builder accepted

    def _sequence(self, args: tuple[Any, ...], make: Callable[[Any], Any], unmake: Load) -> Codec:
        item = self.codec(args[0]) if args else _IDENTITY_ANY
        pytype = make if isinstance(make, type) else list
        check = (lambda v: isinstance(v, (set, frozenset))) if pytype in (set, frozenset) else \
            (lambda v: isinstance(v, pytype))
        load, dump = _fn(item, "load"), _fn(item, "dump")
        if load is None and dump is None and pytype is list:
            return Codec(None, None, frozenset({"array"}), check)
        return Codec(
            (lambda v: make([load(x) for x in v])) if load else make,
            _guarded((lambda v: unmake([dump(x) for x in v])) if dump else unmake, _COLLECTIONS),
            frozenset({"array"}), check)

    def _tuple(self, args: tuple[Any, ...]) -> Codec:
        if not args or (len(args) == 2 and args[1] is Ellipsis) or args == ((),):
            item = self.codec(args[0]) if args and args != ((),) else _IDENTITY_ANY
            load, dump = _fn(item, "load"), _fn(item, "dump")
            return Codec((lambda v: tuple(load(x) for x in v)) if load else tuple,
                         _guarded((lambda v: [dump(x) for x in v]) if dump else list, _COLLECTIONS),
                         frozenset({"array"}), lambda v: isinstance(v, tuple))
        items = [self.codec(a) for a in args]
        loads = [_fn(c, "load") or _same for c in items]
        dumps = [_fn(c, "dump") or _same for c in items]
        return Codec(lambda v: tuple(f(x) for f, x in zip(loads, v, strict=False)),
                     _guarded(lambda v: [f(x) for f, x in zip(dumps, v, strict=False)] + list(v)[len(dumps):],
                              _COLLECTIONS),
                     frozenset({"array"}), lambda v: isinstance(v, tuple))

    def _mapping(self, args: tuple[Any, ...]) -> Codec:
        value = self.codec(args[1]) if len(args) == 2 else _IDENTITY_ANY
        check = lambda v: isinstance(v, dict)  # noqa: E731
        load, dump = _fn(value, "load"), _fn(value, "dump")
        if load is None and dump is None:
            return Codec(None, None, frozenset({"object"}), check)
        load, dump = load or _same, dump or _same
        return Codec(lambda v: {k: load(x) for k, x in v.items()},
                     _guarded(lambda v: {k: dump(x) for k, x in v.items()}, (dict,)),
                     frozenset({"object"}), check)

    def _class(self, tp: Any) -> Codec:
        if tp in self._classes:
            return self._classes[tp]
        cell = Codec(None, None, frozenset({"object"}),
                     (lambda v: isinstance(v, dict)) if ty.is_typeddict(tp) else (lambda v: isinstance(v, tp)),
                     lazy=True)
        # A recursive reference made while building sees the cell; its closures read
        # the cell's final functions at call time.
        self._classes[tp] = cell
        self._fill(cell, tp)
        cell.lazy = False  # finished: later users may call its functions directly
        return cell

    def _fill(self, cell: Codec, tp: Any) -> None:
        if ty.is_pydantic_model(tp):
            strict = bool(tp.model_config.get("strict"))
            cell.load = (lambda v: tp.model_validate_json(json.dumps(v))) if strict else tp.model_validate
            cell.dump = lambda m: m.model_dump(mode="json", by_alias=True, exclude_unset=True) \
                if isinstance(m, tp) else m
            return
        hints = ty.resolve_hints(tp)
        if ty.is_dataclass_type(tp):
            names = [f.name for f in dataclasses.fields(tp) if f.init]
        else:
            names = list(hints)
        fields = {name: self.codec(hints[name]) for name in names}
        loads = [(k, f) for k, c in fields.items() if (f := _fn(c, "load")) is not None]
        dumps = [(k, f) for k, c in fields.items() if (f := _fn(c, "dump")) is not None]
        if ty.is_typeddict(tp):
            if loads or dumps:
                cell.load, cell.dump = _keyed(loads), _guarded(_keyed(dumps), (dict,))
            return
        keyed_load = _keyed(loads)
        cell.load = lambda v: tp(**keyed_load(v))
        cell.dump = _dump_dataclass(tp, names, dict(dumps))


_COLLECTIONS = (list, tuple, set, frozenset)


def _guarded(dump: Load, kinds: tuple[type, ...]) -> Load:
    """`dump` reads what an implementation received, which may be anything when the code
    under test is broken: a value of the wrong shape is returned as it is, for the checks
    to judge, instead of raising here."""
    def guarded(value: Any) -> Any:
        return dump(value) if isinstance(value, kinds) else value
    return guarded


def _keyed(pairs: list[tuple[str, Load]]) -> Load:
    def convert(value: dict[str, Any]) -> dict[str, Any]:
        out = dict(value)
        for key, fn in pairs:
            if key in out:
                out[key] = fn(out[key])
        return out
    return convert


def _dump_dataclass(tp: Any, names: list[str], dumps: dict[str, Load]) -> Load:
    def dump(obj: Any) -> Any:
        if not isinstance(obj, tp):
            return obj
        return {n: dumps[n](getattr(obj, n)) if n in dumps else getattr(obj, n) for n in names}
    return dump


def _union(members: list[Codec]) -> Codec:
    kinds = frozenset().union(*(m.kinds for m in members))
    fns = [(m, _fn(m, "load"), _fn(m, "dump")) for m in members]
    if all(load is None and dump is None for _, load, dump in fns):
        return Codec(None, None, kinds, lambda v: any(m.is_instance(v) for m in members))

    def load(value: Any) -> Any:
        kind = _JSON_KIND.get(type(value))
        for member, fn, _ in fns:
            if kind not in member.kinds:
                continue
            if fn is None:
                return value
            try:
                return fn(value)
            except (ValueError, TypeError):
                continue  # e.g. "abc" is not a date: the next string member may take it
        return value

    def dump(value: Any) -> Any:
        for member, _, fn in fns:
            if member.is_instance(value):
                return fn(value) if fn else value
        return value

    return Codec(load, dump, kinds, lambda v: any(m.is_instance(v) for m in members))


def _enum(tp: type[enum.Enum]) -> Codec:
    members = {m.value: m for m in tp}

    def load(value: Any) -> Any:
        try:
            return members[value]
        except (KeyError, TypeError):
            return tp(value)

    kinds = frozenset({"string"} if all(isinstance(v, str) for v in members) else {"integer"})
    return Codec(load, lambda m: m.value if isinstance(m, tp) else m, kinds, lambda v: isinstance(v, tp))


def _scalar_check(pytype: type) -> Callable[[Any], bool]:
    if pytype is int:
        return lambda v: type(v) is not bool and isinstance(v, int)
    if pytype is float:
        return lambda v: type(v) is not bool and isinstance(v, (int, float))
    return lambda v: isinstance(v, pytype)


def _same(value: Any) -> Any:
    return value


def _sorted(values: list[Any]) -> list[Any]:
    """Sets have no order; a sorted list makes the JSON form deterministic when it can."""
    try:
        return sorted(values)
    except TypeError:
        return list(values)


def compile_kwargs(codecs: dict[str, Codec], extra: Codec | None) -> tuple[Load | None, Load | None]:
    """`(materialise, dump)` for a function's keyword arguments; `None` when no field converts."""
    loads = [(k, c.load) for k, c in codecs.items() if c.load is not None]
    dumps = [(k, c.dump) for k, c in codecs.items() if c.dump is not None]
    extra_load = extra.load if extra is not None else None
    extra_dump = extra.dump if extra is not None else None
    return _kwargs(loads, extra_load, codecs), _kwargs(dumps, extra_dump, codecs)


def _kwargs(pairs: list[tuple[str, Load]], extra: Load | None, named: dict[str, Codec]) -> Load | None:
    if not pairs and extra is None:
        return None
    if extra is None:
        return _keyed(pairs)

    def convert(value: dict[str, Any]) -> dict[str, Any]:
        out = _keyed(pairs)(value)
        for key in out.keys() - named.keys():
            out[key] = extra(out[key])
        return out
    return convert
