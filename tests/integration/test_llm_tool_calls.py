"""This repository's own integration tests: real SDK clients, replayed from ``cassettes/``.

They run only with ``-m integration`` and replay ``cassettes/test_llm_tool_calls/*.yaml``
(synthetic recordings in each provider's wire format; see ``cassettes/README.md``).  Each
asserts what a user relies on: the SDK parses the replayed tool call (streamed or not),
and the plugin logs the usage and the cost for the response model.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import anthropic
import openai
import pytest

pytestmark = pytest.mark.integration

# Not a key: cassettes replay without one and the scrubber removes whatever is sent.
PLACEHOLDER_KEY = "placeholder"
WEATHER_OPENAI = [{
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Current weather for a city.",
        "parameters": {
            "type": "object",
            "properties": {"city": {"type": "string"}, "unit": {"enum": ["celsius", "fahrenheit"]}},
            "required": ["city"],
            "additionalProperties": False,
        },
    },
}]
WEATHER_ANTHROPIC = [{
    "name": "get_weather",
    "description": "Current weather for a city.",
    "input_schema": WEATHER_OPENAI[0]["function"]["parameters"],
}]
QUESTION = [{"role": "user", "content": "What is the weather in Paris, in celsius?"}]


def _price(model: str, field: str) -> Decimal:
    from pytest_aacl._integration._prices import PriceTable

    found = PriceTable.load().lookup(model, "openai" if model.startswith("gpt") else "anthropic")
    assert found is not None, model
    return Decimal(str(found[1][field]))


def _openai() -> openai.OpenAI:
    return openai.OpenAI(api_key=PLACEHOLDER_KEY, max_retries=0)


def _anthropic() -> anthropic.Anthropic:
    return anthropic.Anthropic(api_key=PLACEHOLDER_KEY, max_retries=0)


def test_openai_chat_tool_call(aacl_usage: Any) -> None:
    response = _openai().chat.completions.create(
        model="gpt-4o-mini", messages=QUESTION, tools=WEATHER_OPENAI
    )
    call = response.choices[0].message.tool_calls[0]
    assert call.function.name == "get_weather"
    assert json.loads(call.function.arguments) == {"city": "Paris", "unit": "celsius"}

    totals = aacl_usage.totals()
    assert totals["calls"] == 1
    assert (totals["input_tokens"], totals["output_tokens"]) == (78, 19)
    assert totals["models"] == ["gpt-4o-mini-2024-07-18"]  # priced by the dated response model
    model = "gpt-4o-mini-2024-07-18"
    assert totals["cost"] == 78 * _price(model, "input_cost_per_token") + 19 * _price(
        model, "output_cost_per_token")


def test_openai_chat_streaming_tool_call(aacl_usage: Any) -> None:
    stream = _openai().chat.completions.create(
        model="gpt-4o-mini", messages=QUESTION, tools=WEATHER_OPENAI,
        stream=True, stream_options={"include_usage": True},
    )
    fragments: list[str] = []
    name = None
    usage = None
    for chunk in stream:
        for choice in chunk.choices:
            for delta in choice.delta.tool_calls or []:
                name = delta.function.name or name
                fragments.append(delta.function.arguments or "")
        usage = chunk.usage or usage
    assert name == "get_weather"
    assert len(fragments) > 3  # really streamed in pieces
    assert json.loads("".join(fragments)) == {"city": "Paris", "unit": "celsius"}
    assert usage is not None and usage.prompt_tokens == 78

    totals = aacl_usage.totals()  # from the final chunk only, never summed over chunks
    assert (totals["calls"], totals["input_tokens"], totals["output_tokens"]) == (1, 78, 19)


def test_anthropic_tool_use(aacl_usage: Any) -> None:
    message = _anthropic().messages.create(
        model="claude-haiku-4-5", max_tokens=256, messages=QUESTION, tools=WEATHER_ANTHROPIC
    )
    block = next(b for b in message.content if b.type == "tool_use")
    assert (block.name, block.input) == ("get_weather", {"city": "Paris", "unit": "celsius"})

    totals = aacl_usage.totals()
    assert (totals["input_tokens"], totals["output_tokens"]) == (571, 58)
    assert totals["models"] == ["claude-haiku-4-5-20251001"]


def test_anthropic_streaming_tool_use(aacl_usage: Any) -> None:
    with _anthropic().messages.stream(
        model="claude-haiku-4-5", max_tokens=256, messages=QUESTION, tools=WEATHER_ANTHROPIC
    ) as stream:
        message = stream.get_final_message()
    block = next(b for b in message.content if b.type == "tool_use")
    assert (block.name, block.input) == ("get_weather", {"city": "Paris", "unit": "celsius"})
    assert message.usage.output_tokens == 61  # message_delta is cumulative

    totals = aacl_usage.totals()
    # 40 uncached + 531 read from the prompt cache: cache reads are added to input.
    assert (totals["input_tokens"], totals["output_tokens"], totals["cached_tokens"]) == (571, 61, 531)
    model = "claude-haiku-4-5-20251001"
    assert totals["cost"] == (
        40 * _price(model, "input_cost_per_token")
        + 531 * _price(model, "cache_read_input_token_cost")
        + 61 * _price(model, "output_cost_per_token")
    )
