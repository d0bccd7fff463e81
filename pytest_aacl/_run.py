"""One check against one tool: a deterministic coverage pass, then Hypothesis, then shrinking.

The coverage pass evaluates `strategies.coverage(kind, spec)` cases first (every family and
mutation kind, one field at a time, the other fields canonical), so a defect a single
rendering of a single field triggers is found within the default budget; a budget smaller
than the coverage set takes a stratified subset, round-robin over (kind, field, family).
Hypothesis then explores with what is left of `max_examples`, and a second Hypothesis run
shrinks what exploration found.  Failures are grouped by a structured key (check, outcome,
field, family or mutation kind, escaped exception type and place), never by message text.
"""

from __future__ import annotations

import re
import sys
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import _branchcov
from ._checks import CHECKS, FIX_HANG, Call, Case, CheckDef, Defect, InputKind, _field_of
from ._reach import OUTPUT_BROKEN

__all__ = ["Failure", "case_of", "coverage_for", "run_check"]

#: consecutive timeouts after which a tool is taken to hang on everything
HANG_LIMIT = 3
_OURS = str(Path(__file__).parent)


@dataclass
class Failure:
    """One failing example: what was sent, what happened, and how the check judged it."""

    key: tuple[str, ...]
    case: Case
    call: Call
    message: str
    fix: str
    first_seen: int
    shrunk: bool = False
    check: str = ""
    severity: str = ""  # the Defect's own, when it overrides its check's


class _Failed(Exception):
    """Raised inside the Hypothesis test so it shrinks; one subclass per defect key."""

    key: tuple[str, ...] = ()

    def __init__(self, failure: Failure) -> None:
        super().__init__(failure.message)
        self.failure = failure


_FAILURE_TYPES: dict[tuple[str, ...], type[_Failed]] = {}


def _failure_type(key: tuple[str, ...]) -> type[_Failed]:
    """One exception class per defect key, so Hypothesis tracks and shrinks each separately."""
    cls = _FAILURE_TYPES.get(key)
    if cls is None:
        cls = _FAILURE_TYPES[key] = type("_Failed", (_Failed,), {"key": key})
    return cls


def case_of(kind: InputKind, example: Any) -> Case:
    """A strategy's or the coverage pass's record as the `Case` checks judge."""
    if kind == "conforming":  # a canonical class's call carries the class as its label
        return Case(kind, dict(example), dict(example), tuple(getattr(example, "labels", ()) or ()))
    args = getattr(example, "args", example)
    intended = getattr(example, "intended", None)
    return Case(kind, args, intended, tuple(getattr(example, "labels", ()) or ()))


def _coverage_cases(kind: str, spec: Any) -> list[Any]:
    """The coverage records for one input kind (the seam tests replace)."""
    from . import strategies  # lazy: hypothesis costs start-up

    make = getattr(strategies, "coverage", None)
    if make is None:  # pragma: no cover (strategies without a coverage pass)
        return []
    from hypothesis.errors import InvalidArgument

    try:
        return list(make(kind, spec))
    except InvalidArgument:  # nothing to cover for this schema; exploration says why
        return []


def coverage_for(kinds: Sequence[InputKind], spec: Any, budget: int,
                 cache: dict[str, list[Any]] | None = None) -> list[Case]:
    """Every coverage case of `kinds`, or a stratified subset of `budget` of them.

    `cache` (one per tool) keeps each kind's records, which several checks share."""
    cache = {} if cache is None else cache
    per_kind: list[list[Case]] = []
    for kind in kinds:
        if kind not in cache:
            cache[kind] = _coverage_cases(kind, spec)
        groups: dict[tuple[str, ...], list[Case]] = {}
        for record in cache[kind]:
            case = case_of(kind, record)
            groups.setdefault(_stratum(case), []).append(case)
        per_kind.append(_round_robin(list(groups.values())))
    # kinds take turns too: a small budget must not spend itself on the canonical classes
    # of the first kind and never send a missing required argument
    return _round_robin(per_kind)[:budget]


def _round_robin(queues: list[list[Case]]) -> list[Case]:
    out: list[Case] = []
    for i in range(max((len(q) for q in queues), default=0)):
        out += [q[i] for q in queues if i < len(q)]
    return out


def _stratum(case: Case) -> tuple[str, ...]:
    first = case.labels[0] if case.labels else None
    family = str(first.family or "") if first is not None else ""
    if family == "out_of_bounds":  # each bound is its own way to forget a check
        family += f":{'low' if _below(first) else 'high'}"
    return (case.kind, _field_of(first) if first is not None else "", family)


def _below(mutation: Any) -> bool:
    original, mutated = mutation.original, mutation.rendered
    try:
        return bool(mutated < original)
    except TypeError:
        return False


def failure_key(cdef: CheckDef, case: Case, call: Call, defect: AssertionError) -> tuple[str, ...]:
    """What makes two failures one defect: the check's own key, else a structured default."""
    given = getattr(defect, "key", "")
    if given:
        parts = (given,) if isinstance(given, str) else tuple(str(k) for k in given)
        return (cdef.name, *(_cause(p) for p in parts))
    if call.outcome == "timeout":
        return (cdef.name, "timeout")
    # a canonical class labels a conforming case for the reader, it is not a cause: one
    # defect on valid input is one finding whichever class showed it
    labels = () if case.kind == "conforming" else tuple(sorted(
        {f"{_field_of(lb)}/{lb.family or '?'}" for lb in case.labels}))
    if call.outcome == "escaped" and type(call.error).__name__ in ("McpFault", "AnsweredFault"):
        # a crash the server relayed as its answer: no frame to place it, its message is the cause
        # (and a place in the answer: FastMCP's "non-finite float (nan) at $.a" and "(inf) at
        # $.b" are one tool taking NaN and Infinity in)
        if _OUTPUT_BROKEN.search(str(call.error)[:300]):  # one broken return type, whatever the answer held
            return (cdef.name, "escaped", "McpFault", "the answer breaks the tool's output type")
        return (cdef.name, "escaped", "McpFault", _NUMBERS.sub("<n>", _ANSWER_PATH.sub("$<path>", str(call.error)[:200])))
    if call.outcome == "escaped" and any(c.__name__ == "ToolCrashed" for c in type(call.error).__mro__):
        # (ServerExited too: whether the server's last words had arrived is timing, not a cause)
        # the process running the tool (or the MCP server) died: whichever call met it, one cause
        return (cdef.name, "escaped", "ToolCrashed")
    if call.outcome == "escaped" and call.error is not None:
        where = _user_frame(call.error)
        # raised in the tool's own code: its place is the cause; raised while calling it
        # (a TypeError for a missing or unexpected argument), the field it is about is,
        # whatever value was sent there
        fields = () if case.kind == "conforming" else _named_fields(case, str(call.error))
        return (cdef.name, "escaped", type(call.error).__name__, where or "<call>", *(() if where else fields))
    return (cdef.name, call.outcome, case.kind, *labels)


#: numbers and non-finite words in a relayed crash: the same line crashing on NaN and on
#: infinity ("cannot convert float NaN/infinity to integer") is one cause
_ANSWER_PATH = re.compile(r"\$(?:\.[\w-]+|\[\d+\])+")
#: a relayed crash that is the tool's answer breaking its own declared type (our client's words,
#: or the MCP SDK's "1 validation error for <tool>Output")
_OUTPUT_BROKEN = re.compile(rf"{re.escape(OUTPUT_BROKEN)}|validation errors? for \w+Output\b")
_NUMBERS = re.compile(r"-?\b(?:NaN|nan|[Ii]nfinity|inf|\d+(?:\.\d+)?)\b")


def _named_fields(case: Case, message: str) -> tuple[str, ...]:
    """The fields of a call's labels its error names (`unexpected keyword argument 'timeRange'`
    is about `time_range` alone, whatever else the call varied), else all of them."""
    fields = {_field_of(lb) for lb in case.labels}
    named = {_field_of(lb) for lb in case.labels
             if any(f"'{text}'" in message for text in (_field_of(lb), None if lb.mutation else lb.rendered)
                    if isinstance(text, str))}  # a mutation's value is not a name
    return tuple(sorted(named or fields))


#: input classes that show the same cause as another: an enum near-miss let through is an
#: unknown value let through; one defect, one finding
_SAME_CAUSE = {"enum_contains_member": "unknown_enum", "enum_separator_variant": "unknown_enum",
               "enum_prefix": "unknown_enum", "non_leap_day": "impossible_date", "overflow": "not_a_number"}


def _cause(part: str) -> str:
    """A key part with the input class named by its cause (`field/enum_prefix` ->
    `field/unknown_enum`; any canonical class -> `canonical`)."""
    if part.startswith("canonical:"):
        return "canonical"
    field, _, kind = part.rpartition("/")
    return f"{field}/{_SAME_CAUSE[kind]}" if field and kind in _SAME_CAUSE else part


def _user_frame(error: BaseException) -> str:
    """`file:line` of the innermost frame outside pytest-aacl (and its strategies, whose
    hostile objects raise from their own methods), or "" if there is none."""
    ours = (_OURS, *(str(Path(m.__file__).parent) for m in [sys.modules.get("pytest_aacl.strategies")] if m and m.__file__))
    tb, where = error.__traceback__, ""
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        if not name.startswith(ours):
            where = f"{name}:{tb.tb_lineno}"
        tb = tb.tb_next
    return where


class CheckRun:
    """The state of one check's run: examples counted, first failure per key, hang detection."""

    def __init__(self, cdef: CheckDef, ctx: Any, call: Callable[[dict[str, Any]], Call], hung: list[bool],
                 escapes: dict[tuple[str, ...], Failure] | None = None, tally: Any = None) -> None:
        self.cdef, self.ctx, self._call, self.hung = cdef, ctx, call, hung
        self.count = 0
        self.first: dict[tuple[str, ...], Failure] = {}
        self.timeouts = 0
        self.hang: Failure | None = None
        #: crashes this run's calls showed, judged by `total` (None: `total` is not selected)
        self.escapes = escapes
        #: the tool's tally: a server that rate-limits a call stops the run (`tally.throttled`)
        self.tally = tally

    def evaluate(self, case: Case) -> Failure | None:
        if self.hung[0]:
            return None  # the tool hangs on everything: one finding is enough, and fast
        self.count += 1
        call = self._call(case.args)
        if self._throttled():
            return None
        self.timeouts = self.timeouts + 1 if call.outcome == "timeout" else 0
        if self.timeouts >= HANG_LIMIT:
            self.hung[0] = True
            self.hang = Failure(("total", "timeout"), case, call,
                                f"the tool hangs: no answer within {call.seconds:.1f}s on {HANG_LIMIT} calls in a row",
                                FIX_HANG, self.count, check="total")
        if (call.outcome in ("escaped", "timeout") or call.non_finite) and self.escapes is not None \
                and self.cdef.name != "total":
            # every check leaves escapes, hangs and answers JSON cannot carry to `total`; a crash
            # (or a hang) one check's input showed is still one
            crash = _judged(CHECKS["total"], case, call, self.ctx, self.count)
            if crash is not None:
                self.escapes.setdefault(crash.key, crash)
        failure = _judged(self.cdef, case, call, self.ctx, self.count)
        return None if self._throttled() else failure  # a call the check made itself was throttled

    def _throttled(self) -> bool:
        """A rate-limited answer says nothing about the input: nothing more is sent or judged."""
        if self.tally is not None and self.tally.throttled:
            self.hung[0] = True
            return True
        return False

    def explore(self, case: Case) -> None:
        failure = self.evaluate(case)
        if failure is not None:
            self.first.setdefault(failure.key, failure)


def _judged(cdef: CheckDef, case: Case, call: Call, ctx: Any, count: int) -> Failure | None:
    try:
        cdef.func(case, call, ctx)
    except AssertionError as exc:
        fix = getattr(exc, "fix", "") if isinstance(exc, Defect) else ""
        severity = (getattr(exc, "severity", None) or "") if isinstance(exc, Defect) else ""
        return Failure(failure_key(cdef, case, call, exc), case, call, str(exc), fix or cdef.fix, count,
                       check=cdef.name, severity=severity)
    return None


def plainest(failure: Failure, ctx: Any) -> Failure:
    """A crash another check met, shown as the call without that check's changes when that
    call crashes the same way: its labels then named what was not the cause (the trial 11
    re-run: `correlation(data={}, context=0)` blamed `context`; `data={}` crashed it alone)."""
    case = failure.case
    fields = [_field_of(label) for label in case.labels]
    if failure.call.outcome != "escaped" or not fields or any(
            str(getattr(label, "path", "")).lstrip("$./") != field for label, field in zip(case.labels, fields, strict=True)):
        return failure  # nothing to take back, or a change inside a field (not restorable whole)
    args = dict(case.args)
    for label, field in zip(case.labels, fields, strict=True):
        if type(label.original).__name__ == "_Absent":
            args.pop(field, None)
        else:
            args[field] = label.original
    if args == case.args:
        return failure
    plain = Case("conforming" if case.intended is not None else case.kind, args, args if case.intended is not None else None)
    again = ctx.call(args)
    found = _judged(CHECKS["total"], plain, again, ctx, failure.first_seen)
    if found is None or found.key != failure.key:
        return failure  # the change was the cause (or part of it): keep it
    found.check = failure.check
    return found


def run_check(cdef: CheckDef, ctx: Any, call: Callable[[dict[str, Any]], Call], strategy: Any,
              coverage: list[Case], max_examples: int, seed: int, hung: list[bool],
              settings_base: Any, escapes: dict[tuple[str, ...], Failure] | None = None,
              tally: Any = None) -> tuple[list[Failure], int]:
    """Coverage, exploration, shrinking; every distinct defect once, coverage finds unshrunk
    (they are one field at a time already), timeouts unshrunk (each try costs the timeout).
    `escapes` collects the crashes the run's calls showed, for `total` (see `CheckRun`)."""
    run = CheckRun(cdef, ctx, call, hung, escapes, tally)
    covered = _branchcov.ACTIVE[0]
    reached: list[Case] = []  # coverage cases that reached branches nothing before had
    for case in coverage[:max_examples]:
        before = covered.found if covered is not None else 0
        run.explore(case)
        if covered is not None and covered.found > before:
            reached.append(case)
    from_coverage = set(run.first)
    left = max_examples - min(len(coverage), max_examples)
    if left > 0 and reached:  # HypoFuzz-style: the inputs that reached new code, combined
        pairs = _combined(reached, ctx.spec.parameters)[: left // 4]
        for case in pairs:
            run.explore(case)
        from_coverage |= set(run.first)
        left -= len(pairs)
    if left > 0 and strategy is not None:
        _hypothesis(strategy, _steered(run, covered), left, seed, settings_base, explore=True)
    for key in list(run.first):
        if key in from_coverage:
            run.first[key].shrunk = True  # minimal by construction
    todo = [k for k, f in run.first.items() if k not in from_coverage and f.call.outcome != "timeout"]
    if todo and strategy is not None and not hung[0]:
        shrunk = _shrunk(strategy, run, None, max_examples, seed, settings_base)
        for key in [k for k in todo if k not in shrunk]:
            # the same seed replays the exploration up to this defect, then shrinks it alone
            shrunk.update({k: f for k, f in _shrunk(strategy, run, key, max_examples, seed, settings_base).items() if k == key})
        for key in todo:
            if key in shrunk:
                found = shrunk[key]
                found.first_seen, found.shrunk = run.first[key].first_seen, True
                run.first[key] = found
    failures = list(run.first.values())
    if run.hang is not None and not any(f.call.outcome == "timeout" for f in failures):
        failures.append(run.hang)
    return failures, run.count


def _steered(run: CheckRun, covered: Any) -> Callable[[Case], None]:
    """Exploration that tells Hypothesis how many branches each input reached first, so it
    mutates towards inputs that reach new code (`hypothesis.target`)."""
    if covered is None:
        return run.explore

    def explore(case: Case) -> None:
        from hypothesis import target

        before = covered.found
        run.explore(case)
        target(float(covered.found - before), label="aacl: branches first reached")

    return explore


def _combined(reached: list[Case], schema: dict[str, Any]) -> list[Case]:
    """Pairs of canonical coverage cases that each reached new branches, merged into one
    call (both values at once, in different top-level fields), kept only when the call is
    still valid: one-at-a-time coverage never sees two fields interact."""
    import jsonschema

    check = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
    out: list[Case] = []
    for i, first in enumerate(reached):
        for second in reached[i + 1:]:
            # conforming only: a finding on a combined rendering or invalid call could not say
            # which of its two fields the tool misread or refused
            if first.kind != "conforming" or second.kind != "conforming":
                continue
            fields = [{_field_of(label) for label in c.labels} for c in (first, second)]
            if not all(fields) or fields[0] & fields[1] or len(fields[0] | fields[1]) != 2:
                continue
            args, intended = dict(first.args), dict(first.intended or first.args)
            for key in fields[1]:
                for holder, source in ((args, second.args), (intended, second.intended or second.args)):
                    if key in source:
                        holder[key] = source[key]
                    else:
                        holder.pop(key, None)
            try:
                if not check.is_valid(intended):
                    continue
            except Exception:  # a hostile schema keyword: never a reason to stop the run
                continue
            out.append(Case(first.kind, args, args, (*first.labels, *second.labels)))
    return out


def _hypothesis(strategy: Any, test: Callable[[Case], None], max_examples: int, seed: int, base: Any,
                *, explore: bool) -> None:
    from hypothesis import HealthCheck, Phase, Verbosity, given, settings
    from hypothesis import seed as hseed

    # no explain phase: its line tracing slows every call and its notes are never shown
    phases = [Phase.generate] if explore else [p for p in base.phases if p is not Phase.explain]
    configured = settings(
        base, max_examples=max_examples, derandomize=False,
        deadline=None, database=None, verbosity=Verbosity.quiet, report_multiple_bugs=True,
        suppress_health_check=list(HealthCheck), phases=phases,
    )
    from hypothesis.errors import Unsatisfiable

    with warnings.catch_warnings():
        # Hypothesis reprs strategies holding 1 MB adversarial strings when it replays a
        # failure; the warning says nothing about the tool under test
        warnings.filterwarnings("ignore", message="Generating overly large repr")
        try:
            hseed(seed)(configured(given(strategy)(test)))()
        except Unsatisfiable:
            if not explore:
                raise
            # nothing valid could be drawn (e.g. an empty open schema): the coverage cases,
            # if any, were the run; the caller reports a check that ran no example


def _shrunk(strategy: Any, run: CheckRun, only: tuple[str, ...] | None, max_examples: int, seed: int,
            base: Any) -> dict[tuple[str, ...], Failure]:
    """Run Hypothesis with raising on failures (of key `only`, or all); the shrunk ones by key."""

    def test(case: Case) -> None:
        failure = run.evaluate(case)
        if failure is not None and (only is None or failure.key == only):
            raise _failure_type(failure.key)(failure)

    try:
        _hypothesis(strategy, test, max_examples, seed, base, explore=False)
    except BaseException as exc:
        failures = _failures_in(exc)
        if not failures:
            raise
        return {f.key: f for f in failures}
    return {}


def _failures_in(exc: BaseException) -> list[Failure]:
    """Our failures inside whatever Hypothesis raised (one, a group of bugs, a Flaky group)."""
    if isinstance(exc, _Failed):
        return [exc.failure]
    group = getattr(exc, "exceptions", None)  # BaseExceptionGroup, also its 3.10 backport
    if isinstance(group, (list, tuple)):
        found = [f for inner in group for f in _failures_in(inner)]
        others = [e for e in group if not _failures_in(e)]
        if others:  # a check itself crashed: that is a bug to show, not a finding
            raise others[0]
        return list({f.key: f for f in found}.values())
    return []
