"""Totality, purity and idempotence of the boundary, proved with Hypothesis.

Every tool here is built with `debug=True`, so any normalised call that the strict schema
would reject raises `BoundaryInvariantError` and fails the property.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, Literal

from annotated_types import Ge, Le
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema
from pytest_aacl.strategies import FAMILIES, adversarial, conforming, hallucinated, invalid
from test_strategies_consistency import (
    AWAITING_BOUNDARY,  # families whose reading lands with the boundary branch
)

from pytest_aacl import CorrectionError, boundary
from pytest_aacl._errors import MAX_MESSAGE_CHARS
from pytest_aacl._oracle import compare_arguments

SETTINGS = settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "query": {"type": "string", "minLength": 1},
        "max_results": {"type": "integer", "minimum": 1, "maximum": 20},
        "price": {"type": ["number", "null"], "exclusiveMinimum": 0},
        "depth": {"type": "string", "enum": ["basic", "advanced"], "x-aacl-synonyms": {"advanced": ["deep"]}},
        "safe": {"type": "boolean"},
        "domains": {"type": "array", "items": {"type": "string", "format": "hostname"}, "maxItems": 5},
        "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
        "since": {"type": "string", "format": "date"},
        "at": {"type": "string", "format": "date-time"},
        "clock": {"type": "string", "format": "time"},
        "email": {"type": "string", "format": "email"},
        "code": {"type": "string", "pattern": "^[A-Z]{3}$"},
        "either": {"anyOf": [{"type": "integer"}, {"type": "string", "format": "date"}]},
        "filters": {"$ref": "#/$defs/Filters"},
        "tree": {"$ref": "#/$defs/Tree"},
        "meta": {"type": "object"},
    },
    "required": ["query"],
    "additionalProperties": False,
    "$defs": {
        "Filters": {
            "type": "object",
            "properties": {"lang": {"enum": ["en", "fr"]}, "max_age": {"type": "integer", "minimum": 0}},
            "required": ["lang"],
            "additionalProperties": False,
        },
        "Tree": {
            "type": "object",
            "properties": {"v": {"type": "integer"}, "kids": {"type": "array", "items": {"$ref": "#/$defs/Tree"}, "maxItems": 3}},
            "additionalProperties": False,
        },
    },
}

received: list[dict[str, Any]] = []
TOOL = boundary(lambda **kw: received.append(kw), schema=SCHEMA, name="probe", debug=True)
FIELDS = list(SCHEMA["properties"])


class Hostile:
    """Every dunder a careless boundary might call raises."""

    def _boom(self, *args: Any) -> Any:
        raise RuntimeError("the boundary called a user method")

    def __repr__(self) -> str:  # only for Hypothesis' own reports; tested separately
        return "Hostile()"

    __str__ = __format__ = __eq__ = __ne__ = __lt__ = __bool__ = __len__ = __iter__ = _boom  # type: ignore[assignment]
    __hash__ = __int__ = __float__ = __index__ = _boom  # type: ignore[assignment]


class SneakyStr(str):
    def __str__(self) -> str:
        raise RuntimeError("called")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("called")

    __hash__ = str.__hash__

    def strip(self, *args: Any) -> str:
        raise RuntimeError("called")


def _deep(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


CONFUSABLE = "٠١٢٣٤٥٦٧٨٩۰۱۲０１２３４５६७८"
NUMBERISH = st.text(alphabet="0123456789 ,._+-eE", max_size=12)
SPECIAL = st.sampled_from([
    "null", "None", "n/a", "", "true", "yes", "ture", "five", "twenty-one", "1,000", "3,5", "1e999999",
    "NaN", "-inf", "03/04/2025", "April 3, 2025", "2025-02-30", "tomorrow", "3pm", "[1, 2", "{'a': 1}",
    "```json\n{}\n```", "x" * 1_000_000, "[" * 5000, '{"a":' * 5000, "\x00\x1b[31m\u202e", "a" * 10_001,
    " " * 9990 + "x", "```" + " " * 9990 + "x```", "1," * 4999, "1" + ",000" * 2499, "(" * 9000, "1e" + "9" * 9000,
    " & " * 3000, "a and " * 1999, "- a\n" * 2499, "3/" * 4999,
])
LEAVES = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=-(10**400), max_value=10**400),
    st.floats(allow_nan=True, allow_infinity=True), st.text(), NUMBERISH, SPECIAL, st.builds(pow, st.just(-10), st.just(5001)),
    st.text(alphabet=CONFUSABLE, min_size=1, max_size=6),
    st.builds(SneakyStr, st.text(max_size=10)), st.builds(Hostile), st.builds(_deep, st.just(3000)),
    st.sampled_from([dt.date(2025, 4, 3), b"bytes", 1j, {1, 2}, float("nan")]),
)
VALUES = st.recursive(
    LEAVES,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.tuples(inner, inner),
        st.dictionaries(st.one_of(st.sampled_from([*FIELDS, "v", "kids", "lang"]), st.text(max_size=5)), inner, max_size=4),
    ),
    max_leaves=12,
)
ARGUMENTS = st.one_of(
    st.dictionaries(st.sampled_from([*FIELDS, "maxResults", "Depth", "unknown"]), VALUES, max_size=8),
    VALUES,
)


def _fingerprint(value: Any, depth: int = 0) -> Any:
    """Identity and shape of a value, read without calling any of its methods."""
    kind = type(value)
    if depth > 50:
        return id(value)
    if kind is list:
        return ("list", id(value), tuple(_fingerprint(x, depth + 1) for x in list.copy(value)))
    if kind is dict:
        return ("dict", id(value), tuple((id(k), _fingerprint(x, depth + 1)) for k, x in dict.items(value)))
    return id(value)


#: calls the boundary accepts and rewrites (ARGUMENTS alone are refused 299 times in 300, so
#: "the input is never mutated" would hardly meet a call that was actually normalised)
RENDERED = hallucinated(SCHEMA).map(lambda call: call.args)


@SETTINGS
@given(st.one_of(RENDERED, ARGUMENTS))
def test_only_correction_errors_escape_and_input_is_never_mutated(arguments: Any) -> None:
    before = _fingerprint(arguments)
    received.clear()
    try:
        result = TOOL.invoke(arguments)
    except CorrectionError:  # pragma: no cover - invoke returns corrections, never raises them
        raise AssertionError("invoke raised instead of returning the correction") from None
    assert _fingerprint(arguments) == before
    if isinstance(result, dict) and result.get("error") == "INVALID_ARGUMENTS":
        assert received == [], "a correction must never call the implementation"
        assert 0 < len(result["message"]) <= MAX_MESSAGE_CHARS
        assert all(len(c["received"]) <= 80 for c in result["corrections"])
    else:
        assert len(received) == 1


def test_normalisation_is_idempotent() -> None:
    normalised: list[dict[str, Any]] = []

    @SETTINGS
    @given(st.one_of(RENDERED, ARGUMENTS))
    def check(arguments: Any) -> None:
        try:
            once = TOOL.normalise_json(arguments)
        except CorrectionError:
            return
        twice = TOOL.normalise_json(once)
        assert twice is once  # a canonical value passes through as the same object
        assert TOOL.normalise_json(dict(once)) == once
        normalised.append(once)

    check()
    assert len(normalised) > 50  # 82 of the 300 examples with this derandomised run


JSON_OBJECTS = st.dictionaries(
    st.text(max_size=5),
    st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(), lambda x: st.lists(x, max_size=3) | st.dictionaries(st.text(max_size=3), x, max_size=3), max_leaves=8),
    max_size=4,
)


def _objects(schema: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """Canonical objects, built per property: hypothesis-jsonschema 0.23's own object
    strategy relies on Hypothesis internals that 6.170 no longer has."""
    props = {
        name: (_objects(sub) if "properties" in sub else JSON_OBJECTS) if sub.get("type") == "object" else from_schema(sub)
        for name, sub in schema["properties"].items()
    }
    required = set(schema.get("required", []))
    return st.fixed_dictionaries(
        {k: v for k, v in props.items() if k in required},
        optional={k: v for k, v in props.items() if k not in required},
    )


CANONICAL_PROPERTIES = {k: v for k, v in SCHEMA["properties"].items() if k not in ("tree", "filters")}
CANONICAL_PROPERTIES["filters"] = SCHEMA["$defs"]["Filters"]
CANONICAL_SCHEMA = {**SCHEMA, "properties": CANONICAL_PROPERTIES}


@settings(SETTINGS, max_examples=150)
@given(_objects(CANONICAL_SCHEMA))
def test_canonical_arguments_pass_through_unchanged(arguments: dict[str, Any]) -> None:
    assert TOOL.normalise_json(arguments) is arguments


@settings(SETTINGS, max_examples=150)
@given(conforming(SCHEMA))
def test_conforming_calls_from_the_strategies_pass_through_unchanged(arguments: dict[str, Any]) -> None:
    assert TOOL.normalise_json(arguments) is arguments


@settings(SETTINGS, max_examples=150)
@given(invalid(SCHEMA))
def test_invalid_calls_are_always_corrected(call: Any) -> None:
    received.clear()
    result = TOOL.invoke(call.args)
    assert isinstance(result, dict) and result.get("error") == "INVALID_ARGUMENTS", call
    assert received == []


@settings(SETTINGS, max_examples=150)
@given(adversarial(SCHEMA, python_objects=True))
def test_adversarial_calls_only_ever_produce_corrections_or_valid_calls(call: Any) -> None:
    try:
        TOOL.normalise_json(call.args)
    except CorrectionError as error:
        assert len(str(error)) <= MAX_MESSAGE_CHARS


def search_web(
    query: str,
    max_results: Annotated[int, Ge(1), Le(20)] = 5,
    search_depth: Literal["basic", "advanced"] = "basic",
    include_domains: list[str] | None = None,
    safe_search: bool = True,
    since: dt.date | None = None,
    price: float | None = None,
    at: dt.datetime | None = None,
) -> None:
    """Search the web."""


SEARCH = boundary(search_web, naive_datetime="utc", debug=True)


@settings(SETTINGS, max_examples=200)
@given(hallucinated(SEARCH, families=set(FAMILIES) - AWAITING_BOUNDARY))
def test_hallucinated_calls_never_silently_corrupt(call: Any) -> None:
    try:
        got = SEARCH.normalise_json(call.args)
    except CorrectionError as error:
        assert call.ambiguous, f"an unambiguous rendering was refused: {call.args!r} -> {error}"
        return
    problem = compare_arguments(got, call.intended, SEARCH.spec.parameters)  # the fuzzer's own oracle
    assert problem is None, f"{call.args!r} -> {got!r}, intended {call.intended!r}: {problem}"


@SETTINGS
@given(st.text(max_size=60))
def test_any_text_for_every_scalar_kind_is_total(text: str) -> None:
    for name in ("max_results", "price", "depth", "safe", "domains", "since", "at", "clock", "either", "filters"):
        try:
            TOOL.normalise_json({"query": "q", name: text})
        except CorrectionError as error:
            assert error.corrections and all(c.code for c in error.corrections)


def test_fully_hostile_objects_are_never_called() -> None:
    class Cursed(Hostile):
        __repr__ = Hostile._boom  # type: ignore[assignment]

    for name in FIELDS:
        for value in (Cursed(), [Cursed()], {"v": Cursed()}, ("a", Cursed())):
            result = TOOL.invoke({"query": "q", name: value})
            assert result["error"] == "INVALID_ARGUMENTS", (name, result)
    assert TOOL.invoke(Cursed())["corrections"][0]["received"] == "<Cursed object>"


def test_a_catastrophic_user_pattern_is_a_correction_not_a_hang() -> None:
    # `^(a|a)*$` backtracks exponentially in every engine; with `re` `^(a+)+$` alone takes
    # ~40 s on 31 characters.  The schema's own patterns run under a time bound.

    import pytest

    from pytest_aacl import CorrectionError, boundary

    tool = boundary(lambda **kw: kw, name="t", schema={
        "type": "object",
        "properties": {"code": {"type": "string", "pattern": "^(a|a)*$"},
                       "tag": {"type": "string", "pattern": "^(a+)+$"}},
        "patternProperties": {"^(b|b)*$": {"type": "string"}},
    })
    assert tool.normalise({"code": "aaaa", "tag": "aa", "bb": "x"}) == {"code": "aaaa", "tag": "aa", "bb": "x"}
    # (a correction saying "in time" is the bound at work; without it this call takes minutes)
    with pytest.raises(CorrectionError) as caught:
        tool.normalise({"code": "a" * 40 + "!", "tag": "a" * 40 + "!"})
    assert caught.value.codes == ("PATTERN_MISMATCH", "PATTERN_MISMATCH")
    assert "in time" in (caught.value.corrections[0].hint or "")
    with pytest.raises(CorrectionError) as caught:
        tool.normalise({"b" * 40 + "!": "x"})
    assert caught.value.codes == ("UNEXPECTED_FIELD",)
