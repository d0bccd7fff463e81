"""Shared fixtures for the project's own tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


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
