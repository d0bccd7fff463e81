"""OpenAI adapters on the real `openai` SDK: Chat Completions and the Responses API.

Chat Completions also serves OpenAI-compatible endpoints (OpenRouter, Groq, vLLM, Ollama)
through `base_url`. A correction goes back as the API's tool result: a `role: tool` message
(Chat, which has no error flag, so the correction text says it) or a `function_call_output`
item (Responses).
"""

from __future__ import annotations

from typing import Any

from .._boundary import Tool
from ..serve import openai_tool
from ._clients import check_adapter, check_request_options, sdk_client
from ._records import Task, ToolCall, ToolResult, Turn

__all__ = ["OpenAIChat", "OpenAIResponses"]


_OWN = ("client", "async_client", "base_url", "api_key", "system", "provider")


class _OpenAIBase:
    provider = "openai"
    simulated = False
    _SDK: tuple[str, str, str] = ("openai.resources.chat.completions", "Completions", "create")

    def __init__(self, model: str, *, client: Any = None, async_client: Any = None, base_url: str | None = None,
                 api_key: str | None = None, system: str | None = None, provider: str | None = None,
                 **create: Any) -> None:
        check_adapter(type(self).__name__, model, "gpt-4o-mini", system=system, base_url=base_url, api_key=api_key,
                      provider=provider)
        check_request_options(type(self).__name__, create, self._SDK, _OWN, ("model", "tools", "messages", "input"))
        self.name, self.system, self.create = model, system, create
        self._client, self._async, self._base_url, self._api_key = client, async_client, base_url, api_key
        if provider:
            self.provider = provider

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"

    def _sdk(self, asynchronous: bool) -> Any:
        return sdk_client(self, asynchronous, "openai", ("OpenAI", "AsyncOpenAI"),
                          base_url=self._base_url, api_key=self._api_key)


class OpenAIChat(_OpenAIBase):
    """A model behind the Chat Completions API (`client.chat.completions.create`)."""

    def start(self, task: Task, tools: list[Tool]) -> dict[str, Any]:
        messages = [{"role": "system", "content": self.system}] if self.system else []
        messages.append({"role": "user", "content": task.prompt})
        return {"messages": messages, "tools": [openai_tool(t) for t in tools]}

    def _request(self, state: dict[str, Any]) -> dict[str, Any]:
        return {"model": self.name, "messages": state["messages"], "tools": state["tools"], **self.create}

    def _turn(self, response: Any) -> Turn:
        message = response.choices[0].message
        calls = [ToolCall(c.id, c.function.name, c.function.arguments) for c in message.tool_calls or []]
        usage = response.usage
        return Turn(calls, message.content or "", getattr(usage, "prompt_tokens", 0) or 0,
                    getattr(usage, "completion_tokens", 0) or 0, response.model, message)

    def turn(self, state: dict[str, Any]) -> Turn:
        return self._turn(self._sdk(False).chat.completions.create(**self._request(state)))

    async def aturn(self, state: dict[str, Any]) -> Turn:
        return self._turn(await self._sdk(True).chat.completions.create(**self._request(state)))

    def reply(self, state: dict[str, Any], turn: Turn, results: list[ToolResult]) -> None:
        state["messages"].append({
            "role": "assistant", "content": turn.text or None,
            "tool_calls": [{"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
                           for c in turn.calls],
        })
        for r in results:
            state["messages"].append({"role": "tool", "tool_call_id": r.call_id, "content": r.content})

    # -- structured responses (respond) ----------------------------------------------------

    def complete(self, messages: list[dict[str, Any]], schema: dict[str, Any] | None = None) -> Turn:
        return self._text(self._sdk(False).chat.completions.create(**self._completion(messages, schema)))

    async def acomplete(self, messages: list[dict[str, Any]], schema: dict[str, Any] | None = None) -> Turn:
        return self._text(await self._sdk(True).chat.completions.create(**self._completion(messages, schema)))

    def _completion(self, messages: list[dict[str, Any]], schema: dict[str, Any] | None) -> dict[str, Any]:
        request = {"model": self.name, "messages": messages, **self.create}
        if schema is not None:  # native structured output; the prompt carries the schema too
            request["response_format"] = {"type": "json_schema", "json_schema": {"name": "response", "schema": schema}}
        return request

    def _text(self, response: Any) -> Turn:
        usage = response.usage
        return Turn([], response.choices[0].message.content or "", getattr(usage, "prompt_tokens", 0) or 0,
                    getattr(usage, "completion_tokens", 0) or 0, response.model, response)


class OpenAIResponses(_OpenAIBase):
    """A model behind the Responses API (`client.responses.create`)."""

    _SDK = ("openai.resources.responses", "Responses", "create")

    def start(self, task: Task, tools: list[Tool]) -> dict[str, Any]:
        return {"input": [{"role": "user", "content": task.prompt}],
                "tools": [openai_tool(t, api="responses") for t in tools]}

    def _request(self, state: dict[str, Any]) -> dict[str, Any]:
        extra = {"instructions": self.system} if self.system else {}
        return {"model": self.name, "input": state["input"], "tools": state["tools"], **extra, **self.create}

    def _turn(self, response: Any) -> Turn:
        calls = [ToolCall(item.call_id, item.name, item.arguments) for item in response.output if item.type == "function_call"]
        usage = response.usage
        return Turn(calls, getattr(response, "output_text", "") or "", getattr(usage, "input_tokens", 0) or 0,
                    getattr(usage, "output_tokens", 0) or 0, response.model, response.output)

    def turn(self, state: dict[str, Any]) -> Turn:
        return self._turn(self._sdk(False).responses.create(**self._request(state)))

    async def aturn(self, state: dict[str, Any]) -> Turn:
        return self._turn(await self._sdk(True).responses.create(**self._request(state)))

    def reply(self, state: dict[str, Any], turn: Turn, results: list[ToolResult]) -> None:
        for item in turn.raw or []:  # the model's own output items, reasoning included, go back as sent
            state["input"].append(item.model_dump(exclude_none=True) if hasattr(item, "model_dump") else item)
        for r in results:
            state["input"].append({"type": "function_call_output", "call_id": r.call_id, "output": r.content})

    def complete(self, messages: list[dict[str, Any]], schema: dict[str, Any] | None = None) -> Turn:
        return self._text(self._sdk(False).responses.create(**self._completion(messages, schema)))

    async def acomplete(self, messages: list[dict[str, Any]], schema: dict[str, Any] | None = None) -> Turn:
        return self._text(await self._sdk(True).responses.create(**self._completion(messages, schema)))

    def _completion(self, messages: list[dict[str, Any]], schema: dict[str, Any] | None) -> dict[str, Any]:
        request: dict[str, Any] = {"model": self.name, "input": messages, **self.create}
        if schema is not None:
            request["text"] = {"format": {"type": "json_schema", "name": "response", "schema": schema}}
        return request

    def _text(self, response: Any) -> Turn:
        usage = response.usage
        return Turn([], response.output_text or "", getattr(usage, "input_tokens", 0) or 0,
                    getattr(usage, "output_tokens", 0) or 0, response.model, response)
