"""pytest glue for integration tests: the ``integration`` marker, cassettes, live-call gate, costs.

Hooks, options, markers and fixtures only; the work lives in the sibling modules.
Cassettes come from pytest-recording (its ``vcr`` marker, ``--record-mode``,
``--block-network``); we add defaults for LLM APIs through its
``pytest_recording_configure`` hook.  Importing this module imports pytest only: vcrpy,
PyYAML and the HTTP clients load when an integration test actually runs.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from ._confirm import LiveGate
    from ._prices import PriceTable
    from ._recorder import TestUsage
    from ._report import Call

MARKER = (
    "integration: the test talks to a real LLM API. Deselected unless -m selects it "
    "(pytest -m integration); calls replay from cassettes/<module>/<test>.yaml."
)
_RECORDING_MODES = ("once", "new_episodes", "all", "rewrite")


@dataclass
class _Session:
    gate: LiveGate
    cassette_root: Path
    prices_path: str
    forced_replay: bool
    calls: list[Call] = field(default_factory=list)
    report_error: str = ""
    _prices: PriceTable | None = None

    def prices(self) -> PriceTable:
        if self._prices is None:
            from ._prices import PriceTable

            self._prices = PriceTable.load(self.prices_path or None)
        return self._prices


_STATE = pytest.StashKey[_Session]()
_CURRENT = pytest.StashKey["pytest.Item | None"]()


def _budget(text: str) -> Decimal:
    from ._confirm import parse_usd

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


def pytest_configure(config: pytest.Config) -> None:
    from ._confirm import LiveGate, ci_active, env_confirmed

    config.addinivalue_line("markers", MARKER)
    ci = ci_active()
    forced = ci and getattr(config.option, "record_mode", None) in _RECORDING_MODES
    if forced:
        config.option.record_mode = "none"
    workerinput = getattr(config, "workerinput", None)
    budget = config.getoption("aacl_budget")
    if budget is not None and workerinput is not None:
        budget = budget / int(workerinput.get("workercount", 1))  # the cap holds in total
    prices_path = config.getini("aacl_prices")
    if prices_path:
        prices_path = str(config.rootpath / prices_path)
        if not os.path.isfile(prices_path):
            raise pytest.UsageError(f"aacl_prices: price file not found: {prices_path}")
        from ._prices import PriceError, PriceTable

        try:  # a broken price file is one usage error now, not an error in every integration test
            PriceTable.load(prices_path)
        except PriceError as exc:
            raise pytest.UsageError(f"aacl_prices: {exc}") from None
    report_path = config.getoption("aacl_cost_report")
    if report_path and os.path.isdir(report_path):
        raise pytest.UsageError(f"--aacl-cost-report {report_path} is a directory; name a file, e.g. {os.path.join(report_path, 'aacl-costs.json')}")
    config.stash[_STATE] = _Session(
        gate=LiveGate(
            ci=ci,
            worker=workerinput is not None,
            preconfirmed=config.getoption("aacl_yes") or env_confirmed(),
            budget=budget,
            ask=_terminal_ask(config),
        ),
        cassette_root=config.rootpath / config.getini("aacl_cassette_dir"),
        prices_path=prices_path,
        forced_replay=forced,
    )


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


def _is_integration(item: pytest.Item) -> bool:
    return item.get_closest_marker("integration") is not None


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config,
                                  items: list[pytest.Item]) -> None:
    chosen = [item for item in items if _is_integration(item)]
    if not chosen:
        return
    if not config.option.markexpr:  # never run by accident: only an -m expression selects them
        items[:] = [item for item in items if not _is_integration(item)]
        config.hook.pytest_deselected(items=chosen)
        return
    from pytest_recording.plugin import get_default_cassette_name

    state = config.stash[_STATE]
    rerecorded: list[str] = []
    new = 0
    for item in chosen:
        if item.get_closest_marker("vcr") is None:
            item.add_marker(pytest.mark.vcr)
        if item.get_closest_marker("default_cassette") is None:
            name = get_default_cassette_name(getattr(item, "cls", None), item.name)
            target = state.cassette_root / Path(str(item.path)).stem / name
            item.add_marker(pytest.mark.default_cassette(str(target)))
        if state.gate.ci:  # first in the list, so it wins over vcr_config and other marks
            item.add_marker(pytest.mark.vcr(record_mode="none"), append=False)
            item.add_marker(pytest.mark.block_network)
        names = getattr(item, "fixturenames", None)
        if isinstance(names, list) and "_aacl_preflight" in names:
            names.remove("_aacl_preflight")  # decide before pytest-recording opens (or
            names.insert(0, "_aacl_preflight")  # in rewrite mode deletes) the cassette
        mode = _marked_mode(item, config)
        path = str(item.get_closest_marker("default_cassette").args[0]) + ".yaml"
        exists = _exists(Path(path))
        if mode in ("all", "rewrite") and exists:
            rerecorded.append(path)
        elif mode in _RECORDING_MODES and not exists:
            new += 1
    state.gate.pending = len(rerecorded) + new
    if state.gate.pending and not state.gate.ci:
        from ._recorder import estimate

        state.gate.estimate = estimate(rerecorded, new, state.prices())


def _marked_mode(item: pytest.Item, config: pytest.Config) -> str:
    mode = config.getoption("record_mode", None) or "none"
    for mark in reversed(list(item.iter_markers("vcr"))):
        mode = mark.kwargs.get("record_mode", mode)
    return str(mode)


def _exists(path: Path) -> bool:
    try:
        return path.stat().st_size > 0
    except OSError:
        return False


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    item.config.stash[_CURRENT] = item


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    item.config.stash[_CURRENT] = None


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    cassettes = sys.modules.get("pytest_aacl._integration._cassettes")
    if cassettes is not None and call.excinfo is not None \
            and isinstance(call.excinfo.value, cassettes.CassetteError):
        report.longrepr = str(call.excinfo.value)  # the message says it all: no traceback
    return report


@pytest.hookimpl(optionalhook=True)
def pytest_recording_configure(config: pytest.Config, vcr: Any) -> None:
    item = config.stash.get(_CURRENT, None)
    if item is None or not _is_integration(item):
        return
    from ._cassettes import Persister, Serializer
    from ._matching import make_body_matcher, query_matcher
    from ._scrub import Scrubber

    scrubber = Scrubber(config.getini("aacl_scrub_headers"), config.getini("aacl_scrub_fields"))
    vcr.register_serializer("yaml", Serializer())
    vcr.register_persister(Persister(vcr.persister, scrubber))
    vcr.register_matcher("aacl_body", make_body_matcher(config.getini("aacl_volatile_fields"), scrubber))
    vcr.register_matcher("aacl_query", query_matcher)
    vcr.match_on = ("method", "scheme", "host", "port", "path", "aacl_query", "aacl_body")
    vcr.decode_compressed_response = True
    vcr.before_record_request = scrubber.request
    vcr.before_record_response = scrubber.response


@pytest.fixture(autouse=True)
def _aacl_preflight(request: pytest.FixtureRequest) -> None:
    """Before the cassette opens: fail a missing replay, ask before a predicted live run."""
    item = request.node
    if not isinstance(item, pytest.Item) or not _is_integration(item):
        return
    from ._recorder import missing_message

    state = request.config.stash[_STATE]
    if request.config.getoption("disable_recording", False):
        live, path, mode = True, "", "disabled"
    else:
        merged = dict(request.getfixturevalue("vcr_config"))
        for mark in reversed(list(item.iter_markers("vcr"))):
            merged.update(mark.kwargs)
        mode = merged.get("record_mode") or request.getfixturevalue("record_mode")
        suffix = "." + merged.get("serializer", "yaml")
        base = os.path.join(request.getfixturevalue("vcr_cassette_dir"),
                            request.getfixturevalue("default_cassette_name"))
        path = base if base.endswith(suffix) else base + suffix
        exists = _exists(Path(path))
        if mode == "none" and not exists:
            pytest.fail(missing_message(path, item.nodeid, state.gate.ci), pytrace=False)
        live = mode in ("all", "rewrite") or (mode in _RECORDING_MODES and not exists)
    if live:
        refusal = state.gate.refusal()
        if refusal is not None:
            if refusal.action == "skip":
                pytest.skip(refusal.message)
            pytest.fail(refusal.message, pytrace=False)


@pytest.fixture(autouse=True)
def _aacl_cassette(request: pytest.FixtureRequest) -> Iterator[TestUsage | None]:
    """Gate live calls on the open cassette and log every call's usage and cost."""
    item = request.node
    if not isinstance(item, pytest.Item) or not _is_integration(item):
        yield None
        return
    from ._recorder import TestUsage, attach, unmatched_message

    state = request.config.stash[_STATE]
    usage = TestUsage(item.nodeid, state.prices())
    cassette = request.getfixturevalue("vcr")
    if cassette is not None:
        attach(cassette, usage, state.gate,
               lambda c, r: unmatched_message(c, r, item.nodeid, state.gate.ci))
    yield usage
    if usage.refused and cassette is not None:
        cassette.dirty = False  # a refused test keeps no half-recorded cassette
    calls = usage.calls
    state.calls.extend(calls)
    from ._report import summarise

    totals = summarise(calls)
    item.user_properties.extend([
        ("aacl_calls", totals["calls"]),
        ("aacl_live_calls", totals["live_calls"]),
        ("aacl_input_tokens", totals["input_tokens"]),
        ("aacl_output_tokens", totals["output_tokens"]),
        ("aacl_cached_tokens", totals["cached_tokens"]),
        ("aacl_cost_usd", "unknown" if totals["unpriced_calls"] else str(totals["cost"])),
        ("aacl_models", ",".join(totals["models"])),
    ])


@pytest.fixture
def aacl_usage(_aacl_cassette: TestUsage | None) -> TestUsage:
    """Token usage and cost of the calls this integration test made so far."""
    if _aacl_cassette is None:
        raise pytest.UsageError("aacl_usage is available in tests marked @pytest.mark.integration")
    return _aacl_cassette


def pytest_sessionfinish(session: pytest.Session) -> None:
    config = session.config
    state = config.stash.get(_STATE, None)
    if state is None:
        return
    workeroutput = getattr(config, "workeroutput", None)
    if workeroutput is not None:  # xdist worker: ship the raw records to the controller
        workeroutput["aacl_calls"] = [call.to_json() for call in state.calls]
        return
    path = config.getoption("aacl_cost_report")
    if path:
        from ._report import report_json, write_json

        try:
            write_json(Path(path), report_json(state.calls, state.prices().sources))
        except OSError as exc:  # the run's results stand; the summary says why the report is missing
            state.report_error = f"aacl: cannot write the cost report {path}: {exc}"


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    from ._report import Call

    state = node.config.stash.get(_STATE, None)
    output = getattr(node, "workeroutput", None) or {}
    if state is not None:
        state.calls.extend(Call.from_json(data) for data in output.get("aacl_calls", []))


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    state = config.stash.get(_STATE, None)
    if state is None or hasattr(config, "workerinput"):
        return
    if state.forced_replay:
        terminalreporter.write_line("aacl: CI is set, so --record-mode was forced to 'none'")
    if state.report_error:
        terminalreporter.write_line(state.report_error, red=True)
    if not state.calls:
        return
    from ._report import table

    terminalreporter.section("aacl integration: LLM usage and cost")
    for line in table(state.calls):
        terminalreporter.write_line(line)
    gate = state.gate
    if gate.unpriced_live_calls:
        terminalreporter.write_line(
            f"{gate.unpriced_live_calls} live call(s) had no known price and are not counted "
            "against --aacl-budget")
    terminalreporter.write_line(f"prices: {'; '.join(state.prices().sources)}")
