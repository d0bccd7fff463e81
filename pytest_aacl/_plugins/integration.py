"""pytest glue for integration tests: opt-in, the marker, cassettes, live-call gate, costs.

Off unless the project opts in with one ini line, ``aacl_marker = integration`` (or any
marker name: a project whose ``integration`` tests mean databases picks ``llm``), or
``--aacl-marker NAME`` for one run.  Installed but not opted in, nothing changes: no
marker is claimed, no test is deselected, no fixture is added.  ``-p aacl`` is not the
signal: the plugin autoloads (entry point ``aacl``) and fuzzing users pass ``-p aacl``
too, so it cannot tell "I want recorded LLM tests" from "I want fuzzing".

Options, opt-in and the session's reports here; the hooks and fixtures that act on tests
live in ``_integration/_active.py``, registered only when opted in; what both share (the
session state, stash keys, the opted-in marker) in ``_integration/_state.py``; the work
in the other ``_integration`` modules.
Cassettes come from pytest-recording (its ``vcr`` marker, ``--record-mode``,
``--block-network``); we add defaults for LLM APIs through its
``pytest_recording_configure`` hook.  Importing this module imports pytest (and
``_integration._state``, pytest and the standard library only): vcrpy, PyYAML and the
HTTP clients load when an integration test actually runs.
"""

from __future__ import annotations

import argparse
import os
import sys
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from .._compat.pytest import base_temp
from .._integration._state import RECORDING_MODES, STATE, Session, marker_name, state_of

if TYPE_CHECKING:
    from .._integration._recorder import TestUsage

MARKER = (
    "{name}: the test talks to a real LLM API (pytest-aacl). Deselected unless -m selects it "
    "(pytest -m {name}); calls replay from {folder}/<module>/<test>.yaml."
)


def _budget(text: str) -> Decimal:
    from .._integration._confirm import parse_usd  # lazy: start-up

    try:
        return parse_usd(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def pytest_addoption(parser: pytest.Parser, pluginmanager: pytest.PytestPluginManager) -> None:
    group = parser.getgroup("aacl-integration", "pytest-aacl integration tests (live LLM calls)")
    group.addoption("--aacl-yes", action="store_true", default=False,
                    help="confirm live LLM calls without a prompt, for deliberate recording "
                         "(env AACL_CONFIRM=1 does the same)")
    group.addoption("--aacl-budget", metavar="USD", type=_budget, default=None,
                    help="refuse further live LLM calls once live spend reaches USD "
                         "(replayed calls are free)")
    group.addoption("--aacl-cost-report", metavar="PATH", default=None,
                    help="write token usage and cost per integration test as JSON to PATH")
    group.addoption("--aacl-marker", metavar="NAME", default=None,
                    help="opt in to recorded LLM tests for this run, marked @pytest.mark.NAME "
                         "(overrides the ini option aacl_marker)")
    parser.addini("aacl_marker", "opt in to recorded LLM tests: the name of their marker, e.g. "
                  "integration or llm (empty: off, pytest-aacl leaves every marker alone)",
                  default="")
    parser.addini("aacl_secret_env", "extra environment variables whose values are secrets, "
                  "scrubbed from cassettes wherever they appear", type="args", default=[])
    parser.addini("aacl_cassette_dir", "directory under rootdir for integration cassettes",
                  default="cassettes")
    parser.addini("aacl_prices", "litellm-format price JSON overlaid on the bundled snapshot",
                  default="")
    parser.addini("aacl_volatile_fields", "request JSON fields ignored when matching "
                  "(dotted paths, * matches any key)", type="args",
                  default=["user", "metadata.user_id", "prompt_cache_key", "safety_identifier"])
    parser.addini("aacl_scrub_headers", "extra header names scrubbed from cassettes",
                  type="args", default=[])
    parser.addini("aacl_scrub_fields", "extra JSON body field names scrubbed from cassettes",
                  type="args", default=[])
    # With PYTEST_DISABLE_PLUGIN_AUTOLOAD and `-p aacl`, pytest-recording is not loaded.
    if not pluginmanager.has_plugin("recording") and not pluginmanager.is_blocked("recording"):
        import pytest_recording.plugin as recording

        if not pluginmanager.is_registered(recording):
            pluginmanager.register(recording, "recording")


class CollectionNetworkRefused(ConnectionRefusedError):
    """Raised into code that connects while pytest collects tests under CI (an OSError, so a
    conftest's import error says it; the session fails even if the code catches it)."""


_COLLECTING = pytest.StashKey[Any]()
_COLLECT_REFUSALS = pytest.StashKey[list[str]]()


@pytest.hookimpl(wrapper=True)
def pytest_load_initial_conftests(early_config: pytest.Config, parser: pytest.Parser,
                                  args: list[str]) -> Any:
    """Under CI, once opted in, code run at collection (conftest.py files, test modules'
    top level) may not connect either: the guard is on from the first conftest until
    collection ends."""
    try:
        marker = (getattr(early_config.known_args_namespace, "aacl_marker", None)
                  or early_config.getini("aacl_marker") or "").strip()
    except ValueError:
        marker = ""
    if not marker:
        return (yield)  # not opted in: nothing of the integration feature is loaded
    from .._integration._confirm import ci_active  # lazy: start-up (only when opted in)

    if ci_active():
        from .._integration._network import guarding  # lazy: start-up (only under CI)

        refusals = early_config.stash[_COLLECT_REFUSALS] = []

        def check(host: str, port: int) -> None:
            message = (f"CI is set, so code run while pytest collects tests (a conftest.py or a "
                       f"test module's top level) may not connect to {host}:{port}: integration "
                       "tests replay cassettes only; make the call inside a test or a fixture "
                       "(where it is recorded), or allow the host with --allowed-hosts")
            refusals.append(message)
            raise CollectionNetworkRefused(message)

        allowed = getattr(early_config.known_args_namespace, "allowed_hosts", None)
        guard = guarding(check, allowed.split(",") if isinstance(allowed, str) else None)
        guard.__enter__()
        early_config.stash[_COLLECTING] = guard
    return (yield)


def _end_collection_guard(config: pytest.Config) -> None:
    guard = config.stash.get(_COLLECTING, None)
    if guard is not None:
        del config.stash[_COLLECTING]
        guard.__exit__(None, None, None)


def pytest_collection_finish(session: pytest.Session) -> None:
    _end_collection_guard(session.config)


def pytest_unconfigure(config: pytest.Config) -> None:
    _end_collection_guard(config)


def pytest_configure(config: pytest.Config) -> None:
    marker = marker_name(config)
    if not marker:
        return  # not opted in: installed, pytest-aacl changes nothing about these tests
    from .._integration._cassettes import remove_stale_temp_files  # lazy: start-up
    from .._integration._confirm import LiveGate, ci_active, env_confirmed  # lazy: start-up

    folder = config.getini("aacl_cassette_dir")
    config.addinivalue_line("markers", MARKER.format(name=marker, folder=folder))
    ci = ci_active()
    forced = ci and getattr(config.option, "record_mode", None) in RECORDING_MODES
    if forced:
        config.option.record_mode = "none"
    workerinput = getattr(config, "workerinput", None)
    budget = config.getoption("aacl_budget")
    ledger_path = (workerinput or {}).get("aacl_ledger")
    if budget is not None and workerinput is not None and ledger_path is None:
        budget = budget / int(workerinput.get("workercount", 1))  # no shared ledger: a share each
    prices_path = config.getini("aacl_prices")
    if prices_path:
        prices_path = str(config.rootpath / prices_path)
        if not os.path.isfile(prices_path):
            raise pytest.UsageError(f"aacl_prices: price file not found: {prices_path}")
        from .._integration._prices import PriceError, PriceTable  # lazy: start-up

        try:  # a broken price file is one usage error now, not an error in every integration test
            PriceTable.load(prices_path)
        except PriceError as exc:
            raise pytest.UsageError(f"aacl_prices: {exc}") from None
    report_path = config.getoption("aacl_cost_report")
    if report_path and os.path.isdir(report_path):
        raise pytest.UsageError(f"--aacl-cost-report {report_path} is a directory; name a file, e.g. {os.path.join(report_path, 'aacl-costs.json')}")
    root = config.rootpath / folder
    from .._integration._ledger import Ledger  # lazy: start-up (only when opted in)

    gate = LiveGate(
        ledger=Ledger(ledger_path),
        ci=ci,
        worker=workerinput is not None,
        preconfirmed=config.getoption("aacl_yes") or env_confirmed(),
        budget=budget,
        ask=_terminal_ask(config),
        record_hint=f"pytest -m {marker} --record-mode=once --aacl-yes",
    )
    config.stash[STATE] = Session(
        gate=gate, cassette_root=root, prices_path=prices_path, forced_replay=forced, marker=marker,
        scrub_config=(config.getini("aacl_scrub_headers"), config.getini("aacl_scrub_fields"),
                      config.getini("aacl_secret_env")))
    remove_stale_temp_files(root)  # left by a process killed while it wrote a cassette
    from .._integration import _active  # lazy: start-up (registered only when opted in)

    config.pluginmanager.register(_active, "aacl.integration.active")


def _terminal_ask(config: pytest.Config) -> Any:
    """Ask on the real terminal: ``None`` when stdin is not one (checked with capture off,
    because pytest's capture puts /dev/null on file descriptor 0)."""

    def ask(question: str) -> str | None:
        capman = config.pluginmanager.getplugin("capturemanager")
        if capman is not None:
            capman.suspend(in_=True)
        try:
            try:
                if not sys.stdin.isatty():
                    return None
            except ValueError:  # closed
                return None
            sys.stdout.write(question)
            sys.stdout.flush()
            return sys.stdin.readline()
        finally:
            if capman is not None:
                capman.resume()

    return ask


@pytest.fixture
def aacl_usage(request: pytest.FixtureRequest) -> TestUsage:
    """Token usage and cost of the calls this recorded LLM test made so far."""
    state = state_of(request.config)
    if state is None:
        pytest.fail("aacl_usage needs recorded LLM tests switched on: add aacl_marker = "
                    "integration to the [pytest] ini section (see docs/how-to/record-and-replay.md)", pytrace=False)
    usage = request.getfixturevalue("_aacl_cassette")
    if usage is None:
        pytest.fail(f"aacl_usage is available in tests marked @pytest.mark.{state.marker}",
                    pytrace=False)
    return usage  # type: ignore[no-any-return]


def pytest_sessionfinish(session: pytest.Session) -> None:
    config = session.config
    if config.stash.get(_COLLECT_REFUSALS, None) and session.exitstatus == 0:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED  # refused at collection, even if caught
    state = state_of(config)
    if state is None:
        return
    if state._scrubber is not None and state._scrubber.written:
        from .._integration._cassettes import rescrub_written  # lazy: start-up (yaml)

        rescrub_written(state._scrubber)  # a secret learned in a later test, in an earlier file
    workeroutput = getattr(config, "workeroutput", None)
    if workeroutput is not None:  # xdist worker: ship the raw records to the controller
        workeroutput["aacl_calls"] = [call.to_json() for call in state.calls]
        return
    path = config.getoption("aacl_cost_report")
    if path:
        from .._integration._costs import report_json, write_json  # lazy: start-up

        try:
            write_json(Path(path), report_json(state.calls, state.prices().sources))
        except OSError as exc:  # the run's results stand; the summary says why the report is missing
            state.report_error = f"aacl: cannot write the cost report {path}: {exc}"


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """xdist: every worker reserves against one ledger file, so the budget caps the run."""
    state = node.config.stash.get(STATE, None)
    from .._integration._ledger import FILE_NAME, SHARED  # lazy: start-up (xdist only)

    if state is None or state.gate.budget is None or not SHARED:
        return
    if not state.ledger_path:
        path = base_temp(node.config) / FILE_NAME
        path.write_text("0", encoding="ascii")
        state.ledger_path = str(path)
    node.workerinput["aacl_ledger"] = state.ledger_path


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    from .._integration._costs import Call  # lazy: start-up (xdist only)

    state = node.config.stash.get(STATE, None)
    output = getattr(node, "workeroutput", None) or {}
    if state is not None:
        state.calls.extend(Call.from_json(data) for data in output.get("aacl_calls", []))


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    for line in dict.fromkeys(config.stash.get(_COLLECT_REFUSALS, [])):
        terminalreporter.write_line(f"aacl: {line}", red=True)
    state = config.stash.get(STATE, None)
    if state is None or hasattr(config, "workerinput"):
        return
    if state.forced_replay:
        terminalreporter.write_line("aacl: CI is set, so --record-mode was forced to 'none'")
    if state.report_error:
        terminalreporter.write_line(state.report_error, red=True)
    for line in state.unsaved:
        terminalreporter.write_line(line, yellow=True)
    if not state.calls:
        return
    from .._integration._costs import table  # lazy: start-up (only after recorded tests)

    terminalreporter.section("aacl integration: LLM usage and cost")
    for line in table(state.calls):
        terminalreporter.write_line(line)
    gate = state.gate
    if gate.estimated_live_calls:
        terminalreporter.write_line(
            f"{gate.estimated_live_calls} live call(s) had no usage in the response; their cost "
            "is an estimate from the request and response sizes (about 4 bytes per token)")
    if gate.unpriced_live_calls:
        terminalreporter.write_line(
            f"{gate.unpriced_live_calls} live call(s) had no known price: their cost shows as "
            "unknown (under --aacl-budget each stays counted at its estimate from the request)")
    terminalreporter.write_line(f"prices: {'; '.join(state.prices().sources)}")
