"""docs/how-to/record-and-replay.md's example project is real: its ini line, test module and cassette,
written into a fresh project, replay under CI with no API key and no network."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[1] / "docs" / "how-to" / "record-and-replay.md"
_FILE_BLOCK = re.compile(r"^```(ini|python|yaml)\n# (\S+)\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def _files() -> dict[str, str]:
    text = DOC.read_text(encoding="utf-8")
    return {path: f"# {path}\n{body}" for _, path, body in _FILE_BLOCK.findall(text)}


def test_the_documented_project_replays_in_ci(pytester: pytest.Pytester,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    files = _files()
    assert sorted(files) == ["cassettes/test_weather/test_model_calls_the_weather_tool.yaml",
                             "pytest.ini", "tests/test_weather.py"]
    for path, text in files.items():
        target = pytester.path / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "AACL_CONFIRM"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("CI", "true")
    pytester.runpytest("-p", "no:randomly").assert_outcomes(deselected=1)  # never by accident
    result = pytester.runpytest("-m", "integration", "-p", "no:randomly")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*test_model_calls_the_weather_tool*gpt-4o-mini-2024-07-18*"
                                 "1*58*15*replayed*"])
