"""An argument dropped before the implementation is called is a defect, not advice, where the
layer's own source shows it is never read after that call (prometheus-mcp-server's
`scrape_pool` forgotten from the request, in the mutation benchmark, was only advice: the
stubbed implementation hides whatever the layer does with its answer)."""

from __future__ import annotations

import sys
from typing import Any

from pytest_aacl import fuzz
from pytest_aacl._dataflow import read_after_call


def targets_impl(path: str, params: dict[str, Any] | None = None) -> Any:
    return None


def forgets_pool(state: str = "active", scrape_pool: str = "", limit: int = 10) -> Any:
    if limit < 0:
        raise ValueError("limit must be non-negative")
    params = {"state": state}
    if scrape_pool:
        pass  # params["scrapePool"] = scrape_pool was forgotten
    data = targets_impl("targets", params=params)
    rows = data.get("activeTargets", [])
    return rows[:limit]


def passes_pool(state: str = "active", scrape_pool: str = "", limit: int = 10) -> Any:
    params = {"state": state}
    if scrape_pool:
        params["scrapePool"] = scrape_pool
    data = targets_impl("targets", params=params)
    page = int(limit)  # what the layer made of `limit` is read after the call
    return data.get("activeTargets", [])[:page]


SCHEMA = {"type": "object", "properties": {"state": {"type": "string", "enum": ["active", "dropped"]},
                                           "scrape_pool": {"type": "string"},
                                           "limit": {"type": "integer", "minimum": 0}}}


def test_the_source_tells_what_is_read_after_the_implementation_answered() -> None:
    assert read_after_call(forgets_pool, "targets_impl") == {"state": False, "scrape_pool": False, "limit": True}
    assert read_after_call(passes_pool, "targets_impl") == {"state": False, "scrape_pool": False, "limit": True}


def test_what_it_cannot_follow_is_unknown() -> None:
    def in_a_loop(pools: list[str], limit: int) -> Any:
        return [targets_impl("targets", params={"p": p}) for p in pools][:limit]

    def through_kwargs(**kwargs: Any) -> Any:
        return targets_impl("targets", params=kwargs)

    def elsewhere(limit: int) -> Any:
        return forgets_pool(limit=limit)

    def nested(limit: int) -> Any:
        cut = lambda rows: rows[:limit]  # noqa: E731 (a closure may run after the call)
        return cut(targets_impl("targets"))

    assert read_after_call(in_a_loop, "targets_impl") is None
    assert read_after_call(through_kwargs, "targets_impl") is None
    assert read_after_call(elsewhere, "targets_impl") is None
    assert read_after_call(nested, "targets_impl") == {"limit": True}
    assert read_after_call(len, "targets_impl") is None  # no Python source


def _ignored(layer: Any) -> list[Any]:
    report = fuzz(layer, schema=SCHEMA, implementation=(sys.modules[__name__], "targets_impl"),
                  checks=["identity_on_canonical"], max_examples=100, seed=0)
    return [f for f in [*report.findings, *report.advice] if "no effect" in f.key]


def test_a_dropped_argument_is_a_defect_and_one_read_later_is_not() -> None:
    dropped = _ignored(forgets_pool)
    assert [(f.key[-1], f.severity) for f in dropped] == [("scrape_pool", "defect")], dropped
    assert "is ignored" in dropped[0].message
    assert not [f for f in _ignored(passes_pool) if f.severity == "defect"]
