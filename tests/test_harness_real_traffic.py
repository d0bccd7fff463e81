"""The harness's adapters read real provider responses: recorded traffic nobody here wrote
(../shared/data/cassettes), parsed by the real SDKs' types, read by our adapters."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pytest_aacl.harness import (
    AnthropicMessages,
    GeminiGenerateContent,
    OpenAIChat,
    OpenAIResponses,
    ToolResult,
)


def _shared() -> Path | None:
    for base in (Path(__file__).resolve().parents[2] / "shared", Path("/work/shared")):
        if (base / "data" / "cassettes").is_dir():
            return base / "data" / "cassettes"
    return None


SHARED = _shared()
pytestmark = pytest.mark.skipif(SHARED is None, reason="shared reference cassettes not present")


def _interactions(name: str) -> list[dict[str, Any]]:
    import yaml

    assert SHARED is not None
    return yaml.safe_load((SHARED / name).read_text(encoding="utf-8"))["interactions"]


def _body(part: dict[str, Any]) -> Any:
    if "parsed_body" in part:
        return part["parsed_body"]
    body = part["body"]
    return json.loads(body["string"] if isinstance(body, dict) else body)


def test_openai_chat() -> None:
    from openai.types.chat import ChatCompletion

    first = _interactions("crewAIInc__crewAI/test_agent_execution_with_tools.yaml")[0]
    turn = OpenAIChat("gpt-4.1-mini")._turn(ChatCompletion.model_validate(_body(first["response"])))
    assert len(turn.calls) == 1 and isinstance(json.loads(turn.calls[0].arguments), dict)
    assert (turn.input_tokens, turn.output_tokens) == (134, 20)


def test_openai_responses() -> None:
    from openai.types.responses import Response

    first = _interactions("pydantic__pydantic-ai/test_openai_responses_model_simple_response_with_tool_call.yaml")[0]
    turn = OpenAIResponses("gpt-4o")._turn(Response.construct(**_body(first["response"])))  # as the SDK parses: leniently
    assert [(c.name, json.loads(c.arguments)) for c in turn.calls] == [("get_capital", {"country": "PotatoLand"})]
    assert turn.calls[0].id.startswith("call_") and (turn.input_tokens, turn.output_tokens) == (40, 18)


def test_anthropic() -> None:
    from anthropic.types import Message

    first = _interactions("crewAIInc__crewAI/test_anthropic_function_calling.yaml")[0]
    turn = AnthropicMessages("claude-sonnet-4-5")._turn(Message.model_validate(_body(first["response"])))
    assert len(turn.calls) == 1 and isinstance(turn.calls[0].arguments, dict)
    assert (turn.input_tokens, turn.output_tokens) == (620, 55)


def test_gemini_and_its_real_error_result_shape() -> None:
    from google.genai import types

    first, second = _interactions("pydantic__pydantic-ai/test_google_model_retry.yaml")[:2]
    adapter = GeminiGenerateContent("gemini-2.5-pro")
    turn = adapter._turn(types.GenerateContentResponse.model_validate(_body(first["response"])))
    assert [(c.name, c.arguments) for c in turn.calls] == [("get_capital", {"country": "France"})]
    assert (turn.input_tokens, turn.output_tokens) == (57, 15 + 124)  # thoughts are billed as output
    # what pydantic-ai sent back for a failed call, against what our adapter sends
    real = _body(second["request"])["contents"][-1]["parts"][0]["functionResponse"]
    state: dict[str, Any] = {"contents": []}
    adapter.reply(state, turn, [ToolResult("x", "get_capital", "The country is not supported.", is_error=True)])
    ours = state["contents"][-1].model_dump(exclude_none=True)["parts"][0]["function_response"]
    assert set(real) - {"id"} == set(ours) == {"name", "response"}
    assert list(real["response"]) == list(ours["response"]) == ["error"]


# -- the retry wire format: what our adapters send back, against what real clients sent back --


def _second_request(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    first, second = _interactions(name)[:2]
    return _body(first["response"]), _body(second["request"])


def test_openai_chat_tool_result_goes_back_as_real_clients_send_it() -> None:
    from openai.types.chat import ChatCompletion

    response, sent = _second_request("crewAIInc__crewAI/test_agent_execution_with_tools.yaml")
    adapter = OpenAIChat("gpt-4.1-mini")
    turn = adapter._turn(ChatCompletion.model_validate(response))
    state: dict[str, Any] = {"messages": []}
    adapter.reply(state, turn, [ToolResult(turn.calls[0].id, turn.calls[0].name, "12")])
    assistant, tool = state["messages"]
    real_assistant = next(m for m in sent["messages"] if m.get("tool_calls"))
    real_tool = next(m for m in sent["messages"] if m["role"] == "tool")
    assert assistant["tool_calls"] == real_assistant["tool_calls"]  # the call goes back byte for byte
    assert tool == real_tool  # {"role": "tool", "tool_call_id": ..., "content": ...}


def test_openai_responses_function_call_output_as_real_clients_send_it() -> None:
    from openai.types.responses import Response

    response, sent = _second_request("pydantic__pydantic-ai/test_openai_responses_model_simple_response_with_tool_call.yaml")
    adapter = OpenAIResponses("gpt-4o")
    turn = adapter._turn(Response.construct(**response))
    state: dict[str, Any] = {"input": []}
    adapter.reply(state, turn, [ToolResult(turn.calls[0].id, turn.calls[0].name, "Potato City")])
    ours_call, ours_output = state["input"]
    real_call, real_output = sent["input"][-2:]
    assert ours_output == real_output  # {"type": "function_call_output", "call_id": ..., "output": ...}
    assert {k: ours_call[k] for k in ("type", "call_id", "name", "arguments")} == \
        {k: real_call[k] for k in ("type", "call_id", "name", "arguments")}


def test_anthropic_tool_result_as_real_clients_send_it_with_the_error_flag() -> None:
    from anthropic.types import Message

    response, sent = _second_request("crewAIInc__crewAI/test_anthropic_function_calling.yaml")
    adapter = AnthropicMessages("claude-sonnet-4-5")
    turn = adapter._turn(Message.model_validate(response))
    state: dict[str, Any] = {"messages": []}
    result = sent["messages"][-1]["content"][0]
    adapter.reply(state, turn, [ToolResult(turn.calls[0].id, turn.calls[0].name, result["content"], is_error=True)])
    assistant, user = state["messages"]
    real_use = next(b for b in sent["messages"][-2]["content"] if b["type"] == "tool_use")
    ours_use = next(b for b in assistant["content"] if b["type"] == "tool_use")
    assert {k: ours_use[k] for k in real_use} == real_use
    assert user["role"] == "user" and user["content"] == [{**result, "is_error": True}]  # the real block, flagged


@pytest.mark.parametrize("name", [
    "pydantic__pydantic-ai/test_openrouter_tool_calling.yaml",
    "pydantic__pydantic-ai/test_tool_choice_matrix[tools_plus_output-groq].yaml",
    "pydantic__pydantic-ai/test_tool_choice_matrix[tools_plus_output-mistral].yaml",
    "pydantic__pydantic-ai/test_openai_tool_output.yaml",
])
def test_openai_compatible_providers_parse(name: str) -> None:
    """openrouter:, groq: and OpenAI-compatible servers share the Chat adapter: their real responses read."""
    from openai._models import construct_type  # how the SDK's client builds a response: leniently
    from openai.types.chat import ChatCompletion

    response = _body(_interactions(name)[0]["response"])
    turn = OpenAIChat("m")._turn(construct_type(type_=ChatCompletion, value=response))
    assert turn.calls and all(isinstance(json.loads(c.arguments), dict) for c in turn.calls)
    usage = response["usage"]
    assert (turn.input_tokens, turn.output_tokens) == (usage["prompt_tokens"], usage["completion_tokens"])
