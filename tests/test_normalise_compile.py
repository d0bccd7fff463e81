"""Schema problems fail at decoration time with `SpecError` naming the JSON pointer."""

from __future__ import annotations

from typing import Any

import pytest

from pytest_aacl import SpecError, boundary


def build(properties: dict[str, Any], **extra: Any) -> Any:
    return boundary(lambda **kw: kw, schema={"type": "object", "properties": properties, **extra}, name="t")


@pytest.mark.parametrize(
    ("prop", "pointer", "words"),
    [
        ({"not": {"type": "string"}}, "/properties/x/not", "not supported"),
        ({"type": "string", "if": {}, "then": {}}, "/properties/x/if", "not supported"),
        ({"type": "array", "contains": {"type": "integer"}}, "/properties/x/contains", "not supported"),
        ({"$ref": "#/$defs/Missing"}, "/properties/x/$ref", "#/$defs/Missing"),
        ({"type": "string", "pattern": "(unclosed"}, "/properties/x/pattern", "regular expression"),
        ({"allOf": []}, "/properties/x/allOf", "should be non-empty"),
        ({"$dynamicRef": "#meta"}, "/properties/x/$dynamicRef", "not supported"),
        ({"type": "object", "enum": [{}], "properties": {"a": {"not": {}}}}, "/properties/x/properties/a/not", "not supported"),
        ({"type": "string", "x-aacl-synonyms": {"a": ["b"]}}, "/properties/x/x-aacl-synonyms", "only next to an enum"),
        ({"$ref": "https://example.com/s.json"}, "/properties/x/$ref", "remote $ref"),
        ({"enum": ["a"], "x-aacl-synonyms": {"b": ["c"]}}, "/properties/x/x-aacl-synonyms", "not one of the allowed values"),
        ({"enum": ["a", "b"], "x-aacl-synonyms": {"a": ["B"]}}, "/properties/x/x-aacl-synonyms/a", "itself an allowed value"),
        # before: "x" silently became whichever value was declared first
        ({"enum": ["a", "b"], "x-aacl-synonyms": {"a": ["x"], "b": [" X"]}}, "/properties/x/x-aacl-synonyms/b", "declared for both 'a' and 'b'"),
        ({"type": "string", "format": "date", "x-aacl-date-order": "XYZ"}, "/properties/x/x-aacl-date-order", "pass 'DMY' (day first)"),
    ],
)
def test_unsupported_or_broken_schemas_name_the_pointer(prop: dict[str, Any], pointer: str, words: str) -> None:
    with pytest.raises(SpecError) as info:
        build({"x": prop})
    assert info.value.pointer == pointer
    assert words in str(info.value)


def test_an_unsatisfiable_required_list_is_refused() -> None:
    with pytest.raises(SpecError, match="additionalProperties") as info:
        build({"a": {"type": "string"}}, required=["b"], additionalProperties=False)
    assert info.value.pointer.startswith("/required")


def test_bad_options_say_what_to_pass_instead() -> None:
    def impl(depth: str, level: int = 1) -> None: ...

    with pytest.raises(SpecError, match="pass 'DMY' \\(day first\\), 'MDY'"):
        boundary(impl, date_order="XYZ")
    with pytest.raises(SpecError, match="'reject'"):
        boundary(impl, naive_datetime="local")
    with pytest.raises(SpecError, match="does not have; the fields are \\['depth', 'level'\\]"):
        boundary(impl, synonyms={"dept": {"a": ["b"]}})
    with pytest.raises(SpecError, match="not an enum field"):
        boundary(impl, synonyms={"level": {"a": ["b"]}})


def test_recursive_and_annotated_schemas_compile() -> None:
    tool = build(
        {"node": {"$ref": "#/$defs/N"}, "any": {}, "anything": True, "described": {"description": "free"}},
        **{"$defs": {"N": {"type": "object", "properties": {"next": {"anyOf": [{"$ref": "#/$defs/N"}, {"type": "null"}]}}}}},
    )
    assert tool.normalise({"node": {"next": {"next": None}}, "any": [1], "anything": "x", "described": {"k": 1}})["node"] == {"next": {"next": None}}


def test_draft07_schemas_are_canonicalised_first() -> None:
    schema = {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "properties": {"when": {"$ref": "#/definitions/Day"}, "pair": {"type": "array", "items": [{"type": "integer"}, {"type": "string"}], "additionalItems": False}},
        "definitions": {"Day": {"type": "string", "format": "date"}},
    }
    tool = boundary(lambda **kw: kw, schema=schema, name="t", debug=True)
    assert tool.normalise({"when": "April 3, 2025", "pair": ["1", "a"]}) == {"when": "2025-04-03", "pair": [1, "a"]}
