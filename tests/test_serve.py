"""Serving a boundary tool: through real FastMCP / MCP SDK clients and real LangChain tools.

docs/how-to/serve-a-tool.md's examples run as tests too (tests/test_docs.py); these cover what the page
does not show: the advertised schema, async implementations, nested models, bad arguments.
"""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any, Literal

import pytest

from pytest_aacl import SpecError, boundary
from pytest_aacl.serve import (
    add_to_mcp_server,
    advertised_schema,
    anthropic_tool,
    call_mcp,
    fastmcp_middleware,
    mcp_tool,
    openai_tool,
    to_fastmcp,
    to_langchain,
)


@boundary(synonyms={"depth": {"advanced": ["deep"]}}, date_order="DMY")
def search(query: str, max_results: int = 5, depth: Literal["basic", "advanced"] = "basic") -> dict[str, Any]:
    """Search the web."""
    return {"query": query, "max_results": max_results, "depth": depth}


@dataclasses.dataclass
class Address:
    city: str
    zip_code: str


@boundary
async def ship(to: Address, parcels: int) -> dict[str, Any]:
    """Ship parcels (async, nested model)."""
    await asyncio.sleep(0)
    return {"city": to.city, "parcels": parcels}


def _run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_the_advertised_schema_is_strict_and_free_of_boundary_keywords() -> None:
    schema = advertised_schema(search)
    assert "x-aacl" not in repr(schema)
    assert schema["properties"]["max_results"] == {"type": "integer", "default": 5}
    assert "x-aacl-synonyms" in repr(search.spec.parameters)  # the boundary itself keeps them


def test_provider_dicts_round_trip_through_boundary() -> None:
    for declared in (openai_tool(search), openai_tool(search, api="responses"), anthropic_tool(search)):
        again = boundary(lambda **kw: kw, schema=declared)
        assert again.name == "search"
        assert again.spec.description == "Search the web."
        assert again(query="x", max_results="07") == {"query": "x", "max_results": 7}


def test_openai_tool_refuses_an_unknown_api() -> None:
    with pytest.raises(ValueError, match='api="chat" \\(Chat Completions\\) or api="responses"'):
        openai_tool(search, api="assistants")


def test_a_function_is_refused_with_what_to_pass() -> None:
    with pytest.raises(TypeError, match=r"boundary\(fn\)"):
        openai_tool(lambda: None)  # type: ignore[arg-type]


def test_boundary_names_from_a_tool_dict_can_be_overridden() -> None:
    tool = boundary(lambda **kw: kw, schema=openai_tool(search), name="find", description="Find.")
    assert (tool.name, tool.spec.description) == ("find", "Find.")


async def _fastmcp_call(server: Any, name: str, arguments: dict[str, Any]) -> Any:
    from fastmcp import Client

    async with Client(server) as client:
        listed = {t.name: t for t in await client.list_tools()}
        result = await client.call_tool(name, arguments, raise_on_error=False)
        return listed, result


def test_fastmcp_lists_the_strict_schema_and_reads_loose_values() -> None:
    from fastmcp import FastMCP

    server = FastMCP("t")
    server.add_tool(to_fastmcp(search))
    listed, result = _run(_fastmcp_call(server, "search", {"query": "q", "max_results": "1,000", "depth": "DEEP"}))
    assert listed["search"].input_schema == advertised_schema(search)
    assert not result.is_error
    assert result.structured_content == {"query": "q", "max_results": 1000, "depth": "advanced"}


def test_fastmcp_async_tool_with_a_nested_model() -> None:
    from fastmcp import FastMCP

    server = FastMCP("t")
    server.add_tool(to_fastmcp(ship))
    listed, result = _run(_fastmcp_call(server, "ship", {"to": '{"city": "Oslo", "zip_code": "0150"}', "parcels": "2"}))
    assert listed["ship"].input_schema["properties"]["to"]["required"] == ["city", "zip_code"]
    assert result.structured_content == {"city": "Oslo", "parcels": 2}
    _, bad = _run(_fastmcp_call(server, "ship", {"to": {"city": "Oslo"}, "parcels": 2}))
    assert bad.is_error and "to.zip_code" in bad.content[0].text


def test_middleware_corrects_and_leaves_other_tools_alone() -> None:
    from fastmcp import FastMCP

    server = FastMCP("t")

    @server.tool
    def count(n: int, strict: bool = False) -> str:
        return f"{n}:{strict}"

    server.add_tool(to_fastmcp(search))  # already behind a boundary: not normalised twice
    server.add_middleware(fastmcp_middleware(synonyms={"count": {}}))
    _, ok = _run(_fastmcp_call(server, "count", {"n": " 12 ", "strict": "Yes"}))
    assert ok.content[0].text == "12:True"
    _, bad = _run(_fastmcp_call(server, "count", {"n": "12.5"}))
    assert bad.is_error and "TYPE_ERROR at n" in bad.content[0].text
    _, other = _run(_fastmcp_call(server, "search", {"query": "q", "depth": "deep"}))
    assert other.structured_content["depth"] == "advanced"


def test_middleware_options_are_checked_when_it_is_made() -> None:
    with pytest.raises(SpecError, match="date_order"):
        fastmcp_middleware(date_order="DDMM")


def test_mcp_sdk_server_runs_async_tools_and_refuses_other_servers() -> None:
    from mcp.client import Client
    from mcp.server.mcpserver import MCPServer

    server = MCPServer("t")
    add_to_mcp_server(server, ship)

    async def go() -> Any:
        async with Client(server) as client:
            listed = (await client.list_tools()).tools
            return listed, await client.call_tool("ship", {"to": {"city": "Oslo", "zip_code": "0150"}, "parcels": "three"})

    listed, result = _run(go())
    assert listed[0].input_schema == advertised_schema(ship)
    assert not result.is_error
    assert result.structured_content == {"city": "Oslo", "parcels": 3}
    with pytest.raises(SpecError, match="to_fastmcp"):
        add_to_mcp_server(object(), ship)


def test_low_level_results() -> None:
    from mcp import types

    assert mcp_tool(search).input_schema == advertised_schema(search)
    ok = _run(call_mcp(search, {"query": "q", "max_results": "3"}))
    assert isinstance(ok, types.CallToolResult) and not ok.is_error
    assert ok.structured_content == {"query": "q", "max_results": 3, "depth": "basic"}
    bad = _run(call_mcp(search, {"query": "q", "max_results": "few"}))
    assert bad.is_error and "TYPE_ERROR at max_results" in bad.content[0].text


def test_langchain_tool_sync_async_and_schema() -> None:
    tool = to_langchain(search)
    assert tool.name == "search" and tool.description == "Search the web."
    assert set(tool.args) == {"query", "max_results", "depth"}
    assert tool.invoke({"query": "q", "depth": "deep"})["depth"] == "advanced"
    assert _run(tool.ainvoke({"query": "q", "max_results": "4"}))["max_results"] == 4
    shipped = to_langchain(ship)
    assert _run(shipped.ainvoke({"to": {"city": "Oslo", "zip_code": "0150"}, "parcels": "2"})) == {"city": "Oslo", "parcels": 2}
    message = tool.invoke({"type": "tool_call", "id": "c1", "name": "search", "args": {"query": "q", "max_results": []}})
    assert message.status == "error" and "max_results" in message.content
