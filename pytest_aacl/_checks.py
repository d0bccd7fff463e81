"""The oracle: named checks as plain functions, and the registry users extend.

A check is called once per generated case with the `Case` (what the model sent and, for
hallucinated input, what it meant), the recorded `Call` (what the tool answered and, unless
the tool is judged as a black box, what reached its implementation), and a `CheckContext`
(to read the spec or call the tool again).  It raises `AssertionError` (best: `Defect`, with
a grouping key and a one-line fix) when the tool misbehaved.  Checks never import
hypothesis; jsonschema is imported only by `typed_implementation`.

What each built-in check judges, per mode (see docs/reference/checks.md):

=====================  ===============================  ====================================
check                  implementation named (spy)        black box (nothing named)
=====================  ===============================  ====================================
no_silent_corruption   what reached the implementation   the tool's result for the rendering
                       equals the intended value, or a   equals its result for the intended
                       correction (before the call)      value (both reproducible), or a
                                                         correction
identity_on_canonical  valid arguments are not refused   not applicable
                       and reach it unchanged
rejects_invalid        invalid arguments never reach     not applicable (a normal answer to
                       it; they are not answered as if   invalid input may be correct
                       valid                             handling; we cannot tell)
total                  no exception but a correction     same
                       escapes; every call answers in
                       time; no answer holds NaN or
                       Infinity
typed_implementation   what reached it validates         not applicable
idempotent             re-sending what reached it        not applicable
                       reaches it unchanged
correction_quality     ADVICE: a correction names        same
                       field, expectation, value
=====================  ===============================  ====================================

Escapes, hangs and non-finite answers are judged by `total` only, so one crash is one finding,
not one per check.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import _argcheck
from ._call import (
    ADVISORY,
    CRASH_ONLY,
    EXPLORATORY,
    INPUT_KINDS,
    PASSED_ON,
    REVERSED,
    Call,
    Case,
    InputKind,
)
from ._check_support import (
    NOTHING,
    Defect,
    Severity,
    check_options,
    framework_text,
    names,
    refused_anyway,
    sent_value,
    strict_validator,
    text_correction_lacks,
)
from ._check_support import describe as _describe
from ._check_support import field_of as _field_of
from ._check_support import received_json as _received_json
from ._check_support import shown as _shown
from ._errors import MAX_MESSAGE_CHARS, CorrectionError, InvalidArgument
from ._jsonvalue import comparable
from ._metamorphic import FIX_READ as _FIX_READ
from ._metamorphic import built_from as _built_from
from ._metamorphic import is_derived as _derived
from ._metamorphic import metamorphic as _metamorphic
from ._metamorphic import passed_on as _passed_on
from ._metamorphic import same_as_intended as _same_as_intended
from ._metamorphic import takes_effect as _takes_effect
from ._oracle import compare_arguments
from ._ranges import range_pairs as _range_pairs
from ._reach import PYTHON_FAULT, error_answer, python_fault, refused_argument

if TYPE_CHECKING:  # pragma: no cover
    from ._context import CheckContext

__all__ = ["CHECKS", "INPUT_KINDS", "Call", "Case", "CheckDef", "Defect", "InputKind", "check"]

CheckFunc = Callable[[Case, Call, "CheckContext"], None]


@dataclass(frozen=True)
class CheckDef:
    name: str
    func: CheckFunc
    inputs: tuple[InputKind, ...]
    description: str
    #: judges what reached the implementation: not applicable when the tool is a black box
    needs_implementation: bool = False
    #: "advice" findings (conventions) never fail a run unless asked to
    severity: Severity = "defect"
    #: the line that ends a finding of this check unless the check gives its own
    fix: str = ""
    #: a stable identifier for findings of this check (`Finding.code`): built-ins `AACL1xx`,
    #: a user's check its name unless it gives one; what CI filters and docs link by
    code: str = ""


#: Every check by name, in the order they run.  `@check` adds to it.
CHECKS: dict[str, CheckDef] = {}


def check(
    func: CheckFunc | None = None,
    *,
    name: str | None = None,
    inputs: Iterable[InputKind] = ("hallucinated",),
    replace: bool = False,
    needs_implementation: bool = False,
    severity: Severity = "defect",
    fix: str = "",
    code: str = "",
) -> Any:
    """Register a check, so `--aacl-checks` and `fuzz(checks=...)` can select it by name.

    Use bare (`@check`) or with options (`@check(inputs=("conforming", "hallucinated"))`).
    The function receives `(case, call, ctx)` (`ctx` is a `CheckContext`) and raises
    `AssertionError` on a defect::

        @pytest_aacl.check(inputs=("conforming",), needs_implementation=True)
        def never_empty_query(case, call, ctx):
            for kwargs in call.received:
                assert kwargs.get("query"), "the implementation received an empty query"

    A name already registered is refused unless `replace=True`.  `needs_implementation`
    marks a check that reads `call.received`: it is reported not applicable for black-box
    tools.  `severity="advice"` findings never fail a run by default.  `code` is the stable
    identifier its findings carry (`Finding.code`); by default the check's name.
    """
    kinds = check_options(func, name, inputs, INPUT_KINDS, replace, needs_implementation, severity, fix, code)

    def register(fn: CheckFunc) -> CheckFunc:
        key = name or getattr(fn, "__name__", "")
        if not key or not callable(fn):
            raise _argcheck.invalid("check", "func", fn, "a named function (case, call, ctx) -> None, or pass name=")
        if key in CHECKS and not replace and not _same_function(CHECKS[key].func, fn):
            raise InvalidArgument(f"a check named {key!r} is already registered; pick another name, "
                                  "or pass replace=True to replace it")
        doc = (fn.__doc__ or "").strip().splitlines()
        CHECKS[key] = CheckDef(key, fn, kinds, doc[0] if doc else "", needs_implementation, severity, fix, code or key)
        return fn

    return register(func) if func is not None else register


def _same_function(a: Any, b: Any) -> bool:
    """The same check defined again (its module re-imported), not a different one."""
    ident = [(getattr(f, "__module__", None), getattr(f, "__qualname__", None)) for f in (a, b)]
    return a is b or ident[0] == ident[1]


# -- helpers shared by the checks ----------------------------------------------------------


def _require(condition: Any, message: str, key: str | tuple[str, ...] = "", fix: str = "") -> None:
    """`assert` without pytest's rewriting: the message a user reads is exactly ours."""
    if not condition:
        raise Defect(message, key, fix)


def _label_field(case: Case, path: str) -> tuple[str, str]:
    """(top-level field, family) of the label a differing path is about."""
    top = _field_of(path)
    for label in case.labels:
        if _field_of(label) == top:
            return top, str(label.family or "?")
    return top, ""


def _fields_key(case: Case) -> tuple[str, ...]:
    """The fields and families of a case's labels, as a stable key part."""
    parts = {f"{_field_of(label)}/{label.family or '?'}" for label in case.labels}
    return tuple(sorted(parts))


def _expect_reaches(case: Case, call: Call, ctx: CheckContext, want: dict[str, Any], fix: str,
                    metamorphic: bool = False) -> None:
    if not call.received:
        return
    got = _received_json(call, ctx)[0]
    if metamorphic and case.labels and all(label.family in PASSED_ON for label in case.labels):
        # a text any reader takes two ways ("now-60m" for "now-1h"): passed on as written, or
        # made into what the layer makes of the intended value
        if not _passed_on(case, got) and case.intended is not None:
            _same_as_intended(case, got, ctx, fix)
        return
    try:  # the spec's own round trip fills defaulted dataclass fields, sorts sets, ...
        want = comparable(ctx.spec.to_json(ctx.spec.to_python(dict(want))))
    except Exception:
        want = comparable(want)
    derived = _derived(got, ctx)
    if derived:
        # the implementation takes what the layer built (a `params` dict, a URL, a body): only
        # what it receives under an argument's own name, in that argument's JSON type, compares
        # with the intended value (`user_ids` "a,b" arriving as ["a", "b"] was built too)
        props = ctx.spec.parameters.get("properties", {})
        got_named = {k: v for k, v in got.items() if k in props and k in want and not _built_from(v, want[k])}
        problem = compare_arguments(got_named, {k: v for k, v in want.items() if k in got_named},
                                    ctx.spec.parameters, defaults=ctx.defaults)
    else:
        problem = compare_arguments(got, want, ctx.spec.parameters, defaults=ctx.defaults)
    if problem is not None:
        where, family = _label_field(case, getattr(problem, "path", ""))
        raise Defect(f"implementation received {problem}", ("received", where, family), fix)
    if derived and metamorphic and case.intended is not None:
        _same_as_intended(case, got, ctx, fix)


@check(code="AACL100", inputs=("hallucinated",), fix=_FIX_READ)
def no_silent_corruption(case: Case, call: Call, ctx: CheckContext) -> None:
    """A model-style rendering means its intended value, or is corrected: never silently something else."""
    if ctx.black_box:
        _metamorphic(case, call, ctx)
        return
    if call.outcome == "rejected":
        _require(not call.received, "a correction was raised after the implementation had been called",
                 ("late correction",), "validate and refuse before calling the implementation")
        return
    _expect_reaches(case, call, ctx, case.intended or {}, _FIX_READ, metamorphic=True)


#: what varies between refusals of one rule: quoted values and numbers
_VARYING = re.compile(r"'[^'\n]{0,2000}'|\"[^\"\n]{0,2000}\"|`[^`\n]{0,2000}`|-?\b\d+(?:\.\d+)?\b")


def _wording(message: str, sent: Iterable[Any] = ()) -> str:
    """A refusal's wording without the values it quotes: the rule it states.  Besides quoted
    text and numbers, what the message echoes of a `sent` value, whole or in part and
    unquoted ("Unsupported URI scheme: café", `{"a"` of `{"a": 1}`), is taken out: one rule
    refusing twenty values is one finding, not twenty."""
    for value in sent:
        message = _unechoed(message, value if isinstance(value, str) else json.dumps(value))
    return " ".join(_VARYING.sub("_", message).split())[:120]


def _sent(case: Case) -> list[Any]:
    """The values the call varied (what a refusal may echo)."""
    return [label.rendered for label in case.labels if label.rendered is not None]


def _unechoed(message: str, value: str) -> str:
    """`message` without the longest stretches it shares with `value` (stretches of at least
    three characters; a shorter value only as a whole word)."""
    if len(value.strip()) < 3:
        word = value.strip()
        return re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", "", message) if word else message
    for _ in range(3):
        match = difflib.SequenceMatcher(None, message, value, autojunk=False).find_longest_match(
            0, len(message), 0, len(value))
        span = message[match.a: match.a + match.size]
        if (len(span.strip()) < 3 or not any(c.isalnum() for c in span)
                or not (_bounded(message, match.a, match.size) and _bounded(value, match.b, match.size))):
            break  # "one" of "none" inside "must be one of", or "', '": a word's part or punctuation, not an echo
        lead = len(span) - len(span.lstrip())
        message = message[: match.a + lead] + message[match.a + lead + len(span.strip()):]
        if len(span.strip()) >= len(value.strip()):  # the whole value: any other stretch is the rule's own
            break
    return message


def _whole_unechoed(message: str, values: Iterable[Any]) -> str:
    """`message` without the first place it quotes one of `values` whole (a text of at least
    two characters, not inside a word): once, as a refusal echoes what it refuses."""
    texts = [(v if isinstance(v, str) else json.dumps(v, default=str)).strip() for v in values]
    for text in sorted(texts, key=len, reverse=True):  # "report" inside "data/report.csv": the longer first
        if 2 <= len(text) <= 2000:
            at = message.find(text)
            while at >= 0 and not _bounded(message, at, len(text)):  # "ab" inside "table" is no echo
                at = message.find(text, at + 1)
            if at >= 0:
                message = message[:at] + message[at + len(text):]
    return message


_NO_DEFAULT = object()
#: the conforming class of a range whose closing field equals its opening one
EQUAL_RANGE = "canonical:object.equal_range"


def _same_value(a: Any, b: Any) -> bool:
    """JSON equality (`True` is not `1`)."""
    try:
        return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    except (TypeError, ValueError):
        return False


def _bounded(text: str, at: int, size: int) -> bool:
    """Whether `text[at:at+size]` starts and ends at word edges (not inside a word)."""
    before = text[at - 1] if at > 0 else " "
    after = text[at + size] if at + size < len(text) else " "
    first, last = text[at], text[at + size - 1]
    return not (before.isalnum() and first.isalnum()) and not (after.isalnum() and last.isalnum())


@check(code="AACL110", inputs=("conforming",), needs_implementation=True,
       fix="accept every value the schema allows, and pass it on unchanged")
def identity_on_canonical(case: Case, call: Call, ctx: CheckContext) -> None:
    """Valid canonical arguments are not refused and reach the implementation unchanged."""
    # keyed by the field the refusal names (else the one the call varied) and its wording:
    # one rule the schema does not state is one finding, two rules two (an empty `ids`
    # refused, and the plain call's lists of equal length refused, are not one defect)
    varied = ",".join(sorted({_field_of(label) for label in case.labels}))
    if call.outcome == "rejected" and case.labels and all(label.family in EXPLORATORY for label in case.labels):
        return  # "ls -l ../a" built from the examples "ls -l", "cat a": the tool may refuse it
    if case.labels and all(label.family in CRASH_ONLY for label in case.labels):
        return  # a crash is `total`'s; "0.5" read as 0.5, or passed on, are both fine
    if call.outcome == "rejected" and _outside_described(case.args, ctx):
        return  # "speed (0-255, optional)" and speed=-1: the tool's own words rule it out
    if call.outcome == "rejected":
        # the argument the refusal names is the rule's subject, whichever field the call
        # varied (one rule met by twenty cases is one finding); whatever the call held may
        # be echoed ("Invalid profile: notes.txt")
        named = (refused_argument(case.args, call.message, call.error)  # ("Coordinates must be ...")
                 or refused_argument(case.args, call.message.lower()))
        default = ctx.spec.parameters.get("properties", {}).get(named, {}).get("default", _NO_DEFAULT) if named else _NO_DEFAULT
        # the schema's own default refused is a defect of its own, whatever else the rule refuses
        varied = f"{named}=default" if default is not _NO_DEFAULT and _same_value(case.args.get(named), default) else (named or varied or "-")
        if any(label.family == EQUAL_RANGE for label in case.labels):  # a range that ends where it starts
            varied = f"{_field_of(case.labels[0])}=equal range"  # refused: its own defect, beside a reversed one
    message, sent = _whole_unechoed(call.message, case.args.values()), _sent(case)
    _require(call.outcome != "rejected", f"valid canonical arguments produced {_describe(call)}",
             ("refused valid", varied, _wording(message, sent)), "accept every value the schema allows (or tighten the schema to what you accept)")
    _expect_reaches(case, call, ctx, case.args, "pass canonical values on unchanged")
    _takes_effect(case, call, ctx)


def _outside_described(args: dict[str, Any], ctx: CheckContext) -> bool:
    """Whether a number of the call breaks a bound its field's description states, where the
    schema states none (wled: "Effect speed (0-255, optional)"): refusing it is no defect;
    letting it through is `rejects_invalid`'s advice (`described_bound`)."""
    from .strategies._described import described_bounds  # lazy: the strategies load Hypothesis

    props = ctx.spec.parameters.get("properties", {})
    for name, value in args.items():
        schema = props.get(name) if isinstance(props, dict) else None
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not isinstance(schema, dict):
            continue
        bounds = described_bounds(schema.get("description"), "number")
        lo = bounds.get("minimum") if "minimum" not in schema else None
        hi = bounds.get("maximum") if "maximum" not in schema else None
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            return True
    return False


@check(code="AACL120", inputs=("invalid",), needs_implementation=True,
       fix="validate this field and raise a correction before calling the implementation")
def rejects_invalid(case: Case, call: Call, ctx: CheckContext) -> None:
    """Arguments no valid value could mean are answered with a correction; the implementation is not called.

    Escapes and hangs are `total`'s findings, not this check's: one crash is one finding.
    """
    if call.outcome in ("timeout", "escaped"):
        return
    if case.labels and all(label.family in ADVISORY for label in case.labels):
        _advisory_kept(case, call, ctx)
        return
    kinds = _fields_key(case)
    if call.received:
        got = _received_json(call, ctx)[0]
        fields = [f for f in (_field_of(label) for label in case.labels) if f in got]
        shown = ", ".join(f"{f}={_shown(got[f], 60)}" for f in dict.fromkeys(fields)) or _shown(got)
        raise Defect(f"invalid arguments reached the implementation: {shown}", ("reached", *kinds))
    _require(call.outcome == "rejected", f"invalid arguments produced {_describe(call)} instead of a correction",
             ("answered", *kinds), "refuse invalid arguments by raising the correction type, not with a normal return")


def _advisory_kept(case: Case, call: Call, ctx: CheckContext) -> None:
    """A call the schema allows but the tool's own words rule out (a bound only the field's
    description states, "from 1 to 500": 501; `end_date` before `start_date`) is refused, or
    changed before it reaches the implementation (clamped, swapped); reaching it as sent is
    advice, not a defect: the prose may be loose, the schema is the contract."""
    if not call.received:
        return
    got = _received_json(call, ctx)[0]
    for label in case.labels:
        top = _field_of(label)
        if top not in got or top not in case.args or got[top] != case.args[top]:
            continue
        if label.family == REVERSED:
            opening = next((o for o, c in _range_pairs(got) if c == top), None)
            if opening is None or got.get(opening) != case.args.get(opening):
                continue  # the tool swapped or rewrote the range: fine
            raise Defect(f"{top}={_shown(case.args[top], 60)} before {opening}={_shown(case.args[opening], 60)} "
                         "reached the implementation as sent: a reversed range nobody refused",
                         ("reversed", opening, top), _FIX_REVERSED, severity="advice")
        prose = ctx.spec.parameters.get("properties", {}).get(top, {}).get("description", "")
        raise Defect(f"{top}={_shown(case.args[top], 60)} reached the implementation as sent, though the "
                     f"field's description rules it out: {_shown(str(prose), 140)}",
                     ("described", top), _FIX_DESCRIBED, severity="advice")


_FIX_REVERSED = "refuse a range that ends before it starts (or swap it on purpose), before calling the implementation"
_FIX_DESCRIBED = ("enforce the bound the description states (refuse with a correction), or write it into the "
                  "schema (minimum / maximum / maxLength / maxItems / minItems) so the boundary enforces it")


#: the fix line of every hang finding (here, and when a run stops after HANG_LIMIT hangs)
FIX_HANG = "make the tool answer within the timeout (or raise fuzz(timeout=) if it is just slow)"


#: the fix line of an answer holding NaN or Infinity
FIX_NON_FINITE = ("refuse non-finite and out-of-range numbers (NaN, Infinity, 1e400) with a correction, and answer "
                  "only finite numbers (an unbounded result as null or as text)")


@check(code="AACL130", inputs=INPUT_KINDS, fix="catch this and raise a correction (or fix the crash); never let a call hang")
def total(case: Case, call: Call, ctx: CheckContext) -> None:
    """Nothing but a correction escapes, every call answers in time, and no answer holds NaN or Infinity."""
    _require(call.outcome != "escaped", f"{_describe(call)} escaped instead of a correction")
    _require(call.outcome != "timeout", f"the call hung: {_describe(call)}", ("timeout",), FIX_HANG)
    if call.outcome == "returned" and ctx.black_box:
        # a crash caught and answered as text, on any input (trial 13: finance-calc answered
        # "Error: float division by zero" for a valid term; only a rendering's was judged)
        said = error_answer(call.result)
        found = PYTHON_FAULT.search(said) if said and python_fault(said, case.args) else None
        _require(found is None, f"the tool crashed and answered the crash as its result: {_shown(comparable(call.result))}",
                 ("escaped", "crash in the answer", re.sub(r"'\w+'", "'…'", found.group(0) if found else "")),
                 "catch this and answer a correction, or fix the crash; mark an error answer as an error (isError)")
    what, _, where = call.non_finite.partition(" at ")
    _require(not call.non_finite, (
        f"the tool answered {what} (at {where}), which standard JSON has no token for: a strict parser "
        f"(JavaScript's JSON.parse) fails on the answer, a lenient one (Python's json) passes {what} on"),
        ("non-finite answer",), FIX_NON_FINITE)  # one per tool: the place depends on which input was NaN


@check(code="AACL140", inputs=("conforming", "hallucinated"), needs_implementation=True,
       fix="normalise this field to the schema's type and constraints before calling the implementation")
def typed_implementation(case: Case, call: Call, ctx: CheckContext) -> None:
    """Whatever reaches the implementation validates against the strict schema (jsonschema 2020-12, formats on)."""
    if not call.received or _derived(_received_json(call, ctx)[0], ctx):
        return  # a request the layer built is not the tool's arguments: nothing to validate them against
    validator = strict_validator(ctx)
    for got in _received_json(call, ctx):
        error = next(iter(validator.iter_errors(got)), None)
        if error is not None:
            where = ".".join(str(p) for p in error.absolute_path) or "<arguments>"
            raise Defect(f"implementation received {where}={_shown(error.instance)}, which violates the schema: "
                         f"{error.message[:160]}", ("untyped", where.split(".")[0], str(error.validator)))


@check(code="AACL160", inputs=("invalid", "hallucinated"), severity="advice",
       fix="make the correction name the field, what is expected and what was received")
def correction_quality(case: Case, call: Call, ctx: CheckContext) -> None:
    """ADVICE: a correction names the field path, what is expected and what was received, within the length bound."""
    if call.outcome != "rejected":
        return
    _require(len(call.message) <= MAX_MESSAGE_CHARS, f"the correction is {len(call.message)} characters long (bound: {MAX_MESSAGE_CHARS})",
             ("too long",), f"keep a correction under {MAX_MESSAGE_CHARS} characters: a model reads all of it")
    props = ctx.spec.parameters.get("properties", {})
    fields = [f for f in (_field_of(label) for label in case.labels) if f]
    fields += [k for k in case.args if k not in props and k not in fields]  # keys the model made up
    if isinstance(call.error, CorrectionError):
        for c in call.error.corrections:
            missing = [name for name, value in (("code", c.code), ("path", c.path), ("expected", c.expected), ("received", c.received)) if not value]
            _require(not missing, f"correction {c.message()!r} lacks {', '.join(missing)}", ("lacks", *missing))
        named = {c.path.split(".")[-1].split("[")[0] for c in call.error.corrections} | {c.path for c in call.error.corrections}
        _require(not fields or any(f in named or any(p.startswith(f) for p in named) for f in fields), (
            f"the correction does not name the field {fields[0]!r}: {call.message[:200]!r}"
        ), ("unnamed field",))
        return
    sent = [v for v in (sent_value(label) for label in case.labels) if v is not NOTHING]
    # for a key the model made up, what was received is the key itself (UNEXPECTED_FIELD)
    sent += [_field_of(label) for label in case.labels if label.family == "unexpected_field"]
    about = refused_argument(case.args, call.message)
    lowered = call.message.lower()
    if about and about not in fields and not any(names(lowered, f.lower()) for f in fields):
        # (as a word: `a` is no name in "nivel_confianza must be in (0, 1)", trial 13)
        # the tool refused another argument than the one rendered: judge the message about that one
        fields, sent = [about], [case.args[about]]
    nested = [part for label in case.labels for part in re.split(r"[.\[\]'\"$/]+", str(getattr(label, "path", "")))[1:]
              if part and not part.isdigit()]
    nested += [key for f in fields for key in _keys_inside(case.args.get(f))]
    lacks = text_correction_lacks(call.message, fields, sent, ctx.spec.name, aliases=nested)
    if not about and any(part.startswith("the field name") for part in lacks) and refused_anyway(case, fields, call, ctx):
        return  # refused as much with these fields as meant: the message is about another argument
    kinds = tuple(part.split(" (")[0].split(" '")[0] for part in lacks)
    origin = framework_text(call.message)
    if origin:  # the host's words, not the author's: say so, and what the author can do instead
        _require(not lacks, f"the correction, {origin}'s own validation text, lacks {', '.join(lacks)}: "
                 f"{_shown(call.message)}", ("lacks", *kinds, origin),
                 f"{origin} refuses the call before the tool runs, in words the tool's author does not write: "
                 "accept the wider type and validate in the tool to name the field, or leave it")
    _require(not lacks, f"the correction lacks {', '.join(lacks)}: {_shown(call.message)}", ("lacks", *kinds))


def _keys_inside(value: Any, depth: int = 0) -> list[str]:
    """The keys of an object argument, at any depth: "Unknown timezone" names `args` well enough."""
    if depth > 3:
        return []
    if isinstance(value, dict):
        return [str(k) for k in value] + [k for v in value.values() for k in _keys_inside(v, depth + 1)]
    if isinstance(value, list):
        return [k for v in value[:3] for k in _keys_inside(v, depth + 1)]
    return []


@check(code="AACL150", inputs=("hallucinated", "conforming"), needs_implementation=True,
       fix="make normalisation a fixed point: what it outputs must read back as itself")
def idempotent(case: Case, call: Call, ctx: CheckContext) -> None:
    """Sending again what reached the implementation reaches it unchanged (normalise twice = once)."""
    if call.outcome != "returned" or not call.received:
        return
    first = _received_json(call, ctx)[0]
    if _derived(first, ctx):
        return  # a request the layer built cannot be sent back as the tool's arguments
    again = ctx.call(first)
    if again.outcome in ("timeout", "escaped"):
        return  # `total`'s finding
    _require(again.outcome == "returned" and again.received, (
        f"sending back what the implementation received ({_shown(first)}) produced {_describe(again)}"
    ), ("replay", again.outcome))
    problem = compare_arguments(_received_json(again, ctx)[0], first, ctx.spec.parameters)
    if problem is not None:
        raise Defect(f"normalising twice differs from once: {problem}", ("twice", _field_of(getattr(problem, "path", ""))))
