"""Honest reports on real tools: calls reached vs refused, the argument that stopped a run,
values a user supplies, answers that vary by themselves, slow vs hung, the run options."""

from __future__ import annotations

import itertools
import json
import sys
from typing import Any

import hypothesis.internal.observability
import pytest
import pytest_aacl.strategies

import pytest_aacl._boundary
import pytest_aacl._fuzz
from pytest_aacl import InvalidArgument, fuzz
from pytest_aacl._reach import Tally, refused_argument
from pytest_aacl._volatile import apply_mask, learn_mask

# one copy of each module for every pytester run (see test_plugin.py)
assert pytest_aacl._boundary and pytest_aacl._fuzz and pytest_aacl.strategies and hypothesis.internal.observability

SHEETS = '''
SCHEMA = {"type": "object", "properties": {
    "path": {"type": "string", "description": "Path to the .xlsx workbook"},
    "sheet": {"type": "string"},
    "rows": {"type": "integer", "minimum": 1}},
    "required": ["path", "sheet"], "additionalProperties": False}


def read_sheet(path, sheet, rows=5):
    if path != "/data/book.xlsx":
        raise ValueError(f"File not found: {path}")
    return f"{sheet}: {int(rows)} rows"


TARGET = {"target": read_sheet, "schema": SCHEMA}
'''

_RUN = ("--aacl-target", "sheets:TARGET", "--aacl-checks", "no_silent_corruption",
        "--aacl-max-examples", "40", "--aacl-seed", "0")


@pytest.fixture
def sheets(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makepyfile(sheets=SHEETS)
    return pytester


def test_a_run_stopped_by_one_argument_says_which(sheets: pytest.Pytester) -> None:
    sheets.makeini("[pytest]\naddopts = -p no:randomly -p no:cacheprovider\n")
    result = sheets.runpytest(*_RUN)
    result.assert_outcomes(passed=1)
    out = result.stdout.str()
    assert "pytest-aacl calls" in out
    assert "0 reached the tool" in out
    assert "because of `path`" in out and "nothing was tested past `path`" in out
    assert "aacl_values = path=" in out


def test_values_from_the_ini_get_the_run_past_that_argument(sheets: pytest.Pytester) -> None:
    sheets.makeini("[pytest]\naddopts = -p no:randomly -p no:cacheprovider\naacl_values =\n"
                   "    path=/data/book.xlsx\n    rows=3\n")
    result = sheets.runpytest(*_RUN)
    out = result.stdout.str()
    assert "nothing was tested past" not in out
    reached = int(out.split(" reached the tool")[0].rsplit(", ", 1)[-1].split()[-1])
    assert reached >= 5, out
    assert "(sheet read differently)" in out  # past `path`, the defect behind it is found


def test_fuzz_values_make_the_intended_call_reach_the_tool() -> None:
    calls: list[tuple[str, str]] = []

    def read_sheet(path: str, sheet: str) -> str:
        calls.append((path, sheet))
        if path != "/data/book.xlsx":
            raise ValueError(f"File not found: {path}")
        return sheet

    schema = {"type": "object", "properties": {"path": {"type": "string"}, "sheet": {"type": "string"}},
              "required": ["path", "sheet"], "additionalProperties": False}
    blocked = fuzz(read_sheet, schema=schema, checks=["no_silent_corruption"], max_examples=30, seed=0)
    assert blocked.calls["read_sheet"].reached == 0
    assert "nothing was tested past `path`" in str(blocked)
    given = fuzz(read_sheet, schema=schema, checks=["no_silent_corruption"], max_examples=30, seed=0,
                 values={"path": "/data/book.xlsx"})
    assert given.calls["read_sheet"].reached > 0 and "WARNING" not in str(given)
    with pytest.raises(InvalidArgument, match="values="):
        fuzz(read_sheet, schema=schema, values=["path"])


def test_a_value_for_one_tools_argument_is_given_by_its_name_and_the_tools() -> None:
    """mcp-cryptography (trial 10): a Fernet `key` is base64 and an AES `key` hex, so one value
    per argument name could unblock only one of them."""
    from fastmcp import FastMCP

    server = FastMCP("keys")

    @server.tool()
    def fernet_encrypt(key: str, text: str) -> str:
        """Encrypt with a Fernet key."""
        if key != "ZmVybmV0LWtleQ==":
            raise ValueError("key: not a Fernet key")
        return text[::-1]

    @server.tool()
    def aes_encrypt(key: str, text: str) -> str:
        """Encrypt with an AES key in hex."""
        if key != "00112233445566778899aabbccddeeff":
            raise ValueError("key: not a 128-bit hex key")
        return text.upper()

    report = fuzz(server, checks=["no_silent_corruption", "total"], max_examples=40, seed=0, values={
        "fernet_encrypt.key": "ZmVybmV0LWtleQ==", "aes_encrypt.key": "00112233445566778899aabbccddeeff",
        "text": "hello"})
    assert report.calls["fernet_encrypt"].reached > 0 and report.calls["aes_encrypt"].reached > 0, str(report)
    assert "WARNING" not in str(report)


def test_a_given_nested_value_neither_breaks_the_run_nor_is_changed() -> None:
    """values= holding a list of lists (a matrix): each draw is a fresh copy, so a rendering
    built from one draw cannot change the next (trial 9, math-mcp-ay: Hypothesis stopped the
    run with FlakyStrategyDefinition), and the caller's value is left as it was."""
    matrix = [[1.0, 2.0], [3.0, 4.0]]

    def transpose(matrix: list[list[float]]) -> list[list[float]]:
        return [list(row) for row in zip(*matrix, strict=True)]

    report = fuzz(transpose, values={"matrix": matrix}, checks=["no_silent_corruption"], max_examples=30, seed=0)
    assert matrix == [[1.0, 2.0], [3.0, 4.0]]
    assert report.calls["transpose"].reached > 0


def test_a_given_value_is_not_a_blocker_when_other_valid_strings_of_it_are_refused() -> None:
    """The coverage pass also sends canonical classes of `uri` (an empty or very long string);
    a tool refusing those is judging the field it was sent, not stopping the run (markitdown-mcp:
    "Unsupported URI scheme: ." for uri="" once a working file: URI was given)."""

    def convert(uri: str, **_: object) -> str:
        if not isinstance(uri, str) or not uri.startswith("file:"):
            raise ValueError(f"Unsupported URI scheme: {str(uri).split(':')[0][:1]}.")
        return "# Report"

    schema = {"type": "object", "properties": {"uri": {"type": "string"}}, "required": ["uri"],
              "additionalProperties": False}
    blocked = fuzz(convert, schema=schema, checks=["total"], max_examples=60, seed=0)
    assert "WARNING" in str(blocked)
    given = fuzz(convert, schema=schema, checks=["total"], max_examples=60, seed=0,
                 values={"uri": "file:///tmp/report.html"})
    assert given.calls["convert"].refused > 0 and given.calls["convert"].reached > 0
    assert "WARNING" not in str(given), str(given)


def test_a_refusal_is_attributed_to_the_argument_it_names() -> None:
    pydantic = ("1 validation error for add_arguments\nb\n  Input should be a valid integer, unable to parse "
                "string as an integer [type=int_parsing, input_value='x', input_type=str]")
    assert refused_argument({"a": 1, "b": "x"}, pydantic) == "b"
    assert refused_argument({"path": "a.csv", "n": 2}, "Error: a.csv does not exist") == "path"
    assert refused_argument({"path": "a.csv", "sheet": "S1"}, "sheet must not be empty") == "sheet"
    assert refused_argument({"a": 1}, "something went wrong") == ""


def test_a_tally_survives_the_trip_between_processes() -> None:
    tally = Tally()
    for i in range(10):
        tally.add("hallucinated", {"path": f"f{i}.txt"}, "rejected", f"no such file f{i}.txt")
    tally.add("invalid", {"path": 3}, "rejected", "path must be text")
    # a tool refusing only the values it was sent, by a message quoting them, is not warned about
    judged = fuzz(lambda day="": _iso(day), schema={"type": "object", "properties": {"day": {"type": "string",
                  "description": "a day, YYYY-MM-DD"}}, "required": ["day"]}, checks=["total"], max_examples=60, seed=0)
    assert "WARNING" not in str(judged), str(judged)
    copy = Tally.from_tuple(tally.as_tuple())
    assert copy == tally and copy.refused == 11 and copy.valid == 10
    assert copy.blocker() == ("path", 10, 10, "no such file f0.txt")
    renderings = Tally()  # refusing renderings of `path` itself is the tool doing its job
    for i in range(10):
        renderings.add("hallucinated", {"path": [f"f{i}.txt"]}, "rejected", f"no such file f{i}.txt",
                       rendered=frozenset({"path"}))
    renderings.add("conforming", {"path": "a.txt"}, "returned", "")
    assert renderings.blocker() is None


def test_a_blocker_is_quoted_from_a_call_it_stopped_not_from_a_value_sent_on_purpose() -> None:
    """Trial 10: the warning about `key_size` quoted the refusal of `key_size: null` (a
    rendering refused for itself), while the rule that stopped the run was ">= 2048"."""
    tally = Tally()
    tally.add("hallucinated", {"key_size": None, "label": "a"}, "rejected", "key_size: Input should be a valid integer",
              rendered=frozenset({"key_size"}))
    for i in range(10):
        tally.add("hallucinated", {"key_size": 5, "label": f"a{i}"}, "rejected", "key_size must be at least 2048 bits",
                  rendered=frozenset({"label"}))
    assert tally.blocker() == ("key_size", 10, 10, "key_size must be at least 2048 bits")


def test_a_service_the_tool_cannot_reach_is_said_so_not_blamed_on_the_values() -> None:
    """Trial 12 (color-mcp-server): every call failed on DNS ("[Errno -2] Name or service not
    known"), and the WARNING advised giving example values or a reset=, which cannot help."""
    from pytest_aacl._reach import blocker_line

    tally = Tally()
    for i in range(10):
        tally.add("conforming", {"hex": f"#00000{i}"}, "rejected", "[Errno -2] Name or service not known")
    line = blocker_line("get_color_info", tally)
    assert "failed to reach a service the tool needs" in line and "Name or service not known" in line, line
    assert "give example values" not in line and "no example value helps" in line, line


def test_the_parts_of_an_answer_that_vary_are_masked_and_nothing_else() -> None:
    first = ['{"id": "3f1c9a2e-0000-4000-8000-000000000001", "at": "2026-01-01T10:00:00Z", "total": 5}', "call #7: 10"]
    second = ['{"id": "3f1c9a2e-0000-4000-8000-000000000002", "at": "2026-01-01T10:00:01Z", "total": 5}', "call #8: 10"]
    mask = learn_mask(first, second)
    assert apply_mask(first, mask) == apply_mask(second, mask)
    other = ['{"id": "x", "at": "2026-01-01T10:00:02Z", "total": 6}', "call #9: 10"]
    assert apply_mask(other, mask) != apply_mask(first, mask)  # the total is still compared
    twelve = [first[0], "call #9: 12"]
    assert apply_mask(twelve, mask) != apply_mask(first, mask)  # and so is the unchanged number


def test_a_counter_in_the_answer_is_not_a_finding() -> None:
    counter = itertools.count()

    def double(n: int) -> str:
        return f"request {next(counter)}: {int(n) * 2}"

    schema = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"],
              "additionalProperties": False}
    report = fuzz(double, schema=schema, checks=["no_silent_corruption"], max_examples=40, seed=0)
    assert report.ok, report
    assert not report.unreproducible


def test_random_answers_are_not_reproducible_not_defects() -> None:
    import random

    def pick(n: int) -> float:
        return random.random() * int(n)

    schema = {"type": "object", "properties": {"n": {"type": "integer", "minimum": 1}}, "required": ["n"],
              "additionalProperties": False}
    report = fuzz(pick, schema=schema, checks=["no_silent_corruption"], max_examples=20, seed=0)
    assert report.ok and report.unreproducible
    assert "Not reproducible" in str(report)


def test_a_slow_answer_is_reported_as_slow_not_as_a_hang() -> None:
    import time

    def slow(n: int = 0, **_: object) -> int:  # answers every call, only slowly
        time.sleep(0.6)
        return n

    schema = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"],
              "additionalProperties": False}
    report = fuzz(slow, schema=schema, checks=["total"], max_examples=3, seed=0, timeout=0.3)
    assert report.ok and len(report.advice) == 1, report  # reported with its time, not failing
    assert "slow, not hung" in report.advice[0].message and "0.3 s timeout" in report.advice[0].message


def test_a_timed_out_call_whose_retry_is_stopped_is_a_hang_not_a_slow_answer() -> None:
    """finance-calc's depreciation(useful_life=1e300) loops and grows 90 MB/s: the patient
    retry ended in the worker's memory stop, which was counted as an answer ("the tool is
    slow, not hung", advice).  Here the worker dies the same way after the timeout."""
    import os
    import time

    def dies_late(n: int = 0, **_: object) -> int:
        if n > 1000:
            time.sleep(0.5)
            os._exit(9)
        return n

    schema = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"],
              "additionalProperties": False}
    report = fuzz(dies_late, schema=schema, checks=["total"], max_examples=30, seed=0, timeout=0.3)
    hangs = [f for f in report.findings if f.outcome == "timeout"]
    assert len(hangs) == 1 and not any("slow, not hung" in a.message for a in report.advice), report
    assert "when it was repeated it was stopped" in hangs[0].message, hangs[0].message


@pytest.mark.parametrize("value", ["abc", "0", "-1", "inf"])
def test_a_bad_timeout_is_one_usage_error(sheets: pytest.Pytester, value: str) -> None:
    result = sheets.runpytest("--aacl-target", "sheets:TARGET", "--aacl-timeout", value)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert f"--aacl-timeout must be a number of seconds greater than 0, got {value!r}" in result.stderr.str()


def test_a_bad_values_line_is_one_usage_error(sheets: pytest.Pytester) -> None:
    sheets.makeini("[pytest]\naacl_values =\n    just-a-value\n")
    result = sheets.runpytest("--aacl-target", "sheets:TARGET")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "write one 'argument=value' per line" in result.stderr.str()


def test_the_target_option_names_every_form_in_help(sheets: pytest.Pytester) -> None:
    out = sheets.runpytest("--help").stdout.str()
    assert "--aacl-target={MODULE:OBJECT,stdio:CMD,URL}" in out and "--aacl-timeout=SECONDS" in out


WRITER = '''
from mcp.server.mcpserver import MCPServer

server = MCPServer("writer")


@server.tool()
def save(name: str) -> str:
    """Save a note (into the directory the server runs in)."""
    with open("note.txt", "a") as out:
        out.write(name)
    return "saved"


if __name__ == "__main__":
    server.run()
'''


def test_fuzzing_leaves_nothing_in_the_working_directory(pytester: pytest.Pytester) -> None:
    pytest.importorskip("mcp.server.mcpserver")
    import sys

    pytester.makepyfile(writer=WRITER)
    pytester.makeini("[pytest]\naddopts = -p no:randomly -p no:cacheprovider\n")
    before = {p.name for p in pytester.path.iterdir()}
    result = pytester.runpytest("--aacl-target", f"stdio:{sys.executable} writer.py", "--aacl-checks",
                                "no_silent_corruption", "--aacl-max-examples", "5", "--aacl-seed", "0")
    assert "reached the tool" in result.stdout.str(), result.stdout.str()  # the relative script was found
    assert {p.name for p in pytester.path.iterdir()} - before <= {"__pycache__"}  # no .hypothesis, no note.txt


INTERRUPTING = '''
import itertools
import sys
from typing import Any

from pytest_aacl import check

_seen = itertools.count()


@check(inputs=("hallucinated",))
def user_presses_ctrl_c(case, call, ctx):
    """Stands for the user pressing Ctrl-C in the middle of a run."""
    if next(_seen) == 8:
        raise KeyboardInterrupt
'''


def test_an_interrupted_run_still_prints_what_it_found(sheets: pytest.Pytester) -> None:
    sheets.makeconftest(INTERRUPTING)
    sheets.makeini("[pytest]\naddopts = -p no:randomly -p no:cacheprovider\n")
    result = sheets.runpytest_subprocess("--aacl-target", "sheets:TARGET", "--aacl-checks", "user_presses_ctrl_c",
                              "--aacl-max-examples", "40", "--aacl-seed", "0")
    out = result.stdout.str()
    assert result.ret == pytest.ExitCode.INTERRUPTED
    assert "pytest-aacl: interrupted during aacl::read_sheet::user_presses_ctrl_c; found so far:" in out
    assert "read_sheet: 9 calls: 0 reached the tool, 9 refused by it" in out


def test_a_run_of_renderings_only_is_not_a_blocker_when_the_tool_refuses_them() -> None:
    """Rerunning one check (`-k 'tool and no_silent_corruption'`, as the Reproduce line says)
    sends renderings only: a one-argument tool refusing every one of them is working, and
    warned only when a call that varied nothing was refused too (random-mcp's generate_uuid)."""
    renderings = Tally()
    for i in range(12):
        renderings.add("hallucinated", {"version": f"{i}"}, "rejected", f"'{i}' is not of type 'integer'",
                       rendered=frozenset({"version"}))
    assert renderings.reached == 0 and renderings.blocker() is None
    renderings.add("conforming", {"version": 4}, "rejected", "UUID4 is not available")
    assert renderings.blocker() is not None
    assert Tally.from_tuple(renderings.as_tuple()) == renderings


def test_the_reproduce_line_quotes_a_target_with_arguments() -> None:
    from pytest_aacl._plugins.fuzz import _FuzzFailure

    def add(a: int, b: int) -> int:
        return a + int(b)

    report = fuzz(add, checks=["total"], max_examples=30, seed=0)
    text = _FuzzFailure(report, "stdio:python my server.py --db x.db", "add and total").render()
    assert "Reproduce: pytest --aacl-target 'stdio:python my server.py --db x.db' -k 'add and total' --aacl-seed 0" in text


@pytest.mark.parametrize(("answer", "said"), [
    ("Error: Only SELECT queries are allowed for read_query", "Error: Only SELECT queries are allowed for read_query"),
    (['Database error: near "Smith": syntax error'], 'Database error: near "Smith": syntax error'),
    (['{"error": "Unknown objective: \'None\'"}'], "Unknown objective: 'None'"),
    ({"result": "Invalid arguments: min_value must be <= max_value"}, "Invalid arguments: min_value must be <= max_value"),
    (["错误：无法解析日期 '13月45日'"], "错误：无法解析日期 '13月45日'"),
    ({"error": "no such sheet"}, "no such sheet"),
    # an error code with its message beside it (trial 13, mcp-mathematics: the WARNING quoted the code)
    ({"error": "conversion_failed", "message": "Unknown unit type: example"}, "conversion_failed: Unknown unit type: example"),
    (['{"error": "unexpected_error", "details": "Elicitation not supported"}'], "unexpected_error: Elicitation not supported"),
    (["[{'x': 1}]"], ""), ("no lines in section 'types' match 'None'.", ""), ({"result": "The error rate is 5 %"}, ""),
    (["Errors are counted per day"], ""), ({"value": 3, "error": None}, ""), (None, ""),
])
def test_an_answer_that_reports_an_error_in_its_text_is_a_refusal(answer: object, said: str) -> None:
    """Servers answer refusals with `isError` false (mcp-server-sqlite, mcp-abacus): such an
    answer did not get past the tool's checks, so it is counted as refused, and the
    metamorphic check compares no error with anything."""
    from pytest_aacl._reach import error_answer

    assert error_answer(answer) == said
    tally = Tally()
    tally.add("conforming", {"query": "weather in Paris"}, "returned", "", result=answer)
    assert (tally.refused, tally.reached) == ((1, 0) if said else (0, 1))


def test_a_server_refusing_in_plain_text_is_warned_about_not_reported_clean() -> None:
    """mcp-server-sqlite answers "Error: Only SELECT queries are allowed" with `isError`
    false: counted as answers, a run in which no query ever ran looked clean."""
    fastmcp = pytest.importorskip("fastmcp")
    server = fastmcp.FastMCP("db")

    @server.tool
    def read_query(query: str) -> str:
        """Execute a SELECT query on the SQLite database."""
        if not query.strip().upper().startswith("SELECT"):
            return "Error: Only SELECT queries are allowed for read_query"
        return '[{"x": 1}]'

    blocked = fuzz(server, checks=["total", "no_silent_corruption"], max_examples=30, seed=0)
    assert blocked.calls["read_query"].reached == 0
    assert "WARNING read_query" in str(blocked) and "Only SELECT queries are allowed" in str(blocked)
    given = fuzz(server, checks=["total", "no_silent_corruption"], max_examples=30, seed=0,
                 values={"query": "SELECT 1"})
    assert given.calls["read_query"].reached > 0 and "WARNING" not in str(given)


def test_a_null_word_the_answer_quotes_back_is_not_silent() -> None:
    """mcp-abacus's help(search_filter="None") answered "no lines match 'None'": "None" is a
    text a search may mean, and the answer says what was done with it.  A tool that takes
    the word as text without saying so is still reported."""
    fastmcp = pytest.importorskip("fastmcp")
    server = fastmcp.FastMCP("docs")
    lines = ["add: a + b", "sub: a - b"]

    @server.tool
    def search_help(search_filter: str | None = None) -> str:
        """Search the help text; no filter gives all of it."""
        found = [line for line in lines if search_filter is None or search_filter in line]
        return "\n".join(found) if found else f"no lines match '{search_filter}'"

    @server.tool
    def count_help(search_filter: str | None = None) -> int:
        """How many help lines match the filter; no filter counts all of them."""
        return sum(search_filter is None or search_filter in line for line in lines)

    report = fuzz(server, checks=["no_silent_corruption"], max_examples=40, seed=0)
    assert {f.tool for f in report.findings} == {"count_help"}, report


def test_a_null_word_shown_back_as_a_value_is_not_silent_even_beside_other_renderings() -> None:
    """vibe-math's convert_units(..., context='null', output_mode=['full']) answered
    `"context": "null"` where the call without a context shows none: a free-text label may be
    "null", and the answer shows how it was read.  It was reported as read differently, with
    output_mode (which changed nothing) blamed too.  A tool that reads the word silently is
    still reported (count_label)."""
    fastmcp = pytest.importorskip("fastmcp")
    server = fastmcp.FastMCP("units")

    @server.tool
    def convert(value: float, unit: str = "m", context: str | None = None) -> dict:
        """Convert a length to centimetres; context is a free-text label echoed back."""
        out: dict = {"result": value * 100, "unit": unit}
        if context is not None:
            out["context"] = context
        return out

    @server.tool
    def count_label(value: float, context: str | None = None) -> int:
        """How long the label is; no label counts 0."""
        return len(context or "") + int(value * 0)

    report = fuzz(server, checks=["no_silent_corruption"], max_examples=60, seed=0)
    assert "convert" not in {f.tool for f in report.findings}, report
    assert any(f.tool == "count_label" and "context" in str(f) for f in report.findings), report


def test_a_python_error_relayed_as_an_answer_is_a_crash_not_a_refusal() -> None:
    """date-calculator-ai-mcp 1.0.11 answered every call "Error executing tool days_between:
    name 'timezone' is not defined" with `isError`: counted as refusals, the report only said
    that nothing reached the tool.  A refusal in the tool's own words stays a refusal."""
    fastmcp = pytest.importorskip("fastmcp")
    server = fastmcp.FastMCP("dates")

    @server.tool
    def days_between(start: str, end: str) -> int:
        """Days from start to end (ISO dates)."""
        raise NameError("name 'timezone' is not defined")  # what its missing import raised

    @server.tool
    def weekday(date: str) -> str:
        """The weekday of an ISO date."""
        if len(date) != 10:
            raise ValueError(f"date must be YYYY-MM-DD, got {date!r}")
        return "Monday"

    report = fuzz(server, checks=["total"], max_examples=20, seed=0)
    crashes = [f for f in report.findings if f.tool == "days_between"]
    assert len(crashes) == 1 and "name 'timezone' is not defined" in crashes[0].message  # one cause, one finding
    assert not [f for f in report.findings if f.tool == "weekday"]
    assert report.calls["weekday"].refused > 0


def test_a_refusal_quoting_a_huge_argument_back_is_a_refusal_not_a_hang() -> None:
    """mcp-server-calculator answers `Unknown identifier: <the 100,000 characters sent>`: the
    crash-wording search once backtracked over the whole answer, and the call was reported
    as hung (a false finding)."""
    fastmcp = pytest.importorskip("fastmcp")
    server = fastmcp.FastMCP("calc")

    @server.tool
    def calculate(expression: str) -> str:
        """Evaluate an arithmetic expression."""
        if not expression.replace(" ", "").replace("+", "").isdigit():
            raise ValueError(f"Unknown identifier: {expression}")
        return str(sum(int(part) for part in expression.split("+")))

    report = fuzz(server, checks=["total"], seed=0)
    assert not report.findings, str(report)
    assert report.calls["calculate"].timeout == 0


def test_a_renamed_key_the_tool_refuses_is_never_named_as_a_blocker() -> None:
    """The fuzzer sends `digest_size` as `digestSize` (a key-case rendering); a tool refusing
    the unknown key is right, and the run must not advise a value for `digestSize`, which is
    no argument of the tool (mcp-hashlib: six such warnings)."""
    schema = {"type": "object", "properties": {"text": {"type": "string"},
                                               "digest_size": {"type": "integer", "minimum": 1, "maximum": 64}},
              "required": ["text", "digest_size"], "additionalProperties": False}

    def blake(**kwargs: object) -> str:
        unknown = sorted(set(kwargs) - {"text", "digest_size"})
        if unknown:
            raise ValueError(f"unexpected argument {unknown[0]}")
        return f"{kwargs['text']}:{kwargs['digest_size']}"

    report = fuzz(blake, schema=schema, checks=["no_silent_corruption"], max_examples=60, seed=0)
    sent = [k for f in report.findings for k in f.args]
    tally = report.calls["blake"]
    assert tally.valid and "digestSize" not in str(report), (sent, str(report)[-800:])
    assert tally.blocker() is None


@pytest.mark.parametrize("prefix", ["❌ 执行错误: ", "Error: "])
def test_a_crash_answered_as_text_is_reported_as_a_crash(prefix: str) -> None:
    """mcp-cronos and bming-utility-mcp catch everything and answer the exception's text
    (`'float' object cannot be interpreted as an integer` for `5.0`), unmarked.  That is a
    crash, reported as one: not silent corruption, and not hidden as a refusal either."""
    schema = {"type": "object", "properties": {"count": {"type": "integer", "minimum": 1, "maximum": 10}},
              "required": ["count"]}

    def roll(count: object) -> str:
        try:
            return str(list(range(count)))  # type: ignore[call-overload]
        except Exception as exc:
            return f"{prefix}{exc}"

    report = fuzz(roll, schema=schema, checks=["no_silent_corruption"], max_examples=60, seed=0)
    crashes = [f for f in report.findings if "crash in the answer" in f.key]
    assert crashes and all("crashed on the rendering" in f.message for f in crashes), report.findings
    assert not [f for f in report.findings if f not in crashes and "result" in f.key[1:2]]


def test_values_a_description_spells_out_get_past_checks_the_schema_does_not_state() -> None:
    """Real tool schemas often say only in prose what the code checks: "in YYYY-MM-DD
    format", "Valid values are: 'RED', 'BLUE'", a JSON example.  The fuzzer's valid calls must
    use those, or nothing is tested past the check (analytics-mcp: 0 of 700 calls reached)."""
    schema = {"type": "object", "required": ["day", "color", "fields"], "properties": {
        "day": {"type": "string", "description": "The start date in YYYY-MM-DD format (inclusive)."},
        "color": {"type": "string", "description": "Colour of the mark. Valid values are: 'RED', 'BLUE'."},
        "fields": {"type": "string", "description": 'JSON text of the fields, e.g. {"summary": "Access issue"}'}}}

    def annotate(day: str, color: str, fields: str) -> str:
        import datetime

        datetime.date.fromisoformat(day)
        if color.upper() not in ("RED", "BLUE"):
            raise ValueError(f"invalid color {color!r}")
        if not isinstance(json.loads(fields), dict):
            raise ValueError("fields must be a JSON object")
        return "ok"

    report = fuzz(annotate, schema=schema, checks=["total"], max_examples=40, seed=0)
    tally = report.calls["annotate"]
    assert tally.reached >= 1, tally.line()  # the realistic call, built from what the descriptions say


def test_the_same_crash_wording_on_two_fields_is_two_findings() -> None:
    """mcp-cronos crashed alike on `mese=5.0` and `anno=5.0`: two arguments, two defects."""
    schema = {"type": "object", "required": ["month", "year"], "properties": {
        "month": {"type": "integer", "minimum": 1, "maximum": 12}, "year": {"type": "integer", "minimum": 1}}}

    def days(month: object, year: object) -> str:
        try:
            return str(len(range(month)) + len(range(year)))  # type: ignore[call-overload]
        except Exception as exc:
            return f"errore: {exc}"

    report = fuzz(days, schema=schema, checks=["no_silent_corruption"], max_examples=80, seed=0)
    crashed = {f.key[-1] for f in report.findings if "crash in the answer" in f.key}
    assert crashed == {"month", "year"}, report.findings



def paired(dates: Any = None, amounts: Any = None, **extra: Any) -> float:
    """Cash flows: one amount per date (pyxirr-mcp-server's rule, which its schema does not state)."""
    if extra or not isinstance(dates, list) or not isinstance(amounts, list):
        raise ValueError("dates and amounts: expected two lists")
    if not all(isinstance(a, (int, float)) and not isinstance(a, bool) for a in amounts):
        raise ValueError("amounts: expected numbers")
    if len(dates) != len(amounts):
        raise ValueError(f"dates and amounts must have the same length (got {len(dates)} dates, {len(amounts)} amounts)")
    if not any(a > 0 for a in amounts) or not any(a < 0 for a in amounts):
        raise ValueError("cash flows must contain at least one positive and one negative value")
    return sum(amounts)


def _iso(day: Any) -> str:
    import datetime

    try:
        return datetime.date.fromisoformat(day).isoformat()
    except (TypeError, ValueError):
        raise ValueError(f"Invalid isoformat string: {day!r}") from None


PAIRED = {"type": "object", "required": ["dates", "amounts"], "additionalProperties": False, "properties": {
    "dates": {"type": "array", "items": {"type": "string", "format": "date"}},
    "amounts": {"type": "array", "items": {"type": "number"}}}}


def test_a_tool_whose_own_checks_refuse_most_schema_valid_calls_is_warned_about() -> None:
    """No single argument is to blame (the rule ties two together), yet few valid calls got
    past it: "no findings" would overstate what was tested (trial 7: xirr, 7 of 331 reached)."""
    report = fuzz(paired, schema=PAIRED, checks=["total"], max_examples=60, seed=0)
    tally = report.calls["paired"]
    low = tally.low_reach()
    assert low is not None and low[1] >= 10 and low[0] <= 0.25 * low[1], tally
    text = str(report)
    assert "no findings in what was tested, but see the WARNING" in text, text
    assert f"WARNING paired: only {low[0]} of {low[1]} schema-valid calls reached the tool" in text
    given = fuzz(paired, schema=PAIRED, checks=["total"], max_examples=60, seed=0,
                 values={"dates": ["2025-01-01", "2026-01-01"], "amounts": [-100.0, 110.0]})
    assert given.calls["paired"].values_given and "WARNING" not in str(given), str(given)
    # a tool refusing only the values it was sent, by a message quoting them, is not warned about
    judged = fuzz(lambda day="": _iso(day), schema={"type": "object", "properties": {"day": {"type": "string",
                  "description": "a day, YYYY-MM-DD"}}, "required": ["day"]}, checks=["total"], max_examples=60, seed=0)
    assert "WARNING" not in str(judged), str(judged)
    copy = Tally.from_tuple(tally.as_tuple())
    assert copy == tally and copy.low_reach() == tally.low_reach() is not None


def test_black_box_checks_not_applicable_are_one_line_for_a_server() -> None:
    pytest.importorskip("mcp.server.mcpserver")
    from mcp.server.mcpserver import MCPServer

    server = MCPServer("pair")
    for name in ("first", "second", "third"):
        server.add_tool(lambda text="": text, name=name, description="Echo the text.")
    text = str(fuzz(server, max_examples=10, seed=0))
    lines = [line for line in text.splitlines() if line.startswith("not applicable")]
    assert lines == ["not applicable: identity_on_canonical, rejects_invalid, typed_implementation, idempotent on "
                     "3 tools (first, second, third): judges what reaches the implementation; the tool is fuzzed as a "
                     "black box (name the implementation with implementation= to run it)"], text
    assert "coverage: 3 tools (first, second, third): " in text, text


@pytest.mark.parametrize(("message", "throttled"), [
    ("Rate limit exceeded: 100 requests per 1 minutes for client: global", True),
    ("HTTP 429 Too Many Requests", True),
    ("You are being rate-limited; retry in 30 s", True),
    ("rate_limit must be a positive integer", False),  # a tool with a rate-limit argument
    ("invalid id 429", False),
    ("limit must be at most 100", False),
])
def test_what_reads_as_a_rate_limit(message: str, throttled: bool) -> None:
    from pytest_aacl._reach import RATE_LIMITED

    assert bool(RATE_LIMITED.search(message)) is throttled


def test_the_warning_quotes_what_stopped_valid_calls_not_a_rendering_refused_for_itself() -> None:
    """Trial 8 (calcnook-mcp): the WARNING quoted "'1500' is not of type 'number'", a rendering's
    own refusal, while every valid call was stopped by "Only 2026 brackets are available"."""
    tally = Tally(refused=20, valid=20, valid_refused=20, unexplained=20,
                  said={"income": "'1500' is not of type 'number'"},
                  said_valid="Only 2026 brackets are available in this version")
    found = tally.blocker()
    assert found is not None and found[0] == "" and found[3] == "Only 2026 brackets are available in this version", found


def rates_impl(path: str) -> dict[str, Any]:
    return {"path": path}


def historical_rates(base: Any = "EUR", date: Any = None, start: Any = None, end: Any = None) -> Any:
    """A date, or a range, never both (frankfurtermcp); behind that rule, a range ending
    before it starts crashes the layer."""
    import datetime

    if date is not None and (start is not None or end is not None):
        raise ValueError("give either a date or a range (start, end), not both")
    if date is None and start is None:
        raise ValueError("give a date or a range start")
    if not isinstance(base, str):
        raise ValueError("base: expected a currency code")
    if date is not None:
        return rates_impl(path=f"{datetime.date.fromisoformat(date)}")
    first = datetime.date.fromisoformat(start)
    last = datetime.date.fromisoformat(end) if end is not None else first
    days = (last - first).days
    return rates_impl(path=f"{first}..{last}/{365 // days}")  # the defect: a one-day range divides by zero


def test_a_refused_plain_call_is_replaced_by_a_near_one_the_tool_accepts() -> None:
    """The realistic plain call sets every optional field, so the tool refuses it and every
    one-field change of it; the run finds a call near it the tool accepts (here: without
    `date`), builds the coverage phase on it, and says so."""
    schema = {"type": "object", "properties": {
        "base": {"type": "string"}, "date": {"type": "string", "format": "date"},
        "start": {"type": "string", "format": "date"}, "end": {"type": "string", "format": "date"}}}
    report = fuzz(historical_rates, schema=schema, implementation=(sys.modules[__name__], "rates_impl"),
                  checks=["total", "identity_on_canonical"], max_examples=60, seed=0)
    tally = report.calls["historical_rates"]
    assert '"date"' not in tally.rebased and '"start"' in tally.rebased, tally.rebased
    assert "the realistic plain call was refused; the cases were built on" in str(report)
    assert any(f.check == "total" and "ZeroDivisionError" in f.message for f in report.findings), str(report)


def integrate(func: str, a: float = 0.0, b: float = 1.0, level: float = 0.95, t0: float = 0.0,
              t_end: float = 10.0) -> float:
    """mathmethods-mcp's checks: each default is valid, the same number for every field is not."""
    if not 0 < level < 1:
        raise ValueError("level must be in (0, 1)")
    if b <= a:
        raise ValueError("b must be greater than a")
    if t_end <= t0:
        raise ValueError("t_end must be greater than t0")
    return b - a


def test_the_plain_call_takes_the_schemas_own_numeric_defaults() -> None:
    """Trial 13 (mathmethods-mcp): 18 of 29 tools reached nothing; the base sent one number
    everywhere (a = b, t0 = t_end, level 2.5), while the author's defaults were all accepted."""
    report = fuzz(integrate, checks=["total"], max_examples=40, seed=0)
    tally = report.calls["integrate"]
    assert not tally.rebased, tally.rebased  # accepted as built: no probing needed
    assert tally.reached > 0, tally


def spans(func: str, a: float, b: float, t0: float, t_end: float, steps: int) -> float:
    """The same rules without defaults: only distinct, increasing numbers pass them."""
    if b <= a:
        raise ValueError("b must be greater than a")
    if t_end <= t0:
        raise ValueError("t_end must be greater than t0")
    return (b - a) / steps


def test_sibling_numbers_of_the_plain_call_increase_in_the_order_they_are_declared() -> None:
    """One realistic number for every field made `a == b`: each such rule refused every call."""
    from pytest_aacl.strategies._base import base_call
    from pytest_aacl.strategies._schema import build

    from pytest_aacl import from_function

    call = base_call(build(from_function(spans).parameters))
    assert call is not None and call["a"] < call["b"] < call["t0"] < call["t_end"], call
    report = fuzz(spans, checks=["total"], max_examples=40, seed=0)
    assert not report.calls["spans"].rebased and report.calls["spans"].reached > 0, report.calls["spans"]


def test_a_report_of_an_interrupted_fuzz_call_says_so_and_is_not_ok() -> None:
    """`fuzz()` interrupted (Ctrl-C, SIGINT) hands its report over on the KeyboardInterrupt;
    that report said "no findings" and `ok` was True, as if the run had passed (trial 10)."""
    import pytest_aacl
    from pytest_aacl import check, fuzz

    seen = [0]

    @check(inputs=("hallucinated",))
    def presses_ctrl_c(case: Any, call: Any, ctx: Any) -> None:
        seen[0] += 1
        if seen[0] == 5:
            raise KeyboardInterrupt

    def first(n: int) -> int:
        return n

    try:
        with pytest.raises(KeyboardInterrupt) as stopped:
            fuzz(first, checks=["presses_ctrl_c"], max_examples=20, seed=0)
    finally:
        pytest_aacl.CHECKS.pop("presses_ctrl_c", None)
    report = stopped.value.aacl_report  # type: ignore[attr-defined]
    assert report.interrupted == "first" and not report.ok
    text = str(report)
    assert text.startswith("INTERRUPTED while fuzzing first:"), text
    assert "no findings before the run was interrupted" in text


def test_a_value_among_the_alternatives_a_refusal_offers_is_not_what_it_refuses() -> None:
    """Trial 12 (color-mcp-server): "Format muss in ['hex', 'hsl', 'hsv', 'rgb'] sein", for a
    varied `target`, was blamed on `source='hex'` (given by the user), quoted in the list."""
    tally = Tally()
    for i in range(10):
        tally.add("conforming", {"value": "#ff0000", "source": "hex", "target": f"x{i} y"}, "rejected",
                  "Format muss in ['hex', 'hsl', 'hsv', 'rgb'] sein", rendered=frozenset({"target"}))
    assert tally.stopped["source"] == 0 and tally.blocker() is None
    assert refused_argument({"source": "hexx", "target": "rgb"}, "unknown format 'hexx'; one of: hex, rgb") == "source"


def test_a_one_argument_tool_judging_drawn_values_after_one_got_through_is_no_warning() -> None:
    """Trial 12 (mcp-server-calculator): "2 + 3" reached the tool and drawn strings were refused
    "invalid syntax"; the WARNING to give example values was noise (given one, reach was the same)."""

    def calculate(expression: str, **extra: object) -> float:
        """Evaluate an arithmetic expression, e.g. '2 + 3'."""
        import ast

        if extra or not isinstance(expression, str):
            raise ValueError("expression: a text such as '2 + 3' is expected")
        try:
            tree = ast.parse(expression, mode="eval")
        except SyntaxError as exc:
            raise ValueError(f"invalid syntax ({exc.msg})") from None
        if not all(isinstance(n, (ast.Expression, ast.BinOp, ast.Constant, ast.operator, ast.UnaryOp, ast.unaryop))
                   for n in ast.walk(tree)):
            raise ValueError("only numbers and + - * / are allowed")
        try:
            return float(eval(compile(tree, "<expr>", "eval"), {"__builtins__": {}}))
        except (ArithmeticError, TypeError) as exc:
            raise ValueError(f"cannot evaluate: {exc}") from None

    schema = {"type": "object", "properties": {"expression": {"type": "string", "description": "e.g. '2 + 3'"}},
              "required": ["expression"], "additionalProperties": False}
    report = fuzz(calculate, schema=schema, checks=["no_silent_corruption", "total"], max_examples=60, seed=0)
    assert report.calls["calculate"].reached > 0 and "WARNING" not in str(report), str(report)


def test_the_hosts_wrapper_is_not_learnt_as_one_fields_wording() -> None:
    """Trial 12 (mcp-units, -k correction_quality): "Input validation error: 'from_unit' ..." was
    learnt as `from_unit`'s wording, and then "Input validation error: 'ML' is not one of [...]",
    a rendering of `to_unit` refused for itself, was counted as `from_unit` stopping the call."""
    tally = Tally()
    tally.add("hallucinated", {"from_unit": "mll", "to_unit": "l", "value": 1}, "rejected",
              "Input validation error: 'mll' is not one of ['ml', 'l']", rendered=frozenset({"from_unit"}))
    for i in range(10):
        tally.add("hallucinated", {"from_unit": "ml", "to_unit": "L", "value": i}, "rejected",
                  "Input validation error: 'L' is not one of ['ml', 'l']", rendered=frozenset({"to_unit"}))
    assert tally.stopped["from_unit"] == 0 and tally.blocker() is None


def test_a_value_that_explores_refused_is_no_reason_to_warn() -> None:
    """Trial 14 (nwtools-mcp): the numbers inside `192.168.1.0/24` made huge were refused ("At
    most 3 characters permitted in '100000000000'"), correctly, and three tools drew "only 1 of
    14 schema-valid calls reached the tool ... little was tested past them" WARNINGs though the
    plain call was accepted.  Such values are not counted; and once the plain call got through,
    the WARNING says what is true: the schema allows much the tool refuses."""
    import ipaddress

    def overlap(cidr_a: str, cidr_b: str) -> bool:
        """Whether two IPv4 networks overlap."""
        return ipaddress.IPv4Network(cidr_a, strict=False).overlaps(ipaddress.IPv4Network(cidr_b, strict=False))

    report = fuzz(overlap, seed=0)
    tally = report.calls["overlap"]
    assert tally.plain_reached and "At most 3 characters" not in tally.said_valid, tally
    text = str(report)
    assert "little was tested" not in text and "the schema allows much the tool refuses" in text, text
