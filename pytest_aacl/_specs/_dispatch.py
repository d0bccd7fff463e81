"""`as_spec`: whatever a user hands us as "a tool" -> `ToolSpec`, by its shape.

What kind of thing an object is, `_kinds.classify` decides (the fuzz targets ask the same
function); library objects are told by their class hierarchy without importing the library.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from .. import _argcheck
from .._errors import SpecError
from .._kinds import classify
from .._toolspec import ToolSpec, spec_attribute
from ._bfcl import from_bfcl, is_bfcl
from ._function import from_function
from ._jsonschema import from_schema
from ._langchain import from_langchain
from ._mcp import from_mcp
from ._openai import from_openai, is_provider_tool

__all__ = ["as_spec"]

_ACCEPTED = (
    "a ToolSpec; a boundary Tool (anything with a .spec ToolSpec); a typed function; an OpenAI "
    "tool dict ({'type': 'function', 'function': {...}} or the Responses flat form); an Anthropic "
    "tool dict ({'name', 'input_schema'}); a BFCL declaration; a JSON Schema dict of type object; "
    "a FastMCP / MCP SDK tool or server; a LangChain tool"
)


def as_spec(
    obj: Any,
    *,
    name: str | None = None,
    description: str | None = None,
    implementation: Callable[..., Any] | None = None,
) -> ToolSpec:
    """The `ToolSpec` of `obj`, whatever way the tool was declared.

    `name`, `description` and `implementation` override what the declaration says.
    """
    _argcheck.overrides("as_spec", name=name, description=description, implementation=implementation)
    spec = _dispatch(obj, name, implementation)
    changes = {k: v for k, v in (("name", name), ("description", description),
                                 ("implementation", implementation)) if v is not None}
    changes = {k: v for k, v in changes.items() if getattr(spec, k) is not v}
    return dataclasses.replace(spec, **changes) if changes else spec


def _dispatch(obj: Any, name: str | None, implementation: Callable[..., Any] | None) -> ToolSpec:
    if isinstance(obj, ToolSpec):
        return obj
    if isinstance(obj, dict):
        return _from_dict(obj, name)
    if isinstance(obj, type):
        raise SpecError(f"got the class {obj.__name__}, not a tool; pass an instance or a function. "
                        f"Accepted: {_ACCEPTED}")
    spec = spec_attribute(obj)
    if spec is not None:
        return spec
    kind = classify(obj)
    if kind == "langchain":
        return from_langchain(obj)
    if kind in _MCP_KINDS:
        return from_mcp(obj, name=name)
    if callable(obj):
        return from_function(obj, name=name)
    raise SpecError(f"cannot make a tool from obj={_argcheck.shown(obj)}. Accepted: {_ACCEPTED}")


_MCP_KINDS = ("fastmcp_server", "fastmcp_tool", "fastmcp_function", "mcp_server", "mcp_lowlevel_server", "mcp_tool")


def _from_dict(obj: dict[str, Any], name: str | None) -> ToolSpec:
    if is_provider_tool(obj):
        body = obj["function"] if isinstance(obj.get("function"), dict) else obj
        if "input_schema" not in body and is_bfcl(body.get("parameters")):
            return from_bfcl(body)
        return from_openai(obj)
    if is_bfcl(obj):
        return from_bfcl({"name": name or "tool", "parameters": obj})
    return from_schema(obj, name=name or "tool")
