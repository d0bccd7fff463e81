"""Provider, MCP and LangChain importers, and `as_spec` dispatch, against the real libraries."""

from __future__ import annotations

import asyncio
import datetime as dt
import subprocess
import sys

import jsonschema
import pytest
from pydantic import BaseModel, Field

from pytest_aacl import (
    SpecError,
    ToolSpec,
    as_spec,
    from_function,
    from_langchain,
    from_mcp,
    from_openai,
    specs_from_mcp_server,
    specs_from_mcp_server_async,
)

PARAMS = {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"],
          "additionalProperties": False}


def _impl(q: str) -> str:
    return q


@pytest.mark.parametrize(
    ("tool", "source"),
    [
        ({"type": "function", "function": {"name": "search", "description": "Find.", "parameters": PARAMS}}, "openai"),
        ({"name": "search", "description": "Find.", "parameters": PARAMS}, "openai"),
        ({"type": "function", "name": "search", "description": "Find.", "parameters": PARAMS, "strict": True}, "openai"),
        ({"name": "search", "description": "Find.", "input_schema": PARAMS}, "anthropic"),
    ],
)
def test_every_provider_shape_gives_the_same_spec(tool: dict, source: str) -> None:
    spec = from_openai(tool, implementation=_impl)
    assert (spec.name, spec.description, spec.source, spec.implementation) == ("search", "Find.", source, _impl)
    assert spec.parameters == {"$schema": "https://json-schema.org/draft/2020-12/schema", **PARAMS}
    assert as_spec(tool).parameters == spec.parameters
    assert from_openai(spec.openai_tool()).parameters == spec.parameters  # round trip


def test_provider_edge_cases() -> None:
    assert from_openai({"type": "function", "function": {"name": "ping"}}).parameters["properties"] == {}
    assert from_openai({"type": "function", "name": "p", "parameters": PARAMS, "strict": True}).extra == {"strict": True}
    with pytest.raises(SpecError, match="only function tools") as info:
        from_openai({"type": "web_search"})
    assert info.value.pointer == "/type"
    with pytest.raises(SpecError) as info:
        from_openai({"type": "function", "function": {"name": "s", "parameters": {
            "type": "object", "properties": {"n": {"type": "int"}}}}})
    assert info.value.pointer == "/function/parameters/properties/n/type"
    with pytest.raises(SpecError, match='"name"'):
        from_openai({"type": "function", "function": {"parameters": PARAMS}})


def test_real_openai_and_anthropic_sdk_declarations_import() -> None:
    import openai

    class Lookup(BaseModel):
        city: str = Field(description="City name")
        day: dt.date

    declared = openai.pydantic_function_tool(Lookup, name="lookup")
    spec = from_openai(declared)
    assert spec.name == "lookup" and spec.extra == {"strict": True}
    assert spec.parameters["properties"]["day"]["format"] == "date"
    jsonschema.Draft202012Validator.check_schema(spec.parameters)


# -- MCP -------------------------------------------------------------------------------------


def _fastmcp_server():  # type: ignore[no-untyped-def]
    from fastmcp import FastMCP

    server = FastMCP("demo")

    @server.tool
    def add(a: int, when: dt.date | None = None) -> int:
        """Add one."""
        return a + 1

    @server.tool
    async def echo(text: str) -> str:
        """Echo text."""
        return text

    return server, add


def test_fastmcp_server_tools_keep_schema_and_function() -> None:
    server, add = _fastmcp_server()
    specs = {s.name: s for s in specs_from_mcp_server(server)}
    assert set(specs) == {"add", "echo"}
    spec = specs["add"]
    assert spec.source == "mcp" and spec.description == "Add one."
    assert spec.parameters["required"] == ["a"] and spec.parameters["properties"]["a"] == {"type": "integer"}
    assert spec.implementation is add and spec.implementation(a=1) == 2
    assert spec.to_python({"a": 1, "when": "2025-01-02"}) == {"a": 1, "when": dt.date(2025, 1, 2)}
    assert spec.extra["mcp_server"] is server
    assert asyncio.run(specs["echo"].implementation(text="hi")) == "hi"
    assert from_mcp(add).parameters == spec.parameters  # the decorated function alone
    assert from_mcp(server, name="echo").name == "echo"
    with pytest.raises(SpecError, match="add, echo"):
        from_mcp(server)
    assert as_spec(add).source == "mcp"


def test_fastmcp_server_listing_inside_a_running_loop_needs_the_async_variant() -> None:
    server, _ = _fastmcp_server()

    async def inside() -> list[ToolSpec]:
        with pytest.raises(RuntimeError, match="specs_from_mcp_server_async"):
            specs_from_mcp_server(server)
        return await specs_from_mcp_server_async(server)

    assert sorted(s.name for s in asyncio.run(inside())) == ["add", "echo"]


def test_mcp_sdk_server_and_protocol_tool() -> None:
    import mcp.types
    from mcp.server.mcpserver import MCPServer

    server = MCPServer("sdk")

    @server.tool()
    def mul(a: int, b: int = 2) -> int:
        """Multiply."""
        return a * b

    (spec,) = specs_from_mcp_server(server)
    assert (spec.name, spec.description) == ("mul", "Multiply.")
    assert spec.implementation(a=3) == 6
    assert spec.parameters["properties"]["b"]["default"] == 2
    listed = asyncio.run(server.list_tools())[0]  # what a client sees: a protocol Tool
    protocol = from_mcp(listed)
    assert protocol.implementation is None and protocol.parameters["required"] == ["a"]
    bare = mcp.types.Tool(name="t", inputSchema={"type": "object", "properties": {"x": {"type": "string"}}})
    assert as_spec(bare).parameters["properties"] == {"x": {"type": "string"}}


# -- LangChain ------------------------------------------------------------------------------


def test_langchain_tool_decorator_structured_tool_and_basetool() -> None:
    from langchain_core.tools import BaseTool, StructuredTool, tool

    @tool(parse_docstring=True)
    def search(query: str, since: dt.date | None = None, limit: int = 5) -> str:
        """Search the archive.

        Args:
            query: What to look for.
            since: Oldest date.
            limit: How many.
        """
        return f"{query}:{since!r}:{limit}"

    spec = from_langchain(search)
    assert (spec.name, spec.description, spec.source) == ("search", "Search the archive.", "langchain")
    assert spec.parameters["properties"]["query"]["description"] == "What to look for."
    assert spec.parameters["required"] == ["query"]
    assert spec.implementation(**spec.to_python({"query": "q", "since": "2025-01-01"})) == \
        "q:datetime.date(2025, 1, 1):5"

    structured = StructuredTool.from_function(func=_impl, name="ident", description="Identity.")
    assert as_spec(structured).implementation is _impl

    class Args(BaseModel):
        city: str = Field(description="City")

    class Weather(BaseTool):
        name: str = "weather"
        description: str = "Weather for a city."
        args_schema: type[BaseModel] = Args

        def _run(self, city: str) -> str:
            return f"sunny in {city}"

    spec = as_spec(Weather())
    assert spec.source == "langchain" and spec.parameters["properties"]["city"]["description"] == "City"
    assert spec.implementation(city="Oslo") == "sunny in Oslo"


# -- as_spec --------------------------------------------------------------------------------


def test_as_spec_dispatch_and_overrides() -> None:
    def find(q: str) -> str:
        """Find things."""
        return q

    spec = from_function(find)
    assert as_spec(spec) is spec

    class Holder:  # what a boundary Tool looks like to the spec layer
        def __init__(self) -> None:
            self.spec = spec

    assert as_spec(Holder()) is spec
    assert as_spec(find).name == "find"
    renamed = as_spec(find, name="lookup", description="Look up.", implementation=_impl)
    assert (renamed.name, renamed.description, renamed.implementation) == ("lookup", "Look up.", _impl)
    assert as_spec(PARAMS, name="s").source == "schema"
    for bad in (42, "search", object(), ToolSpec):
        with pytest.raises(SpecError, match="Accepted: a ToolSpec"):
            as_spec(bad)


def test_the_spec_layer_and_from_function_import_no_heavy_library() -> None:
    code = (
        "import sys, datetime\n"
        "from pytest_aacl import from_function\n"  # as a user imports it: the package root included
        "def f(q: str, when: datetime.date, n: list[int] | None = None) -> None: ...\n"
        "from_function(f).to_python({'q': 'x', 'when': '2025-01-01'})\n"
        "heavy = {'pytest', 'hypothesis', 'jsonschema', 'pydantic', 'mcp', 'fastmcp', 'langchain_core', 'asyncio'}\n"
        "print(sorted(heavy & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
