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

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from . import _argcheck
from ._call import ADVISORY, INPUT_KINDS, REVERSED, Call, Case, InputKind
from ._check_support import (
    NOTHING,
    check_options,
    sent_value,
    strict_validator,
    text_correction_lacks,
)
from ._errors import MAX_MESSAGE_CHARS, CorrectionError, InvalidArgument, render_value
from ._jsonvalue import comparable
from ._oracle import compare, compare_arguments
from ._ranges import range_pairs as _range_pairs
from ._reach import PYTHON_FAULT, error_answer, refused_argument
from ._volatile import apply_mask, learn_mask, masks_everything

if TYPE_CHECKING:  # pragma: no cover
    from ._context import CheckContext

__all__ = ["CHECKS", "INPUT_KINDS", "Call", "Case", "CheckDef", "Defect", "InputKind", "check"]

def _shown(value: Any, limit: int = 240) -> str:
    """A value in a defect message, for people: `é` and `—` as themselves, cut at `limit`."""
    return render_value(value, limit, readable=True)


CheckFunc = Callable[[Case, Call, "CheckContext"], None]
Severity = Literal["defect", "advice"]


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


class Defect(AssertionError):
    """A check failure with a grouping `key`: failures sharing a key are one defect.

    `key` is a string or a tuple of strings (e.g. `("field", "max_results", "int_thousands")`);
    without one, `fuzz()` groups by outcome, escaped exception type and place, and the fields
    and families involved.  `fix` is the one line telling the user what to change.
    `severity="advice"` makes this one finding advice even when its check judges defects.
    """

    def __init__(self, message: str, key: str | tuple[str, ...] = "", fix: str = "",
                 severity: Severity | None = None) -> None:
        super().__init__(message)
        self.key = key
        self.fix = fix
        self.severity = severity


def _require(condition: Any, message: str, key: str | tuple[str, ...] = "", fix: str = "") -> None:
    """`assert` without pytest's rewriting: the message a user reads is exactly ours."""
    if not condition:
        raise Defect(message, key, fix)


def _received_json(call: Call, ctx: CheckContext) -> list[dict[str, Any]]:
    return [comparable(ctx.spec.to_json(dict(kwargs))) for kwargs in call.received or ()]


def _describe(call: Call) -> str:
    if call.outcome == "escaped" and call.error is not None:
        return f"{type(call.error).__name__}: {_shown(call.message)}"
    if call.outcome == "timeout":
        return f"no answer within {call.seconds:.1f}s"
    if call.outcome == "rejected":
        return f"a correction ({_shown(call.message)})"
    return "a normal return"


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
        got_named = {k: v for k, v in got.items() if k in props and k in want and _json_type(v) == _json_type(want[k])}
        problem = compare_arguments(got_named, {k: v for k, v in want.items() if k in got_named},
                                    ctx.spec.parameters, defaults=ctx.defaults)
    else:
        problem = compare_arguments(got, want, ctx.spec.parameters, defaults=ctx.defaults)
    if problem is not None:
        where, family = _label_field(case, getattr(problem, "path", ""))
        raise Defect(f"implementation received {problem}", ("received", where, family), fix)
    if derived and metamorphic and case.intended is not None:
        _same_as_intended(case, got, ctx, fix)


def _derived(got: Any, ctx: CheckContext) -> bool:
    """Whether the implementation receives something other than the tool's arguments (a key
    no argument has): a layer that builds a request rather than passing arguments on."""
    props = ctx.spec.parameters.get("properties", {})
    return isinstance(got, dict) and isinstance(props, dict) and any(k not in props for k in got)


def _json_type(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return type(value).__name__
    return "number" if isinstance(value, (int, float)) else type(value).__name__


def _same_as_intended(case: Case, got: Any, ctx: CheckContext, fix: str) -> None:
    """What the layer built for a rendering equals what it builds for the intended value (the
    metamorphic relation, on what reached the implementation), unless that varies by itself."""
    reference = ctx.result_of(case.intended or {})
    if reference.outcome != "returned" or not reference.received:
        return  # nothing meant to compare with
    theirs = _received_json(reference, ctx)[0]
    if compare(got, theirs, {}) is None:
        return
    for args, expected in ((case.intended or {}, theirs), (case.args, got)):  # each side reproducible?
        again = ctx.call(args)
        if again.outcome != "returned" or not again.received or compare(_received_json(again, ctx)[0], expected, {}) is not None:
            return  # what the layer builds varies by itself (a timestamp, a request id): not judged here
    fields = sorted({_field_of(label) for label in case.labels})
    families = sorted({str(label.family) for label in case.labels})
    raise Defect(f"implementation received {_shown(got)} for the rendering but {_shown(theirs)} for the intended "
                 f"value ({', '.join(fields)} read differently)", ("received", *fields, *families), fix)


# -- the built-in checks --------------------------------------------------------------------

_FIX_READ = "make the interface read this rendering as the intended value, or refuse it with a correction"


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


_FIX_NONDETERMINISTIC = ("seed the tool's randomness, freeze time, reset its state before each call (fuzz(reset=) "
                         "or the aacl_reset fixture), or name the implementation (implementation=) so the "
                         "fuzzer judges what reaches it instead of the result")


#: extra calls of each side before a difference is reported as silent corruption
_CONFIRM = 2


def _metamorphic(case: Case, call: Call, ctx: CheckContext) -> None:
    """Black box: result(rendering) == result(intended value), the parts that vary masked.

    Not judged: an escape or hang (`total`'s), a rendering refused with a correction, or an
    intended value the tool itself does not answer normally.  On a difference the intended
    call is repeated to learn which parts of the answer vary on their own (counters, ids,
    timestamps: `_volatile`), and those are masked; a difference that remains is reported
    only after both calls were repeated and gave the same answers each time.  A tool whose
    answers change by themselves is reported as not reproducible, which never fails a run.
    """
    if call.outcome != "returned" or case.intended is None:
        return
    first = ctx.result_of(case.intended)  # called even when the rendering was refused in its text:
    # whether the meant value gets through is what tells a strict tool from a blocked run
    if first.outcome != "returned" or error_answer(first.result):
        return  # nothing meant to compare with
    if error_answer(call.result):  # refused in the answer's text: not silent, unless it is a crash
        _raise_crash(call.result, first.result, case)
        return
    if compare(comparable(call.result), comparable(first.result), {}) is None:
        return
    second = ctx.call(case.intended)
    if second.outcome != "returned":
        raise Defect(f"the tool's result is not reproducible: the same arguments {_shown(case.intended)} "
                     f"answered {_shown(comparable(first.result))}, then {_answer(second)}",
                     ("nondeterministic",), _FIX_NONDETERMINISTIC)
    mask = learn_mask(comparable(first.result), comparable(second.result))
    if masks_everything(comparable(first.result), mask):  # nothing of the answer stays the same
        raise Defect(f"the tool's result is not reproducible: the same arguments {_shown(case.intended)} "
                     f"answered {_shown(comparable(first.result))}, then {_answer(second)}",
                     ("nondeterministic",), _FIX_NONDETERMINISTIC)
    intended_answer = apply_mask(comparable(first.result), mask)
    if apply_mask(comparable(call.result), mask) == intended_answer:
        return  # only what varies by itself differed
    rendered_answer = apply_mask(comparable(call.result), mask)
    # a tool that picks among a few answers at random agrees with itself by chance: each
    # side is asked again until a coincidence is unlikely (a 4-way coin: 1 in 4,096)
    for args, answer, expected in [(case.args, call.result, rendered_answer),
                                   *[(case.intended, first.result, intended_answer),
                                     (case.args, call.result, rendered_answer)] * _CONFIRM]:
        again = ctx.call(args)
        if again.outcome != "returned" or apply_mask(comparable(again.result), mask) != expected:
            raise Defect(
                f"the tool's result is not reproducible: the same arguments {_shown(args)} "
                f"answered {_shown(comparable(answer))}, then {_answer(again)}",
                ("nondeterministic",), _FIX_NONDETERMINISTIC)
    if _quotes_null_word(case, call.result):
        return  # "no lines match 'None'": the answer shows the word was read as text, so not silently
    fields = sorted({_field_of(label) for label in case.labels})
    families = sorted({str(label.family) for label in case.labels})
    _raise_crash(call.result, first.result, case)
    masked = f"; parts that vary by themselves masked: {len(mask)}" if mask else ""
    raise Defect(
        f"the tool answered the rendering with {_shown(comparable(call.result))} but the intended "
        f"value with {_shown(comparable(first.result))} ({', '.join(fields)} read differently{masked})",
        ("result", *fields, *families), _FIX_READ)


def _raise_crash(answer: Any, intended: Any, case: Case) -> None:
    crash = _crash_wording(answer, intended)
    if crash:  # the rendering crashed the tool, which answered its crash as a result
        fields = sorted({_field_of(label) for label in case.labels})  # the same wording on two fields: two crashes
        raise Defect(f"the tool crashed on the rendering and answered the crash as its result: "
                     f"{_shown(comparable(answer))} (the intended value answered {_shown(comparable(intended))})",
                     ("escaped", "crash in the answer", crash, *fields),
                     "catch this and answer a correction, or fix the crash; mark an error answer as an error (isError)")


def _crash_wording(answer: Any, intended: Any) -> str:
    """The interpreter's wording of a programming error in a short answer the intended call's
    answer does not carry (a tool catching everything and answering the text), or ""."""
    text = json.dumps(comparable(answer), ensure_ascii=False)
    if len(text) > 1000:
        return ""
    found = PYTHON_FAULT.search(text)
    if found is None or PYTHON_FAULT.search(json.dumps(comparable(intended), ensure_ascii=False)[:2000]):
        return ""
    return re.sub(r"'\w+'", "'…'", found.group(0))  # one finding per wording, whatever it names


def _quotes_null_word(case: Case, result: Any) -> bool:
    """Is the rendering a null word (`"None"` for null) that the answer quotes back?  On a
    text field "None" is also a text a search may mean (mcp-abacus's help filter); an answer
    saying what it did with the quoted word tells the model, which is what silence is not."""
    words = {str(label.rendered).strip() for label in case.labels if str(label.family) == "null_words"}
    if not words or len(words) != len(case.labels):
        return False
    texts: list[str] = []
    stack = [comparable(result)]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            texts.append(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    text = "\n".join(texts)
    return all(w and re.search(rf"['\"\u2018\u201c`]{re.escape(w)}['\"\u2019\u201d`]", text) for w in words)


#: what varies between refusals of one rule: quoted values and numbers
_VARYING = re.compile(r"'[^'\n]{0,2000}'|\"[^\"\n]{0,2000}\"|`[^`\n]{0,2000}`|-?\b\d+(?:\.\d+)?\b")


def _wording(message: str) -> str:
    """A refusal's wording without the values it quotes: the rule it states."""
    return " ".join(_VARYING.sub("_", message).split())[:120]


def _answer(call: Call) -> str:
    return _shown(comparable(call.result)) if call.outcome == "returned" else _describe(call)


@check(code="AACL110", inputs=("conforming",), needs_implementation=True,
       fix="accept every value the schema allows, and pass it on unchanged")
def identity_on_canonical(case: Case, call: Call, ctx: CheckContext) -> None:
    """Valid canonical arguments are not refused and reach the implementation unchanged."""
    # keyed by the field the call varied and the refusal's wording: one rule the schema does
    # not state is one finding, two rules two (an empty `ids` refused, and the plain call's
    # lists of equal length refused, are not one defect)
    varied = ",".join(sorted({_field_of(label) for label in case.labels})) or "-"
    _require(call.outcome != "rejected", f"valid canonical arguments produced {_describe(call)}",
             ("refused valid", varied, _wording(call.message)), "accept every value the schema allows (or tighten the schema to what you accept)")
    _expect_reaches(case, call, ctx, case.args, "pass canonical values on unchanged")


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
FIX_NON_FINITE = ("refuse non-finite and out-of-range numbers (NaN, Infinity, 1e400) with a correction, and make "
                  "sure every number the tool answers is finite")


@check(code="AACL130", inputs=INPUT_KINDS, fix="catch this and raise a correction (or fix the crash); never let a call hang")
def total(case: Case, call: Call, ctx: CheckContext) -> None:
    """Nothing but a correction escapes, every call answers in time, and no answer holds NaN or Infinity."""
    _require(call.outcome != "escaped", f"{_describe(call)} escaped instead of a correction")
    _require(call.outcome != "timeout", f"the call hung: {_describe(call)}", ("timeout",), FIX_HANG)
    what, _, where = call.non_finite.partition(" at ")
    _require(not call.non_finite, (
        f"the tool answered {what} (at {where}), which JSON cannot carry: a strict client fails to read the "
        f"answer, a lenient one passes {what} on"), ("non-finite answer", re.sub(r"\[\d+\]", "[]", where)), FIX_NON_FINITE)


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
    if about and about not in fields and not any(f.lower() in lowered for f in fields):
        # the tool refused another argument than the one rendered: judge the message about that one
        fields, sent = [about], [case.args[about]]
    lacks = text_correction_lacks(call.message, fields, sent)
    kinds = tuple(part.split(" (")[0].split(" '")[0] for part in lacks)
    _require(not lacks, f"the correction lacks {', '.join(lacks)}: {_shown(call.message)}", ("lacks", *kinds))


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


def _field_of(label: Any) -> str:
    """The top-level field a label is about, from paths like `$.a.b`, `/a/b`, `a[0]` or ('a', 0)."""
    path = getattr(label, "path", label)
    if isinstance(path, (tuple, list)):
        return str(path[0]) if path else ""
    text = str(path or "").lstrip("$").lstrip("./")
    return re.split(r"[./\[]", text, maxsplit=1)[0] if text else ""
