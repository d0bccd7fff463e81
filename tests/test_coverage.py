"""The deterministic coverage pass and the stratified random phase of the strategies.

What a check relies on: `coverage(kind, spec)` is the same list on every call, changes one
place of one realistic, valid base call per case, reaches every applicable family / mutation
kind of every field (nested fields and list items too), and any prefix of it is spread over
the fields.  The random strategies give no family or mutation kind the lion's share, and
`invalid` / `adversarial` send only what JSON decoding can yield unless asked otherwise.
"""

from __future__ import annotations

import doctest
import json
from collections import Counter
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import InvalidArgument
from pytest_aacl.strategies import (
    ABSENT,
    AdversarialCall,
    HallucinatedCall,
    InvalidCall,
    adversarial,
    coverage,
    hallucinated,
    invalid,
)

SEARCH: dict[str, Any] = {
    "type": "object",
    "properties": {
        "query": {"type": "string", "minLength": 1, "maxLength": 400},
        "search_depth": {"type": "string", "enum": ["basic", "advanced"], "default": "basic"},
        "max_results": {"type": "integer", "minimum": 1, "maximum": 20, "default": 5},
        "include_domains": {"type": ["array", "null"], "items": {"type": "string", "format": "hostname"},
                            "maxItems": 10},
        "time_range": {"type": ["string", "null"], "enum": ["day", "week", "month", "year", None]},
    },
    "required": ["query"],
    "additionalProperties": False,
}

BOOKING: dict[str, Any] = {
    "type": "object",
    "properties": {
        "check_in": {"type": "string", "format": "date"},
        "arrival_time": {"type": "string", "format": "time"},
        "guests": {"type": "integer", "minimum": 1, "maximum": 5000},
        "breakfast": {"type": "boolean"},
        "zip_code": {"type": "string", "pattern": "^[0-9]{5}$"},
        "room": {"type": "object", "properties": {
            "room_type": {"type": "string", "enum": ["single", "double", "suite"]},
            "cities": {"type": "array", "items": {"type": "string", "minLength": 1}},
            "budget": {"type": "number", "minimum": 0}},
            "required": ["room_type"], "additionalProperties": False},
    },
    "required": ["check_in", "room"],
    "additionalProperties": False,
}

KINDS = ("conforming", "hallucinated", "invalid", "adversarial")
DRAWS = settings(max_examples=400, deadline=None, derandomize=True, database=None,
                 suppress_health_check=list(HealthCheck))


def _valid(schema: dict[str, Any], value: Any) -> bool:
    checker = jsonschema.Draft202012Validator.FORMAT_CHECKER
    return jsonschema.Draft202012Validator(schema, format_checker=checker).is_valid(value)


def _draw(strategy: Any) -> list[Any]:
    out: list[Any] = []

    @DRAWS
    @given(strategy)
    def collect(value: Any) -> None:
        out.append(value)

    collect()
    return out


def _key(record: Any) -> str:
    if isinstance(record, AdversarialCall):  # payloads are up to 1 MB: the record names them
        return repr((sorted(record.args), tuple(map(str, record.labels))))
    return repr(record if isinstance(record, dict) else (record.args, tuple(map(str, record.labels))))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("schema", [SEARCH, BOOKING], ids=["search", "booking"])
def test_coverage_is_the_same_list_on_every_call(kind: str, schema: dict[str, Any]) -> None:
    first, second = coverage(kind, schema), coverage(kind, schema)
    assert first and list(map(_key, first)) == list(map(_key, second))


@pytest.mark.parametrize("schema", [SEARCH, BOOKING], ids=["search", "booking"])
def test_the_base_call_is_realistic_and_valid_with_formats_checked(schema: dict[str, Any]) -> None:
    calls = coverage("conforming", schema)
    assert all(isinstance(c, dict) and _valid(schema, c) for c in calls)
    base = calls[0]
    assert set(base) == set(schema["properties"])  # every field present, so every field is exercised
    if schema is SEARCH:
        assert base["query"] == "weather in Paris"
        assert base["include_domains"] == ["arxiv.org", "nature.com"]
        assert base["search_depth"] == "advanced"  # not the default: a fallback to it is visible
    else:
        assert base["zip_code"] == "94102" and base["check_in"] == "2025-04-03"


def test_the_base_call_gives_parallel_lists_one_length() -> None:
    """ids with embeddings and metadatas (chroma-mcp), dates with amounts (pyxirr): a tool
    refusing lists of different lengths refused the old base call, so nothing got past it."""
    parallel = {"type": "object", "required": ["ids"], "properties": {
        "ids": {"type": "array", "items": {"type": "string"}},
        "embeddings": {"type": "array", "items": {"type": "array", "items": {"type": "number"}}},
        "metadatas": {"type": "array", "items": {"type": "object"}},
        "documents": {"type": "array", "items": {"type": "string"}}}}
    base = coverage("conforming", parallel)[0]
    assert {len(base[k]) for k in parallel["properties"]} == {2} and _valid(parallel, base), base
    assert len(set(map(json.dumps, base["ids"]))) == 2  # grown with other values, not repeats
    # a bound that no common length satisfies leaves the lists as they are
    capped = {**parallel, "properties": {**parallel["properties"], "documents": {
        "type": "array", "items": {"type": "string"}, "minItems": 3, "maxItems": 3}, "ids": {
        "type": "array", "items": {"type": "string"}, "maxItems": 2}}}
    base = coverage("conforming", capped)[0]
    assert _valid(capped, base) and len(base["documents"]) == 3 and len(base["ids"]) <= 2


def test_conforming_coverage_visits_every_enum_member_and_null() -> None:
    calls = coverage("conforming", SEARCH)
    assert {c.get("time_range", ABSENT) for c in calls} >= {"day", "week", "month", "year", None}
    assert {"query"} in [set(c) for c in calls]  # the required-only call


@pytest.mark.parametrize("schema", [SEARCH, BOOKING], ids=["search", "booking"])
def test_each_hallucinated_case_renders_one_field_of_a_valid_intended_call(schema: dict[str, Any]) -> None:
    base = coverage("conforming", schema)[0]
    calls = coverage("hallucinated", schema)
    assert len(calls) > 10
    for call in calls:
        assert isinstance(call, HallucinatedCall) and len(call.labels) == 1
        assert _valid(schema, call.intended), call
        label = call.labels[0]
        field = label.path.split(".")[0].split("[")[0]
        others = {k: v for k, v in call.intended.items() if k != field}
        assert others == {k: v for k, v in base.items() if k != field}, call  # the rest is the base
        assert {k: v for k, v in call.args.items() if k in others} == others, call


def test_hallucinated_coverage_reaches_every_family_of_every_field() -> None:
    seen: dict[str, set[str]] = {}
    for call in coverage("hallucinated", BOOKING):
        seen.setdefault(call.labels[0].path, set()).add(call.labels[0].family)
    assert seen["breakfast"] >= {"bool_string", "bool_words", "bool_numeric", "bool_padded", "quoted_scalar",
                                 "scalar_as_list", "value_named_object", "null_for_optional"}
    assert "key_case" in seen["arrival_time"] and "key_case" not in seen["breakfast"]  # snake_case only
    assert seen["guests"] >= {"int_string", "int_thousands", "int_exponent", "int_words", "int_decimal_form",
                              "int_integral_float", "int_leading_zeros", "int_plus_sign"}
    assert seen["check_in"] >= {"date_iso_variant", "date_text", "date_numeric", "date_ambiguous_numeric"}
    assert seen["arrival_time"] >= {"time_formats"}
    assert seen["zip_code"] >= {"string_from_number", "scalar_as_list"}
    assert seen["room"] >= {"object_json_string", "object_python_literal", "object_code_fence"}
    assert seen["room.room_type"] >= {"enum_case", "enum_padding", "enum_quoted"}  # a nested field
    assert seen["room.cities"] >= {"list_csv", "list_json_string", "list_python_literal", "list_python_escaped",
                                   "list_single_scalar", "list_typed_items"}
    families = Counter((c.labels[0].path, c.labels[0].family) for c in coverage("hallucinated", BOOKING))
    # one representative per family and field; a second one only where the value itself is
    # the trap (noon for 12-hour readers, a negative number for sign-dropping readers, each
    # order of an ambiguous numeric date for a reader that always assumes one, each truth
    # value of a boolean for a reader that reads every word as false)
    twice = {key for key, n in families.items() if n > 1}
    assert max(families.values()) <= 3
    assert {family for path, family in twice if path != "breakfast"} <= {"time_formats", "int_string", "num_string",
                                                                         "date_ambiguous_numeric"}
    assert all(families["breakfast", f] == 2 for f in ("bool_string", "bool_words", "bool_padded", "quoted_scalar"))


def test_hallucinated_coverage_picks_defect_revealing_representatives() -> None:
    by: dict[tuple[str, str], Any] = {}
    for c in coverage("hallucinated", BOOKING):
        by.setdefault((c.labels[0].path, c.labels[0].family), c.labels[0])  # the first representative
    assert by[("breakfast", "bool_string")].rendered == "false"  # bool("false") is True
    assert by[("guests", "int_thousands")].rendered == "1,500"
    assert by[("arrival_time", "time_formats")].rendered == "2:30 PM+00:00"  # the offset a full-time carries stays
    assert by[("room.cities", "list_csv")].rendered == "Seattle, Paris"
    assert by[("room.cities", "list_python_escaped")].rendered == "['M\\u00fcnchen', 'Z\\u00fcrich']"
    assert by[("check_in", "date_numeric")].original == "2025-04-25"  # a day above 12: the order shows


def test_realistic_domain_lists_are_rendered_as_text() -> None:
    renderings = {c.labels[0].family: c.labels[0].rendered for c in coverage("hallucinated", SEARCH)
                  if c.labels[0].path == "include_domains"}
    assert renderings["list_csv"] == "arxiv.org, nature.com"
    assert renderings["list_spaces"] == "arxiv.org nature.com"
    assert renderings["list_json_string"] == '["arxiv.org", "nature.com"]'
    assert renderings["list_python_literal"] == "['arxiv.org', 'nature.com']"


@pytest.mark.parametrize("kind", ["hallucinated", "invalid", "adversarial"])
def test_any_prefix_of_the_coverage_list_is_spread_over_the_fields(kind: str) -> None:
    calls = coverage(kind, SEARCH)

    def place(call: Any) -> str:  # adversarial goes round the places (list items, the extra key too)
        path = call.labels[0].path
        return path if kind == "adversarial" else path.split(".")[0].split("[")[0]

    places = {place(c) for c in calls}
    assert {place(c) for c in calls[: len(places)]} == places


def test_invalid_coverage_has_every_mutation_kind_of_every_field_and_each_is_invalid() -> None:
    calls = coverage("invalid", SEARCH)
    assert all(isinstance(c, InvalidCall) and not _valid(SEARCH, c.args) for c in calls)
    pairs = {(c.labels[0].path, c.labels[0].family) for c in calls}
    assert pairs >= {("max_results", "non_integral"), ("max_results", "out_of_bounds"),
                     ("max_results", "type_change"), ("search_depth", "unknown_enum"),
                     ("time_range", "unknown_enum"), ("query", "missing_required"), ("query", "too_short"),
                     ("query", "too_long"), ("include_domains", "too_many_items"),
                     ("include_domains[0]", "type_change"), ("unexpected_field", "unexpected_field")}
    # one case per field and mutation kind, one per bound for out_of_bounds, and one per JSON
    # type for a type change (the type-confusion partition: an object, a list, a number...)
    assert len({(c.labels[0].path, c.labels[0].family, repr(c.labels[0].rendered)) for c in calls}) == len(calls)

    def json_type(c: Any) -> str:
        value = c.labels[0].rendered
        if c.labels[0].family == "invalid_json_text":
            value = json.loads(value)
        return type(value).__name__

    classes = {(c.labels[0].path, c.labels[0].family,
                _lower_or_higher(c) if c.labels[0].family == "out_of_bounds" else
                json_type(c) if c.labels[0].family in ("type_change", "invalid_json_text") else "") for c in calls}
    assert len(classes) == len(calls)
    types = {json_type(c) for c in calls if c.labels[0].path == "max_results" and c.labels[0].family == "type_change"}
    assert {"str", "list", "dict"} <= types, types


def _lower_or_higher(c: Any) -> str:
    return "low" if c.labels[0].rendered < c.labels[0].original else "high"


def _json_decodable(value: Any) -> bool:
    """What `json.loads` of a standard JSON document can return: it survives a strict round trip."""
    try:
        return bool(json.loads(json.dumps(value, allow_nan=False)) == value)
    except Exception:  # a hostile object's methods raise anything: not decodable JSON
        return False


def test_adversarial_sends_only_json_values_by_default() -> None:
    covered = coverage("adversarial", SEARCH)
    drawn = _draw(adversarial(SEARCH))
    assert all(isinstance(c, AdversarialCall) and _json_decodable(c.args) for c in [*covered, *drawn])
    kinds = {c.labels[0].family for c in covered}
    assert not kinds & {"nan", "infinity", "hostile_object", "bytes", "set"}
    places = {c.labels[0].path for c in covered}
    assert len(covered) == len(kinds) * len(places)  # every payload kind at every place once


def test_python_objects_are_an_explicit_opt_in() -> None:
    covered = coverage("adversarial", SEARCH, python_objects=True)
    assert {"nan", "infinity", "hostile_object", "hostile_str", "bytes", "set"} <= {c.labels[0].family for c in covered}
    drawn = _draw(adversarial(SEARCH, python_objects=True))
    assert any(not _json_decodable(c.args) for c in drawn)
    with pytest.raises(InvalidArgument, match="True or False"):
        adversarial(SEARCH, python_objects="yes")  # type: ignore[arg-type]


def test_random_invalid_and_adversarial_draws_are_stratified_by_kind() -> None:
    for strategy, allowed in ((invalid(SEARCH), 0.2), (adversarial(SEARCH), 0.15)):
        counts = Counter(c.labels[0].family for c in _draw(strategy))
        assert max(counts.values()) / sum(counts.values()) < allowed, counts
        assert len(counts) >= 8, counts


def test_random_hallucinated_draws_are_stratified_by_family_and_mostly_one_field() -> None:
    calls = _draw(hallucinated(SEARCH))
    first = Counter(c.labels[0].family for c in calls)
    assert max(first.values()) / len(calls) < 0.15, first  # before stratifying: 0.55
    # the families a realistic list of domains and an enum render are drawn (a seeded sample
    # of 400 may miss one of them; missing two would mean the draw is skewed again)
    assert len({"list_csv", "list_spaces", "list_python_literal", "enum_case", "int_string"} & set(first)) >= 4
    single = sum(len(c.labels) == 1 for c in calls)
    assert single / len(calls) > 0.6
    assert all(_valid(SEARCH, c.intended) for c in calls)


def test_the_random_phase_reaches_a_family_the_random_calls_lack() -> None:
    # plain words never hold non-ASCII letters, so this family only renders on the grafted
    # coverage value (["München", "Zürich"])
    calls = _draw(hallucinated(BOOKING, families={"list_python_escaped"}))
    assert calls and all(c.families == ("list_python_escaped",) for c in calls)
    assert all(_valid(BOOKING, c.intended) for c in calls)


def test_coverage_refuses_an_unknown_kind_in_one_sentence() -> None:
    with pytest.raises(InvalidArgument, match="must be one of 'conforming', 'hallucinated'"):
        coverage("hallucinate", SEARCH)


def test_coverage_of_a_schema_without_a_findable_value_is_empty() -> None:
    schema = {"type": "object", "properties": {"x": {"type": "string", "pattern": "^(?=a)b$"}}, "required": ["x"]}
    assert coverage("hallucinated", schema) == []


def test_the_documentation_examples_run() -> None:
    doc = Path(__file__).resolve().parent.parent / "docs" / "reference" / "families.md"
    result = doctest.testfile(str(doc), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 8 and result.failed == 0


def test_nullable_text_gets_null_words_and_the_schemas_own_examples() -> None:
    # modelled on mcp-server-git's git_log: "None" for a nullable timestamp must be covered,
    # on a base call built from the description's own example (a real server rejects "example")
    schema = {"type": "object", "properties": {
        "max_count": {"type": "integer", "default": 10},
        "start_timestamp": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None,
                            "description": "Start, e.g. '2024-01-15T14:30:25' or 'yesterday'"}}}
    cases = coverage("hallucinated", schema)
    null_words = [c for c in cases if c.labels[0].path == "start_timestamp" and c.labels[0].family == "null_words"]
    assert [c.args["start_timestamp"] for c in null_words] == ["None"]
    assert null_words[0].intended["start_timestamp"] is None
    assert coverage("conforming", schema)[0]["start_timestamp"] == "2024-01-15T14:30:25"
