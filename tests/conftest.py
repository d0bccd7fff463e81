"""Shared fixtures for the project's own tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

# The MCP SDK 2.x loads `cryptography` on a server's first call.  Loaded first inside an
# in-process pytester run, the module is dropped when that run restores `sys.modules`, and the
# next import builds a second `HashAlgorithm` class the Rust binding rejects ("Expected
# instance of hashes.HashAlgorithm"): MCP tests then fail by test order alone.
try:
    import mcp.server.request_state  # noqa: F401
except ImportError:  # an older SDK, or none: nothing loads cryptography late
    pass


@pytest.fixture
def isolated_checks() -> Iterator[dict[str, object]]:
    """The global check registry, restored after the test: a check a test registers (or a
    built-in it replaces) never leaks into later tests, whatever the order or the worker.

    `fuzz()` and the plugin default to every registered check, so a leaked one changes
    other tests' outcomes.
    """
    from pytest_aacl import CHECKS

    saved = dict(CHECKS)
    try:
        yield CHECKS
    finally:
        CHECKS.clear()
        CHECKS.update(saved)
