"""Stand-ins for the MCP SDK shared by the tenth split's layers (ours, not vendored): the types a
server builds its answers from, keeping what they are given; the mcp 1.x low-level `Server`,
keeping the handlers its decorators register; and the SDK's dispatch of a `tools/call` request
on such a server.  Never mutated: a layer imports them, and only the layer's own source is."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import jsonschema

__all__ = ["CallToolResult", "Server", "TextContent", "Tool", "call_tool_request"]


@dataclass
class Tool:
    """Stands in for `mcp.types.Tool` (mcp 1.x)."""

    name: str
    description: str = ""
    inputSchema: dict[str, Any] = field(default_factory=dict)


@dataclass
class TextContent:
    """Stands in for `mcp.types.TextContent`."""

    type: str
    text: str


@dataclass
class CallToolResult:
    """Stands in for `mcp.types.CallToolResult`."""

    content: list[Any] = field(default_factory=list)
    isError: bool = False


class Server:
    """Stands in for the MCP SDK's low-level `Server` (mcp 1.x): keeps its name and the handlers
    `@server.list_tools()` and `@server.call_tool()` register."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.handlers: dict[str, Any] = {}

    def list_tools(self) -> Callable[[Any], Any]:
        return lambda func: self.handlers.setdefault("list_tools", func)

    def call_tool(self) -> Callable[[Any], Any]:
        return lambda func: self.handlers.setdefault("call_tool", func)


def _error(text: str) -> CallToolResult:
    return CallToolResult([TextContent(type="text", text=text)], isError=True)


def call_tool_request(tools: Iterable[Any], handler: Callable[[str, dict[str, Any]], Any], name: str,
                      arguments: dict[str, Any]) -> CallToolResult:
    """The mcp 1.x SDK's dispatch of a `tools/call` request: the arguments checked by
    `jsonschema` against the `inputSchema` the tool list gives for the tool ("Input validation
    error: ..."), then the handler, its exceptions answered as error results."""
    schema = next(t.inputSchema for t in tools if t.name == name)
    try:
        jsonschema.validate(instance=arguments, schema=schema)
    except jsonschema.ValidationError as e:
        return _error(f"Input validation error: {e.message}")
    try:
        return CallToolResult(list(handler(name, arguments)))
    except Exception as e:
        return _error(str(e))
