"""The Gemini `generateContent` adapter on the real `google-genai` SDK.

A correction goes back as a `functionResponse` part whose response is `{"error": text}`
(Gemini's convention for a failed call; a result is `{"result": ...}`), in a user turn.
"""

from __future__ import annotations

import json
from typing import Any

from .._boundary import Tool
from ..serve import advertised_schema
from ._clients import check_adapter, check_request_options
from ._records import Task, ToolCall, ToolResult, Turn

__all__ = ["GeminiGenerateContent"]


def _types() -> Any:
    try:
        from google.genai import types
    except ImportError:
        raise ImportError("this adapter needs the google-genai package: pip install google-genai") from None
    return types


class GeminiGenerateContent:
    """A model behind Gemini's `generateContent` (`client.models.generate_content`)."""

    provider = "gemini"
    simulated = False

    def __init__(self, model: str, *, client: Any = None, api_key: str | None = None, base_url: str | None = None,
                 system: str | None = None, **config: Any) -> None:
        check_adapter("GeminiGenerateContent", model, "gemini-2.5-flash", system=system, base_url=base_url,
                      api_key=api_key)
        check_request_options("GeminiGenerateContent", config, ("google.genai.types", "GenerateContentConfig", ""),
                              ("client", "api_key", "base_url", "system"),
                              ("tools", "system_instruction", "response_json_schema", "response_mime_type"))
        self.timeout = config.pop("timeout", None)  # seconds per call; Gemini's HttpOptions take milliseconds
        self.name, self.system, self.config = model, system, config
        self._client, self._api_key, self._base_url = client, api_key, base_url

    def __repr__(self) -> str:
        return f"GeminiGenerateContent({self.name!r})"

    def _sdk(self) -> Any:
        if self._client is None:
            _types()
            from google import genai

            options = genai.types.HttpOptions(base_url=self._base_url) if self._base_url else None
            self._client = genai.Client(api_key=self._api_key, http_options=options)
        return self._client

    def start(self, task: Task, tools: list[Tool]) -> dict[str, Any]:
        types = _types()
        declarations = [types.FunctionDeclaration(name=t.spec.name, description=t.spec.description,
                                                  parameters_json_schema=advertised_schema(t)) for t in tools]
        contents = [types.Content(role="user", parts=[types.Part(text=task.prompt)])]
        return {"contents": contents, "tools": [types.Tool(function_declarations=declarations)]}

    def _config(self, tools: Any = None, schema: dict[str, Any] | None = None) -> Any:
        types = _types()
        extra: dict[str, Any] = {"system_instruction": self.system} if self.system else {}
        if tools:
            extra["tools"] = tools
        if schema is not None:
            extra.update(response_mime_type="application/json", response_json_schema=schema)
        if self.timeout is not None:
            extra["http_options"] = types.HttpOptions(timeout=max(1, int(self.timeout * 1000)))
        return types.GenerateContentConfig(**extra, **self.config)

    def _turn(self, response: Any) -> Turn:
        calls = [ToolCall(c.id or f"call_{i}", c.name or "", dict(c.args or {})) for i, c in enumerate(response.function_calls or [])]
        usage = response.usage_metadata
        tokens_out = (getattr(usage, "candidates_token_count", 0) or 0) + (getattr(usage, "thoughts_token_count", 0) or 0)
        content = response.candidates[0].content if response.candidates else None
        text = "".join(p.text for p in (content.parts or []) if getattr(p, "text", None)) if content else ""
        return Turn(calls, text, getattr(usage, "prompt_token_count", 0) or 0, tokens_out,
                    getattr(response, "model_version", None) or self.name, content)

    def turn(self, state: dict[str, Any]) -> Turn:
        response = self._sdk().models.generate_content(model=self.name, contents=state["contents"], config=self._config(state["tools"]))
        return self._turn(response)

    async def aturn(self, state: dict[str, Any]) -> Turn:
        response = await self._sdk().aio.models.generate_content(model=self.name, contents=state["contents"], config=self._config(state["tools"]))
        return self._turn(response)

    def reply(self, state: dict[str, Any], turn: Turn, results: list[ToolResult]) -> None:
        types = _types()
        if turn.raw is not None:
            state["contents"].append(turn.raw)
        parts = []
        for r in results:
            try:
                value = json.loads(r.content)
            except ValueError:
                value = r.content
            parts.append(types.Part.from_function_response(name=r.name, response={"error": r.content} if r.is_error else {"result": value}))
        state["contents"].append(types.Content(role="user", parts=parts))

    def complete(self, messages: list[dict[str, Any]], schema: dict[str, Any] | None = None) -> Turn:
        response = self._sdk().models.generate_content(model=self.name, contents=self._contents(messages), config=self._config(schema=schema))
        return self._turn(response)

    async def acomplete(self, messages: list[dict[str, Any]], schema: dict[str, Any] | None = None) -> Turn:
        response = await self._sdk().aio.models.generate_content(model=self.name, contents=self._contents(messages), config=self._config(schema=schema))
        return self._turn(response)

    @staticmethod
    def _contents(messages: list[dict[str, Any]]) -> list[Any]:
        types = _types()
        role = {"assistant": "model", "user": "user"}
        return [types.Content(role=role.get(m["role"], "user"), parts=[types.Part(text=str(m["content"]))]) for m in messages]
