"""Small, shared facts about Python type annotations and JSON values (no conversion here)."""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from typing import Any

__all__ = [
    "UNION_TYPES",
    "is_dataclass_type",
    "is_pydantic_model",
    "is_typeddict",
    "json_type",
    "required_keys",
    "resolve_hints",
    "unwrap",
]

UNION_TYPES: tuple[Any, ...] = (typing.Union, types.UnionType)
_WRAPPERS = {"Required", "NotRequired", "ReadOnly"}


def unwrap(annotation: Any) -> tuple[Any, list[Any]]:
    """Strip `Annotated`, `NewType`, `type X = ...` aliases and `Required`-style wrappers.

    Returns the bare type and the `Annotated` metadata found on the way, outermost last.
    """
    metadata: list[Any] = []
    for _ in range(32):
        if typing.get_origin(annotation) is typing.Annotated:
            metadata[:0] = list(annotation.__metadata__)
            annotation = annotation.__origin__
        elif getattr(annotation, "__supertype__", None) is not None:  # NewType
            annotation = annotation.__supertype__
        elif type(annotation).__name__ == "TypeAliasType":
            annotation = annotation.__value__
        elif getattr(typing.get_origin(annotation), "_name", None) in _WRAPPERS:
            annotation = typing.get_args(annotation)[0]
        else:
            break
    return annotation, metadata


def is_typeddict(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, dict) and hasattr(tp, "__required_keys__")


def required_keys(tp: Any, hints: dict[str, Any]) -> set[str]:
    """A TypedDict's required keys, reading `Required[...]` / `NotRequired[...]` from the hints
    too: under `from __future__ import annotations`, Python < 3.12 misses them."""
    required = set(getattr(tp, "__required_keys__", ()))
    for key, hint in hints.items():
        while typing.get_origin(hint) is typing.Annotated:
            hint = hint.__origin__
        wrapper = getattr(typing.get_origin(hint), "_name", None)
        if wrapper == "Required":
            required.add(key)
        elif wrapper == "NotRequired":
            required.discard(key)
    return required


def is_pydantic_model(tp: Any) -> bool:
    """True for a Pydantic v2 `BaseModel` subclass, without importing pydantic."""
    pydantic = sys.modules.get("pydantic")
    return (pydantic is not None and isinstance(tp, type)
            and issubclass(tp, pydantic.BaseModel) and hasattr(tp, "model_json_schema"))


def is_dataclass_type(tp: Any) -> bool:
    return isinstance(tp, type) and dataclasses.is_dataclass(tp)


def resolve_hints(owner: Any) -> dict[str, Any]:
    """`get_type_hints` that also sees the owner's own name (self-recursive local classes).

    Raises `NameError` naming the annotation that cannot be resolved.
    """
    local = {owner.__name__: owner} if isinstance(owner, type) else None
    return typing.get_type_hints(owner, localns=local, include_extras=True)


def json_type(value: Any) -> str:
    """The JSON Schema type name of a JSON value (as found in `enum`, `const`, `default`)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, (list, tuple)) else "object"
