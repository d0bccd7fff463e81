"""Convergence metrics over many runs, with confidence intervals instead of one lucky run.

Groups: the whole set, and per model, tool, correction format, hallucination family (of the
first attempt; only for runs whose families are known: the simulated model labels what it
wrote, a real model's renderings are unlabelled) and correction code (any correction the
run received). Silent corruptions (the layer delivered a value other than the model's) and
content errors (the model sent a valid but different value) are counted apart.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from .. import _argcheck
from ._records import Run

__all__ = ["Metrics", "summarise", "wilson"]


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95 % by default); (0, 1) when n is 0."""
    _argcheck.whole("wilson", "n", n, minimum=0, example="n=20 (the number of trials)")
    if isinstance(successes, bool) or not isinstance(successes, int) or not 0 <= successes <= n:
        raise _argcheck.invalid("wilson", "successes", successes, f"an integer between 0 and n (n={n})")
    _argcheck.number("wilson", "z", z, low=0, low_open=True, expected="a positive z score, e.g. z=1.96 for 95 %")
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Metrics:
    """What a set of runs shows. Proportions come with their Wilson 95 % interval."""

    runs: int = 0
    first_try_valid: int = 0
    within: dict[int, int] = field(default_factory=dict)  # k -> runs converged within k attempts
    attempts_to_success: list[int] = field(default_factory=list)
    gave_up: int = 0
    silent_corruptions: int = 0
    content_errors: int = 0
    tokens: int = 0
    cost: Decimal | None = Decimal(0)
    max_attempts: int = 0

    def add(self, run: Run) -> None:
        self.runs += 1
        self.first_try_valid += run.first_try_valid
        self.gave_up += run.gave_up
        self.silent_corruptions += run.silent_corruption
        self.content_errors += run.content_error
        self.tokens += run.input_tokens + run.output_tokens
        self.max_attempts = max(self.max_attempts, len(run.attempts))
        if run.converged:
            self.attempts_to_success.append(len(run.attempts))
        if self.cost is not None:
            self.cost = None if run.cost is None else self.cost + Decimal(run.cost)

    @property
    def converged(self) -> int:
        return len(self.attempts_to_success)

    def success_within(self, k: int) -> int:
        return sum(1 for n in self.attempts_to_success if n <= k)

    def as_dict(self, max_k: int | None = None) -> dict[str, Any]:
        top = max_k or max(self.max_attempts, 1)
        rate = {k: self.success_within(k) for k in range(1, top + 1)}
        return {
            "runs": self.runs,
            "first_try_validity": _share(self.first_try_valid, self.runs),
            "success_within": {str(k): _share(v, self.runs) for k, v in rate.items()},
            "mean_attempts_to_success": round(sum(self.attempts_to_success) / self.converged, 3) if self.converged else None,
            "gave_up": self.gave_up,
            "silent_corruptions": self.silent_corruptions,
            "content_errors": self.content_errors,
            "tokens_per_converged_call": round(self.tokens / self.converged, 1) if self.converged else None,
            "cost_per_converged_call": (str(self.cost / self.converged) if self.cost is not None and self.converged else None),
        }


def _share(k: int, n: int) -> dict[str, Any]:
    low, high = wilson(k, n)
    return {"count": k, "rate": round(k / n, 4) if n else None, "ci95": [round(low, 4), round(high, 4)]}


def summarise(runs: Iterable[Run], max_attempts: int | None = None) -> dict[str, Any]:
    """Metrics for `runs`: `{"all": ..., "by_model": {...}, "by_tool": ..., "by_format": ...,
    "by_family": ..., "by_code": ...}`, each a `Metrics.as_dict()` (`by_family` holds only runs
    whose families are known); `success_within` runs
    from 1 to `max_attempts` (default: the longest run seen)."""
    listed = _argcheck.items("summarise", "runs", runs, expected="the Runs that converge() returned, as a list")
    _argcheck.each("summarise", "runs", listed, lambda r: isinstance(r, Run),
               expected="only Runs, the results of converge()")
    _argcheck.whole("summarise", "max_attempts", max_attempts, minimum=1, example="max_attempts=4", optional=True)
    groups: dict[str, dict[str, Metrics]] = {g: {} for g in ("by_model", "by_tool", "by_format", "by_family", "by_code")}
    total = Metrics()
    runs = listed
    top = max_attempts or max((len(r.attempts) for r in runs), default=1)
    for run in runs:
        total.add(run)
        keys = {
            "by_model": [run.label],
            "by_tool": [run.task.tool or run.kind],
            "by_format": [run.correction_format],
            "by_family": _families(run),
            "by_code": sorted({code for a in run.attempts for code in a.codes}) or ["none"],
        }
        for group, names in keys.items():
            for name in names:
                groups[group].setdefault(name, Metrics()).add(run)
    out: dict[str, Any] = {"all": total.as_dict(top)}
    for group, table in groups.items():
        out[group] = {name: m.as_dict(top) for name, m in sorted(table.items())}
    return out


def _families(run: Run) -> list[str]:
    """The hallucination families of the run's first attempt, where they are known: labelled
    fields, or "canonical" for a simulated tool-call run that wrote every field canonically.
    A real model's renderings carry no labels, so its runs are in no family."""
    labels = run.attempts[0].labels if run.attempts else ()
    if labels:
        return sorted({str(label.get("family")) for label in labels})
    return ["canonical"] if run.simulated and run.kind == "converge" and run.attempts else []
