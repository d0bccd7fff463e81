"""The oracle: named checks as plain functions, and the registry users extend.

A check is called once per generated case with the `Case` (what the model sent and, for
hallucinated input, what it meant), the recorded `Call` (what reached the implementation,
or what was raised), and the `Target` (to read its spec or call it again).  It raises
`AssertionError` with a one-sentence reason when the tool misbehaved.  Checks never import
hypothesis; jsonschema is imported only by `typed_implementation`.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from ._errors import MAX_MESSAGE_CHARS, CorrectionError, render_value
from ._oracle import compare_arguments, jsonable

if TYPE_CHECKING:  # pragma: no cover
    from ._targets import Target

__all__ = ["CHECKS", "Call", "Case", "CheckDef", "Defect", "check"]

InputKind = Literal["conforming", "hallucinated", "invalid", "adversarial"]
INPUT_KINDS: tuple[InputKind, ...] = ("conforming", "hallucinated", "invalid", "adversarial")


@dataclass(frozen=True)
class Case:
    """One generated call: `args` as sent, `intended` (None unless hallucinated/conforming)."""

    kind: InputKind
    args: dict[str, Any]
    intended: dict[str, Any] | None = None
    labels: tuple[Any, ...] = ()

    def __repr__(self) -> str:  # Hypothesis reprs failing examples; adversarial values may not allow it
        try:
            return f"Case({self.kind!r}, args={self.args!r})"
        except Exception:
            return f"Case({self.kind!r}, <arguments whose repr raises>)"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:  # Hypothesis's pretty printer
        printer.text(repr(self))


@dataclass
class Call:
    """What happened when the tool was called with `args`.

    `outcome` is `"returned"`, `"rejected"` (a correction), `"escaped"` (any other
    exception) or `"timeout"`.  `received` holds the keyword arguments of every call that
    reached the implementation.  `error` is the correction or the escaped exception;
    `message` its text (for MCP, the text of the `isError` result).
    """

    args: dict[str, Any]
    outcome: Literal["returned", "rejected", "escaped", "timeout"]
    received: list[dict[str, Any]] | None = field(default_factory=list)
    error: BaseException | None = None
    message: str = ""
    seconds: float = 0.0
    result: Any = None


CheckFunc = Callable[[Case, Call, "Target"], None]


@dataclass(frozen=True)
class CheckDef:
    name: str
    func: CheckFunc
    inputs: tuple[InputKind, ...]
    description: str


#: Every check by name, in the order they run.  `@check` adds to it.
CHECKS: dict[str, CheckDef] = {}


def check(
    func: CheckFunc | None = None,
    *,
    name: str | None = None,
    inputs: Iterable[InputKind] = ("hallucinated",),
) -> Any:
    """Register a check, so `--aacl-checks` and `fuzz(checks=...)` can select it by name.

    Use bare (`@check`) or with options (`@check(inputs=("conforming", "hallucinated"))`).
    The function receives `(case, call, target)` and raises `AssertionError` on a defect::

        @pytest_aacl.check(inputs=("conforming",))
        def never_empty_query(case, call, target):
            for kwargs in call.received:
                assert kwargs.get("query"), "the implementation received an empty query"
    """
    kinds = tuple(inputs)
    unknown = [k for k in kinds if k not in INPUT_KINDS]
    if unknown or not kinds:
        raise ValueError(f"check inputs must be a non-empty subset of {INPUT_KINDS}, got {kinds!r}")

    def register(fn: CheckFunc) -> CheckFunc:
        key = name or fn.__name__
        doc = (fn.__doc__ or "").strip().splitlines()
        CHECKS[key] = CheckDef(key, fn, kinds, doc[0] if doc else "")
        return fn

    return register(func) if func is not None else register


# -- helpers shared by the checks ----------------------------------------------------------


class Defect(AssertionError):
    """A check failure with a grouping `key`: failures sharing a key are one defect.

    Without a key, `fuzz()` groups by the escaped exception's place or the fields involved.
    """

    def __init__(self, message: str, key: str = "") -> None:
        super().__init__(message)
        self.key = key


def _require(condition: Any, message: str, key: str = "") -> None:
    """`assert` without pytest's rewriting: the message a user reads is exactly ours."""
    if not condition:
        raise Defect(message, key)


def _received_json(call: Call, target: Target) -> list[dict[str, Any]]:
    return [jsonable(target.spec.to_json(dict(kwargs))) for kwargs in call.received]


def _describe(call: Call) -> str:
    if call.outcome == "escaped" and call.error is not None:
        return f"{type(call.error).__name__}: {render_value(call.message, 120)}"
    if call.outcome == "timeout":
        return f"no answer within {call.seconds:.1f}s"
    if call.outcome == "rejected":
        return f"a correction ({render_value(call.message, 120)})"
    return "a normal return"


def _expect_reaches(case: Case, call: Call, target: Target, want: dict[str, Any]) -> None:
    if not call.received:
        return
    got = _received_json(call, target)[0]
    try:  # the spec's own round trip fills defaulted dataclass fields, sorts sets, ...
        want = jsonable(target.spec.to_json(target.spec.to_python(dict(want))))
    except Exception:
        want = jsonable(want)
    problem = compare_arguments(got, want, target.spec.parameters, defaults=target.defaults)
    _require(problem is None, f"implementation received {problem}")


# -- the built-in checks --------------------------------------------------------------------


@check(inputs=("hallucinated",))
def no_silent_corruption(case: Case, call: Call, target: Target) -> None:
    """A model-style rendering reaches the implementation as exactly the intended value, or is corrected."""
    if call.outcome == "rejected":
        _require(not call.received, "a correction was raised after the implementation had been called")
        return
    _expect_reaches(case, call, target, case.intended or {})


@check(inputs=("conforming",))
def identity_on_canonical(case: Case, call: Call, target: Target) -> None:
    """Valid canonical arguments reach the implementation unchanged."""
    _require(call.outcome in ("returned", "timeout"), f"valid canonical arguments produced {_describe(call)}")
    _expect_reaches(case, call, target, case.args)


@check(inputs=("invalid",))
def rejects_invalid(case: Case, call: Call, target: Target) -> None:
    """Arguments no valid value could mean are answered with a correction; the implementation is not called."""
    if call.outcome == "timeout":
        return
    if call.received:
        got = _received_json(call, target)[0]
        fields = [f for f in (_field_of(label) for label in case.labels) if f in got]
        shown = ", ".join(f"{f}={render_value(got[f], 60)}" for f in dict.fromkeys(fields)) or render_value(got, 160)
        raise AssertionError(f"invalid arguments reached the implementation: {shown}")
    _require(call.outcome == "rejected", f"invalid arguments produced {_describe(call)} instead of a correction")


@check(inputs=INPUT_KINDS)
def total(case: Case, call: Call, target: Target) -> None:
    """Nothing but a correction escapes, and every call answers within the time bound."""
    _require(call.outcome != "escaped", f"{_describe(call)} escaped instead of a correction")
    _require(call.outcome != "timeout", f"the call hung: {_describe(call)}")


@check(inputs=("conforming", "hallucinated"))
def typed_implementation(case: Case, call: Call, target: Target) -> None:
    """Whatever reaches the implementation validates against the strict schema (jsonschema 2020-12, formats on)."""
    if not call.received:
        return
    validator = _validator(target)
    for got in _received_json(call, target):
        error = next(iter(validator.iter_errors(got)), None)
        if error is not None:
            where = ".".join(str(p) for p in error.absolute_path) or "<arguments>"
            raise AssertionError(f"implementation received {where}={render_value(error.instance)}, which violates the schema: {error.message[:160]}")


@check(inputs=("invalid", "hallucinated"))
def correction_quality(case: Case, call: Call, target: Target) -> None:
    """A correction names the field path, what is expected and what was received, within the length bound."""
    if call.outcome != "rejected":
        return
    _require(len(call.message) <= MAX_MESSAGE_CHARS, f"the correction is {len(call.message)} characters long (bound: {MAX_MESSAGE_CHARS})")
    props = target.spec.parameters.get("properties", {})
    fields = [f for f in (_field_of(label) for label in case.labels) if f]
    fields += [k for k in case.args if k not in props and k not in fields]  # keys the model made up
    if isinstance(call.error, CorrectionError):
        for c in call.error.corrections:
            missing = [name for name, value in (("code", c.code), ("path", c.path), ("expected", c.expected), ("received", c.received)) if not value]
            _require(not missing, f"correction {c.message()!r} lacks {', '.join(missing)}")
        named = {c.path.split(".")[-1].split("[")[0] for c in call.error.corrections} | {c.path for c in call.error.corrections}
        _require(not fields or any(f in named or any(p.startswith(f) for p in named) for f in fields), (
            f"the correction does not name the field {fields[0]!r}: {call.message[:200]!r}"
        ))
        return
    sent = [_sent(label) for label in case.labels]
    _check_text_correction(call.message, fields, [v for v in sent if v is not _NOTHING])


_NOTHING = object()


def _sent(label: Any) -> Any:
    """The value the model sent at a label's path (hallucination or mutation record)."""
    value = getattr(label, "rendered", getattr(label, "mutated", _NOTHING))
    return _NOTHING if type(value).__name__ == "_Absent" else value


_CODE = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b|\btype=[a-z_]+")
_EXPECTED = re.compile(r"expect|must|should|one of|allowed|\bvalid\b|required|at (?:least|most)|between", re.IGNORECASE)


def _check_text_correction(message: str, fields: list[str], sent: list[Any]) -> None:
    """For tools not built with the boundary: the message must carry code, field, expectation, value."""
    lacks = []
    if not _CODE.search(message):
        lacks.append("an error code (e.g. INVALID_ENUM)")
    lowered = message.lower()
    if fields and not any(f.lower() in lowered for f in fields):
        lacks.append(f"the field name {fields[0]!r}")
    if not _EXPECTED.search(message):
        lacks.append("what is expected")
    shown = [_value_texts(value) for value in sent]
    if shown and not any(t.lower() in lowered for forms in shown for t in forms):
        lacks.append("the value received")
    kinds = ", ".join(part.split(" (")[0].split(" '")[0] for part in lacks)
    _require(not lacks, f"the correction lacks {', '.join(lacks)}: {render_value(message, 160)}", f"lacks {kinds}")


def _value_texts(value: Any) -> list[str]:
    """The ways a message may show a received value: raw, repr, JSON-like (first characters)."""
    forms = [render_value(value, 40).strip('"'), _short_repr(value)]
    if isinstance(value, str):
        forms.append(value)
    return [f.strip()[:12] for f in forms if f.strip()] or ['""', "''"]


def _short_repr(value: Any) -> str:
    try:
        text = repr(value)
    except Exception:
        return ""
    return text[1:-1] if isinstance(value, str) else text


@check(inputs=("hallucinated", "conforming"))
def idempotent(case: Case, call: Call, target: Target) -> None:
    """Sending again what reached the implementation reaches it unchanged (normalise twice = once)."""
    if call.outcome != "returned" or not call.received:
        return
    first = _received_json(call, target)[0]
    again = target.call(first)
    if again.outcome == "timeout":
        return
    _require(again.outcome == "returned" and again.received, (
        f"sending back what the implementation received ({render_value(first, 160)}) produced {_describe(again)}"
    ), f"replay {again.outcome} {type(again.error).__name__}")
    problem = compare_arguments(_received_json(again, target)[0], first, target.spec.parameters)
    _require(problem is None, f"normalising twice differs from once: {problem}")


def _field_of(label: Any) -> str:
    """The top-level field a label is about, from paths like `$.a.b`, `/a/b`, `a[0]` or ('a', 0)."""
    path = getattr(label, "path", label)
    if isinstance(path, (tuple, list)):
        return str(path[0]) if path else ""
    text = str(path or "").lstrip("$").lstrip("./")
    return re.split(r"[./\[]", text, maxsplit=1)[0] if text else ""


def _validator(target: Target) -> Any:
    cached = getattr(target, "_strict_validator", None)
    if cached is None:
        import jsonschema

        formats = jsonschema.FormatChecker()
        # jsonschema checks these only with an optional dependency; never skip them silently
        formats.checks("date-time", raises=ValueError)(_iso_datetime)
        formats.checks("time", raises=ValueError)(_iso_time)
        cached = jsonschema.Draft202012Validator(target.spec.parameters, format_checker=formats)
        target._strict_validator = cached
    return cached


def _iso_datetime(value: object) -> bool:
    if not isinstance(value, str):
        return True
    if len(value) < 16 or value[10] not in "Tt ":
        return False
    _dt.datetime.fromisoformat(value.replace("Z", "+00:00").replace("z", "+00:00"))
    return True


def _iso_time(value: object) -> bool:
    if isinstance(value, str):
        _dt.time.fromisoformat(value.replace("Z", "+00:00").replace("z", "+00:00"))
    return True
