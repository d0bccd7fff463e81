"""The money live calls spent and reserved: one ledger for every thread, asyncio task and
xdist worker of a session.

In one process a lock is enough.  Under xdist the controller creates a ledger file in the
session's temp directory and hands its path to every worker (``workerinput``); each
reservation then reads, checks and writes the file under an exclusive ``fcntl.flock``, so
``--aacl-budget`` caps the whole run, not each worker's share.  Where ``fcntl`` is missing
(Windows) there is no file: each worker keeps the per-worker share of the budget instead.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal, InvalidOperation

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

SHARED = fcntl is not None
FILE_NAME = "aacl-budget-ledger"


class Ledger:
    """Spend (reservations included) with an atomic check-and-reserve."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = None if path is None or not SHARED else os.fspath(path)
        self._lock = threading.Lock()
        self._spend = Decimal(0)

    @contextmanager
    def _locked(self) -> Iterator[None]:
        with self._lock:
            if self.path is None:
                yield
                return
            with open(self.path, "a+", encoding="ascii") as handle:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX)  # released when the file closes
                handle.seek(0)
                try:
                    self._spend = Decimal(handle.read().strip() or "0")
                except InvalidOperation:
                    self._spend = Decimal(0)
                before = self._spend
                yield
                if self._spend != before:
                    handle.seek(0)
                    handle.truncate()
                    handle.write(str(self._spend))
                    handle.flush()

    @property
    def spend(self) -> Decimal:
        with self._locked():
            return self._spend

    def reserve(self, amount: Decimal, cap: Decimal | None) -> Decimal | None:
        """Add ``amount`` unless it would take the spend past ``cap`` (or, for a zero amount,
        the cap is reached already); returns ``None`` when reserved, else the spend so far."""
        with self._locked():
            if cap is not None and (self._spend + amount > cap or (not amount and self._spend >= cap)):
                return self._spend
            self._spend += amount
            return None

    def add(self, amount: Decimal) -> None:
        with self._locked():
            self._spend += amount
