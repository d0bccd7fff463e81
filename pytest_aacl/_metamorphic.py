"""The metamorphic relation: a rendering must come out as its intended value does.

Where nothing tells what the intended value should become (a black box's answer, a request
the interface layer builds from the arguments), the fuzzer asks the tool for the intended
value too and compares: the same answer, or the same request, unless that varies by itself
(learned by repeating each side; `_volatile`).
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from ._call import PASSED_ON, Call, Case
from ._check_support import Defect, describe, field_of, received_json, shown
from ._jsonvalue import comparable
from ._oracle import compare
from ._reach import PYTHON_FAULT, error_answer, python_fault
from ._volatile import apply_mask, learn_mask, masks_everything

if TYPE_CHECKING:  # pragma: no cover
    from ._context import CheckContext

__all__ = ["FIX_READ", "built_from", "is_derived", "metamorphic", "same_as_intended"]

FIX_READ = "make the interface read this rendering as the intended value, or refuse it with a correction"


def is_derived(got: Any, ctx: CheckContext) -> bool:
    """Whether the implementation receives something other than the tool's arguments (a key
    no argument has): a layer that builds a request rather than passing arguments on."""
    props = ctx.spec.parameters.get("properties", {})
    return isinstance(got, dict) and isinstance(props, dict) and any(k not in props for k in got)


def built_from(received: Any, intended: Any) -> bool:
    """Whether a value arriving under an argument's name is a structure the layer built from
    it (`"a,b"` as `["a", "b"]`, a date text as `{"year": ...}`), not the argument itself: a
    None, a number or a text in its place is still the argument, and compared."""
    return isinstance(received, (list, dict)) and not isinstance(intended, (list, dict))


def passed_on(case: Case, got: Any) -> bool:
    """Every varied field's rendering is one of `PASSED_ON` and `got` holds its text as sent:
    the layer handed it on as written, for whoever reads it next."""
    labels = case.labels
    return bool(labels) and all(label.family in PASSED_ON and isinstance(label.rendered, str)
                                and _holds(got, label.rendered) for label in labels)


def _holds(value: Any, text: str, depth: int = 0) -> bool:
    if isinstance(value, str):
        return text in value
    if depth > 8:
        return False
    if isinstance(value, dict):
        return any(_holds(v, text, depth + 1) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_holds(v, text, depth + 1) for v in value)
    return False


#: distinct valid values of one field, all answered alike, before the field is called ignored
_IGNORED_AFTER = 4
FIX_IGNORED = ("pass the argument on (or drop it from the schema): a model that sets it believes the tool "
               "does what it asked")


def takes_effect(case: Case, call: Call, ctx: CheckContext) -> None:
    """A field whose different valid values all reach the implementation as the same call and
    come back as the same result is likely ignored (a layer that forgets to pass `end` on, a
    request key misspelt): the model asked for something the tool never did.  Judged on the
    coverage phase's one-field calls, once `_IGNORED_AFTER` distinct values of the field got
    through; a field that changes only the result (a format applied afterwards) takes effect.
    A defect where the layer's source shows it never reads the field after that call
    (`_dataflow`); advice otherwise: the stubbed implementation answers None, so an argument
    applied to the backend's answer shows nowhere either."""
    if call.outcome != "returned" or not call.received or len(case.labels) != 1:
        return
    label = case.labels[0]
    field = field_of(label)
    read_after = (ctx._cache.get("read_after_call") or {}).get(field)  # None: cannot tell
    if call.stubbed and read_after is not False:
        return  # (a stubbed call's result says nothing: an argument applied to the answer is unseen)
    seen = ctx._cache.setdefault("takes_effect", {}).setdefault(field, {"sent": set(), "answered": set()})
    if seen.get("done"):
        return
    try:
        seen["sent"].add(json.dumps(label.rendered, sort_keys=True, default=repr))
        seen["answered"].add(json.dumps([received_json(call, ctx), comparable(call.result)], sort_keys=True, default=repr))
    except (TypeError, ValueError):
        return
    if len(seen["sent"]) >= _IGNORED_AFTER and len(seen["answered"]) == 1:
        seen["done"] = True
        if read_after is False:  # the layer's code never reads it (or what it made of it) after that call
            raise Defect(f"{field} is ignored: {len(seen['sent'])} different valid values of it reached the "
                         f"implementation as the same call, {shown(received_json(call, ctx)[0])}, and the tool's "
                         "code does not read it after that call", ("no effect", field), FIX_IGNORED)
        # advice: the named implementation answers None instead of running, so an argument the
        # layer applies to the backend's answer (a page size, a format) shows nowhere either
        raise Defect(f"{field} seems ignored: {len(seen['sent'])} different valid values of it reached the "
                     f"implementation as the same call, {shown(received_json(call, ctx)[0])}; unless the tool applies it "
                     "to the backend's answer (a page size, a format), it is ignored", ("no effect", field),
                     FIX_IGNORED, severity="advice")
    if len(seen["answered"]) > 1:
        seen["done"] = True  # it made a difference once: it takes effect


def same_as_intended(case: Case, got: Any, ctx: CheckContext, fix: str) -> None:
    """What the layer built for a rendering equals what it builds for the intended value (the
    metamorphic relation, on what reached the implementation), unless that varies by itself."""
    reference = ctx.result_of(case.intended or {})
    if reference.outcome != "returned" or not reference.received:
        return  # nothing meant to compare with
    theirs = received_json(reference, ctx)[0]
    if compare(got, theirs, {}) is None:
        return
    for args, expected in ((case.intended or {}, theirs), (case.args, got)):  # each side reproducible?
        again = ctx.call(args)
        if again.outcome != "returned" or not again.received or compare(received_json(again, ctx)[0], expected, {}) is not None:
            return  # what the layer builds varies by itself (a timestamp, a request id): not judged here
    fields = sorted({field_of(label) for label in case.labels})
    families = sorted({str(label.family) for label in case.labels})
    raise Defect(f"implementation received {shown(got)} for the rendering but {shown(theirs)} for the intended "
                 f"value ({', '.join(fields)} read differently)", ("received", *fields, *families), fix)


# -- the built-in checks --------------------------------------------------------------------


_FIX_NONDETERMINISTIC = ("seed the tool's randomness, freeze time, reset its state before each call (fuzz(reset=) "
                         "or the aacl_reset fixture), or name the implementation (implementation=) so the "
                         "fuzzer judges what reaches it instead of the result")


#: extra calls of each side before a difference is reported as silent corruption
_CONFIRM = 2


def metamorphic(case: Case, call: Call, ctx: CheckContext) -> None:
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
    if compare(_read(call.result), _read(first.result), {}) is None or passed_on(case, _read(call.result)):
        return
    second = ctx.call(case.intended)
    if second.outcome == "returned" and _only_types_differ(_read(first.result), _read(second.result)):
        # not time or state: the same value in another JSON type (mcp-mathematics' cache answered
        # `"result": 7.0`, then `"result": "7.0"`; trial 13 read it as "not reproducible")
        raise Defect(f"the same arguments {shown(case.intended)} answered {shown(_read(first.result))}, then "
                     f"{shown(_read(second.result))}: the same value as another JSON type",
                     ("result", "type changes when repeated"),
                     "answer a value in one JSON type every time (a cache that stores text must give the number back)")
    if second.outcome != "returned":
        raise Defect(f"the tool's result is not reproducible: the same arguments {shown(case.intended)} "
                     f"answered {shown(_read(first.result))}, then {_answer(second)}",
                     ("nondeterministic",), _FIX_NONDETERMINISTIC)
    mask = learn_mask(_read(first.result), _read(second.result))
    if masks_everything(_read(first.result), mask):  # nothing of the answer stays the same
        raise Defect(f"the tool's result is not reproducible: the same arguments {shown(case.intended)} "
                     f"answered {shown(_read(first.result))}, then {_answer(second)}",
                     ("nondeterministic",), _FIX_NONDETERMINISTIC)
    intended_answer = apply_mask(_read(first.result), mask)
    if apply_mask(_read(call.result), mask) == intended_answer:
        return  # only what varies by itself differed
    rendered_answer = apply_mask(_read(call.result), mask)
    # a tool that picks among a few answers at random agrees with itself by chance: each
    # side is asked again until a coincidence is unlikely (a 4-way coin: 1 in 4,096)
    for args, answer, expected in [(case.args, call.result, rendered_answer),
                                   *[(case.intended, first.result, intended_answer),
                                     (case.args, call.result, rendered_answer)] * _CONFIRM]:
        again = ctx.call(args)
        if again.outcome != "returned" or apply_mask(_read(again.result), mask) != expected:
            raise Defect(
                f"the tool's result is not reproducible: the same arguments {shown(args)} "
                f"answered {shown(_read(answer))}, then {_answer(again)}",
                ("nondeterministic",), _FIX_NONDETERMINISTIC)
    if _quotes_null_word(case, call.result) or _echoed_null_words_explain(case, call, ctx, mask):
        return  # "no lines match 'None'": the answer shows the word was read as text, so not silently
    fields = sorted({field_of(label) for label in case.labels})
    families = _simplest(case)
    _raise_crash(call.result, first.result, case)
    masked = f"; parts that vary by themselves masked: {len(mask)}" if mask else ""
    raise Defect(
        f"the tool answered the rendering with {shown(_read(call.result))} but the intended "
        f"value with {shown(_read(first.result))} ({', '.join(fields)} read differently{masked})",
        ("result", *fields, *families), FIX_READ)


def _simplest(case: Case) -> list[str]:
    """The simplest rendering family of each varied field: a tool that reads none of a
    field's renderings is one finding for that field, not one per combination of them
    (trial 9: a matrix tool, 33 combinations of text items)."""
    from pytest_aacl.strategies.families import RANK  # deferred: the strategies load with fuzzing

    by_field: dict[str, str] = {}
    for label in case.labels:
        field, family = field_of(label), str(label.family)
        if field not in by_field or RANK.get(family, 10**6) < RANK.get(by_field[field], 10**6):
            by_field[field] = family
    return sorted(set(by_field.values()))


def _raise_crash(answer: Any, intended: Any, case: Case) -> None:
    crash = _crash_wording(answer, intended, case.args)
    if crash:  # the rendering crashed the tool, which answered its crash as a result
        fields = sorted({field_of(label) for label in case.labels})  # the same wording on two fields: two crashes
        raise Defect(f"the tool crashed on the rendering and answered the crash as its result: "
                     f"{shown(comparable(answer))} (the intended value answered {shown(comparable(intended))})",
                     ("escaped", "crash in the answer", crash, *fields),
                     "catch this and answer a correction, or fix the crash; mark an error answer as an error (isError)")


def _crash_wording(answer: Any, intended: Any, args: Any = None) -> str:
    """The interpreter's wording of a programming error in a short answer the intended call's
    answer does not carry (a tool catching everything and answering the text), or ""."""
    text = json.dumps(comparable(answer), ensure_ascii=False)
    if len(text) > 1000 or not python_fault(text, args):
        return ""
    found = PYTHON_FAULT.search(text)
    if found is None or PYTHON_FAULT.search(json.dumps(comparable(intended), ensure_ascii=False)[:2000]):
        return ""
    return re.sub(r"'\w+'", "'…'", found.group(0))  # one finding per wording, whatever it names


def _only_types_differ(a: Any, b: Any) -> bool:
    """`a` and `b` differ, but only in the JSON types of equal-looking leaves (7.0 and "7.0")."""
    def text(v: Any) -> Any:
        if isinstance(v, dict):
            return {k: text(x) for k, x in v.items()}
        if isinstance(v, list):
            return [text(x) for x in v]
        return v if v is None else str(v)

    return a != b and text(a) == text(b)


def _null_words(case: Case) -> set[str]:
    return {str(label.rendered).strip() for label in case.labels if str(label.family) == "null_words"}


def _texts(result: Any) -> list[str]:
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
    return texts


def _quotes_null_word(case: Case, result: Any) -> bool:
    """Is the rendering a null word (`"None"` for null) that the answer quotes back?  On a
    text field "None" is also a text a search may mean (mcp-abacus's help filter); an answer
    saying what it did with the quoted word tells the model, which is what silence is not."""
    words = _null_words(case)
    if not words or len(words) != len(case.labels):
        return False
    texts = _texts(result)
    text = "\n".join(texts)
    return all(w and (w in texts or re.search(rf"['\"\u2018\u201c`]{re.escape(w)}['\"\u2019\u201d`]", text))
               for w in words)


def _echoed_null_words_explain(case: Case, call: Call, ctx: CheckContext, mask: Any) -> bool:
    """A null word shown back as a value (`"context": "null"` on a free-text label) was read as
    text, visibly; when other fields were varied too, one call with only the null words set
    tells whether they alone explain the different answer (vibe-math's convert_units, trial 11)."""
    words = _null_words(case)
    if not words or len(words) == len(case.labels) or case.intended is None:
        return False
    if not all(w and w in _texts(call.result) for w in words):
        return False
    args = dict(case.intended)
    for label in case.labels:
        if str(label.family) == "null_words":
            name = field_of(label)
            if not name or re.search(r"[.\[/]", str(getattr(label, "path", "")).lstrip("$").lstrip("./")):
                return False  # a nested null word: the call cannot be made without the others
            args[name] = label.rendered
    only = ctx.call(args)
    return only.outcome == "returned" and apply_mask(_read(only.result), mask) == apply_mask(_read(call.result), mask)


def _answer(call: Call) -> str:
    return shown(_read(call.result)) if call.outcome == "returned" else describe(call)


def _read(result: Any) -> Any:
    """A result as a reader of it sees it: JSON text inside it read as JSON, so an object's key
    order is no difference, and a timestamp inside the text is one part that varies, not the
    whole text (trial 14: clawlendar answers JSON text that echoes objects in the order given)."""
    return _json_text(comparable(result), 0)


def _json_text(value: Any, depth: int) -> Any:
    """Each text of the result that is JSON, read once: a string inside that JSON stays a string
    (a tool echoing the JSON text it was sent as a string has not read it)."""
    if depth > 8:
        return value
    if isinstance(value, str) and value[:1] in ("{", "[") and value.rstrip()[-1:] in ("}", "]") and len(value) < 1_000_000:
        try:
            return json.loads(value)
        except ValueError:
            return value
    if isinstance(value, dict):
        return {k: _json_text(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list):
        return [_json_text(v, depth + 1) for v in value]
    return value
