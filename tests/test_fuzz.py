"""`fuzz()` end to end: correct tools pass, each kind of defect is found by the right check."""

from __future__ import annotations

import ast
import datetime
import sys
import threading
import time
import warnings
from typing import Any

import pytest

from pytest_aacl import CHECKS, CheckContext, Finding, FuzzReport, boundary, check, fuzz
from pytest_aacl._fuzz_report import format_finding
from pytest_aacl._repr import call_line

FLAG_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"name": {"type": "string", "minLength": 1}, "enabled": {"type": "boolean"}},
    "required": ["name", "enabled"],
    "additionalProperties": False,
}
RELEASE = threading.Event()


def store(name: str, enabled: bool) -> None:
    return None


def set_flag(name: Any, enabled: Any) -> None:
    """The pattern's hand-written boolean parsing: "ture" silently becomes False."""
    if not isinstance(name, str) or not name:
        raise ValueError(f"INVALID_NAME: name must be a non-empty string; received {name!r}")
    return store(name=name, enabled=str(enabled).strip().lower() in ("true", "1", "yes", "on"))


def hangs_on_empty(name: Any, enabled: Any) -> None:
    if name == "":
        RELEASE.wait(5)
    if not isinstance(name, str) or not isinstance(enabled, bool):
        raise ValueError(f"TYPE_ERROR at name: expected a string and a boolean; received {name!r}")
    return store(name=name, enabled=enabled)


def here() -> Any:
    return sys.modules[__name__]


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def test_a_correct_boundary_tool_passes_every_check() -> None:
    from pattern_validation.reference import search_web

    report = fuzz(search_web, max_examples=40, seed=3)
    assert isinstance(report, FuzzReport)
    assert report.findings == [], str(report)
    assert report.ok and report.checks == tuple(CHECKS) and report.tools == ("search_web",)
    assert report.examples_run >= 40 * len(CHECKS)


def test_handwritten_boolean_parsing_is_caught_as_corruption() -> None:
    report = fuzz(set_flag, schema=FLAG_SCHEMA, implementation=(here(), "store"),
                  checks=["rejects_invalid", "no_silent_corruption"], max_examples=150, seed=1)
    by_check = {f.check for f in report.findings}
    assert by_check == {"rejects_invalid", "no_silent_corruption"}, str(report)
    typo = [f for f in report.findings if f.check == "rejects_invalid" and f.received
            and f.received[0].get("enabled") is False and isinstance(f.args.get("enabled"), str)]
    assert typo, str(report)  # e.g. set_flag(name='0', enabled='ture') reached store(enabled=False)
    corrupt = next(f for f in report.findings if f.check == "no_silent_corruption")
    assert corrupt.intended is not None and corrupt.received[0]["enabled"] != corrupt.intended["enabled"]
    assert corrupt.labels[0]["path"] == "enabled" and corrupt.family and "enabled" in corrupt.message


def test_findings_are_shrunk_and_reproducible_with_the_seed() -> None:
    kwargs: dict[str, Any] = {"schema": FLAG_SCHEMA, "implementation": (here(), "store"), "checks": ["rejects_invalid"]}
    first = fuzz(set_flag, max_examples=80, seed=7, **kwargs)
    again = fuzz(set_flag, max_examples=80, seed=7, **kwargs)
    assert first.findings, str(first)  # a comparison of two empty lists proves nothing
    assert [f.call for f in first.findings] == [f.call for f in again.findings]
    assert [f.first_seen for f in first.findings] == [f.first_seen for f in again.findings]
    assert first.seed == 7 and all(f.shrunk and f.first_seen >= 1 and f.fix for f in first.findings)
    for finding in first.findings:
        ast.parse(finding.call)  # one line of valid Python


def test_a_hang_is_a_total_finding_not_a_hung_test_run() -> None:
    report = fuzz(hangs_on_empty, schema={**FLAG_SCHEMA, "properties": {"name": {"type": "string"}, "enabled": {"type": "boolean"}}},
                  implementation=(here(), "store"), checks=["total"], max_examples=30, seed=2, timeout=0.05)
    RELEASE.set()
    hangs = [f for f in report.findings if "hung" in f.message]
    assert hangs and hangs[0].outcome == "timeout", str(report)


def test_escaped_exceptions_are_reported_with_their_last_frames() -> None:
    def crashes(name: Any, enabled: Any) -> None:
        return store(name=name.upper(), enabled=enabled)

    report = fuzz(crashes, schema=FLAG_SCHEMA, implementation=(here(), "store"), checks=["total"], max_examples=60, seed=0)
    finding = report.findings[0]
    assert finding.outcome == "escaped" and "AttributeError" in finding.error
    assert "name.upper()" in finding.error and "pytest_aacl" not in finding.error
    assert finding.code == "AACL130" == CHECKS["total"].code  # a stable identifier, for CI filters


def test_user_checks_run_by_name(isolated_checks: dict[str, Any]) -> None:
    @check(inputs=("conforming",), needs_implementation=True)
    def name_is_short(case: Any, call: Any, ctx: CheckContext) -> None:
        """Names reaching the implementation are at most 3 characters."""
        assert not ctx.black_box and ctx.tool == "store" and ctx.spec.parameters["required"] == ["name", "enabled"]
        for kwargs in call.received:
            assert len(kwargs["name"]) <= 3, f"name {kwargs['name']!r} is too long"

    report = fuzz(boundary(store, schema=FLAG_SCHEMA), checks=["name_is_short"], max_examples=60, seed=0)
    assert [f.check for f in report.findings] == ["name_is_short"]
    assert "is too long" in report.findings[0].message
    assert report.findings[0].code == "name_is_short"  # a user check without code= is known by its name


def test_a_user_check_carries_its_own_code(isolated_checks: dict[str, Any]) -> None:
    @check(inputs=("conforming",), code="ACME-001")
    def never_answers(case: Any, call: Any, ctx: CheckContext) -> None:
        """Always fails: the code is what is judged here."""
        raise AssertionError("no")

    report = fuzz(boundary(store, schema=FLAG_SCHEMA), checks=["never_answers"], max_examples=5, seed=0)
    assert {f.code for f in report.findings} == {"ACME-001"}
    with pytest.raises(ValueError, match=r"check\(\) got code='not a code'.*letters, digits"):
        check(code="not a code")
    codes = [c.code for c in CHECKS.values() if c.func.__module__ == "pytest_aacl._checks"]
    assert len(codes) == len(set(codes)) and all(c.startswith("AACL") for c in codes)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"checks": ["nope"]}, "unknown check"),
        ({"max_examples": 0}, "max_examples=0; pass a positive integer"),
        ({"seed": "x"}, "seed='x'; pass an integer"),
    ],
)
def test_bad_arguments(kwargs: dict[str, Any], message: str) -> None:  # still a ValueError, as before
    with pytest.raises(ValueError, match=message):
        fuzz(boundary(store, schema=FLAG_SCHEMA), **kwargs)


def test_report_format_leads_with_the_call_not_a_hypothesis_dump() -> None:
    finding = Finding(
        tool="search_web", check="no_silent_corruption",
        message="implementation received max_results: received 1, intended 1000",
        call=call_line("search_web", {"query": "a", "max_results": "1,000"}),
        args={"query": "a", "max_results": "1,000"}, kind="hallucinated", outcome="returned",
        intended={"query": "a", "max_results": 1000}, received=({"query": "a", "max_results": 1},),
        labels=({"path": "max_results", "family": "int_thousands", "original": 1000, "rendered": "1,000",
                 "ambiguous": False, "mutation": False},),
    )
    text = format_finding(finding, replay="pytest -k no_silent_corruption --aacl-seed 3")
    lines = text.splitlines()
    assert lines[0] == "[no_silent_corruption] implementation received max_results: received 1, intended 1000"
    assert lines[2] == "    search_web(query='a', max_results='1,000')"
    assert '    max_results: rendered "1,000", intended 1000 [family int_thousands]' in lines
    assert '    implementation received: {"query": "a", "max_results": 1}' in lines
    assert lines[-1] == "    Reproduce: pytest -k no_silent_corruption --aacl-seed 3"
    assert finding.family == "int_thousands"


def test_call_line_is_pasteable_for_any_keys_and_huge_strings() -> None:
    assert call_line("f", {"user-id": 1}) == "f(**{'user-id': 1})"
    assert call_line("f", {"q": "x" * 500}) == "f(q='x' * 500)"
    recorded: dict[str, Any] = {}
    eval(call_line("f", {"q": "x" * 500, "n": [1, "2"]}), {"f": lambda **kw: recorded.update(kw)})
    assert recorded == {"q": "x" * 500, "n": [1, "2"]}


def test_call_line_with_nan_and_infinities_is_pasteable() -> None:
    # adversarial() sends NaN / infinities; a bare `nan` or `inf` in the line is a NameError
    args = {"n": float("inf"), "xs": [float("nan"), -float("inf")], "m": {"k": (float("inf"),)}}
    recorded: dict[str, Any] = {}
    eval(call_line("f", args), {"f": lambda **kw: recorded.update(kw)})
    assert recorded["n"] == float("inf") and recorded["xs"][1] == -float("inf")
    assert recorded["xs"][0] != recorded["xs"][0] and recorded["m"] == {"k": (float("inf"),)}


def test_exception_lines_escape_control_characters() -> None:
    from pytest_aacl._fuzz_report import format_exception

    try:
        raise TypeError("unexpected keyword '__x\x00\x1b[2J'")
    except TypeError as error:
        text = format_exception(error)
    assert "\x00" not in text and "\x1b" not in text
    assert "TypeError: unexpected keyword '__x\\x00\\x1b[2J'" in text


def test_user_tools_get_json_values_and_reports_survive_hostile_objects() -> None:
    # a tool only ever receives what JSON decoding yields: the default `total` check sends no
    # Python object whose methods raise (issue 8, item 4) ...
    report = fuzz(set_flag, schema=FLAG_SCHEMA, implementation=(here(), "store"), checks=["total"],
                  max_examples=100, seed=0)
    assert report.examples_run >= 100
    assert not [f for f in report.findings if f.labels and f.labels[0]["family"].startswith("hostile")], str(report)
    # ... but a report line still survives one (opt-in adversarial(python_objects=True) sends them)
    from pytest_aacl.strategies._adversarial import Hostile

    assert "Hostile object" in call_line("set_flag", {"name": "x", "enabled": Hostile()})


def test_under_ci_runs_are_derandomised(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    tool = boundary(store, schema=FLAG_SCHEMA)
    first = fuzz(tool, checks=["identity_on_canonical"], max_examples=10)
    assert first.seed == 0 and first.ok and first.examples_run >= 10
    monkeypatch.delenv("CI")
    assert fuzz(tool, checks=["identity_on_canonical"], max_examples=10, seed=5).seed == 5


DAY_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"when": {"type": "string", "format": "date"}},
    "required": ["when"],
    "additionalProperties": False,
}


def book_day(when: str) -> None:
    return None


def parse_day(when: Any) -> None:
    """Guesses month-first for an all-numeric date, like many hand-written parsers."""
    for fmt in ("%Y-%m-%d", "%m/%d/%Y", "%d.%m.%Y", "%B %d, %Y"):
        try:
            return book_day(when=datetime.datetime.strptime(when, fmt).date().isoformat())
        except (TypeError, ValueError):
            continue
    raise ValueError(f"INVALID_DATE at when: expected a date; received {when!r}")


def test_a_month_first_guess_of_a_day_first_date_is_corruption() -> None:
    report = fuzz(parse_day, schema=DAY_SCHEMA, implementation=(here(), "book_day"),
                  checks=["no_silent_corruption"], max_examples=200, seed=0)
    [finding] = report.findings
    label = finding.labels[0]
    assert label["family"] == "date_ambiguous_numeric" and label["ambiguous"]
    assert finding.received[0]["when"] != finding.intended["when"]  # e.g. '2/1/2000' read as Feb 1
    assert "(ambiguous: a correction is also fine)" in str(report)


def test_a_check_with_nothing_to_generate_is_reported_not_applicable() -> None:
    # a free-form argument: no model-style rendering of it exists, so no_silent_corruption
    # has nothing to run on; that must be said, never a crash nor a silent 0-example pass
    tool = boundary(lambda **kwargs: kwargs, schema={"type": "object", "properties": {"blob": {}}}, name="store")
    report = fuzz(tool, checks=["no_silent_corruption", "identity_on_canonical"], max_examples=20, seed=0)
    assert report.ok
    assert report.examples_run == 20  # identity_on_canonical still ran
    assert len(report.not_applicable) == 1
    assert report.not_applicable[0].startswith("store::no_silent_corruption: hallucinated:")
    assert "not applicable: store::no_silent_corruption" in str(report)


RESERVE_SCHEMA: dict[str, Any] = {  # no "default" keywords: the interface function holds them
    "type": "object",
    "properties": {"city": {"type": "string"}, "nights": {"type": "integer"}, "late": {"type": "boolean"}},
    "required": ["city"],
    "additionalProperties": False,
}


def reserve_backend(city: str, nights: int, late: bool) -> None:
    return None


def reserve(city: str, nights: int = 1, late: Any = "false") -> None:
    """A correct hand-written interface for canonical input; its defaults fill absent fields."""
    return reserve_backend(city=city, nights=nights, late=late is True or late == "true")


def test_a_hand_written_interfaces_own_defaults_are_defaults() -> None:
    # before: every call without `nights` / `late` was "received 1, but it was not sent and is
    # not its default", because only the schema's and the backend's defaults were known
    report = fuzz(reserve, schema=RESERVE_SCHEMA, implementation=(here(), "reserve_backend"),
                  checks=["identity_on_canonical"], max_examples=40, seed=1)
    assert report.findings == [] and not report.not_applicable, str(report)
    assert report.examples_run >= 40  # calls without `nights` / `late` among them


def test_a_zero_argument_tool_with_an_open_schema_is_not_a_crash() -> None:
    # Hypothesis cannot draw invalid or hallucinated calls here (Unsatisfiable): that is
    # said per check, never 1,000 lines of traceback
    report = fuzz(boundary(lambda: 1, schema={"type": "object"}, name="ping"), max_examples=20, seed=0)
    assert any(line.startswith("ping::rejects_invalid: ") for line in report.not_applicable)
    assert report.examples_run > 0
    # the schema admits any key but the function takes none: a key a model may send
    # crashes it; that is one real finding, not one per value sent under that key
    [finding] = report.findings
    assert finding.check == "total" and "unexpected keyword argument" in finding.message

    closed = fuzz(boundary(lambda: 1, schema={"type": "object", "additionalProperties": False}, name="ping"),
                  max_examples=20, seed=0)
    assert closed.ok and closed.examples_run > 0, str(closed)


_DEFAULTED = {"type": "object", "properties": {"q": {"type": "string"},
                                               "n": {"type": "integer", "minimum": 1, "maximum": 20, "default": 5}},
              "required": ["q"], "additionalProperties": False}


def _search_backend(q: str, n: int) -> dict[str, Any]:
    return {"q": q, "n": n}


@pytest.mark.parametrize(("code_default", "found"), [(6, True), (5, False)])
def test_an_omitted_field_must_arrive_as_the_default_the_schema_promises(code_default: int, found: bool) -> None:
    """The model was told "default 5": leaving `n` out means 5, whatever the code's own
    default is.  (The code's default counts only where the schema states none.)"""
    def search(q: str, n: int = code_default) -> dict[str, Any]:
        return _search_backend(q=q, n=int(n))

    report = fuzz(search, schema=_DEFAULTED, implementation=(sys.modules[__name__], "_search_backend"),
                  checks=["identity_on_canonical"], max_examples=30, seed=0)
    hits = [f for f in report.findings if "is not its default" in f.message]
    assert bool(hits) is found, report.findings
    assert all(f.key[2] == "n" for f in hits)


_REMINDERS_SCHEMA = {"type": "object", "properties": {"reminders": {"type": "array", "items": {
    "type": "object", "required": ["method", "minutes"], "additionalProperties": False,
    "properties": {"method": {"type": "string", "enum": ["popup", "email"]},
                   "minutes": {"type": "integer", "minimum": 0}}}}}, "required": ["reminders"]}


def _reminders_backend(reminders: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return reminders


def test_a_crash_met_while_another_check_runs_is_reported_by_total() -> None:
    """`rejects_invalid` sends a reminder without its `method` and leaves the KeyError it
    causes to `total`; `total` itself may never send that input within its budget.  A crash
    one check's input showed is a crash all the same."""
    schema = _REMINDERS_SCHEMA

    def add_reminders(reminders: Any) -> list[dict[str, Any]]:
        kept = [r for r in reminders if isinstance(r, dict)]
        return _reminders_backend([{"method": r["method"].lower(), "minutes": r["minutes"]} for r in kept])

    alone = fuzz(add_reminders, schema=schema, implementation=(sys.modules[__name__], "_reminders_backend"),
                 checks=["rejects_invalid", "total"], max_examples=40, seed=0)
    assert any(f.check == "total" and "KeyError" in f.key for f in alone.findings), alone.findings
    only = fuzz(add_reminders, schema=schema, implementation=(sys.modules[__name__], "_reminders_backend"),
                checks=["rejects_invalid"], max_examples=40, seed=0)
    assert not [f for f in only.findings if f.check == "total"]  # not selected: not reported


def test_a_hang_met_while_another_check_runs_is_reported_by_total() -> None:
    """The same for a hang: a reminder without its `method` makes the tool wait on a lock
    (trial 9: symath-mcp hung on three calls of no_silent_corruption, not in a row, and the
    report said nothing).  A hang one check's input showed is `total`'s finding."""
    schema = _REMINDERS_SCHEMA

    def add_reminders(reminders: Any) -> list[dict[str, Any]]:
        kept = [r for r in reminders if isinstance(r, dict)]
        if any("method" not in r for r in kept):
            time.sleep(3)
        return _reminders_backend([{"method": str(r.get("method")), "minutes": r.get("minutes")} for r in kept])

    report = fuzz(add_reminders, schema=schema, implementation=(sys.modules[__name__], "_reminders_backend"),
                  checks=["rejects_invalid", "total"], max_examples=20, seed=0, timeout=0.5)
    hangs = [f for f in report.findings if f.check == "total" and f.outcome == "timeout"]
    assert len(hangs) == 1, report.findings
    assert "method" not in str(hangs[0].args["reminders"][0]), hangs[0].args


_RANGE_SCHEMA = {"type": "object", "required": ["query", "start", "end"], "properties": {
    "query": {"type": "string"},
    "start": {"type": "integer"}, "end": {"type": "integer"},
    "limit": {"type": "integer", "description": "Rows to return, from 1 to 500."},
}}
RECEIVED: list[dict[str, Any]] = []


def range_backend(**kwargs: Any) -> None:
    RECEIVED.append(kwargs)


def trusting_range(query: Any, start: Any, end: Any, limit: Any = 10) -> None:
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (start, end, limit)):
        raise ValueError("start, end and limit must be integers")
    if not isinstance(query, str):
        raise ValueError("query must be text")
    return range_backend(query=query, start=start, end=end, limit=limit)


def careful_range(query: Any, start: Any, end: Any, limit: Any = 10) -> None:
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (start, end, limit)):
        raise ValueError("start, end and limit must be integers")
    if not isinstance(query, str):
        raise ValueError("query must be text")
    start, end = min(start, end), max(start, end)  # a reversed range swapped on purpose
    if not 1 <= limit <= 500:
        raise ValueError("limit must be between 1 and 500")
    return range_backend(query=query, start=start, end=end, limit=limit)


def test_what_only_the_prose_and_names_rule_out_is_advice_never_a_defect() -> None:
    """A limit past "from 1 to 500" and an end before its start reach a trusting tool: two
    pieces of advice, no defect; a tool that refuses the one and swaps the other: nothing."""
    trusting = fuzz(trusting_range, schema=_RANGE_SCHEMA, implementation=(here(), "range_backend"),
                    checks=["rejects_invalid"], max_examples=60, seed=0)
    assert not trusting.findings, str(trusting)
    keys = {f.key[1:] for f in trusting.advice}
    assert keys == {("described", "limit"), ("reversed", "start", "end")}, keys
    assert all(f.code == "AACL120" and f.severity == "advice" for f in trusting.advice)
    careful = fuzz(careful_range, schema=_RANGE_SCHEMA, implementation=(here(), "range_backend"),
                   checks=["rejects_invalid"], max_examples=60, seed=0)
    assert not careful.findings and not careful.advice, str(careful)
