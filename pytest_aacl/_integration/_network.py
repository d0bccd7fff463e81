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

import _socket
import os
import re
import socket
import subprocess
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


def _raw_class(check: Check, allowed: re.Pattern[str] | None) -> type:
    """A ``_socket.socket`` subclass whose connections ask ``check`` (``_socket.socket`` is a
    C type: its methods cannot be replaced, so the module attribute is)."""
    base = _socket.socket

    class GuardedRawSocket(base):  # type: ignore[misc,valid-type]
        __slots__ = ()
        connect = _guarded(base.connect, check, allowed)
        connect_ex = _guarded(base.connect_ex, check, allowed)

    GuardedRawSocket.__name__ = GuardedRawSocket.__qualname__ = "socket"
    GuardedRawSocket.__module__ = "_socket"
    return GuardedRawSocket


@contextmanager
def guarding(check: Check, allowed_hosts: list[str] | None = None) -> Iterator[None]:
    """Route every internet connection through ``check`` (which raises to refuse):
    ``socket.socket`` (so sockets from file descriptors, ``socket.fromfd``, and every
    client built on them) and ``_socket.socket`` built while the guard is on."""
    allowed = re.compile("|".join(f"(?:{h})" for h in allowed_hosts)) if allowed_hosts else None
    saved = {name: getattr(socket.socket, name) for name in _METHODS}
    ours = {name: _guarded(method, check, allowed) for name, method in saved.items()}
    for name, method in ours.items():
        setattr(socket.socket, name, method)
    raw, raw_ours = _socket.socket, _raw_class(check, allowed)
    _socket.socket = raw_ours  # type: ignore[misc]
    try:
        yield
    finally:
        for name, method in saved.items():
            if getattr(socket.socket, name) is ours[name]:
                setattr(socket.socket, name, method)
        if _socket.socket is raw_ours:
            _socket.socket = raw  # type: ignore[misc]


#: What a child process inherits while the guard is on under CI: a proxy that refuses
#: every connection (``127.0.0.1:9``, the discard port) for the clients that read the
#: standard proxy variables (httpx, requests, urllib, curl), and AACL_NETWORK_GUARD, which
#: makes pytest-aacl in a child replay only, as under CI.  Best effort, see the docs.
CHILD_PROXY = "http://127.0.0.1:9"
CHILD_ENV = {name: CHILD_PROXY for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY",
                                            "http_proxy", "https_proxy", "all_proxy")}
CHILD_ENV["AACL_NETWORK_GUARD"] = "refuse"


@contextmanager
def guarding_children(allowed_hosts: list[str] | None = None) -> Iterator[None]:
    """Give every ``subprocess.Popen`` started meanwhile the :data:`CHILD_ENV` settings
    (``NO_PROXY`` lists the allowed hosts, as given); this process's environment is untouched."""
    extra = dict(CHILD_ENV, NO_PROXY=",".join(allowed_hosts or []), no_proxy=",".join(allowed_hosts or []))
    original = subprocess.Popen.__init__

    def init(self: subprocess.Popen[Any], args: Any, *rest: Any, **kwargs: Any) -> None:
        if len(rest) < 10:  # env is Popen's 11th parameter: given by keyword, or not at all
            env = kwargs.get("env")
            kwargs["env"] = {**(os.environ if env is None else env), **extra}
        original(self, args, *rest, **kwargs)

    init.__wrapped__ = original  # type: ignore[attr-defined]
    subprocess.Popen.__init__ = init  # type: ignore[method-assign]
    try:
        yield
    finally:
        if subprocess.Popen.__init__ is init:
            subprocess.Popen.__init__ = original  # type: ignore[method-assign]
