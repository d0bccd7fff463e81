"""Socket guard: no connection leaves an integration test unless a live call is allowed.

vcrpy sees only the HTTP clients it patches.  A module-scoped fixture (set up before the
test's cassette opens), a raw socket, a client vcrpy does not stub, or a host in
``ignore_hosts`` would reach the network unseen.  So while an integration test is set up,
run and torn down (fixtures of every scope included), ``socket.connect`` for internet
addresses asks a check first: under CI it always refuses; otherwise it asks the live-call
gate (confirmation).  Hosts allowed with pytest-recording's ``--allowed-hosts`` /
``block_network(allowed_hosts=...)`` pass.

The patch is laid over whatever ``socket.socket.connect`` is when each test phase starts,
and taken off only if it is still on top when the phase ends: pytest-recording's own
network blocking restores the socket methods it saved at import time, which would
otherwise silently remove a guard installed once per session.
"""

from __future__ import annotations

import re
import socket
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

Check = Callable[[str, int], None]
_METHODS = ("connect", "connect_ex")


def _host_port(address: Any) -> tuple[str, int]:
    if isinstance(address, tuple) and len(address) >= 2:
        host = address[0]
        return (host.decode() if isinstance(host, bytes) else str(host)), int(address[1])
    return str(address), 0


def _guarded(original: Callable[..., Any], check: Check,
             allowed: re.Pattern[str] | None) -> Callable[..., Any]:
    def connect(self: socket.socket, address: Any) -> Any:
        if self.family in (socket.AF_INET, socket.AF_INET6):
            host, port = _host_port(address)
            if allowed is None or not allowed.match(host):
                check(host, port)
        return original(self, address)

    connect.__wrapped__ = original  # type: ignore[attr-defined]
    return connect


@contextmanager
def guarding(check: Check, allowed_hosts: list[str] | None = None) -> Iterator[None]:
    """Route every internet connection through ``check`` (which raises to refuse)."""
    allowed = re.compile("|".join(f"(?:{h})" for h in allowed_hosts)) if allowed_hosts else None
    saved = {name: getattr(socket.socket, name) for name in _METHODS}
    ours = {name: _guarded(method, check, allowed) for name, method in saved.items()}
    for name, method in ours.items():
        setattr(socket.socket, name, method)
    try:
        yield
    finally:
        for name, method in saved.items():
            if getattr(socket.socket, name) is ours[name]:
                setattr(socket.socket, name, method)
