"""The terminal table of convergence runs, one row per model x tool x correction format."""

from __future__ import annotations

from collections.abc import Iterable

from ._metrics import Metrics
from ._records import Run

__all__ = ["table"]


def table(runs: Iterable[Run], max_k: int = 3) -> list[str]:
    """Rows of the `aacl convergence` table; simulated runs say so in the model column.

    `silent`: runs where the layer delivered a value other than the model's; `content`: runs
    where the model sent a valid but different value than the task intended."""
    groups: dict[tuple[str, str, str], Metrics] = {}
    for run in runs:
        groups.setdefault((run.label, run.task.tool or run.kind, run.correction_format), Metrics()).add(run)
    head = ["model", "tool", "format", "runs", "1st try"] + [f"<={k}" for k in range(1, max_k + 1)]
    head += ["mean att.", "gave up", "silent", "content", "tokens/ok", "cost/ok"]
    rows = [head]
    for (model, tool, fmt), m in sorted(groups.items()):
        n = m.runs
        rows.append([
            model, tool, fmt, str(n), _pct(m.first_try_valid, n),
            *(_pct(m.success_within(k), n) for k in range(1, max_k + 1)),
            f"{sum(m.attempts_to_success) / m.converged:.2f}" if m.converged else "-",
            str(m.gave_up), str(m.silent_corruptions), str(m.content_errors),
            f"{m.tokens / m.converged:.0f}" if m.converged and m.tokens else "-",
            f"${m.cost / m.converged:.6f}" if m.cost is not None and m.converged and m.cost else "-",
        ])
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    return ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]


def _pct(k: int, n: int) -> str:
    return f"{100 * k / n:.0f}%" if n else "-"
