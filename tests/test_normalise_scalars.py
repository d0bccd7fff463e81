"""The normalisation table for scalars: booleans, integers, numbers, null, strings, enums."""

from __future__ import annotations

import math
from typing import Any

import pytest

from pytest_aacl import CorrectionError, boundary


def field(schema: dict[str, Any], *, required: bool = True) -> Any:
    """A one-field tool `x` with this schema; returns `read(value)` -> normalised x or codes."""
    params = {"type": "object", "properties": {"x": schema}, "additionalProperties": False}
    if required:
        params["required"] = ["x"]
    tool = boundary(lambda **kw: kw, schema=params, name="t", debug=True)

    def read(value: Any) -> Any:
        try:
            return tool.normalise({"x": value}).get("x", "<absent>")
        except CorrectionError as error:
            return error.codes

    return read


BOOL = field({"type": "boolean"})


@pytest.mark.parametrize("text", ["true", "TRUE", "Yes", "y", "on", "t", "1", " true ", '"true"', "'YES'", 1, 1.0, True])
def test_boolean_true_spellings(text: Any) -> None:
    assert BOOL(text) is True


@pytest.mark.parametrize("text", ["false", "No", "N", "off", "F", "0", "\tfalse\n", 0, 0.0, False])
def test_boolean_false_spellings(text: Any) -> None:
    assert BOOL(text) is False


@pytest.mark.parametrize("text", ["ture", "maybe", 2, -1, 0.5, "yes please", [], {}, "١"])
def test_boolean_never_guesses(text: Any) -> None:
    assert BOOL(text) == ("TYPE_ERROR",)


def test_an_empty_string_for_a_required_boolean_is_missing() -> None:
    assert BOOL("") == ("MISSING_REQUIRED",)


INT = field({"type": "integer"})


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (5, 5), (5.0, 5), ("5", 5), (" 05 ", 5), ("+5", 5), ("-7", -7), ('"5"', 5), ("5.0", 5),
        ("1e3", 1000), ("1,000", 1000), ("1 000", 1000), ("1_000", 1000), ("1,000,000", 1000000),
        ("five", 5), ("Twenty-One", 21), ("twenty one", 21), ("one hundred", 100), ("zero", 0),
        ("minus five", -5), (10**30, 10**30),
    ],
)
def test_integer_renderings(text: Any, value: int) -> None:
    result = INT(text)
    assert result == value and type(result) is int


def test_integers_beyond_the_str_digit_limit_pass_unchanged() -> None:
    huge = 10**5000
    assert INT(huge) is huge
    assert STR(huge) == ("TYPE_ERROR",)  # no exact decimal text is produced for it


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("5.5", "TYPE_ERROR"), (5.5, "TYPE_ERROR"), (math.nan, "TYPE_ERROR"), (math.inf, "TYPE_ERROR"),
        ("NaN", "TYPE_ERROR"), ("inf", "TYPE_ERROR"), ("1,5", "TYPE_ERROR"), ("1,50", "TYPE_ERROR"),
        ("1,0000", "TYPE_ERROR"), (True, "TYPE_ERROR"), ("true", "TYPE_ERROR"), ("one thousand", "TYPE_ERROR"),
        ("1.000", "AMBIGUOUS_VALUE"), ("٣", "TYPE_ERROR"), ("５", "TYPE_ERROR"), ("1e999999999", "OUT_OF_RANGE"),
        ("1 000,5", "TYPE_ERROR"), ("12abc", "TYPE_ERROR"), ([5, 6], "TYPE_ERROR"), ([[5]], "TYPE_ERROR"),
    ],
)
def test_integer_corrections(text: Any, code: str) -> None:
    assert INT(text) == (code,)


def test_integer_bounds_are_never_clamped() -> None:
    read = field({"type": "integer", "minimum": 1, "maximum": 20, "multipleOf": 2})
    assert read("20") == 20
    assert read(21) == ("OUT_OF_RANGE",)
    assert read("0") == ("OUT_OF_RANGE",)
    assert read(3) == ("NOT_MULTIPLE",)
    exclusive = field({"type": "integer", "exclusiveMinimum": 0, "exclusiveMaximum": 3})
    assert [exclusive(v) for v in (0, 1, 2, 3)] == [("OUT_OF_RANGE",), 1, 2, ("OUT_OF_RANGE",)]


NUM = field({"type": "number"})


@pytest.mark.parametrize(
    ("text", "value"),
    [(3.14, 3.14), (2, 2), ("3.14", 3.14), (".5", 0.5), ("-2.5e-3", -0.0025), ("1,000.5", 1000.5),
     ("3,500", 3500), (" 7 ", 7), ("seven", 7), ("1.500", 1.5)],
)
def test_number_renderings(text: Any, value: float) -> None:
    assert NUM(text) == value


@pytest.mark.parametrize(
    ("text", "code"),
    [("3,5", "AMBIGUOUS_VALUE"), ("3,50", "AMBIGUOUS_VALUE"), ("3,5000", "AMBIGUOUS_VALUE"),
     (math.nan, "TYPE_ERROR"), (-math.inf, "TYPE_ERROR"), ("1e400", "OUT_OF_RANGE"), ("1e-399", "OUT_OF_RANGE"), (False, "TYPE_ERROR")],
)
def test_number_corrections(text: Any, code: str) -> None:
    assert NUM(text) == (code,)


def test_null_words_for_nullable_non_string_fields() -> None:
    read = field({"type": ["integer", "null"]})
    for word in (None, "null", "None", "NIL", "n/a", "NA", "", " undefined "):
        assert read(word) is None
    assert read("7") == 7


def test_nullable_string_reads_null_words_as_null() -> None:
    # location="null" for an optional string means "no location", not the text "null"
    for schema in ({"type": ["string", "null"]}, {"anyOf": [{"type": "string"}, {"type": "null"}]}):
        read = field(schema)
        for word in (None, "null", "None", " N/A ", "", "undefined", '"null"'):
            assert read(word) is None, word
        assert read("Paris") == "Paris"
        assert read("nullable") == "nullable"
        assert read(" Paris ") == " Paris "  # other strings stay untouched


def test_null_for_optional_non_nullable_means_absent() -> None:
    optional_int = field({"type": "integer", "default": 3}, required=False)
    assert optional_int(None) == "<absent>"
    assert optional_int("n/a") == "<absent>"
    optional_str = field({"type": "string"}, required=False)
    assert optional_str(None) == "<absent>"
    assert optional_str("none") == "none"  # a string is a string


def test_null_for_required_non_nullable_is_missing_required() -> None:
    assert INT(None) == ("MISSING_REQUIRED",)
    assert INT("null") == ("MISSING_REQUIRED",)
    assert field({"type": "string"})(None) == ("MISSING_REQUIRED",)


STR = field({"type": "string"})


@pytest.mark.parametrize("text", ["  Hello ", "MiXeD", "", "a\x00b", "null", "٣", "x" * 20_000])
def test_strings_are_never_altered(text: str) -> None:
    assert STR(text) == text


def test_numbers_for_strings_become_their_decimal_text() -> None:
    assert STR(94102) == "94102"
    assert STR(2.5) == "2.5"
    assert STR(7.0) == "7"
    assert STR(True) == ("TYPE_ERROR",)
    assert STR(math.nan) == ("TYPE_ERROR",)


def test_str_subclass_becomes_plain_str_without_calling_its_methods() -> None:
    class Sneaky(str):
        def __str__(self) -> str:
            raise RuntimeError("called")

        def strip(self, *args: Any) -> str:
            raise RuntimeError("called")

    result = STR(Sneaky("abc"))
    assert result == "abc" and type(result) is str


def test_string_bounds_and_pattern() -> None:
    read = field({"type": "string", "minLength": 2, "maxLength": 5, "pattern": "^[a-z]+$"})
    assert read("abc") == "abc"
    assert read("a") == ("TOO_SHORT",)
    assert read("abcdef") == ("TOO_LONG",)
    assert read("ABC") == ("PATTERN_MISMATCH",)


def test_formatted_strings_strip_surrounding_whitespace_only() -> None:
    email = field({"type": "string", "format": "email"})
    assert email(" Ann@Example.com ") == "Ann@Example.com"
    assert email("not an email") == ("INVALID_FORMAT",)
    host = field({"type": "string", "format": "hostname"})
    assert host("docs.python.org\n") == "docs.python.org"
    assert host("-bad-.com") == ("INVALID_FORMAT",)
    assert field({"type": "string", "format": "ipv4"})("10.0.0.300") == ("INVALID_FORMAT",)
    assert field({"type": "string", "format": "uuid"})("12345678-1234-5678-1234-567812345678") == "12345678-1234-5678-1234-567812345678"


ENUM = field({"type": "string", "enum": ["basic", "advanced"], "x-aacl-synonyms": {"advanced": ["deep", "thorough"]}})


@pytest.mark.parametrize(("text", "value"), [("basic", "basic"), ("ADVANCED", "advanced"), (" Basic\n", "basic"), ('"advanced"', "advanced"), ("Deep", "advanced"), ("thorough", "advanced")])
def test_enum_readings(text: str, value: str) -> None:
    assert ENUM(text) == value


def test_unknown_enum_is_a_correction_with_a_suggestion() -> None:
    tool = boundary(lambda **kw: kw, schema={"type": "object", "properties": {"search_depth": {"enum": ["basic", "advanced"], "x-aacl-synonyms": {"advanced": ["deep"]}}}, "required": ["search_depth"]}, name="search_web")
    with pytest.raises(CorrectionError) as info:
        tool.normalise({"search_depth": "deep-ish"})
    assert str(info.value).splitlines()[1] == (
        'INVALID_ENUM at search_depth: expected one of ["basic", "advanced"]; received "deep-ish". '
        'Did you mean "advanced"? Retry with one of the expected values.'
    )
    assert ENUM("expert") == ("INVALID_ENUM",)
    assert ENUM(1) == ("INVALID_ENUM",)


def test_enum_case_collision_is_ambiguous_not_guessed() -> None:
    read = field({"enum": ["Low", "LOW", "high"]})
    assert read("LOW") == "LOW"
    assert read("low") == ("AMBIGUOUS_VALUE",)


def test_numeric_enums_accept_numeric_text_but_not_bools() -> None:
    read = field({"enum": [1, 2, 3]})
    assert read("2") == 2 and read(" 3 ") == 3
    assert read(True) == ("INVALID_ENUM",)
    assert read(2.0) == 2.0


def test_const_and_nullable_enum() -> None:
    assert field({"const": "v1"})("V1") == "v1"
    assert field({"const": "v1"})("v2") == ("INVALID_VALUE",)
    nullable = field({"enum": ["a", "b", None]})
    assert nullable("null") is None and nullable(None) is None


@pytest.mark.parametrize(("schema", "sent", "meant"), [
    ({"type": "string", "format": "email"}, '"alice@example.com"', "alice@example.com"),
    ({"type": "string", "format": "email"}, "'alice@example.com' ", "alice@example.com"),
    ({"type": "string", "format": "uuid"}, '"123e4567-e89b-12d3-a456-426614174000"', "123e4567-e89b-12d3-a456-426614174000"),
    ({"type": "string", "pattern": "^[0-9]{5}$"}, '"94102"', "94102"),
    ({"type": "string", "pattern": "^[0-9]{5}$"}, " 94102\n", "94102"),
])
def test_a_value_its_format_or_pattern_fixes_is_read_inside_quotes_or_spaces(
        schema: dict[str, Any], sent: str, meant: str) -> None:
    """A client that encodes JSON twice sends '"alice@example.com"'.  A lenient email check
    passes it, and it used to arrive with its quotes; it means the address inside."""
    @boundary(schema={"type": "object", "properties": {"v": schema}, "required": ["v"]})
    def tool(v: str) -> str:
        return v

    assert tool(v=sent) == meant


def test_a_quoted_value_its_pattern_refuses_inside_too_is_still_refused() -> None:
    @boundary(schema={"type": "object", "properties": {"v": {"type": "string", "pattern": "^[0-9]{5}$"}}})
    def tool(v: str = "") -> str:
        return v

    with pytest.raises(CorrectionError):
        tool(v='"9410"')

    @boundary(schema={"type": "object", "properties": {"v": {"type": "string"}}})
    def free(v: str = "") -> str:
        return v

    assert free(v='"quoted on purpose"') == '"quoted on purpose"'  # free text: the quotes may be meant
