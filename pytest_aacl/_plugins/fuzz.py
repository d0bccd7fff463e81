"""pytest glue for fuzzing: options, the `aacl_tool` fixture, auto-generated items, reporting.

Only pytest is imported here.  Hypothesis, jsonschema, the boundary and the strategies are
imported when a target or the fixture is actually used, so `-p aacl` in a project that
fuzzes nothing costs a few option definitions.  What needs no pytest (the `aacl_tool`
wrapper, the targets a reference names, an item's failure text, the summary's lines) is in
`pytest_aacl._fuzz_session`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from .._compat.pytest import no_fixtures, use_fixtures

if TYPE_CHECKING:
    from .._fuzz_session import FuzzableTool

_OPTIONS = pytest.StashKey["_Options"]()
#: (tool, finding key) of the hangs and crashes already reported in this session
_TOLD = pytest.StashKey[set]()
#: the advice text one item passes to the session summary (a passing item prints nothing)
_ADVICE_LINES = 12


def _corpus_dir(config: pytest.Config) -> Path | None:
    """The regression corpus (ini `aacl_corpus`, default tests/aacl_corpus), if it exists."""
    try:
        folder = config.rootpath / str(config.getini("aacl_corpus"))
    except ValueError:  # the harness plugin (which declares the ini key) is not loaded
        return None
    return folder if folder.is_dir() else None


@dataclass
class _Options:
    targets: list[str] = field(default_factory=list)
    tools: list[tuple[str, str, Any]] = field(default_factory=list)  # (node name, reference, target)
    checks: list[str] | None = None
    max_examples: int = 100
    seed: int | None = None
    advice_fails: bool = False
    timeout: float | None = None
    values: dict[str, Any] = field(default_factory=dict)


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("aacl", "pytest-aacl: fuzz LLM tool boundaries")
    group.addoption("--aacl-target", action="append", default=[], metavar="{MODULE:OBJECT,stdio:CMD,URL}",
                    help="fuzz this tool (boundary Tool, MCP server, LangChain tool, or a dict of "
                         "fuzz() arguments; 'stdio:<command>' or a local http://127.0.0.1:PORT/mcp URL "
                         "for an MCP server); one test per tool per check. Repeatable.")
    group.addoption("--aacl-timeout", default=None, metavar="SECONDS",
                    help="seconds each fuzzed call may take before it counts as a hang (default: 5)")
    group.addoption("--aacl-checks", default=None, metavar="NAMES",
                    help="comma-separated checks to run (default: all registered checks)")
    group.addoption("--aacl-max-examples", default=None, metavar="N",
                    help="examples per check and tool (default: 100)")
    group.addoption("--aacl-seed", default=None, metavar="N",
                    help="seed for reproducible fuzzing (default: random, printed on failure)")
    group.addoption("--aacl-advice-fails", action="store_true", default=None,
                    help="fail a check whose only findings are advice (e.g. a correction that does not "
                         "name the field); by default advice is printed in the summary and passes")
    parser.addini("aacl_targets", type="linelist", default=[],
                  help="tools to fuzz, one 'module:object' per line (like --aacl-target)")
    parser.addini("aacl_advice_fails", type="bool", default=False,
                  help="like --aacl-advice-fails")
    parser.addini("aacl_values", type="linelist", default=[],
                  help="values the fuzzed tools accept, one 'argument=value' per line (JSON or plain "
                       "text, e.g. 'path=/tmp/book.xlsx'): the intended value of every argument so named; "
                       "'tool.argument=value' for one tool's argument only")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "aacl: an auto-generated pytest-aacl fuzz test")
    config.stash[_OPTIONS] = opts = _parse_options(config)
    if opts.targets:
        opts.tools = _resolve_targets(config, opts.targets, opts.timeout)
    config.pluginmanager.register(_Summary(), "aacl.fuzz.summary")


def _parse_options(config: pytest.Config) -> _Options:
    """Validate every option up front: a bad value is one clear usage error, not a traceback."""
    opts = _Options(targets=[*config.getini("aacl_targets"), *config.getoption("aacl_target")])
    try:
        ini_advice = config.getini("aacl_advice_fails")
    except (ValueError, pytest.UsageError) as exc:  # pytest's reading of a bool: "invalid truth value 'maybe'"
        raise pytest.UsageError(f"aacl_advice_fails: {exc}; use true or false") from None
    opts.advice_fails = bool(config.getoption("aacl_advice_fails") or ini_advice)
    raw = config.getoption("aacl_max_examples")
    if raw is not None:
        opts.max_examples = _positive_int("--aacl-max-examples", raw)
    raw = config.getoption("aacl_seed")
    if raw is not None:
        try:
            opts.seed = int(raw)
        except ValueError:
            raise pytest.UsageError(f"--aacl-seed must be an integer, got {raw!r}") from None
    raw = config.getoption("aacl_timeout")
    if raw is not None:
        try:
            opts.timeout = float(raw)
        except ValueError:
            opts.timeout = 0.0
        if not opts.timeout > 0 or opts.timeout == float("inf"):
            raise pytest.UsageError(f"--aacl-timeout must be a number of seconds greater than 0, got {raw!r}")
    opts.values = _values(config.getini("aacl_values"))
    raw = config.getoption("aacl_checks")
    if raw is not None:
        from .._checks import CHECKS  # lazy: start-up

        names = [n.strip() for n in raw.split(",") if n.strip()]
        unknown = [n for n in names if n not in CHECKS]
        if unknown or not names:
            raise pytest.UsageError(
                f"--aacl-checks: unknown check {', '.join(unknown) or repr(raw)}; choose from {', '.join(CHECKS)}"
            )
        opts.checks = names
    return opts


def _values(lines: list[str]) -> dict[str, Any]:
    """ini `aacl_values`: 'name=value' lines; a value is JSON when it parses as JSON, else text."""
    import json

    values: dict[str, Any] = {}
    for line in lines:
        name, sep, text = line.partition("=")
        if not sep or not name.strip():
            raise pytest.UsageError(f"aacl_values: got the line {line!r}; write one 'argument=value' per line, "
                                    "e.g. 'path=/tmp/book.xlsx'")
        try:
            values[name.strip()] = json.loads(text)
        except ValueError:
            values[name.strip()] = text.strip()
    return values


def _positive_int(option: str, raw: str) -> int:
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if value < 1:
        raise pytest.UsageError(f"{option} must be a positive integer, got {raw!r}")
    return value


# -- auto-generated items -------------------------------------------------------------------


class AaclTool(pytest.Collector):
    """One fuzzed tool; its children are one item per check (`aacl::<tool>::<check>`)."""

    def __init__(self, *, target: Any, reference: str, checks: list[str], **kw: Any) -> None:
        super().__init__(**kw)
        self.target = target
        self.reference = reference
        self.checks = checks

    def collect(self) -> list[pytest.Item]:
        items = []
        # `total` first: a crash or hang another check meets later is then reported only when
        # `total` did not meet it itself (see AaclItem.runtest), never twice
        for check in sorted(self.checks, key=lambda c: c != "total"):
            item = AaclItem.from_parent(self, name=check, callobj=_run_check, fixtureinfo=no_fixtures())
            use_fixtures(item, ("aacl_reset",))  # needs the item itself as the lookup node
            items.append(item)
        return items


def _run_check(aacl_reset: Any) -> None:
    """The body of every auto-generated item; `aacl_reset` is the user's fixture (or None)."""
    raise AssertionError("AaclItem.runtest runs the check")  # pragma: no cover


#: a failing item shows at most this many lines of each captured section (tool logs)
MAX_CAPTURED_LINES = 60


class AaclItem(pytest.Function):
    """Runs one check against one tool; a failure shows the finding, not a Hypothesis dump.

    A `pytest.Function` so fixtures work: it requests only `aacl_reset` (not the autouse
    fixtures of test modules, which may need a module these items do not have), which a
    conftest may override to return a function run before every call (e.g. recreating a
    temp repository).
    """

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.add_marker("aacl")

    def runtest(self) -> None:
        from .._fuzz import ALL_CRASHES, fuzz  # lazy: start-up

        parent = self.parent
        assert isinstance(parent, AaclTool)
        opts = self.config.stash[_OPTIONS]
        reset = self.funcargs.get("aacl_reset")
        # one check per item: each reports the crashes it meets while this tool's `total` is
        # selected (it may have passed already), none when the user deselected `total`
        total = any(i.name == "total" and i.parent is parent for i in self.session.items)
        crashes = ALL_CRASHES.set(total)
        try:
            report = fuzz(parent.target, checks=[self.name], max_examples=opts.max_examples, seed=opts.seed,
                          reset=reset, corpus=_corpus_dir(self.config), values=opts.values or None)
        except KeyboardInterrupt as stop:  # an interrupted run still prints what this item found
            partial = getattr(stop, "aacl_report", None)
            writer = self.config.pluginmanager.get_plugin("terminalreporter")
            if partial is not None and writer is not None and (partial.findings or partial.calls):
                import contextlib

                from .._fuzz_report import format_report  # lazy: start-up

                capture = self.config.pluginmanager.get_plugin("capturemanager")
                with capture.global_and_fixture_disabled() if capture else contextlib.nullcontext():
                    writer.write_line("")
                    writer.write_line(f"pytest-aacl: interrupted during {parent.name}::{self.name}; found so far:")
                    writer.write_line(format_report(partial))
            raise
        finally:
            ALL_CRASHES.reset(crashes)
        if report.not_applicable and not report.examples_run:
            pytest.skip("; ".join(report.not_applicable))
        tool = parent.name.removeprefix("aacl::")
        for tally in report.calls.values():
            self.user_properties.append(("aacl_calls", (tool, tally.as_tuple())))
        if report.advice:  # its words too: a passing item prints nothing, the summary shows them
            from .._fuzz_report import advice_lines  # lazy: start-up

            self.user_properties.append(("aacl_advice", (tool, self.name, len(report.advice),
                                                         advice_lines(report.advice)[:_ADVICE_LINES])))
        if report.unreproducible:  # never fails the item, so it is shown in the summary
            first = report.unreproducible[0]
            self.user_properties.append(("aacl_unreproducible", (tool, len(report.unreproducible), first.message)))
        # a hang or crash any check's calls show is `total`'s finding: reported by the first item
        # that meets it, once (trial 12: `total` had passed, and the hang it was told of was lost)
        told = self.config.stash.setdefault(_TOLD, set())
        if self.name == "total":
            told.update((tool, f.key) for f in report.findings)
        else:
            mine = [f for f in report.findings if f.check == self.name]
            fresh = [f for f in report.findings if f.check != self.name and (tool, f.key) not in told]
            told.update((tool, f.key) for f in fresh)
            hung = any(f.check != self.name and f.outcome == "timeout" for f in report.findings)
            report.findings = mine + fresh
            if hung and not report.findings:
                pytest.skip(f"{tool} hung on several calls in a row while {self.name} ran, so it was not judged "
                            "further; the hang was reported by an earlier item")
        failing = report.findings or (report.advice if opts.advice_fails else [])
        if failing:
            by_check: dict[str, int] = {}  # a crash met here is `total`'s, and said so in the summary
            for finding in failing:
                by_check[finding.check] = by_check.get(finding.check, 0) + 1
            for check, count in by_check.items():
                self.user_properties.append(("aacl_finding", (tool, check, count)))
            from .._causes import cause_of  # lazy: start-up

            for cause in dict.fromkeys(cause_of(tool, f.key) for f in failing):
                if cause:  # the same crash in several tools is said once, in the summary
                    self.user_properties.append(("aacl_cause", (tool, cause)))
            raise _FuzzFailure(report, parent.reference, f"{tool} and {self.name}", opts.advice_fails)

    def add_report_section(self, when: str, key: str, content: str) -> None:
        """Captured output of the tool under test, bounded: a server may log every refused call."""
        lines = content.splitlines()
        if len(lines) > MAX_CAPTURED_LINES:
            kept = lines[-MAX_CAPTURED_LINES:]
            content = "\n".join([f"[pytest-aacl: {len(lines) - MAX_CAPTURED_LINES} earlier lines trimmed]", *kept]) + "\n"
        super().add_report_section(when, key, content)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> Any:
        if isinstance(excinfo.value, _FuzzFailure):
            return excinfo.value.render()
        return super().repr_failure(excinfo)

    def reportinfo(self) -> tuple[Any, int | None, str]:
        return self.path, None, self.nodeid


class _FuzzFailure(Exception):
    def __init__(self, report: Any, reference: str, selector: str, advice_fails: bool = False) -> None:
        super().__init__(selector)
        self.report, self.reference, self.selector = report, reference, selector
        self.advice_fails = advice_fails

    def render(self) -> str:
        from .._fuzz_session import failure_text  # lazy: start-up

        return failure_text(self.report, self.reference, self.selector, self.advice_fails)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    opts = config.stash[_OPTIONS]
    if not opts.tools:
        return
    from .._checks import CHECKS  # lazy: start-up

    checks = opts.checks or list(CHECKS)
    for node_name, reference, target in opts.tools:
        nodeid = f"aacl::{node_name}"
        tool = AaclTool.from_parent(session, name=nodeid, nodeid=nodeid, target=target,
                                    reference=reference, checks=checks)
        collected = tool.collect()
        # report them like any collected node, so the terminal counts them and --lf sees them
        session.ihook.pytest_collectreport(report=pytest.CollectReport(nodeid, "passed", None, collected))
        items.extend(collected)


def _resolve_targets(config: pytest.Config, references: list[str],
                     timeout: float | None = None) -> list[tuple[str, str, Any]]:
    """Import every target once, at configure time, so a bad one is a single usage error."""
    if str(config.rootpath) not in sys.path:  # resolve 'module:object' like `python -m pytest` would
        sys.path.insert(0, str(config.rootpath))
    tools: list[tuple[str, str, Any]] = []
    seen: set[str] = set()
    for reference in references:
        for name, target in _resolve_reference(reference, timeout):
            # a repeated tool name gets its target appended (no brackets: they mean parameters)
            node_name = name if name not in seen else f"{name}-{reference.replace(':', '.')}"
            seen.add(node_name)
            tools.append((node_name, reference, target))
    return tools


# a command line cannot carry fuzz() keyword arguments: say where they go instead
_DICT_HINT = (
    "; on the command line point --aacl-target at a dict of fuzz() arguments instead, e.g. "
    "TOOL = {'target': my_tool, 'schema': {...}, 'implementation': 'myapp.backend:search'}"
)


def _resolve_reference(reference: str, timeout: float | None = None) -> Iterator[tuple[str, Any]]:
    """`module:object` -> (tool name, fuzzable target) pairs, or one clear usage error."""
    from .._errors import InvalidArgument, TargetError  # lazy: start-up
    from .._fuzz_session import targets_of  # lazy: start-up

    try:
        yield from targets_of(reference, timeout)
    except InvalidArgument as exc:  # TargetError, SpecError, or a bad fuzz() argument in a target dict
        hint = _DICT_HINT if "implementation=" in str(exc) else ""
        where = "" if isinstance(exc, TargetError) else f" {reference}"  # a target error names the target
        raise pytest.UsageError(f"--aacl-target{where}: {exc}{hint}") from None
    except TypeError as exc:
        raise pytest.UsageError(f"--aacl-target {reference}: bad fuzz() arguments in the target dict ({exc})") from None


# -- the fixture ----------------------------------------------------------------------------


@pytest.fixture
def aacl_reset() -> Callable[[], Any] | None:
    """Override in a conftest to return a function run before every fuzzed call.

    For side-effecting tools: recreate a temporary repository, truncate a table, clear a
    cache, so each call starts from the same state (and results stay comparable)::

        @pytest.fixture
        def aacl_reset(tmp_path):
            def reset():
                shutil.rmtree(tmp_path / "repo", ignore_errors=True)
                make_repo(tmp_path / "repo")
            return reset

    Used by the auto-generated `--aacl-target` items and by `aacl_tool`.
    """
    return None


@pytest.fixture
def aacl_tool(request: pytest.FixtureRequest, aacl_reset: Any) -> Callable[..., FuzzableTool]:
    """Wrap a tool for fuzzing in a test: `aacl_tool(search_web).fuzz(max_examples=50)`.

    Accepts everything `pytest_aacl.fuzz` accepts, with the same `schema=`,
    `implementation=`, `correction=`, `timeout=` and `reset=` keywords (`reset` defaults to
    the `aacl_reset` fixture).  Defaults for `.fuzz()` come from `--aacl-checks`,
    `--aacl-max-examples` and `--aacl-seed`.  Override the fixture in a conftest to change
    how tools are wrapped.
    """
    options = request.config.stash[_OPTIONS]

    def wrap(target: Any, *, reset: Any = aacl_reset, **how: Any) -> FuzzableTool:
        from .._fuzz_session import FuzzableTool  # lazy: start-up

        return FuzzableTool(target, options, reset, _corpus_dir(request.config), **how)

    return wrap


# -- reporting ------------------------------------------------------------------------------


class _Summary:
    """Collects auto-item findings and advice (also from xdist workers, via user_properties)."""

    def __init__(self) -> None:
        self.findings: list[tuple[str, str, int]] = []
        self.causes: list[tuple[str, str]] = []  # (tool, a crash's cause), to say one met in many tools once
        self.advice: list[tuple[str, str, int]] = []
        self.calls: dict[str, Any] = {}  # tool -> _reach.Tally, over its checks
        self.unreproducible: dict[str, tuple[int, str]] = {}  # tool -> (calls, the first message)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when != "call":
            return
        for key, value in report.user_properties:
            if key == "aacl_calls":
                from .._reach import Tally  # lazy: start-up

                tool, data = value
                self.calls.setdefault(tool, Tally()).merge(Tally.from_tuple(data))
            if key == "aacl_unreproducible":
                tool, count, message = value
                before = self.unreproducible.get(tool, (0, message))
                self.unreproducible[tool] = (before[0] + count, before[1])
        if report.failed:
            self.findings += [tuple(v) for k, v in report.user_properties if k == "aacl_finding"]
            self.causes += [tuple(v) for k, v in report.user_properties if k == "aacl_cause"]
        if report.passed:
            self.advice += [tuple(v) for k, v in report.user_properties if k == "aacl_advice"]

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if not (self.calls or self.unreproducible or self.findings or self.advice):
            return
        from .._fuzz_session import summary  # lazy: start-up

        verbose = terminalreporter.config.getoption("verbose", 0) > 0
        for title, lines in summary(self.calls, self.unreproducible, self.findings, self.advice, verbose=verbose,
                                   causes=self.causes):
            terminalreporter.section(title)
            for text, warning in lines:
                if warning:
                    terminalreporter.line(text, yellow=True, bold=True)
                else:
                    terminalreporter.line(text)
