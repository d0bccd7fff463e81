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


# -- 4. corrupt cassettes ---------------------------------------------------------------

_GOOD_REQUEST = "{method: POST, uri: 'https://api.openai.com/v1/chat/completions', body: null, headers: {}}"
_GOOD_RESPONSE = "{status: {code: 200, message: OK}, headers: {}, body: {string: ''}}"


def _cassette(response: str = _GOOD_RESPONSE, request: str = _GOOD_REQUEST, version: str = "1",
              extra: str = "") -> str:
    return (f"interactions:\n- request: {_GOOD_REQUEST}\n  response: {_GOOD_RESPONSE}\n"
            f"- request: {request}\n  response: {response}\n{extra}version: {version}\n")


DEFECTS = {
    "status_not_a_number": (_cassette("{status: {code: abc, message: OK}, headers: {}, body: {string: ''}}"),
                            "interaction 1: response.status.code: 'abc' is not an integer"),
    "status_out_of_range": (_cassette("{status: {code: 9999}, headers: {}, body: {string: ''}}"),
                            "interaction 1: response.status.code: 9999 is not an HTTP status code"),
    "body_not_text": (_cassette("{status: {code: 200}, headers: {}, body: {string: 5}}"),
                      "interaction 1: response.body.string: 5 is not text"),
    "broken_binary": (_cassette("{status: {code: 200}, headers: {}, body: {string: !!binary '@@@x'}}"),
                      "interaction 1: response.body.string: a !!binary value that is not base64"),
    "corrupt_gzip": (_cassette("{status: {code: 200}, headers: {content-encoding: [gzip]}, "
                               "body: {string: !!binary 'H4sIAAAAAAAA'}}"),
                     "interaction 1: response.body.string: the 'gzip' compressed body is corrupt"),
    "version_99": (_cassette(version="99"), "version: 99 is not a vcrpy cassette format version"),
    "missing_uri": (_cassette(request="{method: GET, headers: {}}"), "interaction 1: request.uri: missing"),
    "missing_status": (_cassette("{headers: {}, body: {string: ''}}"), "interaction 1: response.status: missing"),
    "bad_provenance": (_cassette(extra="aacl: {provenance: {kind: invented}}\n"), "aacl.provenance.kind: "),
}


@pytest.mark.parametrize("name", sorted(DEFECTS))
def test_each_cassette_defect_is_one_line_naming_file_interaction_and_field(
        name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pytest_aacl.__main__ import main

    text, expected = DEFECTS[name]
    path = tmp_path / f"{name}.yaml"
    path.write_text(text)
    assert main(["costs", str(path)]) != 0
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    defect_lines = [line for line in err.splitlines() if line.startswith(f"pytest-aacl costs: error: {path}: ")]
    assert len(defect_lines) == 1, err
    assert expected in defect_lines[0], err


def test_costs_reports_every_defect_of_every_file_and_an_empty_file_as_empty(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pytest_aacl.__main__ import main

    for name in ("status_not_a_number", "version_99"):
        (tmp_path / f"{name}.yaml").write_text(DEFECTS[name][0])
    (tmp_path / "zero.yaml").write_text("")
    assert main(["costs", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "status_not_a_number.yaml: interaction 1: response.status.code" in err
    assert "version_99.yaml: version: 99" in err
    assert f"cannot read cassette {tmp_path / 'zero.yaml'}: the file is empty" in err
    assert "missing" not in err and "not found" not in err


def test_provenance_mapping_is_accepted() -> None:
    from pytest_aacl._integration._cassettes import loads

    data = loads(_cassette(extra="aacl: {provenance: {kind: synthetic, source: build_synthetic.py}}\n"))
    assert data["aacl"]["provenance"]["kind"] == "synthetic"


def _all_cassettes() -> list[Path]:
    roots = [Path(__file__).resolve().parents[1] / "cassettes", Path("/work/shared/data/cassettes")]
    return sorted(p for root in roots if root.is_dir() for p in root.rglob("*.y*ml"))


def test_every_committed_and_shared_cassette_still_loads() -> None:
    from pytest_aacl._integration._cassettes import CassetteError, read

    files = _all_cassettes()
    if not any(str(p).startswith("/work/shared") for p in files):
        pytest.skip("shared cassette data not present (/work/shared/data/cassettes)")
    broken = []
    for path in files:
        try:
            read(path)
        except CassetteError as exc:
            broken.append(str(exc))
    assert len(files) >= 50 and broken == []


REPLAY = '''
import os, httpx, pytest

@pytest.mark.integration
def test_replays():
    httpx.post("https://api.openai.com/v1/chat/completions", json={"model": "m"})
'''


@pytest.mark.parametrize("name", ["status_not_a_number", "body_not_text", "broken_binary", "version_99", "empty"])
def test_a_corrupt_cassette_fails_its_test_with_the_defect_and_no_traceback(
        name: str, pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    pytester.makeini("[pytest]\naacl_marker = integration\n")
    pytester.makepyfile(test_mod=REPLAY)
    folder = pytester.path / "cassettes" / "test_mod"
    folder.mkdir(parents=True)
    (folder / "test_replays.yaml").write_text("" if name == "empty" else DEFECTS[name][0])
    result = pytester.runpytest("-m", "integration", "-p", "no:randomly")
    text = result.stdout.str()
    assert result.ret != 0 and "Traceback" not in text and "AttributeError" not in text
    if name == "empty":
        assert "test_replays.yaml is empty (0 bytes)" in text and "is missing" not in text
    else:
        assert DEFECTS[name][1] in text, text
