"""One classifier decides what kind of tool an object is, for the spec layer and the fuzz targets alike."""

from __future__ import annotations

from typing import Any

import pytest

from pytest_aacl import as_spec, boundary
from pytest_aacl._kinds import classify
from pytest_aacl._targets import load, resolve

fastmcp = pytest.importorskip("fastmcp")
mcpserver = pytest.importorskip("mcp.server.mcpserver")
lowlevel = pytest.importorskip("mcp.server.lowlevel")
tools = pytest.importorskip("langchain_core.tools")


class MyServer(fastmcp.FastMCP):  # type: ignore[misc]
    """Defined in user code: its class's module is not fastmcp's."""


def add(a: int, b: int) -> int:
    """Add."""
    return a + b


def plain(a: int) -> int:
    """Never registered with a server (FastMCP 3+ marks the functions it registers)."""
    return a


@tools.tool
def lc_add(a: int, b: int) -> int:
    """Add."""
    return a + b


def _server(cls: Any) -> Any:
    server = cls("calc")
    server.tool(add) if cls is not mcpserver.MCPServer else server.tool()(add)
    return server


@pytest.mark.parametrize(
    ("make", "kind"),
    [
        (lambda: _server(fastmcp.FastMCP), "fastmcp_server"),
        (lambda: _server(MyServer), "fastmcp_server"),
        (lambda: _server(mcpserver.MCPServer), "mcp_server"),
        (lambda: lowlevel.Server("calc"), "mcp_lowlevel_server"),
        (lambda: lc_add, "langchain"),
        (lambda: boundary(add), "boundary_tool"),
        (lambda: {"name": "add", "input_schema": {"type": "object"}}, "dict"),
        (lambda: plain, "function"),
        (lambda: MyServer, "class"),
        (lambda: load("stdio:mcp-server-time"), "mcp_endpoint"),
        (lambda: 3, "unknown"),
    ],
)
def test_classify(make: Any, kind: str) -> None:
    assert classify(make()) == kind


@pytest.mark.parametrize("cls", [fastmcp.FastMCP, MyServer, mcpserver.MCPServer])
def test_spec_layer_and_targets_agree_on_servers(cls: Any) -> None:
    # before: a FastMCP subclass was a server to as_spec and "not a tool" to the fuzzer
    server = _server(cls)
    spec = as_spec(server, name="add")
    [target] = resolve(server)
    target.close()
    assert target.name == spec.name == "add"
    assert target.spec.parameters["properties"] == spec.parameters["properties"]
