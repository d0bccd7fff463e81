"""Per-test bookkeeping on the open cassette: gate live calls, log every call's usage.

pytest-recording opens the cassette; we wrap two methods of that one cassette object:
``can_play_response_for`` (vcrpy asks it right before it would go to the network, so a
refusal there means no request is ever sent) and ``append`` (called once per live
response, after our scrubbing hooks ran).  Refusals raise pytest's skip / fail outcomes,
which are ``BaseException``: SDK retry loops (``except Exception``) cannot swallow them.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from decimal import Decimal
from typing import Any, NoReturn

import pytest

from .._compat.vcr import cassette_path
from ._cassettes import CassetteError, read
from ._confirm import LiveGate, Refusal
from ._costs import Call, summarise
from ._decode import UndecodableBody
from ._estimate import estimate as estimate_call
from ._estimate import request_usage
from ._matching import Canonical, install_index, request_bytes
from ._prices import PriceTable
from ._provenance import stamping
from ._scrub import Scrubber
from ._usage import extract, response_text


def call_for(test: str, live: bool, request: Any, response: dict[str, Any], prices: PriceTable) -> Call:
    """The ledger entry for one interaction (no usage, e.g. an HTTP 400, costs nothing)."""
    headers = response.get("headers") or {}
    usage = extract(request.uri, response_text(response.get("body"), headers))
    if usage is None:
        return Call(test, live, None, 0, 0, 0, None, has_usage=False)
    return Call(test, live, usage.model, usage.input_tokens, usage.output_tokens,
                usage.cached_tokens, prices.cost(usage))


class TestUsage:
    """What one integration test has called so far; the ``aacl_usage`` fixture returns it."""

    __test__ = False  # not a test class, whatever pytest's python_classes say

    def __init__(self, test: str, prices: PriceTable) -> None:
        self.test = test
        self.prices = prices
        self.cassette: Any = None
        self.live: list[Call] = []
        self.refusals: list[Refusal] = []  # the item's list (shared with the socket guard)
        self.started = 0  # live calls let through to the network
        self.failed_recordings: list[str] = []

    @property
    def refused(self) -> bool:
        return bool(self.refusals)

    @property
    def complete(self) -> bool:
        """Every live call that was sent has its response recorded."""
        return not self.refused and not self.failed_recordings and self.started == len(self.live)

    @property
    def calls(self) -> list[Call]:
        """Replayed calls (one per play) followed by live ones."""
        replayed: list[Call] = []
        if self.cassette is not None:
            for index in sorted(self.cassette.play_counts):
                request, response = self.cassette.data[index]
                call = call_for(self.test, False, request, response, self.prices)
                replayed.extend([call] * self.cassette.play_counts[index])
        return replayed + self.live

    def totals(self) -> dict[str, Any]:
        return summarise(self.calls)


def refuse(refusal: Refusal, record: list[Refusal] | None = None) -> NoReturn:
    """Skip or fail the test, noted in ``record`` first: a refusal raised in a thread (or
    caught by the test's own code) never reaches pytest, so the test's report reads it."""
    if record is not None:
        record.append(refusal)
    if refusal.action == "skip":
        pytest.skip(refusal.message)
    pytest.fail(refusal.message, pytrace=False)


def attach(cassette: Any, usage: TestUsage, gate: LiveGate, scrubber: Scrubber,
           canonical: Canonical, unmatched: Callable[[Any, Any], str]) -> None:
    """Index the cassette, and install the live-call gate, the budget and the usage log."""
    usage.cassette = cassette
    stamping(cassette)  # a saved recording says where it came from (_provenance)
    can_play = cassette.can_play_response_for
    append = cassette.append
    add_to_index = install_index(cassette, canonical)
    reserved: dict[int, Decimal] = {}

    def gated_can_play(request: Any) -> bool:
        if can_play(request):
            return True
        filtered = cassette.filter_request(request)
        if not filtered:
            return False  # an ignored host: vcrpy passes it through (the socket guard decides)
        if cassette.write_protected:
            refuse(Refusal("fail", unmatched(cassette, filtered)), usage.refusals)
        refusal = gate.permission()
        if refusal is not None:
            refuse(refusal, usage.refusals)
        raw = request_bytes(request)
        cost = estimate_call(request.uri, raw, usage.prices)
        refusal = gate.reserve(cost, f"a call to model {request_usage(request.uri, raw).model!r}")
        if refusal is not None:
            refuse(refusal, usage.refusals)
        reserved[id(request)] = cost or Decimal(0)
        usage.started += 1
        return False

    def logging_append(request: Any, response: Any) -> None:
        hold = reserved.pop(id(request), Decimal(0))
        try:  # scrubbed before vcrpy keeps anything, on copies: the client gets the real response
            clean_request = scrubber.request(copy.deepcopy(request))
            clean_response = scrubber.response(copy.deepcopy(response))
        except UndecodableBody as exc:
            usage.failed_recordings.append(str(exc))
            gate.settle(hold, None)
            return
        before = len(cassette.data)
        append(clean_request, clean_response)
        if len(cassette.data) > before:
            add_to_index(len(cassette.data) - 1)
            stored_request, stored_response = cassette.data[-1]
            call = call_for(usage.test, True, stored_request, stored_response, usage.prices)
            if not call.has_usage:  # e.g. a stream without include_usage: counted, estimated
                text = response_text(stored_response.get("body"), stored_response.get("headers") or {})
                size = len((text or "").encode("utf-8"))
                guess = request_usage(request.uri, request_bytes(request), size)
                cost = estimate_call(request.uri, request_bytes(request), usage.prices, size)
                call = Call(usage.test, True, guess.model, 0, 0, 0, cost, has_usage=False,
                            estimated=True)
            usage.live.append(call)
            gate.settle(hold, call.cost, estimated=call.estimated)

    cassette.can_play_response_for = gated_can_play
    cassette.append = logging_append


def record_command(nodeid: str, rewrite: bool, marker: str = "integration") -> str:
    mode = "rewrite" if rewrite else "once"
    return f"pytest -m {marker} --record-mode={mode} '{nodeid}'"


def unmatched_message(cassette: Any, request: Any, nodeid: str, ci: bool,
                      marker: str = "integration") -> str:
    """Why replay failed for ``request``, naming the cassette and the command that fixes it."""
    prefix = "CI replays cassettes only and never calls a live API: " if ci else ""
    suffix = " (run it locally without CI, then commit the cassette)" if ci else ""
    path = cassette_path(cassette)
    what = f"{request.method} {request.uri}"
    if not cassette.data:
        return missing_message(path, nodeid, ci, marker)
    best = cassette.find_requests_with_most_matches(request)
    if best and best[0][2]:
        detail = "; ".join(f"{name}: {message}" for name, message in best[0][2])
    else:
        detail = "the recorded responses for this request were all used already"
    return (f"{prefix}cassette {path} has no recorded response for {what} ({detail}); "
            f"re-record it with: {record_command(nodeid, True, marker)}{suffix}")


def missing_message(path: str, nodeid: str, ci: bool, marker: str = "integration") -> str:
    if ci:
        return (f"cassette {path} is missing and CI replays cassettes only (no live API calls); "
                f"record it locally without CI: {record_command(nodeid, False, marker)}, then commit it")
    return (f"cassette {path} is missing and the record mode is 'none' (replay only); "
            f"record it with: {record_command(nodeid, False, marker)}")


def estimate(existing: list[str], new: int, prices: PriceTable) -> str:
    """The prompt's cost estimate: what existing recordings cost; unknown for new tests."""
    total, unpriced = Decimal(0), 0
    for path in existing:
        try:
            interactions = read(path)["interactions"]
        except CassetteError:
            unpriced += 1
            continue
        for interaction in interactions:
            request, response = interaction["request"], interaction["response"]
            usage = extract(request["uri"], response_text(response.get("body"), response["headers"]))
            cost = None if usage is None else prices.cost(usage)
            if usage is not None and cost is None:
                unpriced += 1
            total += cost or 0
    parts = []
    if existing:
        parts.append(f"${total:.6f} to re-record {len(existing)} test(s) as last recorded"
                     + (f" (+{unpriced} unpriced call(s))" if unpriced else ""))
    if new:
        parts.append(f"unknown for {new} test(s) without a cassette")
    return "; ".join(parts) or "unknown"
