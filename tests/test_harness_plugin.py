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
