"""A stdio MCP server whose tool answers unknown keys with a JSON-RPC error (-32603), not an
`isError` result, and notes each start-up in the file named by AACL_TEST_STARTS: a client
must keep its session over error answers (trial 8: a new server per error, 30 running)."""

from __future__ import annotations

import os

from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError

with open(os.environ["AACL_TEST_STARTS"], "a", encoding="utf-8") as starts:
    starts.write("start\n")

server = MCPServer("lookup")


@server.tool()
def lookup(key: str) -> str:
    """Look up a key."""
    if key != "known":
        raise MCPError(-32603, f"Internal error: no such key {key!r}")
    return "value"


if __name__ == "__main__":
    server.run()
