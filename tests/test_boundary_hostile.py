"""Hostile calls cost one correction and bounded time: forged paths, `self=`, slow patterns."""

from __future__ import annotations

import time
from typing import Any, Literal

import pytest

from pytest_aacl import CorrectionError, boundary


def search_web(query: str, max_results: int = 5) -> dict[str, Any]:
    return {"query": query, "max_results": max_results}


@pytest.mark.parametrize("key", ["x\nUNEXPECTED_FIELD at query: forged", "\x1b[31mred", "a\u202eevil", "nul\x00byte", "a.b[0]"])
def test_keys_inside_free_form_objects_cannot_forge_or_smuggle_a_path(key: str) -> None:
    @boundary
    def store(meta: dict[str, Any]) -> None: ...

    with pytest.raises(CorrectionError) as info:
        store(meta={"outer": {key: float("nan")}})
    [correction] = info.value.corrections
    text = str(info.value)
    assert len(text.splitlines()) == 2  # the heading and one problem: no forged line
    for bad in ("\n", "\x1b", "\u202e", "\x00"):
        assert bad not in correction.path
        assert bad not in str(info.value.to_dict())
    assert correction.path.startswith("meta.outer[")  # the key is shown quoted, never raw


def test_self_is_an_argument_like_any_other() -> None:
    tool = boundary(search_web)
    with pytest.raises(CorrectionError) as info:
        tool(query="x", self=1)
    assert [(c.code, c.path) for c in info.value.corrections] == [("UNEXPECTED_FIELD", "self")]

    def method_like(self: str) -> str:
        return self

    assert boundary(method_like)(self="me") == "me"


def test_positional_arguments_bind_like_the_function() -> None:
    tool = boundary(search_web)
    assert tool("x", "3") == {"query": "x", "max_results": 3}
    with pytest.raises(TypeError, match="multiple values for 'query'"):
        tool("x", query="y")


def test_many_unexpected_keys_cost_a_bounded_number_of_corrections() -> None:
    tool = boundary(search_web)
    with pytest.raises(CorrectionError) as info:
        tool(query="x", **{f"k{i}": i for i in range(20_000)})
    assert 0 < len(info.value.corrections) <= 100
    assert all(c.code == "UNEXPECTED_FIELD" for c in info.value.corrections)
    assert "more problem(s)" in str(info.value)


def test_a_catastrophic_pattern_is_bounded_per_call_not_per_match(monkeypatch: pytest.MonkeyPatch) -> None:
    from pytest_aacl._normalise import _base

    monkeypatch.setattr(_base, "CALL_BUDGET", 0.3)
    searched = {"matched": 0, "refused": 0}  # matches the engine ran / refused without running
    search = _base.UserPattern.search

    def counted(self: Any, text: str) -> Any:
        deadline = getattr(_base._CALL, "deadline", None)
        searched["matched" if deadline is None or deadline > time.monotonic() else "refused"] += 1
        return search(self, text)

    monkeypatch.setattr(_base.UserPattern, "search", counted)
    schema = {"type": "object", "properties": {"words": {"type": "array", "items": {"type": "string", "pattern": "^(a|a)+$"}}}}
    tool = boundary(lambda words: words, schema=schema, name="t")
    assert tool(words=["aaa"]) == ["aaa"] and searched == {"matched": 1, "refused": 0}
    searched["matched"] = 0
    with pytest.raises(CorrectionError) as info:
        tool(words=["a" * 30 + "!"] * 100)  # each match alone may take the 0.1 s per-match bound
    assert {c.code for c in info.value.corrections} == {"PATTERN_MISMATCH"}
    assert "in time" in str(info.value)
    # the 0.3 s budget is spent after a few 0.1 s matches; the other items cost no match at all
    # (counted, not timed: a loaded machine spends the budget sooner, never later)
    assert searched["matched"] <= 5 and searched["matched"] + searched["refused"] >= 95, searched
    assert tool(words=["aaaa"]) == ["aaaa"]  # the next call has its own budget


def test_a_long_list_of_wrong_values_stops_at_the_correction_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    from pytest_aacl._normalise import _base, _scalars

    calls = []
    real = _scalars.closest
    monkeypatch.setattr(_scalars, "closest", lambda *a: calls.append(1) or real(*a))

    @boundary
    def tag(tags: list[Literal["alpha", "beta"]]) -> None: ...  # Literal: module level, for hints

    with pytest.raises(CorrectionError) as info:
        tag(tags=["alphx"] * 10_000)
    assert len(info.value.corrections) == _base.MAX_CORRECTIONS
    assert len(calls) <= _base.MAX_CORRECTIONS  # no "did you mean" for problems nobody sees
    assert 'Did you mean "alpha"?' in str(info.value)
