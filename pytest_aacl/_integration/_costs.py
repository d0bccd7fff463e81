"""Cost ledger: per-call records, per-test rows, session totals, JSON and the terminal table.

Costs are ``Decimal`` computed from the price strings, so totals are exact and do not
depend on summation order: a run split over xdist workers (records shipped through
``workeroutput`` as plain JSON) adds up to exactly the same totals as a serial run.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from ._prices import format_cost


@dataclass(frozen=True)
class Call:
    """One HTTP interaction of an integration test, live or replayed."""

    test: str
    live: bool
    model: str | None
    input_tokens: int
    output_tokens: int
    cached_tokens: int
    cost: Decimal | None
    has_usage: bool = True
    estimated: bool = False  # no usage in the response: cost estimated from the sizes

    def to_json(self) -> dict[str, Any]:
        return {
            "test": self.test,
            "live": self.live,
            "model": self.model,
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "cached_tokens": self.cached_tokens,
            "cost": None if self.cost is None else str(self.cost),
            "has_usage": self.has_usage,
            "estimated": self.estimated,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Call:
        cost = data.get("cost")
        return cls(
            test=data["test"],
            live=bool(data["live"]),
            model=data.get("model"),
            input_tokens=int(data["input_tokens"]),
            output_tokens=int(data["output_tokens"]),
            cached_tokens=int(data["cached_tokens"]),
            cost=None if cost is None else Decimal(cost),
            has_usage=bool(data.get("has_usage", True)),
            estimated=bool(data.get("estimated", False)),
        )


def summarise(calls: Iterable[Call]) -> dict[str, Any]:
    """Totals of some calls; ``cost`` sums the known costs, ``unpriced_calls`` counts the rest."""
    calls = list(calls)
    known = [c.cost for c in calls if c.cost is not None]
    return {
        "calls": len(calls),
        "live_calls": sum(c.live for c in calls),
        "replayed_calls": sum(not c.live for c in calls),
        "input_tokens": sum(c.input_tokens for c in calls),
        "output_tokens": sum(c.output_tokens for c in calls),
        "cached_tokens": sum(c.cached_tokens for c in calls),
        "cost": sum(known, Decimal(0)),
        "unpriced_calls": sum(c.cost is None and c.has_usage for c in calls),
        "usage_calls": sum(c.has_usage for c in calls),
        "models": sorted({c.model for c in calls if c.model}),
    }


def by_test(calls: Iterable[Call]) -> dict[str, list[Call]]:
    grouped: dict[str, list[Call]] = {}
    for call in calls:
        grouped.setdefault(call.test, []).append(call)
    return dict(sorted(grouped.items()))


def _json_totals(summary: dict[str, Any]) -> dict[str, Any]:
    out = dict(summary)
    out["cost_usd"] = str(summary["cost"])
    del out["cost"]
    return out


def report_json(calls: list[Call], price_sources: list[str]) -> dict[str, Any]:
    """The ``--aacl-cost-report`` document."""
    tests = {name: _json_totals(summarise(group)) for name, group in by_test(calls).items()}
    live = [c for c in calls if c.live]
    return {
        "prices": price_sources,
        "tests": tests,
        "totals": _json_totals(summarise(calls)),
        "live_totals": _json_totals(summarise(live)),
        "calls": [c.to_json() for c in calls],
    }


def write_json(path: Path, document: dict[str, Any]) -> None:
    from ._cassettes import write_atomic  # lazy: start-up (yaml, for the xdist controller)

    write_atomic(path, json.dumps(document, indent=2, sort_keys=True) + "\n")


def table(calls: list[Call]) -> list[str]:
    """Lines of the terminal summary: one row per test, then the session totals."""
    header = ("test", "model", "calls", "input", "output", "cached", "cost", "mode")
    rows = []
    for name, group in by_test(calls).items():
        s = summarise(group)
        mode = "live" if s["live_calls"] and not s["replayed_calls"] else (
            "replayed" if not s["live_calls"] else f"{s['live_calls']} live")
        rows.append((_short(name), ",".join(s["models"]) or "-", str(s["calls"]), str(s["input_tokens"]),
                     str(s["output_tokens"]), str(s["cached_tokens"]), _cost_cell(s), mode))
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    widths[0] = min(widths[0], 60)

    def fmt(row: tuple[str, ...]) -> str:
        cells = [row[0] if len(row[0]) <= widths[0] else "..." + row[0][-(widths[0] - 3):]]
        cells += list(row[1:])
        return "  ".join(c.ljust(w) if i < 2 or i == 7 else c.rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()

    lines = [fmt(header), *(fmt(r) for r in rows)]
    total, live = summarise(calls), summarise(c for c in calls if c.live)
    lines.append(
        f"total: {total['calls']} calls ({total['live_calls']} live, {total['replayed_calls']} replayed), "
        f"{total['input_tokens']} input / {total['output_tokens']} output / "
        f"{total['cached_tokens']} cached tokens, cost {_cost_cell(total)}; "
        f"live spend {_cost_cell(live)}"
    )
    return lines


def _short(nodeid: str) -> str:
    """``tests/integration/test_x.py::test_y`` -> ``test_x.py::test_y`` (the table is narrow)."""
    path, sep, rest = nodeid.partition("::")
    return path.rsplit("/", 1)[-1] + sep + rest


def _cost_cell(summary: dict[str, Any]) -> str:
    if summary["unpriced_calls"] and summary["unpriced_calls"] == summary["usage_calls"]:
        return "unknown"
    text = format_cost(summary["cost"])
    return f"{text} + {summary['unpriced_calls']} unknown" if summary["unpriced_calls"] else text
