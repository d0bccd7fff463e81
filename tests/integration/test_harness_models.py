"""The harness's model adapters on the real SDKs, replayed from ``cassettes/test_harness_models/``.

Synthetic recordings in each provider's exact wire format (``cassettes/build_harness.py``):
the model's first call sends ``days="the next three"``, the boundary corrects it, the
correction goes back as that provider's error tool result, and the second call is right.
Replay matches request bodies, so a test passes only if the adapter sent exactly the
recorded conversation, error result included. Usage and cost flow into the plugin's report.
"""

from __future__ import annotations

import asyncio
import json
from decimal import Decimal
from typing import Any

import pytest

from pytest_aacl import boundary
from pytest_aacl.harness import (
    AnthropicMessages,
    GeminiGenerateContent,
    OpenAIChat,
    OpenAIResponses,
    Task,
    aconverge,
    arespond,
    converge,
    respond,
)

pytestmark = pytest.mark.integration

# Not a key: cassettes replay without one and the scrubber removes whatever is sent.
PLACEHOLDER_KEY = "placeholder"
TASK = Task("What is the weather in Paris for the next three days?", tool="get_weather",
            intended={"city": "Paris", "days": 3}, name="paris")
PERSON = {"type": "object", "properties": {"name": {"type": "string"}, "born": {"type": "integer"}},
          "required": ["name", "born"], "additionalProperties": False}


@boundary
def get_weather(city: str, days: int = 1) -> dict[str, Any]:
    """Forecast for a city."""
    return {"city": city, "days": days, "forecast": ["sun"] * days}


def _recorded_bodies(request: pytest.FixtureRequest) -> list[dict[str, Any]]:
    """The request bodies of this test's cassette (pytest-recording's `vcr` fixture), in order."""
    cassette = request.getfixturevalue("vcr")
    return [json.loads(r.body) for r in cassette.requests]


def _check_run(run: Any, usage: Any, tokens: list[tuple[int, int]]) -> None:
    assert run.converged and not run.silent_corruption
    assert [a.outcome for a in run.attempts] == ["corrected", "ok"]
    assert run.attempts[0].codes == ("TYPE_ERROR",) and "days" in run.attempts[0].correction
    assert run.attempts[1].normalised == {"city": "Paris", "days": 3}
    assert run.result["forecast"] == ["sun", "sun", "sun"]
    assert [(a.input_tokens, a.output_tokens) for a in run.attempts] == tokens
    totals = usage.totals()
    assert totals["calls"] == 2
    assert (totals["input_tokens"], totals["output_tokens"]) == tuple(map(sum, zip(*tokens, strict=True)))
    assert Decimal(run.cost) == totals["cost"]  # the harness prices exactly what the plugin logs


@pytest.mark.aacl_matrix(model="openai:gpt-4o-mini", feature="converge")
def test_openai_chat_converges(aacl_usage: Any, aacl_provenance: Any, request: pytest.FixtureRequest) -> None:
    # the replayed test knows its evidence: a synthetic cassette, and what made it
    assert aacl_provenance["kind"] == "synthetic" and aacl_provenance["script"] == "cassettes/build_harness.py"
    run = converge(OpenAIChat("gpt-4o-mini", api_key=PLACEHOLDER_KEY), [get_weather], TASK)
    _check_run(run, aacl_usage, [(96, 21), (171, 18)])
    second = _recorded_bodies(request)[1]["messages"]
    assert second[-1]["role"] == "tool" and second[-1]["content"].startswith("Invalid arguments for get_weather")
    assert second[-2]["tool_calls"][0]["function"]["arguments"] == '{"city":"Paris","days":"the next three"}'


@pytest.mark.aacl_matrix(model="openai-responses:gpt-4o", feature="converge")
def test_openai_responses_converges(aacl_usage: Any, request: pytest.FixtureRequest) -> None:
    run = converge(OpenAIResponses("gpt-4o", api_key=PLACEHOLDER_KEY), [get_weather], TASK)
    _check_run(run, aacl_usage, [(84, 20), (152, 17)])
    items = _recorded_bodies(request)[1]["input"]
    assert items[-2]["type"] == "function_call" and items[-1]["type"] == "function_call_output"
    assert items[-1]["call_id"] == items[-2]["call_id"] and "TYPE_ERROR at days" in items[-1]["output"]


@pytest.mark.aacl_matrix(model="anthropic:claude-haiku-4-5", feature="converge")
def test_anthropic_converges(aacl_usage: Any, request: pytest.FixtureRequest) -> None:
    run = converge(AnthropicMessages("claude-haiku-4-5", api_key=PLACEHOLDER_KEY), [get_weather], TASK)
    _check_run(run, aacl_usage, [(612, 61), (741, 58)])
    result = _recorded_bodies(request)[1]["messages"][-1]
    assert result["role"] == "user"
    block = result["content"][0]
    assert (block["type"], block["is_error"]) == ("tool_result", True) and block["tool_use_id"].startswith("toolu_")


@pytest.mark.aacl_matrix(model="gemini:gemini-2.5-flash", feature="converge")
def test_gemini_converges(aacl_usage: Any, request: pytest.FixtureRequest) -> None:
    run = converge(GeminiGenerateContent("gemini-2.5-flash", api_key=PLACEHOLDER_KEY), [get_weather], TASK)
    _check_run(run, aacl_usage, [(57, 55), (109, 38)])  # thoughts are billed as output
    response = _recorded_bodies(request)[1]["contents"][-1]["parts"][0]["functionResponse"]
    assert response["name"] == "get_weather" and "TYPE_ERROR at days" in response["response"]["error"]


@pytest.mark.aacl_matrix(model="anthropic:claude-haiku-4-5", feature="converge")
def test_anthropic_async_converges_with_annotated_corrections(aacl_usage: Any, request: pytest.FixtureRequest) -> None:
    adapter = AnthropicMessages("claude-haiku-4-5", api_key=PLACEHOLDER_KEY)
    run = asyncio.run(aconverge(adapter, [get_weather], TASK, correction_format="annotated"))
    _check_run(run, aacl_usage, [(612, 61), (741, 58)])
    sent = _recorded_bodies(request)[1]["messages"][-1]["content"][0]["content"]
    assert '"days": "the next three"  // ❌ TYPE_ERROR: expected an integer' in sent


def _cell(model: str) -> pytest.MarkDecorator:
    return pytest.mark.aacl_matrix(model=model, feature="respond")


@pytest.mark.parametrize("adapter", [
    pytest.param(lambda: OpenAIChat("gpt-4o-mini", api_key=PLACEHOLDER_KEY), id="openai_chat", marks=_cell("openai:gpt-4o-mini")),
    pytest.param(lambda: OpenAIResponses("gpt-4o", api_key=PLACEHOLDER_KEY), id="openai_responses",
                 marks=_cell("openai-responses:gpt-4o")),
    pytest.param(lambda: AnthropicMessages("claude-haiku-4-5", api_key=PLACEHOLDER_KEY), id="anthropic",
                 marks=_cell("anthropic:claude-haiku-4-5")),
    pytest.param(lambda: GeminiGenerateContent("gemini-2.5-flash", api_key=PLACEHOLDER_KEY), id="gemini",
                 marks=_cell("gemini:gemini-2.5-flash")),
])
def test_respond_retries_once(adapter: Any, aacl_usage: Any, request: pytest.FixtureRequest) -> None:
    answer = respond(adapter(), "Who wrote the first published algorithm? Give her name and birth year.", PERSON)
    assert answer.value == {"name": "Ada Lovelace", "born": 1815}
    assert len(answer.attempts) == 2
    assert answer.attempts[0].error == "at /born: MISSING_REQUIRED: expected an integer; received nothing. Add born; it is required."
    retry = json.dumps(_recorded_bodies(request)[1])
    for section in ("ORIGINAL REQUEST:", "YOUR RESPONSE:", "VALIDATION ERROR:", "Fix the field /born: MISSING_REQUIRED"):
        assert section in retry
    assert aacl_usage.totals()["calls"] == 2
    assert [a.outcome for a in answer.run.attempts] == ["corrected", "ok"] and answer.run.kind == "respond"
    assert Decimal(answer.run.cost) == aacl_usage.totals()["cost"]  # priced as the plugin logs it


@pytest.mark.aacl_matrix(model="anthropic:claude-haiku-4-5", feature="respond")
def test_anthropic_respond_native_forces_the_tool(aacl_usage: Any, request: pytest.FixtureRequest) -> None:
    adapter = AnthropicMessages("claude-haiku-4-5", api_key=PLACEHOLDER_KEY)
    answer = respond(adapter, "Who wrote the first published algorithm? Give her name and birth year.", PERSON, native=True)
    assert answer.value == {"name": "Ada Lovelace", "born": 1815} and len(answer.attempts) == 2
    first, second = _recorded_bodies(request)
    for body in (first, second):  # tool-forcing: the schema is the one tool's input schema, and it must be called
        assert body["tool_choice"] == {"type": "tool", "name": "respond"}
        assert body["tools"][0]["input_schema"] == PERSON
    assert "Fix the field /born" in second["messages"][-1]["content"]


@pytest.mark.aacl_matrix(model="openai:gpt-4o-mini", feature="respond")
def test_respond_async(aacl_usage: Any) -> None:
    answer = asyncio.run(arespond(OpenAIChat("gpt-4o-mini", api_key=PLACEHOLDER_KEY),
                                  "Who wrote the first published algorithm? Give her name and birth year.", PERSON))
    assert answer.value["born"] == 1815 and len(answer.attempts) == 2
