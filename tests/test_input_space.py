"""The input-space model (strategies/_space.py): every class it claims is right by the
boundary's documented semantics, and the coverage phase walks every class of every field."""

from __future__ import annotations

import sys
from typing import Any

import pytest
from pytest_aacl.strategies import FAMILIES, coverage
from pytest_aacl.strategies._mutation_kinds import MUTATIONS
from pytest_aacl.strategies._space import CATALOGUE

from pytest_aacl import CorrectionError, boundary

SCHEMA = {
    "type": "object",
    "properties": {
        "query": {"type": "string", "maxLength": 60},
        "note": {"type": "string"},
        "memo": {"type": "string", "examples": ["back at 5", "gone fishing"]},
        "count": {"type": "integer", "minimum": 1, "maximum": 5000},
        "big": {"type": "integer"},
        "ratio": {"type": "number"},
        "price": {"type": "number", "minimum": 0, "exclusiveMaximum": 10000},
        "flag": {"type": "boolean"},
        "mode": {"enum": ["dark_mode", "light_mode", "auto"]},
        "day": {"type": "string", "format": "date"},
        "at": {"type": "string", "format": "time"},
        "when": {"type": "string", "format": "date-time"},
        "email": {"type": "string", "format": "email"},
        "site": {"type": "string", "format": "uri"},
        "host": {"type": "string", "format": "hostname"},
        "id": {"type": "string", "format": "uuid"},
        "ip": {"type": "string", "format": "ipv4"},
        "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 40},
        "ids": {"type": "array", "items": {"type": "integer"}, "uniqueItems": True},
        "meta": {"type": "object"},
        "names": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["query"],
    "additionalProperties": False,
}


def _tool():
    return boundary(lambda **kwargs: kwargs, schema=SCHEMA, name="t")


def test_the_catalogue_names_existing_families_and_mutation_kinds():
    for cls in CATALOGUE:
        assert cls.describe(), cls
        if cls.expect == "rendering":
            assert cls.label in FAMILIES, cls
        if cls.expect == "invalid":
            assert cls.label in MUTATIONS, cls
    keys = [(c.type, c.name) for c in CATALOGUE]
    assert len(keys) == len(set(keys))


def test_every_canonical_class_arrives_unchanged_through_the_boundary():
    tool, calls = _tool(), coverage("conforming", SCHEMA)
    walked = {label.family for call in calls for label in getattr(call, "labels", ())}
    # every class that applies to some field of this schema is walked
    expected = {f"canonical:{c.key}" for c in CATALOGUE if c.expect == "canonical"} - {
        "canonical:string.min_length", "canonical:integer.multiple", "canonical:number.multiple",
        "canonical:array.min_items", "canonical:ipv6.shapes", "canonical:boolean.values",
        "canonical:object.equal_range",  # (no range in this schema: its own test below)
        "canonical:object.values_as_text"}  # (built from a base object with numbers: its own test below)
    assert expected <= walked, sorted(expected - walked)
    for call in calls:
        got = tool.normalise(dict(call))
        for key, value in call.items():
            if key in ("day",) or not isinstance(value, str) or SCHEMA["properties"][key].get("format") not in ("time", "date-time"):
                assert got[key] == value and type(got[key]) is type(value), (key, value, got[key])


def test_every_invalid_class_is_refused_by_the_boundary():
    tool, calls = _tool(), coverage("invalid", SCHEMA)
    kinds = {label.family for call in calls for label in call.labels}
    assert {"overflow", "bool_for_number", "enum_contains_member", "enum_separator_variant", "enum_prefix",
            "non_leap_day", "impossible_time", "duplicate_items"} <= kinds
    for call in calls:
        with pytest.raises(CorrectionError):
            tool.normalise(call.args)


def test_every_new_rendering_is_read_as_meant_or_refused():
    tool, calls = _tool(), coverage("hallucinated", SCHEMA)
    new = {"int_dot_thousands", "num_decimal_comma", "datetime_for_date", "datetime_for_time",
           "datetime_offset_forms", "uuid_forms"}
    seen = set()
    for call in calls:
        (label,) = call.labels
        if label.family not in new:
            continue
        seen.add(label.family)
        assert label.ambiguous  # a careful reader may refuse these
        try:
            got = tool.normalise(call.args)
        except CorrectionError:
            continue
        assert _same(got[label.path], call.intended[label.path]), (label, got[label.path])
    assert seen == new - {"num_decimal_comma", "int_dot_thousands"} | (seen & {"num_decimal_comma", "int_dot_thousands"})


def _same(got, want):
    import datetime as dt

    if isinstance(want, str) and "T" in want:
        return dt.datetime.fromisoformat(got.replace("Z", "+00:00")) == dt.datetime.fromisoformat(want.replace("Z", "+00:00"))
    return got == want


@pytest.mark.parametrize(("value", "node", "expected"), [
    (1500, {"type": "integer"}, "1.500"),
    (1000, {"type": "integer"}, None),  # "1.000" also reads as the whole number 1
    (3.5, {"type": "number"}, "3,5"),
    (3.125, {"type": "number"}, None),  # "3,125" reads as thousands
])
def test_locale_separators_only_where_the_other_reading_is_impossible(value, node, expected):
    from pytest_aacl.strategies import all_renderings

    found = [r.rendered for r in all_renderings(value, node) if r.family in ("int_dot_thousands", "num_decimal_comma")]
    assert (found[:1] or [None])[0] == expected


#: one field of every type the catalogue partitions, each with every keyword its classes need
_EVERY_TYPE = {
    "string": {"type": "string", "minLength": 2, "maxLength": 10, "pattern": "^[a-z]+$"},
    "integer": {"type": "integer", "minimum": 1, "maximum": 50},
    "number": {"type": "number", "minimum": 0, "maximum": 10},
    "boolean": {"type": "boolean"},
    "enum": {"enum": ["dark_mode", "light_mode", "auto"]},
    "date": {"type": "string", "format": "date"},
    "time": {"type": "string", "format": "time"},
    "date-time": {"type": "string", "format": "date-time"},
    "email": {"type": "string", "format": "email"},
    "uri": {"type": "string", "format": "uri"},
    "hostname": {"type": "string", "format": "hostname"},
    "uuid": {"type": "string", "format": "uuid"},
    "ipv4": {"type": "string", "format": "ipv4"},
    "array": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 3, "uniqueItems": True},
    "object": {"type": "object", "properties": {"k": {"type": "integer"}}, "required": ["k"],
               "additionalProperties": False},
}


def test_every_invalid_class_of_the_catalogue_is_generated_for_its_type():
    """The catalogue is a claim: each invalid class it lists for a type is really sent."""
    fields = {name.replace("-", "_"): schema for name, schema in _EVERY_TYPE.items()}
    schema = {"type": "object", "properties": fields, "required": list(fields), "additionalProperties": False}
    sent: dict[str, set[str]] = {}
    for call in coverage("invalid", schema):
        for label in call.labels:
            path = str(label.path)
            # the field itself; for an object, also what is missing or extra inside it
            field = path.split(".")[0] if path.startswith("object.") else path
            sent.setdefault(field, set()).add(label.family)
    missing = [(c.type, c.label) for c in CATALOGUE if c.expect == "invalid" and c.type in _EVERY_TYPE
               and c.label not in sent.get(c.type.replace("-", "_"), set()) and c.label != "described_bound"]
    assert not missing, missing
    tool = boundary(lambda **kwargs: kwargs, schema=schema, name="every")
    for call in coverage("invalid", schema):
        with pytest.raises(CorrectionError):
            tool.normalise(call.args)


def test_a_bound_only_the_description_states_is_sent_just_outside_and_the_schema_still_allows_it():
    """"from 1 to 500" in prose, no maximum in the schema: 501 and 0 are sent as `described_bound`
    (the catalogue's class for integer, number, string and array), and they are valid by the
    schema, so the boundary passes them on: only the description rules them out."""
    schema = {"type": "object", "required": ["limit", "score", "title", "symbols"], "properties": {
        "limit": {"type": "integer", "description": "Maximum rows, from 1 to 500."},
        "score": {"type": "number", "description": "A score between 0 and 10."},
        "title": {"type": "string", "description": "The title, at most 60 characters."},
        "symbols": {"type": "array", "items": {"type": "string"}, "description": "One to 10 symbols."},
        "bounded": {"type": "integer", "maximum": 9, "description": "Up to 500 (the schema says 9)."},
    }}
    sent: dict[str, list[Any]] = {}
    for call in coverage("invalid", schema):
        for label in call.labels:
            if label.family == "described_bound":
                sent.setdefault(str(label.path), []).append(label.rendered)
    assert sorted(sent["limit"]) == [0, 501] and sorted(sent["score"]) == [-1, 11]
    assert [len(t) for t in sent["title"]] == [61]
    assert sorted(len(items) for items in sent["symbols"]) == [0, 11]
    assert len(set(max(sent["symbols"], key=len))) == 11  # distinct: a tool that drops repeats still sees 11
    assert "bounded" not in sent  # the schema states its own bound: that is out_of_bounds, not this
    types = {c.type for c in CATALOGUE if c.label == "described_bound"}
    assert types == {"integer", "number", "string", "array"}
    tool = boundary(lambda **kwargs: kwargs, schema=schema, name="described")
    for call in coverage("invalid", schema):
        if all(label.family == "described_bound" for label in call.labels):
            assert tool.normalise(call.args) is not None  # valid by the schema: the boundary passes it on


def test_a_layer_parsing_json_text_without_checking_what_it_holds_is_found():
    """The JSON text of a list is parsed, but its items (and the container's kind) go unchecked."""
    import json
    import types

    from pytest_aacl import fuzz

    backend = types.SimpleNamespace(call=lambda **kwargs: "ok")
    schema = {"type": "object", "properties": {
        "entity_ids": {"type": "array", "items": {"type": "string"}},
        "data": {"type": "object", "properties": {"level": {"type": "integer"}}}},
        "required": ["entity_ids", "data"], "additionalProperties": False}

    def call_service(entity_ids, data):
        if isinstance(entity_ids, str):
            entity_ids = json.loads(entity_ids)
        if not isinstance(entity_ids, list):
            raise ValueError("entity_ids must be a list")
        if isinstance(data, str):
            data = json.loads(data)
        if not isinstance(data, (dict, list)):  # forgets that a list is not an object
            raise ValueError("data must be a JSON object")
        return backend.call(entity_ids=entity_ids, data=data)

    report = fuzz(call_service, schema=schema, implementation=(backend, "call"), checks=["rejects_invalid"],
                  max_examples=100, seed=0)
    kinds = {(label["path"], label.get("kind", label.get("family"))) for f in report.findings for label in f.labels}
    assert ("entity_ids", "invalid_json_text") in kinds, report
    assert any(f.args.get("data") == [1, 2] for f in report.findings), report


def test_on_free_text_only_the_null_words_of_code_stand_for_null():
    """A project may be called "na" and a note may say "none": on a free-text field those are
    text, so they are not sent as null (mcp-server-tree-sitter's clear_cache(project='na'))."""
    from pytest_aacl.strategies import all_renderings

    free = [r.rendered for r in all_renderings(None, {"anyOf": [{"type": "string"}, {"type": "null"}]})]
    assert set(free) == {"null", "None", "NULL", " null ", "undefined"}
    typed = [r.rendered for r in all_renderings(None, {"anyOf": [{"type": "integer"}, {"type": "null"}]})]
    assert {"n/a", "na", ""} <= set(typed)


def test_a_string_fields_own_default_is_its_realistic_value():
    """mcp-text-editor's encoding (default "utf-8") refused every other word the fuzzer sent."""
    from pytest_aacl.strategies._base import base_value
    from pytest_aacl.strategies._schema import build

    assert base_value(build({"type": "string", "default": "utf-8"}), "encoding") == "utf-8"
    assert base_value(build({"type": "string", "default": "utf-8", "examples": ["latin-1"]}), "encoding") == "latin-1"


def _families(schema: dict, field: str) -> dict[str, list]:
    out: dict[str, list] = {}
    for call in coverage("hallucinated", {"type": "object", "properties": {field: schema}, "required": [field]}):
        for label in call.labels:
            out.setdefault(label.family, []).append(label.rendered)
    return out


def test_a_value_its_format_or_pattern_fixes_is_also_sent_quoted_and_padded() -> None:
    """A client encoding JSON twice sends '"2025-04-03T14:30:00Z"': only one reading means a
    date-time.  Free text gets neither (its quotes or spaces may be meant)."""
    for schema in ({"type": "string", "format": "date-time"}, {"type": "string", "format": "date"},
                   {"type": "string", "pattern": "^[0-9]{4}\\.[0-9]{4,5}$"}):
        found = _families(schema, "v")
        assert found["quoted_scalar"][0][0] in "'\"" and found["string_format_padded"][0].strip() != found[
            "string_format_padded"][0], (schema, found)
    free = _families({"type": "string"}, "v")
    assert "quoted_scalar" not in free and "string_format_padded" not in free
    loose = _families({"type": "string", "pattern": "^.+$"}, "v")  # the quoted text matches too
    assert "quoted_scalar" not in loose


def test_every_other_json_type_is_sent_where_no_reading_can_rescue_it() -> None:
    """The type-confusion partition: a list of objects is sent an object, a boolean and a
    number, and their JSON text; a list of strings is sent no text (any text is one item)."""
    objects = {"type": "array", "items": {"type": "object", "required": ["a"], "properties": {"a": {"type": "integer"}}}}
    sent = [c.labels[0] for c in coverage("invalid", {"type": "object", "properties": {"r": objects}})
            if c.labels[0].path == "r"]
    changes = [m.rendered for m in sent if m.family == "type_change"]
    texts = [m.rendered for m in sent if m.family == "invalid_json_text"]
    assert {type(v).__name__ for v in changes} >= {"dict", "bool", "int"}
    assert {"42", "true"} <= set(texts)
    strings = {"type": "array", "items": {"type": "string"}}
    sent = [c.labels[0] for c in coverage("invalid", {"type": "object", "properties": {"r": strings}})
            if c.labels[0].path == "r"]
    assert not [m for m in sent if m.family == "invalid_json_text" and not m.rendered.startswith("[")]
    assert not [m for m in sent if m.family == "type_change" and isinstance(m.rendered, (str, int))]


def test_both_truth_values_are_rendered_in_every_family() -> None:
    """A reader that takes every word it does not know for false passes every rendering of
    false: each family is sent for true as well."""
    found = _families({"type": "boolean"}, "flag")
    for family in ("bool_string", "bool_words", "bool_padded", "quoted_scalar"):
        meant = {str(r).strip().strip("'\"").lower() for r in found[family]}
        assert len(found[family]) == 2 and len(meant) == 2, (family, found[family])


def test_a_range_its_names_imply_is_sent_reversed_and_only_that():
    """`end_date` a day before `start_date`, `max_price` below `min_price`: valid by the schema,
    labelled `reversed_range` on the closing field; unrelated names are left alone."""
    from pytest_aacl._ranges import range_pairs

    schema = {"type": "object", "required": ["start_date", "end_date"], "properties": {
        "start_date": {"type": "string", "format": "date"}, "end_date": {"type": "string", "format": "date"},
        "min_price": {"type": "number"}, "max_price": {"type": "number"},
        "limit": {"type": "integer"}, "to_address": {"type": "string"},
    }}
    reversed_ = {str(label.path): (label.original, label.rendered, call.args)
                 for call in coverage("invalid", schema) for label in call.labels if label.family == "reversed_range"}
    assert set(reversed_) == {"end_date", "max_price"}
    _, end, args = reversed_["end_date"]
    assert end < args["start_date"] and len(end) == 10  # an ISO date, a day earlier
    assert reversed_["max_price"][1] < reversed_["max_price"][2]["min_price"]
    assert range_pairs(["from", "to", "startTime", "endTime", "created_after", "created_before", "limit", "to_address"]) \
        == [("from", "to"), ("startTime", "endTime"), ("created_after", "created_before")]


def test_a_range_its_names_imply_is_also_sent_empty_as_a_valid_call():
    """`end_date` equal to `start_date`: a conforming call labelled `canonical:object.equal_range`
    on the closing field (a tool refusing the degenerate range refuses a valid call)."""
    schema = {"type": "object", "required": ["start_date", "end_date"], "properties": {
        "start_date": {"type": "string", "format": "date"}, "end_date": {"type": "string", "format": "date"},
        "limit": {"type": "integer"}}}
    equal = [call for call in coverage("conforming", schema)
             if [label.family for label in getattr(call, "labels", ())] == ["canonical:object.equal_range"]]
    assert len(equal) == 1 and equal[0]["end_date"] == equal[0]["start_date"], equal


@pytest.mark.parametrize(("description", "kind", "bounds"), [
    ("Maximum price rows returned per symbol, from 1 to 500.", "integer", {"minimum": 1, "maximum": 500}),
    ("Number of results (default 10, max 100)", "integer", {"maximum": 100}),
    ("page size between 1 and 1,000", "integer", {"minimum": 1, "maximum": 1000}),
    ("Title, at most 60 characters.", "string", {"maxLength": 60}),
    ("One to 10 Yahoo Finance symbols to analyze.", "array", {"minItems": 1, "maxItems": 10}),
    ("Inclusive start date in YYYY-MM-DD format.", "string", {}),
    ("Events between 2024-01-31 and 2024-02-01", "integer", {}),  # dates are not a range of numbers
    ("Up to 60 seconds", "string", {}),  # a string's bound is a count of characters, nothing else
    # seen on real servers (session 30): a sign rule is not a count of items
    ("Cash flows; need at least one + and one -", "array", {}),
])
def test_what_a_description_states_as_a_bound(description: str, kind: str, bounds: dict[str, int]) -> None:
    from pytest_aacl.strategies._described import described_bounds

    assert described_bounds(description, kind) == bounds


def test_a_bound_the_schema_states_itself_is_not_read_from_the_description() -> None:
    """clinical-calc-mcp: "from >0 to 100" with exclusiveMinimum 0 in the schema: -1 would be
    schema-invalid, so it is never sent as a described bound (only 101 is)."""
    schema = {"type": "object", "required": ["tbsa"], "properties": {
        "tbsa": {"type": "number", "exclusiveMinimum": 0, "description": "Burned area, from >0 to 100 percent."}}}
    sent = [label.rendered for call in coverage("invalid", schema) for label in call.labels
            if label.family == "described_bound"]
    assert sent == [101]


def test_a_free_form_objects_numbers_and_booleans_are_also_sent_as_text() -> None:
    """Trial 13: loadbench-mcp's check_tipping crashed on {"mass": "5", "x": "0.5"} (numbers as
    text, as a model writes them), and the fuzzer never varied values inside a given object."""
    schema = {"type": "object", "properties": {"masses": {"type": "array", "items": {"type": "object"},
                                                          "examples": [[{"mass": 5, "x": 0.5, "fixed": True}]]}}}
    sent = [call["masses"] for call in coverage("conforming", schema)
            if any(label.family == "canonical:object.values_as_text" for label in getattr(call, "labels", ()))]
    assert sent == [[{"mass": "5", "x": "0.5", "fixed": "true"}]], sent


def test_numbers_as_text_in_a_free_form_object_are_judged_by_crashes_alone() -> None:
    """A crash on them is a defect; reading "0.5" as 0.5 on the way, or passing it on, is not."""
    from pytest_aacl import fuzz

    masses = [{"mass": 5, "x": 0.5}]

    def moment(items: list[dict[str, Any]]) -> float:
        if not isinstance(items, list) or not items or not all(isinstance(m, dict) and set(m) == {"mass", "x"}
                                                                and None not in m.values() for m in items):
            raise ValueError("items: give a non-empty list of {\"mass\": kg, \"x\": metres}")
        total = sum(m["mass"] for m in items)  # 0 + "5": the crash
        if not total:
            raise ValueError("items: the total mass is 0")
        return sum(m["mass"] * m["x"] for m in items) / total

    crashed = fuzz(moment, checks=["total"], max_examples=40, seed=0, values={"items": masses})
    assert any(f.family == "canonical:object.values_as_text" for f in crashed.findings), str(crashed)

    read = fuzz(read_numbers, implementation=(sys.modules[__name__], "store"), checks=["total", "identity_on_canonical"],
                max_examples=40, seed=0, values={"items": masses})
    assert read.calls["read_numbers"].reached > 0
    assert not [f for f in read.findings if f.family == "canonical:object.values_as_text"], str(read)


def store(items: list[dict[str, Any]]) -> int:
    return len(items)


def read_numbers(items: list[dict[str, Any]]) -> int:
    """A layer that normalises what it can: "0.5" in a free-form object is read as 0.5."""
    if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
        raise ValueError("items: give a list of objects")
    cleaned = [{k: float(v) if isinstance(v, str) and v.replace(".", "", 1).isdigit() else v
                for k, v in item.items()} for item in items]
    return store(cleaned)


def test_the_numbers_inside_a_structured_string_are_sent_huge_and_zero() -> None:
    """Trials 13 and 14: mcp-rpn hung on "9 99999999 **" and mcp-molecules on "C100000000000":
    a count written in text, used without a bound.  Never for numeric text itself."""
    schema = {"type": "object", "properties": {
        "expression": {"type": "string", "description": "An RPN expression, e.g. '3 4 +'"},
        "zip": {"type": "string", "examples": ["94102"]}}}
    sent = {call["expression"] if label.path.endswith("expression") else call["zip"]
            for call in coverage("conforming", schema) for label in getattr(call, "labels", ())
            if label.family == "canonical:string.embedded_numbers"}
    assert {"100000000000 4 +", "3 100000000000 +", "0 0 +"} <= sent and "100000000000" not in sent, sent


def test_a_hang_on_a_huge_number_inside_text_is_found() -> None:
    from pytest_aacl import fuzz

    def evaluate(expression: str) -> str:
        """Evaluate an expression in reverse Polish notation.

        Args:
            expression: tokens separated by blanks, e.g. '3 4 +' or '2 10 **'.
        """
        if not isinstance(expression, str):
            raise ValueError("expression: a text, e.g. '3 4 +'")
        stack: list[int] = []
        for token in expression.split():
            if token.isdigit():
                stack.append(int(token))
            elif token in ("+", "**") and len(stack) >= 2:
                b, a = stack.pop(), stack.pop()
                stack.append(a + b if token == "+" else a ** b)
            else:
                raise ValueError(f"expression: unknown token {token!r}; write e.g. '3 4 +'")
        if len(stack) != 1:
            raise ValueError("expression: leaves more than one number; write e.g. '3 4 +'")
        return str(stack[0])[:50]

    report = fuzz(evaluate, checks=["total"], seed=0, timeout=2)
    assert any(f.outcome in ("timeout", "escaped") and "100000000000" in f.call for f in report.findings), str(report)
