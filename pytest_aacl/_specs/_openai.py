"""Provider tool declarations -> `ToolSpec`: OpenAI Chat Completions and Responses, Anthropic.

Teams often already hold their tools as the dicts they send to a provider; importing those
as they are means the fuzzer tests exactly the schema the model is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import _argcheck
from .._errors import SpecError
from .._toolspec import ToolSpec
from ._jsonschema import canonicalise
from ._pointer import rebase

__all__ = ["from_openai", "is_provider_tool"]

_EMPTY = {"type": "object", "properties": {}}


def is_provider_tool(obj: Any) -> bool:
    """Does this dict look like an OpenAI / Anthropic tool declaration?"""
    return isinstance(obj, dict) and (
        obj.get("type") == "function" or isinstance(obj.get("function"), dict)
        or ("name" in obj and ("input_schema" in obj or "parameters" in obj)))


def from_openai(tool: dict[str, Any], implementation: Callable[..., Any] | None = None) -> ToolSpec:
    """A `ToolSpec` from `{"type": "function", "function": {...}}` (Chat Completions), a bare
    `{"name", "description", "parameters"}`, the Responses API's flat `{"type": "function",
    "name", "parameters", "strict"}`, or Anthropic's `{"name", "description", "input_schema"}`.
    """
    if not isinstance(tool, dict):
        raise SpecError(f"from_openai() got tool={_argcheck.shown(tool)}; pass a tool declaration dict, e.g. "
                        '{"type": "function", "function": {"name": ..., "parameters": {...}}}')
    _argcheck.overrides("from_openai", implementation=implementation)
    kind = tool.get("type")
    if kind not in (None, "function") and "input_schema" not in tool:
        raise SpecError(f'only function tools can be imported, not type {kind!r}; '
                        'use {"type": "function", "function": {"name": ..., "parameters": {...}}}',
                        pointer="/type")
    body, at = (tool["function"], "/function") if isinstance(tool.get("function"), dict) else (tool, "")
    name = body.get("name")
    if not isinstance(name, str) or not name:
        raise SpecError('a tool declaration needs a non-empty "name"', pointer=f"{at}/name")
    source = "anthropic" if "input_schema" in body else "openai"
    key = "input_schema" if source == "anthropic" else "parameters"
    schema = body.get(key)
    if schema is None or schema == {}:
        schema = _EMPTY  # a tool without arguments
    try:
        parameters = canonicalise(schema)
    except SpecError as exc:  # point into the declaration, not into the bare schema
        raise rebase(exc, f"{at}/{key}") from None
    strict = body.get("strict", tool.get("strict"))
    return ToolSpec(
        name=name,
        description=str(body.get("description") or ""),
        parameters=parameters,
        implementation=implementation,
        source=source,
        extra={"strict": strict} if strict is not None else {},
    )
