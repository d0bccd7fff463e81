"""Raw argument strings (`Tool.invoke(str)`): read what is unambiguous, refuse the rest.

The property that matters most: a call cut short is a correction, never repaired into a
different call (what a JSON-repair library does when it closes what was left open).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_aacl import CorrectionError, boundary
from pytest_aacl._normalise._lenient import read_arguments


@boundary
def write_file(path: str, content: str, overwrite: bool = False) -> dict[str, Any]:
    """Write a file."""
    return {"path": path, "content": content, "overwrite": overwrite}


def codes(text: str) -> tuple[str, ...]:
    with pytest.raises(CorrectionError) as info:
        read_arguments(text)
    return info.value.codes


def test_a_long_json_string_is_read_like_the_dict() -> None:
    """issue 10: 10,000+ characters of JSON were refused with "Send a JSON object"."""
    arguments = {"path": "notes.txt", "content": "line\n" * 50_000, "overwrite": True}
    assert write_file.invoke(json.dumps(arguments)) == arguments == write_file.invoke(arguments)


@pytest.mark.parametrize(
    "text",
    [
        '```json\n{"path": "a.txt", "content": "hi"}\n```',
        '```\n{"path": "a.txt", "content": "hi"}\n```',
        'Here are the arguments:\n{"path": "a.txt", "content": "hi"}\nLet me know if you need more.',
        '{"path": "a.txt", "content": "hi",}',
        "{'path': 'a.txt', 'content': 'hi'}",
        "{'path': 'a.txt', 'content': 'hi', 'overwrite': False}",
        '{"path": "a.txt", "content": "hi", "overwrite": false}',
        '{\n  // where\n  "path": "a.txt", /* what */ "content": "hi"  # done\n}',
        json.dumps(json.dumps({"path": "a.txt", "content": "hi"})),
        json.dumps(json.dumps(json.dumps({"path": "a.txt", "content": "hi"}))),
        "{'path': 'a.txt', 'content': 'h\\x69'}",
    ],
)
def test_unambiguous_renderings_are_read(text: str) -> None:
    assert write_file.invoke(text) == {"path": "a.txt", "content": "hi", "overwrite": False}


@pytest.mark.parametrize("arguments", [{"```": None}, {"content": "run ```ls``` first", "path": "a.md"}])
def test_a_fence_inside_a_string_is_text_not_a_fence(arguments: dict[str, Any]) -> None:
    """Hypothesis met `{"```": null}` refused as cut short: the reader took the key for a fence."""
    for text in (json.dumps(arguments), repr(arguments), "Arguments: " + json.dumps(arguments),
                 "```json\n" + json.dumps(arguments, indent=2) + "\n```"):
        assert read_arguments(text) == arguments, text


def test_quotes_and_escapes_inside_strings_are_kept_exactly() -> None:
    text = r"""{'path': 'a "b" \'c\'', 'content': 'x // not a comment, # nor this, /* nor */ }', 'overwrite': True,}"""
    assert read_arguments(text) == {"path": "a \"b\" 'c'", "content": "x // not a comment, # nor this, /* nor */ }", "overwrite": True}
    assert read_arguments(r'{"content": "back\\slash \"q\"",}') == {"content": 'back\\slash "q"'}


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ('{"path": "a.txt", "content": "hi"', "TYPE_ERROR"),  # cut short
        ('{"path": "a.txt", "content": "h', "TYPE_ERROR"),
        ('```json\n{"path": "a.txt"}', "TYPE_ERROR"),  # fence never closed
        ('{"path": "a.txt", /* "content": "hi"}', "TYPE_ERROR"),
        ('{"path": "a"} {"path": "b"}', "AMBIGUOUS_VALUE"),
        ('```json\n{"path": "a"}\n```\n```json\n{"path": "b"}\n```', "AMBIGUOUS_VALUE"),
        ('[{"path": "a"}]', "TYPE_ERROR"),
        ('Calls: [{"path": "a"}, {"path": "b"}]', "AMBIGUOUS_VALUE"),
        ('{"path": "a", "path": "b"}', "AMBIGUOUS_VALUE"),
        ("{path: 'a'}", "TYPE_ERROR"),  # bare keys: not among the unambiguous renderings
        ('{"n": NaN}', "TYPE_ERROR"),
        ('{"path": "a",, "content": "b"}', "TYPE_ERROR"),
        ("write_file(path='a')", "TYPE_ERROR"),
        ('"just text"', "TYPE_ERROR"),
    ],
)
def test_truncated_or_ambiguous_text_is_a_correction(text: str, code: str) -> None:
    assert codes(text) == (code,)


def test_nothing_sent_is_no_arguments() -> None:
    assert read_arguments("") == read_arguments("  \n") == read_arguments("null") == {}
    assert write_file.invoke("")["corrections"][0]["code"] == "MISSING_REQUIRED"


def test_invoke_returns_the_correction_for_the_model() -> None:
    result = write_file.invoke('{"path": "a.txt", "content": "hello')
    assert result["error"] == "INVALID_ARGUMENTS"
    assert "cut short" in result["corrections"][0]["hint"]


JSON_LEAVES = st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=8)
JSON_VALUES = st.recursive(JSON_LEAVES, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3), max_leaves=8)
OBJECTS = st.dictionaries(st.text(max_size=6), JSON_VALUES, min_size=1, max_size=4)


@settings(deadline=None)  # up to 40 reads per example: timing on a loaded machine is no signal
@given(OBJECTS, st.sampled_from([json.dumps, repr, lambda o: "```json\n" + json.dumps(o, indent=2) + "\n```", lambda o: "Arguments: " + json.dumps(o)]))
def test_no_prefix_of_a_call_is_read_as_a_call(arguments: dict[str, Any], render: Any) -> None:
    """Every rendering reads back exactly, and every strict prefix is a correction."""
    text = render(arguments)
    assert read_arguments(text) == arguments
    for cut in range(len(text) - 1, 0, -max(1, len(text) // 40)):
        prefix = text[:cut]
        if prefix.rstrip() == text.rstrip() or (prefix.rstrip().endswith("```") and prefix.count("```") == 2):
            continue  # only trailing whitespace or the closing fence's tail was cut
        with pytest.raises(CorrectionError):
            read_arguments(prefix)
