"""Cassette provenance as a user meets it (pytester): a recording says whether it came from a
live API or was synthetic (and what made it), a replayed test knows it, and the matrix
never calls a model qualified from synthetic evidence."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx  # noqa: F401 - kept in sys.modules across pytester runs (see test_integration_plugin)
import pytest
import vcr  # noqa: F401
import yaml
from _fake_provider import fake_provider

from pytest_aacl._integration._cassettes import CassetteError
from pytest_aacl._integration._provenance import check_provenance, describe, stamp

pytest_plugins = ["pytester"]

INNER = '''
import os, pytest
from openai import OpenAI

@pytest.mark.integration
@pytest.mark.aacl_matrix(model="openai:gpt-4o-mini", feature="chat")
def test_chat(aacl_provenance):
    client = OpenAI(base_url=os.environ["FAKE_BASE"] + "/v1", api_key="placeholder", max_retries=0)
    reply = client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": "hi"}])
    assert reply.choices[0].message.content.startswith("answer")
    expected = os.environ.get("EXPECT")
    if expected:  # on replay the test knows where its evidence came from
        assert (aacl_provenance or {}).get("kind") == expected, aacl_provenance
'''


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch, pytester: pytest.Pytester) -> None:
    for name in ("CI", "AACL_CONFIRM", "PYTEST_DISABLE_PLUGIN_AUTOLOAD", "AACL_SYNTHETIC_SOURCE", "EXPECT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("PYTEST_ADDOPTS", "-p no:langsmith_plugin -p no:hypothesispytest -p no:anyio "
                                         "-p no:randomly --aacl-marker=integration")


def _provenance(pytester: pytest.Pytester) -> dict[str, Any]:
    data = yaml.safe_load((pytester.path / "cassettes" / "test_llm" / "test_chat.yaml").read_text())
    return data["aacl"]["provenance"]


def _replay(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, expect: str) -> tuple[str, dict[str, Any]]:
    monkeypatch.setenv("EXPECT", expect)
    matrix = pytester.path / "MATRIX.md"
    pytester.runpytest("-m", "integration", "--block-network", "--aacl-matrix", str(matrix)).assert_outcomes(passed=1)
    return matrix.read_text(), json.loads(matrix.with_suffix(".json").read_text())


def test_recorded_and_synthetic_cassettes_say_so_and_the_matrix_tells_them_apart(
        pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    from importlib.metadata import version

    pytester.makepyfile(test_llm=INNER)
    with fake_provider() as server:
        monkeypatch.setenv("FAKE_BASE", server.base)
        # a script recording synthetic traffic names itself
        monkeypatch.setenv("AACL_SYNTHETIC_SOURCE", "scripts/make_traffic.py")
        pytester.runpytest("-m", "integration", "--record-mode=once", "--aacl-yes").assert_outcomes(passed=1)
        monkeypatch.delenv("AACL_SYNTHETIC_SOURCE")
        made = _provenance(pytester)
        assert made["kind"] == "synthetic" and made["script"] == "scripts/make_traffic.py"
        assert made["sdks"] == [{"name": "openai", "version": version("openai")}]
        assert made["pytest_aacl"] == version("pytest-aacl")
        text, data = _replay(pytester, monkeypatch, "synthetic")
        assert "| openai:gpt-4o-mini | ✓ (" in text and ", synthetic) |" in text
        assert "**Qualified** (every feature passed, on recorded or live evidence): none" in text
        assert "**Passed on synthetic or simulated evidence only**" in text
        assert data["qualified"] == [] and data["synthetic_only"] == ["openai:gpt-4o-mini"]
        assert "synthetic (scripts/make_traffic.py)" in text

        # recorded again from the (here: local) API without the variable: a live recording
        pytester.runpytest("-m", "integration", "--record-mode=rewrite", "--aacl-yes").assert_outcomes(passed=1)
        made = _provenance(pytester)
        assert made["kind"] == "recorded" and "script" not in made
        text, data = _replay(pytester, monkeypatch, "recorded")
        assert data["qualified"] == ["openai:gpt-4o-mini"] and data["cells"][0]["evidence"] == ["recorded"]
        assert f"recorded {made['date']} (openai {version('openai')})" in text


def test_unlabelled_and_malformed_provenance_never_qualify(pytester: pytest.Pytester,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    pytester.makepyfile(test_llm=INNER)
    cassette = pytester.path / "cassettes" / "test_llm" / "test_chat.yaml"
    with fake_provider() as server:
        monkeypatch.setenv("FAKE_BASE", server.base)
        pytester.runpytest("-m", "integration", "--record-mode=once", "--aacl-yes").assert_outcomes(passed=1)
    data = yaml.safe_load(cassette.read_text())
    del data["aacl"]  # as recorded by an older version, or by another tool
    cassette.write_text(yaml.safe_dump(data))
    matrix = pytester.path / "MATRIX.md"
    pytester.runpytest("-m", "integration", "--block-network", "--aacl-matrix", str(matrix)).assert_outcomes(passed=1)
    assert json.loads(matrix.with_suffix(".json").read_text())["not_qualified"] == {
        "openai:gpt-4o-mini": ["chat: the cassette does not say where it came from (no aacl.provenance); "
                               "re-record it to label it"]}
    data["aacl"] = {"provenance": {"kind": "from a friend"}}
    cassette.write_text(yaml.safe_dump(data))
    result = pytester.runpytest("-m", "integration", "--block-network", "--aacl-matrix", str(matrix))
    result.assert_outcomes(errors=1)  # the cassette's validation on load refuses it, naming the file and field
    result.stdout.fnmatch_lines(["*test_chat.yaml: aacl.provenance.kind: 'from a friend' is not one of "
                                 "?'recorded', 'synthetic'?"])


def test_the_shape_is_checked_and_described() -> None:
    made = stamp([{"request": {"headers": {"user-agent": ["AsyncAnthropic/Python 2.14.0"]}}},
                  {"request": {"headers": {"User-Agent": ["google-genai-sdk/3.6.1 gl-python/3.11.7"]}}}],
                 script="cassettes/build_harness.py")
    assert made["sdks"] == [{"name": "anthropic", "version": "2.14.0"}, {"name": "google-genai", "version": "3.6.1"}]
    assert check_provenance(made) is made and describe(made) == "synthetic (cassettes/build_harness.py)"
    assert describe(None) == "unlabelled"
    for bad, message in (([], "not a mapping"), ({"kind": "synthetic"}, "synthetic without a script"),
                         ({"kind": "recorded", "date": "yesterday"}, "give the ISO day"),
                         ({"kind": "recorded", "date": "2026-01-02", "sdks": ["openai"]}, "list of {name, version}")):
        with pytest.raises(CassetteError, match=message):
            check_provenance(bad)


def test_this_repositorys_cassettes_are_all_labelled_synthetic() -> None:
    """No committed cassette may pass for real-model evidence: each names the script that made it."""
    root = Path(__file__).resolve().parents[1] / "cassettes"
    from pytest_aacl._integration._provenance import read_provenance

    found = {p.relative_to(root).as_posix(): read_provenance(p) for p in sorted(root.rglob("*.yaml"))}
    assert found and all(p is not None and p["kind"] == "synthetic" for p in found.values()), found
    scripts = {p["script"] for p in found.values() if p}
    assert scripts == {"cassettes/build_harness.py", "cassettes/build_synthetic.py"}
    assert all((root.parent / s).is_file() for s in scripts)  # each script is in the repo
