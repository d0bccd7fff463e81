"""Fixtures of recorded LLM tests, registered only when the project opted in.

``_aacl_preflight`` runs first (before pytest-recording opens the cassette): record mode
``rewrite`` becomes "record from scratch into a new file" instead of pytest-recording's
"delete the committed cassette now".  ``_aacl_cassette`` runs on the open cassette (its
path is the one pytest-recording computed, hash-shortened names included): fail a missing
replay, ask before a live run, log usage, and at the end keep the new recording only if
the test passed and every live call it sent was recorded.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .plugin import _RECORDING_MODES, PASSED, REWRITE, _exists, is_recorded, state_of


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

    from ._matching import Canonical
    from ._recorder import TestUsage, attach, missing_message, unmatched_message

    gate = state.gate
    usage = TestUsage(item.nodeid, state.prices())
    cassette = request.getfixturevalue("vcr")
    if cassette is None:  # --disable-recording: every call is live
        _refuse(gate.permission())
        yield usage
        state.calls.extend(usage.calls)
        return
    path = str(cassette._path)
    exists = _exists(Path(path))
    mode = RecordMode(cassette.record_mode).value
    rewrite = item.stash.get(REWRITE, False)
    if mode == "none" and not exists:
        pytest.fail(missing_message(path, item.nodeid, gate.ci, state.marker), pytrace=False)
    if rewrite or mode == "all" or (mode in _RECORDING_MODES and not exists):
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
