"""Whether a live LLM call may happen now: CI, confirmation on the terminal, the budget.

Live calls cost money, so the default answer is no.  The decision is made once per
session (the first time a live call could happen) and then remembered.  Talking to the
user is injected (``ask`` returns the typed answer, or ``None`` when there is no
terminal), which keeps the yes / no flow testable without a real TTY.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal

from ._ledger import Ledger

_FALSEY = ("", "0", "false", "no", "off")


def ci_active(environ: Mapping[str, str] = os.environ) -> bool:
    """``CI`` set to anything but an explicit false value (what CI services export), or a
    process started by an integration test under CI (``AACL_NETWORK_GUARD``, see _network)."""
    value = environ.get("CI")
    return (value is not None and value.strip().lower() not in _FALSEY) \
        or environ.get("AACL_NETWORK_GUARD") == "refuse"


def env_confirmed(environ: Mapping[str, str] = os.environ) -> bool:
    return environ.get("AACL_CONFIRM", "").strip().lower() in ("1", "true", "yes", "y")


def parse_usd(text: str) -> Decimal:
    """``--aacl-budget`` values: ``0.50``, ``$2``; raises ``ValueError`` with the fix."""
    try:
        value = Decimal(text.strip().lstrip("$"))
    except ArithmeticError:
        value = Decimal(-1)
    if not value.is_finite() or value < 0:
        raise ValueError(f"--aacl-budget expects a non-negative amount in USD such as 0.50, got {text!r}")
    return value


@dataclass(frozen=True)
class Refusal:
    """A live call that must not happen: ``skip`` or ``fail`` the test with ``message``."""

    action: str
    message: str


@dataclass
class LiveGate:
    """Session state of live calls: the confirmation answer and the money spent.

    ``spend`` includes reservations: a live call reserves its estimated cost before it is
    sent (under a lock, so concurrent calls cannot all pass the check before any cost is
    known) and is settled to its real cost when its response arrives.  A call that never
    gets a response stays counted at its estimate.
    """

    ci: bool
    worker: bool
    preconfirmed: bool
    budget: Decimal | None
    ask: Callable[[str], str | None]
    ledger: Ledger = field(default_factory=Ledger)
    unpriced_live_calls: int = 0
    estimated_live_calls: int = 0
    answer: bool | None = None
    pending: int = 0
    estimate: str = "unknown"
    record_hint: str = "pytest -m integration --record-mode=once --aacl-yes"
    asked: list[str] = field(default_factory=list)
    no_terminal: bool = False
    _lock: threading.RLock = field(default_factory=threading.RLock, repr=False)
    _grants: threading.local = field(default_factory=threading.local, repr=False)

    @property
    def spend(self) -> Decimal:
        """Spent and reserved so far, by this whole session (every xdist worker included)."""
        return self.ledger.spend

    def refusal(self) -> Refusal | None:
        """``None`` if a live call may go ahead now (permission, then budget left)."""
        return self.permission() or self.reserve(Decimal(0), connect=False)

    def permission(self) -> Refusal | None:
        """``None`` if live calls are allowed at all; may prompt (once per session)."""
        if self.ci:
            return Refusal(
                "fail",
                "CI is set, so integration tests replay cassettes only and never call a live API; "
                "record the missing cassette locally (without CI) and commit it",
            )
        with self._lock:
            if self.answer is None:
                if self.preconfirmed:
                    self.answer = True
                elif self.worker:
                    return Refusal(
                        "skip",
                        "live LLM calls need confirmation, which an xdist worker cannot ask for; "
                        f"record without -n, or pass --aacl-yes: {self.record_hint}",
                    )
                elif not self.no_terminal:
                    self.answer = self._prompt()
                if self.answer is None:
                    return Refusal(
                        "skip",
                        "live LLM calls need confirmation and there is no terminal to ask on; "
                        f"to record deliberately run: {self.record_hint} (or set AACL_CONFIRM=1)",
                    )
        if not self.answer:
            return Refusal("skip", "live LLM calls were declined at the confirmation prompt")
        return None

    def reserve(self, estimate: Decimal | None, what: str = "this call", *,
                connect: bool = True) -> Refusal | None:
        """Reserve ``estimate`` against the budget, or refuse; ``None`` estimate = unpriced.

        A call is refused when its reservation would take the spend past the budget (not
        only once the budget is used up), so the call that would cross the cap is never sent.
        """
        with self._lock:
            if self.budget is None:
                self.ledger.add(estimate or Decimal(0))
                return None
            if estimate is None:
                return Refusal(
                    "fail",
                    f"--aacl-budget is set but {what} cannot be priced, so the budget could not "
                    "hold; add the model's price (ini aacl_prices) or record without a budget",
                )
            spent = self.ledger.reserve(estimate, self.budget)
            if spent is None and not connect:
                return None
            if spent is None:  # this thread may now open one connection for the call
                self._grants.count = getattr(self._grants, "count", 0) + 1
                self._grants.in_flight = getattr(self._grants, "in_flight", 0) + 1
                return None
            if not estimate or spent >= self.budget:
                return Refusal(
                    "fail",
                    f"the live-call budget of ${self.budget} is used up (spent ${spent:.6f}); "
                    "raise --aacl-budget to record more (replayed calls are free)",
                )
            return Refusal(
                "fail",
                f"{what} may cost up to ${estimate:.6f} (its request and output cap), which would "
                f"take the live-call spend of ${spent:.6f} past the budget of ${self.budget}; "
                "raise --aacl-budget or lower the call's max_tokens (replayed calls are free)",
            )

    def connection(self, host: str, port: int) -> Refusal | None:
        """A socket connection under a budget: allowed only for a live call that reserved its
        cost on this thread (one connection each); any other cannot be priced."""
        if self.budget is None:
            return None
        granted = getattr(self._grants, "count", 0)
        if granted > 0:
            self._grants.count = granted - 1
            return None
        return Refusal(
            "fail",
            f"--aacl-budget is set, and this connection to {host}:{port} is not a recorded HTTP "
            "call (a raw socket, a client vcrpy does not patch, or an ignored host), so its cost "
            "cannot be reserved; make the call through a client vcrpy records, or record "
            "without a budget",
        )

    def settle(self, reserved: Decimal, cost: Decimal | None, *, estimated: bool = False) -> None:
        """Replace a reservation by the call's cost (``None``: unpriced, keep the reservation)."""
        with self._lock:
            in_flight = getattr(self._grants, "in_flight", 0)
            if in_flight:  # the last call in flight on this thread ended: a grant it left
                self._grants.in_flight = in_flight - 1  # unused (a reused connection) lapses
                if in_flight == 1:
                    self._grants.count = 0
            self._account(reserved, cost, estimated)

    def _account(self, reserved: Decimal, cost: Decimal | None, estimated: bool = False) -> None:
        with self._lock:
            if estimated:
                self.estimated_live_calls += 1
            if cost is None:
                self.unpriced_live_calls += 1
            else:
                self.ledger.add(cost - reserved)

    def _prompt(self) -> bool | None:
        """The user's answer; ``None`` when there is no terminal to ask on."""
        question = (
            f"\npytest-aacl: {max(self.pending, 1)} integration test(s) may call live LLM APIs "
            f"(estimated cost: {self.estimate}"
            + (f"; budget ${self.budget}" if self.budget is not None else "")
            + ").\nThis costs real money. Make live calls now? [y/N] "
        )
        try:
            reply = self.ask(question)
        except (EOFError, OSError):
            return False
        if reply is None:
            self.no_terminal = True
            return None
        self.asked.append(question)
        return reply.strip().lower() in ("y", "yes")

    def spent(self, cost: Decimal | None) -> None:
        self._account(Decimal(0), cost)
