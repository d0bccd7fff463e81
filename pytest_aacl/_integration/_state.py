"""What the integration plugin and its opted-in half (``_active``) share: the session
state, the stash keys, and which marker the project opted in with.

The bottom of the integration plugin: it imports pytest and the standard library only
(``pytest_aacl._plugins.integration`` imports it when pytest starts), and nothing in
pytest-aacl that imports it is imported back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from ._confirm import LiveGate
    from ._costs import Call
    from ._prices import PriceTable
    from ._scrub import Scrubber

#: the record modes that may write a cassette (``none`` only replays)
RECORDING_MODES = ("once", "new_episodes", "all", "rewrite")


@dataclass
class Session:
    gate: LiveGate
    cassette_root: Path
    prices_path: str
    forced_replay: bool
    marker: str = "integration"
    calls: list[Call] = field(default_factory=list)
    unsaved: list[str] = field(default_factory=list)
    report_error: str = ""
    ledger_path: str = ""
    scrub_config: tuple[list[str], list[str], list[str]] = ([], [], [])
    _prices: PriceTable | None = None
    _scrubber: Scrubber | None = None

    def scrubber(self) -> Scrubber:
        """One per session: a secret learned in one test is scrubbed from every later one."""
        if self._scrubber is None:
            from ._scrub import Scrubber  # lazy: start-up (this module loads with pytest)

            self._scrubber = Scrubber(*self.scrub_config)
        return self._scrubber

    def prices(self) -> PriceTable:
        if self._prices is None:
            from ._prices import PriceTable  # lazy: start-up (this module loads with pytest)

            self._prices = PriceTable.load(self.prices_path or None)
        return self._prices


STATE = pytest.StashKey[Session]()  # on the config: set only when the project opted in
CURRENT = pytest.StashKey["pytest.Item | None"]()  # on the config: the recorded test now running
PASSED = pytest.StashKey[bool]()  # on an item: its call phase passed
REFUSALS = pytest.StashKey[list[Any]]()  # on an item: live calls refused (any thread)
REWRITE = pytest.StashKey[bool]()  # on an item: record from scratch, replace the file at the end


def marker_name(config: pytest.Config) -> str:
    """The recorded-LLM-test marker the project opted in with (--aacl-marker / ini), or ""."""
    try:
        name = str(config.getoption("aacl_marker", None) or config.getini("aacl_marker") or "").strip()
    except (ValueError, KeyError):  # the option is not registered (the plugin is not loaded)
        return ""
    if name and not name.isidentifier():
        raise pytest.UsageError(f"aacl_marker = {name!r} is not a marker name; use a Python "
                                "identifier such as integration or llm")
    return name


def state_of(config: pytest.Config) -> Session | None:
    """The session state, or ``None`` when the project did not opt in."""
    return config.stash.get(STATE, None)


def is_recorded(item: pytest.Item, state: Session | None) -> bool:
    return state is not None and item.get_closest_marker(state.marker) is not None
