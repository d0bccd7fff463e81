"""The convergence campaign (`./run converge`): its tables, and what they must show."""

from __future__ import annotations

from pathlib import Path

import pytest

from pattern_validation import campaign, convergence


def _rows(text: str, heading: str) -> dict[str, list[str]]:
    block = text.split(heading, 1)[1].split("###", 1)[0]
    rows = [line.strip("|").split("|") for line in block.strip().splitlines()[2:]]
    return {cells[0].strip(): [c.strip() for c in cells[1:]] for cells in rows}


def test_precise_corrections_beat_vague_ones(capsys: pytest.CaptureFixture[str]) -> None:
    assert convergence.main(["--seeds", "20"]) == 0
    out = capsys.readouterr().out
    assert "not a real model" in out
    table = _rows(out, "### Tool calls: success by correction format")
    assert set(table) == {"lines", "annotated", "pydantic", "vague"}
    within_one = {fmt: int(cells[2].split("%")[0]) for fmt, cells in table.items()}
    assert within_one["lines"] > within_one["vague"]
    assert all(cells[-2:] == ["0", "0"] for cells in table.values())  # no silent corruption, no content error
    assert "| mistake |" in out and "| INVALID_ENUM |" in out


def test_results_sections_do_not_overwrite_each_other(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    results = tmp_path / "RESULTS.md"
    monkeypatch.setattr(convergence, "RESULTS", results)
    monkeypatch.setattr(campaign, "RESULTS", results)
    results.write_text("# Fuzz campaign results\n\nfuzz tables\n")
    convergence.write_results("convergence tables", "python -m pattern_validation.convergence --seeds 3")
    convergence.write_results("newer convergence tables", "python -m pattern_validation.convergence --seeds 4")
    text = results.read_text()
    assert text.startswith("# Fuzz campaign results\n\nfuzz tables") and text.count(convergence.MARK) == 1
    assert "newer convergence tables" in text and "--seeds 4" in text and "--seeds 3" not in text
    rows = campaign.run(["boundary"], ["total"], 5, 0)
    campaign.write_results(rows, "python -m pattern_validation.campaign", 5, 0)
    text = results.read_text()
    assert "fuzz tables" not in text and text.endswith("newer convergence tables\n")


def test_a_short_run_still_prints_every_column(capsys: pytest.CaptureFixture[str]) -> None:
    assert convergence.main(["--seeds", "1", "--max-attempts", "6"]) == 0  # no run needs 6 attempts
    table = _rows(capsys.readouterr().out, "### Tool calls: success by correction format")
    assert set(table) == {"lines", "annotated", "pydantic", "vague"}
    assert all(len(cells) == 1 + 1 + 5 + 3 for cells in table.values())  # runs, first try, 5 retries, 3 more


def test_bad_arguments_are_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        convergence.main(["--mistake", "2"])
    assert "--mistake and --fix are probabilities" in capsys.readouterr().err
