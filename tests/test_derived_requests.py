"""An interface layer that builds a request (a `params` dict, a URL, a body) instead of
passing the tool's arguments on: what reaches the implementation is compared with what the
same layer builds for the intended value (the metamorphic relation, spy side), and only what
arrives under an argument's own name, in its type, is compared with the intended value.

Before, every such layer drew "intended X but the implementation did not receive it" on
correct code (rootly-mcp-server, opensearch-mcp-server-py, in the mutation benchmark), and
a real misreading was masked behind it.
"""

from __future__ import annotations

import sys
from typing import Any

from pytest_aacl import fuzz

SCHEMA = {"type": "object", "additionalProperties": False, "required": ["from_date"], "properties": {
    "from_date": {"type": "string", "format": "date"},
    "user_ids": {"type": "string", "description": "comma-separated user ids"},
    "page_size": {"type": "integer", "minimum": 1, "maximum": 100},
    "include_user_details": {"type": "boolean", "default": False}}}


def list_shifts_impl(params: dict[str, Any], user_ids: list[str], page_size: int) -> dict[str, Any]:
    return {"shifts": [], "page_size": page_size}


def _checked(from_date: Any, user_ids: Any, page_size: Any) -> None:
    import datetime

    if not isinstance(from_date, str):
        raise ValueError("from_date: expected a date (YYYY-MM-DD)")
    datetime.date.fromisoformat(from_date.strip())
    if not isinstance(user_ids, str):
        raise ValueError("user_ids: expected comma-separated ids")
    if isinstance(page_size, bool) or not isinstance(page_size, int) or not 1 <= page_size <= 100:
        raise ValueError(f"page_size: expected an integer from 1 to 100; received {page_size!r}")


def _flag(value: Any) -> bool:
    if value in (True, False):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    raise ValueError(f"include_user_details: expected true or false; received {value!r}")


def list_shifts(from_date: Any = None, user_ids: Any = "", page_size: Any = 25, include_user_details: Any = False,
                **extra: Any) -> dict[str, Any]:
    """A correct layer: it builds the request the backend takes ("false" read as false)."""
    if extra:
        raise ValueError(f"unexpected arguments: {sorted(extra)}")
    _checked(from_date, user_ids, page_size)
    ids = [u.strip() for u in user_ids.split(",") if u.strip()]
    include = "user,schedule" if _flag(include_user_details) else ""
    return list_shifts_impl(params={"from": from_date.strip(), "include": include}, user_ids=ids, page_size=page_size)


def list_shifts_truthy(from_date: Any = None, user_ids: Any = "", page_size: Any = 25, include_user_details: Any = False,
                       **extra: Any) -> dict[str, Any]:
    """The same layer, except that it takes any non-empty text for true: "false" asks for the details."""
    if extra:
        raise ValueError(f"unexpected arguments: {sorted(extra)}")
    _checked(from_date, user_ids, page_size)
    _flag(include_user_details)  # refuses what is neither (as the correct one does)
    ids = [u.strip() for u in user_ids.split(",") if u.strip()]
    include = "user,schedule" if include_user_details else ""
    return list_shifts_impl(params={"from": from_date.strip(), "include": include}, user_ids=ids, page_size=page_size)


IMPL = (sys.modules[__name__], "list_shifts_impl")


def test_a_correct_layer_that_builds_a_request_has_no_findings() -> None:
    report = fuzz(list_shifts, schema=SCHEMA, implementation=IMPL, max_examples=100, seed=0,
                  checks=["no_silent_corruption", "identity_on_canonical", "typed_implementation", "idempotent"])
    assert report.findings == [], str(report)
    assert report.calls["list_shifts"].reached > 50


def test_a_rendering_built_into_another_request_is_silent_corruption() -> None:
    report = fuzz(list_shifts_truthy, schema=SCHEMA, implementation=IMPL, max_examples=100, seed=0,
                  checks=["no_silent_corruption"])
    found = [f for f in report.findings if "for the rendering but" in f.message]
    assert found, str(report)
    assert "include_user_details read differently" in found[0].message and found[0].received, str(report)


def list_shifts_page_as_text(from_date: Any = None, user_ids: Any = "", page_size: Any = 25,
                             include_user_details: Any = False, **extra: Any) -> dict[str, Any]:
    """The correct layer, except that it hands the page size on as text."""
    if extra:
        raise ValueError(f"unexpected arguments: {sorted(extra)}")
    _checked(from_date, user_ids, page_size)
    ids = [u.strip() for u in user_ids.split(",") if u.strip()]
    include = "user,schedule" if _flag(include_user_details) else ""
    return list_shifts_impl(params={"from": from_date.strip(), "include": include}, user_ids=ids,
                            page_size=str(page_size))  # type: ignore[arg-type]


def test_an_argument_handed_on_under_its_own_name_is_still_compared() -> None:
    """Only a structure built from a text (`"a,b"` -> `["a", "b"]`) is left to the metamorphic
    relation; a number arriving as text under its own name is a plain misreading."""
    report = fuzz(list_shifts_page_as_text, schema=SCHEMA, implementation=IMPL, max_examples=60, seed=0,
                  checks=["identity_on_canonical"])
    assert any("page_size" in f.message and "intended" in f.message for f in report.findings), str(report)


# -- an argument the layer never passes on -----------------------------------------------------

WINDOW_SCHEMA = {"type": "object", "additionalProperties": False, "required": ["query"], "properties": {
    "query": {"type": "string"},
    "start": {"type": "string", "format": "date"},
    "end": {"type": "string", "format": "date"},
    "layout": {"enum": ["table", "list", "csv"], "default": "table"}}}


def search_impl(params: dict[str, Any]) -> list[str]:
    return [params.get("q", "")]


def _dates(start: Any, end: Any) -> None:
    import datetime

    for name, value in (("start", start), ("end", end)):
        if value is not None:
            if not isinstance(value, str):
                raise ValueError(f"{name}: expected a date (YYYY-MM-DD)")
            datetime.date.fromisoformat(value)


def search_window(query: Any = None, start: Any = None, end: Any = None, layout: Any = "table") -> Any:
    """Builds the request from every argument; `layout` only shapes the answer afterwards."""
    if not isinstance(query, str) or layout not in ("table", "list", "csv"):
        raise ValueError("query: expected text; layout: one of table, list, csv")
    _dates(start, end)
    rows = search_impl(params={"q": query, "from": start, "to": end}) or [query]
    return {"table": {"rows": rows}, "list": rows, "csv": ",".join(rows)}[layout]


def search_window_drops_end(query: Any = None, start: Any = None, end: Any = None, layout: Any = "table") -> Any:
    """The same, but the request never carries `end` (its key was lost in a refactoring)."""
    if not isinstance(query, str) or layout not in ("table", "list", "csv"):
        raise ValueError("query: expected text; layout: one of table, list, csv")
    _dates(start, end)
    rows = search_impl(params={"q": query, "from": start}) or [query]
    return {"table": {"rows": rows}, "list": rows, "csv": ",".join(rows)}[layout]


def _ignored(layer: Any) -> list[Any]:
    report = fuzz(layer, schema=WINDOW_SCHEMA, implementation=(sys.modules[__name__], "search_impl"),
                  checks=["identity_on_canonical"], max_examples=80, seed=0)
    return [f for f in [*report.findings, *report.advice] if f.key[1:2] == ("no effect",)]


def test_an_argument_the_layer_never_passes_on_is_found() -> None:
    """A defect: `end` is checked, never put into the request, and the layer's source reads
    nothing made of it after the implementation was called (`_dataflow`)."""
    found = _ignored(search_window_drops_end)
    assert [(f.key[2], f.severity) for f in found] == [("end", "defect")], found
    assert "end is ignored" in found[0].message


def test_an_argument_read_after_the_call_is_only_advice_when_it_looks_ignored() -> None:
    """Where the layer reads the argument after the implementation answered (a page size on
    the rows), the stub's None hides what it does: "seems ignored", advice."""
    def drops_end_but_echoes_it(query: Any = None, start: Any = None, end: Any = None, layout: Any = "table") -> Any:
        if not isinstance(query, str) or layout not in ("table", "list", "csv"):
            raise ValueError("query: expected text; layout: one of table, list, csv")
        _dates(start, end)
        rows = search_impl(params={"q": query, "from": start})
        return {"rows": rows, "until": end if rows else None}

    found = _ignored(drops_end_but_echoes_it)
    assert [(f.key[2], f.severity) for f in found] == [("end", "advice")], found
    assert "end seems ignored" in found[0].message


def test_an_argument_that_shapes_only_the_answer_takes_effect() -> None:
    assert _ignored(search_window) == []


def targets_impl(params: dict[str, Any]) -> dict[str, Any]:
    return {"activeTargets": [{"pool": params.get("pool")}]}


def get_targets(pool: Any = "node", limit: Any = None, **extra: Any) -> list[Any]:
    """Pages the backend's answer: with implementation= the backend answers None (it is not
    run), so the paging fails on None; that is not the tool crashing (prometheus-mcp-server)."""
    if extra or not isinstance(pool, str) or not (
            limit is None or (isinstance(limit, int) and not isinstance(limit, bool) and limit >= 0)):
        raise ValueError("pool: expected text; limit: expected a non-negative integer; nothing else")
    data = targets_impl(params={"pool": pool})
    rows = data.get("activeTargets", [])
    return rows[:limit] if limit is not None else rows


def test_a_layer_reading_the_stubbed_answer_reached_the_implementation_and_did_not_crash() -> None:
    schema = {"type": "object", "properties": {"pool": {"type": "string"},
                                               "limit": {"anyOf": [{"type": "integer"}, {"type": "null"}]}}}
    report = fuzz(get_targets, schema=schema, implementation=(sys.modules[__name__], "targets_impl"),
                  checks=["total", "identity_on_canonical"], max_examples=40, seed=0)
    assert not [f for f in report.findings if "NoneType" in f.message], str(report)
    assert report.calls["get_targets"].reached > 0 and report.calls["get_targets"].escaped == 0, str(report)
    assert not [f for f in report.findings if f.check == "total"], str(report)
