"""The harness as a pytest user meets it: the aacl_harness fixture, the convergence table,
--aacl-harness-report, and the same totals under pytest-xdist."""

from __future__ import annotations

import json

import pytest

pytest_plugins = ["pytester"]

TESTS = '''
import pytest
from pytest_aacl import boundary
from pytest_aacl.harness import SimulatedModel, Task

@boundary
def add(a: int, b: int = 1) -> int:
    return a + b

@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("fmt", ["lines", "vague"])
def test_converges(aacl_harness, seed, fmt):
    task = Task("Add 2 and 3", tool="add", intended={"a": 2, "b": 3}, name=f"add-{seed}")
    run = aacl_harness.converge(SimulatedModel(seed=seed, mistake_probability=0.6), [add], task, correction_format=fmt)
    assert run.attempts
'''


def _table(stdout: str) -> list[str]:
    lines = stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if "aacl convergence" in line)
    return lines[start + 1:start + 4]


def test_table_and_report(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_harness_use=TESTS)
    report = pytester.path / "harness.json"
    result = pytester.runpytest_subprocess("-p", "aacl", "--aacl-harness-report", str(report))
    result.assert_outcomes(passed=12)
    header, lines_row, vague_row = _table(result.stdout.str())
    assert header.split()[:5] == ["model", "tool", "format", "runs", "1st"]
    assert lines_row.split()[:4] == ["simulated", "(simulated)", "add", "lines"]
    assert vague_row.split()[3:5] == ["vague", "6"]
    data = json.loads(report.read_text())
    assert len(data["runs"]) == 12 and data["summary"]["all"]["runs"] == 12
    assert data["runs"][0]["test"].startswith("test_harness_use.py::test_converges")
    assert set(data["summary"]["by_format"]) == {"lines", "vague"}


def test_xdist_merges_the_same_runs(pytester: pytest.Pytester) -> None:
    pytest.importorskip("xdist")
    pytester.makepyfile(test_harness_use=TESTS)
    serial, parallel = pytester.path / "serial.json", pytester.path / "parallel.json"
    pytester.runpytest_subprocess("-p", "aacl", "--aacl-harness-report", str(serial)).assert_outcomes(passed=12)
    result = pytester.runpytest_subprocess("-p", "aacl", "-n", "2", "--aacl-harness-report", str(parallel))
    result.assert_outcomes(passed=12)
    one, two = json.loads(serial.read_text()), json.loads(parallel.read_text())
    assert one["summary"] == two["summary"]


def test_report_path_that_is_a_directory_is_a_usage_error(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_x="def test_x(): pass")
    result = pytester.runpytest("-p", "aacl", "--aacl-harness-report", str(pytester.path))
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--aacl-harness-report * is a directory; pass a file path such as*"])


def test_no_table_without_runs(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_x="def test_x(): pass")
    result = pytester.runpytest("-p", "aacl")
    result.assert_outcomes(passed=1)  # the session ran (and finished) with the plugin active
    assert "aacl convergence" not in result.stdout.str()


RESPOND_TESTS = '''
import pytest
from pytest_aacl.harness import RespondError, SimulatedModel

PERSON = {"type": "object", "properties": {"name": {"type": "string"}, "born": {"type": "integer"}},
          "required": ["name", "born"], "additionalProperties": False}

@pytest.mark.parametrize("seed", range(4))
def test_responds(aacl_harness, seed):
    aacl_harness.respond(SimulatedModel(seed=seed, mistake_probability=0.7), "Name a pioneer.", PERSON, max_retries=2)

def test_never_valid(aacl_harness):
    with pytest.raises(RespondError):
        aacl_harness.respond(SimulatedModel(seed=1, mistake_probability=1.0, fix_probability=0.0), "Name one.", PERSON,
                             max_retries=1)
'''


def test_respond_runs_are_in_the_table_and_the_report(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_respond_use=RESPOND_TESTS)
    report = pytester.path / "harness.json"
    result = pytester.runpytest_subprocess("-p", "aacl", "--aacl-harness-report", str(report))
    result.assert_outcomes(passed=5)
    row = _table(result.stdout.str())[1]
    assert row.split()[:5] == ["simulated", "(simulated)", "respond", "respond", "5"]
    data = json.loads(report.read_text())
    runs = data["runs"]
    assert len(runs) == 5 and {r["kind"] for r in runs} == {"respond"}
    failed = next(r for r in runs if r["test"].endswith("test_never_valid"))
    assert not failed["converged"] and [a["outcome"] for a in failed["attempts"]] == ["corrected", "corrected"]
    summary = data["summary"]["by_tool"]["respond"]
    assert summary["runs"] == 5
    first_try = sum(r["attempts"][0]["outcome"] == "ok" for r in runs)
    assert summary["first_try_validity"]["count"] == first_try
    assert summary["success_within"]["3"]["count"] == sum(r["converged"] for r in runs) == 4
