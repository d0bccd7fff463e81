"""Cost estimates for live calls whose real cost is not known (yet).

Before a live call is sent its cost is reserved against ``--aacl-budget``; a response
without usage (an OpenAI stream without ``stream_options.include_usage``, the SDK
default) is still counted.  Both use the same rough rule, stated in the docs: about
4 bytes of JSON per token, the request's own output cap (``max_tokens`` and its
per-provider spellings) for the reservation, else 1,000 output tokens.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any
from urllib.parse import unquote, urlsplit

from ._prices import PriceTable
from ._usage import Usage, provider_for

BYTES_PER_TOKEN = 4
DEFAULT_OUTPUT_TOKENS = 1000
_CAPS = ("max_tokens", "max_completion_tokens", "max_output_tokens", "maxOutputTokens", "maxTokens")


def _tokens(size: int) -> int:
    return -(-size // BYTES_PER_TOKEN)


def _model(uri: str, body: Any) -> str | None:
    if isinstance(body, dict) and isinstance(body.get("model"), str):
        return str(body["model"])
    path = urlsplit(uri).path
    for marker in ("/models/", "/model/"):  # Gemini .../models/X:generate, Bedrock /model/X/
        if marker in path:
            return unquote(path.split(marker, 1)[1].split(":", 1)[0].split("/", 1)[0])
    return None


def _cap(body: Any) -> int | None:
    if not isinstance(body, dict):
        return None
    for holder in (body, body.get("generationConfig"), body.get("inferenceConfig")):
        if isinstance(holder, dict):
            for name in _CAPS:
                value = holder.get(name)
                if isinstance(value, int) and not isinstance(value, bool) and value > 0:
                    return value
    return None


def _parsed(raw: bytes) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        return None


def request_usage(uri: str, raw: bytes, output_bytes: int | None = None) -> Usage:
    """Estimated usage of one call: input from the request's size; output from the
    response's size when known, else the request's output cap (or the default)."""
    body = _parsed(raw)
    output = _tokens(output_bytes) if output_bytes is not None else (_cap(body) or DEFAULT_OUTPUT_TOKENS)
    return Usage(provider_for(uri), _model(uri, body), _tokens(len(raw)), output)


def estimate(uri: str, raw: bytes, prices: PriceTable, output_bytes: int | None = None) -> Decimal | None:
    """USD estimate, or ``None`` when the model is unknown or has no price."""
    usage = request_usage(uri, raw, output_bytes)
    return None if usage.model is None else prices.cost(usage)
