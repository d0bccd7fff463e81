"""The MCP Python SDK's high-level server, where its public API stops.

`MCPServer` (mcp 2.x) and `FastMCP` (mcp 1.x) keep their tools in a private tool manager.
Two things need it: listing the tools *with their Python functions* (the public
`list_tools()` returns schemas only, and the boundary sits in front of the function), and
registering a tool object built elsewhere (the public `add_tool(fn)` derives the schema
from `fn`'s signature, while a served boundary Tool must advertise its own strict schema).
Supported: mcp 1.10 to 2.x (pinned by tests/test_compat.py).
"""

from __future__ import annotations

import inspect
from typing import Any

__all__ = ["has_tool_manager", "register_tool", "sync_tools", "tool_manager"]


def has_tool_manager(server: Any) -> bool:
    """The SDK's high-level server (the only MCP object holding a tool manager)."""
    return getattr(server, "_tool_manager", None) is not None


def tool_manager(server: Any) -> Any:
    """The tool manager; its class's module tells 1.x (`...fastmcp`) from 2.x (`...mcpserver`)."""
    return getattr(server, "_tool_manager", None)


def sync_tools(server: Any) -> list[Any] | None:
    """The server's tool objects (each keeps its `fn`), or None when it has no synchronous listing."""
    manager = tool_manager(server)
    if manager is None or not callable(getattr(manager, "list_tools", None)) \
            or inspect.iscoroutinefunction(manager.list_tools):
        return None
    return list(manager.list_tools())


def register_tool(server: Any, name: str, tool: Any) -> None:
    """Add an SDK `Tool` object as built (its schema as given), replacing any of that name."""
    tool_manager(server)._tools[name] = tool
