"""The same crash met in several tools is named once, beside each tool's own finding.

Trial 13: mathmethods-mcp drew six findings of one crash in the mcp 1.x SDK, one per tool;
read as six defects of six tools.
"""

from __future__ import annotations

from typing import Any

import pytest

from pytest_aacl import fuzz
from pytest_aacl._causes import cause_of, shared_causes

SERVER = '''
from typing import Any
from fastmcp import FastMCP

server = FastMCP("loads")


def _total(items: list[dict[str, Any]]) -> float:
    return sum(float(item["mass"]) for item in items)


@server.tool()
def total_mass(items: list[dict[str, Any]]) -> float:
    """Sum of the masses."""
    return _total(items)


@server.tool()
def mean_mass(items: list[dict[str, Any]]) -> float:
    """Mean of the masses."""
    return _total(items) / max(len(items), 1)


@server.tool()
def label(text: str) -> str:
    """A label, trimmed."""
    return text.strip()[:20]
'''


def test_a_crash_answered_alike_by_two_tools_is_named_once_and_each_finding_stays() -> None:
    pytest.importorskip("fastmcp")
    namespace: dict[str, Any] = {}
    exec(compile(SERVER, "loads_server.py", "exec"), namespace)
    report = fuzz(namespace["server"], checks=["total"], max_examples=30, seed=0)
    crashed = {f.tool for f in report.findings}
    assert {"total_mass", "mean_mass"} <= crashed and "label" not in crashed, str(report)
    text = str(report)
    assert "the same crash in 2 tools (total_mass, mean_mass): 'mass'; if they share the code" in text, text


def test_a_cause_is_the_crash_without_the_tools_name_and_a_dead_process_is_none() -> None:
    said = cause_of("now", ("total", "escaped", "McpFault", "Error executing tool now: maximum recursion depth"))
    assert said == "maximum recursion depth"
    assert cause_of("add", ("total", "escaped", "KeyError", "tools.py:12")) == "KeyError at tools.py:12"
    assert cause_of("add", ("total", "escaped", "ToolCrashed")) == ""  # which call killed it says nothing
    assert cause_of("add", ("no_silent_corruption", "returned", "hallucinated")) == ""
    assert shared_causes([("a", "x"), ("a", "x"), ("b", "")]) == []  # one tool, or no crash: nothing to say


def test_the_session_summary_names_a_crash_met_in_several_tools(pytester: pytest.Pytester) -> None:
    pytest.importorskip("fastmcp")
    pytester.makepyfile(loads_server=SERVER)
    pytester.makeini("[pytest]\naddopts = -p no:randomly -p no:cacheprovider\n")
    result = pytester.runpytest("-p", "aacl", "--aacl-target", "loads_server:server", "--aacl-checks", "total",
                                "--aacl-max-examples", "30", "--aacl-seed", "0")
    result.assert_outcomes(failed=2, passed=1)
    result.stdout.fnmatch_lines(["*pytest-aacl findings*", "*the same crash in 2 tools (*mass*): 'mass'; if they share*"])
