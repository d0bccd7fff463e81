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
