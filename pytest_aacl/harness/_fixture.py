"""What the `aacl_harness` fixture returns: a harness that records its runs.

`Harness` runs `converge` / `respond` like the functions of the same name and keeps every
run for the session's convergence table and `--aacl-harness-report` (the pytest side is
`pytest_aacl._plugins.harness`); in recorded integration tests it saves a real model's
failures to the regression corpus.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from . import RespondError, aconverge, arespond, converge, respond, save_case, summarise


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
        tools = list(tools)
        return self.record(converge(model, tools, task, **options), tools)

    async def aconverge(self, model: Any, tools: Any, task: Any, **options: Any) -> Any:
        tools = list(tools)
        return self.record(await aconverge(model, tools, task, **options), tools)

    def respond(self, model: Any, request: str, schema: dict[str, Any], **options: Any) -> Any:
        try:
            return self._responded(model, schema, respond(model, request, schema, **options))
        except RespondError as error:
            raise self._responded(model, schema, error) from None

    async def arespond(self, model: Any, request: str, schema: dict[str, Any], **options: Any) -> Any:
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
        for attempt in attempts:
            if attempt.error:
                self.saved.append(save_case(self._corpus, kind="response", tool=None, model=getattr(model, "name", "?"),
                                            raw=attempt.text, schema=schema, test=self._test,
                                            correction={"error": attempt.error}))

    def summary(self) -> dict[str, Any]:
        return summarise(self.runs)


def _raw(arguments: Any) -> Any:
    """A corpus case keeps an object as the object (the fuzzer replays it as sent), and text
    that is not JSON as the text."""
    try:
        return json.loads(arguments) if isinstance(arguments, str) else arguments
    except ValueError:
        return arguments
