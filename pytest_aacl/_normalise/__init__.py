"""The compiled normalisation plan: one `Plan` per parameters schema.

`Plan(schema)` compiles at construction (raising `SpecError` for anything unsupported);
`plan.run(arguments)` returns the canonical JSON arguments or raises `CorrectionError`
carrying every problem of the call.  Nothing else escapes, for any input.
"""

from __future__ import annotations

from typing import Any

from .._errors import Correction, CorrectionError, render_value
from ._base import ABSENT, BAD, timed_call
from ._compile import compile_schema, uses_patterns
from ._objects import runner
from ._source import explain

__all__ = ["Plan"]


class Plan:
    """A parameters schema compiled once; `run` is the per-call fast path.

    `run(arguments)` returns the canonical JSON arguments (the same dict when already
    canonical) or raises `CorrectionError`.  For an object schema whose fields all have an
    inline canonical test, `run` is generated code that returns canonical arguments
    without another call and hands anything else to `run_all`.  A schema with patterns
    keeps `run_all` for every call, so the call-level pattern budget always applies.
    """

    __slots__ = ("_fn", "_node", "_timed", "debug", "run", "tool")

    def __init__(self, schema: dict[str, Any], *, tool: str = "", debug: bool = False) -> None:
        self._node = compile_schema(schema)
        self._fn = self._node.fn
        self._timed = uses_patterns(schema)  # only these calls pay for a call-level deadline
        self.tool = tool
        self.debug = debug
        generated = None if self._timed else runner(self._fn, self.run_all, tool)
        self.run = generated or self.run_all

    def explain(self, *, source: bool = False) -> str:
        """The compiled plan, one line per field (see `docs/explanation/reading-model-output.md`)."""
        return explain(self._node, source=source)

    def run_all(self, arguments: Any) -> dict[str, Any]:
        """Canonical JSON arguments (the same dict when already canonical), or `CorrectionError`."""
        if self._timed:
            with timed_call():
                return self._run(arguments)
        return self._run(arguments)

    def _run(self, arguments: Any) -> dict[str, Any]:
        errs: list[Correction] = []
        try:
            result = self._fn(arguments, "", errs)
            if result is ABSENT:
                result = self._fn({}, "", errs)
        except RecursionError:
            errs.append(Correction("TOO_DEEP", "", "arguments nested at most 64 levels deep", "…", "Send a flatter value."))
            result = BAD
        except Exception:
            # A safety net for a boundary bug: in production the model still gets a
            # correction instead of a crash; with debug=True the bug surfaces.
            if self.debug:
                raise
            errs.append(Correction("TYPE_ERROR", "", "plain JSON arguments", render_value(arguments), "Send the arguments as a plain JSON object."))
            result = BAD
        if errs or result is BAD:
            raise CorrectionError(errs or [Correction("TYPE_ERROR", "", "a JSON object of arguments", "…", None)], tool=self.tool)
        return result
