"""Installed, it changes nothing: a project with pytest-aacl installed (autoloaded) that
did not opt in keeps its own ``integration`` marker, its selection and its fixtures.
Opting in is one ini line, ``aacl_marker = <name>``, so a project whose ``integration``
tests mean databases can name ours ``llm``."""

from __future__ import annotations

import pytest

DATABASE_SUITE = '''
import pytest

@pytest.mark.integration
def test_database_roundtrip():
    assert {"id": 1} == {"id": 1}

@pytest.mark.integration
class TestMigrations:
    def test_upgrade(self):
        pass

def test_unit():
    pass
'''
LLM_TEST = '''
import pytest

@pytest.mark.llm
def test_model_answers():
    pass
'''
INI = "[pytest]\nmarkers =\n    integration: talks to the test database\n"


@pytest.fixture(autouse=True)
def _no_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)


def test_an_existing_integration_suite_is_untouched(pytester: pytest.Pytester) -> None:
    pytester.makeini(INI)
    pytester.makepyfile(test_db=DATABASE_SUITE)
    result = pytester.runpytest("--strict-markers", "-p", "no:randomly")
    result.assert_outcomes(passed=3)  # nothing deselected
    selected = pytester.runpytest("-m", "integration", "-p", "no:randomly")
    selected.assert_outcomes(passed=2, deselected=1)  # no cassette wanted, no network refused
    assert "cassette" not in selected.stdout.str()
    assert not (pytester.path / "cassettes").exists()
    markers = pytester.runpytest("--markers").stdout.str()
    assert "integration: talks to the test database" in markers and "LLM" not in markers
    plan = pytester.runpytest("--setup-plan", "-p", "no:randomly").stdout.str()
    assert "_aacl" not in plan  # no fixture of ours in any test
    assert "aacl integration" not in result.stdout.str()


def test_fuzz_items_appear_only_with_targets(pytester: pytest.Pytester) -> None:
    pytester.makeini(INI)
    pytester.makepyfile(test_db=DATABASE_SUITE)
    collected = pytester.runpytest("--co", "-q", "-p", "no:randomly").stdout.str()
    assert "aacl" not in collected and "3 tests collected" in collected


def test_opting_in_under_another_name_leaves_integration_alone(pytester: pytest.Pytester) -> None:
    pytester.makeini(INI + "aacl_marker = llm\n")
    pytester.makepyfile(test_db=DATABASE_SUITE, test_llm=LLM_TEST)
    result = pytester.runpytest("--strict-markers", "-p", "no:randomly")
    result.assert_outcomes(passed=3, deselected=1)  # only the llm test, never by accident
    result = pytester.runpytest("-m", "integration", "-p", "no:randomly")
    result.assert_outcomes(passed=2, deselected=2)
    result = pytester.runpytest("-m", "llm", "-p", "no:randomly")
    result.assert_outcomes(errors=1, deselected=3)
    result.stdout.fnmatch_lines(["*cassettes/test_llm/test_model_answers.yaml is missing*"
                                 "record it with: pytest -m llm --record-mode=once "
                                 "'test_llm.py::test_model_answers'*"])
    pytester.runpytest("--markers").stdout.fnmatch_lines(
        ["*llm: the test talks to a real LLM API (pytest-aacl)*"])


def test_using_aacl_usage_without_opting_in_says_how(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_x="def test_x(aacl_usage):\n    pass\n")
    result = pytester.runpytest("-p", "no:randomly")
    result.assert_outcomes(errors=1)
    assert ("aacl_usage needs recorded LLM tests switched on: add aacl_marker = integration "
            "to the [pytest] ini section (see docs/how-to/record-and-replay.md)") in result.stdout.str()
    assert "Traceback" not in result.stdout.str() and "raise" not in result.stdout.str()


def test_a_bad_marker_name_is_one_usage_error(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\naacl_marker = llm tests\n")
    result = pytester.runpytest()
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: aacl_marker = 'llm tests' is not a marker name; use a "
                                 "Python identifier such as integration or llm"])
