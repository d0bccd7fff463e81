"""The fuzz engine end to end: black-box judging, the coverage pass, grouping, hangs, advice,
argument validation and the reset hook."""

from __future__ import annotations

import sys
import threading
import warnings
from pathlib import Path
from typing import Any

import pytest
from pydantic import AnyUrl
from pytest_aacl.strategies import HallucinatedCall, InvalidCall, Label, Mutation

from pytest_aacl import InvalidArgument, fuzz
from pytest_aacl._targets import Target, resolve

COUNT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "query": {"type": "string", "minLength": 1, "maxLength": 20},
        "limit": {"type": "integer", "minimum": 1, "maximum": 5000},
    },
    "required": ["query", "limit"],
    "additionalProperties": False,
}
STOP = threading.Event()


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def black_box(func: Any, schema: dict[str, Any] = COUNT_SCHEMA, **kw: Any) -> Target:
    """A plain function fuzzed with no implementation named: a black box whose `Call.result`
    is its answer after a JSON round trip."""
    [target] = resolve(func, schema=schema, **kw)
    assert target.black_box
    return target


def _limit(value: Any) -> int:
    if isinstance(value, bool):
        raise ValueError(f"TYPE_ERROR at limit: expected an integer; received {value!r}")
    if isinstance(value, str):
        value = value.strip().replace(",", "").replace("_", "")
        if not value.lstrip("-").isdigit():
            raise ValueError(f"TYPE_ERROR at limit: expected an integer; received {value!r}")
        value = int(value)
    if not isinstance(value, int) and not (isinstance(value, float) and value.is_integer()):
        raise ValueError(f"TYPE_ERROR at limit: expected an integer; received {value!r}")
    return int(value)


_NOT_SENT: Any = object()


def count_ok(query: Any = _NOT_SENT, limit: Any = _NOT_SENT, **extra: Any) -> dict[str, Any]:
    """Reads a model's renderings of an integer correctly, or refuses them."""
    if extra:
        raise ValueError(f"UNEXPECTED_FIELD at {next(iter(extra))}: expected only query and limit")
    if not isinstance(query, str) or not query:
        raise ValueError(f"TYPE_ERROR at query: expected a string; received {query!r}")
    return {"query": query, "limit": _limit(limit)}


def count_truncating(query: Any = _NOT_SENT, limit: Any = _NOT_SENT, **extra: Any) -> dict[str, Any]:
    """The classic hand-written defect: '1,000' read up to the comma."""
    if isinstance(limit, str) and "," in limit:
        limit = limit.split(",")[0]
    return count_ok(query, limit, **extra)


def count_with_clock(query: Any = _NOT_SENT, limit: Any = _NOT_SENT) -> dict[str, Any]:
    """Correct, but its answer carries a counter: not reproducible."""
    count_with_clock.calls += 1  # type: ignore[attr-defined]
    return {**count_ok(query, limit), "served": count_with_clock.calls}  # type: ignore[attr-defined]


count_with_clock.calls = 0  # type: ignore[attr-defined]


def test_black_box_correct_tool_has_no_findings_and_says_what_it_did_not_judge() -> None:
    report = fuzz(black_box(count_ok), max_examples=60, seed=1)
    assert report.findings == [], str(report)
    skipped = {line.split(": ")[0] for line in report.not_applicable}
    assert skipped == {f"count_ok::{n}" for n in ("identity_on_canonical", "rejects_invalid", "typed_implementation", "idempotent")}
    assert all("black box" in line for line in report.not_applicable)
    assert report.examples_run >= 60 * 3  # no_silent_corruption, total, correction_quality ran


def test_black_box_finds_a_rendering_read_as_another_value() -> None:
    report = fuzz(black_box(count_truncating), checks=["no_silent_corruption"], max_examples=200, seed=0)
    [finding] = report.findings
    assert finding.black_box and finding.labels[0]["path"] == "limit", str(report)
    assert "," in str(finding.args["limit"])
    assert finding.result["limit"] != finding.intended["limit"]
    assert "read differently" in finding.message and finding.fix.startswith("make the interface read")
    assert "tool answered:" in str(report) and "Fix: make the interface read" in str(report)


def test_black_box_a_counter_in_the_answer_is_masked_not_a_finding() -> None:
    report = fuzz(black_box(count_with_clock), checks=["no_silent_corruption"], max_examples=40, seed=0)
    assert report.ok and not report.unreproducible, str(report)  # the part that varies is learnt and masked


def _cover(records: dict[str, list[Any]]) -> Any:
    def cases(kind: str, spec: Any) -> list[Any]:
        return list(records.get(kind, []))

    return cases


def test_coverage_cases_run_first_and_first_seen_counts_them(monkeypatch: pytest.MonkeyPatch) -> None:
    import pytest_aacl._run as engine

    plain = [HallucinatedCall({"query": f"q{i}", "limit": f" {i + 1}"}, {"query": f"q{i}", "limit": i + 1},
                              (Label("limit", "int_whitespace", i + 1, f" {i + 1}"),)) for i in range(4)]
    comma = HallucinatedCall({"query": "q", "limit": "1,000"}, {"query": "q", "limit": 1000},
                             (Label("limit", "int_thousands", 1000, "1,000"),))
    monkeypatch.setattr(engine, "_coverage_cases", _cover({"hallucinated": [*plain, comma]}))
    report = fuzz(black_box(count_truncating), checks=["no_silent_corruption"], max_examples=5, seed=0)
    [finding] = report.findings
    # round-robin over (kind, field, family): the one int_thousands case runs second
    assert finding.first_seen == 2 and finding.args == comma.args and finding.shrunk
    assert report.examples_run == 5  # coverage counted toward the budget: no random phase left


def test_a_small_budget_takes_a_stratified_subset_of_coverage(monkeypatch: pytest.MonkeyPatch) -> None:
    import pytest_aacl._run as engine

    many = [HallucinatedCall({"query": "q", "limit": f" {i}"}, {"query": "q", "limit": i},
                             (Label("limit", "int_whitespace", i, f" {i}"),)) for i in range(1, 30)]
    rare = InvalidCall({"query": "q", "limit": "lots"}, (Mutation("limit", "wrong_type", 1, "lots"),))
    monkeypatch.setattr(engine, "_coverage_cases", _cover({"hallucinated": many, "invalid": [rare]}))
    picked = engine.coverage_for(("hallucinated", "invalid"), None, 3)
    assert [c.kind for c in picked] == ["hallucinated", "invalid", "hallucinated"]
    assert len(engine.coverage_for(("hallucinated", "invalid"), None, 100)) == 30


def store(name: str, enabled: bool) -> None:
    return None


def crashes(name: Any = "", enabled: Any = False, **extra: Any) -> None:
    if extra or not isinstance(enabled, bool):
        raise ValueError("TYPE_ERROR at enabled: expected a boolean")
    return store(name=name.upper(), enabled=enabled)  # every non-string name crashes here


FLAG: dict[str, Any] = {
    "type": "object",
    "properties": {"name": {"type": "string"}, "enabled": {"type": "boolean"}},
    "required": ["name", "enabled"],
    "additionalProperties": False,
}


def test_one_crash_site_is_one_finding_across_inputs_and_checks() -> None:
    import sys

    report = fuzz(crashes, schema=FLAG, implementation=(sys.modules[__name__], "store"),
                  checks=["rejects_invalid", "total"], max_examples=150, seed=3)
    upper = [f for f in report.findings if "name.upper()" in f.error]
    assert len(upper) == 1 and upper[0].check == "total", str(report)
    assert not [f for f in report.findings if f.check == "rejects_invalid" and f.outcome == "escaped"]


def hangs(name: Any = None, enabled: Any = None, **extra: Any) -> None:
    STOP.wait(2)


def test_an_always_hanging_tool_is_one_finding_and_stops_early() -> None:
    report = fuzz(black_box(hangs, FLAG, timeout=0.05), max_examples=50, seed=0)
    STOP.set()
    [finding] = report.findings
    assert finding.check == "total" and finding.outcome == "timeout" and "hangs" in finding.message, str(report)
    assert report.examples_run <= 3 + 1  # stopped after 3 hangs in a row, not 50 examples x 7 checks
    assert any("hung on 3 calls in a row" in line for line in report.not_applicable)


def refuses_vaguely(name: Any = None, enabled: Any = None, **extra: Any) -> None:
    if extra or not isinstance(name, str) or not isinstance(enabled, bool):
        raise ValueError("bad input")


def test_convention_findings_are_advice_and_do_not_fail_the_report() -> None:
    report = fuzz(black_box(refuses_vaguely, FLAG), checks=["correction_quality", "total"], max_examples=40, seed=0)
    assert report.ok and report.findings == [], str(report)
    assert report.advice and all(f.severity == "advice" and f.check == "correction_quality" for f in report.advice)
    assert "advice" in str(report).lower() and "lacks the field name" in str(report)
    assert "error code" not in str(report)  # a convention of the boundary, not asked of a plain message


@pytest.mark.parametrize(
    ("kwargs", "says"),
    [
        ({"timeout": "5"}, "timeout='5'; pass a number of seconds greater than 0"),
        ({"timeout": -1}, "timeout=-1; pass a number of seconds greater than 0"),
        ({"timeout": float("nan")}, "timeout=nan; pass"),
        ({"max_examples": 2.5}, "max_examples=2.5; pass a positive integer"),
        ({"seed": True}, "seed=True; pass an integer"),
        ({"correction": "ValueError"}, "correction='ValueError'; pass the exception type"),
        ({"checks": 3}, "checks=3; pass a list of check names"),
        ({"checks": ["total", "nope"]}, "checks naming unknown check\\(s\\) \\['nope'\\]; pass names of registered checks"),
        ({"reset": "rm -rf"}, "reset='rm -rf'; pass a function"),
    ],
)
def test_every_argument_is_validated_before_anything_runs(kwargs: dict[str, Any], says: str, tmp_path: Path) -> None:
    log = tmp_path / "calls"

    def recorded(name: Any, enabled: Any) -> None:
        with log.open("a") as handle:  # the tool runs in a worker process: count on disk
            handle.write("call\n")

    tool = black_box(recorded, FLAG)
    with pytest.raises(InvalidArgument, match=says) as raised:
        fuzz(tool, **kwargs)
    assert isinstance(raised.value, TypeError) and isinstance(raised.value, ValueError)
    assert not log.exists()  # no call was made, so no bogus finding could be


def test_reset_runs_before_every_call(tmp_path: Path) -> None:
    dirty, log = tmp_path / "dirty", tmp_path / "log"

    def reset() -> None:
        dirty.unlink(missing_ok=True)
        with log.open("a") as handle:
            handle.write("reset\n")

    def side_effecting(**kwargs: Any) -> dict[str, Any]:
        assert not dirty.exists(), "state leaked from the previous call"
        dirty.touch()
        with log.open("a") as handle:
            handle.write("call\n")
        return {"ok": True}

    report = fuzz(black_box(side_effecting, FLAG), checks=["total", "no_silent_corruption"], max_examples=20, seed=0,
                  reset=reset)
    assert report.ok, str(report)
    lines = log.read_text().split()
    assert lines.count("call") >= 40 and lines.count("reset") >= lines.count("call")


def test_defects_met_after_coverage_are_still_shrunk(monkeypatch: pytest.MonkeyPatch) -> None:
    import pytest_aacl._run as engine

    harmless = [HallucinatedCall({"query": "q", "limit": " 2"}, {"query": "q", "limit": 2},
                                 (Label("limit", "int_whitespace", 2, " 2"),))]
    monkeypatch.setattr(engine, "_coverage_cases", _cover({"hallucinated": harmless}))
    report = fuzz(black_box(count_truncating), checks=["no_silent_corruption"], max_examples=300, seed=0)
    [finding] = report.findings
    assert finding.first_seen > 1 and finding.shrunk, str(report)
    # shrunk to a small thousands rendering (the stratified draw grafts the family's
    # representative value, 1,500, so shrinking may stop there rather than at 1,000)
    assert finding.args["limit"] in ("1,000", "1,500")
    assert finding.intended["limit"] == int(finding.args["limit"].replace(",", ""))


def test_the_report_is_bounded_and_lists_advice_apart() -> None:
    from pytest_aacl import Finding, FuzzReport
    from pytest_aacl._fuzz_report import MAX_REPORT_LINES, format_report

    def finding(i: int, severity: str = "defect") -> Finding:
        return Finding(tool="t", check="total", message=f"boom {i}", call=f"t(i={i})", args={"i": i}, kind="invalid",
                       outcome="escaped", error="ValueError: x\n" * 30, fix="fix it", severity=severity)

    text = format_report(FuzzReport(findings=[finding(i) for i in range(200)], advice=[finding(0, "advice")], seed=1))
    lines = text.splitlines()
    assert len(lines) < MAX_REPORT_LINES + 80
    assert any(line.startswith("... ") and "more finding(s) not shown" in line for line in lines)
    assert "Advice (1, does not fail the run):" in lines and lines[-1] == "200 finding(s) in 0 examples; seed=1"


def test_advice_grouped_over_tools_does_not_name_one_tools_field_for_all() -> None:
    """One kind of advice on three tools with different fields (trial 10: "geojson takes a list
    or a text" printed once for a group whose third tool has `geom_a` and `geom_b`)."""
    from pytest_aacl import Finding, FuzzReport
    from pytest_aacl._fuzz_report import format_report

    def advice(tool: str, field: str) -> Finding:
        return Finding(tool=tool, check="list_or_text", message=f"{field} takes a list or a text", call=f"{tool}()",
                       args={}, kind="schema", outcome="", key=("list_or_text", "undeclared"), severity="advice")

    same = format_report(FuzzReport(advice=[advice("a", "geojson"), advice("b", "geojson")]))
    assert "[list_or_text] 2 tools (a, b): geojson takes a list or a text" in same, same
    mixed = format_report(FuzzReport(advice=[advice("a", "geojson"), advice("c", "geom_a"), advice("c", "geom_b")]))
    assert "[list_or_text] 3 on 2 tools (a, c); e.g. a: geojson takes a list or a text" in mixed, mixed


def fetch(url: AnyUrl, max_length: int = 5000) -> str:
    """Fetch a URL."""
    return str(url)[:max_length]


def test_url_parameters_compare_as_the_string_the_model_meant() -> None:
    from fastmcp import FastMCP

    server = FastMCP("fetcher")
    server.tool(fetch)
    # pydantic hands the tool AnyUrl("https://a.com/") for "https://a.com": not a difference
    report = fuzz(server, max_examples=40, seed=1)
    assert report.findings == [], str(report)
    assert report.examples_run >= 40 * 2


def test_a_user_check_without_a_fix_line_still_ends_with_one(isolated_checks: dict[str, Any]) -> None:
    from pytest_aacl import check

    @check(inputs=("conforming",), name="aacl_test_never_q")
    def never_q(case: Any, call: Any, ctx: Any) -> None:
        """The query is at most 2 characters long."""
        assert len(str(case.args.get("query", ""))) <= 2, "a query longer than 2 characters"

    report = fuzz(black_box(count_ok), checks=["aacl_test_never_q"], max_examples=200, seed=0)
    [finding] = report.findings
    assert finding.fix == "make the tool satisfy the check 'aacl_test_never_q': The query is at most 2 characters long."


def _two_rules(ids: Any = None, documents: Any = None, **extra: Any) -> None:
    """Two rules the schema does not state: a non-empty `ids`, and one document per id."""
    if extra or not isinstance(ids, list) or not isinstance(documents, list):
        raise ValueError("ids and documents: expected two lists")
    if not ids:
        raise ValueError("The 'ids' list cannot be empty.")
    if len(documents) != len(ids):
        raise ValueError(f"Length of 'documents' ({len(documents)}) must match length of 'ids' ({len(ids)}).")
    store_pair(ids=ids, documents=documents)


def store_pair(ids: list[str], documents: list[str]) -> None:
    return None


def test_valid_calls_refused_by_two_rules_are_two_findings() -> None:
    """identity_on_canonical keys a refusal by the field the call varied and the rule's wording
    (quoted values and numbers left out): one finding per rule and field, not one per tool."""
    schema = {"type": "object", "required": ["ids", "documents"], "additionalProperties": False, "properties": {
        "ids": {"type": "array", "items": {"type": "string"}},
        "documents": {"type": "array", "items": {"type": "string"}}}}
    report = fuzz(_two_rules, schema=schema, implementation=(sys.modules[__name__], "store_pair"),
                  checks=["identity_on_canonical"], max_examples=60, seed=0)
    refused = [f for f in report.findings if f.key[1:2] == ("refused valid",)]
    wordings = {f.key[-1] for f in refused}
    assert any("cannot be empty" in w for w in wordings) and any("must match length" in w for w in wordings), str(report)
    assert not any(ch.isdigit() for w in wordings for ch in w)  # "(2) ... (3)" and "(1) ... (2)" are one rule
    assert len(refused) >= 2, str(report)


def test_a_bounded_report_shows_hangs_and_crashes_before_the_flood_and_counts_what_it_hid() -> None:
    """Trial 11: a hundred findings of one cause on a server cut its one hang out of the report."""
    from pytest_aacl import Finding, FuzzReport
    from pytest_aacl._fuzz_report import format_report

    def finding(i: int, outcome: str, check: str) -> Finding:
        return Finding(tool="t", check=check, message=f"m{i}", call=f"t(i={i})", args={"i": i}, kind="hallucinated",
                       outcome=outcome, error="ValueError: x\n" * 10, fix="fix it")

    flood = [finding(i, "returned", "no_silent_corruption") for i in range(150)]
    text = format_report(FuzzReport(findings=[*flood, finding(900, "escaped", "total"), finding(901, "timeout", "total")],
                                    seed=1))
    assert text.index("t(i=901)") < text.index("t(i=900)") < text.index("t(i=0)")
    [cut] = [line for line in text.splitlines() if "more finding(s) not shown" in line]
    hidden = int(cut.split()[1])
    assert f"bounded report: {hidden} no_silent_corruption)" in cut


def test_a_crash_another_check_met_is_shown_without_changes_that_were_not_its_cause() -> None:
    """The trial 11 re-run: `correlation(data={}, context=0)` was shown as a crash about
    `context` (the change that check made); the call crashed as well with `context` restored."""
    from pytest_aacl._fuzz import ALL_CRASHES

    def correlation(data: list[float], context: str = "") -> float:
        if not isinstance(context, str):
            raise ValueError("context: expected a string")
        return [][0]  # the tool's own bug, whatever it is sent

    token = ALL_CRASHES.set(True)
    try:
        report = fuzz(correlation, checks=["correction_quality"], max_examples=40, seed=0)
    finally:
        ALL_CRASHES.reset(token)
    crashes = [f for f in report.findings if "IndexError" in f.message]
    assert crashes, str(report)
    assert all(not f.labels for f in crashes), str(report)  # no change named as its cause
