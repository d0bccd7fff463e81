"""Token usage from a recorded (or live) response, for every provider format we replay.

The rules come from real recorded traffic (see ``docs``/README): take the **last** usage
object of a stream (never the max, never a sum); Anthropic ``message_delta`` usage is
cumulative and overrides ``message_start``; Anthropic cache writes / reads are added to
input; Gemini ``thoughtsTokenCount`` is billed as output but not inside
``candidatesTokenCount``; Groq repeats ``usage`` inside ``x_groq`` (count it once);
OpenRouter reports the charged ``cost`` itself.  Price by the *response* model.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from decimal import Decimal
from typing import Any
from urllib.parse import unquote, urlsplit

from ._decode import UndecodableBody, decode, encodings

_HOSTS = {
    "api.openai.com": "openai",
    "api.anthropic.com": "anthropic",
    "generativelanguage.googleapis.com": "gemini",
    "api.groq.com": "groq",
    "api.mistral.ai": "mistral",
    "openrouter.ai": "openrouter",
}


@dataclass(frozen=True)
class Usage:
    """Tokens of one response.  ``input`` includes cached and cache-write tokens; ``output``
    includes reasoning / thinking tokens, so ``input + output`` is what was billed."""

    provider: str
    model: str | None
    input_tokens: int
    output_tokens: int
    cached_tokens: int = 0
    cache_write_tokens: int = 0
    reasoning_tokens: int = 0
    reported_cost: Decimal | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "provider": self.provider,
            "model": self.model,
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "cached_tokens": self.cached_tokens,
            "cache_write_tokens": self.cache_write_tokens,
            "reasoning_tokens": self.reasoning_tokens,
            "reported_cost": None if self.reported_cost is None else str(self.reported_cost),
        }


def provider_for(uri: str) -> str:
    host = (urlsplit(uri).hostname or "").lower()
    if host in _HOSTS:
        return _HOSTS[host]
    if host.startswith("bedrock-runtime.") and host.endswith(".amazonaws.com"):
        return "bedrock"
    if host.endswith(".openai.azure.com"):
        return "azure"
    return "unknown"


def events(text: str) -> list[dict[str, Any]]:
    """JSON objects of a body: one object, a JSON array stream, or SSE ``data:`` events."""
    stripped = text.strip()
    if stripped[:1] in ("{", "["):
        try:
            value = json.loads(stripped)
        except ValueError:
            value = None
        if isinstance(value, dict):
            return [value]
        if isinstance(value, list):
            return [v for v in value if isinstance(v, dict)]
    found: list[dict[str, Any]] = []
    data: list[str] = []

    def flush() -> None:
        if not data:
            return
        try:  # per the SSE spec, consecutive data lines form one payload
            parsed = [json.loads("\n".join(data))]
        except ValueError:
            parsed = [_loads(d) for d in data]
        found.extend(v for v in parsed if isinstance(v, dict))
        data.clear()

    for line in text.splitlines():
        line = line.strip()  # folded YAML can leave a leading space before "data:"
        if not line:
            flush()
        elif line.startswith("data:"):
            payload = line[5:].strip()
            if payload != "[DONE]":
                data.append(payload)
    flush()
    return found


def response_text(body: Any, headers: dict[str, Any]) -> str | None:
    """Decoded text of a stored body (also ``!!binary`` gzip / zstd / br left by plain vcrpy)."""
    if isinstance(body, dict):
        body = body.get("string")
    if body is None:
        return None
    raw = body.encode("utf-8") if isinstance(body, str) else bytes(body)
    codings = encodings(headers)
    if raw[:2] == b"\x1f\x8b" and "gzip" not in codings:  # gzip stored without its header
        codings.append("gzip")
    try:
        raw = decode(raw, codings)
    except UndecodableBody:
        pass
    return raw.decode("utf-8", "replace")


def _loads(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def extract(uri: str, body: str | None) -> Usage | None:
    """Usage of one response body (``None`` when it carries none, e.g. an HTTP error)."""
    if not body:
        return None
    provider = provider_for(uri)
    evs = events(body)
    for reader in (_anthropic, _responses, _gemini, _bedrock, _chat):
        usage = reader(evs, provider, uri)
        if usage is not None:
            return usage
    return None


def _anthropic(evs: list[dict[str, Any]], provider: str, uri: str) -> Usage | None:
    usage: dict[str, Any] = {}
    model = None
    seen = False
    for ev in evs:
        kind = ev.get("type")
        if kind == "message_start" and isinstance(ev.get("message"), dict):
            seen = True
            model = ev["message"].get("model") or model
            usage.update(ev["message"].get("usage") or {})
        elif kind == "message_delta":
            seen = True
            usage.update({k: v for k, v in (ev.get("usage") or {}).items() if v is not None})
        elif kind == "message" and isinstance(ev.get("usage"), dict):
            seen = True
            model = ev.get("model") or model
            usage.update(ev["usage"])
    if not seen:
        return None
    write = _int(usage.get("cache_creation_input_tokens"))
    read = _int(usage.get("cache_read_input_tokens"))
    return Usage(
        provider="anthropic" if provider == "unknown" else provider,
        model=model,
        input_tokens=_int(usage.get("input_tokens")) + write + read,
        output_tokens=_int(usage.get("output_tokens")),
        cached_tokens=read,
        cache_write_tokens=write,
    )


def _responses(evs: list[dict[str, Any]], provider: str, uri: str) -> Usage | None:
    final = None
    for ev in evs:
        if ev.get("object") == "response" and isinstance(ev.get("usage"), dict):
            final = ev
        elif str(ev.get("type", "")).startswith("response.") and isinstance(ev.get("response"), dict):
            if isinstance(ev["response"].get("usage"), dict):
                final = ev["response"]
    if final is None:
        return None
    usage = final["usage"]
    return Usage(
        provider="openai" if provider == "unknown" else provider,
        model=final.get("model"),
        input_tokens=_int(usage.get("input_tokens")),
        output_tokens=_int(usage.get("output_tokens")),
        cached_tokens=_int((usage.get("input_tokens_details") or {}).get("cached_tokens")),
        reasoning_tokens=_int((usage.get("output_tokens_details") or {}).get("reasoning_tokens")),
    )


def _gemini(evs: list[dict[str, Any]], provider: str, uri: str) -> Usage | None:
    meta = None
    model = None
    for ev in evs:
        if isinstance(ev.get("usageMetadata"), dict):
            meta = ev["usageMetadata"]
        model = ev.get("modelVersion") or model
    if meta is None:
        return None
    if model is None:  # .../models/gemini-2.0-flash:generateContent
        path = urlsplit(uri).path
        if "/models/" in path:
            model = path.split("/models/", 1)[1].split(":", 1)[0]
    thoughts = _int(meta.get("thoughtsTokenCount"))
    return Usage(
        provider="gemini" if provider == "unknown" else provider,
        model=model,
        input_tokens=_int(meta.get("promptTokenCount")) + _int(meta.get("toolUsePromptTokenCount")),
        output_tokens=_int(meta.get("candidatesTokenCount")) + thoughts,
        cached_tokens=_int(meta.get("cachedContentTokenCount")),
        reasoning_tokens=thoughts,
    )


def _bedrock(evs: list[dict[str, Any]], provider: str, uri: str) -> Usage | None:
    usage = None
    for ev in evs:
        candidate = ev.get("usage")
        if isinstance(candidate, dict) and "inputTokens" in candidate:
            usage = candidate
    if usage is None:
        return None
    path = urlsplit(uri).path
    model = unquote(path.split("/model/", 1)[1].split("/", 1)[0]) if "/model/" in path else None
    read = _int(usage.get("cacheReadInputTokens"))
    write = _int(usage.get("cacheWriteInputTokens"))
    return Usage(
        provider="bedrock",
        model=model,
        input_tokens=_int(usage.get("inputTokens")) + read + write,
        output_tokens=_int(usage.get("outputTokens")),
        cached_tokens=read,
        cache_write_tokens=write,
    )


def _chat(evs: list[dict[str, Any]], provider: str, uri: str) -> Usage | None:
    usage = None
    model = None
    for ev in evs:
        # Groq puts the same numbers in x_groq.usage and usage: take one, never both.
        candidate = ev.get("usage")
        if not isinstance(candidate, dict):
            candidate = (ev.get("x_groq") or {}).get("usage")
        if isinstance(candidate, dict) and "prompt_tokens" in candidate:
            usage = candidate
        model = ev.get("model") or model
    if usage is None:
        return None
    cached = _int((usage.get("prompt_tokens_details") or {}).get("cached_tokens")) or _int(
        usage.get("num_cached_tokens")  # Mistral
    )
    cost = usage.get("cost")
    if provider in ("unknown", "openai") and isinstance(cost, (int, float)) and not isinstance(cost, bool):
        provider = "openrouter"  # OpenRouter traffic captured behind another base URL
    return Usage(
        provider="openai" if provider == "unknown" else provider,
        model=model,
        input_tokens=_int(usage.get("prompt_tokens")),
        output_tokens=_int(usage.get("completion_tokens")),
        cached_tokens=cached,
        reasoning_tokens=_int((usage.get("completion_tokens_details") or {}).get("reasoning_tokens")),
        reported_cost=Decimal(str(cost)) if isinstance(cost, (int, float)) and not isinstance(cost, bool) else None,
    )
