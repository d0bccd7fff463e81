"""``costs`` over every real recorded cassette in the shared reference folder, checked
against the usage figures in its ``INDEX.md`` (skipped where the folder is absent)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from pytest_aacl.__main__ import main


def _shared() -> Path | None:
    for base in (Path(__file__).resolve().parents[2] / "shared", Path("/work/shared")):
        if (base / "data" / "cassettes" / "INDEX.md").is_file():
            return base / "data" / "cassettes"
    return None


SHARED = _shared()
pytestmark = pytest.mark.skipif(SHARED is None, reason="shared reference cassettes not present")
# INDEX usage cells: "351/85", "57/15+124th" (Gemini thoughts), "none(HTTP 400)".
_CELL = re.compile(r"^(?:(\d+)/(\d+)(?:\+(\d+)th)?|none\(HTTP \d+\))$")


def _index_rows() -> dict[str, list[tuple[int, int, int] | None]]:
    assert SHARED is not None
    rows: dict[str, list[tuple[int, int, int] | None]] = {}
    for line in (SHARED / "INDEX.md").read_text(encoding="utf-8").splitlines():
        if not re.match(r"^\| \d+ \|", line):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        expected: list[tuple[int, int, int] | None] = []
        for cell in cells[-1].split("·"):
            match = _CELL.match(cell.strip())
            assert match, cell
            expected.append(None if match[1] is None else (int(match[1]), int(match[2]), int(match[3] or 0)))
        rows[cells[1].strip("`")] = expected
    return rows


def _as_index(usage: dict[str, Any] | None) -> tuple[int, int, int] | None:
    """Our usage in INDEX's terms: raw provider input, output without Gemini thoughts, thoughts."""
    if usage is None:
        return None
    raw_input = usage["input_tokens"]
    if usage["provider"] == "anthropic":  # INDEX lists input_tokens without cache reads / writes
        raw_input -= usage["cached_tokens"] + usage["cache_write_tokens"]
    thoughts = usage["reasoning_tokens"] if usage["provider"] == "gemini" else 0
    return raw_input, usage["output_tokens"] - thoughts, thoughts


def test_every_shared_cassette_matches_the_index(capsys: pytest.CaptureFixture[str]) -> None:
    assert SHARED is not None
    assert main(["costs", "--json", str(SHARED)]) == 0
    document = json.loads(capsys.readouterr().out)
    ours = {Path(c["path"]).relative_to(SHARED).as_posix(): c for c in document["cassettes"]}
    expected = _index_rows()
    assert len(expected) == 38 and set(expected) == set(ours)
    mismatches = {
        name: (want, got)
        for name, want in expected.items()
        if want != (got := [_as_index(i["usage"]) for i in ours[name]["interactions"]])
    }
    assert mismatches == {}
    # Pricing: never invented.  Unknown models stay unknown, OpenRouter's own cost is used.
    costs = {name: [i["cost"] for i in c["interactions"]] for name, c in ours.items()}
    assert costs["simonw__llm/test_tools_streaming_variant_c.yaml"] == ["0.00005952", "0.000103"]
    assert costs["crewAIInc__crewAI/TestAnthropicToolCallStreaming."
                 "test_anthropic_streaming_emits_tool_call_events.yaml"] == [None, None]
    assert costs["pydantic__pydantic-ai/test_tool_use_failed_error.yaml"][0] is None  # HTTP 400
