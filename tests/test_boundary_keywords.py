"""Every keyword the boundary accepts is enforced with JSON Schema's semantics.

A keyword without `type` applies to the instance's JSON type only (a list is not checked
by `maxLength`), `oneOf` means exactly one branch, `allOf` means all of them; values are
normalised only where a `type` says what the model meant.
"""

from __future__ import annotations

from typing import Any

import pytest

from pytest_aacl import CorrectionError, boundary


def tool(schema: Any, **defs: Any) -> Any:
    root: dict[str, Any] = {"type": "object", "properties": {"v": schema}, "required": ["v"]}
    if defs:
        root["$defs"] = defs
    return boundary(lambda v: v, schema=root, name="t")


def codes(call: Any) -> list[tuple[str, str]]:
    with pytest.raises(CorrectionError) as info:
        call()
    return [(c.code, c.path) for c in info.value.corrections]


@pytest.mark.parametrize(
    ("schema", "bad", "code"),
    [
        ({"maxLength": 2}, "foo", "TOO_LONG"),
        ({"minItems": 1}, [], "TOO_SHORT"),
        ({"maximum": 3.0}, 3.5, "OUT_OF_RANGE"),
        ({"exclusiveMaximum": 3.0}, 3.0, "OUT_OF_RANGE"),
        ({"multipleOf": 2}, 7, "NOT_MULTIPLE"),
        ({"maxProperties": 2}, {"a": 1, "b": 2, "c": 3}, "TOO_LONG"),
        ({"uniqueItems": True}, [1, 1.0], "DUPLICATE_ITEMS"),
        ({"dependentRequired": {"a": ["b"]}}, {"a": 1}, "MISSING_REQUIRED"),
        ({"patternProperties": {"^x": {"type": "integer"}}}, {"xa": "word"}, "TYPE_ERROR"),
        ({"pattern": "^a"}, "banana", "PATTERN_MISMATCH"),
    ],
)
def test_keywords_without_type_are_enforced(schema: dict[str, Any], bad: Any, code: str) -> None:
    assert codes(lambda: tool(schema)(v=bad))[0][0] == code


@pytest.mark.parametrize(
    ("schema", "other"),
    [
        ({"maxLength": 2}, [1, 2, 3]),
        ({"minimum": 3}, "1"),
        ({"required": ["a"]}, [1]),
        ({"properties": {"a": {"type": "integer"}}, "additionalProperties": False}, [1, 2, 3]),
        ({"items": {"type": "integer"}}, '["x"]'),
        ({"format": "date"}, 12),
        ({"format": "hostname"}, None),
    ],
)
def test_keywords_without_type_ignore_other_types(schema: dict[str, Any], other: Any) -> None:
    assert tool(schema)(v=other) == other


def test_a_typeless_required_names_the_missing_key_at_depth() -> None:
    t = tool({"type": "array", "items": {"required": ["name"]}})
    assert codes(lambda: t(v=[{"name": 1}, {}])) == [("MISSING_REQUIRED", "v[1].name")]


def test_normalisation_happens_where_a_type_says_what_is_meant() -> None:
    assert tool({"type": "boolean"})(v="yes") is True
    assert tool({"type": "integer", "minimum": 3})(v="5") == 5
    assert tool({"minimum": 3})(v="5") == "5"  # no type: a string is a valid instance as is
    assert tool({"allOf": [{"type": "integer"}, {"minimum": 3}]})(v="5") == 5


def test_all_of_applies_every_part() -> None:
    t = tool({"allOf": [{"type": "string"}, {"minLength": 2}, {"pattern": "b"}]})
    assert t(v="ab") == "ab"
    assert codes(lambda: t(v="a"))[0][0] == "TOO_SHORT"
    assert codes(lambda: t(v="aa"))[0][0] == "PATTERN_MISMATCH"


def test_one_of_means_exactly_one() -> None:
    t = tool({"oneOf": [{"type": "integer"}, {"minimum": 2}]})
    assert t(v=1) == 1
    assert t(v=2.5) == 2.5
    assert codes(lambda: t(v=3)) == [("AMBIGUOUS_VALUE", "v")]  # both branches accept it


def test_a_normalisation_that_makes_two_one_of_branches_match_is_a_correction() -> None:
    t = tool({"oneOf": [{"type": "integer"}, {"type": "number", "minimum": 0}]})
    assert t(v=-1) == -1
    assert t(v=0.5) == 0.5
    assert codes(lambda: t(v="5")) == [("AMBIGUOUS_VALUE", "v")]  # 5 would match both


def test_one_of_still_reads_messy_values_that_fit_one_branch() -> None:
    t = tool({"oneOf": [{"type": "boolean"}, {"type": "array", "items": {"type": "integer"}}]})
    assert t(v="yes") is True
    assert t(v="[1, 2]") == [1, 2]


def test_any_of_mixing_typed_and_untyped_branches() -> None:
    t = tool({"anyOf": [{"type": "integer"}, {"minimum": 2}]})
    assert t(v=2.5) == 2.5
    assert t(v="text") == "text"  # the untyped branch accepts any string
    # 1.5 fits neither branch (not an integer; below the other branch's minimum 2)
    assert codes(lambda: t(v=1.5)) == [("OUT_OF_RANGE", "v")]


def test_keywords_apply_through_refs_and_siblings() -> None:
    t = tool({"type": "array", "items": {"$ref": "#/$defs/Short"}, "maxItems": 2}, Short={"maxLength": 2})
    assert t(v=["ab", 1]) == ["ab", 1]
    assert codes(lambda: t(v=["abc"])) == [("TOO_LONG", "v[0]")]
    u = tool({"type": "string", "anyOf": [{"minLength": 3}, {"pattern": "^x"}]})
    assert u(v="xy") == "xy"
    assert codes(lambda: u(v="ab"))[0][0] == "TYPE_ERROR"


def test_pattern_properties_apply_to_declared_properties_too() -> None:
    t = tool({"type": "object", "properties": {"xa": {"type": "string"}}, "patternProperties": {"^x": {"maxLength": 2}}})
    assert t(v={"xa": "ok"}) == {"xa": "ok"}
    assert codes(lambda: t(v={"xa": "long"})) == [("TOO_LONG", "v.xa")]


def test_one_of_branches_that_cannot_overlap_keep_the_union_fast_path() -> None:
    from pytest_aacl._normalise._applicators import disjoint

    root = {"$defs": {"Cat": {"type": "object", "properties": {"kind": {"const": "cat"}}, "required": ["kind"]},
                      "Dog": {"type": "object", "properties": {"kind": {"enum": ["dog"]}}, "required": ["kind"]}}}
    assert disjoint(root, [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Dog"}])
    assert disjoint(root, [{"type": "string"}, {"type": ["integer", "null"]}])
    assert not disjoint(root, [{"type": "integer"}, {"type": "number"}])  # 1 is both
    assert not disjoint(root, [{"type": "string"}, {"maxLength": 2}])
    pets = tool({"oneOf": [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Dog"}]}, **root["$defs"])
    assert pets(v={"kind": "dog"}) == {"kind": "dog"}
    assert codes(lambda: pets(v={"kind": "cow"}))[0][0] == "TYPE_ERROR"


def test_without_type_keys_are_kept_as_sent() -> None:
    loose = tool({"properties": {"max_results": {"type": "integer"}}})
    assert loose(v={"maxResults": "x"}) == {"maxResults": "x"}  # another key: valid as sent
    typed = tool({"type": "object", "properties": {"max_results": {"type": "integer"}}, "additionalProperties": False})
    assert typed(v={"maxResults": "3"}) == {"max_results": 3}  # a typed object reads the spelling


def test_an_integral_float_is_a_valid_integer_in_a_type_union() -> None:
    assert tool({"type": ["integer", "string"]})(v=1e10) == 10_000_000_000


def test_without_type_an_empty_string_is_not_a_null() -> None:
    assert codes(lambda: tool({"format": "hostname"})(v="")) == [("INVALID_FORMAT", "v")]


def test_a_recursive_ref_to_a_typeless_root_keeps_the_schema_as_written() -> None:
    schema = {"properties": {"foo": {"$ref": "#"}}, "additionalProperties": False}
    echo = boundary(lambda **kw: kw, schema=schema, name="t")
    assert echo(foo={"foo": ["any", "value"]}) == {"foo": {"foo": ["any", "value"]}}
    assert codes(lambda: echo(foo={"bar": 1})) == [("UNEXPECTED_FIELD", "foo.bar")]


def test_a_value_valid_as_sent_is_not_ambiguous_when_only_number_spelling_differs() -> None:
    t = tool({"anyOf": [{"properties": {"bar": {"type": "integer"}}, "required": ["bar"]},
                        {"properties": {"foo": {"type": "string"}}, "required": ["foo"]}]})
    assert t(v={"foo": 1.5, "bar": 2.0}) == {"foo": 1.5, "bar": 2}


def test_any_of_with_an_accept_anything_branch_passes_text_as_sent() -> None:
    assert tool({"anyOf": [{}, {"type": "null"}]})(v="") == ""
    assert tool({"anyOf": [{"type": "string"}, {"type": "null"}]})(v="null") is None  # typed: a null word
    assert codes(lambda: tool({"anyOf": [{"format": "date"}, {"type": "null"}]})(v="soon"))[0][0] == "INVALID_DATE"
