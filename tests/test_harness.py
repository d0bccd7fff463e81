"""The self-healing harness offline: the loop, the correction formats, the simulated model,
the validation-retry loop and the metrics. Provider adapters are tested from cassettes in
tests/integration/test_harness_models.py."""

from __future__ import annotations

import asyncio
import json
from typing import Any, Literal

import pytest

from pytest_aacl import CorrectionError, SpecError, boundary
from pytest_aacl.harness import (
    AnthropicMessages,
    GeminiGenerateContent,
    OpenAIChat,
    OpenAIResponses,
    RespondError,
    SimulatedModel,
    Task,
    ToolCall,
    ToolResult,
    Turn,
    aconverge,
    converge,
    format_correction,
    model,
    read_correction,
    respond,
    retry_prompt,
    summarise,
    wilson,
)


@boundary(synonyms={"depth": {"advanced": ["deep"]}})
def search(query: str, max_results: int = 5, depth: Literal["basic", "advanced"] = "basic",
           include_domains: list[str] | None = None) -> dict[str, Any]:
    """Search the web."""
    return {"query": query, "max_results": max_results, "depth": depth, "domains": include_domains}


SEARCH = Task("Find papers on the AACL pattern", tool="search", name="papers",
              intended={"query": "aacl pattern", "max_results": 10, "depth": "advanced",
                        "include_domains": ["arxiv.org", "acm.org"]})


class Scripted:
    """A model that sends the given argument dicts in order (our own Model protocol)."""

    provider = "scripted"

    def __init__(self, *calls: Any, tool: str = "search") -> None:
        self.name, self.calls, self.tool, self.heard = "scripted", list(calls), tool, []

    def start(self, task: Task, tools: list[Any]) -> dict[str, int]:
        return {"turn": 0}

    def turn(self, state: dict[str, int]) -> Turn:
        state["turn"] += 1
        if not self.calls:
            return Turn([], "I give up.")
        sent = self.calls.pop(0)
        name, args = sent if isinstance(sent, tuple) else (self.tool, sent)
        return Turn([ToolCall(f"c{state['turn']}", name, args)], input_tokens=10, output_tokens=5)

    async def aturn(self, state: dict[str, int]) -> Turn:
        return self.turn(state)

    def reply(self, state: dict[str, int], turn: Turn, results: list[ToolResult]) -> None:
        self.heard.extend(results)


def test_a_correction_goes_back_and_the_second_call_converges() -> None:
    bot = Scripted({"query": "q", "max_results": "lots"}, {"query": "q", "max_results": "07"})
    run = converge(bot, [search], Task("q", tool="search"))
    assert run.converged and not run.gave_up and len(run.attempts) == 2
    first, second = run.attempts
    assert (first.outcome, first.codes) == ("corrected", ("TYPE_ERROR",))
    assert bot.heard[0].is_error and "TYPE_ERROR at max_results" in bot.heard[0].content
    assert second.outcome == "ok" and second.normalised == {"query": "q", "max_results": 7}
    assert run.result["max_results"] == 7
    assert (run.input_tokens, run.output_tokens) == (20, 10)


def test_a_different_value_is_told_from_success_and_blamed_only_where_certain() -> None:
    run = converge(Scripted({"query": "q", "depth": "deep"}), [search], Task("q", tool="search", intended={"query": "q", "depth": "advanced"}))
    assert run.converged and not run.silent_corruption and not run.content_error and not run.mismatches
    # the model meant another value in a rendering ("deep" reads as "advanced"): not provably either's fault
    run = converge(Scripted({"query": "q", "depth": "deep"}), [search], Task("q", tool="search", intended={"query": "q", "depth": "basic"}))
    assert run.converged and not run.silent_corruption and not run.content_error
    assert run.mismatches == [{"field": "depth", "sent": "deep", "delivered": "advanced", "intended": "basic", "cause": "unclear"}]


def test_give_up_unknown_tool_and_attempt_budget() -> None:
    run = converge(Scripted(("nope", {}), {"query": "q"}), [search], Task("q", tool="search"))
    assert [a.outcome for a in run.attempts] == ["unknown_tool", "ok"] and run.converged
    run = converge(Scripted({"query": {"a": 1, "b": 2}}), [search], Task("q", tool="search"))
    assert run.gave_up and not run.converged and [a.outcome for a in run.attempts] == ["corrected", "no_call"]
    run = converge(Scripted(*[{"max_results": "x"}] * 9), [search], Task("q", tool="search"), max_attempts=3)
    assert len(run.attempts) == 3 and not run.converged and not run.gave_up


def test_arguments_are_checked_eagerly() -> None:
    with pytest.raises(ValueError, match="correction_format='xml'; pass one of 'lines'"):
        converge(Scripted(), [search], "q", correction_format="xml")
    with pytest.raises(ValueError, match="max_attempts=0; pass a positive integer"):
        converge(Scripted(), [search], "q", max_attempts=0)
    with pytest.raises(ValueError, match="pass a Task whose tool= is one of the tools"):
        converge(Scripted(), [search], Task("q", tool="other"))
    with pytest.raises(ValueError, match="needs a Task with tool= and intended="):
        converge(SimulatedModel(), [search], "q")


def test_async_tools_need_aconverge_and_work_there() -> None:
    @boundary
    async def double(n: int) -> int:
        await asyncio.sleep(0)
        return 2 * n

    with pytest.raises(TypeError, match="aconverge"):
        converge(Scripted({"n": "2"}, tool="double"), [double], Task("x", tool="double"))
    run = asyncio.run(aconverge(Scripted({"n": "two"}, tool="double"), [double], Task("x", tool="double")))
    assert run.converged and run.result == 4


def _error(arguments: dict[str, Any]) -> CorrectionError:
    with pytest.raises(CorrectionError) as caught:
        search.normalise(arguments)
    return caught.value


def test_the_formats_say_the_same_thing_differently() -> None:
    sent = {"query": "q", "max_results": "lots", "depth": "medium"}
    error = _error(sent)
    lines = format_correction(error, sent, "lines")
    assert lines == str(error)
    annotated = format_correction(error, sent, "annotated")
    marked = [line for line in annotated.splitlines() if "❌" in line]
    assert len(marked) == 2 and '"max_results": "lots"' in marked[0] and '"depth": "medium"' in marked[1]
    pydantic = json.loads(format_correction(error, sent, "pydantic").split("\n", 1)[1])
    assert [(e["type"], e["loc"]) for e in pydantic] == [("type_error", ["max_results"]), ("invalid_enum", ["depth"])]
    vague = format_correction(error, sent, "vague")
    assert "max_results" not in vague and "depth" not in vague
    for text in (lines, annotated, format_correction(error, sent, "pydantic")):
        assert read_correction(text) == {"max_results": True, "depth": True}
    assert read_correction(vague) == {}


def test_precise_corrections_converge_faster_than_vague_ones_on_the_simulated_model() -> None:
    def within_one_retry(fmt: str) -> int:
        runs = [converge(SimulatedModel(seed=s, mistake_probability=0.5), [search],
                         Task(SEARCH.prompt, "search", SEARCH.intended, name=f"s{s}"), correction_format=fmt)
                for s in range(60)]
        return sum(1 for r in runs if r.converged and len(r.attempts) <= 2)

    assert within_one_retry("lines") > within_one_retry("vague") + 10


def test_the_simulated_model_is_deterministic_and_says_what_it_is() -> None:
    first = converge(SimulatedModel(seed=4), [search], SEARCH)
    again = converge(SimulatedModel(seed=4), [search], SEARCH)
    assert [a.as_dict() for a in first.attempts] == [a.as_dict() for a in again.attempts]
    assert first.simulated and "not a real model" in repr(SimulatedModel())
    assert summarise([first])["by_model"].keys() == {"simulated (simulated)"}
    never = converge(SimulatedModel(seed=1, mistake_probability=1.0, give_up_probability=1.0), [search], SEARCH)
    assert never.gave_up and not never.converged
    with pytest.raises(ValueError, match="fix_probability=2; pass a probability"):
        SimulatedModel(fix_probability=2)


SCHEMA = {"type": "object", "properties": {"name": {"type": "string"}, "age": {"type": "integer", "minimum": 0}},
          "required": ["name", "age"], "additionalProperties": False}


def test_respond_retries_with_the_three_sections_and_a_focus_line() -> None:
    answer = respond(SimulatedModel(seed=2, mistake_probability=1.0, fix_probability=1.0), "Describe a person.", SCHEMA)
    assert len(answer.attempts) == 2 and answer.attempts[0].error and not answer.attempts[1].error
    assert set(answer.value) == {"name", "age"}
    prompt = retry_prompt("REQ", '{"age": "x"}', [("/age", "'x' is not of type 'integer'")])
    assert prompt.index("ORIGINAL REQUEST:\nREQ") < prompt.index("YOUR RESPONSE:\n") < prompt.index("VALIDATION ERROR:\nat /age:")
    assert prompt.rstrip().splitlines()[-1].startswith("Fix the field /age: 'x' is not of type 'integer'.")


def test_respond_gives_up_after_the_retries_with_everything_attached() -> None:
    with pytest.raises(RespondError) as caught:
        respond(SimulatedModel(mistake_probability=1.0, fix_probability=0.0), "Describe a person.", SCHEMA, max_retries=2)
    error = caught.value
    assert len(error.attempts) == 3 and error.last_error.startswith("at /") and error.last_response.startswith("{")
    with pytest.raises(SpecError, match="not valid JSON Schema"):
        respond(SimulatedModel(), "x", {"type": "nonsense"})
    with pytest.raises(ValueError, match="max_retries"):
        respond(SimulatedModel(), "x", SCHEMA, max_retries=-1)


def test_respond_reads_fenced_json_and_refuses_prose() -> None:
    class Fixed:
        def __init__(self, *texts: str) -> None:
            self.texts, self.schemas = list(texts), []

        def complete(self, messages: list[dict[str, Any]], schema: Any = None) -> Turn:
            self.schemas.append(schema)
            return Turn([], self.texts.pop(0))

    bot = Fixed("Sure! Here it is: {}", 'No JSON today.', '```json\n{"name": "Ada", "age": 36}\n```')
    answer = respond(bot, "Describe Ada.", SCHEMA, native=True)
    assert answer.value == {"name": "Ada", "age": 36}
    assert answer.attempts[0].error.startswith("at /name: MISSING_REQUIRED")  # the object in the prose is read
    assert answer.attempts[1].error.startswith("at /: TYPE_ERROR")  # no object at all: a correction
    assert bot.schemas == [SCHEMA, SCHEMA, SCHEMA]


def test_metrics_and_intervals() -> None:
    low, high = wilson(8, 10)
    assert (round(low, 3), round(high, 3)) == (0.49, 0.943)
    assert wilson(0, 0) == (0.0, 1.0)
    runs = [converge(Scripted({"query": "q", "max_results": "x"}, {"query": "q"}), [search], Task("q", tool="search")),
            converge(Scripted({"query": "q"}), [search], Task("q", tool="search"))]
    summary = summarise(runs)
    assert summary["all"]["first_try_validity"]["count"] == 1
    assert summary["all"]["success_within"] == {
        "1": {"count": 1, "rate": 0.5, "ci95": [round(x, 4) for x in wilson(1, 2)]},
        "2": {"count": 2, "rate": 1.0, "ci95": [round(x, 4) for x in wilson(2, 2)]}}
    assert summary["all"]["mean_attempts_to_success"] == 1.5
    assert set(summary["by_code"]) == {"TYPE_ERROR", "none"}


def test_model_strings_pick_the_adapter() -> None:
    assert isinstance(model("openai:gpt-4o-mini", api_key="placeholder"), OpenAIChat)
    assert isinstance(model("openai-responses:gpt-4o"), OpenAIResponses)
    assert isinstance(model("anthropic:claude-haiku-4-5"), AnthropicMessages)
    assert isinstance(model("gemini:gemini-2.5-flash"), GeminiGenerateContent)
    routed = model("openrouter:mistralai/mistral-small")
    assert routed.provider == "openrouter" and routed.name == "mistralai/mistral-small"
    assert isinstance(model("simulated:3"), SimulatedModel)
    with pytest.raises(ValueError, match="pass 'provider:model'"):
        model("gpt-4o")


def test_options_are_checked_when_the_adapter_is_built() -> None:
    with pytest.raises(ValueError, match=r"^OpenAIChat\(\) got mistake_probability=0.5; pass mistake_probability= only "
                                         r"to the simulated model .*SimulatedModel test double"):
        model("openai:gpt-4o-mini", mistake_probability=0.5)
    with pytest.raises(ValueError, match=r"AnthropicMessages\(\) got fix_probability=1; .*simulated model"):
        AnthropicMessages("claude-haiku-4-5", fix_probability=1)
    with pytest.raises(ValueError, match=r"OpenAIResponses\(\) got temprature=0.2; pass a field of the installed SDK's "
                                         r"Responses.create\(\)"):
        model("openai-responses:gpt-4o", temprature=0.2)
    with pytest.raises(ValueError, match=r"GeminiGenerateContent\(\) got tools=\[\]; pass no tools=: the adapter sets it"):
        GeminiGenerateContent("gemini-2.5-flash", tools=[])
    with pytest.raises(ValueError, match=r"model\(\) got temperature=0.1; pass only SimulatedModel options"):
        model("simulated:1", temperature=0.1)
    assert model("openai:gpt-4o-mini", temperature=0.2).create == {"temperature": 0.2}
    assert model("gemini:gemini-2.5-flash", temperature=0.2).config == {"temperature": 0.2}
    assert model("simulated:2", mistake_probability=0.5).mistake_probability == 0.5
    # a per-call timeout, in seconds, for every provider (an integration run never hangs on one call)
    assert model("anthropic:claude-haiku-4-5", timeout=30).create == {"timeout": 30}
    gemini = model("gemini:gemini-2.5-flash", timeout=2.5)
    assert gemini._config().http_options.timeout == 2500 and gemini.config == {}
    with pytest.raises(ValueError, match=r"OpenAIChat\(\) got timeout=0; pass a positive number of seconds per call"):
        model("openai:gpt-4o-mini", timeout=0)


def test_attempt_arguments_are_json_text_for_every_provider() -> None:
    as_dict = converge(Scripted({"query": "q", "max_results": "lots"}, {"query": "q"}), [search], Task("q", tool="search"))
    as_text = converge(Scripted('{"query": "q", "max_results": "lots"}', '{"query": "q",}'), [search], Task("q", tool="search"))
    assert [a.arguments for a in as_dict.attempts] == ['{"query": "q", "max_results": "lots"}', '{"query": "q"}']
    assert [a.arguments for a in as_text.attempts] == ['{"query": "q", "max_results": "lots"}', '{"query": "q",}']
    assert as_dict.attempts[1].normalised == as_text.attempts[1].normalised == {"query": "q"}


def test_any_fuzz_target_can_be_a_tool_a_fastmcp_server_here() -> None:
    from fastmcp import FastMCP

    server = FastMCP("calc")

    @server.tool
    def plus(a: int, b: int = 1) -> int:
        """Add two integers (FastMCP validates the arguments itself)."""
        return a + b

    bot = Scripted({"a": "lots"}, {"a": 2}, tool="plus")
    run = converge(bot, [server], Task("add 2 and 1", tool="plus", intended={"a": 2}))
    assert [a.outcome for a in run.attempts] == ["corrected", "ok"]
    assert bot.heard[0].is_error and "input_value='lots'" in bot.heard[0].content  # FastMCP's own refusal goes back
    assert run.converged and run.result == {"result": 3}  # the structured content a host sees
    assert run.attempts[1].normalised is None and not run.silent_corruption  # a black box: not judged
