"""A typed Python function -> `ToolSpec` (schema from its hints, descriptions from its docstring)."""

from __future__ import annotations

import functools
import inspect
import typing
from collections.abc import Callable
from typing import Any

from .. import _argcheck
from .._errors import SpecError
from .._toolspec import ToolSpec
from ._docstrings import parse_docstring
from ._hints import SchemaBuilder, _is_json
from ._jsonschema import DRAFT_2020_12, check_tree
from ._pointer import rebase
from ._python import CodecBuilder, compile_kwargs

__all__ = ["from_function"]

_SKIP = ("self", "cls")


def from_function(
    fn: Callable[..., Any], *, name: str | None = None, description: str | None = None
) -> ToolSpec:
    """The `ToolSpec` of a typed function: one property per parameter.

    Parameters without a default are required; `**kwargs` opens the object to extra keys.
    Raises `SpecError` naming the parameter when an annotation is missing or has no JSON form.
    """
    if not callable(fn):
        raise SpecError(f"from_function() got fn={_argcheck.shown(fn)}; pass a typed function")
    _argcheck.overrides("from_function", name=name, description=description)
    try:
        signature = inspect.signature(fn)
    except (TypeError, ValueError) as exc:
        raise SpecError(f"cannot read the signature of {fn!r} ({exc}); wrap it in a typed def") from None
    tool_name = name or _name_of(fn)
    try:
        return _build(fn, signature, tool_name, description)
    except SpecError as exc:  # many tools are built at import time: say which one failed
        raise rebase(exc, "", tool=tool_name) from None


def _build(fn: Callable[..., Any], signature: inspect.Signature, tool_name: str,
           description: str | None) -> ToolSpec:
    summary, docs = parse_docstring(inspect.getdoc(fn))
    hints = _hints(fn, signature)
    params = list(signature.parameters.values())
    if params and params[0].name in _SKIP and params[0].name not in hints:
        params = params[1:]  # an unbound method: the instance is not the model's to send
    builder, codecs = SchemaBuilder(), CodecBuilder()
    validated = hasattr(fn, "raw_function")  # pydantic's validate_call applies Field(...) defaults itself
    properties, required, extra = _properties(params, hints, docs, builder, codecs, validated)
    schema: dict[str, Any] = {"$schema": DRAFT_2020_12, "type": "object", "properties": properties}
    if required:
        schema["required"] = required
    schema["additionalProperties"] = extra
    if builder.defs:
        schema["$defs"] = builder.defs
    schema = check_tree(schema)  # e.g. Annotated[int, Ge(5), Le(1)] fits no value: say so now
    named = {p.name: codecs.codec(hints[p.name]) for p in params if p.kind is not p.VAR_KEYWORD}
    var_kw = next((p.name for p in params if p.kind is p.VAR_KEYWORD and p.name in hints), None)
    materialise, dump = compile_kwargs(named, codecs.codec(hints[var_kw]) if var_kw else None)
    return ToolSpec(
        name=tool_name,
        description=summary if description is None else description,
        parameters=schema,
        implementation=fn,
        materialise=materialise,
        dump=dump,
        source="function",
    )


def _properties(
    params: list[inspect.Parameter], hints: dict[str, Any], docs: dict[str, str],
    builder: SchemaBuilder, codecs: CodecBuilder, validated: bool = False,
) -> tuple[dict[str, Any], list[str], Any]:
    """(properties, required, additionalProperties) of the parameters a model may send."""
    properties: dict[str, Any] = {}
    required: list[str] = []
    extra: Any = False
    for param in params:
        where = param.name
        if param.kind is param.VAR_POSITIONAL:
            raise SpecError(f"*{param.name} cannot be sent by a model, which passes keyword "
                            "arguments only; use a parameter typed list[...] instead", pointer=where)
        if param.kind is param.POSITIONAL_ONLY:
            raise SpecError(f"{param.name} is positional-only, but tools are called with keyword "
                            "arguments; remove the '/' from the signature", pointer=where)
        if param.kind is param.VAR_KEYWORD:  # **kwargs opens the object to extra keys
            hint = hints.get(param.name, Any)
            extra = True if hint is Any else builder.schema(hint, f"**{param.name}")
            continue
        if param.name not in hints:
            raise SpecError(f"parameter {param.name!r} has no type annotation; annotate it (e.g. "
                            f"`{param.name}: str`) so the boundary knows what to accept", pointer=where)
        if _field_default(param.default) and not validated:
            # only validate_call reads it; called plainly, the function would get the FieldInfo itself
            raise SpecError(f"parameter {param.name!r} has a pydantic Field(...) as its default, which a plain "
                            "call passes on as a FieldInfo object; write "
                            f"`{param.name}: Annotated[<type>, Field(ge=..., ...)] = <default>` instead", pointer=where)
        prop = builder.schema(hints[param.name], where)
        if param.default is param.empty:
            required.append(param.name)
        else:
            prop = _with_default(prop, param.default, codecs.codec(hints[param.name]))
        if docs.get(param.name) and "description" not in prop:
            prop = {**prop, "description": docs[param.name]}
        properties[param.name] = prop
    return properties, required, extra


def _field_default(default: Any) -> bool:
    """A pydantic `Field(...)` used as a default (pydantic itself is never imported for this)."""
    kind = type(default)
    return kind.__name__ == "FieldInfo" and kind.__module__.startswith("pydantic")


def _name_of(fn: Any) -> str:
    target = fn.func if isinstance(fn, functools.partial) else fn
    name = getattr(target, "__name__", None) or type(target).__name__
    if name == "<lambda>":
        raise SpecError("a lambda has no usable tool name; pass name=... or use a def")
    return name


def _hints(fn: Any, signature: inspect.Signature) -> dict[str, Any]:
    target = fn.func if isinstance(fn, functools.partial) else fn
    if inspect.isclass(target):
        target = target.__init__  # a class called as a tool: its __init__ carries the hints
    elif not (inspect.isfunction(target) or inspect.ismethod(target)):
        target = type(target).__call__  # a callable object: its __call__ carries the hints
    try:
        return typing.get_type_hints(target, include_extras=True)
    except Exception:
        pass  # find the one parameter whose annotation cannot be resolved, and name it
    namespace = getattr(inspect.unwrap(target), "__globals__", {})
    out: dict[str, Any] = {}
    for param in signature.parameters.values():
        annotation = param.annotation
        if annotation is param.empty:
            continue
        if isinstance(annotation, str):
            try:
                annotation = eval(annotation, namespace)  # the same lookup get_type_hints does
            except Exception as exc:
                raise SpecError(f"cannot resolve the annotation {param.annotation!r} ({exc}); "
                                "import or define that type at module level", pointer=param.name) from None
        out[param.name] = annotation
    return out


def _with_default(prop: dict[str, Any], default: Any, codec: Any) -> dict[str, Any]:
    """Record the default as JSON; a default with no JSON form is simply left out."""
    try:
        value = codec.dump(default) if codec.dump is not None else default
    except Exception:
        return prop
    return {**prop, "default": value} if _is_json(value) else prop
