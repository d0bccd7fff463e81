"""Every target kind becomes one thing to call plus a spy on what reaches its implementation."""

from __future__ import annotations

import sys
import threading
import time
from typing import Any

import pytest

from pytest_aacl import CorrectionError, boundary
from pytest_aacl._targets import Target, TargetError, load, resolve

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"city": {"type": "string"}, "nights": {"type": "integer", "minimum": 1}},
    "required": ["city", "nights"],
    "additionalProperties": False,
}
BOOKED: list[dict[str, Any]] = []


def book_backend(city: str, nights: int) -> str:
    BOOKED.append({"city": city, "nights": nights})  # a real side effect the spy must prevent
    return f"booked {nights} nights in {city}"


def book(city: Any, nights: Any) -> str:
    """Hand-written interface: int() and nothing else."""
    return book_backend(city, int(nights))


def this() -> Any:
    return sys.modules[__name__]


def one(target: Any, **kw: Any) -> Target:
    [t] = resolve(target, **kw)
    return t


# -- hand-written functions --------------------------------------------------------------------


@pytest.mark.parametrize("implementation", [f"{__name__}:book_backend", (this(), "book_backend")])
def test_handwritten_spy_records_and_is_removed_after_the_run(implementation: Any) -> None:
    BOOKED.clear()
    t = one(book, schema=SCHEMA, implementation=implementation)
    with t.session():
        call = t.call({"city": "Oslo", "nights": " 3"})
        rejected = t.call({"city": "Oslo", "nights": "three"})
    assert call.outcome == "returned" and call.received == [{"city": "Oslo", "nights": 3}]
    assert rejected.outcome == "rejected" and not rejected.received and "three" in rejected.message
    assert BOOKED == []  # the spy returned a stub instead of booking
    assert this().book_backend is not t.spy and book("Oslo", 1) == "booked 1 nights in Oslo"


def test_schema_defaults_to_the_implementations_type_hints() -> None:
    t = one(book, implementation=(this(), "book_backend"))
    assert t.spec.parameters["properties"]["nights"]["type"] == "integer"
    assert t.name == "book"


@pytest.mark.parametrize(
    ("target", "kwargs", "message"),
    [
        (book, {"schema": SCHEMA}, "needs implementation='module:attr'"),
        (book, {"schema": SCHEMA, "implementation": "nocolon"}, "must look like 'module:attr'"),
        (book, {"schema": SCHEMA, "implementation": (this(), "missing")}, "has no attribute 'missing'"),
        (book, {"schema": SCHEMA, "implementation": 42}, "must name what the interface calls"),
        (3, {}, "'int' is not a tool"),
        ({"type": "function", "function": {"name": "f", "parameters": SCHEMA}}, {}, "needs implementation="),
        (boundary(book_backend, schema=SCHEMA), {"schema": SCHEMA}, "carries its own schema and implementation"),
        # before: a non-callable implementation was silently replaced by the spy and fuzzed
        (book, {"schema": SCHEMA, "implementation": (this(), "SCHEMA")}, "is a dict, not a function"),
    ],
)
def test_unusable_targets_get_one_clear_error(target: Any, kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(TargetError, match=message.replace("(", r"\(").replace("'", "'")):
        resolve(target, **kwargs)


@pytest.mark.parametrize(
    ("reference", "message"),
    [
        ("no_colon", "must look like 'module:object'"),
        ("no_such_module_xyz:f", "cannot import module 'no_such_module_xyz'"),
        (f"{__name__}:nothing_here", "has no attribute 'nothing_here'"),
    ],
)
def test_load_names_what_is_missing(reference: str, message: str) -> None:
    with pytest.raises(TargetError, match=message):
        load(reference)
    assert load(f"{__name__}:SCHEMA") is SCHEMA


# -- time bound ---------------------------------------------------------------------------------


def test_a_hang_becomes_a_timeout_and_costs_one_parked_thread() -> None:
    release = threading.Event()

    def slow(city: Any, nights: Any) -> str:
        if nights == "hang":
            release.wait(10)
        return book_backend(city, int(nights))

    t = one(slow, schema=SCHEMA, implementation=(this(), "book_backend"), timeout=0.2)
    before = threading.active_count()
    with t.session():
        start = time.perf_counter()
        hung = t.call({"city": "a", "nights": "hang"})
        elapsed = time.perf_counter() - start
        after = t.call({"city": "a", "nights": 2})
    t.close()
    release.set()
    assert hung.outcome == "timeout" and 0.2 <= elapsed < 2
    assert after.outcome == "returned" and after.received == [{"city": "a", "nights": 2}]
    assert threading.active_count() <= before + 2  # the parked one and (until closed) the new one


def test_escaped_exceptions_keep_their_type_and_message() -> None:
    def broken(city: Any, nights: Any) -> str:
        return city.upper() + str(nights)

    t = one(broken, schema=SCHEMA, implementation=(this(), "book_backend"))
    call = t.call({"city": 5, "nights": 1})
    assert call.outcome == "escaped" and isinstance(call.error, AttributeError)
    assert "upper" in call.message


# -- boundary tools, sync and async -----------------------------------------------------------


def test_boundary_tool_is_observed_through_the_real_call_path() -> None:
    @boundary
    def nights(city: str, nights: int) -> str:
        raise AssertionError("the spy replaces the implementation")

    t = one(nights)
    ok = t.call({"city": "Rome", "nights": "05"})
    bad = t.call({"city": "Rome", "nights": "five and a half"})
    assert ok.outcome == "returned" and ok.received == [{"city": "Rome", "nights": 5}]
    assert bad.outcome == "rejected" and isinstance(bad.error, CorrectionError)


def test_async_boundary_tool() -> None:
    @boundary
    async def fetch(city: str, nights: int) -> str:
        return city

    call = one(fetch).call({"city": "Rome", "nights": "2"})
    assert call.outcome == "returned" and call.received == [{"city": "Rome", "nights": 2}]


# -- OpenAI tool spec with its implementation --------------------------------------------------


def test_openai_spec_dispatches_like_a_tool_loop() -> None:
    spec = {"type": "function", "function": {"name": "book", "description": "Book.", "parameters": SCHEMA}}

    def validating(city: str, nights: int) -> str:
        if not isinstance(nights, int):
            raise ValueError(f"TYPE_ERROR at nights: expected an integer; received {nights!r}")
        return "ok"

    t = one(spec, implementation=validating)
    assert t.name == "book"
    raw = t.call({"city": "a", "nights": "2"})
    assert raw.outcome == "rejected" and raw.received == []  # it refused, so nothing was accepted
    assert t.call({"city": "a", "nights": 2}).received == [{"city": "a", "nights": 2}]


# -- FastMCP, the MCP SDK and LangChain (the real libraries) -----------------------------------


def test_fastmcp_server_corrections_are_is_error_results() -> None:
    fastmcp = pytest.importorskip("fastmcp")
    server = fastmcp.FastMCP("hotel")
    calls: list[int] = []

    @server.tool
    def reserve(city: str, nights: int) -> str:
        """Reserve a room."""
        calls.append(nights)
        return "done"

    t = one(server)
    assert t.name == "reserve" and t.spec.parameters["properties"]["nights"]["type"] == "integer"
    with t.session():
        ok = t.call({"city": "Oslo", "nights": "3"})
        bad = t.call({"city": "Oslo", "nights": "three"})
    t.close()
    assert ok.outcome == "returned" and ok.received == [{"city": "Oslo", "nights": 3}]
    assert bad.outcome == "rejected" and "nights" in bad.message and not bad.received
    assert calls == []  # the real tool never ran


def test_mcp_sdk_server() -> None:
    mcpserver = pytest.importorskip("mcp.server.mcpserver")
    server = mcpserver.MCPServer("hotel")

    @server.tool()
    def reserve(city: str, nights: int) -> dict[str, int]:
        """Reserve a room."""
        return {"nights": nights}

    t = one(server)
    with t.session():
        ok = t.call({"city": "Oslo", "nights": 2})
        bad = t.call({"city": "Oslo"})
    t.close()
    assert ok.outcome == "returned" and ok.received == [{"city": "Oslo", "nights": 2}]
    assert bad.outcome == "rejected" and "nights" in bad.message


def test_langchain_tool() -> None:
    tools = pytest.importorskip("langchain_core.tools")
    calls: list[int] = []

    @tools.tool
    def reserve(city: str, nights: int) -> str:
        """Reserve a room."""
        calls.append(nights)
        return "done"

    t = one(reserve)
    ok = t.call({"city": "Oslo", "nights": "4"})
    bad = t.call({"city": "Oslo", "nights": "four"})
    assert ok.outcome == "returned" and ok.received == [{"city": "Oslo", "nights": 4}]
    assert bad.outcome == "rejected" and "nights" in bad.message
    assert calls == []


def test_langchain_tool_gets_model_json_not_hostile_python_objects() -> None:
    # before: an object whose __str__ raises crashed LangChain's own error path, reported by
    # `total` as a defect of a correct tool (flaky: only when adversarial() drew it)
    tools = pytest.importorskip("langchain_core.tools")
    from pytest_aacl.strategies._adversarial import Hostile

    @tools.tool
    def reserve(city: str, nights: int) -> str:
        """Reserve a room."""
        return "done"

    t = one(reserve)
    hostile = t.call({"city": Hostile(), "nights": 2})
    tupled = t.call({"city": "Oslo", "nights": 2, "extra": (1, 2)})
    t.close()
    assert hostile.outcome == "rejected" and hostile.received == []
    assert tupled.outcome == "returned" and tupled.received == [{"city": "Oslo", "nights": 2}]


def test_a_fastmcp_tool_function_points_at_its_server() -> None:
    # FastMCP 3+ `@mcp.tool` returns the function itself; before, the error asked for implementation=
    fastmcp = pytest.importorskip("fastmcp")
    server = fastmcp.FastMCP("t")

    @server.tool
    def add(a: int, b: int) -> int:
        return a + b

    with pytest.raises(TargetError, match="is a FastMCP tool function; pass its FastMCP server"):
        resolve(add)
