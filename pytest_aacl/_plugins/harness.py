"""pytest glue for the self-healing harness: the `aacl_harness` fixture, its terminal table,
`--aacl-harness-report PATH` (JSON), and merging under pytest-xdist.

Imports nothing of the harness until a test asks for the fixture; what the fixture returns
is `pytest_aacl.harness._fixture.Harness`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from ..harness._fixture import Harness

_RUNS = pytest.StashKey[list[dict[str, Any]]]()
_ERROR = pytest.StashKey[str]()  # a report that could not be written, said in the summary


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("aacl-harness", "pytest-aacl self-healing harness")
    group.addoption("--aacl-harness-report", metavar="PATH", default=None,
                    help="write every convergence run recorded by aacl_harness, and their metrics, as JSON")
    parser.addini("aacl_corpus", default="tests/aacl_corpus",
                  help="where real failures seen by aacl_harness in integration tests are saved (regression corpus)")


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_RUNS] = []
    path = config.getoption("aacl_harness_report", None)
    if path and Path(path).is_dir():
        raise pytest.UsageError(f"--aacl-harness-report {path} is a directory; pass a file path such as {Path(path) / 'harness.json'}")
    corpus = config.getini("aacl_corpus")
    if not corpus.strip() or (config.rootpath / corpus).is_file():
        raise pytest.UsageError(f"aacl_corpus = {corpus!r} is not a directory; name one under rootdir, e.g. tests/aacl_corpus")


@pytest.fixture
def aacl_harness(request: pytest.FixtureRequest) -> Harness:
    """Run models through the harness; every run lands in the session's convergence table,
    and in integration tests real failures land in the regression corpus (ini aacl_corpus).
    Runs replayed from a cassette carry its provenance (recorded, synthetic, unlabelled)."""
    corpus, evidence = None, ""
    if _recorded_test(request):
        corpus = request.config.rootpath / request.config.getini("aacl_corpus")
        provenance = request.getfixturevalue("aacl_provenance")
        evidence = provenance["kind"] if provenance else "unlabelled"
    from ..harness._fixture import Harness  # lazy: start-up

    return Harness(request.config.stash[_RUNS], request.node.nodeid, corpus, evidence)


@pytest.fixture
def aacl_provenance(request: pytest.FixtureRequest) -> dict[str, Any] | None:
    """Where this test's evidence comes from: its cassette's `aacl.provenance` (`kind`
    recorded or synthetic, `date`, `sdks`, `script`...); None when the test has no cassette
    yet or its cassette does not say. A malformed provenance fails the test, naming the file."""
    if not _recorded_test(request):
        return None
    cassette = request.getfixturevalue("vcr")
    from .._compat.vcr import cassette_path  # lazy: start-up

    path = Path(str(cassette_path(cassette) or ""))
    if not path.is_file() or getattr(cassette, "record_mode", None) == "all":
        return None
    from .._integration._cassettes import CassetteError  # lazy: start-up (yaml)
    from .._integration._provenance import read_provenance  # lazy: start-up (yaml)

    try:
        return read_provenance(path)
    except CassetteError as exc:
        pytest.fail(str(exc), pytrace=False)


def _recorded_test(request: pytest.FixtureRequest) -> bool:
    from .._integration._state import marker_name  # lazy: start-up

    try:
        marker = marker_name(request.config)
    except pytest.UsageError:  # a bad marker name is reported once, by the integration plugin
        return False
    return bool(marker) and request.node.get_closest_marker(marker) is not None


def pytest_sessionfinish(session: pytest.Session) -> None:
    config = session.config
    runs = config.stash.get(_RUNS, [])
    workeroutput = getattr(config, "workeroutput", None)
    if workeroutput is not None:  # xdist worker: the controller reports
        workeroutput["aacl_harness_runs"] = json.dumps(runs)
        return
    path = config.getoption("aacl_harness_report", None)
    if path and runs:
        from ..harness._records import Run  # lazy: start-up

        report = {"runs": runs, "summary": _summary([Run.from_dict(r) for r in runs])}
        try:
            Path(path).write_text(json.dumps(report, indent=2, ensure_ascii=False), encoding="utf-8")
        except OSError as exc:
            session.config.stash[_ERROR] = f"aacl: could not write {path}: {exc.strerror}"


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    output = getattr(node, "workeroutput", None) or {}
    if "aacl_harness_runs" in output:
        node.config.stash[_RUNS].extend(json.loads(output["aacl_harness_runs"]))


def _summary(runs: list[Any]) -> dict[str, Any]:
    from ..harness import summarise  # lazy: start-up

    return summarise(runs)


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    if hasattr(config, "workerinput"):
        return
    runs = config.stash.get(_RUNS, [])
    error = config.stash.get(_ERROR, "")
    if error:
        terminalreporter.write_line(error, red=True)
    if not runs:
        return
    from ..harness._records import Run  # lazy: start-up
    from ..harness._table import table  # lazy: start-up

    terminalreporter.write_sep("=", "aacl convergence")
    for line in table([Run.from_dict(r) for r in runs]):
        terminalreporter.write_line(line)
