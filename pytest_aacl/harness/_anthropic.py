"""The Anthropic Messages adapter on the real `anthropic` SDK.

A correction goes back as a `tool_result` block with `is_error: true`, in the user turn that
follows the assistant's `tool_use`, as the Messages API requires.
"""

from __future__ import annotations

import json
from typing import Any

from .. import _argcheck
from .._boundary import Tool
from ..serve import anthropic_tool
from ._clients import check_adapter, check_request_options, sdk_client
from ._records import Task, ToolCall, ToolResult, Turn

__all__ = ["AnthropicMessages"]


class AnthropicMessages:
    """A model behind the Messages API (`client.messages.create`)."""

    provider = "anthropic"
    simulated = False

    def __init__(self, model: str, *, client: Any = None, async_client: Any = None, api_key: str | None = None,
                 base_url: str | None = None, system: str | None = None, max_tokens: int = 1024, **create: Any) -> None:
        check_adapter("AnthropicMessages", model, "claude-haiku-4-5", system=system, base_url=base_url, api_key=api_key)
        _argcheck.whole("AnthropicMessages", "max_tokens", max_tokens, minimum=1, example="max_tokens=1024")
        check_request_options("AnthropicMessages", create, ("anthropic.resources.messages", "Messages", "create"),
                              ("client", "async_client", "api_key", "base_url", "system", "max_tokens"),
                              ("model", "messages", "tools", "tool_choice"))
        self.name, self.system, self.max_tokens, self.create = model, system, max_tokens, create
        self._client, self._async, self._api_key, self._base_url = client, async_client, api_key, base_url

    def __repr__(self) -> str:
        return f"AnthropicMessages({self.name!r})"

    def _sdk(self, asynchronous: bool) -> Any:
        return sdk_client(self, asynchronous, "anthropic", ("Anthropic", "AsyncAnthropic"),
                          api_key=self._api_key, base_url=self._base_url)

    def start(self, task: Task, tools: list[Tool]) -> dict[str, Any]:
        return {"messages": [{"role": "user", "content": task.prompt}], "tools": [anthropic_tool(t) for t in tools]}

    def _request(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None, system: str | None) -> dict[str, Any]:
        request: dict[str, Any] = {"model": self.name, "max_tokens": self.max_tokens, "messages": messages, **self.create}
        if tools:
            request["tools"] = tools
        if system:
            request["system"] = system
        return request

    def _turn(self, message: Any) -> Turn:
        calls = [ToolCall(b.id, b.name, b.input) for b in message.content if b.type == "tool_use"]
        text = "".join(b.text for b in message.content if b.type == "text")
        usage = message.usage
        tokens_in = (usage.input_tokens or 0) + (getattr(usage, "cache_read_input_tokens", 0) or 0) + (
            getattr(usage, "cache_creation_input_tokens", 0) or 0)
        return Turn(calls, text, tokens_in, usage.output_tokens or 0, message.model, message.content)

    def turn(self, state: dict[str, Any]) -> Turn:
        return self._turn(self._sdk(False).messages.create(**self._request(state["messages"], state["tools"], self.system)))

    async def aturn(self, state: dict[str, Any]) -> Turn:
        return self._turn(await self._sdk(True).messages.create(**self._request(state["messages"], state["tools"], self.system)))

    def reply(self, state: dict[str, Any], turn: Turn, results: list[ToolResult]) -> None:
        blocks = [b.model_dump(exclude_none=True) if hasattr(b, "model_dump") else b for b in turn.raw or []]
        state["messages"].append({"role": "assistant", "content": blocks})
        state["messages"].append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": r.call_id, "content": r.content, "is_error": r.is_error}
            for r in results]})

    # -- structured responses (respond) -------------------------------------------------------
    # Native mode is tool-forcing: the schema is the input schema of one tool the model must
    # call (tool_choice), so its answer is the tool_use input. The Messages API takes only an
    # object as a tool's input, so any other schema stays in prompt mode (the prompt always
    # carries the schema).

    def _respond(self, messages: list[dict[str, Any]], schema: dict[str, Any] | None) -> dict[str, Any]:
        request = self._request(messages, None, self.system)
        if schema is not None and schema.get("type") == "object":
            request["tools"] = [{"name": _RESPOND, "description": "Send your response, as the JSON Schema describes it.",
                                 "input_schema": schema}]
            request["tool_choice"] = {"type": "tool", "name": _RESPOND}
        return request

    def complete(self, messages: list[dict[str, Any]], schema: dict[str, Any] | None = None) -> Turn:
        return self._text(self._sdk(False).messages.create(**self._respond(messages, schema)))

    async def acomplete(self, messages: list[dict[str, Any]], schema: dict[str, Any] | None = None) -> Turn:
        return self._text(await self._sdk(True).messages.create(**self._respond(messages, schema)))

    def _text(self, message: Any) -> Turn:
        turn = self._turn(message)
        forced = next((c for c in turn.calls if c.name == _RESPOND), None)
        if forced is not None:  # tool-forcing: the answer is the tool's input
            turn.text = json.dumps(forced.arguments, ensure_ascii=False) if not isinstance(forced.arguments, str) else forced.arguments
        turn.calls = []
        return turn


_RESPOND = "respond"
