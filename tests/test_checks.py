"""The oracle and the named checks, fed recorded calls directly (no Hypothesis involved)."""

from __future__ import annotations

from typing import Any

import pytest
from pytest_aacl.strategies import Mutation

from pytest_aacl import (
    CHECKS,
    Call,
    Case,
    CheckContext,
    Correction,
    CorrectionError,
    InvalidArgument,
    check,
)
from pytest_aacl._fuzz import _context_for
from pytest_aacl._oracle import compare, compare_arguments
from pytest_aacl._targets import Target, resolve

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "query": {"type": "string", "minLength": 1},
        "max_results": {"type": "integer", "minimum": 1, "maximum": 20, "default": 5},
        "when": {"type": "string", "format": "date-time"},
        "at": {"type": "string", "format": "time"},
        "ratio": {"type": "number"},
        "flag": {"anyOf": [{"type": "boolean"}, {"type": "null"}]},
    },
    "required": ["query"],
    "additionalProperties": False,
}


def backend(query: str, max_results: int = 5, **rest: Any) -> None:
    return None


def interface(**kwargs: Any) -> Any:
    if kwargs.get("max_results") == "bad":
        raise ValueError("plain failure")
    if isinstance(kwargs.get("max_results"), str):
        kwargs["max_results"] = int(kwargs["max_results"].strip())
    return backend(**kwargs)


@pytest.fixture
def raw_target() -> Target:
    [t] = resolve(interface, schema=SCHEMA, implementation=(__import__(__name__), "backend"))
    return t


@pytest.fixture
def target(raw_target: Target) -> CheckContext:
    return _context_for(raw_target)


def run(name: str, case: Case, call: Call, target: CheckContext) -> str | None:
    try:
        CHECKS[name].func(case, call, target)
    except AssertionError as exc:
        return str(exc)
    return None


# -- the oracle ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("received", "intended", "equal"),
    [
        ({"ratio": 1}, {"ratio": 1.0}, True),
        ({"flag": 1}, {"flag": True}, False),
        ({"when": "2025-04-03T10:00:00+02:00"}, {"when": "2025-04-03T10:00:00.000+02:00"}, True),
        ({"when": "2025-04-03T10:00:00Z"}, {"when": "2025-04-03T10:00:00+00:00"}, True),
        ({"when": "2025-04-03T08:00:00Z"}, {"when": "2025-04-03T10:00:00+02:00"}, False),
        ({"when": "2025-04-03T10:00:00"}, {"when": "2025-04-03T10:00:00+02:00"}, False),
        ({"at": "15:30:00"}, {"at": "15:30"}, True),
        ({"at": "15:30:00+01:00"}, {"at": "15:30:00"}, False),
        ({"query": "Paris"}, {"query": "paris"}, False),
        ({"flag": None}, {"flag": None}, True),
    ],
)
def test_canonical_equality(received: dict[str, Any], intended: dict[str, Any], equal: bool) -> None:
    assert (compare(received, intended, SCHEMA) is None) is equal


def test_a_field_only_received_must_hold_its_default() -> None:
    assert compare_arguments({"query": "a", "max_results": 5}, {"query": "a"}, SCHEMA) is None
    problem = compare_arguments({"query": "a", "max_results": 7}, {"query": "a"}, SCHEMA)
    assert problem is not None and problem.startswith("max_results")
    dropped = compare_arguments({"query": "a"}, {"query": "a", "max_results": 9}, SCHEMA)
    assert dropped == "max_results: intended 9 but the implementation did not receive it"


# -- the checks ------------------------------------------------------------------------------


def test_no_silent_corruption_names_the_field_and_both_values(target: CheckContext) -> None:
    case = Case("hallucinated", {"query": "a", "max_results": "1,000"}, {"query": "a", "max_results": 1000})
    call = Call(case.args, "returned", [{"query": "a", "max_results": 1}])
    assert run("no_silent_corruption", case, call, target) == "implementation received max_results: received 1, intended 1000"
    good = Call(case.args, "returned", [{"query": "a", "max_results": 1000}])
    assert run("no_silent_corruption", case, good, target) is None
    assert run("no_silent_corruption", case, Call(case.args, "rejected"), target) is None
    late = Call(case.args, "rejected", [{"query": "a", "max_results": 1}])
    assert "after the implementation had been called" in (run("no_silent_corruption", case, late, target) or "")


def test_identity_on_canonical_fails_when_a_valid_call_is_refused(target: CheckContext) -> None:
    case = Case("conforming", {"query": "a"}, {"query": "a"})
    assert run("identity_on_canonical", case, Call(case.args, "returned", [{"query": "a"}]), target) is None
    refused = run("identity_on_canonical", case, Call(case.args, "rejected", message="nope"), target)
    assert refused is not None and "valid canonical arguments produced a correction" in refused
    altered = run("identity_on_canonical", case, Call(case.args, "returned", [{"query": "A"}]), target)
    assert altered is not None and "query" in altered


def test_rejects_invalid(target: CheckContext) -> None:
    case = Case("invalid", {"query": "a", "max_results": 50})
    leaked = run("rejects_invalid", case, Call(case.args, "returned", [{"query": "a", "max_results": 50}]), target)
    assert leaked is not None and leaked.startswith("invalid arguments reached the implementation")
    assert run("rejects_invalid", case, Call(case.args, "rejected", message="x"), target) is None
    answered = run("rejects_invalid", case, Call(case.args, "returned", []), target)
    assert answered is not None and "a normal return instead of a correction" in answered
    # an escape is `total`'s finding only: one missing validation is one finding, not two
    crash = Call(case.args, "escaped", error=TypeError("boom"), message="boom")
    assert run("rejects_invalid", case, crash, target) is None
    assert run("total", case, crash, target) == 'TypeError: "boom" escaped instead of a correction'


def test_total_fails_on_escapes_and_hangs(target: CheckContext) -> None:
    case = Case("adversarial", {"query": "a"})
    assert run("total", case, Call(case.args, "rejected"), target) is None
    assert "KeyError" in (run("total", case, Call(case.args, "escaped", error=KeyError("k")), target) or "")
    assert "hung" in (run("total", case, Call(case.args, "timeout", seconds=2.0), target) or "")


def test_typed_implementation_validates_what_was_received(target: CheckContext) -> None:
    case = Case("hallucinated", {"query": "a"}, {"query": "a"})
    bad = run("typed_implementation", case, Call(case.args, "returned", [{"query": "a", "max_results": 50}]), target)
    assert bad is not None and "max_results=50" in bad and "maximum" in bad
    fmt = run("typed_implementation", case, Call(case.args, "returned", [{"query": "a", "when": "tomorrow"}]), target)
    assert fmt is not None and "date-time" in fmt
    assert run("typed_implementation", case, Call(case.args, "returned", [{"query": "a"}]), target) is None


def _correction(path: str, received: str = '"deep-ish"') -> CorrectionError:
    return CorrectionError([Correction("INVALID_ENUM", path, 'one of ["basic", "advanced"]', received)])


def test_correction_quality_for_boundary_corrections(target: CheckContext) -> None:
    label = type("L", (), {"path": "search_depth"})()
    case = Case("invalid", {"query": "a", "search_depth": "deep-ish"}, labels=(label,))
    good = _correction("search_depth")
    assert run("correction_quality", case, Call(case.args, "rejected", error=good, message=str(good)), target) is None
    wrong = _correction("query")
    msg = run("correction_quality", case, Call(case.args, "rejected", error=wrong, message=str(wrong)), target)
    assert msg is not None and "does not name the field 'search_depth'" in msg
    empty = _correction("search_depth", received="")
    msg = run("correction_quality", case, Call(case.args, "rejected", error=empty, message=str(empty)), target)
    assert msg is not None and "lacks received" in msg


@pytest.mark.parametrize(
    ("message", "lacks"),
    [
        ("INVALID_TIME_RANGE: expected one of ['day', 'week']; received 'fortnight'. Retry.", None),
        # no error code asked of a plain message; this one lacks the field and the expectation
        ("invalid literal for int() with base 10: 'fortnight'", "the field name 'time_range', what is expected:"),
        ("time_range: expected one of ['day', 'week']; received 'fortnight'.", None),
        ("TYPE_ERROR at max_results: expected an integer; received 'x'.", "the field name 'time_range'"),
        ("INVALID_TIME_RANGE: received 'fortnight'.", "what is expected"),
        ("INVALID_TIME_RANGE: expected one of ['day', 'week'].", "the value received"),
        ("INVALID_TIME_RANGE: expected one of ['day']; received 'fortnight'." + "x" * 1000, "characters long"),
        # the host's text, not the author's (trial 10: mcp 1.x validates before the tool runs)
        ("Input validation error: 'fortnight' is not one of ['day', 'week']",
         "the correction, the MCP SDK's own validation text, lacks the field name 'time_range'"),
    ],
)
def test_correction_quality_for_plain_exceptions(target: Target, message: str, lacks: str | None) -> None:
    label = Mutation(path="time_range", family="unknown_enum", original="week", rendered="fortnight")
    case = Case("invalid", {"query": "a", "time_range": "fortnight"}, labels=(label,))
    result = run("correction_quality", case, Call(case.args, "rejected", error=ValueError(message), message=message), target)
    assert (result is None) if lacks is None else (lacks in (result or ""))


def test_correction_quality_judges_the_argument_a_refusal_names_even_when_a_short_field_was_varied() -> None:
    """Trial 13 (mathmethods-mcp): the call varied `a`, the base call's `level` was refused
    ("nivel_confianza must be in (0, 1)"), and the advice said it lacks the field name 'a':
    `a` was found as a letter of "nivel_confianza".  The message
    names its own field: judged as a message about `nivel_confianza`."""
    schema = {"type": "object", "properties": {"a": {"type": "number"}, "nivel_confianza": {"type": "number"}}}
    ctx = _black_box({}, schema)
    label = Mutation(path="a", family="num_string", original=1.5, rendered="1.5")
    case = Case("hallucinated", {"a": "1.5", "nivel_confianza": 2.5}, {"a": 1.5, "nivel_confianza": 2.5}, (label,))
    message = "nivel_confianza must be in (0, 1)"
    result = run("correction_quality", case, Call(case.args, "rejected", error=ValueError(message), message=message), ctx)
    assert result is None or "'a'" not in result, result


def test_idempotent_calls_the_tool_again_with_what_it_received(target: CheckContext, raw_target: Target) -> None:
    case = Case("hallucinated", {"query": "a", "max_results": " 7"}, {"query": "a", "max_results": 7})
    with raw_target.session():
        first = target.call(case.args)
        assert first.received == [{"query": "a", "max_results": 7}]
        assert run("idempotent", case, first, target) is None
        # a tool that turns 7 into "bad" on the way in is not idempotent: replaying "bad" fails
        drifted = Call(case.args, "returned", [{"query": "a", "max_results": "bad"}])
        msg = run("idempotent", case, drifted, target)
    assert msg is not None and "produced a correction (\"plain failure\")" in msg


def test_user_checks_register_by_name_and_validate_inputs(isolated_checks: dict[str, Any]) -> None:
    @check(inputs=("conforming",))
    def never_empty_query(case: Case, call: Call, target: CheckContext) -> None:
        """The implementation never sees an empty query."""
        for kwargs in call.received:
            assert kwargs.get("query"), "empty query"

    assert CHECKS["never_empty_query"].inputs == ("conforming",)
    assert CHECKS["never_empty_query"].description == "The implementation never sees an empty query."
    assert CHECKS["never_empty_query"].func is never_empty_query
    with pytest.raises(ValueError, match="subset of"):
        check(inputs=("weird",))


def test_check_refuses_a_name_already_registered_unless_replace(isolated_checks: dict[str, Any]) -> None:
    def first(case: Case, call: Call, ctx: CheckContext) -> None:
        """First."""

    def second(case: Case, call: Call, ctx: CheckContext) -> None:
        """Second."""

    check(name="aacl_test_dup", inputs=("conforming",))(first)
    with pytest.raises(InvalidArgument, match=r"already registered.*replace=True"):
        check(name="aacl_test_dup")(second)
    assert CHECKS["aacl_test_dup"].func is first
    check(name="aacl_test_dup", replace=True)(second)
    assert CHECKS["aacl_test_dup"].func is second
    with pytest.raises(InvalidArgument, match="already registered"):
        check(name="total")(second)  # built-ins are protected the same way
    assert CHECKS["total"].func.__name__ == "total"


def test_the_oracle_follows_a_percent_encoded_ref() -> None:
    schema = {
        "type": "object",
        "properties": {"at": {"$ref": "#/$defs/When%20Exactly"}},
        "$defs": {"When Exactly": {"type": "string", "format": "date-time"}},
    }
    # equal instants written differently: only equal if the $ref's format is followed
    assert compare_arguments({"at": "2025-04-03T10:00:00Z"}, {"at": "2025-04-03T10:00:00+00:00"}, schema) is None
    assert compare_arguments({"at": "2025-04-03T10:00:00Z"}, {"at": "2025-04-03T11:00:00+00:00"}, schema) is not None


def test_pydantic_urls_compare_equal_to_the_string_the_model_meant() -> None:
    from pydantic import AnyUrl, HttpUrl

    from pytest_aacl._jsonvalue import comparable as jsonable

    schema = {"type": "object", "properties": {"url": {"type": "string", "format": "uri"}}}
    assert str(AnyUrl("https://example.com")) == "https://example.com/"  # pydantic adds the slash
    for url in (AnyUrl("https://example.com"), HttpUrl("https://example.com")):
        assert compare_arguments(jsonable({"url": url}), {"url": "https://example.com"}, schema) is None
    other = compare_arguments(jsonable({"url": AnyUrl("https://example.org")}), {"url": "https://example.com"}, schema)
    assert other is not None and other.path == "url"


def _black_box(results: dict[str, Any], schema: dict[str, Any] = SCHEMA) -> CheckContext:
    """A context whose tool answers from `results` by the JSON of the arguments (a plain
    dict lookup; a value that is a list is consumed one answer per call)."""
    import json as _json

    def call(args: dict[str, Any]) -> Call:
        answer = results[_json.dumps(args, sort_keys=True)]
        if isinstance(answer, list):
            answer = answer.pop(0)
        if isinstance(answer, Exception):
            return Call(args, "rejected", None, answer, str(answer))
        return Call(args, "returned", None, result=answer)

    from pytest_aacl import from_schema

    return CheckContext("tool", from_schema(schema, name="tool"), True, {}, call)


def test_black_box_no_silent_corruption_is_a_metamorphic_oracle() -> None:
    case = Case("hallucinated", {"query": "a", "max_results": "1,000"}, {"query": "a", "max_results": 1000},
                (Mutation("max_results", "int_thousands", 1000, "1,000"),))
    rendered = '{"max_results": "1,000", "query": "a"}'
    intended = '{"max_results": 1000, "query": "a"}'
    # the same answer as for the intended value: correct, whatever the tool did inside
    same = _black_box({intended: {"hits": 3}, rendered: {"hits": 3}})
    assert run("no_silent_corruption", case, Call(case.args, "returned", None, result={"hits": 3}), same) is None
    # a different, reproducible answer: the rendering was read as something else
    differs = _black_box({intended: {"hits": 1000}, rendered: {"hits": 1}})
    msg = run("no_silent_corruption", case, Call(case.args, "returned", None, result={"hits": 1}), differs)
    assert msg is not None and "read differently" in msg and "max_results" in msg
    # a refusal is always fine
    refusing = _black_box({})
    assert run("no_silent_corruption", case, Call(case.args, "rejected", None, ValueError("no"), "no"), refusing) is None


def test_a_defect_message_shows_answers_as_people_read_them() -> None:
    """Non-ASCII text as itself (not `\\u2014`), control characters still escaped, and an
    answer long enough to compare (240 characters, not 120)."""
    case = Case("hallucinated", {"query": "a", "max_results": "1,000"}, {"query": "a", "max_results": 1000},
                (Mutation("max_results", "int_thousands", 1000, "1,000"),))
    rendered = '{"max_results": "1,000", "query": "a"}'
    intended = '{"max_results": 1000, "query": "a"}'
    long_tail = "x" * 150
    meant = {"note": f"Café — 1000 résultats{long_tail}END"}
    read = {"note": f"Café — 1 résultat\u202e{long_tail}END"}
    differs = _black_box({intended: meant, rendered: read})
    msg = run("no_silent_corruption", case, Call(case.args, "returned", None, result=read), differs)
    assert msg is not None and "Café — 1 résultat" in msg and "\\u2014" not in msg
    assert "\\u202e" in msg and "\u202e" not in msg  # a bidi override is never shown raw
    assert msg.count("END") == 2  # neither answer is cut before its end


def test_black_box_an_unreproducible_tool_is_reported_as_such_never_as_corruption() -> None:
    case = Case("hallucinated", {"query": "a", "max_results": "7"}, {"query": "a", "max_results": 7})
    rendered = '{"max_results": "7", "query": "a"}'
    intended = '{"max_results": 7, "query": "a"}'
    clock = _black_box({intended: [{"t": 1}, {"t": 2}], rendered: [{"t": 3}]})
    with pytest.raises(AssertionError) as raised:
        CHECKS["no_silent_corruption"].func(case, Call(case.args, "returned", None, result={"t": 0}), clock)
    assert "not reproducible" in str(raised.value) and raised.value.key == ("nondeterministic",)
    assert "freeze time" in raised.value.fix and "implementation=" in raised.value.fix


def test_black_box_an_answer_that_changes_only_its_json_type_when_repeated_is_a_defect() -> None:
    """Trial 13: mcp-mathematics' session_calculate answered `"result": 7.0`, then
    `"result": "7.0"` (its cache keeps text); it was filed as "not reproducible", which never
    fails.  Time and state change values; the same value in another type is a defect."""
    case = Case("hallucinated", {"query": "a", "max_results": "7"}, {"query": "a", "max_results": 7})
    rendered = '{"max_results": "7", "query": "a"}'
    intended = '{"max_results": 7, "query": "a"}'
    cached = _black_box({intended: [{"result": 7.0}, {"result": "7.0"}], rendered: [{"result": "7.0"}]})
    with pytest.raises(AssertionError) as raised:
        CHECKS["no_silent_corruption"].func(case, Call(case.args, "returned", None, result={"result": "7.0"}), cached)
    assert "another JSON type" in str(raised.value) and raised.value.key == ("result", "type changes when repeated")


def test_checks_that_read_the_implementation_say_so() -> None:
    needs = {name for name, cdef in CHECKS.items() if cdef.needs_implementation}
    assert needs == {"identity_on_canonical", "rejects_invalid", "typed_implementation", "idempotent"}
    assert CHECKS["correction_quality"].severity == "advice"
    assert all(CHECKS[n].fix for n in ("no_silent_corruption", "rejects_invalid", "total", "correction_quality"))


def test_a_made_up_key_named_in_the_correction_is_what_was_received() -> None:
    """Black box over MCP: the boundary answers UNEXPECTED_FIELD with the key the model made
    up as the value received; correction_quality took only the key's value (1) for it and
    gave false advice on our own boundary."""
    from mcp import types
    from mcp.server import Server

    from pytest_aacl import boundary, fuzz
    from pytest_aacl.serve import call_mcp, mcp_tool

    @boundary
    def read_file(name: str, numbered: bool = False) -> str:
        """Read a file."""
        return name.upper() if numbered else name

    async def list_tools(context: Any, params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[mcp_tool(read_file)])

    async def call_tool(context: Any, params: Any) -> types.CallToolResult:
        return await call_mcp(read_file, params.arguments)

    server = Server("files", on_list_tools=list_tools, on_call_tool=call_tool)
    report = fuzz(server, checks=["correction_quality"], max_examples=30, seed=0)
    assert report.examples_run > 0 and not report.not_applicable, "the check never ran"
    assert report.advice == []


@pytest.mark.parametrize(
    ("message", "fields", "sent", "lacks"),
    [
        # trial 8: the field name inside the value quoted back is not the message naming the field
        ("{'expression': '2 + 3'} is not of type 'string'", ["expression"], [{"expression": "2 + 3"}],
         ["the field name 'expression'"]),
        # a one-letter field is a word, not a letter of another word
        ("root_bisection needs f(a) and f(b) of opposite signs; received 1500", ["b"], ["1500"], []),
        ("root_bisection: the bracket is wrong; received 1500", ["b"], ["1500"], ["the field name 'b'", "what is expected"]),
        # expectation wordings of real servers
        ("amount cannot be negative, received -5", ["amount"], [-5], []),
        ("unit 'parsec' is not supported. Available: m, km", ["unit"], ["parsec"], []),
        # trial 9: the tool's own name is no field name; a short value is shown as a word only;
        # a null word a host read as None is shown by "None"
        ("Error executing tool matrix_transpose", ["matrix"], [[["NaN"]]],
         ["the field name 'matrix'", "what is expected", "the value received"]),
        ("matrix: expected a finite determinant", ["matrix"], ["NaN"], ["the value received"]),
        ("limit: expected an integer, but received None (NoneType).", ["limit"], ["null"], []),
    ],
)
def test_what_a_plain_correction_lacks(message: str, fields: list[str], sent: list[Any], lacks: list[str]) -> None:
    from pytest_aacl._check_support import text_correction_lacks

    assert text_correction_lacks(message, fields, sent, tool="matrix_transpose") == lacks


def convert_calendar(source: str, source_payload: dict[str, int]) -> str:
    """clawlendar's shape: JSON text that echoes the object it got, keys in the order given."""
    import json

    if source not in ("gregorian", "julian"):
        raise ValueError("source: gregorian or julian")
    if isinstance(source_payload, str):
        source_payload = json.loads(source_payload)  # (a ValueError: refused)
    return json.dumps({"source": source, "source_payload": source_payload}, indent=2)


def test_an_objects_key_order_is_no_difference_in_an_answer_of_json_text() -> None:
    """Trial 14: clawlendar was called "not reproducible": hypothesis-jsonschema hands a given
    object back with its keys sorted, the intended call's cached answer had the given order,
    and the tool echoes keys as received.  Calls are cached by their keys' order now, and JSON
    text in an answer is compared as JSON (an object's key order is no difference)."""
    from pytest_aacl import fuzz

    report = fuzz(convert_calendar, checks=["no_silent_corruption"], max_examples=100, seed=0,
                  values={"source": "gregorian", "source_payload": {"year": 2026, "month": 3, "day": 9}})
    assert not report.unreproducible, [f.message for f in report.unreproducible]  # (before: 1)
    assert not report.findings, str(report)
