"""The plugin as a user meets it: a project, a command line, and what pytest prints."""

from __future__ import annotations

import textwrap

import hypothesis.internal.observability
import pytest
import pytest_aacl.strategies

import pytest_aacl._boundary
import pytest_aacl._fuzz

# imported up front so pytester's sys.modules snapshot keeps one copy of each for every run
# (one copy of the Tool class; and hypothesis' plugin re-imports observability otherwise)
assert pytest_aacl._boundary and pytest_aacl._fuzz and pytest_aacl.strategies and hypothesis.internal.observability

GOOD = '''
from pytest_aacl import boundary

@boundary
def add(a: int, b: int = 1) -> int:
    """Add two numbers."""
    return a + b
'''

BUGGY = '''
import sys

SCHEMA = {
    "type": "object",
    "properties": {"name": {"type": "string", "minLength": 1}, "enabled": {"type": "boolean"}},
    "required": ["name", "enabled"],
    "additionalProperties": False,
}

def store(name: str, enabled: bool) -> None:
    raise RuntimeError("the fuzzer must not reach the real implementation")

def set_flag(name, enabled):
    if not isinstance(name, str) or not name:
        raise ValueError(f"INVALID_NAME: name must be a non-empty string; received {name!r}")
    return store(name=name, enabled=str(enabled).strip().lower() in ("true", "1", "yes", "on"))

TARGETS = [{"target": set_flag, "schema": SCHEMA, "implementation": (sys.modules[__name__], "store")}]
'''

CHECK_NAMES = ["no_silent_corruption", "identity_on_canonical", "rejects_invalid", "total",
               "typed_implementation", "correction_quality", "idempotent"]


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makepyfile(good_tools=GOOD, buggy_tools=BUGGY)
    pytester.makeini("[pytest]\naddopts = -p no:randomly -p no:cacheprovider --strict-markers\n")
    return pytester


def test_one_item_per_tool_and_check(project: pytest.Pytester) -> None:
    result = project.runpytest("--co", "-q", "--aacl-target", "good_tools:add")
    order = sorted(CHECK_NAMES, key=lambda name: name != "total")  # total first: it reports crashes once
    result.stdout.fnmatch_lines([f"aacl::add::{name}" for name in order] + ["7 tests collected*"])
    assert result.ret == 0


def test_a_correct_tool_passes(project: pytest.Pytester) -> None:
    result = project.runpytest("--aacl-target", "good_tools:add", "--aacl-max-examples", "25", "--aacl-seed", "1")
    result.assert_outcomes(passed=7)


def test_a_check_with_nothing_to_generate_is_skipped_with_the_reason(project: pytest.Pytester) -> None:
    project.makepyfile(blob_tools=(
        "from pytest_aacl import boundary\n"
        "store = boundary(lambda **kw: kw, schema={'type': 'object', 'properties': {'blob': {}}}, name='store')\n"
    ))
    result = project.runpytest("--aacl-target", "blob_tools:store", "--aacl-max-examples", "10",
                               "-k", "no_silent_corruption or identity_on_canonical", "-rs")
    result.assert_outcomes(passed=1, skipped=1, deselected=5)
    result.stdout.fnmatch_lines(["*SKIPPED*store::no_silent_corruption: hallucinated: no argument of this schema*"])


def test_a_buggy_tool_fails_with_the_right_check_and_a_readable_message(project: pytest.Pytester) -> None:
    result = project.runpytest("--aacl-target", "buggy_tools:TARGETS", "--aacl-max-examples", "80",
                               "--aacl-seed", "1", "-k", "rejects_invalid")
    result.assert_outcomes(failed=1, deselected=6)
    out = result.stdout.str()
    result.stdout.fnmatch_lines([
        "*_ aacl::set_flag::rejects_invalid _*",
        "set_flag: * defect(s) found by rejects_invalid",
        "=====*",
        "[[]rejects_invalid[]] invalid arguments reached the implementation: *",
        "    set_flag(*",
        "Reproduce: pytest --aacl-target buggy_tools:TARGETS -k 'set_flag and rejects_invalid' --aacl-seed 1",
        "*pytest-aacl findings*",
        "set_flag: rejects_invalid found * defect(s)",
    ])
    assert "Falsifying example" not in out and "Traceback (most recent call last)" not in out
    assert "RuntimeError" not in out  # the spy stood in for the real implementation


def test_ini_targets_and_marker_selection_with_strict_markers(project: pytest.Pytester) -> None:
    project.makeini("[pytest]\naddopts = -p no:randomly --strict-markers\naacl_targets =\n    good_tools:add\n")
    result = project.runpytest("-m", "aacl", "--aacl-checks", "total,idempotent", "--aacl-max-examples", "15")
    result.assert_outcomes(passed=2)


def test_exitfirst_and_last_failed(project: pytest.Pytester) -> None:
    project.makeini("[pytest]\naddopts = -p no:randomly --strict-markers\n")
    args = ["--aacl-target", "buggy_tools:TARGETS", "--aacl-max-examples", "40", "--aacl-seed", "2",
            "--aacl-checks", "rejects_invalid,identity_on_canonical,total"]
    project.runpytest(*args).assert_outcomes(passed=1, failed=2)
    project.runpytest(*args, "-x").assert_outcomes(failed=1)
    rerun = project.runpytest(*args, "--lf")
    rerun.assert_outcomes(failed=2, deselected=1)
    rerun.stdout.fnmatch_lines(["run-last-failure: rerun previous 2 failures*"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--aacl-max-examples", "many"], "ERROR: --aacl-max-examples must be a positive integer, got 'many'"),
        (["--aacl-seed", "1.5"], "ERROR: --aacl-seed must be an integer, got '1.5'"),
        (["--aacl-checks", "total,nope"], "ERROR: --aacl-checks: unknown check nope; choose from no_silent_corruption, *"),
        (["--aacl-target", "good_tools"], "ERROR: --aacl-target: target 'good_tools' is not a reference to a tool; pass 'module:object'*"),
        (["--aacl-target", "missing_mod:x"], "ERROR: --aacl-target: target 'missing_mod:x': cannot import module 'missing_mod'*"),
        (["--aacl-target", "good_tools:nothing"], "ERROR: --aacl-target: target 'good_tools:nothing': module 'good_tools' has no attribute 'nothing'"),
        (["--aacl-target", "buggy_tools:SCHEMA"], "ERROR: --aacl-target: an OpenAI tool spec needs implementation=*"),
        (["--aacl-target", "buggy_tools:sys"], "ERROR: --aacl-target: target=<module 'sys' (built-in)> is not a tool*"),
        # a bare hand-written function: the message says where implementation= goes on a command line
        (["--aacl-target", "buggy_tools:set_flag"], "ERROR: --aacl-target: 'set_flag': *point --aacl-target at a dict of fuzz() arguments*"),
    ],
)
def test_bad_options_are_one_clear_usage_error(project: pytest.Pytester, args: list[str], message: str) -> None:
    result = project.runpytest(*args)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([message])
    assert "Traceback" not in result.stderr.str()


def test_fixture_fuzzes_inside_a_test_and_can_be_overridden(project: pytest.Pytester) -> None:
    project.makepyfile(test_tools=textwrap.dedent('''
        import buggy_tools, good_tools

        def test_good(aacl_tool):
            report = aacl_tool(good_tools.add).fuzz(max_examples=15, seed=0)
            assert report.ok and report.examples_run > 0

        def test_buggy(aacl_tool):
            tool = aacl_tool(buggy_tools.set_flag, schema=buggy_tools.SCHEMA,
                             implementation=(buggy_tools, "store"))
            tool.fuzz(checks=["rejects_invalid"], max_examples=60, seed=1)
    '''))
    result = project.runpytest("test_tools.py")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*AssertionError: pytest-aacl found defects*", "*[[]rejects_invalid[]]*"])

    project.makeconftest('''
        import pytest

        @pytest.fixture
        def aacl_tool():
            def wrap(target, **how):
                raise RuntimeError("overridden by the user's conftest")
            return wrap
    ''')
    overridden = project.runpytest("test_tools.py")
    overridden.stdout.fnmatch_lines(["*overridden by the user's conftest*"])


def test_autoload_disabled_with_p_aacl_and_xdist(project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("xdist")
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    result = project.runpytest_subprocess("-p", "aacl", "-p", "xdist", "-n", "2", "--aacl-target", "good_tools:add",
                                          "--aacl-max-examples", "10")
    result.assert_outcomes(passed=7)
    without = project.runpytest_subprocess("--aacl-target", "good_tools:add")
    assert without.ret == pytest.ExitCode.USAGE_ERROR  # the option does not exist without -p aacl


def test_an_unused_plugin_imports_nothing_heavy(project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    project.makeconftest('''
        import sys

        def pytest_sessionfinish(session):
            heavy = [m for m in ("hypothesis", "jsonschema", "vcr", "pytest_aacl._boundary",
                                 "pytest_aacl.strategies", "pytest_aacl._fuzz") if m in sys.modules]
            print("HEAVY:", ",".join(heavy) or "none")
    ''')
    project.makepyfile(test_plain="def test_ok():\n    assert True\n")
    result = project.runpytest_subprocess("-p", "aacl", "-s")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*HEAVY: none"])


def test_a_target_module_that_fails_to_import_is_one_usage_error(pytester: pytest.Pytester) -> None:
    # before: @boundary's decoration-time SpecError (or any import error) was an INTERNALERROR dump
    pytester.makepyfile(bad_tools="import decimal\nfrom pytest_aacl import boundary\n\n\n"
                                  "@boundary\ndef f(a: decimal.Decimal) -> None: ...\n")
    result = pytester.runpytest("--aacl-target", "bad_tools:f")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: --aacl-target: target 'bad_tools:f': importing module 'bad_tools' raised "
                                 "SpecError at *bad_tools.py:5: invalid tool spec at a: unsupported annotation Decimal*"])
    assert "INTERNALERROR" not in result.stdout.str() + result.stderr.str()


VAGUE = '''
import logging
import sys

SCHEMA = {
    "type": "object",
    "properties": {"name": {"type": "string"}, "enabled": {"type": "boolean"}},
    "required": ["name", "enabled"],
    "additionalProperties": False,
}
CALLS = []

def store(name, enabled):
    return None

def set_flag(name=None, enabled=None, **extra):
    CALLS.append(name)
    logging.getLogger("vague").warning("refusing a call\\nwith a second line")
    if extra or not isinstance(name, str) or not isinstance(enabled, bool):
        raise ValueError("bad input")
    return store(name=name, enabled=enabled)

TARGETS = [{"target": set_flag, "schema": SCHEMA, "implementation": (sys.modules[__name__], "store")}]
'''


def test_advice_passes_by_default_and_fails_when_asked(project: pytest.Pytester) -> None:
    project.makepyfile(vague_tools=VAGUE)
    args = ["--aacl-target", "vague_tools:TARGETS", "--aacl-checks", "correction_quality,total",
            "--aacl-max-examples", "30", "--aacl-seed", "1"]
    result = project.runpytest(*args)
    result.assert_outcomes(passed=2)
    # a passing item prints nothing: the summary shows what the advice says, not only its count
    result.stdout.fnmatch_lines(["*pytest-aacl advice*", "correction_quality: * piece(s) of advice on 1 tool(s) (set_flag); not failing*",
                                 "  [[]correction_quality[]] set_flag: *", "      Fix: make the correction*"])
    strict = project.runpytest(*args, "--aacl-advice-fails")
    strict.assert_outcomes(passed=1, failed=1)
    strict.stdout.fnmatch_lines(["[[]correction_quality[]] the correction lacks the field name*", "    Fix: make the correction*"])
    project.makeini("[pytest]\naddopts = -p no:randomly -p no:cacheprovider\naacl_advice_fails = true\n")
    project.runpytest(*args).assert_outcomes(passed=1, failed=1)


def test_a_failing_item_stays_bounded_when_the_tool_floods_its_logs(project: pytest.Pytester) -> None:
    project.makepyfile(vague_tools=VAGUE.replace('raise ValueError("bad input")', 'raise KeyError(name)'))
    result = project.runpytest("--aacl-target", "vague_tools:TARGETS", "--aacl-checks", "total",
                               "--aacl-max-examples", "60", "--aacl-seed", "1")
    result.assert_outcomes(failed=1)
    out = result.stdout.str()
    # the tool runs in its own process: its log flood stays there; the report is bounded
    assert out.count("refusing a call") <= 60 and len(out.splitlines()) < 400
    result.stdout.fnmatch_lines(["*[[]total[]]*KeyError*"])


#: a conftest whose `aacl_reset` leaves one line on disk per call (it runs in the worker)
_RESET_FIXTURE = '''
import pytest

@pytest.fixture
def aacl_reset(tmp_path):
    def reset():  # runs in the tool's worker process: leave evidence on disk
        with open(tmp_path / "resets", "a") as handle:
            handle.write("reset\\n")
    return reset
'''


def test_the_reset_fixture_runs_before_every_call(project: pytest.Pytester) -> None:
    project.makepyfile(vague_tools=VAGUE)
    project.makeconftest(_RESET_FIXTURE + '''
def pytest_sessionfinish(session):
    import pathlib
    files = list(pathlib.Path(str(session.config._tmp_path_factory.getbasetemp())).rglob("resets"))
    print(f"\\nresets={sum(len(f.read_text().split()) for f in files)} dirs={len(files)}")
''')
    result = project.runpytest("--aacl-target", "vague_tools:TARGETS", "--aacl-checks", "identity_on_canonical,total",
                               "--aacl-max-examples", "20", "--aacl-seed", "1", "-s")
    result.assert_outcomes(passed=2)
    line = next(x for x in result.stdout.lines if x.startswith("resets="))
    resets, dirs = (int(part.split("=")[1]) for part in line.split())
    assert resets >= 40 and dirs == 2  # one tmp_path per item, a reset before every call


def test_the_fixture_passes_the_reset_hook_too(project: pytest.Pytester) -> None:
    project.makeconftest(_RESET_FIXTURE)
    project.makepyfile(test_reset='''
from good_tools import add

def test_it(aacl_tool, tmp_path):
    aacl_tool(add).fuzz(checks=["total"], max_examples=10, seed=0)
    assert len((tmp_path / "resets").read_text().split()) >= 10
''')
    project.runpytest("test_reset.py").assert_outcomes(passed=1)


DICE = '''
import random

from mcp.server.mcpserver import MCPServer

server = MCPServer("dice")


@server.tool()
def roll(sides: int) -> str:
    """Roll a die with this many sides."""
    return random.choice(["heads", "tails", "edge", "lost"]) + str(random.random())
'''


def test_answers_that_change_by_themselves_are_shown_when_the_item_passes(pytester: pytest.Pytester) -> None:
    """Not reproducible never fails a run, so before it was never seen when the item passed."""
    pytester.makepyfile(dice_server=DICE)
    result = pytester.runpytest("-p", "aacl", "--aacl-target", "dice_server:server",
                                "--aacl-checks", "no_silent_corruption", "--aacl-max-examples", "20", "--aacl-seed", "0")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*pytest-aacl not reproducible*",
                                 "roll: * call(s) answered the same arguments differently, e.g. *not reproducible*",
                                 "Not a defect, and it does not fail the run*aacl_reset*"])


SLOW = """
import time

def lookup(code: int) -> int:
    time.sleep(30)
    return code
"""


def test_a_hang_met_by_another_check_is_totals_finding_and_that_item_is_skipped(pytester: pytest.Pytester) -> None:
    """Every call hangs: the `total` item fails with the hang; `correction_quality`, which met
    the same hang, says so in its skip reason instead of failing with total's finding."""
    pytester.makepyfile(slow=SLOW)
    result = pytester.runpytest("-p", "aacl", "--aacl-target", "slow:lookup", "--aacl-timeout", "0.2",
                                "--aacl-checks", "total,correction_quality", "--aacl-max-examples", "5", "-rfs")
    result.assert_outcomes(failed=1, skipped=1)
    out = result.stdout.str()
    assert "FAILED aacl::lookup::total" in out
    assert "lookup hung on several calls in a row while correction_quality ran" in out
    assert "the hang was reported by an earlier item" in out


def test_a_hang_met_first_by_another_check_fails_that_item(pytester: pytest.Pytester) -> None:
    """Trial 12: `total` had passed before `correction_quality` met the hang, which was then
    skipped as "total's finding" and reported nowhere.  The first item that meets a hang (or a
    crash) reports it, as `total`'s finding; a later item that meets it again is skipped."""
    pytester.makepyfile(slow=SLOW)
    result = pytester.runpytest("-p", "aacl", "--aacl-target", "slow:lookup", "--aacl-timeout", "0.2",
                                "--aacl-checks", "correction_quality,no_silent_corruption", "--aacl-max-examples", "5", "-rfs")
    result.assert_outcomes(failed=1, skipped=1)
    out = result.stdout.str()
    assert "FAILED aacl::lookup::correction_quality" in out
    assert "[total] the tool hangs" in out
    # the summary says whose findings they are (helper trial: "correction_quality found 2" were total's)
    assert "lookup: total found" in out and "correction_quality found" not in out
    assert "lookup hung on several calls in a row while no_silent_corruption ran" in out
    # and the failing item says why a `total` finding is under its name (trial 14 took it for a mix-up)
    assert "(found by total on calls that correction_quality made: a crash, a hang or" in out


def test_advice_of_a_many_tool_server_is_one_line_per_check_and_minus_v_shows_its_words() -> None:
    """A passing item prints nothing, so the words live in the summary; on a 50-tool server
    that would be 150 lines by default, so they wait for -v (the hint says so)."""
    from pytest_aacl._fuzz_session import summary

    advice = [(f"tool{i}", "correction_quality", 1, [f"  [correction_quality] words of tool{i}"]) for i in range(5)]
    [(title, lines)] = summary({}, {}, [], advice)
    assert title == "pytest-aacl advice" and len(lines) == 1 and "-v without -q to read them" in lines[0][0]
    [(_, lines)] = summary({}, {}, [], advice, verbose=True)
    assert "to read them" not in lines[0][0]
    assert ("  [correction_quality] words of tool4", False) in lines
