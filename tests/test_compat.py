"""The private parts of other libraries we rely on, pinned: when a release moves them, the
test that fails names the library and the part (see `pytest_aacl/_compat/`)."""

from __future__ import annotations

import asyncio
import inspect
from typing import Any

import pytest

from pytest_aacl._compat.asyncio import mark_coroutine_function
from pytest_aacl._compat.mcp import has_tool_manager, register_tool, sync_tools, tool_manager


def _mcp_server() -> Any:
    mcpserver = pytest.importorskip("mcp.server.mcpserver", reason="the MCP SDK 2.x is an optional extra")
    server = mcpserver.MCPServer("pinned")

    @server.tool()
    def add(a: int, b: int = 1) -> int:
        """Add two integers."""
        return a + b

    return server


def test_mcp_sdk_server_keeps_a_tool_manager_listing_functions() -> None:
    server = _mcp_server()
    assert has_tool_manager(server), "mcp: MCPServer._tool_manager is gone"
    tools = sync_tools(server)
    assert tools is not None, "mcp: ToolManager.list_tools() is no longer synchronous"
    assert [t.name for t in tools] == ["add"] and tools[0].fn(a=2) == 3, "mcp: a listed Tool no longer keeps `fn`"
    assert type(tool_manager(server)).__module__.startswith("mcp.server.mcpserver."), \
        "mcp: the tool manager's module no longer tells the SDK generation"


def test_mcp_sdk_server_lists_a_tool_registered_as_built() -> None:
    server = _mcp_server()
    listed = sync_tools(server)
    assert listed is not None
    register_tool(server, "plus", listed[0].model_copy(update={"name": "plus"}))
    public = asyncio.run(server.list_tools())  # the SDK's public listing sees it
    assert sorted(t.name for t in public) == ["add", "plus"], "mcp: ToolManager._tools no longer holds the tools"


def test_objects_that_are_not_sdk_servers_have_no_tool_manager() -> None:
    assert not has_tool_manager(object()) and sync_tools(object()) is None


def test_a_callable_object_can_be_marked_a_coroutine_function() -> None:
    class Caller:
        async def __call__(self, x: int) -> int:
            return x + 1

    obj = Caller()
    assert not inspect.iscoroutinefunction(obj)
    mark_coroutine_function(obj, Caller.__call__)
    assert inspect.iscoroutinefunction(obj), "asyncio/inspect: the coroutine-function marker no longer works"
    assert asyncio.run(obj(1)) == 2
