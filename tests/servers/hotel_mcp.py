"""A tiny MCP server for the target tests: `python hotel_mcp.py` (stdio) or `... http PORT`.

Built on the MCP SDK's high-level `MCPServer`, like the official reference servers.  Its
tools have the behaviours a fuzzer must survive: a hang, a flood of stderr, an exit.
"""

from __future__ import annotations

import os
import sys
import time

from mcp.server.mcpserver import MCPServer

server = MCPServer("hotel")


@server.tool()
def reserve(city: str, nights: int) -> str:
    """Reserve a room for some nights."""
    if nights < 1:
        raise ValueError(f"INVALID_NIGHTS: expected at least 1 night; received {nights}")
    return f"{nights} nights in {city}"


@server.tool()
def linger(seconds: float) -> str:
    """Wait, then answer (a hang when seconds is large)."""
    time.sleep(seconds)
    return "done"


@server.tool()
def chatter(lines: int) -> int:
    """Write lines to stderr, then answer: a server that logs a lot."""
    for _ in range(lines):
        print("chatter " * 20, file=sys.stderr)
    return lines


@server.tool()
def pid() -> int:
    """The server's process id (so a test can see the server is gone after close)."""
    return os.getpid()


if __name__ == "__main__":
    if sys.argv[1:2] == ["http"]:
        server.run("streamable-http", host="127.0.0.1", port=int(sys.argv[2]))
    else:
        server.run()
