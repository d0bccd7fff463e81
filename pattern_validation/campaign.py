"""The main job: fuzz every version of the example tools and print what each check finds.

    python -m pattern_validation.campaign                  # the table (./run fuzz)
    python -m pattern_validation.campaign --max-examples 1000 --variants boundary
    python -m pattern_validation.campaign --write-results  # also write RESULTS.md

Every version is fuzzed against the same strict schema with the same seed, so the table
compares interface layers: the AACL boundary, the pattern's hand-written functions, and
Pydantic's `validate_call`.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import handwritten, pydantic_tools, reference
from .acceptance import OUTCOMES, measure, percentages
from .schemas import CREATE_JSON_SCHEMA, SEARCH_WEB_SCHEMA

#: `--aacl-target pattern_validation.campaign:HANDWRITTEN` fuzzes these under pytest.
REFERENCE: list[dict[str, Any]] = [{"target": reference.search_web}, {"target": reference.create_json}]
HANDWRITTEN: list[dict[str, Any]] = [
    {"target": handwritten.search_web, "schema": SEARCH_WEB_SCHEMA, "implementation": (handwritten, "_search_backend")},
    {"target": handwritten.create_json, "schema": CREATE_JSON_SCHEMA, "implementation": (handwritten, "_write_json")},
]
PYDANTIC: list[dict[str, Any]] = [
    {"target": pydantic_tools.search_web, "schema": SEARCH_WEB_SCHEMA, "implementation": (pydantic_tools, "_search_backend")},
    {"target": pydantic_tools.create_json, "schema": CREATE_JSON_SCHEMA, "implementation": (pydantic_tools, "_write_json")},
]
VARIANTS: dict[str, list[dict[str, Any]]] = {"boundary": REFERENCE, "hand-written": HANDWRITTEN, "pydantic": PYDANTIC}
RESULTS = Path(__file__).with_name("RESULTS.md")
DEFAULT_EXAMPLES = 150


@dataclass
class Row:
    tool: str
    variant: str
    report: Any
    seconds: float
    outcomes: list[str]


def run(variants: list[str], checks: list[str] | None, max_examples: int, seed: int, progress: bool = True) -> list[Row]:
    """Fuzz every tool version, then send it the outcome-table calls; one row per version."""
    from pytest_aacl import fuzz

    rows = []
    for variant in variants:
        for entry in VARIANTS[variant]:
            kwargs = dict(entry)
            target = kwargs.pop("target")
            name = target.spec.name if hasattr(target, "spec") else target.__name__
            if progress:
                print(f"  fuzzing {name} ({variant}) ...", file=sys.stderr, flush=True)
            start = time.perf_counter()
            report = fuzz(target, checks=checks, max_examples=max_examples, seed=seed, **kwargs)
            outcomes = percentages(measure(entry, max_examples, seed))
            rows.append(Row(name, variant, report, time.perf_counter() - start, outcomes))
    tools = list(dict.fromkeys(r.tool for r in rows))
    rows.sort(key=lambda r: (tools.index(r.tool), variants.index(r.variant)))  # versions side by side
    return rows


def table(rows: list[Row], *, markdown: bool = False) -> str:
    """Checks down, tool versions across: `ok`, or `FAIL (n)` with n distinct defects."""
    checks = list(rows[0].report.checks)

    def cell(row: Row, check: str) -> str:
        n = sum(f.check == check for f in row.report.findings)
        return f"FAIL ({n})" if n else "ok"

    body = [[c, *(cell(r, c) for r in rows)] for c in checks]
    totals = ["findings", *(str(len(r.report.findings)) for r in rows)]
    return _grid(rows, "check", body, [totals], markdown)


def outcomes_table(rows: list[Row], *, markdown: bool = False) -> str:
    """Per version, what became of the hallucinated renderings it was sent."""
    body = [[o, *(r.outcomes[i] for r in rows)] for i, o in enumerate(OUTCOMES)]
    return _grid(rows, "hallucinated calls", body, [], markdown)


def _grid(rows: list[Row], corner: str, body: list[list[str]], foot: list[list[str]], markdown: bool) -> str:
    if markdown:
        heads = [f"{r.tool} ({r.variant})" for r in rows]
        lines = [f"| {corner} | " + " | ".join(heads) + " |", "|---" * (len(heads) + 1) + "|"]
        lines += ["| " + " | ".join(f"**{v}**" if v.startswith("FAIL") else v for v in line) + " |" for line in [*body, *foot]]
        return "\n".join(lines)
    width = max(len(line[0]) for line in [*body, *foot, [corner]]) + 2
    tools = list(dict.fromkeys(r.tool for r in rows))
    per_tool = {t: sum(r.tool == t for r in rows) for t in tools}
    col = max([len(r.variant) + 2 for r in rows] + [-(-(len(t) + 2) // per_tool[t]) for t in tools])
    top = " " * width + "".join(t.ljust(col * per_tool[t]) for t in tools)
    sub = corner.ljust(width) + "".join(r.variant.ljust(col) for r in rows)
    rule = "-" * len(sub.rstrip())

    def fmt(line: list[str]) -> str:
        return "".join([line[0].ljust(width), *(v.ljust(col) for v in line[1:])]).rstrip()

    return "\n".join([top.rstrip(), sub.rstrip(), rule, *map(fmt, body), *([rule, *map(fmt, foot)] if foot else [])])


def examples(rows: list[Row]) -> str:
    """One shrunk finding per defect, as the plugin reports it."""
    from pytest_aacl._fuzz_report import format_finding

    out = []
    for r in rows:
        for finding in r.report.findings:
            out.append(f"--- {r.tool} ({r.variant}) :: {finding.check}")
            out.append(format_finding(finding))
            out.append("")
    return "\n".join(out).rstrip()


def summary(rows: list[Row], max_examples: int, seed: int) -> str:
    examples_run = sum(r.report.examples_run for r in rows)
    seconds = sum(r.seconds for r in rows)
    return (f"{len(rows)} tool versions x {len(rows[0].report.checks)} checks, up to {max_examples} examples "
            f"per check (seed {seed}): {examples_run} calls in {seconds:.1f} s")


def write_results(rows: list[Row], command: str, max_examples: int, seed: int) -> None:
    import hypothesis

    import pytest_aacl

    from .convergence import MARK  # the convergence campaign's section is kept as it is

    old = RESULTS.read_text(encoding="utf-8") if RESULTS.exists() else ""
    kept = MARK + old.split(MARK, 1)[1] if MARK in old else ""
    RESULTS.write_text(
        "# Fuzz campaign results\n\n"
        "Written by the campaign itself; reproduce with:\n\n"
        f"```\n{command}\n```\n\n"
        f"{summary(rows, max_examples, seed)}; pytest-aacl {pytest_aacl.__version__}, "
        f"Hypothesis {hypothesis.__version__}, Python {platform.python_version()}.\n\n"
        "`ok`: no defect found. **FAIL**: the check found a defect; its shrunk example is below.\n\n"
        f"{table(rows, markdown=True)}\n\n"
        f"What became of {max_examples} hallucinated calls per version (the same calls for each):\n\n"
        f"{outcomes_table(rows, markdown=True)}\n\n"
        "## One example per defect\n\n"
        f"```\n{examples(rows)}\n```\n" + (f"\n{kept}" if kept else ""),
        encoding="utf-8",
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pattern_validation.campaign", description=__doc__.split("\n")[0])
    parser.add_argument("--max-examples", type=int, default=DEFAULT_EXAMPLES,
                        help=f"examples per check and tool (default {DEFAULT_EXAMPLES})")
    parser.add_argument("--seed", type=int, default=0, help="Hypothesis seed (default 0, so runs are reproducible)")
    parser.add_argument("--variants", default=",".join(VARIANTS), help=f"comma-separated, from: {', '.join(VARIANTS)}")
    parser.add_argument("--checks", default=None, help="comma-separated check names (default: all)")
    parser.add_argument("--write-results", action="store_true", help=f"also write {RESULTS.relative_to(Path.cwd()) if RESULTS.is_relative_to(Path.cwd()) else RESULTS}")
    args = parser.parse_args(argv)
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    bad = [v for v in variants if v not in VARIANTS]
    if bad or args.max_examples < 1:
        parser.error(f"unknown variant {bad[0]!r}" if bad else "--max-examples must be at least 1")
    checks = [c.strip() for c in args.checks.split(",")] if args.checks else None
    try:
        rows = run(variants, checks, args.max_examples, args.seed)
    except ValueError as exc:  # an unknown check name, reported like argparse does
        parser.error(str(exc))
    print(f"\npytest-aacl fuzz campaign: {summary(rows, args.max_examples, args.seed)}\n")
    print(table(rows))
    print(f"\nWhat became of {args.max_examples} hallucinated calls per version (same calls for each):\n")
    print(outcomes_table(rows))
    if any(r.report.findings for r in rows):
        print("\nOne example per defect (shrunk by Hypothesis):\n")
        print(examples(rows))
    if args.write_results:
        command = "python -m pattern_validation.campaign " + " ".join(argv if argv is not None else sys.argv[1:])
        write_results(rows, command.strip(), args.max_examples, args.seed)
        print(f"\nwrote {RESULTS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
