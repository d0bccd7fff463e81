"""The public strategies as a user meets them: arguments, labels, determinism, shrinking."""

from __future__ import annotations

import ast
import copy
import json
import re
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from pytest_aacl.strategies import (
    ABSENT,
    FAMILIES,
    Family,
    adversarial,
    all_renderings,
    conforming,
    hallucinated,
    invalid,
    renderings,
)

FAST = settings(max_examples=40, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow])

SEARCH = {
    "type": "object",
    "properties": {
        "query": {"type": "string", "minLength": 1, "maxLength": 200},
        "max_results": {"type": "integer", "minimum": 1, "maximum": 5000},
        "safe_search": {"type": "boolean"},
        "include_domains": {"type": ["array", "null"], "items": {"type": "string", "format": "hostname"},
                            "maxItems": 5},
        "since": {"type": "string", "format": "date"},
        "time_range": {"type": "string", "enum": ["day", "week", "month"],
                       "x-aacl-synonyms": {"day": ["24h"]}},
    },
    "required": ["query", "max_results"],
    "additionalProperties": False,
}

BOOKING = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "$defs": {
        "Guest": {"type": "object", "properties": {
            "full_name": {"type": "string", "minLength": 1},
            "age": {"type": ["integer", "null"], "minimum": 0, "maximum": 120}},
            "required": ["full_name"], "additionalProperties": False},
        "Node": {"type": "object", "properties": {"label": {"type": "string"},
                                                  "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}},
                 "required": ["label"], "additionalProperties": False},
    },
    "properties": {
        "hotel_id": {"type": "integer", "minimum": 1},
        "check_in": {"type": "string", "format": "date"},
        "arrival": {"type": "string", "format": "date-time"},
        "guests": {"type": "array", "items": {"$ref": "#/$defs/Guest"}, "minItems": 1, "maxItems": 3},
        "room": {"type": "object", "properties": {
            "room_type": {"type": "string", "enum": ["single", "double", "suite"]},
            "smoking": {"type": "boolean"}, "nightly_budget": {"type": "number", "minimum": 0}},
            "required": ["room_type"], "additionalProperties": False},
        "slot": {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string", "format": "time"}],
                 "items": False, "minItems": 2},
        "tree": {"$ref": "#/$defs/Node"},
    },
    "required": ["hotel_id", "check_in", "guests"],
    "dependentRequired": {"arrival": ["check_in"]},
    "additionalProperties": False,
}


def _parts(path: str) -> list[str | int]:
    out: list[str | int] = []
    for name, index, quoted in re.findall(r"([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\[('(?:[^'\\]|\\.)*'|\"[^\"]*\")\]", path):
        out.append(name or (int(index) if index else ast.literal_eval(quoted)))
    return out


def _undo(args: dict[str, Any], label: Any) -> None:
    *parents, last = _parts(label.path)
    holder: Any = args
    for part in parents:
        holder = holder[part]
    if label.family == Family.KEY_CASE:
        holder[label.original] = holder.pop(label.rendered)
    elif label.original is ABSENT:
        assert holder.pop(last) == label.rendered
    else:
        assert holder[last] == label.rendered
        holder[last] = label.original


@pytest.mark.parametrize("schema", [SEARCH, BOOKING], ids=["search", "booking"])
def test_conforming_values_validate(schema: dict[str, Any]) -> None:
    validator = jsonschema.Draft202012Validator(schema)

    @FAST
    @given(conforming(schema))
    def check(args: dict[str, Any]) -> None:
        validator.validate(args)

    check()


@pytest.mark.parametrize("schema", [SEARCH, BOOKING], ids=["search", "booking"])
def test_hallucinated_intended_is_valid_and_labels_explain_every_difference(schema: dict[str, Any]) -> None:
    validator = jsonschema.Draft202012Validator(schema)

    @FAST
    @given(hallucinated(schema, min_fields=2))
    def check(call: Any) -> None:
        validator.validate(call.intended)
        assert len(call.labels) >= 2
        assert json.dumps(call.args, sort_keys=True) != json.dumps(call.intended, sort_keys=True)
        restored = copy.deepcopy(call.args)
        for label in call.labels:
            assert label.family in FAMILIES
            _undo(restored, label)
        assert restored == call.intended  # nothing differs that no label explains

    check()


def test_families_restrict_the_renderings() -> None:
    @FAST
    @given(hallucinated(SEARCH, families={Family.INT_THOUSANDS, Family.LIST_CSV}))
    def check(call: Any) -> None:
        assert call.labels and {label.family for label in call.labels} <= {Family.INT_THOUSANDS, Family.LIST_CSV}

    check()


def test_null_for_optional_means_the_field_is_absent_from_intended() -> None:
    call = find(hallucinated(SEARCH, families={Family.NULL_FOR_OPTIONAL}), lambda c: True,
                settings=settings(database=None, derandomize=True))
    label = call.labels[0]
    assert label.original is ABSENT
    assert _parts(label.path)[0] not in call.intended


def test_shrinks_to_the_simplest_family_and_rendering() -> None:
    schema = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}
    call = find(hallucinated(schema), lambda c: True, settings=settings(database=None, derandomize=True))
    assert call.labels[0].family == Family.INT_STRING
    assert call.args == {"n": "0"}


def test_derandomized_runs_are_identical() -> None:
    def run() -> list[str]:
        seen: list[str] = []

        @settings(max_examples=25, derandomize=True, database=None, deadline=None)
        @given(hallucinated(BOOKING))
        def record(call: Any) -> None:
            seen.append(repr(call))

        record()
        return seen

    assert run() == run()


def test_call_repr_is_one_line_of_python() -> None:
    call = find(hallucinated(SEARCH, families={Family.INT_THOUSANDS}), lambda c: True,
                settings=settings(database=None, derandomize=True))
    line = call.call_repr("search_web")
    rendered = call.args["max_results"]
    assert isinstance(rendered, str) and any(sep in rendered for sep in ",_ .'")  # a thousands form
    assert line.startswith("search_web(") and f"max_results={rendered!r}" in line and "\n" not in line


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: hallucinated(SEARCH, families={"int_thousand"}), "valid names are"),
        (lambda: hallucinated(SEARCH, families="int_string"), "collection of family names"),
        (lambda: hallucinated(SEARCH, min_fields=0), "at least 1"),
        (lambda: hallucinated(SEARCH, min_fields=50), "pass a smaller min_fields"),
        (lambda: hallucinated({"type": "object", "properties": {"q": {"type": "string", "format": "uri"}},
                               "required": ["q"]}, families={Family.INT_STRING}), "families possible here"),
        (lambda: conforming({"type": "array"}), "object"),
        (lambda: conforming(42), "JSON Schema dict"),
        (lambda: renderings("x", {"type": "integer"}), "not valid under the schema"),
        (lambda: renderings("free text", {}), "no model-style rendering"),
    ],
)
def test_bad_arguments_fail_eagerly_with_a_sentence(call: Any, message: str) -> None:
    with pytest.raises(InvalidArgument, match=message):
        call()


def test_renderings_draws_from_all_renderings() -> None:
    options = {repr(tuple(r)) for r in all_renderings(1000, {"type": "integer"})}

    @FAST
    @given(renderings(1000, {"type": "integer"}))
    def check(rendering: Any) -> None:
        assert repr(tuple(rendering)) in options

    check()
    assert repr(("int_thousands", "1,000", False)) in options
    assert repr(("scalar_as_list", [1000], False)) in options


def test_renderings_respect_the_readers_limits() -> None:
    spaced = all_renderings(["new york", "paris"], {"type": "array", "items": {"type": "string"}})
    assert "list_csv" in {r.family for r in spaced}
    assert not [r for r in spaced if r.family in ("list_spaces", "list_and")]
    commas = all_renderings(["a,b", "c"], {"type": "array", "items": {"type": "string"}})
    assert "list_json_string" in {r.family for r in commas}
    assert not [r for r in commas if r.family == "list_csv"]
    nulls = all_renderings(None, {"type": ["string", "null"], "enum": ["none", "some", None]})
    assert {r.family for r in nulls} == {"null_words"} and "none" not in [r.rendered for r in nulls]
    ambiguous = [r for r in all_renderings("2025-04-03", {"type": "string", "format": "date"}) if r.ambiguous]
    # a numeric order nobody can tell, and a date-time for a date (a reader may refuse both)
    assert {r.family for r in ambiguous} == {"date_ambiguous_numeric", "datetime_for_date"}
    ordered = all_renderings("2025-04-03", {"type": "string", "format": "date", "x-aacl-date-order": "DMY"})
    assert ("date_numeric", "03/04/2025", False) in ordered
    assert {r.family for r in ordered if r.ambiguous} == {"datetime_for_date"}  # an order fixes only numeric dates
    assert "04/03/2025" not in [r.rendered for r in ordered]
    sizes = {"type": "string", "enum": ["S", "XL"], "x-aacl-synonyms": {"XL": ["Extra Large"]}}
    assert ("enum_synonym", "Extra Large", False) in all_renderings("XL", sizes)


def test_a_string_is_sent_as_a_number_only_when_the_number_gives_it_back() -> None:
    # before: "5.0" was rendered as 5.0, which every JSON reader sees as 5; the boundary's "5"
    # was then reported as silent corruption of a correct tool
    def as_number(text: str) -> list[Any]:
        return [r.rendered for r in all_renderings(text, {"type": "string"}) if r.family == "string_from_number"]

    assert as_number("0.25") == [0.25]
    assert as_number("12") == [12]
    assert as_number("5.0") == []


def test_invalid_and_adversarial_carry_mutation_records() -> None:
    @FAST
    @given(invalid(BOOKING), adversarial(SEARCH))
    def check(bad: Any, hostile: Any) -> None:
        assert bad.labels and bad.labels[0].family
        assert hostile.labels and hostile.labels[0].family
        assert hostile.call_repr("search").startswith("search(")  # safe even with hostile objects

    check()


def test_invalid_never_sends_null_to_a_field_of_any_type() -> None:
    # BFCL's "type": "any" is the empty schema, where null is valid: before, invalid() sent
    # null as a "null_required" mutation and rejects_invalid blamed a correct boundary for it
    schema = {"type": "object", "properties": {"fn": {}, "x": {"type": "number"}}, "required": ["fn", "x"]}
    validator = jsonschema.Draft202012Validator(schema)

    @FAST
    @given(invalid(schema))
    def check(bad: Any) -> None:
        assert not validator.is_valid(bad.args), bad.labels

    check()


def test_strategies_compose_with_st() -> None:
    combined = st.tuples(hallucinated(SEARCH), conforming(BOOKING)).map(lambda pair: pair[0].intended)

    @FAST
    @given(combined)
    def check(intended: dict[str, Any]) -> None:
        assert "query" in intended

    check()


def test_families_show_up_in_hypothesis_statistics(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        from hypothesis import given, settings
        from pytest_aacl.strategies import hallucinated

        SCHEMA = {"type": "object", "properties": {"n": {"type": "integer"}, "on": {"type": "boolean"}},
                  "required": ["n", "on"], "additionalProperties": False}

        @settings(max_examples=30, derandomize=True, database=None)
        @given(hallucinated(SCHEMA))
        def test_tool(call):
            assert call.labels
        """
    )
    result = pytester.runpytest("--hypothesis-show-statistics", "-p", "no:randomly")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*aacl family: int_*"])
    result.stdout.fnmatch_lines(["*aacl family: bool_*"])


def test_a_boundary_tool_brings_its_options() -> None:
    from pytest_aacl import boundary

    def book(size: str, day: str) -> None: ...

    schema = {"type": "object", "additionalProperties": False, "required": ["size", "day"],
              "properties": {"size": {"type": "string", "enum": ["S", "XL"]},
                             "day": {"type": "string", "format": "date"}}}
    tool = boundary(book, schema=schema, synonyms={"size": {"XL": ["Extra Large"]}}, date_order="DMY")
    families = {"enum_synonym", "date_numeric", "date_ambiguous_numeric"}

    @FAST
    @given(hallucinated(tool, families=families))
    def check(call: Any) -> None:
        assert call.labels
        for label in call.labels:
            assert label.family != "date_ambiguous_numeric"  # the declared order makes them readable
            if label.family == "enum_synonym":
                assert (label.original, label.rendered) == ("XL", "Extra Large")

    check()
    seen = find(hallucinated(tool, families=families), lambda c: "enum_synonym" in c.families,
                settings=settings(database=None, derandomize=True))
    assert seen.args["size"] == "Extra Large"


RICH = {
    "type": "object",
    "additionalProperties": False,
    "required": ["count", "ratio", "flag", "unit", "level", "code", "day", "at", "clock", "hosts", "tags",
                 "filters", "contact", "maybe_count", "cities", "ref"],
    "properties": {
        "count": {"type": "integer", "minimum": -5000, "maximum": 5000000},
        "ratio": {"type": "number"},
        "flag": {"type": "boolean"},
        "unit": {"type": "string", "enum": ["celsius", "fahrenheit"], "x-aacl-synonyms": {"celsius": ["C"]}},
        "level": {"type": "integer", "enum": [1, 2, 3]},
        "code": {"type": "string", "maxLength": 8},
        "day": {"type": "string", "format": "date"},
        "at": {"type": "string", "format": "date-time", "x-aacl-naive-datetime": "utc"},
        "clock": {"type": "string", "format": "time"},
        "hosts": {"type": "array", "items": {"type": "string", "format": "hostname"}, "minItems": 1},
        "tags": {"type": "array", "items": {"type": "integer"}, "minItems": 1},
        "cities": {"type": "array", "items": {"type": "string", "minLength": 1}, "minItems": 1},
        "filters": {"type": "object", "additionalProperties": False, "required": ["max_results"],
                    "properties": {"max_results": {"type": "integer"}, "safe_search": {"type": "boolean"}}},
        "contact": {"type": "string", "format": "email"},
        "ref": {"type": "string", "format": "uuid"},
        "maybe_count": {"type": ["integer", "null"]},
        "optional_flag": {"type": "boolean"},
        "window": {"type": "string", "description": "How far back to look, e.g. 'now-1h'"},
    },
}


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_family_can_be_asked_for_alone(family: str) -> None:
    @settings(max_examples=8, deadline=None, derandomize=True, database=None)
    @given(hallucinated(RICH, families={family}))
    def check(call: Any) -> None:
        assert {label.family for label in call.labels} == {family}

    check()


# -- the family names and the record shape ---------------------------------------------------


def test_a_family_member_is_its_name_wherever_it_is_shown() -> None:
    member = Family.INT_THOUSANDS
    assert member == "int_thousands" and Family("int_thousands") is member
    assert str(member) == f"{member}" == "int_thousands" and repr(member) == "'int_thousands'"
    assert json.dumps({member: [member]}) == '{"int_thousands": ["int_thousands"]}'
    assert {"int_thousands": 1}[member] == 1 and member in {"int_thousands"}
    assert list(Family) == list(FAMILIES)  # one member per family, in shrink order
    assert all(isinstance(name, Family) for name in FAMILIES)


def test_the_family_names_are_one_public_enum_not_fifty_constants() -> None:
    import pytest_aacl.strategies as strategies

    assert "Family" in strategies.__all__ and "FAMILIES" in strategies.__all__
    assert not [name for name in Family.__members__ if hasattr(strategies, name) or name in strategies.__all__]
    assert strategies.families.__all__ == ["FAMILIES", "Family"]


def test_labels_and_mutations_share_one_shape() -> None:
    from pytest_aacl.strategies import Label, Mutation
    from pytest_aacl.strategies._records import Change

    label = Label("max_results", Family.INT_THOUSANDS, 1000, "1,000", True)
    mutation = Mutation("max_results", "out_of_bounds", 20, 21)
    assert all(isinstance(record, Change) and record.path == "max_results" for record in (label, mutation))
    assert (label.family, label.rendered, label.ambiguous, label.mutation) == ("int_thousands", "1,000", True, False)
    assert (mutation.family, mutation.rendered, mutation.ambiguous, mutation.mutation) == ("out_of_bounds", 21, False, True)
    assert (mutation.kind, mutation.mutated) == ("out_of_bounds", 21)  # the names of earlier releases, read-only
    with pytest.raises(AttributeError):
        mutation.kind = "type_change"  # type: ignore[misc]
    assert repr(mutation) == "Mutation(path='max_results', family='out_of_bounds', original=20, rendered=21)"
    assert repr(label) == "Label(path='max_results', family='int_thousands', original=1000, rendered='1,000', ambiguous=True)"
    assert str(mutation) == "max_results: 20 -> 21 [out_of_bounds]"
