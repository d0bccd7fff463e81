"""What the fuzz plugin (`pytest_aacl._plugins.fuzz`) does that needs no pytest: the object
the `aacl_tool` fixture wraps a tool in (`FuzzableTool`), the targets of `--aacl-target`
(`targets_of`), the failure text of an auto-generated item, and the lines of the session
summary.

At import time only `_reach` (plain data): the xdist controller prints the summary without
loading the fuzzer, which the functions that run it import when they are called.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from ._reach import Tally, blocker_line


def targets_of(reference: str, timeout: float | None = None) -> Iterator[tuple[str, Any]]:
    """`--aacl-target` / ini `aacl_targets`: a reference (`module:object`, `stdio:...`, a URL)
    -> (tool name, fuzzable target) pairs. The object may be a list of them, and a dict with
    a "target" key holds `fuzz()` arguments; `timeout` is the default for each. Raises what
    `load` and `resolve` raise (`InvalidArgument`, `TypeError` for a bad argument)."""
    from ._targets import load, resolve  # lazy: start-up

    obj = load(reference)
    entries = obj if isinstance(obj, (list, tuple)) else [obj]
    for entry in entries:
        kwargs = dict(entry) if isinstance(entry, dict) and "target" in entry else {"target": entry}
        target = kwargs.pop("target")
        if timeout is not None:
            kwargs.setdefault("timeout", timeout)
        for resolved in resolve(target, **kwargs):
            yield resolved.name, resolved


class FuzzableTool:
    """A target wrapped for use inside a test: `.fuzz()` asserts there are no findings.

    `options` are the run's defaults (`checks`, `max_examples`, `seed`, `values`,
    `advice_fails`), from the plugin's command-line options.
    """

    def __init__(self, target: Any, options: Any, reset: Any = None, corpus: Path | None = None,
                 **how: Any) -> None:
        from ._targets import resolve  # lazy: start-up

        self._how = {k: v for k, v in how.items() if k in ("correction", "timeout")}
        self.targets = resolve(target, **how)
        self._options = options
        self._reset = reset
        self._corpus = corpus

    def fuzz(self, *, checks: Any = None, max_examples: int | None = None, seed: int | None = None) -> Any:
        """Run the checks; raise one readable `AssertionError` if anything is found."""
        __tracebackhide__ = True
        from ._fuzz import FuzzReport, fuzz  # lazy: start-up

        total = FuzzReport()
        for target in self.targets:
            report = fuzz(target, checks=checks or self._options.checks,
                          max_examples=max_examples or self._options.max_examples,
                          seed=self._options.seed if seed is None else seed, reset=self._reset,
                          corpus=self._corpus, values=self._options.values or None, **self._how)
            total.findings += report.findings
            total.advice += report.advice
            total.examples_run += report.examples_run
            total.seed, total.checks = report.seed, report.checks
            total.tools += report.tools
            total.not_applicable += report.not_applicable
            total.calls.update(report.calls)
            total.unreproducible += report.unreproducible
        failing = total.findings or (total.advice if self._options.advice_fails else [])
        if failing:
            total.findings = failing
            raise AssertionError("pytest-aacl found defects\n" + str(total))
        return total


def failure_text(report: Any, reference: str, selector: str, advice_fails: bool = False) -> str:
    """The failure of the auto-generated item `selector` (`"<tool> and <check>"`) of the
    target `reference`: the report, ending with the command line that reruns the item."""
    from ._fuzz_report import format_report  # lazy: start-up

    if advice_fails and not report.findings:  # advice is what failed: show it as findings
        report = type(report)(findings=report.advice, examples_run=report.examples_run, seed=report.seed,
                              checks=report.checks, tools=report.tools, not_applicable=report.not_applicable)
    seed = f" --aacl-seed {report.seed}" if report.seed is not None else ""
    # a stdio target with arguments is one word of the command line
    text = format_report(report, replay=f"pytest --aacl-target {shlex.quote(reference)} "
                                        f"-k {shlex.quote(selector)}{seed}")
    running = selector.rpartition(" and ")[2]
    others = sorted({f.check for f in report.findings} - {running})
    if not others:
        return text
    # trial 14: "found by total" under the no_silent_corruption item, while the total item passed
    return (f"(found by {', '.join(others)} on calls that {running} made: a crash, a hang or an answer JSON "
            f"cannot carry is reported once, by the first item that meets it, whichever check it runs)\n" + text)


#: one line of the summary: its text, and whether it is a warning (shown yellow and bold)
Line = tuple[str, bool]


#: up to this many tools with advice, the summary prints its words, not only its count
ADVICE_SHOWN_TOOLS = 3


def summary(calls: dict[str, Tally], unreproducible: dict[str, tuple[int, str]],
            findings: list[tuple[str, str, int]], advice: list[tuple[Any, ...]],
            verbose: bool = False, causes: Sequence[tuple[str, str]] = ()) -> list[tuple[str, list[Line]]]:
    """The sections of the session summary, as (title, lines), from what the auto-generated
    items reported: calls per tool (`Tally`), answers that were not reproducible (tool ->
    (calls, the first message)), findings ((tool, check, count) each) and advice ((tool,
    check, count, its lines) each) and crash causes ((tool, cause) each).  A passing item prints nothing, so the advice's words are
    shown here when few tools have any (or with -v); a 50-tool server gets one line per check."""
    sections: list[tuple[str, list[Line]]] = []
    if calls:
        lines = [(f"{tool}: {tally.line()}", False) for tool, tally in calls.items()]
        for tool, tally in calls.items():
            line = blocker_line(tool, tally)
            if line:
                lines.append((f"WARNING {line}", True))
        sections.append(("pytest-aacl calls", lines))
    if unreproducible:
        lines = [(f"{tool}: {count} call(s) answered the same arguments differently, e.g. {message}", False)
                 for tool, (count, message) in unreproducible.items()]
        lines.append(("Not a defect, and it does not fail the run; but answers that change by themselves "
                      "cannot be compared: seed the tool's randomness, freeze time or reset its state "
                      "(the aacl_reset fixture)", False))
        sections.append(("pytest-aacl not reproducible", lines))
    if findings:
        from ._causes import shared_causes  # plain data, like `_reach`

        lines = [(f"{tool}: {check} found {count} defect(s)", False) for tool, check, count in findings]
        sections.append(("pytest-aacl findings", lines + [(line, True) for line in shared_causes(causes)]))
    if advice:  # one line per check over all tools: advice is a convention of the server
        by_check: dict[str, list[tuple[str, int]]] = {}
        for tool, check, count, *_ in advice:
            by_check.setdefault(check, []).append((tool, count))
        show = verbose or len({a[0] for a in advice}) <= ADVICE_SHOWN_TOOLS
        how = "" if show else ", -v without -q to read them"
        lines = []
        for check, tools in by_check.items():
            names = ", ".join(t for t, _ in tools[:5]) + (", ..." if len(tools) > 5 else "")
            lines.append((f"{check}: {sum(n for _, n in tools)} piece(s) of advice on {len(tools)} tool(s) ({names}); "
                          f"not failing (--aacl-advice-fails to fail on them{how})", False))
        if show:
            for _tool, _check, _count, *words in advice:  # each block names its tool
                lines += [(line, False) for line in (words[0] if words else [])]
        sections.append(("pytest-aacl advice", lines))
    return sections
