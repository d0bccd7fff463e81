"""Serve a boundary `Tool` where tools are served: provider tool dicts, MCP, LangChain.

The model must see the strict, typed schema (so it knows what to send) while the boundary
reads whatever it actually sends; a correction goes back as the framework's own error
result (MCP `isError`, a LangChain error `ToolMessage`), so the model can retry.

    >>> from pytest_aacl import boundary
    >>> from pytest_aacl.serve import openai_tool
    >>> @boundary
    ... def add(a: int, b: int = 1) -> int:
    ...     "Add two integers."
    ...     return a + b
    >>> openai_tool(add)["function"]["parameters"]["properties"]["a"]
    {'type': 'integer'}

Framework imports (fastmcp, mcp, langchain-core) happen only inside the function that
needs them, so importing this module costs nothing.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from typing import Any

from . import _argcheck
from ._boundary import Tool
from ._errors import CorrectionError
from ._optional import require as _require
from ._specs._options import check_date_order, check_naive_datetime
from ._toolspec import ToolSpec, without_aacl_keywords

__all__ = [
    "add_to_mcp_server",
    "advertised_schema",
    "anthropic_tool",
    "call_mcp",
    "fastmcp_middleware",
    "mcp_tool",
    "openai_tool",
    "to_fastmcp",
    "to_langchain",
]


def advertised_schema(tool: Tool) -> dict[str, Any]:
    """The parameters schema a model is shown: the strict schema without `x-aacl-*` keywords.

    Those keywords configure the boundary (synonyms, date order); they are not JSON Schema
    and providers' strict modes refuse unknown keywords.
    """
    return without_aacl_keywords(_declared(tool, "advertised_schema").spec.parameters)


def openai_tool(tool: Tool, *, api: str = "chat") -> dict[str, Any]:
    """The tool as an OpenAI `tools` entry: `api="chat"` (Chat Completions, nested under
    `"function"`) or `api="responses"` (the Responses API's flat form)."""
    spec = _declared(tool, "openai_tool").spec
    if api not in ("chat", "responses"):
        raise _argcheck.invalid("openai_tool", "api", api, 'api="chat" (Chat Completions) or api="responses"')
    body = {"name": spec.name, "description": spec.description, "parameters": advertised_schema(tool)}
    return {"type": "function", "function": body} if api == "chat" else {"type": "function", **body}


def anthropic_tool(tool: Tool) -> dict[str, Any]:
    """The tool as an Anthropic Messages `tools` entry (`input_schema`)."""
    spec = _declared(tool, "anthropic_tool").spec
    return {"name": spec.name, "description": spec.description, "input_schema": advertised_schema(tool)}


def mcp_tool(tool: Tool) -> Any:
    """The tool as an `mcp.types.Tool`, for a low-level `mcp.server.Server`'s `list_tools`."""
    spec = _declared(tool, "mcp_tool").spec
    types = _require("mcp.types", "mcp")
    return types.Tool(name=spec.name, description=spec.description, inputSchema=advertised_schema(tool))


async def call_mcp(tool: Tool, arguments: Mapping[str, Any] | None) -> Any:
    """Run the tool for a low-level server's `call_tool`: an `mcp.types.CallToolResult`.

    A correction becomes `isError: true` with the correction text, which the model reads;
    a result is returned as text content (and as `structuredContent` when it is a dict).
    """
    tool = _tool(tool, "call_mcp")
    _argcheck.mapping("call_mcp", "arguments", arguments, optional=True,
                  expected="the call's arguments as a dict (the request's params.arguments), or None")
    types = _require("mcp.types", "mcp")
    try:
        result = await _run(tool, dict(arguments or {}))
    except CorrectionError as error:
        return types.CallToolResult(content=[types.TextContent(type="text", text=str(error))], isError=True)
    return _mcp_result(types, result)


def to_langchain(tool: Tool) -> Any:
    """A LangChain `StructuredTool` advertising the strict schema; a correction comes back as
    the tool's error output (`handle_tool_error`), so an agent hands it to the model."""
    tool = _tool(tool, "to_langchain")
    tools = _require("langchain_core.tools", "langchain-core")

    def run(**arguments: Any) -> Any:
        try:
            return tool.implementation(**tool.normalise(arguments))
        except CorrectionError as error:
            raise tools.ToolException(str(error)) from None

    async def arun(**arguments: Any) -> Any:
        try:
            return await _run(tool, arguments)
        except CorrectionError as error:
            raise tools.ToolException(str(error)) from None

    is_async = inspect.iscoroutinefunction(tool.implementation)
    return tools.StructuredTool.from_function(
        func=None if is_async else run,
        coroutine=arun,
        name=tool.spec.name,
        description=tool.spec.description or tool.spec.name,
        args_schema=advertised_schema(tool),
        handle_tool_error=True,
    )


def to_fastmcp(tool: Tool) -> Any:
    """A `fastmcp` tool object for `server.add_tool(...)`: strict schema shown, the boundary
    reads the call, a correction is an `isError` result."""
    from ._serve_mcp import fastmcp_tool  # lazy: start-up

    return fastmcp_tool(_tool(tool, "to_fastmcp"), advertised_schema(tool))


def fastmcp_middleware(*, date_order: str | None = None, naive_datetime: str | None = None,
                       synonyms: Mapping[str, Mapping[str, Mapping[str, list[str]]]] | None = None) -> Any:
    """A FastMCP middleware that puts the boundary in front of every tool of a server.

    Each tool keeps the schema FastMCP derived from its own type hints (that is what the
    model sees); the middleware normalises the arguments against that schema before FastMCP
    validates them, and turns a correction into an `isError` result. `synonyms` maps a tool
    name to `boundary()`'s synonyms for it: `{"search": {"depth": {"advanced": ["deep"]}}}`.
    """
    from ._serve_mcp import middleware  # lazy: start-up
    if date_order is not None:
        check_date_order(date_order, pointer="date_order")
    if naive_datetime is not None:
        check_naive_datetime(naive_datetime, pointer="naive_datetime")
    _argcheck.mapping("fastmcp_middleware", "synonyms", synonyms, optional=True, expected='a mapping of a tool name to '
                  'boundary() synonyms, e.g. {"search": {"depth": {"advanced": ["deep"]}}}')
    _argcheck.each("fastmcp_middleware", "synonyms", list((synonyms or {}).values()), lambda v: isinstance(v, Mapping),
               expected='a mapping of a tool name to boundary() synonyms, e.g. {"search": {"depth": {"advanced": ["deep"]}}}')
    return middleware(date_order=date_order, naive_datetime=naive_datetime, synonyms=dict(synonyms or {}))


def add_to_mcp_server(server: Any, tool: Tool) -> None:
    """Register a boundary tool on an MCP SDK server (`MCPServer`, or `FastMCP` of mcp 1.x)."""
    from ._serve_mcp import add_to_sdk_server  # lazy: start-up

    add_to_sdk_server(server, _tool(tool, "add_to_mcp_server"), advertised_schema(tool))


# -- helpers shared with _serve_mcp --------------------------------------------------------


def _declared(obj: Any, where: str) -> Any:
    """Anything that carries a `ToolSpec` as `.spec` (a boundary Tool, a fuzz target) can be declared."""
    if isinstance(getattr(obj, "spec", None), ToolSpec):
        return obj
    return _tool(obj, where)


def _tool(obj: Any, where: str) -> Tool:
    if isinstance(obj, Tool):
        return obj
    raise _argcheck.invalid(where, "tool", obj, "a boundary Tool (from @boundary): wrap the function first, "
                        "boundary(fn) or boundary(fn, schema=...)")


async def _run(tool: Tool, arguments: dict[str, Any]) -> Any:
    """The tool's result for model arguments, awaiting an async implementation."""
    result = tool.implementation(**tool.normalise(arguments))
    return await result if inspect.isawaitable(result) else result


def _mcp_result(types: Any, result: Any) -> Any:
    import json

    if isinstance(result, types.CallToolResult):
        return result
    structured = result if isinstance(result, dict) else None
    text = result if isinstance(result, str) else json.dumps(result, default=str, ensure_ascii=False)
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], structuredContent=structured)
