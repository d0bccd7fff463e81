"""MCP tools (FastMCP 2+/3+/4+, the MCP Python SDK's server tools, `mcp.types.Tool`) -> `ToolSpec`.

The schema is taken exactly as the server advertises it to a model; the implementation is
the wrapped Python function when there is one, so the boundary can sit in front of it.
Nothing from fastmcp or mcp is imported unless the object handed in comes from them.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from .. import _argcheck
from .._compat.mcp import sync_tools
from .._errors import SpecError
from .._kinds import classify
from .._toolspec import ToolSpec
from ._function import from_function
from ._jsonschema import canonicalise

__all__ = ["from_mcp", "specs_from_mcp_server", "specs_from_mcp_server_async"]

_SERVERS = ("fastmcp_server", "mcp_server")

def from_mcp(obj: Any, *, name: str | None = None) -> ToolSpec:
    """A `ToolSpec` from an MCP tool: a FastMCP tool (or a function decorated with a FastMCP
    server's `@tool`), a tool of an MCP SDK server, or a bare `mcp.types.Tool` (schema only).

    Given a server, `name` selects one of its tools (see `specs_from_mcp_server` for all).
    """
    _argcheck.text("from_mcp", "name", name, optional=True, example='name="search_web"')
    if classify(obj) in _SERVERS:
        specs = specs_from_mcp_server(obj)
        chosen = [s for s in specs if name is None or s.name == name]
        if len(chosen) != 1:
            names = ", ".join(s.name for s in specs) or "none"
            raise SpecError(f"the server has tools {names}; pass name=... to choose one, or use "
                            "specs_from_mcp_server(server) for all of them")
        return chosen[0]
    if hasattr(obj, "__fastmcp__") and callable(obj):
        from fastmcp.tools import FunctionTool

        obj = FunctionTool.from_function(obj, metadata=obj.__fastmcp__)
    return _from_tool(obj, server=None)


def _from_tool(tool: Any, server: Any) -> ToolSpec:
    schema = getattr(tool, "parameters", None)
    if schema is None:  # mcp.types.Tool: `input_schema` (SDK 2.x) or `inputSchema` (1.x)
        schema = getattr(tool, "input_schema", None) or getattr(tool, "inputSchema", None)
    tool_name = getattr(tool, "name", None)
    if not isinstance(schema, dict) or not isinstance(tool_name, str):
        raise SpecError(f"obj={_argcheck.shown(tool)} is not an MCP tool; pass a FastMCP tool or server, an MCP SDK "
                        "server or tool (a name and a parameters / inputSchema dict)")
    fn = getattr(tool, "fn", None)
    implementation: Callable[..., Any] | None = fn if callable(fn) else _runner(tool)
    materialise = dump = None
    if callable(fn):
        materialise, dump = _codecs(fn)
    return ToolSpec(
        name=tool_name,
        description=getattr(tool, "description", None) or "",
        parameters=canonicalise(schema if schema else {"type": "object", "properties": {}}),
        implementation=implementation,
        materialise=materialise,
        dump=dump,
        source="mcp",
        extra={"mcp_tool": tool, "mcp_server": server},
    )


def _runner(tool: Any) -> Callable[..., Any] | None:
    """For a tool without a Python function (a proxy, a transformed tool): call `tool.run`."""
    run = getattr(tool, "run", None)
    if not (callable(run) and inspect.iscoroutinefunction(run)):
        return None

    async def call(**arguments: Any) -> Any:
        return await run(arguments)

    call.__name__ = getattr(tool, "name", "tool")
    return call


def _codecs(fn: Callable[..., Any]) -> tuple[Any, Any]:
    """Reuse the type-hint codecs (dates, enums, models) when the function's hints allow."""
    try:
        spec = from_function(fn)
    except SpecError:
        return None, None  # e.g. an injected `ctx: Context`: the values stay JSON
    return spec.materialise, spec.dump


def specs_from_mcp_server(server: Any) -> list[ToolSpec]:
    """Every tool of a `fastmcp.FastMCP` or MCP SDK server (`MCPServer` / `FastMCP`).

    The servers' listing APIs are async; this runs them with `asyncio.run`, so inside a
    running event loop use `await specs_from_mcp_server_async(server)` instead.
    """
    tools = sync_tools(server)
    if tools is not None:
        return [_from_tool(t, server) for t in tools]  # MCP SDK: keeps each `fn`
    import asyncio  # lazy: costs tens of milliseconds, and only servers need it

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(specs_from_mcp_server_async(server))
    raise RuntimeError("specs_from_mcp_server() cannot run inside a running event loop (the server's "
                    "list_tools() is async); use `await specs_from_mcp_server_async(server)`")


async def specs_from_mcp_server_async(server: Any) -> list[ToolSpec]:
    """`specs_from_mcp_server` for code that already runs in an event loop."""
    if classify(server) not in _SERVERS:
        raise SpecError(f"got server={_argcheck.shown(server)}; pass a FastMCP or MCP SDK server (fastmcp.FastMCP, "
                        "mcp.server.fastmcp.FastMCP or MCPServer)")
    tools = sync_tools(server)
    if tools is not None:
        return [_from_tool(t, server) for t in tools]
    listed = server.list_tools()
    tools = await listed if inspect.isawaitable(listed) else listed
    return [_from_tool(t, server) for t in tools]

