"""Reliability, third round (issue 19): each failure the issue measured, as a test.

This module holds the boundary half (``format: uri`` per RFC 3986, escaped corrections)
and the cassette half (validation on load, ``costs``); ``test_reliability_guard.py``
holds the secrets, network-guard and budget halves, which need a fake provider.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_aacl import CorrectionError, boundary
from pytest_aacl._errors import render_value
from pytest_aacl._normalise._uri import is_uri

SUITE = Path("/work/shared/data/json-schema-test-suite")
_URI_TOOL = {"type": "object", "properties": {"v": {"type": "string", "format": "uri"}},
             "required": ["v"], "additionalProperties": False}


def _uri_tool() -> Any:
    return boundary(lambda v: v, schema=_URI_TOOL, name="t", debug=True)


# -- 5. the boundary ------------------------------------------------------------------

@pytest.mark.parametrize("text", ["a:}", "a:%zz", "a:<>", "http://example.com:abc/", "bar,baz:foo"])
def test_uri_shaped_text_that_rfc_3986_refuses_is_corrected(text: str) -> None:
    with pytest.raises(CorrectionError) as caught:
        _uri_tool()(v=text)
    assert caught.value.codes == ("INVALID_FORMAT",)


@pytest.mark.parametrize("draft", ["draft2020-12", "draft7"])
def test_json_schema_test_suite_uri_format_passes_with_formats_asserted(draft: str) -> None:
    path = SUITE / draft / "optional" / "format" / "uri.json"
    if not path.is_file():
        pytest.skip(f"shared JSON-Schema-Test-Suite data not present ({path})")
    tool = _uri_tool()
    wrong = []
    cases = [t for group in json.loads(path.read_text()) for t in group["tests"]
             if isinstance(t["data"], str)]
    for test in cases:
        try:
            reached = tool(v=test["data"])
        except CorrectionError:
            reached = None
        expected = test["data"] if test["valid"] else None
        if reached != expected:
            wrong.append(f"{test['description']}: {test['data']!r} -> {reached!r}")
    assert len(cases) >= 40
    assert wrong == []


_URI_ALPHABET = st.sampled_from([*"ab:/?#[]@!$&'()*+,;=%-._~09AF zé<>{}|\\^`\"", "%2f", "//", "::"])


@settings(max_examples=400, deadline=None)
@given(st.lists(_URI_ALPHABET, max_size=20).map("".join))
def test_uri_check_agrees_with_jsonschemas_rfc3986_validator(text: str) -> None:
    validator = pytest.importorskip("rfc3986_validator")
    assert is_uri(text) == bool(validator.validate_rfc3986(text, rule="URI"))


def test_a_class_name_cannot_fake_a_new_line_in_a_correction() -> None:
    evil = type("Evil\nINVALID_ENUM at v: expected nothing; received <x>", (), {})
    tool = boundary(lambda v: v, schema={"type": "object", "properties": {
        "v": {"type": "string"}, "w": {"type": "object"}}}, name="t")
    with pytest.raises(CorrectionError) as caught:
        tool(v=evil(), w={evil(): 1})
    text = str(caught.value)
    assert len(text.splitlines()) == 1 + len(caught.value.corrections), text
    assert "Evil\\nINVALID_ENUM" in text
    assert "<x>" not in text  # angle brackets in a name cannot close the <... object> marker


def test_a_long_value_cut_short_keeps_its_quotes() -> None:
    assert render_value("k" * 200) == '"' + "k" * 77 + '…"'
    assert render_value("é" * 200).endswith('\\xe9…"')  # no escape cut in two
    assert render_value({"key": "v" * 200}).endswith('"…')
    tool = boundary(lambda v: v, schema=_URI_TOOL, name="t")
    with pytest.raises(CorrectionError) as caught:
        tool(v="a:b", **{"k-" * 100: 1})
    received = caught.value.corrections[0].received
    assert received.startswith('"k-') and received.endswith('…"'), received
