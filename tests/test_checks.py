"""The oracle and the named checks, fed recorded calls directly (no Hypothesis involved)."""

from __future__ import annotations

from typing import Any

import pytest
from pytest_aacl.strategies import Mutation

from pytest_aacl import CHECKS, Correction, CorrectionError, check
from pytest_aacl._checks import Call, Case
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
def target() -> Target:
    [t] = resolve(interface, schema=SCHEMA, implementation=(__import__(__name__), "backend"))
    return t


def run(name: str, case: Case, call: Call, target: Target) -> str | None:
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


def test_no_silent_corruption_names_the_field_and_both_values(target: Target) -> None:
    case = Case("hallucinated", {"query": "a", "max_results": "1,000"}, {"query": "a", "max_results": 1000})
    call = Call(case.args, "returned", [{"query": "a", "max_results": 1}])
    assert run("no_silent_corruption", case, call, target) == "implementation received max_results: received 1, intended 1000"
    good = Call(case.args, "returned", [{"query": "a", "max_results": 1000}])
    assert run("no_silent_corruption", case, good, target) is None
    assert run("no_silent_corruption", case, Call(case.args, "rejected"), target) is None
    late = Call(case.args, "rejected", [{"query": "a", "max_results": 1}])
    assert "after the implementation had been called" in (run("no_silent_corruption", case, late, target) or "")


def test_identity_on_canonical_fails_when_a_valid_call_is_refused(target: Target) -> None:
    case = Case("conforming", {"query": "a"}, {"query": "a"})
    assert run("identity_on_canonical", case, Call(case.args, "returned", [{"query": "a"}]), target) is None
    refused = run("identity_on_canonical", case, Call(case.args, "rejected", message="nope"), target)
    assert refused is not None and "valid canonical arguments produced a correction" in refused
    altered = run("identity_on_canonical", case, Call(case.args, "returned", [{"query": "A"}]), target)
    assert altered is not None and "query" in altered


def test_rejects_invalid(target: Target) -> None:
    case = Case("invalid", {"query": "a", "max_results": 50})
    leaked = run("rejects_invalid", case, Call(case.args, "returned", [{"query": "a", "max_results": 50}]), target)
    assert leaked is not None and leaked.startswith("invalid arguments reached the implementation")
    assert run("rejects_invalid", case, Call(case.args, "rejected", message="x"), target) is None
    crash = run("rejects_invalid", case, Call(case.args, "escaped", error=TypeError("boom")), target)
    assert crash is not None and "TypeError" in crash


def test_total_fails_on_escapes_and_hangs(target: Target) -> None:
    case = Case("adversarial", {"query": "a"})
    assert run("total", case, Call(case.args, "rejected"), target) is None
    assert "KeyError" in (run("total", case, Call(case.args, "escaped", error=KeyError("k")), target) or "")
    assert "hung" in (run("total", case, Call(case.args, "timeout", seconds=2.0), target) or "")


def test_typed_implementation_validates_what_was_received(target: Target) -> None:
    case = Case("hallucinated", {"query": "a"}, {"query": "a"})
    bad = run("typed_implementation", case, Call(case.args, "returned", [{"query": "a", "max_results": 50}]), target)
    assert bad is not None and "max_results=50" in bad and "maximum" in bad
    fmt = run("typed_implementation", case, Call(case.args, "returned", [{"query": "a", "when": "tomorrow"}]), target)
    assert fmt is not None and "date-time" in fmt
    assert run("typed_implementation", case, Call(case.args, "returned", [{"query": "a"}]), target) is None


def _correction(path: str, received: str = '"deep-ish"') -> CorrectionError:
    return CorrectionError([Correction("INVALID_ENUM", path, 'one of ["basic", "advanced"]', received)])


def test_correction_quality_for_boundary_corrections(target: Target) -> None:
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
        ("invalid literal for int() with base 10: 'fortnight'", "an error code"),
        ("TYPE_ERROR at max_results: expected an integer; received 'x'.", "the field name 'time_range'"),
        ("INVALID_TIME_RANGE: received 'fortnight'.", "what is expected"),
        ("INVALID_TIME_RANGE: expected one of ['day', 'week'].", "the value received"),
        ("INVALID_TIME_RANGE: expected one of ['day']; received 'fortnight'." + "x" * 1000, "characters long"),
    ],
)
def test_correction_quality_for_plain_exceptions(target: Target, message: str, lacks: str | None) -> None:
    label = Mutation(path="time_range", kind="unknown_enum", original="week", mutated="fortnight")
    case = Case("invalid", {"query": "a", "time_range": "fortnight"}, labels=(label,))
    result = run("correction_quality", case, Call(case.args, "rejected", error=ValueError(message), message=message), target)
    assert (result is None) if lacks is None else (lacks in (result or ""))


def test_idempotent_calls_the_tool_again_with_what_it_received(target: Target) -> None:
    case = Case("hallucinated", {"query": "a", "max_results": " 7"}, {"query": "a", "max_results": 7})
    with target.session():
        first = target.call(case.args)
        assert first.received == [{"query": "a", "max_results": 7}]
        assert run("idempotent", case, first, target) is None
        # a tool that turns 7 into "bad" on the way in is not idempotent: replaying "bad" fails
        drifted = Call(case.args, "returned", [{"query": "a", "max_results": "bad"}])
        msg = run("idempotent", case, drifted, target)
    assert msg is not None and "produced a correction (\"plain failure\")" in msg


def test_user_checks_register_by_name_and_validate_inputs() -> None:
    @check(inputs=("conforming",))
    def never_empty_query(case: Case, call: Call, target: Target) -> None:
        """The implementation never sees an empty query."""
        for kwargs in call.received:
            assert kwargs.get("query"), "empty query"

    try:
        assert CHECKS["never_empty_query"].inputs == ("conforming",)
        assert CHECKS["never_empty_query"].description == "The implementation never sees an empty query."
    finally:
        del CHECKS["never_empty_query"]
    with pytest.raises(ValueError, match="subset of"):
        check(inputs=("weird",))
