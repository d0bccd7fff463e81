"""`fuzz()`: run the named checks against one target with the hallucinating strategies.

Each check gets its own Hypothesis run over the inputs it judges (canonical, hallucinated,
invalid or adversarial arguments).  A failing check is shrunk by Hypothesis and comes back
as one `Finding`; nothing is printed, so callers decide how to show it (`_report`).
"""

from __future__ import annotations

import os
import random
import re
import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ._checks import CHECKS, Call, Case, CheckDef, InputKind
from ._oracle import jsonable
from ._report import call_line, format_exception, format_report, safe_repr
from ._targets import Target, resolve

__all__ = ["Finding", "FuzzReport", "fuzz"]


@dataclass(frozen=True)
class Finding:
    """One defect: which check, the shrunk call that shows it, and what happened."""

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

    @property
    def family(self) -> str:
        return ", ".join(dict.fromkeys(str(label["family"]) for label in self.labels))


@dataclass
class FuzzReport:
    """What a `fuzz()` run found. `str(report)` is the readable failure report."""

    findings: list[Finding] = field(default_factory=list)
    examples_run: int = 0
    seed: int | None = None
    checks: tuple[str, ...] = ()
    tools: tuple[str, ...] = ()
    #: `"tool::check: why"` for checks that had nothing to generate for a tool (e.g. no
    #: argument a model could write differently), so a 0-example pass is never silent
    not_applicable: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.findings

    def __str__(self) -> str:
        return format_report(self)


class _Failed(Exception):
    """Raised inside the Hypothesis test so it shrinks; carries what the finding needs."""

    key = ""

    def __init__(self, case: Case, call: Call, message: str) -> None:
        super().__init__(message)
        self.case, self.call, self.message = case, call, message


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
) -> FuzzReport:
    """Fuzz `target` with every selected check; return the findings (never raises on them).

    Example::

        report = fuzz(search_web, checks=["no_silent_corruption"], max_examples=50)
        assert report.ok, report       # str(report) is the readable failure report

    `target` is a boundary `Tool`; a hand-written interface function with `schema=` (JSON
    Schema, OpenAI tool or ToolSpec; default: the implementation's type hints) and
    `implementation=` (`"module:attr"` or `(obj, "attr")`, replaced by a spy returning a
    stub for the run); a FastMCP / MCP SDK server or tool; a LangChain tool; an OpenAI tool
    spec dict with `implementation=` the callable it dispatches to; or `"module:object"`.
    For tools not built with the boundary, an exception of type `correction` counts as a
    rejection.  `timeout` bounds each call: a hang is a `total` finding.
    """
    names = _select(checks)
    if not isinstance(max_examples, int) or isinstance(max_examples, bool) or max_examples < 1:
        raise ValueError(f"max_examples must be a positive integer, got {max_examples!r}")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise ValueError(f"seed must be an integer or None, got {seed!r}")
    targets = resolve(target, schema=schema, implementation=implementation, correction=correction, timeout=timeout)
    if seed is None:  # always explicit, so exploring and shrinking replay the same stream
        seed = 0 if _base_settings().derandomize else random.getrandbits(32)
    report = FuzzReport(seed=seed, checks=tuple(names), tools=tuple(t.name for t in targets))
    for t in targets:
        with t.session():
            try:
                for name in names:
                    strategy, why = _strategy(CHECKS[name].inputs, t.spec)
                    if strategy is None:
                        report.not_applicable.append(f"{t.name}::{name}: {why}")
                        continue
                    findings, count = _run_check(t, CHECKS[name], strategy, max_examples, seed)
                    report.examples_run += count
                    report.findings += findings
            finally:
                t.close()
    return report


def _select(checks: Iterable[str] | None) -> list[str]:
    if checks is None:
        return list(CHECKS)
    names = [checks] if isinstance(checks, str) else list(checks)
    unknown = [n for n in names if n not in CHECKS]
    if unknown or not names:
        raise ValueError(f"unknown check(s) {unknown or names!r}; known checks: {', '.join(CHECKS)}")
    return names


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
    from hypothesis import strategies as st
    from hypothesis.errors import InvalidArgument

    from . import strategies as aacl

    def labelled(kind: InputKind) -> Any:
        def make(example: Any) -> Case:
            if kind == "conforming":
                return Case(kind, dict(example), dict(example))
            args = getattr(example, "args", example)
            intended = getattr(example, "intended", None)
            return Case(kind, args, intended, tuple(getattr(example, "labels", ()) or ()))

        return getattr(aacl, kind)(spec).map(make)

    usable, reasons = [], []
    for kind in kinds:
        try:
            usable.append(labelled(kind))
        except InvalidArgument as exc:
            reasons.append(f"{kind}: {exc}")
    if not usable:
        return None, "; ".join(reasons)
    return st.one_of(*usable), ""


def _run_check(target: Target, cdef: CheckDef, strategy: Any, max_examples: int, seed: int) -> tuple[list[Finding], int]:
    """Explore, then shrink: every distinct defect (see `_defect_key`) comes back once.

    Hypothesis stops generating soon after its last new bug, so a first pass runs all
    `max_examples` without raising and records the first example of each defect; only if
    it found any does a second, normal Hypothesis run shrink them.  A defect the second
    run does not meet again is reported with its unshrunk first example.
    """
    from hypothesis import HealthCheck, Phase, Verbosity, given, settings
    from hypothesis import seed as hseed

    count = 0
    first: dict[str, _Failed] = {}

    def evaluate(case: Case) -> _Failed | None:
        nonlocal count
        count += 1
        call = target.call(case.args)
        try:
            cdef.func(case, call, target)
        except AssertionError as exc:
            message = str(exc)
            key = getattr(exc, "key", "") or _defect_key(case, call, message)
            return _failure_type(f"{cdef.name} {key}")(case, call, message)
        return None

    def explore(case: Case) -> None:
        failed = evaluate(case)
        if failed is not None:
            first.setdefault(failed.key, failed)

    def shrink(case: Case) -> None:
        failed = evaluate(case)
        if failed is not None:
            raise failed

    base = _base_settings()

    def hypothesis_run(test: Any, phases: list[Any]) -> None:
        configured = settings(
            base, max_examples=max_examples, derandomize=False,
            deadline=None, database=None, verbosity=Verbosity.quiet, report_multiple_bugs=True,
            suppress_health_check=list(HealthCheck), phases=phases,
        )
        with warnings.catch_warnings():
            # Hypothesis reprs strategies holding 1 MB adversarial strings when it replays a
            # failure; the warning says nothing about the tool under test
            warnings.filterwarnings("ignore", message="Generating overly large repr")
            hseed(seed)(configured(given(strategy)(test)))()

    hypothesis_run(explore, [Phase.generate])
    if not first:
        return [], count
    # no explain phase: its line tracing slows every call and its notes are never shown
    phases = [p for p in base.phases if p is not Phase.explain]
    shrunk = _shrunk(lambda test: hypothesis_run(test, phases), shrink)
    for key in [k for k in first if k not in shrunk]:
        # the same seed replays the exploration up to this defect, then shrinks it alone
        found = _shrunk(lambda test: hypothesis_run(test, phases), _only(evaluate, key))
        shrunk.update({k: f for k, f in found.items() if k == key})
    merged = {**first, **shrunk}
    findings = [_finding(target, cdef.name, f, shrunk=key in shrunk) for key, f in merged.items()]
    return sorted(findings, key=lambda f: not f.received), count  # silent acceptance first


def _only(evaluate: Any, key: str) -> Any:
    def test(case: Case) -> None:
        failed = evaluate(case)
        if failed is not None and failed.key == key:
            raise failed

    return test


def _shrunk(run: Any, test: Any) -> dict[str, _Failed]:
    """Run `test` under Hypothesis; the shrunk failures it raised, by defect key."""
    try:
        run(test)
    except BaseException as exc:
        failures = _failures_in(exc)
        if not failures:
            raise
        return {f.key: f for f in failures}
    return {}


def _failures_in(exc: BaseException) -> list[_Failed]:
    """Our failures inside whatever Hypothesis raised (one, a group of bugs, a Flaky group)."""
    if isinstance(exc, _Failed):
        return [exc]
    group = getattr(exc, "exceptions", None)  # BaseExceptionGroup, also its 3.10 backport
    if isinstance(group, (list, tuple)):
        found = [f for inner in group for f in _failures_in(inner)]
        others = [e for e in group if not _failures_in(e)]
        if others:  # a check itself crashed: that is a bug to show, not a finding
            raise others[0]
        return list({type(f): f for f in found}.values())
    return []


_FAILURE_TYPES: dict[str, type[_Failed]] = {}


def _failure_type(key: str) -> type[_Failed]:
    """One exception class per defect key, so Hypothesis tracks and shrinks each separately."""
    cls = _FAILURE_TYPES.get(key)
    if cls is None:
        cls = _FAILURE_TYPES[key] = type("_Failed", (_Failed,), {"key": key})
    return cls


def _defect_key(case: Case, call: Call, message: str) -> str:
    """What makes two failures the same defect: the escaped exception's type and place, or
    the field (and, for invalid input, the kind of mutation) the failure is about."""
    if call.outcome == "escaped" and call.error is not None:
        tb = call.error.__traceback__
        while tb is not None and tb.tb_next is not None:
            tb = tb.tb_next
        where = f"{tb.tb_frame.f_code.co_filename}:{tb.tb_lineno}" if tb else ""
        # the message without its values: `missing ... 'query'` and `unexpected ... 'x'` differ
        shape = re.sub(r"'[^']*'|\"[^\"]*\"|\d+", "_", call.message)[:80]
        return f"escaped {type(call.error).__name__} {where} {shape}"
    labels = [_label_dict(label) for label in case.labels]
    fields = [(str(lb["path"]).split(".")[0].split("[")[0], lb["family"] if lb["mutation"] else "") for lb in labels]
    named = [f for f in fields if re.search(rf"(?<![\w]){re.escape(f[0])}(?![\w])", message)]
    return f"{case.kind} {sorted(set(named or fields))}"


def _finding(target: Target, check: str, failed: _Failed, *, shrunk: bool = True) -> Finding:
    case, call = failed.case, failed.call
    error = ""
    if call.error is not None and call.outcome == "escaped":
        error = format_exception(call.error)
    elif call.outcome == "rejected":
        error = "correction: " + call.message[:600]
    received = []
    for kwargs in call.received or ():  # None: a black box, nothing observed inside
        try:
            received.append(jsonable(target.spec.to_json(dict(kwargs))))
        except Exception:
            received.append({k: safe_repr(v) for k, v in kwargs.items()})
    return Finding(
        tool=target.name,
        check=check,
        message=failed.message,
        call=call_line(target.name, case.args),
        args=case.args,
        kind=case.kind,
        outcome=call.outcome,
        intended=case.intended,
        received=tuple(received),
        labels=tuple(_label_dict(label) for label in case.labels),
        error=error,
        shrunk=shrunk,
    )


def _label_dict(label: Any) -> dict[str, Any]:
    """Hallucination labels and invalid/adversarial mutation records, in one shape for reports."""
    get = (lambda k: label.get(k)) if isinstance(label, dict) else (lambda k: getattr(label, k, None))
    mutation = get("rendered") is None and get("mutated") is not None
    return {
        "path": get("path") or "<arguments>",
        "family": get("family") or get("kind") or "?",
        "original": get("original"),
        "rendered": get("mutated") if mutation else get("rendered"),
        "ambiguous": bool(get("ambiguous")),
        "mutation": mutation or get("kind") is not None,
    }
