"""`fuzz()`: run the named checks against one target with the hallucinating strategies.

Each check gets its own run (`_run`): a deterministic coverage pass, Hypothesis
exploration, shrinking.  Findings come back grouped (one cause, one finding), each ending
with what to fix; `advice` (conventions of corrections) is kept apart from defects and does
not make a report fail.  Nothing is printed, so callers decide how to show it (`_report`).
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import json
import os
import random
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import _argcheck, _branchcov, _probe
from ._call import EXPLORATORY
from ._checks import CHECKS, Call, Case, InputKind, _field_of
from ._context import CheckContext
from ._dataflow import read_after_call
from ._errors import InvalidArgument, render_value
from ._fuzz_report import format_exception, format_report
from ._jsonvalue import comparable
from ._lint import schema_advice
from ._reach import RATE_LIMITED, Tally, error_answer
from ._repr import call_line, safe_repr
from ._run import HANG_LIMIT, Failure, case_of, coverage_for, plainest, run_check
from ._targets import Target, ToolCrashed, check_call_options, resolve
from ._targets._target import PATIENCE
from ._values import values_for, with_values

__all__ = ["Finding", "FuzzReport", "fuzz"]


@dataclass(frozen=True)
class Finding:
    """One defect (or one piece of advice): which check, the call that shows it, what happened.

    `first_seen` is the 1-based example (within that check's run) at which it was first
    seen; `fix` is one line saying what to change; `severity` is `"defect"` or `"advice"`.
    `shrunk` is True when `call` is minimal (shrunk, or a one-field coverage case).
    `code` identifies the check stably (`AACL130` for `total`; a user check's own code or
    name), for filtering in CI and for the docs anchor; `key` groups findings of one cause.
    """

    tool: str
    check: str
    message: str
    call: str
    args: dict[str, Any]
    kind: str
    outcome: str
    intended: dict[str, Any] | None = None
    received: tuple[dict[str, Any], ...] = ()
    labels: tuple[dict[str, Any], ...] = ()
    error: str = ""
    shrunk: bool = True
    first_seen: int = 1
    severity: str = "defect"
    fix: str = ""
    result: Any = None
    black_box: bool = False
    key: tuple[str, ...] = ()
    code: str = ""

    @property
    def family(self) -> str:
        return ", ".join(dict.fromkeys(str(label["family"]) for label in self.labels))


@dataclass
class FuzzReport:
    """What a `fuzz()` run found. `str(report)` is the readable failure report.

    `findings` are defects (they make `ok` False); `advice` are findings of advice-severity
    checks (conventions, e.g. a correction that does not name the field), reported but not failing.
    """

    findings: list[Finding] = field(default_factory=list)
    examples_run: int = 0
    seed: int | None = None
    checks: tuple[str, ...] = ()
    tools: tuple[str, ...] = ()
    #: `"tool::check: why"` for checks that had nothing to generate for a tool (e.g. no
    #: argument a model could write differently), so a 0-example pass is never silent
    not_applicable: list[str] = field(default_factory=list)
    advice: list[Finding] = field(default_factory=list)
    #: tool -> branch coverage of its own code (`"41/57 branches of the interface layer
    #: reached ..."`), or why it was not measured (an out-of-process target)
    coverage: dict[str, str] = field(default_factory=dict)
    #: per tool, how many calls reached it and what refused the others (`_reach.Tally`)
    calls: dict[str, Tally] = field(default_factory=dict)
    #: tools whose answers to the same arguments changed by themselves (state, time,
    #: randomness): not defects, reported apart so a result comparison is not trusted blindly
    unreproducible: list[Finding] = field(default_factory=list)
    #: the tool being fuzzed when the run was interrupted (Ctrl-C, SIGINT), "" for a whole run
    interrupted: str = ""

    @property
    def ok(self) -> bool:
        """No finding in a run that finished (an interrupted run is not a pass)."""
        return not self.findings and not self.interrupted

    def __str__(self) -> str:
        return format_report(self)


def fuzz(
    target: Any,
    *,
    schema: Any = None,
    implementation: Any = None,
    checks: Iterable[str] | None = None,
    max_examples: int = 100,
    seed: int | None = None,
    correction: type[BaseException] | tuple[type[BaseException], ...] = ValueError,
    timeout: float = 5.0,
    reset: Callable[[], Any] | None = None,
    corpus: str | Path | None = None,
    values: Mapping[str, Any] | None = None,
) -> FuzzReport:
    """Fuzz `target` with every selected check; return the findings (never raises on them).

    Example::

        report = fuzz(search_web, checks=["no_silent_corruption"], max_examples=50)
        assert report.ok, report       # str(report) is the readable failure report

    `target` is a boundary `Tool`; a hand-written interface function with `schema=` (JSON
    Schema, OpenAI tool or ToolSpec; default: the implementation's type hints) and
    `implementation=` (`"module:attr"` or `(obj, "attr")`, observed for the run); a FastMCP /
    MCP SDK server or tool; a LangChain tool; an OpenAI tool spec dict with `implementation=`
    the callable it dispatches to; or `"module:object"`.  When no implementation layer is
    observed, the tool is judged as a black box (see `CheckContext.black_box`).  For tools
    not built with the boundary, an exception of type `correction` counts as a rejection.
    `timeout` bounds each call: a hang is a `total` finding.  `reset`, if given, is called
    before every call, in the process the tool runs in (recreate a temporary repository,
    truncate a table, clear a module-level cache, ...).  `corpus` is a regression-corpus
    directory (docs/how-to/regression-corpus.md): each case saved for a tool is replayed first, before any
    generated input (a reviewed normalisation as a hallucinated case, a reviewed correction as
    an invalid one).  `values` maps argument names to values the tool accepts (an existing
    file, a known id): they become the intended values of those arguments, so a run is not
    stopped at the tool's first check (the report says when it was: `FuzzReport.calls`).

    A wrong argument raises `pytest_aacl.InvalidArgument` saying what to pass instead.
    """
    names = _validate(checks, max_examples, seed, correction, timeout, reset, corpus)
    _argcheck.mapping("fuzz", "values", values, optional=True,
                  expected="a dict of argument name -> a value the tool accepts, e.g. values={'path': '/tmp/book.xlsx'}")
    targets = resolve(target, schema=schema, implementation=implementation, correction=correction, timeout=timeout)
    if values:
        tools = {t.name for t in targets}
        for t in targets:
            t.spec = with_values(t.spec, values_for(t.name, values, tools))
    if reset is not None:  # runs where the tool runs (its worker), before every call, checks' own included
        for t in targets:
            t.reset = reset
    if seed is None:  # always explicit, so exploring and shrinking replay the same stream
        seed = 0 if _base_settings().derandomize else random.getrandbits(32)
    report = FuzzReport(seed=seed, checks=tuple(names), tools=tuple(t.name for t in targets))
    with _hypothesis_storage():
        for t in targets:
            with t.session():
                try:
                    _fuzz_one(t, names, max_examples, seed, reset, report, _corpus_cases(corpus, t.name))
                except KeyboardInterrupt as stop:  # Ctrl-C: what was found so far goes with it
                    report.interrupted = t.name
                    stop.aacl_report = report  # type: ignore[attr-defined]
                    raise
                finally:
                    t.close()
    return report


@contextlib.contextmanager
def _hypothesis_storage() -> Iterator[None]:
    """Hypothesis keeps caches under `./.hypothesis` (its constants cache, even with no
    database): while fuzzing they go to a temporary directory instead, unless the user chose
    one (`HYPOTHESIS_STORAGE_DIRECTORY`), so a run leaves nothing in the working directory."""
    from hypothesis import configuration

    chosen = configuration.__dict__.get("__hypothesis_home_directory")
    default = configuration.__dict__.get("__hypothesis_home_directory_default")
    if (chosen is not None and chosen != default) or os.environ.get("HYPOTHESIS_STORAGE_DIRECTORY"):
        yield
        return
    with tempfile.TemporaryDirectory(prefix="aacl-hypothesis-") as scratch:
        configuration.set_hypothesis_home_dir(scratch)
        try:
            yield
        finally:
            configuration.set_hypothesis_home_dir(chosen)


def _fuzz_one(t: Target, names: list[str], max_examples: int, seed: int, reset: Callable[[], Any] | None,
              report: FuzzReport, saved: Sequence[Any] = ()) -> None:
    tally = report.calls.setdefault(t.name, Tally())
    tally.values_given = '"x-aacl-values"' in json.dumps(t.spec.parameters, default=str)  # at any depth
    ctx = _context_for(t, reset, tally)
    black_box, call = ctx.black_box, ctx._call
    _probe.forget(t.spec)
    rebased = _probe.accepted_base(t.spec, ctx.call)
    if rebased is not None:  # the plain call was refused: the coverage phase builds on one accepted
        tally.rebased = render_value(rebased, 200)
        _probe.accept(t.spec, rebased)
    covered = _branchcov.attach(t)  # branch coverage of the tool's own code, measured in its worker
    _branchcov.ACTIVE[0] = covered if isinstance(covered, _branchcov.Coverage) else None
    hung = [False]
    seen: set[tuple[str, ...]] = set()
    records: dict[str, list[Any]] = {}
    base = _base_settings()
    # crashes any check's calls showed are `total`'s findings; the plugin, which runs one check
    # per item, wants them from every item (trial 12: escapes were tallied, never reported)
    escapes: dict[tuple[str, ...], Any] | None = {} if "total" in names or ALL_CRASHES.get() else None
    for name in names:
        cdef = _tallied(CHECKS[name], tally)
        if hung[0]:
            why = "the server rate-limited the run" if tally.throttled else f"the tool hung on {HANG_LIMIT} calls in a row"
            report.not_applicable.append(f"{t.name}::{name}: not run, {why}")
            continue
        if black_box and cdef.needs_implementation:
            report.not_applicable.append(
                f"{t.name}::{name}: judges what reaches the implementation; the tool is fuzzed as a black box "
                "(name the implementation with implementation= to run it)")
            continue
        strategy, why = _strategy(cdef.inputs, t.spec)
        replayed = [c for c in saved if c.kind in cdef.inputs][:max_examples]  # the corpus first
        cover = replayed + coverage_for(cdef.inputs, t.spec, max_examples - len(replayed), records)
        if strategy is None and not cover:
            report.not_applicable.append(f"{t.name}::{name}: {why}")
            continue
        failures, count = run_check(cdef, ctx, call, strategy, cover, max_examples, seed, hung, base, escapes, tally)
        report.examples_run += count
        if not count and not hung[0]:
            report.not_applicable.append(f"{t.name}::{name}: no example could be generated for this schema")
        for failure in sorted(failures, key=lambda f: (f.first_seen, not f.call.received)):
            _file(t, failure, black_box, seen, report)
    # crashes met while another check ran (that check leaves them to `total`), after total's own
    for failure in (escapes or {}).values():  # not shrunk: the call as that check sent it, or without
        if failure.key not in seen:  # its changes when they were not the cause
            failure = plainest(failure, ctx)
        _file(t, failure, black_box, seen, report)
    _branchcov.ACTIVE[0] = None
    _probe.forget(t.spec)
    if "no_silent_corruption" in names:  # what that check could not test, said once per tool
        report.advice += schema_advice(t.name, t.spec, Finding)
    report.coverage[t.name] = covered.line() if isinstance(covered, _branchcov.Coverage) else covered


def _file(t: Target, failure: Any, black_box: bool, seen: set[tuple[str, ...]], report: FuzzReport) -> None:
    """One failure into the report: once per key, a slow answer as advice, a changing one apart."""
    key = ("total", "timeout") if failure.call.outcome == "timeout" else failure.key
    if key in seen:
        if "its last output" in failure.call.message:  # a dead server: keep the report that has its last words
            for i, found in enumerate(report.findings):
                if found.key == key and "its last output" not in (found.error or ""):
                    report.findings[i] = _finding(t, failure, black_box, key)
        return  # one hanging tool is one finding, whichever check met it
    seen.add(key)
    slow = False
    if failure.call.outcome == "timeout":
        failure.message, slow = _slow_or_hung(t, failure)
    finding = _finding(t, failure, black_box, key)
    if slow:  # a slow answer is not a hang: reported with its time, never failing
        report.advice.append(dataclasses.replace(finding, severity="advice"))
        return
    if "nondeterministic" in key[1:2]:  # answers that change by themselves: not a defect
        intended = failure.case.intended  # the example is the call repeated, as the message says
        if intended is not None and render_value(intended, 240, readable=True) in failure.message:
            finding = dataclasses.replace(finding, call=call_line(t.name, intended), args=intended)
        report.unreproducible.append(finding)
        return
    (report.advice if finding.severity == "advice" else report.findings).append(finding)


#: set by the pytest plugin: every check reports the crashes its calls showed (as `total`'s
#: findings), as each of its items runs one check and `total` may have passed before
ALL_CRASHES: contextvars.ContextVar[bool] = contextvars.ContextVar("aacl_all_crashes", default=False)

def _slow_or_hung(t: Target, failure: Any) -> tuple[str, bool]:
    """A slow answer is not a hang: the call was repeated with a longer timeout (`Target.call`);
    say which it was.  A call cut short because another one's hang was confirmed is given the
    whole timeout once; if it answers then, the confirmed call is the example."""
    limit, patient = t.timeout, t.timeout * PATIENCE
    args = dict(failure.case.args)
    again = t.retried(args)
    if again is None and t.verdict == "hung":
        confirmed = t.retried()
        if failure.call.seconds >= limit * 0.99 or t.call(args, limit=limit).outcome == "timeout":
            return (f"the tool hangs: the call hung past the {limit:g} s timeout (another call of it hung past "
                    f"{patient:g} s when it was repeated)"), False
        if confirmed is not None:  # this one was only slow: show the one that hung
            failure.case = Case(failure.case.kind, dict(confirmed.args))
            failure.call, failure.shrunk = confirmed, False
        return (f"the tool hangs: the call hung past the {limit:g} s timeout, and past {patient:g} s "
                "when it was repeated"), False
    if again is None:
        again = t.call(args, limit=patient)
    if again.outcome == "timeout":
        return (f"the tool hangs: the call hung past the {limit:g} s timeout, and past {patient:g} s "
                "when it was repeated"), False
    if again.outcome == "escaped" and isinstance(again.error, ToolCrashed):
        # finance-calc's depreciation(useful_life=1e300) looped, growing 90 MB/s: the retry
        # ended in the memory stop, which is no answer (it was reported as a slow tool)
        return (f"the tool hangs: no answer within the {limit:g} s timeout, and when it was repeated it was "
                f"stopped after {again.seconds:.1f} s: {again.message[:300]}"), False
    return (f"the tool is slow, not hung: no answer within the {limit:g} s timeout, but it answered the same call "
            f"in {again.seconds:.1f} s (raise fuzz(timeout=) / --aacl-timeout if that is acceptable)"), True


def _tallied(cdef: Any, tally: Tally) -> Any:
    """The check, counting each generated call's outcome before judging it."""
    judge = cdef.func

    def func(case: Any, call: Call, ctx: Any) -> None:
        # the fields this call varied on purpose (a rendering, or a canonical class of the
        # coverage pass): a refusal because of them is the tool judging them, not a blocker
        rendered = frozenset(_field_of(label) for label in case.labels) if case.kind in ("hallucinated", "conforming") else frozenset()
        if rendered:  # a key the schema does not name is a renamed one (`digestSize`): varied too,
            props = ctx.spec.parameters.get("properties", {})  # never an argument to give a value for
            rendered |= {k for k in case.args if isinstance(k, str) and k not in props}
        # a value that explores (examples recombined, a number in a text made huge) is the tool's
        # to refuse: counted as sent, never as a valid call refused (trial 14: nwtools' "At most 3
        # characters permitted in '100000000000'" made three false "only 1 of 14" WARNINGs)
        exploring = case.kind == "conforming" and case.labels and all(lb.family in EXPLORATORY for lb in case.labels)
        tally.add("exploratory" if exploring else case.kind, case.args, call.outcome, call.message, call.error,
                  rendered, call.result)
        tally.judging = case  # the check's own calls of the intended value count as valid calls
        try:
            judge(case, call, ctx)
        finally:
            tally.judging = None

    return dataclasses.replace(cdef, func=func)


def _corpus_cases(corpus: str | Path | None, tool: str) -> list[Any]:
    """The regression corpus's cases for `tool`, as the Cases checks judge."""
    if corpus is None:
        return []
    from ._corpus import load_corpus  # a leaf: not the 13 modules of the harness
    from .strategies import (  # lazy: hypothesis costs start-up; fuzz() checks its arguments first
        Label,
        Mutation,
    )

    cases = []
    for saved in load_corpus(corpus, tool=tool):
        if saved.kind != "tool_call" or not isinstance(saved.raw, dict):
            continue
        if saved.correction is None and saved.normalised is not None:
            label = Label("<arguments>", f"corpus:{saved.path.name}", saved.normalised, saved.raw)
            cases.append(case_of("hallucinated", _Record(saved.raw, saved.normalised, (label,))))
        elif saved.correction is not None:
            mutation = Mutation("<arguments>", f"corpus:{saved.path.name}", None, saved.raw)
            cases.append(case_of("invalid", _Record(saved.raw, None, (mutation,))))
    return cases


@dataclass(frozen=True)
class _Record:
    args: dict[str, Any]
    intended: dict[str, Any] | None
    labels: tuple[Any, ...]


def _validate(checks: Any, max_examples: Any, seed: Any, correction: Any, timeout: Any, reset: Any,
              corpus: Any = None) -> list[str]:
    """Every public argument, checked before anything runs: one `InvalidArgument` each."""
    _argcheck.whole("fuzz", "max_examples", max_examples, minimum=1, example="max_examples=100")
    _argcheck.whole("fuzz", "seed", seed, minimum=None, example="seed=1234 (None picks a random one)", optional=True)
    check_call_options(timeout, correction, reset)
    if corpus is not None:
        _argcheck.path("fuzz", "corpus", corpus, expected="a directory path (str or pathlib.Path) or None")
    return _select(checks)


def _select(checks: Iterable[str] | None) -> list[str]:
    if checks is None:
        return list(CHECKS)
    names = [checks] if isinstance(checks, str) else _argcheck.items(
        "fuzz", "checks", checks, expected="a list of check names, e.g. checks=['total']")
    unknown = [n for n in names if not isinstance(n, str) or n not in CHECKS]
    if unknown or not names:
        what = f"checks naming unknown check(s) {_argcheck.shown(unknown)}" if unknown else "checks=[]"
        raise InvalidArgument(f"fuzz() got {what}; pass names of registered checks from: {', '.join(CHECKS)}")
    return list(dict.fromkeys(names))


def _is_black_box(t: Target) -> bool:
    """No implementation layer observed: the target says so, or it has nothing to spy with."""
    flag = getattr(t, "black_box", None)
    return flag if isinstance(flag, bool) else getattr(t, "spy", None) is None


def _context_for(t: Target, reset: Callable[[], Any] | None = None, tally: Tally | None = None) -> CheckContext:
    """The public face of a target, as checks see it."""
    black_box = _is_black_box(t)
    ctx = CheckContext(t.name, t.spec, black_box, {k: comparable(v) for k, v in t.defaults.items()},
                       _caller(t, black_box, reset, tally))
    layer, patch = getattr(t, "layer", None), getattr(t, "_patch", None)
    if layer is not None and patch is not None:  # which arguments the layer reads after its implementation answered
        ctx._cache["read_after_call"] = read_after_call(layer, patch[1])
    return ctx


def _caller(t: Target, black_box: bool, reset: Callable[[], Any] | None,
            tally: Tally | None = None) -> Callable[[dict[str, Any]], Call]:
    def call(args: dict[str, Any]) -> Call:
        observed = t.call(args)  # the target runs `reset` first, in the tool's own process
        said = observed.message if observed.outcome in ("rejected", "escaped") else \
            error_answer(observed.result) if observed.outcome == "returned" else ""  # `{"error": "Limit 50/day"}`
        if tally is not None and said and RATE_LIMITED.search(said[:500]):
            tally.throttled = tally.throttled or " ".join(said.split())[:160]  # the run stops (CheckRun)
        if black_box:
            observed.received = None
        judging = tally.judging if tally is not None else None
        if judging is not None and judging.intended is not None and args == judging.intended:
            tally.add("conforming", args, observed.outcome, observed.message, observed.error, result=observed.result)
        return observed

    return call


def _base_settings() -> Any:
    """The active Hypothesis profile; under `CI`, the derandomised `ci` profile unless the
    user chose another (Hypothesis loads it itself only if `CI` was set when it was imported)."""
    from hypothesis import HealthCheck, settings
    from hypothesis.errors import InvalidArgument

    if not os.environ.get("CI"):
        return settings()
    try:
        ci = settings.get_profile("ci")  # built in since Hypothesis 6.131
    except InvalidArgument:  # pragma: no cover (older Hypothesis)
        settings.register_profile("ci", derandomize=True, deadline=None, database=None,
                                  print_blob=True, suppress_health_check=[HealthCheck.too_slow])
        ci = settings.get_profile("ci")
    chosen = getattr(settings, "get_current_profile_name", lambda: "default")()
    return ci if chosen == "default" else settings()


def _strategy(kinds: Sequence[InputKind], spec: Any) -> tuple[Any, str]:
    """The inputs a check runs on, or `(None, why)` when no kind applies to this tool
    (a strategy refuses a schema it cannot generate anything meaningful for)."""
    from hypothesis import (
        strategies as st,  # lazy: hypothesis costs start-up; fuzz() checks its arguments first
    )
    from hypothesis.errors import InvalidArgument as Unusable

    from . import (
        strategies as aacl,  # lazy: hypothesis costs start-up; fuzz() checks its arguments first
    )

    usable, reasons = [], []
    for kind in kinds:
        try:
            usable.append(getattr(aacl, kind)(spec).map(lambda example, kind=kind: case_of(kind, example)))
        except Unusable as exc:
            reasons.append(f"{kind}: {exc}")
    if not usable:
        return None, "; ".join(reasons)
    return st.one_of(*usable), ""


def _finding(target: Target, failure: Failure, black_box: bool, key: tuple[str, ...]) -> Finding:
    case, call = failure.case, failure.call
    cdef = CHECKS.get(failure.check)
    error = ""
    if call.error is not None and call.outcome == "escaped":
        error = format_exception(call.error)
    elif call.outcome == "rejected":
        error = "correction: " + call.message[:600]
    received = []
    for kwargs in call.received or ():  # None: a black box, nothing observed inside
        try:
            received.append(comparable(target.spec.to_json(dict(kwargs))))
        except Exception:
            received.append({k: safe_repr(v) for k, v in kwargs.items()})
    return Finding(
        tool=target.name,
        check=failure.check,
        message=failure.message,
        call=call_line(target.name, case.args),
        args=case.args,
        kind=case.kind,
        outcome=call.outcome,
        intended=case.intended,
        received=tuple(received),
        labels=tuple(_label_dict(label) for label in case.labels),
        error=error,
        shrunk=failure.shrunk,
        first_seen=failure.first_seen,
        severity=failure.severity or (cdef.severity if cdef is not None else "defect"),
        fix=failure.fix or (f"make the tool satisfy the check {failure.check!r}: {cdef.description}" if cdef else ""),
        result=comparable(call.result) if black_box else None,
        black_box=black_box,
        key=key,
        code=cdef.code if cdef is not None else failure.check,
    )


def _label_dict(label: Any) -> dict[str, Any]:
    """A hallucination label or an invalid/adversarial mutation record, as plain data for reports."""
    return {
        "path": label.path or "<arguments>",
        "family": label.family or "?",
        "original": label.original,
        "rendered": label.rendered,
        "ambiguous": label.ambiguous,
        "mutation": label.mutation,
    }
