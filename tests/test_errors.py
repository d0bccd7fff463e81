"""The correction signal is bounded in both forms a model sees: the message and the dict."""

from __future__ import annotations

import json

from pytest_aacl import Correction, CorrectionError, boundary
from pytest_aacl._errors import MAX_MESSAGE_CHARS


def _unexpected(n: int) -> CorrectionError:
    @boundary
    def tool(a: int) -> int:
        return a

    try:
        tool.normalise({"a": 1, **{f"extra_field_{i}": i for i in range(n)}})
    except CorrectionError as error:
        return error
    raise AssertionError("unexpected fields must be a correction")


def test_many_problems_keep_message_and_structured_result_bounded() -> None:
    error = _unexpected(200)
    kept = len(error.corrections)
    assert kept == 100  # MAX_CORRECTIONS: a call's problems cost bounded work
    assert len(str(error)) <= MAX_MESSAGE_CHARS
    result = error.to_dict()
    shown = len(result["corrections"])
    assert 1 <= shown < kept
    assert result["omitted"] == kept - shown
    assert f"... and {kept - shown} more problem(s)" in result["message"]
    assert len(json.dumps(result)) < 4 * MAX_MESSAGE_CHARS


def test_few_problems_are_all_in_the_structured_result() -> None:
    result = _unexpected(2).to_dict()
    assert [c["code"] for c in result["corrections"]] == ["UNEXPECTED_FIELD", "UNEXPECTED_FIELD"]
    assert result["omitted"] == 0


def test_a_single_huge_problem_is_still_shown_truncated() -> None:
    expected = "one of " + ", ".join(f'"value_{i}"' for i in range(500))
    error = CorrectionError([Correction("INVALID_ENUM", "size", expected, '"x"')], tool="t")
    assert len(str(error)) <= MAX_MESSAGE_CHARS
    assert str(error).splitlines()[1].startswith("INVALID_ENUM at size: expected one of")
    result = error.to_dict()
    assert result["omitted"] == 0
    assert len(result["corrections"][0]["expected"]) <= 300


def test_errors_survive_pickling_for_xdist() -> None:
    import pickle

    error = _unexpected(3)
    again = pickle.loads(pickle.dumps(error))
    assert again.to_dict() == error.to_dict()


def test_a_value_rendered_for_people_keeps_printable_unicode_and_escapes_the_rest() -> None:
    from pytest_aacl._errors import render_value

    value = {"name": "Zoë — 例", "bad": "a\nb\u200bc\x00", "quote": 'say "hi"'}
    assert render_value(value, 200, readable=True) == (
        '{"name": "Zoë — 例", "bad": "a\\nb\\u200bc\\x00", "quote": "say \\"hi\\""}')
    assert render_value(value, 200) == (  # for a model: ASCII only, as before
        '{"name": "Zo\\xeb \\u2014 \\u4f8b", "bad": "a\\nb\\u200bc\\x00", "quote": "say \\"hi\\""}')
    assert render_value("é" * 50, 12, readable=True) == '"' + "é" * 9 + '…"'  # 12 characters in all
