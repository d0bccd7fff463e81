"""The half of the integration plugin that is registered only when a project opted in.

Hooks: select and mark the recorded tests, guard sockets during their setup, call and
teardown (``_network``), note whether the call phase passed, and configure each cassette's
VCR.  Fixtures: ``_aacl_preflight`` runs first (before pytest-recording opens the
cassette), so record mode ``rewrite`` becomes "record from scratch into a new file" instead
of pytest-recording's "delete the committed cassette now"; ``_aacl_cassette`` runs on the
open cassette (its path is the one pytest-recording computed, hash-shortened names
included): fail a missing replay, ask before a live run, log usage, and at the end keep
the new recording only if the test passed and every live call it sent was recorded.
"""

from __future__ import annotations

import sys
from collections.abc import Generator, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from ._state import (
    CURRENT,
    PASSED,
    RECORDING_MODES,
    REFUSALS,
    REWRITE,
    Session,
    is_recorded,
    state_of,
)

if TYPE_CHECKING:
    from ._scrub import Scrubber

_REPORTED = pytest.StashKey[int]()  # on an item: how many of its refusals a report showed


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config,
                                  items: list[pytest.Item]) -> None:
    state = state_of(config)
    chosen = [item for item in items if is_recorded(item, state)]
    if state is None or not chosen:
        return
    if not config.option.markexpr:  # never run by accident: only an -m expression selects them
        items[:] = [item for item in items if not is_recorded(item, state)]
        config.hook.pytest_deselected(items=chosen)
        return
    from pytest_recording.plugin import get_default_cassette_name

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
        names = getattr(item, "fixturenames", None)
        if isinstance(names, list) and "_aacl_preflight" in names:
            names.remove("_aacl_preflight")  # decide before pytest-recording opens (or
            names.insert(0, "_aacl_preflight")  # in rewrite mode deletes) the cassette
        mode = _marked_mode(item, config)
        path = str(item.get_closest_marker("default_cassette").args[0]) + ".yaml"
        exists = _exists(Path(path))
        if mode in ("all", "rewrite") and exists:
            rerecorded.append(path)
        elif mode in RECORDING_MODES and not exists:
            new += 1
    state.gate.pending = len(rerecorded) + new
    if state.gate.pending and not state.gate.ci:
        from ._recorder import estimate  # lazy: start-up (yaml, vcrpy)

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


def _guard(item: pytest.Item, state: Session) -> Any:
    """The socket guard for one phase of an integration test (see ``_network``)."""
    from ._confirm import Refusal  # lazy: start-up, as the two below
    from ._network import guarding, guarding_children  # lazy: start-up
    from ._recorder import refuse  # lazy: start-up (yaml, vcrpy)

    gate = state.gate
    record = item.stash.setdefault(REFUSALS, [])

    def check(host: str, port: int) -> None:
        if gate.ci:
            refuse(Refusal("fail", (
                f"CI is set, so {item.nodeid} may not connect to {host}:{port}: integration tests "
                "replay cassettes only. A call made outside the test's cassette (in a fixture of "
                "module or session scope, by a client vcrpy does not patch, or to an ignored host) "
                "cannot be recorded or replayed: make it inside the test or a function-scoped "
                "fixture, or allow the host with --allowed-hosts")), record)
        refusal = gate.permission() or gate.connection(host, port)
        if refusal is not None:
            refuse(refusal, record)

    mark = item.get_closest_marker("block_network")
    allowed = (mark.kwargs.get("allowed_hosts") if mark is not None else None) \
        or item.config.getoption("allowed_hosts", None)
    if isinstance(allowed, str):
        allowed = allowed.split(",")
    allowed = list(allowed) if allowed else None
    stack = ExitStack()
    stack.enter_context(guarding(check, allowed))
    if gate.ci:  # child processes: best effort (a proxy that refuses, see _network)
        stack.enter_context(guarding_children(allowed))
    return stack


def _phase(item: pytest.Item, when: str) -> Generator[None, Any, Any]:
    """One test phase of a recorded test, with the socket guard on (any other: untouched)."""
    state = state_of(item.config)
    if state is None or not is_recorded(item, state):
        return (yield)
    if when == "setup":
        item.config.stash[CURRENT] = item
    try:
        with _guard(item, state):
            return (yield)
    finally:
        if when == "teardown":
            item.config.stash[CURRENT] = None


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> Any:
    return (yield from _phase(item, "setup"))


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_call(item: pytest.Item) -> Any:
    return (yield from _phase(item, "call"))


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_teardown(item: pytest.Item) -> Any:
    return (yield from _phase(item, "teardown"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if state_of(item.config) is None:
        return report
    _unseen_refusals(item, report)
    if call.when == "call":
        item.stash[PASSED] = bool(report.passed)
    cassettes = sys.modules.get("pytest_aacl._integration._cassettes")
    if cassettes is not None and call.excinfo is not None \
            and isinstance(call.excinfo.value, cassettes.CassetteError):
        report.longrepr = str(call.excinfo.value)  # the message says it all: no traceback
    return report


def _unseen_refusals(item: pytest.Item, report: pytest.TestReport) -> None:
    """A passing phase whose test had a live call refused (raised in a thread, or caught by
    the test) does not pass: it fails (or skips, when every refusal was a skip)."""
    refusals = item.stash.get(REFUSALS, [])
    seen = item.stash.get(_REPORTED, 0)
    new = refusals[seen:]
    item.stash[_REPORTED] = len(refusals)
    if not new or not report.passed:  # a phase that failed or skipped has shown them
        return
    failing = [r for r in new if r.action != "skip"]
    if failing:
        report.outcome = "failed"
        report.longrepr = ("a live call was refused during this test (the refusal was raised in "
                           "a thread or caught, so the test could not see it):\n"
                           + "\n".join(dict.fromkeys(r.message for r in failing)))
    else:
        report.outcome = "skipped"
        report.longrepr = (str(item.path), item.location[1] or 0, f"Skipped: {new[0].message}")


@pytest.hookimpl(optionalhook=True)
def pytest_recording_configure(config: pytest.Config, vcr: Any) -> None:
    state = state_of(config)
    item = config.stash.get(CURRENT, None)
    if item is None or state is None or not is_recorded(item, state):
        return
    configure_vcr(vcr, state.scrubber(), config.getini("aacl_volatile_fields"),
                  fresh=item.stash.get(REWRITE, False))


def configure_vcr(vcr: Any, scrubber: Scrubber, volatile: list[str], fresh: bool = False) -> None:
    """Our serializer, persister and matching on a ``vcr.VCR`` (also used by the benchmark)."""
    from ._cassettes import Persister, Serializer  # lazy: start-up (yaml)
    from ._matching import (  # lazy: start-up
        make_body_matcher,
        make_path_matcher,
        make_query_matcher,
    )

    vcr.register_serializer("yaml", Serializer())
    vcr.register_persister(Persister(vcr.persister, scrubber, fresh=fresh))
    vcr.register_matcher("aacl_body", make_body_matcher(volatile, scrubber))
    vcr.register_matcher("aacl_query", make_query_matcher(scrubber))
    vcr.register_matcher("aacl_path", make_path_matcher(scrubber))
    vcr.match_on = ("method", "scheme", "host", "port", "aacl_path", "aacl_query", "aacl_body")
    vcr.decode_compressed_response = False  # our scrubber decodes every encoding, br and zstd too


@pytest.fixture(autouse=True)
def _aacl_preflight(request: pytest.FixtureRequest) -> None:
    """Resolve the record mode as pytest-recording will; neutralise its rewrite deletion."""
    item = request.node
    if not isinstance(item, pytest.Item) or not is_recorded(item, state_of(request.config)):
        return
    if request.config.getoption("disable_recording", False):
        return
    merged = dict(request.getfixturevalue("vcr_config"))
    for mark in reversed(list(item.iter_markers("vcr"))):
        merged.update(mark.kwargs)
    mode = merged.get("record_mode") or request.getfixturevalue("record_mode")
    if mode == "rewrite":
        item.stash[REWRITE] = True
        item.add_marker(pytest.mark.vcr(record_mode="new_episodes"), append=False)


def _refuse(refusal: Any) -> None:
    if refusal is not None:
        if refusal.action == "skip":
            pytest.skip(refusal.message)
        pytest.fail(refusal.message, pytrace=False)


@pytest.fixture(autouse=True)
def _aacl_cassette(request: pytest.FixtureRequest) -> Iterator[Any]:
    """Gate live calls on the open cassette, log every call's usage and cost, and decide
    at the end whether the new recording may replace the file."""
    item = request.node
    state = state_of(request.config)
    if not isinstance(item, pytest.Item) or state is None or not is_recorded(item, state):
        yield None
        return
    from vcr.record_mode import RecordMode

    from .._compat.vcr import cassette_path  # lazy: start-up
    from ._matching import Canonical  # lazy: start-up, as the one below
    from ._recorder import (  # lazy: start-up
        TestUsage,
        attach,
        missing_message,
        record_command,
        unmatched_message,
    )

    gate = state.gate
    usage = TestUsage(item.nodeid, state.prices())
    usage.refusals = item.stash.setdefault(REFUSALS, [])
    cassette = request.getfixturevalue("vcr")
    if cassette is None:  # --disable-recording: every call is live
        _refuse(gate.permission())
        yield usage
        state.calls.extend(usage.calls)
        return
    path = str(cassette_path(cassette))
    exists = _exists(Path(path))
    mode = RecordMode(cassette.record_mode).value
    rewrite = item.stash.get(REWRITE, False)
    if mode == "none" and not exists:
        if Path(path).is_file():  # a 0-byte file: vcrpy would call it missing, it is not
            pytest.fail(f"cassette {path} is empty (0 bytes); delete it and record it again: "
                        f"{record_command(item.nodeid, False, state.marker)}", pytrace=False)
        pytest.fail(missing_message(path, item.nodeid, gate.ci, state.marker), pytrace=False)
    if rewrite or mode == "all" or (mode in RECORDING_MODES and not exists):
        _refuse(gate.refusal())  # confirmation, and budget left: before the test body runs
    scrubber = state.scrubber()
    canonical = Canonical(request.config.getini("aacl_volatile_fields"), scrubber)
    attach(cassette, usage, gate, scrubber, canonical,
           lambda c, r: unmatched_message(c, r, item.nodeid, gate.ci, state.marker))
    yield usage
    if (cassette.dirty or usage.started) and not (item.stash.get(PASSED, False) and usage.complete):
        cassette.dirty = False  # the committed file stays byte-for-byte as it was
        why = ("a live call was refused" if usage.refused else
               "; ".join(usage.failed_recordings) if usage.failed_recordings else
               "a live call got no response" if usage.started != len(usage.live) else
               "the test did not pass")
        state.unsaved.append(f"aacl: {path} was not written ({why}); the previous file, if any, "
                             "is unchanged")
    calls = usage.calls
    state.calls.extend(calls)
    from ._costs import summarise  # lazy: start-up

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
