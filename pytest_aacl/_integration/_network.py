"""Socket guard: no connection leaves an integration test unless a live call is allowed.

vcrpy sees only the HTTP clients it patches.  A module-scoped fixture (set up before the
test's cassette opens), a raw socket, a client vcrpy does not stub, or a host in
``ignore_hosts`` would reach the network unseen.  So while an integration test is set up,
run and torn down (fixtures of every scope included), ``socket.connect`` for internet
addresses asks a check first: under CI it always refuses; otherwise it asks the live-call
gate (confirmation).  Hosts allowed with pytest-recording's ``--allowed-hosts`` /
``block_network(allowed_hosts=...)`` pass.
"""

from __future__ import annotations

import re
import socket
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

Check = Callable[[str, int], None]

_check: list[Check] = []
_original: dict[str, Any] = {}


def _host_port(address: Any) -> tuple[str, int]:
    if isinstance(address, tuple) and len(address) >= 2:
        host = address[0]
        return (host.decode() if isinstance(host, bytes) else str(host)), int(address[1])
    return str(address), 0


def _guarded(name: str) -> Callable[..., Any]:
    original = getattr(socket.socket, name)

    def connect(self: socket.socket, address: Any) -> Any:
        if _check and self.family in (socket.AF_INET, socket.AF_INET6):
            host, port = _host_port(address)
            _check[-1](host, port)
        return original(self, address)

    connect.__wrapped__ = original  # type: ignore[attr-defined]
    return connect


_installs: list[int] = []  # nesting depth: pytester runs a session inside a session


def install() -> None:
    """Patch ``socket.socket.connect`` / ``connect_ex`` (idle until :func:`guarding`)."""
    _installs.append(1)
    if _original:
        return
    for name in ("connect", "connect_ex"):
        _original[name] = getattr(socket.socket, name)
        setattr(socket.socket, name, _guarded(name))


def uninstall() -> None:
    """Undo one :func:`install`; the patch goes when the outermost session ends."""
    if _installs:
        _installs.pop()
    if _installs:
        return
    for name, original in _original.items():
        setattr(socket.socket, name, original)
    _original.clear()


@contextmanager
def guarding(check: Check, allowed_hosts: list[str] | None = None) -> Iterator[None]:
    """Route every internet connection through ``check`` (which raises to refuse)."""
    allowed = re.compile("|".join(f"(?:{h})" for h in allowed_hosts)) if allowed_hosts else None

    def guarded(host: str, port: int) -> None:
        if allowed is not None and allowed.match(host):
            return
        check(host, port)

    _check.append(guarded)
    try:
        yield
    finally:
        _check.remove(guarded)
