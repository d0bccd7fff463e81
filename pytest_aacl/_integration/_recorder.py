"""Per-test bookkeeping on the open cassette: gate live calls, log every call's usage.

pytest-recording opens the cassette; we wrap two methods of that one cassette object:
``can_play_response_for`` (vcrpy asks it right before it would go to the network, so a
refusal there means no request is ever sent) and ``append`` (called once per live
response, after our scrubbing hooks ran).  Refusals raise pytest's skip / fail outcomes,
which are ``BaseException``: SDK retry loops (``except Exception``) cannot swallow them.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest

from ._confirm import LiveGate
from ._prices import PriceTable
from ._report import Call, summarise
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
        self.refused = False

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


def attach(cassette: Any, usage: TestUsage, gate: LiveGate,
           unmatched: Callable[[Any, Any], str]) -> None:
    """Install the live-call gate and the usage log on ``cassette``."""
    usage.cassette = cassette
    can_play = cassette.can_play_response_for
    append = cassette.append

    def gated_can_play(request: Any) -> bool:
        if can_play(request):
            return True
        filtered = cassette.filter_request(request)
        if not filtered:
            return False  # an ignored host: vcrpy passes it through unrecorded
        if cassette.write_protected:
            pytest.fail(unmatched(cassette, filtered), pytrace=False)
        refusal = gate.refusal()
        if refusal is not None:
            usage.refused = True
            if refusal.action == "skip":
                pytest.skip(refusal.message)
            pytest.fail(refusal.message, pytrace=False)
        return False

    def logging_append(request: Any, response: Any) -> None:
        before = len(cassette.data)
        append(request, response)
        if len(cassette.data) > before:
            stored_request, stored_response = cassette.data[-1]
            call = call_for(usage.test, True, stored_request, stored_response, usage.prices)
            usage.live.append(call)
            gate.spent(call.cost if call.has_usage else Decimal(0))

    cassette.can_play_response_for = gated_can_play
    cassette.append = logging_append


def record_command(nodeid: str, rewrite: bool) -> str:
    mode = "rewrite" if rewrite else "once"
    return f"pytest -m integration --record-mode={mode} '{nodeid}'"


def unmatched_message(cassette: Any, request: Any, nodeid: str, ci: bool) -> str:
    """Why replay failed for ``request``, naming the cassette and the command that fixes it."""
    prefix = "CI replays cassettes only and never calls a live API: " if ci else ""
    suffix = " (run it locally without CI, then commit the cassette)" if ci else ""
    path = cassette._path
    what = f"{request.method} {request.uri}"
    if not cassette.data:
        return missing_message(path, nodeid, ci)
    best = cassette.find_requests_with_most_matches(request)
    if best and best[0][2]:
        detail = "; ".join(f"{name}: {message}" for name, message in best[0][2])
    else:
        detail = "the recorded responses for this request were all used already"
    return (f"{prefix}cassette {path} has no recorded response for {what} ({detail}); "
            f"re-record it with: {record_command(nodeid, True)}{suffix}")


def missing_message(path: str, nodeid: str, ci: bool) -> str:
    if ci:
        return (f"cassette {path} is missing and CI replays cassettes only (no live API calls); "
                f"record it locally without CI: {record_command(nodeid, False)}, then commit it")
    return (f"cassette {path} is missing and the record mode is 'none' (replay only); "
            f"record it with: {record_command(nodeid, False)}")


def estimate(existing: list[str], new: int, prices: PriceTable) -> str:
    """The prompt's cost estimate: what existing recordings cost; unknown for new tests."""
    from ._cassettes import CassetteError, read

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
