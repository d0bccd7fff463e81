"""Wrappers models put around values are read back; text holding code is never split.

The cases are the ones found in real function-calling output (issue 9): a string sent as
a one-item list, a value wrapped in an object keyed by its own parameter name, list items
wrapped as `{"type": "float", "value": 1}`, and the one silent corruption, a call
expression split on its commas into list items.
"""

from __future__ import annotations

import json
from typing import Any, Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_aacl import CorrectionError, boundary


def weather(location: str, days: int = 1, unit: Literal["celsius", "fahrenheit"] = "celsius") -> None:
    """Forecast."""


def stats(values: list[float], scores: dict[str, int] | None = None, tags: list[str] | None = None) -> None:
    """Statistics."""


WEATHER = boundary(weather, debug=True)
STATS = boundary(stats, debug=True)


def read(tool: Any, arguments: dict[str, Any]) -> Any:
    try:
        return tool.normalise(arguments)
    except CorrectionError as error:
        return error.codes


@pytest.mark.parametrize(
    ("sent", "meant"),
    [
        ({"location": ["New York City"]}, {"location": "New York City"}),
        ({"location": {"location": "Seattle"}}, {"location": "Seattle"}),
        ({"location": "Paris", "days": [3]}, {"location": "Paris", "days": 3}),
        ({"location": "Paris", "days": {"days": "3"}}, {"location": "Paris", "days": 3}),
        ({"location": "Paris", "days": {"type": "integer", "value": 3}}, {"location": "Paris", "days": 3}),
        ({"location": "Paris", "days": {"type": "Integer", "value": 3}}, {"location": "Paris", "days": 3}),
        ({"location": "Paris", "days": 4.0}, {"location": "Paris", "days": 4}),
        ({"location": "Paris", "unit": ["Fahrenheit"]}, {"location": "Paris", "unit": "fahrenheit"}),
        ({"location": {"type": "string", "value": "Oslo"}}, {"location": "Oslo"}),
    ],
)
def test_scalar_wrappers_are_read_back(sent: dict[str, Any], meant: dict[str, Any]) -> None:
    assert WEATHER.normalise(sent) == meant


@pytest.mark.parametrize(
    "sent",
    [
        {"location": ["New York City", "Boston"]},  # two values for one: which?
        {"location": [["New York City"]]},  # one layer only
        {"location": []},
        {"location": {"city": "Seattle"}},  # not the parameter's own name
        {"location": {"location": "Seattle", "country": "US"}},
        {"location": {"location": ["Seattle"]}},  # one wrapper, never two
        {"location": "Paris", "days": {"type": "string", "value": "3"}},  # the wrapper says text, the field is a number
        {"location": "Paris", "days": {"type": "float", "value": 3.5}},
        {"location": "Paris", "days": {"type": "integer", "value": 3, "unit": "days"}},
        {"location": "Paris", "days": {"kind": "integer", "value": 3}},
        {"location": "Paris", "days": [None]},
        {"location": "Paris", "days": 4.5},
    ],
)
def test_anything_else_stays_a_correction(sent: dict[str, Any]) -> None:
    result = read(WEATHER, sent)
    assert isinstance(result, tuple) and result, result


def test_typed_list_items_and_python_dict_literals() -> None:
    sent = {"values": [{"type": "float", "value": 1}, {"type": "float", "value": 2.5}, 3], "scores": "{'math': 90, 'art': 75}"}
    assert STATS.normalise(sent) == {"values": [1, 2.5, 3], "scores": {"math": 90, "art": 75}}
    assert read(STATS, {"values": [{"type": "boolean", "value": 1}]}) == ("TYPE_ERROR",)
    assert read(STATS, {"values": [{"type": "float", "value": True}]}) == ("TYPE_ERROR",)


def test_a_valid_value_keeps_its_first_reading() -> None:
    """Recovery is a second reading: a value its field accepts as sent is never unwrapped."""

    @boundary
    def keep(payload: dict[str, Any], rows: list[list[str]]) -> None:
        """Free-form payload."""

    sent = {"payload": {"payload": 1}, "rows": [["a"]]}
    assert keep.normalise(sent) == sent
    assert keep.normalise({"payload": {"type": "float", "value": 1}, "rows": ["a"]})["payload"] == {"type": "float", "value": 1}


def test_python_list_literal_with_unicode_escapes() -> None:
    assert STATS.normalise({"values": [1], "tags": r"['caf\u00e9', 'na\xefve', '\U0001f600', '\ud83d\ude00']"})["tags"] == ["café", "naïve", "😀", "😀"]
    assert STATS.normalise({"values": [1], "tags": ascii(["Zürich", "東京"])})["tags"] == ["Zürich", "東京"]


@pytest.mark.parametrize(
    "text",
    [
        "f(a, b)",
        "sort_list(elements=['apple', 'banana', 'cherry'], order='desc')['elements']",
        "[f(a), g(b)]",
        "a, b)",
        "{a, b}",
        '"a, b',  # a quote never closed
        "students' books, teachers' books",
    ],
)
def test_text_holding_code_or_unbalanced_quotes_is_never_split(text: str) -> None:
    assert read(STATS, {"values": [1], "tags": text}) == ("AMBIGUOUS_VALUE",)


@pytest.mark.parametrize(
    ("text", "items"),
    [
        ("a.com, b.com", ["a.com", "b.com"]),
        ('"a, b", "c"', ["a, b", "c"]),
        ("'x; y'; z", ["x; y", "z"]),
        ("don't stop, it's fine", ["don't stop", "it's fine"]),
        ("f(x)", ["f(x)"]),  # no separator: one item
        ("- one (1)", ["- one (1)"]),
        ("- alpha\n- beta", ["alpha", "beta"]),
        ('He said "hi", she said "bye"', ['He said "hi"', 'she said "bye"']),
    ],
)
def test_separated_text_still_splits_where_every_reader_agrees(text: str, items: list[str]) -> None:
    assert STATS.normalise({"values": [1], "tags": text})["tags"] == items


def test_numbers_in_brackets_or_quotes_are_not_guessed() -> None:
    assert read(STATS, {"values": "(1, 2)"}) == {"values": [1, 2]}  # a Python tuple literal
    assert read(STATS, {"values": "max(1, 2)"}) == ("AMBIGUOUS_VALUE",)


# The families engineer C renders (strategies) each read back to the intended value.

TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=20)


@settings(deadline=None)
@given(TEXT)
def test_one_item_list_and_own_name_wrapper_read_back(text: str) -> None:
    assert WEATHER.normalise({"location": [text]}) == {"location": text}
    assert WEATHER.normalise({"location": {"location": text}}) == {"location": text}


@settings(deadline=None)
@given(st.lists(st.floats(allow_nan=False, allow_infinity=False) | st.integers(-(10**6), 10**6), max_size=5))
def test_type_value_wrapped_items_read_back(values: list[float]) -> None:
    wrapped = [{"type": "float", "value": x} for x in values]
    assert STATS.normalise({"values": wrapped}) == {"values": values}


@settings(deadline=None)
@given(st.dictionaries(TEXT, st.integers(-(10**9), 10**9), max_size=4))
def test_python_dict_literal_reads_back(scores: dict[str, int]) -> None:
    assert STATS.normalise({"values": [0], "scores": repr(scores)})["scores"] == scores


@settings(deadline=None)
@given(st.lists(TEXT, min_size=1, max_size=4))
def test_python_list_literal_with_escapes_reads_back(tags: list[str]) -> None:
    for text in (ascii(tags), json.dumps(tags)):  # \x/\u/\U escapes; JSON's surrogate pairs
        assert STATS.normalise({"values": [0], "tags": text})["tags"] == tags


@settings(deadline=None)
@given(st.integers(-(2**53), 2**53))
def test_integral_float_reads_as_the_integer(n: int) -> None:
    assert WEATHER.normalise({"location": "x", "days": float(n)})["days"] == n
