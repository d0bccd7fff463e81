"""Prices in litellm's ``model_prices_and_context_window.json`` format.

A dated snapshot of common models ships in ``pytest_aacl/data/model_prices.json`` (entries
copied verbatim from litellm); ``aacl_prices = path`` (ini) or ``--prices`` (CLI) overlays a
user's file, for example the full litellm file.  A model without an entry has cost
``None`` ("unknown"): a price is never guessed.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from importlib import resources
from pathlib import Path
from typing import Any

from ._usage import Usage

_PREFIXES = {
    "openai": ("", "openai/"),
    "azure": ("azure/", ""),
    "anthropic": ("", "anthropic/"),
    "gemini": ("gemini/", ""),
    "groq": ("groq/",),
    "mistral": ("mistral/", ""),
    "openrouter": ("openrouter/",),
    "bedrock": ("", "bedrock/"),
}
# gpt-4o-mini-2024-07-18, claude-sonnet-4-5-20250929, gemini-2.0-flash-001
_DATED = (re.compile(r"-\d{4}-\d{2}-\d{2}$"), re.compile(r"-\d{8}$"), re.compile(r"-\d{3}$"))
_TIER = re.compile(r"^input_cost_per_token_above_(\d+)k_tokens$")


class PriceError(Exception):
    """A price file cannot be used."""


class PriceTable:
    """Model name -> litellm price entry, with dated-name fallback."""

    def __init__(self, entries: dict[str, dict[str, Any]], sources: list[str]) -> None:
        self.entries = entries
        self.sources = sources

    @classmethod
    def load(cls, extra: str | Path | None = None) -> PriceTable:
        bundled = resources.files("pytest_aacl").joinpath("data/model_prices.json").read_text("utf-8")
        entries = _entries(json.loads(bundled))
        sources = [_describe(json.loads(bundled))]
        if extra:
            path = Path(extra)
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except FileNotFoundError:
                raise PriceError(f"price file not found: {path}") from None
            except (OSError, UnicodeDecodeError, ValueError) as exc:
                raise PriceError(f"cannot read price file {path}: {exc}") from None
            if not isinstance(data, dict):
                raise PriceError(
                    f"price file {path} is not in litellm's format (a JSON object of model entries)"
                )
            entries.update(_entries(data))
            sources.append(str(path))
        return cls(entries, sources)

    def lookup(self, model: str | None, provider: str) -> tuple[str, dict[str, Any]] | None:
        if not model:
            return None
        names = [model]
        for pattern in _DATED:
            base = pattern.sub("", model)
            if base != model and base not in names:
                names.append(base)
        for name in names:
            for prefix in _PREFIXES.get(provider, ("",)):
                key = prefix + name
                if key in self.entries:
                    return key, self.entries[key]
        return None

    def cost(self, usage: Usage) -> Decimal | None:
        """USD cost of one response, or ``None`` when the model has no price."""
        if usage.reported_cost is not None:
            return usage.reported_cost
        found = self.lookup(usage.model, usage.provider)
        if found is None:
            return None
        entry = found[1]
        suffix = _tier_suffix(entry, usage.input_tokens)

        def price(key: str, fallback: Decimal | None = None) -> Decimal | None:
            value = entry.get(key + suffix, entry.get(key))
            return Decimal(str(value)) if isinstance(value, (int, float)) else fallback

        per_in, per_out = price("input_cost_per_token"), price("output_cost_per_token")
        if per_in is None or per_out is None:
            return None
        # Without a cache price the provider bills cached tokens as ordinary input.
        per_read = price("cache_read_input_token_cost", per_in)
        per_write = price("cache_creation_input_token_cost", per_in)
        per_reason = price("output_cost_per_reasoning_token", per_out)
        plain_in = max(usage.input_tokens - usage.cached_tokens - usage.cache_write_tokens, 0)
        plain_out = max(usage.output_tokens - usage.reasoning_tokens, 0)
        return (
            plain_in * per_in
            + usage.cached_tokens * per_read
            + usage.cache_write_tokens * per_write
            + plain_out * per_out
            + usage.reasoning_tokens * per_reason
        )


def _tier_suffix(entry: dict[str, Any], input_tokens: int) -> str:
    best = 0
    for key in entry:
        match = _TIER.match(key)
        if match and input_tokens > int(match.group(1)) * 1000:
            best = max(best, int(match.group(1)))
    return f"_above_{best}k_tokens" if best else ""


def _entries(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {
        name: entry
        for name, entry in data.items()
        if isinstance(entry, dict) and "input_cost_per_token" in entry and name != "sample_spec"
    }


def _describe(data: dict[str, Any]) -> str:
    note = data.get("aacl_snapshot") or {}
    return f"bundled snapshot of {note.get('source', 'litellm')} ({note.get('date', 'undated')})"


def format_cost(cost: Decimal | None) -> str:
    return "unknown" if cost is None else f"${cost:.6f}"
