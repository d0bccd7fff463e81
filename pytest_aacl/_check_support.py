"""Helpers of the checks: `Defect`, the pieces of a defect message, `@check`'s argument
checks, reading a free-text correction, the strict validator.

Kept apart from `_checks` so that module holds the registry and the checks themselves, and
`_metamorphic` can raise a `Defect` without importing the registry.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal

from . import _argcheck
from ._errors import render_value
from ._jsonvalue import comparable
from ._reach import OUTPUT_BROKEN

if TYPE_CHECKING:  # pragma: no cover
    from ._call import Call, Case
    from ._context import CheckContext

__all__ = [
    "NOTHING",
    "Defect",
    "Severity",
    "check_options",
    "describe",
    "field_of",
    "framework_text",
    "names",
    "received_json",
    "refused_anyway",
    "sent_value",
    "shown",
    "strict_validator",
    "text_correction_lacks",
]

Severity = Literal["defect", "advice"]


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


def shown(value: Any, limit: int = 240) -> str:
    """A value in a defect message, for people: `é` and `—` as themselves, cut at `limit`."""
    return render_value(value, limit, readable=True)


#: a crash a tool answered as text (`McpFault`, `AnsweredFault`), by how it answered
_ANSWERED_CRASH = {"McpFault": "an MCP error", "AnsweredFault": "its result"}


def describe(call: Call) -> str:
    """What a call did, in a defect message."""
    if call.outcome == "escaped" and call.message.startswith(OUTPUT_BROKEN):
        return f"an answer the client refused ({shown(call.message)})"  # no isError: not answered as an error
    if call.outcome == "escaped" and type(call.error).__name__ in _ANSWERED_CRASH:  # no exception of the tool's reached us
        return f"a crash the tool answered as {_ANSWERED_CRASH[type(call.error).__name__]} ({shown(call.message)})"
    if call.outcome == "escaped" and call.error is not None:
        return f"{type(call.error).__name__}: {shown(call.message)}"
    if call.outcome == "timeout":
        return f"no answer within {call.seconds:.1f}s"
    if call.outcome == "rejected":
        return f"a correction ({shown(call.message)})"
    return "a normal return"
def field_of(label: Any) -> str:
    """The top-level field a label is about, from paths like `$.a.b`, `/a/b`, `a[0]` or ('a', 0)."""
    path = getattr(label, "path", label)
    if isinstance(path, (tuple, list)):
        return str(path[0]) if path else ""
    text = str(path or "").lstrip("$").lstrip("./")
    return re.split(r"[./\[]", text, maxsplit=1)[0] if text else ""


def received_json(call: Call, ctx: CheckContext) -> list[dict[str, Any]]:
    return [comparable(ctx.spec.to_json(dict(kwargs))) for kwargs in call.received or ()]



NOTHING = object()


def check_options(func: Any, name: Any, inputs: Any, kinds: tuple[str, ...], replace: Any,
                  needs_implementation: Any, severity: Any, fix: Any, code: Any = "") -> tuple[Any, ...]:
    """`@check`'s options, each checked when the decorator is applied: the input kinds chosen."""
    subset = f"a non-empty subset of {kinds}, e.g. inputs=('hallucinated',)"
    chosen = (inputs,) if isinstance(inputs, str) else tuple(_argcheck.items("check", "inputs", inputs, expected=subset))
    if not chosen or any(k not in kinds for k in chosen):
        raise _argcheck.invalid("check", "inputs", inputs, subset)
    _argcheck.choice("check", "severity", severity, ("defect", "advice"))
    _argcheck.text("check", "name", name, optional=True, example='name="never_empty_query"')
    for option, value in (("replace", replace), ("needs_implementation", needs_implementation)):
        _argcheck.flag("check", option, value)
    _argcheck.text("check", "fix", fix, empty=True, example='fix="validate the query before searching"')
    _argcheck.text("check", "code", code, empty=True, example='code="ACME001"')
    if code and not _CHECK_CODE.fullmatch(code):
        raise _argcheck.invalid("check", "code", code, "letters, digits, '_' or '-', starting with a letter, e.g. code=\"ACME001\"")
    if func is not None and not callable(func):
        raise _argcheck.invalid("check", "func", func, "a function (case, call, ctx) -> None, or use @check(...) as a decorator")
    return chosen


def sent_value(label: Any) -> Any:
    """The value the model sent at a label's path (hallucination or mutation record)."""
    value = label.rendered
    return NOTHING if type(value).__name__ == "_Absent" else value


_CHECK_CODE = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
_EXPECTED = re.compile(r"expect|must|should|one of|allowed|\bvalid\b|required|at (?:least|most)|between|is not of type|"
                       r"not an? (?:valid|number|integer|string)|minimum|maximum|available|supported|cannot be|"
                       r"greater than|less than|no (?:more|less) than|\bneeds?\b|\brequires?\b|\bensure\b"
                       # a bound stated as a fact: "Network 192.168.10.0/24 only has 254 usable hosts"
                       r"|\bonly (?:has|have|accepts?|supports?|allows?|takes?)\b|\bhas only\b", re.IGNORECASE)


def refused_anyway(case: Case, fields: list[str], call: Call, ctx: CheckContext) -> bool:
    """Whether the same message comes back when `fields` carry the base call's values (the
    realistic call every case varies; the one the tool accepted, where it refused that).

    Why: a message that names no argument is blamed on the field the case varied, but the call
    may have been refused for another one (trial 10: "length must be >= 1 ... it was 0" was
    about `common_name=''`, and the advice asked `days_valid` to be named).  Not the intended
    value: the model may have meant one the tool refuses for itself."""
    base = _base_call(ctx)
    if base is None:
        return False
    meant = dict(case.args)
    for name in fields:
        if name in base:
            meant[name] = base[name]
        else:
            meant.pop(name, None)
    if meant == case.args:
        return False
    again = ctx.result_of(meant)
    return again.outcome == "rejected" and again.message == call.message


def _base_call(ctx: CheckContext) -> dict[str, Any] | None:
    if "base call" not in ctx._cache:
        from .strategies import _root  # lazy: the strategies load hypothesis
        from .strategies._base import base_call  # lazy: as above

        try:
            found = base_call(_root(ctx.spec)[1])
        except Exception:  # an exotic schema: nothing to compare with
            found = None
        ctx._cache["base call"] = found if isinstance(found, dict) else None
    return ctx._cache["base call"]


#: refusals a host writes before the tool's code runs, by who writes them
_FRAMEWORK_TEXTS = (
    ("the MCP SDK", re.compile(r"^(?:Error executing tool \S+: )?Input validation error: ")),
    ("pydantic", re.compile(r"\d+ validation errors? for |errors\.pydantic\.dev")),
)


def framework_text(message: str) -> str:
    """Who wrote a refusal when the host, not the tool, did ("" for the tool's own words):
    trial 10's advice asked authors to reword the SDK's "Input validation error: True is not
    of type 'string'", which they cannot."""
    return next((who for who, pattern in _FRAMEWORK_TEXTS if pattern.search(message or "")), "")


def text_correction_lacks(message: str, fields: list[str], sent: list[Any], tool: str = "",
                          aliases: Sequence[str] = ()) -> list[str]:
    """For tools not built with the boundary: what of field, expectation and value the message
    lacks (empty: nothing).  An error code is not asked of them: a model retries from the
    field, the expectation and the value, and asking every third-party message for a code
    buried the advice that matters (trial 7: every server's every message).  `aliases`: other
    names that say which field it is (a nested field's own key: "Unknown timezone" names
    `args.timezone` well enough; trial 10 asked for the wrapper's name `args`)."""
    lacks = []
    lowered = message.lower()
    # the field named as a word of its own, outside the value quoted back ("{'expression': '2 + 3'}
    # is not of type 'string'" names no field; a field `b` is not in "root_bisection")
    # nor inside the tool's own name ("Error executing tool matrix_transpose" names no `matrix`)
    known = {f.lower() for f in (*fields, *aliases)}
    # (unless the tool shares its name with the field: vibe-math's `percentage(percentage=...)`)
    prose = lowered.replace(tool.lower(), " ") if len(tool) >= 3 and tool.lower() not in known else lowered
    for value in sent:
        for form in (_short_repr(value), render_value(value, 10_000)):
            if len(form) >= 3 and form.lower().strip("'\"") not in known:  # a made-up key is its own value
                prose = prose.replace(form.lower(), " ")
    if fields and not any(names(prose, f) for f in known):
        lacks.append(f"the field name {fields[0]!r}")
    if not _EXPECTED.search(message):
        lacks.append("what is expected")
    shown = [_value_texts(value) for value in sent]
    if shown and "input_value=" not in message and not any(_shows(lowered, t.lower()) for forms in shown for t in forms):
        lacks.append("the value received")
    return lacks


def _shows(text: str, form: str) -> bool:
    """`form` in `text`; a short word only as a word ("nan" is not shown by "determinant")."""
    if len(form) <= 5 and form.isalnum():
        return re.search(rf"(?<![a-z0-9]){re.escape(form)}(?![a-z0-9])", text) is not None
    return form in text


def names(text: str, field: str) -> bool:
    """`field` as a word of `text` (INVALID_TIME_RANGE names time_range; a short name such as
    `b` must stand alone, not be a letter of root_bisection)."""
    edge = "a-z0-9_" if len(field) <= 2 else "a-z0-9"
    return re.search(rf"(?<![{edge}]){re.escape(field)}(?![{edge}])", text) is not None


def _value_texts(value: Any) -> list[str]:
    """The ways a message may show a received value: raw, repr, JSON-like (first characters)."""
    forms = [render_value(value, 40).strip('"'), _short_repr(value)]
    if isinstance(value, str):
        forms.append(value)
        if value.strip().lower() in ("null", "none", "nil"):  # a host read it as null and says so
            forms += ["None", "null"]
        number = _as_number(value)
        if number is not None:  # "year -1 is out of range" shows '-01' as the tool read it (trial 12)
            forms.append(repr(number))
    if isinstance(value, (list, tuple)) and value:  # "{'a': 1} is not of type 'string'" quotes an item
        forms += [form for item in value[:3] for form in _value_texts(item)]
    return [f.strip()[:12] for f in forms if f.strip()] or ['""', "''"]


def _as_number(text: str) -> int | float | None:
    """A numeric text's value as Python writes it (" 05" -> 5), or None."""
    try:
        number = float(text)
    except ValueError:
        return None
    if number != number or number in (float("inf"), float("-inf")):
        return None
    return int(number) if number.is_integer() and abs(number) < 2**53 else number


def _short_repr(value: Any) -> str:
    try:
        text = repr(value)
    except Exception:
        return ""
    return text[1:-1] if isinstance(value, str) else text


def strict_validator(ctx: CheckContext) -> Any:
    cached = ctx._cache.get("validator")
    if cached is None:
        import jsonschema

        formats = jsonschema.FormatChecker()
        # jsonschema checks these only with an optional dependency; never skip them silently
        formats.checks("date-time", raises=ValueError)(_iso_datetime)
        formats.checks("time", raises=ValueError)(_iso_time)
        cached = jsonschema.Draft202012Validator(ctx.spec.parameters, format_checker=formats)
        ctx._cache["validator"] = cached
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
