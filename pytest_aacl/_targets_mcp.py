"""MCP targets: FastMCP servers and tools, and MCP SDK (`MCPServer`) servers.

Calls go through a real in-memory MCP client session (fastmcp's `Client`), so what the
checks see is what a model's host sees: a correction is an `isError: true` tool result
(MCP 2025-11-25, SEP-1303); an exception raised by the client is a protocol error, which
the `total` check reports.  Each tool's function is replaced by a spy for the run, which
returns the smallest value the tool's output schema accepts.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from ._targets import McpError, Target, TargetError
from ._worker import Worker

__all__ = ["mcp_targets"]


def mcp_targets(obj: Any, timeout: float) -> list[Target]:
    """One target per tool, each called through an in-memory MCP client session."""
    from fastmcp import Client

    from . import _specs

    server = obj
    if not hasattr(obj, "list_tools") and hasattr(obj, "fn"):  # a FastMCP tool object alone
        from fastmcp import FastMCP

        server = FastMCP("aacl")
        server.add_tool(obj)
    tools = _run_async(_list_tools(Client(server)))
    targets = []
    for listed in tools:
        holder = _tool_holder(server, listed.name)
        spec = _specs.from_mcp(listed)
        stub = _stub_result(listed.output_schema)
        t = Target(listed.name, spec, lambda args: None, original=holder.fn, stub=stub, timeout=timeout)
        t._invoke, t._cleanup = _mcp_invoke(server, listed.name)
        t._patch = (holder, "fn")
        t._quiet_loggers = ("fastmcp", "mcp")
        targets.append(t)
    return targets


def _tool_holder(server: Any, name: str) -> Any:
    manager = getattr(server, "_tool_manager", None)
    if manager is not None:  # MCP SDK MCPServer
        return manager._tools[name]
    return _run_async(server.get_tool(name))  # FastMCP: the stored FunctionTool


async def _list_tools(client: Any) -> Any:
    async with client:
        return await client.list_tools()


def _run_async(coro: Any) -> Any:
    worker = Worker()
    try:
        finished, value, error = worker.run(lambda: coro, 60.0)
    finally:
        worker.close()
    if not finished:
        raise TargetError("the MCP server did not answer within 60 s")
    if error is not None:
        raise error
    return value


def _mcp_invoke(server: Any, name: str) -> tuple[Callable[[dict[str, Any]], Any], Callable[[], Any]]:
    clients: dict[int, Any] = {}

    async def cleanup() -> None:
        client = clients.pop(id(asyncio.get_running_loop()), None)
        if client is not None:
            await client.__aexit__(None, None, None)

    async def invoke(args: dict[str, Any]) -> Any:
        from fastmcp import Client

        loop = id(asyncio.get_running_loop())
        if loop not in clients:
            clients[loop] = Client(server)
            await clients[loop].__aenter__()
        result = await clients[loop].call_tool(name, args, raise_on_error=False)
        if result.is_error:
            raise McpError(" ".join(getattr(c, "text", "") for c in result.content))
        return result

    return invoke, cleanup


def _stub_result(output_schema: dict[str, Any] | None) -> Any:
    """What the spy returns so the server's output validation passes: primitives are wrapped
    as `{"result": ...}` by both FastMCP and the SDK, so the function returns the inner value."""
    if not output_schema:
        return None
    props = output_schema.get("properties", {})
    wrapped = output_schema.get("x-fastmcp-wrap-result") or (set(props) == {"result"} and output_schema.get("required") == ["result"])
    return _minimal(props["result"] if wrapped else output_schema)


def _minimal(schema: Any) -> Any:
    """The smallest value valid under a (simple) output schema: the stub an MCP spy returns."""
    if not isinstance(schema, dict):
        return None
    if "const" in schema or "enum" in schema:
        return schema.get("const", (schema.get("enum") or [None])[0])
    kind = schema.get("type")
    kind = kind[0] if isinstance(kind, list) else kind
    if "anyOf" in schema and not kind:
        return _minimal(schema["anyOf"][0])
    empty = {"string": "", "integer": 0, "number": 0, "boolean": False, "array": [], "null": None}
    if kind == "object":
        return {k: _minimal(schema.get("properties", {}).get(k)) for k in schema.get("required", [])}
    return empty.get(kind)
