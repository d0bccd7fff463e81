"""Correction formats: how a `CorrectionError` is worded for the model.

Which wording makes models converge fastest is an empirical question, so the harness can
send the same corrections in several formats and compare them:

* `lines`: the boundary's own message, one `CODE at path: expected ...; received ...` line
  per problem (what `str(CorrectionError)` is);
* `annotated`: a copy of the arguments the model sent with the error written next to each
  field it concerns (the "validation feedback" style of typia's function-calling harness);
* `pydantic`: a JSON list of `{type, loc, msg, input}` errors, as pydantic reports them;
* `vague`: one sentence naming neither the field nor the expected form, the control that
  shows what precise corrections are worth.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from .. import _argcheck
from .._errors import CorrectionError

__all__ = ["FORMATS", "format_correction", "path_parts"]

_INDEX = re.compile(r"\[(\d+)\]")


def path_parts(path: str) -> list[str | int]:
    """`"to.items[2].name"` -> `["to", "items", 2, "name"]` (the boundary's path syntax)."""
    parts: list[str | int] = []
    for piece in [p for p in path.split(".") if p]:
        head = piece.split("[", 1)[0]
        if head:
            parts.append(head)
        parts += [int(i) for i in _INDEX.findall(piece)]
    return parts


def _lines(error: CorrectionError, arguments: Any) -> str:
    return str(error)


def _pydantic(error: CorrectionError, arguments: Any) -> str:
    items = [
        {"type": c.code.lower(), "loc": path_parts(c.path), "msg": f"expected {c.expected}" + (f". {c.hint}" if c.hint else ""),
         "input": c.received}
        for c in error.corrections
    ]
    return f"{len(items)} validation error(s) for {error.tool or 'the tool'}:\n" + json.dumps(items, ensure_ascii=False, indent=1)


def _vague(error: CorrectionError, arguments: Any) -> str:
    return f"The call to {error.tool or 'the tool'} was invalid. Check the arguments and try again."


def _annotated(error: CorrectionError, arguments: Any) -> str:
    notes: dict[tuple[str | int, ...], list[str]] = {}
    for c in error.corrections:
        notes.setdefault(tuple(path_parts(c.path)), []).append(f"{c.code}: expected {c.expected}" + (f" ({c.hint})" if c.hint else ""))
    if not isinstance(arguments, dict):
        try:
            arguments = json.loads(arguments) if isinstance(arguments, str) else arguments
        except ValueError:
            pass
    out: list[str] = []
    if isinstance(arguments, dict):
        _render(arguments, (), 0, out, notes)
    else:
        out.append(json.dumps(arguments, ensure_ascii=False, default=str) + _note(notes.pop((), [])))
    missing = [f"// {'.'.join(map(str, path)) or '<arguments>'}: {'; '.join(text)}" for path, text in notes.items() if text]
    head = f"Invalid arguments for {error.tool or 'the tool'}; the errors are marked in your call:"
    return "\n".join([head, "```json", *out, *missing, "```"])


def _note(texts: list[str]) -> str:
    return f"  // ❌ {'; '.join(texts)}" if texts else ""


def _render(value: Any, path: tuple[str | int, ...], depth: int, out: list[str], notes: dict[tuple[str | int, ...], list[str]], key: str = "", comma: str = "") -> None:
    pad = "  " * depth
    label = f"{json.dumps(key, ensure_ascii=False)}: " if key else ""
    here = notes.pop(path, [])
    if isinstance(value, dict) and value:
        out.append(f"{pad}{label}{{{_note(here)}")
        items = list(value.items())
        for i, (k, v) in enumerate(items):
            _render(v, (*path, str(k)), depth + 1, out, notes, key=str(k), comma="," if i < len(items) - 1 else "")
        out.append(f"{pad}}}{comma}")
    elif isinstance(value, list) and value:
        out.append(f"{pad}{label}[{_note(here)}")
        for i, v in enumerate(value):
            _render(v, (*path, i), depth + 1, out, notes, comma="," if i < len(value) - 1 else "")
        out.append(f"{pad}]{comma}")
    else:
        out.append(f"{pad}{label}{json.dumps(value, ensure_ascii=False, default=str)}{comma}{_note(here)}")


#: format name -> how a correction is worded for the model
FORMATS: dict[str, Callable[[CorrectionError, Any], str]] = {
    "lines": _lines,
    "annotated": _annotated,
    "pydantic": _pydantic,
    "vague": _vague,
}


def format_correction(error: CorrectionError, arguments: Any, correction_format: str = "lines") -> str:
    """The text the model receives for `error` on the call it made with `arguments`."""
    if not isinstance(error, CorrectionError):
        raise _argcheck.invalid("format_correction", "error", error, "the CorrectionError the boundary raised")
    _argcheck.choice("format_correction", "correction_format", correction_format, FORMATS)
    return FORMATS[correction_format](error, arguments)
