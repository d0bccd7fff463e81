"""What the harness records: a task, the model's turns, every attempt, one run.

Plain dataclasses, JSON-able through `as_dict()`, so a run can be written to a report,
merged across pytest-xdist workers and compared across models.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from .. import _argcheck
from .._jsonvalue import observable

__all__ = ["Attempt", "Run", "Task", "ToolCall", "ToolResult", "Turn"]


@dataclass(frozen=True)
class Task:
    """What the model is asked to do.

    `tool` names the tool the task is about and `intended` the arguments a correct call
    carries, when the task declares them: then the harness can tell silent corruption (the
    implementation received something else) from success, and the simulated model knows
    what to aim for.
    """

    prompt: str
    tool: str | None = None
    intended: dict[str, Any] | None = None
    name: str = ""

    def __post_init__(self) -> None:
        _argcheck.text("Task", "prompt", self.prompt, example='prompt="Add 2 and 3"')
        _argcheck.text("Task", "tool", self.tool, optional=True, example='tool="add"')
        if self.intended is not None and not isinstance(self.intended, dict):
            raise _argcheck.invalid("Task", "intended", self.intended, 'the arguments a correct call carries, e.g. '
                                'intended={"a": 2, "b": 3}, or None')
        _argcheck.text("Task", "name", self.name, empty=True, example='name="add-small"')


@dataclass(frozen=True)
class ToolCall:
    """One tool call as the model sent it: `arguments` is the raw dict or JSON text."""

    id: str
    name: str
    arguments: Any


@dataclass
class Turn:
    """One model response: its tool calls (maybe none), its text, its usage and raw form.

    `labels` is filled only by the simulated model (how it rendered each field), so the
    metrics can be broken down by hallucination family.
    """

    calls: list[ToolCall]
    text: str = ""
    input_tokens: int = 0
    output_tokens: int = 0
    model: str | None = None
    raw: Any = None
    labels: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True)
class ToolResult:
    """What goes back to the model for one call: a result, or a correction (`is_error`)."""

    call_id: str
    name: str
    content: str
    is_error: bool = False


Outcome = Literal["ok", "corrected", "unknown_tool", "no_call", "error"]


@dataclass
class Attempt:
    """One round trip: what was sent, what the boundary made of it, what went back.

    `arguments` is the call's arguments as JSON text for every provider (OpenAI's text as the
    model wrote it; an object other providers parsed, as `json.dumps` writes it), None for a
    turn without a call; `normalised` is what the boundary made of them."""

    number: int
    arguments: str | None
    outcome: Outcome
    tool: str | None = None
    normalised: dict[str, Any] | None = None
    codes: tuple[str, ...] = ()
    correction: str = ""
    input_tokens: int = 0
    output_tokens: int = 0
    labels: tuple[dict[str, Any], ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "number": self.number, "tool": self.tool, "arguments": observable(self.arguments),
            "outcome": self.outcome, "normalised": observable(self.normalised), "codes": list(self.codes),
            "correction": self.correction, "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens, "labels": [dict(label) for label in self.labels],
        }


@dataclass
class Run:
    """One `converge()` run: every attempt and how it ended.

    `converged` means a call went through the boundary and reached the implementation;
    `gave_up` means the model stopped calling tools before converging. When the task declares
    its `intended` arguments, a delivered call that differs from them is told apart by cause,
    field by field (`mismatches`):

    * `silent_corruption`: the layer delivered a value other than the model's: the model sent
      the intended value (as it is, or in a rendering the hallucination families know) and
      something else reached the implementation; a bug of ours or of the tool's reader;
    * `content_error`: the model sent a valid but different value (`add(2, 4)` when
      `add(2, 3)` was meant), which the layer delivered unchanged: the model's mistake;
    * a difference that is neither (the model sent an unknown rendering of some other
      value) is listed as `unclear` and counted as neither.
    """

    task: Task
    model: str
    correction_format: str
    attempts: list[Attempt] = field(default_factory=list)
    converged: bool = False
    gave_up: bool = False
    silent_corruption: bool = False
    content_error: bool = False
    mismatches: list[dict[str, Any]] = field(default_factory=list)  # per field: sent, delivered, intended, cause
    result: Any = None
    cost: str | None = None  # USD as a decimal string; None when a model has no known price
    simulated: bool = False
    evidence: str = ""  # replayed from a cassette: its provenance kind (recorded, synthetic, unlabelled)
    kind: str = "converge"  # or "respond": a structured response, its attempts the responses

    def judge(self, sent: dict[str, Any] | None, delivered: dict[str, Any], intended: dict[str, Any],
              parameters: dict[str, Any] | None = None) -> None:
        """Compare what reached the implementation with the intended call, field by field, and
        blame each difference only where the cause is certain: the layer, when the model sent
        the intended value (as it is, or in a rendering the hallucination families know for
        the field's schema `parameters`) and something else was delivered; the model, when the
        layer delivered exactly what it sent. Anything else is `unclear` (listed, not counted)."""
        for key in sorted(set(delivered) | set(intended)):
            got, want = delivered.get(key, _MISSING), intended.get(key, _MISSING)
            if _same(got, want):
                continue
            model = sent.get(key, _MISSING) if isinstance(sent, dict) else _MISSING
            if _same(model, got):
                cause = "content_error"
            elif _same(model, want) or _renders(model, want, key, parameters):
                cause = "silent_corruption"
            else:
                cause = "unclear"
            self.mismatches.append({"field": key, "sent": _shown(model), "delivered": _shown(got),
                                    "intended": _shown(want), "cause": cause})
        self.silent_corruption = any(m["cause"] == "silent_corruption" for m in self.mismatches)
        self.content_error = any(m["cause"] == "content_error" for m in self.mismatches)

    @property
    def label(self) -> str:
        """The model as reports show it: `(simulated)` or `(synthetic)` when it is not a real
        model's evidence, `(unlabelled)` when its cassette does not say where it came from."""
        if self.simulated:
            return f"{self.model} (simulated)"
        return f"{self.model} ({self.evidence})" if self.evidence in ("synthetic", "unlabelled") else self.model

    @property
    def attempts_to_success(self) -> int | None:
        return len(self.attempts) if self.converged else None

    @property
    def first_try_valid(self) -> bool:
        return bool(self.attempts) and self.attempts[0].outcome == "ok"

    @property
    def input_tokens(self) -> int:
        return sum(a.input_tokens for a in self.attempts)

    @property
    def output_tokens(self) -> int:
        return sum(a.output_tokens for a in self.attempts)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Run:
        """A run back from `as_dict()` (reports, xdist workers)."""
        task = Task(prompt=str(data.get("task", "")), tool=data.get("tool"), name=str(data.get("task", "")))
        run = cls(task, str(data.get("model", "")), str(data.get("correction_format", "lines")),
                  converged=bool(data.get("converged")), gave_up=bool(data.get("gave_up")),
                  silent_corruption=bool(data.get("silent_corruption")), cost=data.get("cost"),
                  content_error=bool(data.get("content_error")), mismatches=list(data.get("mismatches") or []),
                  simulated=bool(data.get("simulated")), evidence=str(data.get("evidence") or ""),
                  kind=str(data.get("kind") or "converge"))
        for a in data.get("attempts", []):
            run.attempts.append(Attempt(
                a["number"], a.get("arguments"), a["outcome"], a.get("tool"), a.get("normalised"),
                tuple(a.get("codes", ())), a.get("correction", ""), a.get("input_tokens", 0),
                a.get("output_tokens", 0), tuple(a.get("labels", ()))))
        return run

    def as_dict(self) -> dict[str, Any]:
        return {
            "task": self.task.name or self.task.prompt[:80], "tool": self.task.tool, "model": self.model,
            "kind": self.kind, "simulated": self.simulated, "evidence": self.evidence, "correction_format": self.correction_format,
            "converged": self.converged, "gave_up": self.gave_up,
            "silent_corruption": self.silent_corruption, "content_error": self.content_error,
            "mismatches": self.mismatches, "cost": self.cost,
            "attempts": [a.as_dict() for a in self.attempts],
        }


_MISSING = object()


def _same(a: Any, b: Any) -> bool:
    import json

    if a is _MISSING or b is _MISSING:
        return a is b
    return json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True, default=str)


def _renders(sent: Any, intended: Any, key: str, parameters: dict[str, Any] | None) -> bool:
    """Is `sent` one of the renderings of `intended` the hallucination families know?"""
    node = (parameters or {}).get("properties", {}).get(key)
    if sent is _MISSING or intended is _MISSING or not isinstance(node, dict):
        return False
    from ..strategies import all_renderings  # lazy: hypothesis costs start-up

    schema = {**node, "$defs": parameters["$defs"]} if parameters and "$defs" in parameters else node
    try:
        return any(_same(r.rendered, sent) for r in all_renderings(intended, schema))
    except Exception:  # a value the families cannot render: not a known rendering
        return False


def _shown(value: Any) -> Any:
    return "<missing>" if value is _MISSING else observable(value)
