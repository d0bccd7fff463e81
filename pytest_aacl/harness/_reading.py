"""How `respond()` reads a structured response: through the boundary, as a tool call is read.

An object response schema is compiled once into the boundary's plan (as a tool's
parameters are), and the text goes through the same lenient reader as a tool call's raw
arguments (`read_arguments`: prose around one JSON object, a Markdown fence, trailing
commas, single quotes, Python's `True`/`None`, comments), then the same normalisation (`"5"`
for an integer, `"yes"` for a boolean, `"Advanced"` for an enum value). Only what no
careful reader would agree on is a correction, with the boundary's code and its JSON
pointer. The normalised value is validated against the schema as given, last.

A schema whose root is not an object (an array, a bare number) has no plan: its text is read
as strict JSON (in a fence or not) and validated as it is.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .._errors import CorrectionError, SpecError
from .._normalise import Plan
from .._normalise._lenient import read_arguments
from .._specs._jsonschema import from_schema
from ._formats import path_parts

__all__ = ["read_response"]

_FENCE = re.compile(r"^\s*```(?:json)?\s*\n(.*?)\n\s*```\s*$", re.S)
_PLANS: dict[str, Any] = {}  # schema JSON -> its compiled plan, or None (not an object schema)


def _plan(schema: dict[str, Any]) -> Any:
    key = json.dumps(schema, sort_keys=True, default=str)
    if key not in _PLANS:
        try:
            _PLANS[key] = Plan(from_schema(schema, name="response").parameters, tool="response")
        except SpecError:  # not an object schema, or one the boundary cannot compile
            _PLANS[key] = None
    return _PLANS[key]


def _pointer(path: str) -> str:
    """The boundary's `a.b[2]` as the JSON pointer `/a/b/2` (`/` for the whole value)."""
    parts = path_parts(path)
    return "/" + "/".join(str(p).replace("~", "~0").replace("/", "~1") for p in parts) if parts else "/"


def _corrections(error: CorrectionError) -> list[tuple[str, str, str]]:
    return [(_pointer(c.path), f"{c.code}: expected {c.expected}; received {c.received}"
             + (f". {c.hint}" if c.hint else ""), c.code) for c in error.corrections]


def read_response(schema: dict[str, Any], validator: Any, answer: Any) -> tuple[Any, list[tuple[str, str, str]]]:
    """The value `answer` (text, or an already-parsed value from a native mode) stands for,
    and its problems as `(JSON pointer, message, code)`, best first; none when it is valid."""
    from jsonschema.exceptions import relevance

    plan = _plan(schema)
    if plan is not None:
        try:
            if isinstance(answer, str):
                answer = read_arguments(answer, tool="response")
            value = plan.run(answer)
        except CorrectionError as error:
            return answer if not isinstance(answer, str) else None, _corrections(error)
    elif isinstance(answer, str):
        fenced = _FENCE.match(answer)
        body = fenced.group(1) if fenced else answer.strip()
        try:
            value = json.loads(body)
        except ValueError as exc:
            return None, [("/", f"the response is not JSON ({exc.msg} at character {exc.pos}); send only the JSON value",
                           "TYPE_ERROR")]
    else:
        value = answer
    errors = sorted(validator.iter_errors(value), key=relevance)
    return value, [("/" + "/".join(str(p) for p in e.absolute_path), e.message, "") for e in errors]
