"""The main job: the campaign table, RESULTS.md, and the example tools it compares."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest

from pattern_validation import acceptance, backend, campaign, handwritten, reference


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def test_campaign_prints_the_table_and_one_example_per_defect(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(campaign, "RESULTS", tmp_path / "RESULTS.md")
    argv = ["--max-examples", "30", "--variants", "boundary,hand-written", "--checks", "rejects_invalid,total",
            "--write-results"]
    assert campaign.main(argv) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("check "))
    assert lines[header].split() == ["check", "boundary", "hand-written", "boundary", "hand-written"]
    rejects = lines[header + 2].split()
    assert rejects[:2] == ["rejects_invalid", "ok"] and rejects[2] == "FAIL" and rejects[4] == "ok"
    assert "--- search_web (hand-written) :: rejects_invalid" in out
    assert "delivered exactly   100%" in out  # the boundary delivers every rendering of this run
    written = (tmp_path / "RESULTS.md").read_text()
    assert "python -m pattern_validation.campaign --max-examples 30 --variants boundary,hand-written" in written
    assert "| rejects_invalid | ok | **FAIL (" in written


def test_campaign_rejects_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        campaign.main(["--variants", "boundary,nope"])
    assert exit_info.value.code == 2
    assert "unknown variant 'nope'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        campaign.main(["--checks", "not_a_check", "--max-examples", "1", "--variants", "boundary"])
    assert "unknown check" in capsys.readouterr().err


def test_reference_tools_deliver_what_the_model_meant() -> None:
    hits = reference.search_web(query="python", max_results="2", include_domains="python.org, hypothesis.works")
    assert [h["domain"] for h in hits] == ["python.org"]
    result = reference.create_json(filename="notes.json", content='{"a": "b"}', overwrite="yes")
    assert result["created"] is True and backend.FILES["notes.json"] == '{\n  "a": "b"\n}'


def test_handwritten_tools_keep_the_patterns_defects(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[dict[str, Any]] = []
    monkeypatch.setattr(handwritten, "_search_backend", lambda **kw: seen.append(kw))
    monkeypatch.setattr(handwritten, "_write_json", lambda **kw: seen.append(kw))
    handwritten.search_web(query="q", search_depth="deep-ish", max_results="50", include_domains="a.com,b.com")
    handwritten.create_json(filename="f.json", content={}, overwrite="ture")
    assert seen[0]["search_depth"] == "basic" and seen[0]["max_results"] == 50
    assert seen[0]["include_domains"] == "a.com,b.com" and seen[1]["overwrite"] is False


def test_acceptance_counts_what_happens_to_renderings() -> None:
    ref = acceptance.measure(campaign.REFERENCE[0], 25, 0)
    hand = acceptance.measure(campaign.HANDWRITTEN[0], 25, 0)
    assert sum(ref.values()) == sum(hand.values()) == 25
    assert ref["delivered exactly"] + ref["corrected (retry)"] == 25
    assert hand["silently corrupted"] + hand["crashed"] > 0
    assert acceptance.percentages(ref)[0].endswith("%")
