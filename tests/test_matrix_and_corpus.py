"""The compatibility matrix as a pytest user writes it, and the regression corpus."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from pytest_aacl import boundary
from pytest_aacl.harness import Task, ToolCall, ToolResult, Turn, load_corpus, save_case
from pytest_aacl.harness._fixture import Harness

pytest_plugins = ["pytester"]

MATRIX_TESTS = '''
import pytest

def test_memory(aacl_model):
    assert aacl_model != "model-b", "the summary was empty on turn 2"

def test_state_machine(aacl_model):
    if aacl_model == "model-c":
        pytest.skip("no cassette for this model yet")

@pytest.mark.aacl_matrix(model="model-a", feature="tools")
def test_tools_on_a():
    pass

@pytest.mark.parametrize("feature", ["memory", "state_machine", "tools"])
def test_on_the_test_double(feature, request):
    request.node.add_marker(pytest.mark.aacl_matrix(model="simulated:1", feature=feature))

def test_not_a_cell():
    pass
'''


def test_matrix_from_test_results(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\naacl_models =\n    model-a\n    model-b\n    model-c\n")
    pytester.makepyfile(test_cells=MATRIX_TESTS)
    target = pytester.path / "MATRIX.md"
    result = pytester.runpytest_subprocess("-p", "aacl", "--aacl-matrix", str(target))
    result.assert_outcomes(passed=9, failed=1, skipped=1)
    text = target.read_text()
    matrix = text.split("\n\n")[2].splitlines()  # the first table
    rows = {line.split("|")[1].strip(): [c.strip()[:1] for c in line.split("|")[2:-1]] for line in matrix[2:]}
    assert text.splitlines()[4] == "| model | memory | state_machine | tools |"
    assert rows["model-a"] == ["✓", "✓", "✓"] and rows["model-b"] == ["✗", "✓", "?"] and rows["model-c"] == ["✓", "?", "?"]
    assert "| model-a | ✓ (" in text and ", live) |" in text  # no cassette: called in this session
    assert "**Qualified** (every feature passed, on recorded or live evidence): model-a\n" in text
    # the test double passed everything, and is still never called qualified
    assert "**Passed on synthetic or simulated evidence only** (not evidence about a real model, so not qualified): simulated:1" in text
    assert "- model-b / memory: fail: AssertionError: the summary was empty on turn 2" in text
    # a ? cell disqualifies, with the reason
    assert "- model-b / tools: ? not tested on this model (no test of this feature ran on it)" in text
    assert "- model-c / state_machine: not run: no cassette for this model yet" in text
    assert "- model-c / tools: ? not tested on this model" in text
    data = json.loads(target.with_suffix(".json").read_text())
    assert data["qualified"] == ["model-a"] and data["synthetic_only"] == ["simulated:1"]
    assert set(data["not_qualified"]) == {"model-b", "model-c"}
    assert {c["feature"] for c in data["cells"]} == {"memory", "state_machine", "tools"}
    assert {c["model"]: c["evidence"] for c in data["cells"] if c["feature"] == "tools"} == {
        "model-a": ["live"], "simulated:1": ["simulated"]}


def test_no_models_configured_skips_with_the_fix(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_cells="def test_memory(aacl_model):\n    pass\n")
    result = pytester.runpytest_subprocess("-p", "aacl", "-rs")
    result.assert_outcomes(skipped=1)
    result.stdout.fnmatch_lines(["*no models configured: list them in the ini option aacl_models*"])


@boundary
def add(a: int, b: int = 1) -> int:
    return a + b


class Scripted:
    provider, name = "scripted", "vendor-model-1"

    def __init__(self, *calls: Any) -> None:
        self.calls = list(calls)

    def start(self, task: Task, tools: list[Any]) -> dict[str, Any]:
        return {}

    def turn(self, state: Any) -> Turn:
        return Turn([ToolCall("c", "add", self.calls.pop(0))] if self.calls else [])

    async def aturn(self, state: Any) -> Turn:
        return self.turn(state)

    def reply(self, state: Any, turn: Turn, results: list[ToolResult]) -> None:
        pass


def test_real_failures_are_saved_once_scrubbed_and_replayable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    secret = "placeholder-" + "9f3c" * 6  # built at run time: no key-like literal in the repo
    monkeypatch.setenv("OPENAI_API_KEY", secret)
    harness = Harness([], "tests/test_x.py::test_add", tmp_path / "corpus")
    harness.converge(Scripted({"a": f"twelve {secret}"}, {"a": "12"}), [add], Task("add", tool="add"))
    harness.converge(Scripted({"a": f"twelve {secret}"}, {"a": "12"}), [add], Task("add", tool="add"))
    files = sorted((tmp_path / "corpus").glob("*.json"))
    assert len(files) == 1 and secret not in files[0].read_text()
    (case,) = load_corpus(tmp_path / "corpus", tool="add")
    assert case.kind == "tool_call" and case.model == "vendor-model-1" and case.raw == {"a": "twelve REDACTED"}
    assert case.correction["codes"] == ["TYPE_ERROR"] and case.schema == add.spec.parameters
    case.check(add)  # the boundary still corrects it the same way

    @boundary
    def lenient(a: str, b: int = 1) -> str:
        return a

    with pytest.raises(AssertionError, match=r"was corrected \(\['TYPE_ERROR'\]\), now normalised"):
        case.check(lenient)
    assert load_corpus(tmp_path / "corpus", tool="other") == []


def test_a_normalised_case_checks_the_normalisation(tmp_path: Path) -> None:
    save_case(tmp_path, kind="tool_call", tool="add", model="m", raw={"a": "05"}, normalised={"a": 5})
    (case,) = load_corpus(tmp_path)
    case.check(add)

    @boundary
    def other(a: str) -> str:
        return a

    with pytest.raises(AssertionError, match=r"was normalised to \{'a': 5\}, now to \{'a': '05'\}"):
        case.check(other)
    (tmp_path / "broken.json").write_text("{")
    with pytest.raises(ValueError, match=r"broken\.json is not valid JSON"):
        load_corpus(tmp_path)


def _truncating_add(a: Any, b: Any = 1) -> int:
    """A hand-written interface layer whose new number reader keeps the first digit of text."""
    return _record(a=a if isinstance(a, int) else int(str(a)[:1]), b=b)


def _record(a: int, b: int = 1) -> int:
    """The implementation layer the fuzzer watches."""
    return a + b


def _lenient_add(a: Any, b: Any = 1) -> int:
    """Reads any text, even what the team decided must be refused."""
    return _record(a=int(str(a).split()[0].replace("twelve", "12")), b=b)


ADD_SCHEMA = add.spec.parameters


def test_fuzz_replays_the_corpus_before_generating(tmp_path: Path) -> None:
    from pytest_aacl import fuzz

    for tool in ("_truncating_add", "_lenient_add"):  # a function target is named after the function
        save_case(tmp_path, kind="tool_call", tool=tool, model="m", raw={"a": "12"}, normalised={"a": 12})
        save_case(tmp_path, kind="tool_call", tool=tool, model="m", raw={"a": "twelve please"},
                  correction={"codes": ["TYPE_ERROR"], "message": "..."})
    save_case(tmp_path, kind="tool_call", tool="other", model="m", raw={"x": 1}, normalised={"x": 1})

    # a reviewed normalisation the tool now corrupts: found, first, from the corpus
    strict = fuzz(_truncating_add, schema=ADD_SCHEMA, checks=["no_silent_corruption"], max_examples=5, seed=0,
                  corpus=tmp_path, implementation=(sys.modules[__name__], "_record"))
    corpus_findings = [f for f in strict.findings if any(str(lb["family"]).startswith("corpus:") for lb in f.labels)]
    assert corpus_findings and corpus_findings[0].first_seen == 1, str(strict)

    # a reviewed correction the tool now swallows: found by rejects_invalid
    lenient = fuzz(_lenient_add, schema=ADD_SCHEMA, checks=["rejects_invalid"], max_examples=5, seed=0, corpus=tmp_path,
                   implementation=(sys.modules[__name__], "_record"))
    assert any(f.args == {"a": "twelve please"} for f in lenient.findings), str(lenient)
    with pytest.raises(ValueError, match="corpus=3; pass a directory path"):
        fuzz(_truncating_add, schema=ADD_SCHEMA, corpus=3)
