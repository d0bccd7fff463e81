"""Arrays, objects, unions and `$ref`s: nested, per-field normalisation with all problems collected."""

from __future__ import annotations

from typing import Any

import pytest

from pytest_aacl import CorrectionError, boundary


def tool_for(properties: dict[str, Any], required: list[str] | None = None, **extra: Any) -> Any:
    schema = {"type": "object", "properties": properties, "additionalProperties": False, **extra}
    if required:
        schema["required"] = required
    return boundary(lambda **kw: kw, schema=schema, name="t", debug=True)


def field(schema: dict[str, Any]) -> Any:
    tool = tool_for({"x": schema}, ["x"])

    def read(value: Any) -> Any:
        try:
            return tool.normalise({"x": value})["x"]
        except CorrectionError as error:
            return error.codes

    return read


STRINGS = field({"type": "array", "items": {"type": "string"}})
HOSTS = field({"type": "array", "items": {"type": "string", "format": "hostname"}})
INTS = field({"type": "array", "items": {"type": "integer"}})


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (["a", "b"], ["a", "b"]),
        (("a", "b"), ["a", "b"]),
        ('["a", "b"]', ["a", "b"]),
        ("['a', 'b']", ["a", "b"]),
        ("a, b", ["a", "b"]),
        ("a;b;", ["a", "b"]),
        ("a\nb", ["a", "b"]),
        ("- a\n- b", ["a", "b"]),
        ("hello world", ["hello world"]),
        (" lone ", [" lone "]),
        (5, ["5"]),
        ("```json\n[\"a\"]\n```", ["a"]),
    ],
)
def test_string_lists(text: Any, value: list[str]) -> None:
    assert STRINGS(text) == value


def test_whitespace_and_and_split_only_when_items_cannot_hold_spaces() -> None:
    assert HOSTS("a.com b.com") == ["a.com", "b.com"]
    assert HOSTS("a.com, b.com and c.org") == ["a.com", "b.com", "c.org"]
    assert STRINGS("salt and pepper") == ["salt and pepper"]
    assert INTS("1 2 3") == [1, 2, 3]
    assert field({"type": "array", "items": {"enum": ["red", "green"]}})("Red and GREEN") == ["red", "green"]


def test_space_free_patterns_allow_whitespace_splitting() -> None:
    codes = field({"type": "array", "items": {"type": "string", "pattern": "^[A-Z]{3}$"}})
    assert codes("USD EUR and GBP") == ["USD", "EUR", "GBP"]
    loose = field({"type": "array", "items": {"type": "string", "pattern": "^[A-Za-z ]+$"}})
    assert loose("New York") == ["New York"]


def test_numeric_list_text_that_is_also_one_number_is_ambiguous() -> None:
    assert INTS("1,000") == ("AMBIGUOUS_VALUE",)
    assert INTS("100 200") == ("AMBIGUOUS_VALUE",)
    assert field({"type": "array", "items": {"type": "number"}})("3,5") == ("AMBIGUOUS_VALUE",)
    assert INTS("1, 000") == [1, 0]
    assert INTS("[1,000]") == [1, 0]  # JSON is unambiguous


def test_items_are_normalised_and_errors_carry_the_index() -> None:
    tool = tool_for({"tags": {"type": "array", "items": {"type": "integer"}}}, ["tags"])
    assert tool.normalise({"tags": ["1", 2.0, "three"]}) == {"tags": [1, 2, 3]}
    with pytest.raises(CorrectionError) as info:
        tool.normalise({"tags": ["1", "x", None, "y"]})
    assert [(c.code, c.path) for c in info.value.corrections] == [("TYPE_ERROR", "tags[1]"), ("TYPE_ERROR", "tags[2]"), ("TYPE_ERROR", "tags[3]")]


def test_array_bounds_and_uniqueness() -> None:
    read = field({"type": "array", "items": {"type": "integer"}, "minItems": 1, "maxItems": 2, "uniqueItems": True})
    assert read([]) == ("TOO_SHORT",)
    assert read([1, 2, 3]) == ("TOO_LONG",)
    assert read(["1", 1.0]) == ("DUPLICATE_ITEMS",)
    assert read("2") == [2]


def test_prefix_items_tuples() -> None:
    read = field({"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}], "items": False, "minItems": 2, "maxItems": 2})
    assert read(["1", "a"]) == [1, "a"]
    assert read([1, "a", "extra"]) == ("TOO_LONG",)
    assert read("1, a") == [1, "a"]


NESTED = {
    "filters": {
        "type": "object",
        "properties": {
            "tags": {"type": "array", "items": {"type": "string", "enum": ["news", "blog"]}},
            "max_age_days": {"type": "integer", "minimum": 0},
        },
        "required": ["tags"],
        "additionalProperties": False,
    }
}


def test_nested_objects_from_json_text_and_code_fences() -> None:
    tool = tool_for(NESTED, ["filters"])
    expected = {"filters": {"tags": ["news"], "max_age_days": 3}}
    assert tool.normalise({"filters": '{"tags": "NEWS", "max_age_days": "3"}'}) == expected
    assert tool.normalise({"filters": "```json\n{\"tags\": [\"news\"], \"maxAgeDays\": 3}\n```"}) == expected
    assert tool.normalise({"filters": "{'tags': ['news'], 'max-age-days': 3}"}) == expected


def test_all_problems_of_a_call_are_collected_with_nested_paths() -> None:
    tool = tool_for({**NESTED, "q": {"type": "string"}}, ["filters", "q"])
    with pytest.raises(CorrectionError) as info:
        tool.normalise({"filters": {"tags": ["news", "blgo"], "max_age_days": -1, "colour": 1}, "extra": True})
    found = {(c.code, c.path) for c in info.value.corrections}
    assert found == {
        ("INVALID_ENUM", "filters.tags[1]"), ("OUT_OF_RANGE", "filters.max_age_days"),
        ("UNEXPECTED_FIELD", "filters.colour"), ("UNEXPECTED_FIELD", "extra"), ("MISSING_REQUIRED", "q"),
    }
    blog = next(c for c in info.value.corrections if c.code == "INVALID_ENUM")
    assert blog.hint is not None and '"blog"' in blog.hint


def test_unexpected_field_suggests_the_closest_key() -> None:
    tool = tool_for({"max_results": {"type": "integer"}})
    with pytest.raises(CorrectionError) as info:
        tool.normalise({"max_result": 3})
    (correction,) = info.value.corrections
    assert correction.code == "UNEXPECTED_FIELD" and correction.hint is not None
    assert correction.hint == 'Did you mean "max_results"? Use one of the expected keys.'


def test_key_aliases_map_only_when_unambiguous() -> None:
    tool = tool_for({"max_results": {"type": "integer"}, "safe_search": {"type": "boolean"}})
    assert tool.normalise({"maxResults": 2, "Safe-Search": "yes"}) == {"max_results": 2, "safe_search": True}
    with pytest.raises(CorrectionError) as info:
        tool.normalise({"maxResults": 2, "max_results": 3})
    assert info.value.codes == ("AMBIGUOUS_VALUE",)
    clash = tool_for({"a_b": {"type": "integer"}, "aB": {"type": "integer"}})
    with pytest.raises(CorrectionError):
        clash.normalise({"a-b": 1})


def test_free_form_objects_accept_json_values_only() -> None:
    tool = boundary(lambda **kw: kw, schema={"type": "object", "properties": {"meta": {"type": "object"}}}, name="t")
    assert tool.normalise({"meta": {"a": [1, {"b": None}]}, "other": "kept"}) == {"meta": {"a": [1, {"b": None}]}, "other": "kept"}
    with pytest.raises(CorrectionError):
        tool.normalise({"meta": {"a": object()}})
    with pytest.raises(CorrectionError):
        tool.normalise({"meta": {"a": float("nan")}})


def test_additional_properties_schema_and_pattern_properties() -> None:
    tool = boundary(lambda **kw: kw, schema={"type": "object", "patternProperties": {"^n_": {"type": "integer"}}, "additionalProperties": {"type": "boolean"}}, name="t", debug=True)
    assert tool.normalise({"n_a": "5", "flag": "yes"}) == {"n_a": 5, "flag": True}


def test_unions_pass_valid_values_and_refuse_to_guess() -> None:
    read = field({"anyOf": [{"type": "string"}, {"type": "integer"}]})
    assert read("5") == "5"
    assert read(5) == 5
    assert read(5.0) == 5  # 5.0 is the JSON integer 5: valid for the integer branch as sent
    int_or_bool = field({"type": ["integer", "boolean"]})
    assert int_or_bool("yes") is True
    assert int_or_bool("7") == 7
    assert int_or_bool("1") == ("AMBIGUOUS_VALUE",)


def test_nullable_ref_and_recursive_ref() -> None:
    schema = {
        "type": "object",
        "properties": {"tree": {"anyOf": [{"$ref": "#/$defs/Node"}, {"type": "null"}]}},
        "$defs": {"Node": {"type": "object", "properties": {"v": {"type": "integer"}, "kids": {"type": "array", "items": {"$ref": "#/$defs/Node"}}}, "required": ["v"], "additionalProperties": False}},
    }
    tool = boundary(lambda **kw: kw, schema=schema, name="t", debug=True)
    assert tool.normalise({"tree": {"v": "1", "kids": [{"v": 2, "kids": []}]}}) == {"tree": {"v": 1, "kids": [{"v": 2, "kids": []}]}}
    assert tool.normalise({"tree": "null"}) == {"tree": None}
    deep: dict[str, Any] = {"v": 0}
    for _ in range(200):
        deep = {"v": 0, "kids": [deep]}
    with pytest.raises(CorrectionError) as info:
        tool.normalise({"tree": deep})
    assert "TOO_DEEP" in info.value.codes


def test_canonical_containers_pass_through_as_the_same_objects() -> None:
    tool = tool_for({**NESTED, "ids": {"type": "array", "items": {"type": "integer"}}}, ["filters"])
    args = {"filters": {"tags": ["news"], "max_age_days": 1}, "ids": [1, 2]}
    out = tool.normalise(args)
    assert out is args and out["filters"] is args["filters"] and out["ids"] is args["ids"]


def test_input_is_never_mutated() -> None:
    tool = tool_for({**NESTED, "ids": {"type": "array", "items": {"type": "integer"}}}, ["filters"])
    args = {"filters": {"tags": ["NEWS"], "maxAgeDays": "1"}, "ids": ["1", "2"]}
    snapshot = repr(args)
    assert tool.normalise(args) == {"filters": {"tags": ["news"], "max_age_days": 1}, "ids": [1, 2]}
    assert repr(args) == snapshot


def test_object_size_and_dependent_required() -> None:
    read = field({"type": "object", "properties": {"card": {"type": "string"}, "cvc": {"type": "string"}}, "minProperties": 1, "maxProperties": 2, "dependentRequired": {"card": ["cvc"]}})
    assert read({"card": "4242", "cvc": "123"}) == {"card": "4242", "cvc": "123"}
    assert read({}) == ("TOO_SHORT",)
    assert read({"card": "4242"}) == ("MISSING_REQUIRED",)
    with_extra = field({"type": "object", "maxProperties": 1})
    assert with_extra({"a": 1, "b": 2}) == ("TOO_LONG",)


@pytest.mark.parametrize("text", ['["a.com", "b.com"', "['a.com', 'b.com'", "[a.com, b.com"])
def test_a_list_cut_short_is_a_correction_not_items_with_brackets(text: str) -> None:
    # before: '["a.com", "b.com"' reached the implementation as ['["a.com"', 'b.com']
    assert STRINGS(text) == ("TYPE_ERROR",)
    assert INTS("[1, 2") == ("TYPE_ERROR",)
    assert STRINGS("[a.com, b.com]") == ["a.com", "b.com"]
    assert STRINGS("data['sales']") == ["data['sales']"]  # a bracket inside a scalar is text
