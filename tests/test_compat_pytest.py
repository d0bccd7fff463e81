"""pytest's internals `pytest_aacl/_compat/pytest.py` relies on, met the way a user meets
them: auto-generated fuzz items that get the `aacl_reset` fixture, in a real pytest run."""

from __future__ import annotations

import pytest

pytest_plugins = ["pytester"]


def test_plugin_made_items_get_exactly_the_fixture_they_request(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(tools="""
        from pytest_aacl import boundary

        @boundary
        def echo(text: str) -> str:
            return text
        """)
    pytester.makeconftest("""
        import pytest

        @pytest.fixture
        def aacl_reset(tmp_path):  # runs in the worker process: it leaves a trace in a file
            log = tmp_path.parent.parent / "resets.log"
            return lambda: log.open("a").write("reset\\n")

        @pytest.fixture(autouse=True)
        def needs_a_module(request):
            request.module  # an auto item has no module: it must not get this fixture
        """)
    result = pytester.runpytest_subprocess("-p", "aacl", "--aacl-target", "tools:echo", "--aacl-checks", "total",
                                           "--aacl-max-examples", "5", "-p", "no:randomly")
    result.assert_outcomes(passed=1)
    logs = list(pytester.path.rglob("resets.log"))
    assert logs and len(logs[0].read_text().splitlines()) >= 5, "pytest: a plugin-made item no longer gets its fixtures"


def test_the_fixture_internals_are_where_the_compat_module_reaches() -> None:
    from _pytest.fixtures import FuncFixtureInfo

    info = FuncFixtureInfo(argnames=(), initialnames=(), names_closure=[], name2fixturedefs={})
    assert info.names_closure == [], "pytest: FuncFixtureInfo changed its fields"
    assert callable(getattr(pytest.Function, "_initrequest", None)), "pytest: Function._initrequest is gone"


def test_the_base_temp_directory_is_reachable_from_the_config(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("""
        from pytest_aacl._compat.pytest import base_temp

        def test_it(request, tmp_path_factory):
            assert base_temp(request.config) == tmp_path_factory.getbasetemp()
        """)
    pytester.runpytest("-p", "no:randomly").assert_outcomes(passed=1)
