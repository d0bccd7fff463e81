"""docs/how-to/record-and-replay.md's example project is real: its ini line, test module and cassette,
written into a fresh project, replay under CI with no API key and no network."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "how-to" / "record-and-replay.md"
README = ROOT / "README.md"
_FILE_BLOCK = re.compile(r"^```(ini|python|yaml)\n# (\S+)\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def _files(doc: Path = DOC) -> dict[str, str]:
    text = doc.read_text(encoding="utf-8")
    return {path: f"# {path}\n{body}" for _, path, body in _FILE_BLOCK.findall(text)}


@pytest.mark.parametrize("module_from", ["docs/how-to/record-and-replay.md", "README.md"])
def test_the_documented_project_replays_in_ci(pytester: pytest.Pytester,
                                              monkeypatch: pytest.MonkeyPatch, module_from: str) -> None:
    """The page's project replays; so does README's shorter test module, against the page's cassette."""
    files = _files()
    assert sorted(files) == ["cassettes/test_weather/test_model_calls_the_weather_tool.yaml",
                             "pytest.ini", "tests/test_weather.py"]
    if module_from == "README.md":
        (files["tests/test_weather.py"],) = _files(README).values()
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
