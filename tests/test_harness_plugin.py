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


CAUSES_TESTS = '''
import copy, json
from pytest_aacl import Tool, boundary
from pytest_aacl.harness import Task, ToolCall, Turn

@boundary
def add(a: int, b: int = 1) -> int:
    return a + b

class Truncating(Tool):
    """A tool whose reader was broken: it keeps the first digit of a number sent as text."""

    def normalise_json(self, arguments):
        arguments = json.loads(arguments) if isinstance(arguments, str) else dict(arguments)
        return {k: int(str(v)[0]) if isinstance(v, str) else v for k, v in arguments.items()}

lossy = copy.copy(add)
lossy.__class__ = Truncating

class Sends:
    provider = "vendor"

    def __init__(self, arguments):
        self.name, self.arguments = "vendor-model-1", arguments

    def start(self, task, tools):
        return {}

    def turn(self, state):
        return Turn([ToolCall("c1", "add", self.arguments)], input_tokens=10, output_tokens=5)

    async def aturn(self, state):
        return self.turn(state)

    def reply(self, state, turn, results):
        pass

TASK = Task("Add 2 and 13", tool="add", intended={"a": 2, "b": 13})

def test_the_layer_misreads(aacl_harness):
    run = aacl_harness.converge(Sends({"a": 2, "b": "13"}), [lossy], TASK)
    assert run.silent_corruption and not run.content_error

def test_the_model_chose_another_value(aacl_harness):
    run = aacl_harness.converge(Sends({"a": 2, "b": 14}), [add], TASK)
    assert run.content_error and not run.silent_corruption

def test_right(aacl_harness):
    assert not aacl_harness.converge(Sends('{"a": 2, "b": "13"}'), [add], TASK).mismatches
'''


def test_silent_corruption_and_content_errors_are_counted_apart(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_causes=CAUSES_TESTS)
    report = pytester.path / "harness.json"
    result = pytester.runpytest_subprocess("-p", "aacl", "--aacl-harness-report", str(report))
    result.assert_outcomes(passed=3)
    header, row = _table(result.stdout.str())[:2]
    columns = header.split()
    assert columns[columns.index("silent"):columns.index("silent") + 2] == ["silent", "content"]
    cells = row.split()  # model tool format runs 1st-try <=1 <=2 <=3 mean gave-up silent content ...
    assert cells[:4] == ["vendor-model-1", "add", "lines", "3"] and cells[9:12] == ["0", "1", "1"]
    data = json.loads(report.read_text())
    summary = data["summary"]
    assert (summary["all"]["silent_corruptions"], summary["all"]["content_errors"]) == (1, 1)
    assert summary["by_family"] == {}  # a real model's renderings carry no family labels: none is made up
    causes = {r["test"].split("::")[1]: [m["cause"] for m in r["mismatches"]] for r in data["runs"]}
    assert causes == {"test_the_layer_misreads": ["silent_corruption"],
                      "test_the_model_chose_another_value": ["content_error"], "test_right": []}
