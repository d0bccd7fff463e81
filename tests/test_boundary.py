"""The `boundary` / `Tool` API as a user and an agent loop rely on it."""

from __future__ import annotations

import asyncio
import dataclasses
import enum
import inspect
import json
import subprocess
import sys
from typing import Annotated, Any, Literal

import pytest
from annotated_types import Ge, Le

from pytest_aacl import BoundaryInvariantError, CorrectionError, SpecError, Tool, boundary


class Depth(enum.Enum):
    BASIC = "basic"
    ADVANCED = "advanced"


calls: list[dict[str, Any]] = []


@boundary(synonyms={"search_depth": {"advanced": ["deep"]}})
def search_web(
    query: str,
    max_results: Annotated[int, Ge(1), Le(20)] = 5,
    search_depth: Literal["basic", "advanced"] = "basic",
    include_domains: list[str] | None = None,
    safe_search: bool = True,
) -> dict[str, Any]:
    """Search the web."""
    kwargs = dict(query=query, max_results=max_results, search_depth=search_depth, include_domains=include_domains, safe_search=safe_search)
    calls.append(kwargs)
    return kwargs


def test_decorated_tool_normalises_messy_calls() -> None:
    result = search_web(query="pytest", max_results="05", search_depth="Deep", include_domains="a.com, b.com", safe_search="yes")
    assert result == {"query": "pytest", "max_results": 5, "search_depth": "advanced", "include_domains": ["a.com", "b.com"], "safe_search": True}


def test_synonyms_reach_nested_enum_fields_by_dotted_path() -> None:
    schema = {
        "type": "object",
        "properties": {"filters": {"$ref": "#/$defs/F"}},
        "$defs": {"F": {"type": "object", "properties": {"lang": {"enum": ["en", "fr"]}}}},
    }
    tool = boundary(lambda **kw: kw, schema=schema, name="t", synonyms={"filters.lang": {"en": ["english"]}})
    assert tool.normalise({"filters": {"lang": "English"}}) == {"filters": {"lang": "en"}}
    assert "x-aacl-synonyms" not in schema["$defs"]["F"]["properties"]["lang"]  # the caller's schema is untouched


def test_tool_attributes_are_functools_style() -> None:
    assert isinstance(search_web, Tool)
    assert search_web.name == search_web.__name__ == "search_web"
    assert search_web.__doc__ == "Search the web."
    assert search_web.__wrapped__ is search_web.implementation
    assert search_web.spec.name == "search_web"
    assert search_web.spec.parameters["properties"]["search_depth"]["x-aacl-synonyms"] == {"advanced": ["deep"]}


def test_a_correction_never_calls_the_implementation_and_lists_every_problem() -> None:
    calls.clear()
    with pytest.raises(CorrectionError) as info:
        search_web(query=None, max_results="1,000", search_depth="deep-ish", safe_search="ture", colour="red")
    assert calls == []
    assert set(info.value.codes) == {"MISSING_REQUIRED", "OUT_OF_RANGE", "INVALID_ENUM", "TYPE_ERROR", "UNEXPECTED_FIELD"}
    assert len(str(info.value)) <= 1000


def test_normalise_returns_exactly_what_the_implementation_receives_without_calling_it() -> None:
    calls.clear()
    args = {"query": "q", "max_results": "3"}
    assert search_web.normalise(args) == {"query": "q", "max_results": 3}
    assert args == {"query": "q", "max_results": "3"}
    assert calls == []


def test_canonical_arguments_are_returned_as_the_same_object() -> None:
    args = {"query": "q", "max_results": 3, "include_domains": ["a.com"]}
    assert search_web.normalise_json(args) is args


def test_invoke_takes_model_json_and_returns_a_structured_correction() -> None:
    assert search_web.invoke('{"query": "q", "safe_search": "off"}')["safe_search"] is False
    result = search_web.invoke({"query": "q", "search_depth": "expert"})
    assert result["error"] == "INVALID_ARGUMENTS" and result["tool"] == "search_web"
    assert result["corrections"][0]["code"] == "INVALID_ENUM"
    json.dumps(result)  # an agent loop sends it back as the tool result
    assert search_web.invoke("not json")["corrections"][0]["code"] == "TYPE_ERROR"
    assert search_web.invoke("```json\n{\"query\": \"q\"}\n```")["query"] == "q"


def test_schema_declared_tools_receive_canonical_json() -> None:
    def impl(**kwargs: Any) -> dict[str, Any]:
        """Look up a city."""
        return kwargs

    tool = boundary(impl, schema={"type": "object", "properties": {"zip": {"type": "string"}, "day": {"type": "string", "format": "date"}}, "required": ["zip"]})
    assert tool.name == "impl" and tool.spec.description == "Look up a city."
    assert tool(zip=94102, day="3 April 2025") == {"zip": "94102", "day": "2025-04-03"}


def test_typed_implementations_receive_python_objects() -> None:
    @boundary(name="lookup", description="Find things.")
    def lookup(depth: Depth, ids: set[int], pair: tuple[int, str]) -> tuple[Any, ...]:
        return depth, ids, pair

    assert lookup.name == "lookup" and lookup.spec.description == "Find things."
    assert lookup(depth="ADVANCED", ids="1, 2", pair='[3, "x"]') == (Depth.ADVANCED, {1, 2}, (3, "x"))


def test_async_implementations_give_async_tools() -> None:
    @boundary
    async def fetch(n: int) -> int:
        return n * 2

    assert inspect.iscoroutinefunction(fetch) and asyncio.iscoroutinefunction(fetch)
    assert list(inspect.signature(fetch).parameters) == ["n"]
    assert not inspect.iscoroutinefunction(search_web)
    assert asyncio.run(fetch(n="two")) == 4
    assert asyncio.run(fetch.invoke({"n": "x"}))["corrections"][0]["code"] == "TYPE_ERROR"
    with pytest.raises(CorrectionError):
        asyncio.run(fetch(n="x"))


def test_with_implementation_shares_the_boundary() -> None:
    seen: list[dict[str, Any]] = []
    spy = search_web.with_implementation(lambda **kw: seen.append(kw))
    spy(query="q", max_results="7")
    assert seen == [{"query": "q", "max_results": 7}]
    assert spy.spec is search_web.spec


@dataclasses.dataclass
class Window:
    start: int
    end: int

    def __post_init__(self) -> None:
        if self.end < self.start:
            raise ValueError("end must not be before start")


def test_the_implementations_own_type_checks_become_a_correction() -> None:
    @boundary
    def plot(window: Window) -> int:
        return window.end - window.start

    assert plot(window='{"start": "1", "end": 3}') == 2
    result = plot.invoke({"window": {"start": 5, "end": 1}})
    assert result["corrections"][0]["code"] == "INVALID_VALUE"
    assert "end must not be before start" in result["corrections"][0]["hint"]


def test_bad_declarations_fail_at_decoration_time() -> None:
    with pytest.raises(SpecError, match="lambda"):
        boundary(lambda **kw: kw, schema={"type": "object"})
    with pytest.raises(SpecError):
        boundary(42)  # type: ignore[call-overload]


def test_debug_mode_flags_a_boundary_that_produces_invalid_values() -> None:
    tool = boundary(lambda **kw: kw, schema={"type": "object", "properties": {"d": {"type": "string", "format": "date"}}}, name="t", debug=True)
    assert tool.normalise({"d": "3 April 2025"}) == {"d": "2025-04-03"}
    broken = tool.with_implementation(lambda **kw: kw)
    broken._run = lambda args: {"d": "not a date"}  # simulate a normaliser bug
    with pytest.raises(BoundaryInvariantError, match="schema rejects"):
        broken.normalise({"d": "x"})


def test_a_boundary_bug_is_a_correction_in_production_and_loud_in_debug() -> None:
    def bug(value: Any, path: str, errs: list[Any]) -> Any:
        raise KeyError("bug")

    quiet = boundary(lambda **kw: kw, schema={"type": "object"}, name="t")
    loud = boundary(lambda **kw: kw, schema={"type": "object"}, name="t", debug=True)
    quiet._plan._fn = loud._plan._fn = bug
    assert quiet.invoke({"a": 1})["corrections"][0]["code"] == "TYPE_ERROR"
    with pytest.raises(KeyError):
        loud.normalise({"a": 1})


def test_runtime_imports_neither_pytest_nor_hypothesis() -> None:
    code = (
        "import sys\n"
        "from pytest_aacl import boundary\n"  # as a user imports it: the package root included
        "t = boundary(lambda **kw: kw, schema={'type': 'object'}, name='t')\n"
        "t.normalise({'a': 1})\n"
        "print(sorted(m for m in ('pytest', 'hypothesis', '_pytest') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
