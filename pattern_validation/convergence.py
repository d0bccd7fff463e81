"""The convergence campaign: do corrections make a model converge, and which wording helps?

    python -m pattern_validation.convergence                  # print the tables
    python -m pattern_validation.convergence --write-results  # also write its section of RESULTS.md

Runs the reference tools (the boundary versions of search_web and create_json) against
`SimulatedModel`, a seeded test double that is NOT a real model: it writes fields in the
`hallucinated` families and as plain mistakes, and repairs what a correction states. Every
correction format is run on the same tasks and seeds, so the formats are compared on equal
terms; rates come with Wilson 95 % intervals over all seeds, never one lucky run. The
simulated reader understands the three precise formats equally well, so it can only tell
precise from vague wording; ranking the precise formats needs real models (cassettes).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from pytest_aacl.harness import (
    FORMATS,
    RespondError,
    SimulatedModel,
    Task,
    converge,
    respond,
    summarise,
    wilson,
)

from .reference import create_json, search_web

RESULTS = Path(__file__).with_name("RESULTS.md")
MARK = "<!-- convergence campaign: written by python -m pattern_validation.convergence -->"

TASKS = [
    Task("Find recent arXiv papers on tool-calling robustness, ten results, thorough.", "search_web",
         {"query": "tool calling robustness", "max_results": 10, "search_depth": "advanced",
          "include_domains": ["arxiv.org"], "time_range": "month"}, "papers"),
    Task("Search the news from this week about the EU AI Act.", "search_web",
         {"query": "EU AI Act", "time_range": "week", "max_results": 5}, "news"),
    Task("Look up Python packaging guides on python.org and pypa.io, three results.", "search_web",
         {"query": "python packaging guide", "include_domains": ["python.org", "pypa.io"], "max_results": 3}, "guides"),
    Task("Write the sprint summary to sprint.json, indented 4, replacing the old one.", "create_json",
         {"filename": "sprint.json", "content": {"status": "done", "owner": "ana"}, "indent": 4, "overwrite": True},
         "sprint"),
    Task("Save the release notes as notes.json.", "create_json",
         {"filename": "notes.json", "content": {"version": "1.2.0", "date": "2026-11-26"}}, "notes"),
]
TOOLS = {"search_web": search_web, "create_json": create_json}
PERSON = {"type": "object", "properties": {"name": {"type": "string", "minLength": 1},
                                            "born": {"type": "integer", "minimum": 0},
                                            "fields": {"type": "array", "items": {"type": "string"}}},
          "required": ["name", "born"], "additionalProperties": False}


def run(seeds: int, max_attempts: int, mistake: float, fix: float) -> dict[str, list[Any]]:
    """Every format x task x seed; the same model settings for each."""
    runs: dict[str, list[Any]] = {fmt: [] for fmt in FORMATS}
    for fmt in FORMATS:
        for seed in range(seeds):
            for task in TASKS:
                model = SimulatedModel(seed=seed, mistake_probability=mistake, fix_probability=fix)
                runs[fmt].append(converge(model, [TOOLS[task.tool or ""]], Task(task.prompt, task.tool, task.intended,
                                          f"{task.name}-{seed}"), max_attempts=max_attempts, correction_format=fmt))
    return runs


def _cell(k: int, n: int) -> str:
    low, high = wilson(k, n)
    return f"{100 * k / n:.0f}% [{100 * low:.0f}-{100 * high:.0f}]" if n else "-"


def format_table(runs: dict[str, list[Any]], max_attempts: int) -> str:
    retries = range(0, max_attempts)
    head = "| format | runs | first try | " + " | ".join(f"within {r} retr{'y' if r == 1 else 'ies'}" for r in retries[1:]) + " | mean attempts | silent corruptions | content errors |"
    lines = [head, "|" + "---|" * (head.count("|") - 1)]
    for fmt, items in runs.items():
        s = summarise(items, max_attempts)["all"]
        n = s["runs"]
        cells = [_cell(s["success_within"][str(r + 1)]["count"], n) for r in retries[1:]]
        lines.append(f"| {fmt} | {n} | {_cell(s['first_try_validity']['count'], n)} | " + " | ".join(cells)
                     + f" | {s['mean_attempts_to_success']} | {s['silent_corruptions']} | {s['content_errors']} |")
    return "\n".join(lines)


def _within_one_retry(runs: dict[str, list[Any]], group: str, heading: str, skip: frozenset[str] = frozenset()) -> str:
    """Success within one retry for each name of a `summarise` group, per correction format."""
    by = {fmt: summarise(items, 2)[group] for fmt, items in runs.items()}
    names = sorted({name for table in by.values() for name in table} - skip)
    lines = [f"| {heading} | " + " | ".join(FORMATS) + " |", "|---|" + "---|" * len(FORMATS)]
    for name in names:
        cells = []
        for fmt in FORMATS:
            entry = by[fmt].get(name)
            cells.append(_cell(entry["success_within"]["2"]["count"], entry["runs"]) if entry else "-")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def family_table(runs: dict[str, list[Any]]) -> str:
    """Success within one retry, per family of the first attempt, per format."""
    return _within_one_retry(runs, "by_family", "family (first attempt)")


def code_table(runs: dict[str, list[Any]]) -> str:
    """Success within one retry, per correction code received, per format."""
    return _within_one_retry(runs, "by_code", "correction code", frozenset({"none"}))


def respond_runs(seeds: int, mistake: float, fix: float) -> list[Any]:
    """One `respond` call per seed (at most 3 retries), as harness runs (`answer.run`)."""
    runs = []
    for seed in range(seeds):
        model = SimulatedModel(seed=seed, mistake_probability=mistake, fix_probability=fix)
        try:
            runs.append(respond(model, "Name a pioneer of computing, her birth year and fields.", PERSON,
                                max_retries=3).run)
        except RespondError as error:
            runs.append(error.run)
    return runs


def respond_table(seeds: int, mistake: float, fix: float) -> str:
    """The respond runs summarised as the tool calls are: first try, within k retries, mean attempts."""
    s = summarise(respond_runs(seeds, mistake, fix), 4)["all"]
    n = s["runs"]
    cells = " | ".join(_cell(s["success_within"][str(r + 1)]["count"], n) for r in range(4))
    return ("| responses | valid first | within 1 retry | within 2 retries | within 3 retries | failed after 3 | mean attempts |\n"
            f"|---|---|---|---|---|---|---|\n| {n} | {cells} | {n - s['success_within']['4']['count']} | "
            f"{s['mean_attempts_to_success']} |")


def report(args: argparse.Namespace) -> str:
    started = time.perf_counter()
    runs = run(args.seeds, args.max_attempts, args.mistake, args.fix)
    tables = [
        "**Every figure in this section comes from the simulated model** (`SimulatedModel`, a seeded test "
        "double, not a real model): it shows how the loop and the correction formats behave, not how any real "
        "model converges. No real-model convergence figures exist in this repository (its cassettes are "
        "synthetic, see cassettes/README.md).",
        f"{len(TASKS)} tasks x {args.seeds} seeds x {len(FORMATS)} correction formats, at most {args.max_attempts} "
        f"attempts; SimulatedModel(mistake_probability={args.mistake}, fix_probability={args.fix}). "
        "Cells: rate [Wilson 95 % interval].",
        "### Tool calls: success by correction format\n\n" + format_table(runs, args.max_attempts),
        "### Success within one retry, by the family of the first attempt\n\n" + family_table(runs),
        "### Success within one retry, by the correction received\n\n" + code_table(runs),
        "### Structured responses (respond, at most 3 retries; read through the boundary)\n\n" + respond_table(args.seeds * len(TASKS), args.mistake, args.fix),
    ]
    tables.append(f"({time.perf_counter() - started:.1f} s)")
    return "\n\n".join(tables)


def write_results(text: str, command: str) -> None:
    old = RESULTS.read_text(encoding="utf-8") if RESULTS.exists() else ""
    kept = old.split(MARK, 1)[0].rstrip()
    section = f"{MARK}\n\n## Convergence campaign\n\nReproduce with:\n\n```\n{command}\n```\n\n{text}\n"
    RESULTS.write_text((kept + "\n\n" if kept else "") + section, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pattern_validation.convergence", description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=40, help="seeds per task and format (default 40)")
    parser.add_argument("--max-attempts", type=int, default=4, help="attempts per run (default 4: up to 3 retries)")
    parser.add_argument("--mistake", type=float, default=0.3, help="SimulatedModel mistake_probability (default 0.3)")
    parser.add_argument("--fix", type=float, default=0.8, help="SimulatedModel fix_probability (default 0.8)")
    parser.add_argument("--write-results", action="store_true", help="also write the convergence section of RESULTS.md")
    args = parser.parse_args(argv)
    if args.seeds < 1 or args.max_attempts < 2:
        parser.error("--seeds must be at least 1 and --max-attempts at least 2")
    if not (0 <= args.mistake <= 1 and 0 <= args.fix <= 1):
        parser.error("--mistake and --fix are probabilities between 0 and 1")
    text = report(args)
    print("\npytest-aacl convergence campaign\n")
    print(text)
    if args.write_results:
        command = "python -m pattern_validation.convergence " + " ".join(argv if argv is not None else sys.argv[1:])
        write_results(text, command.strip())
        print(f"\nwrote {RESULTS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
