"""pytest glue for the self-healing harness: the `aacl_harness` fixture, its terminal table,
`--aacl-harness-report PATH` (JSON), and merging under pytest-xdist.

Imports nothing of the harness until a test asks for the fixture.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

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


class Harness:
    """Runs `converge` / `respond` and records each run for the session's report (a
    `respond` call is a run of kind "respond": its attempts are the responses).

    `aacl_harness.converge(model, tools, task, ...)` is `pytest_aacl.harness.converge` plus
    the bookkeeping; `record(run)` adds a run made some other way.
    """

    def __init__(self, runs: list[dict[str, Any]], test: str, corpus: Path | None = None, evidence: str = "") -> None:
        self._runs, self._test, self._corpus = runs, test, corpus
        self.evidence = evidence  # the test's cassette provenance kind: recorded, synthetic, unlabelled; "" live
        self.runs: list[Any] = []
        self.saved: list[Path] = []

    def record(self, run: Any, tools: Any = ()) -> Any:
        if self.evidence and not run.evidence:
            run.evidence = self.evidence
        self.runs.append(run)
        self._runs.append({**run.as_dict(), "test": self._test})
        if self._corpus is not None and not run.simulated:
            self._save_run(run, {getattr(t, "name", None): t for t in tools})
        return run

    def converge(self, model: Any, tools: Any, task: Any, **options: Any) -> Any:
        from .harness import converge

        tools = list(tools)
        return self.record(converge(model, tools, task, **options), tools)

    async def aconverge(self, model: Any, tools: Any, task: Any, **options: Any) -> Any:
        from .harness import aconverge

        tools = list(tools)
        return self.record(await aconverge(model, tools, task, **options), tools)

    def respond(self, model: Any, request: str, schema: dict[str, Any], **options: Any) -> Any:
        from .harness import RespondError, respond

        try:
            return self._responded(model, schema, respond(model, request, schema, **options))
        except RespondError as error:
            raise self._responded(model, schema, error) from None

    async def arespond(self, model: Any, request: str, schema: dict[str, Any], **options: Any) -> Any:
        from .harness import RespondError, arespond

        try:
            return self._responded(model, schema, await arespond(model, request, schema, **options))
        except RespondError as error:
            raise self._responded(model, schema, error) from None

    def _responded(self, model: Any, schema: dict[str, Any], outcome: Any) -> Any:
        """A respond call (a `Responded` or a `RespondError`) in the table, the report and,
        for a real model's invalid responses, the corpus; returns `outcome`."""
        run = outcome.run
        if self.evidence and not run.evidence:
            run.evidence = self.evidence
        self.runs.append(run)
        self._runs.append({**run.as_dict(), "test": self._test})
        self._save_responses(model, schema, outcome.attempts)
        return outcome

    # -- the regression corpus: real failures of real models in integration tests ----------

    def _save_run(self, run: Any, tools: dict[Any, Any]) -> None:
        from .harness import save_case

        for attempt in run.attempts:
            tool = tools.get(attempt.tool)
            schema = tool.spec.parameters if tool is not None else None
            if attempt.outcome == "corrected":
                self.saved.append(save_case(self._corpus, kind="tool_call", tool=attempt.tool, model=run.model,
                                            raw=_raw(attempt.arguments), schema=schema, test=self._test,
                                            correction={"codes": sorted(set(attempt.codes)), "message": attempt.correction}))
        if run.gave_up:
            last = next((a for a in reversed(run.attempts) if a.arguments is not None), None)
            self.saved.append(save_case(self._corpus, kind="give_up", tool=run.task.tool, model=run.model,
                                        raw=_raw(last.arguments) if last else None, test=self._test))

    def _save_responses(self, model: Any, schema: dict[str, Any], attempts: list[Any]) -> None:
        if self._corpus is None or getattr(model, "simulated", False):
            return
        from .harness import save_case

        for attempt in attempts:
            if attempt.error:
                self.saved.append(save_case(self._corpus, kind="response", tool=None, model=getattr(model, "name", "?"),
                                            raw=attempt.text, schema=schema, test=self._test,
                                            correction={"error": attempt.error}))

    def summary(self) -> dict[str, Any]:
        from .harness import summarise

        return summarise(self.runs)


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
    return Harness(request.config.stash[_RUNS], request.node.nodeid, corpus, evidence)


@pytest.fixture
def aacl_provenance(request: pytest.FixtureRequest) -> dict[str, Any] | None:
    """Where this test's evidence comes from: its cassette's `aacl.provenance` (`kind`
    recorded or synthetic, `date`, `sdks`, `script`...); None when the test has no cassette
    yet or its cassette does not say. A malformed provenance fails the test, naming the file."""
    if not _recorded_test(request):
        return None
    cassette = request.getfixturevalue("vcr")
    path = Path(str(getattr(cassette, "_path", "") or ""))
    if not path.is_file() or getattr(cassette, "record_mode", None) == "all":
        return None
    from ._integration._cassettes import CassetteError
    from ._integration._provenance import read_provenance

    try:
        return read_provenance(path)
    except CassetteError as exc:
        pytest.fail(str(exc), pytrace=False)


def _recorded_test(request: pytest.FixtureRequest) -> bool:
    from ._integration.plugin import marker_name

    try:
        marker = marker_name(request.config)
    except pytest.UsageError:  # a bad marker name is reported once, by the integration plugin
        return False
    return bool(marker) and request.node.get_closest_marker(marker) is not None


def _raw(arguments: Any) -> Any:
    """A corpus case keeps an object as the object (the fuzzer replays it as sent), and text
    that is not JSON as the text."""
    try:
        return json.loads(arguments) if isinstance(arguments, str) else arguments
    except ValueError:
        return arguments


def pytest_sessionfinish(session: pytest.Session) -> None:
    config = session.config
    runs = config.stash.get(_RUNS, [])
    workeroutput = getattr(config, "workeroutput", None)
    if workeroutput is not None:  # xdist worker: the controller reports
        workeroutput["aacl_harness_runs"] = json.dumps(runs)
        return
    path = config.getoption("aacl_harness_report", None)
    if path and runs:
        from .harness._records import Run

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
    from .harness import summarise

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
    from .harness._records import Run
    from .harness._report import table

    terminalreporter.write_sep("=", "aacl convergence")
    for line in table([Run.from_dict(r) for r in runs]):
        terminalreporter.write_line(line)
