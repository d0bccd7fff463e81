"""pytest's internals the plugins need: items made by a plugin that still get fixtures, and
the session's base temporary directory outside a test.

pytest has no public API to give a plugin-made `pytest.Function` a fixture closure of its
choosing (the auto-generated fuzz items request only `aacl_reset`, not the autouse fixtures
of test modules, which may need a module these items do not have), nor to reach
`tmp_path_factory` from an xdist hook.  Supported: pytest 8 and 9 (pinned by
tests/test_compat_pytest.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

__all__ = ["base_temp", "no_fixtures", "use_fixtures"]


def no_fixtures() -> Any:
    """A fixture closure with nothing in it: what a plugin-made item starts with."""
    from _pytest.fixtures import FuncFixtureInfo  # lazy: start-up

    return FuncFixtureInfo(argnames=(), initialnames=(), names_closure=[], name2fixturedefs={})


def use_fixtures(item: pytest.Function, wanted: tuple[str, ...]) -> None:
    """Give `item` exactly the fixtures `wanted` (and what they need), looked up from the item."""
    from _pytest.fixtures import FuncFixtureInfo  # lazy: start-up

    manager = item.session._fixturemanager
    try:
        names, defs = manager.getfixtureclosure(parentnode=item, initialnames=wanted, ignore_args=set())
        info = FuncFixtureInfo(argnames=wanted, initialnames=wanted, names_closure=names, name2fixturedefs=defs)
    except (TypeError, ValueError):  # pragma: no cover (pytest < 8: no fixtures for plugin-made items)
        info = no_fixtures()
    item._fixtureinfo = info
    item.fixturenames = info.names_closure
    item._initrequest()


def base_temp(config: pytest.Config) -> Path:
    """The session's base temporary directory (what `tmp_path_factory.getbasetemp()` gives a test)."""
    return Path(config._tmp_path_factory.getbasetemp())  # type: ignore[attr-defined]
