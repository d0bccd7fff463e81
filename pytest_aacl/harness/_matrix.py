"""Render compatibility-matrix cells (from `--aacl-matrix`) as Markdown and JSON.

A cell run several times (parametrised over something else too) passes only if every run
passed. Every cell says what its evidence is: `recorded` (replayed from a cassette recorded
from a live API), `live` (a call made in this session, no cassette), `synthetic` (a cassette
no real model produced, e.g. made by a scripted server), `simulated` (the `SimulatedModel`
test double), `unlabelled` (a cassette that does not say where it came from) or `invalid`.

A model is *qualified* only when it passed every feature of the matrix (a feature it was
never tested on, `?`, disqualifies) on recorded or live evidence. A model that passed
everything on synthetic or simulated evidence is listed as such, never as qualified.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

__all__ = ["REAL", "matrix_json", "matrix_markdown"]

_MARK = {"pass": "✓", "fail": "✗", "not run": "?"}
#: evidence about a real model; anything else cannot qualify one
REAL = ("recorded", "live")
_WHY = {
    "synthetic": "synthetic evidence (a cassette no real model produced)",
    "simulated": "simulated evidence (the SimulatedModel test double, not a model)",
    "unlabelled": "the cassette does not say where it came from (no aacl.provenance); re-record it to label it",
    "invalid": "the cassette's provenance is malformed",
}


def _merge(cells: Iterable[dict[str, Any]]) -> dict[tuple[str, str], dict[str, Any]]:
    merged: dict[tuple[str, str], dict[str, Any]] = {}
    rank = {"fail": 2, "pass": 1, "not run": 0}
    for cell in cells:
        key = (cell["model"], cell["feature"])
        evidence = [cell.get("evidence") or "live"]
        seen = merged.get(key)
        if seen is None:
            merged[key] = {**cell, "evidence": evidence, "runs": 1}
            continue
        keep = cell if rank[cell["status"]] > rank[seen["status"]] else seen
        merged[key] = {**keep, "runs": seen["runs"] + 1, "date": max(seen["date"], cell["date"]),
                       "cost": _add(seen.get("cost"), cell.get("cost")),
                       "evidence": sorted(set(seen["evidence"]) | set(evidence))}
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


def _verdicts(merged: dict[tuple[str, str], dict[str, Any]], models: list[str],
              features: list[str]) -> dict[str, tuple[str, list[str]]]:
    """Per model: ("qualified" | "synthetic" | "not qualified", the reasons)."""
    out: dict[str, tuple[str, list[str]]] = {}
    for model in models:
        reasons, weak = [], []
        for feature in features:
            cell = merged.get((model, feature))
            if cell is None:
                reasons.append(f"{feature}: ? not tested on this model (no test of this feature ran on it)")
            elif cell["status"] != "pass":
                reasons.append(f"{feature}: {cell['status']}: {cell['reason'] or cell['status']}")
            else:
                for evidence in cell["evidence"]:
                    if evidence in ("unlabelled", "invalid"):
                        reasons.append(f"{feature}: {_WHY[evidence]}"
                                       + (f" ({cell['provenance_error']})" if cell.get("provenance_error") else ""))
                    elif evidence not in REAL:
                        weak.append(evidence)
        if reasons:
            out[model] = ("not qualified", reasons)
        elif weak:
            out[model] = ("synthetic", [_WHY[w] for w in sorted(set(weak))])
        else:
            out[model] = ("qualified", [])
    return out


def matrix_json(cells: Iterable[dict[str, Any]]) -> dict[str, Any]:
    merged = _merge(cells)
    models = sorted({m for m, _ in merged})
    features = sorted({f for _, f in merged})
    verdicts = _verdicts(merged, models, features)
    return {
        "models": models, "features": features,
        "qualified": [m for m in models if verdicts[m][0] == "qualified"],
        "synthetic_only": [m for m in models if verdicts[m][0] == "synthetic"],
        "not_qualified": {m: why for m, (verdict, why) in verdicts.items() if verdict == "not qualified"},
        "cells": [merged[k] for k in sorted(merged)],
    }


def matrix_markdown(cells: Iterable[dict[str, Any]], command: str = "") -> str:
    data = matrix_json(cells)
    merged = {(c["model"], c["feature"]): c for c in data["cells"]}
    lines = ["# Compatibility matrix", "",
             f"Written by `{command or 'pytest --aacl-matrix PATH'}`. ✓ passed, ✗ failed, ? not run; each mark "
             "carries the date of its evidence and what the evidence is: recorded (a cassette recorded from a live "
             "API), live (called in this session), synthetic (a cassette no real model produced), simulated (the "
             "SimulatedModel test double) or unlabelled (a cassette that does not say).", "",
             "| model | " + " | ".join(data["features"]) + " |", "|---|" + "---|" * len(data["features"])]
    for model in data["models"]:
        row = []
        for feature in data["features"]:
            cell = merged.get((model, feature))
            row.append(f"{_MARK[cell['status']]} ({cell['date']}, {'+'.join(cell['evidence'])})" if cell else "?")
        lines.append(f"| {model} | " + " | ".join(row) + " |")
    lines += ["", "**Qualified** (every feature passed, on recorded or live evidence): "
              + (", ".join(data["qualified"]) or "none"), ""]
    if data["synthetic_only"]:
        lines += ["**Passed on synthetic or simulated evidence only** (not evidence about a real model, so not "
                  "qualified): " + ", ".join(data["synthetic_only"]), ""]
    if data["not_qualified"]:
        lines += ["**Not qualified:**", ""]
        lines += [f"- {model} / {reason}" for model, why in data["not_qualified"].items() for reason in why]
        lines.append("")
    lines += ["| model | feature | runs | date | evidence | cassette | cost (USD) |", "|---|---|---|---|---|---|---|"]
    for cell in data["cells"]:
        evidence = cell.get("provenance_label") or "+".join(cell["evidence"])
        lines.append(f"| {cell['model']} | {cell['feature']} | {cell['runs']} | {cell['date']} | {evidence} | "
                     f"{cell['cassette'] or '-'} | {cell['cost'] or '-'} |")
    return "\n".join(lines) + "\n"
