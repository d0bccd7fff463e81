"""What the harness records: a task, the model's turns, every attempt, one run.

Plain dataclasses, JSON-able through `as_dict()`, so a run can be written to a report,
merged across pytest-xdist workers and compared across models.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from .. import _args

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
        _args.text("Task", "prompt", self.prompt, example='prompt="Add 2 and 3"')
        _args.text("Task", "tool", self.tool, optional=True, example='tool="add"')
        if self.intended is not None and not isinstance(self.intended, dict):
            raise _args.invalid("Task", "intended", self.intended, 'the arguments a correct call carries, e.g. '
                                'intended={"a": 2, "b": 3}, or None')
        _args.text("Task", "name", self.name, empty=True, example='name="add-small"')


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
    """One round trip: what was sent, what the boundary made of it, what went back."""

    number: int
    arguments: Any
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
            "number": self.number, "tool": self.tool, "arguments": _jsonable(self.arguments),
            "outcome": self.outcome, "normalised": _jsonable(self.normalised), "codes": list(self.codes),
            "correction": self.correction, "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens, "labels": [dict(label) for label in self.labels],
        }


@dataclass
class Run:
    """One `converge()` run: every attempt and how it ended.

    `converged` means a call went through the boundary and reached the implementation;
    `silent_corruption` means it did so with arguments other than the task's `intended`
    ones (only known when the task declares them); `gave_up` means the model stopped
    calling tools before converging.
    """

    task: Task
    model: str
    correction_format: str
    attempts: list[Attempt] = field(default_factory=list)
    converged: bool = False
    gave_up: bool = False
    silent_corruption: bool = False
    result: Any = None
    cost: str | None = None  # USD as a decimal string; None when a model has no known price
    simulated: bool = False
    evidence: str = ""  # replayed from a cassette: its provenance kind (recorded, synthetic, unlabelled)
    kind: str = "converge"  # or "respond": a structured response, its attempts the responses

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
            "silent_corruption": self.silent_corruption, "cost": self.cost,
            "attempts": [a.as_dict() for a in self.attempts],
        }


def _jsonable(value: Any) -> Any:
    import json

    try:
        return json.loads(json.dumps(value, default=str))
    except (TypeError, ValueError):
        return repr(value)
