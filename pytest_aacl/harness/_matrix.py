"""Render compatibility-matrix cells (from `--aacl-matrix`) as Markdown and JSON.

A cell run several times (parametrised over something else too) passes only if every run
passed; a model is *qualified* when every feature it was tested on passed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

__all__ = ["matrix_json", "matrix_markdown"]

_MARK = {"pass": "✓", "fail": "✗", "not run": "?"}


def _merge(cells: Iterable[dict[str, Any]]) -> dict[tuple[str, str], dict[str, Any]]:
    merged: dict[tuple[str, str], dict[str, Any]] = {}
    rank = {"fail": 2, "pass": 1, "not run": 0}
    for cell in cells:
        key = (cell["model"], cell["feature"])
        seen = merged.get(key)
        if seen is None:
            merged[key] = {**cell, "runs": 1}
            continue
        keep = cell if rank[cell["status"]] > rank[seen["status"]] else seen
        merged[key] = {**keep, "runs": seen["runs"] + 1, "date": max(seen["date"], cell["date"]),
                       "cost": _add(seen.get("cost"), cell.get("cost"))}
    return merged


def _add(a: Any, b: Any) -> str | None:
    """Sum two USD amounts given as strings; unknown if either is unknown."""
    from decimal import Decimal, InvalidOperation

    if a is None or b is None:
        return a if b is None else b
    try:
        return str(Decimal(str(a)) + Decimal(str(b)))
    except InvalidOperation:
        return "unknown"


def matrix_json(cells: Iterable[dict[str, Any]]) -> dict[str, Any]:
    merged = _merge(cells)
    models = sorted({m for m, _ in merged})
    features = sorted({f for _, f in merged})
    qualified = [m for m in models if all(merged.get((m, f), {}).get("status") == "pass" for f in features if (m, f) in merged)]
    return {
        "models": models, "features": features, "qualified": qualified,
        "cells": [merged[k] for k in sorted(merged)],
    }


def matrix_markdown(cells: Iterable[dict[str, Any]], command: str = "") -> str:
    data = matrix_json(cells)
    merged = {(c["model"], c["feature"]): c for c in data["cells"]}
    lines = ["# Compatibility matrix", "",
             f"Written by `{command or 'pytest --aacl-matrix PATH'}`. ✓ passed, ✗ failed, ? not run; "
             "a replayed test keeps the date its cassette was recorded.", "",
             "| model | " + " | ".join(data["features"]) + " |", "|---|" + "---|" * len(data["features"])]
    for model in data["models"]:
        row = []
        for feature in data["features"]:
            cell = merged.get((model, feature))
            row.append(f"{_MARK[cell['status']]} ({cell['date']})" if cell else "?")
        lines.append(f"| {model} | " + " | ".join(row) + " |")
    lines += ["", "**Qualified** (every feature passed): " + (", ".join(data["qualified"]) or "none"), ""]
    others = [m for m in data["models"] if m not in data["qualified"]]
    if others:
        lines.append("**Not qualified:**")
        lines.append("")
        for model in others:
            for feature in data["features"]:
                cell = merged.get((model, feature))
                if cell and cell["status"] != "pass":
                    why = cell["reason"] or cell["status"]
                    lines.append(f"- {model} / {feature}: {cell['status']}: {why}")
        lines.append("")
    lines += ["| model | feature | runs | date | cassette | cost (USD) |", "|---|---|---|---|---|---|"]
    for cell in data["cells"]:
        lines.append(f"| {cell['model']} | {cell['feature']} | {cell['runs']} | {cell['date']} | "
                     f"{cell['cassette'] or '-'} | {cell['cost'] or '-'} |")
    return "\n".join(lines) + "\n"
