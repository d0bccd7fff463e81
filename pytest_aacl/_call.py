"""The records every layer passes around: a generated `Case` and the tool's `Call`.

They live at the bottom of the package so the targets (which make `Call`s), the checks
(which judge them) and the check context can all import them without importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

__all__ = ["ADVISORY", "CRASH_ONLY", "DESCRIBED", "EXPLORATORY", "INPUT_KINDS", "PASSED_ON", "REVERSED", "Call", "Case", "InputKind"]

#: the label family of a value just outside a bound only the field's description states
#: (strategies/_described.py makes them; `rejects_invalid` judges them as advice)
DESCRIBED = "described_bound"
#: the label family of a closing field sent before its opening one (`end_date` < `start_date`)
REVERSED = "reversed_range"
#: families of calls the schema allows but the tool's own words rule out: judged as advice
ADVISORY = frozenset({DESCRIBED, REVERSED})
#: renderings a layer may pass on as written (a backend reads "now-60m" as well as "now-1h"):
#: only what a layer makes of them is compared with what it makes of the intended value
PASSED_ON = frozenset({"duration_units"})
#: canonical classes that explore (the field's examples taken apart and recombined): valid by
#: the schema, but a refusal is the tool's business; a crash, or a change on the way, is not
EXPLORATORY = frozenset({"canonical:string.recombined", "canonical:object.values_as_text",
                         "canonical:string.embedded_numbers"})
#: of those, classes where only a crash or a hang counts: a free-form object's "0.5" read as 0.5
#: on the way is the normalising a layer is for, and a huge count in a text may be clamped
CRASH_ONLY = frozenset({"canonical:object.values_as_text", "canonical:string.embedded_numbers"})

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
    reached the implementation, or is `None` when the tool is judged as a black box.
    `result` is what the tool returned, normalised to JSON (MCP: `structuredContent`, else
    the text contents).  `error` is the correction or the escaped exception; `message` its
    text (for MCP, the text of the `isError` result).  `non_finite` says where the answer held
    NaN or Infinity ("NaN at $.rate"), which `result` shows only as text and JSON cannot carry.
    `stubbed`: the layer failed on the `None` a named implementation answers instead of
    running, after reaching it; the call counts as returned, its `result` says nothing.
    """

    args: dict[str, Any]
    outcome: Literal["returned", "rejected", "escaped", "timeout"]
    received: list[dict[str, Any]] | None = field(default_factory=list)
    error: BaseException | None = None
    message: str = ""
    seconds: float = 0.0
    result: Any = None
    non_finite: str = ""
    stubbed: bool = False
