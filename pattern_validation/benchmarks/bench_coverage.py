"""What branch-coverage tracing costs, and what it reports, on the planted corpus.

    python pattern_validation/benchmarks/bench_coverage.py [--only seed.] [--max-examples 100] [--repeat 2]

For each corpus entry, `fuzz()` runs twice per repeat at the same seed: once with the
tool's own files traced in its worker (`pytest_aacl._branchcov`, the default), once with
tracing switched off (the baseline, in the same run and interleaved, so machine load hits
both alike).  Printed per entry: the best wall time of each, their ratio, the examples run,
and the coverage line the report carries.  The calls made are the same in both runs except
where steering (`hypothesis.target`, combined coverage cases) changes what is explored.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from pattern_validation.corpus import ENTRIES
from pytest_aacl import _branchcov, fuzz


def _run(entry: Any, traced: bool, max_examples: int, seed: int) -> tuple[float, Any]:
    original = _branchcov.attach
    if not traced:
        _branchcov.attach = lambda target: "not measured (benchmark baseline)"  # type: ignore[assignment]
    try:
        start = time.perf_counter()
        report = fuzz(max_examples=max_examples, seed=seed, **entry.fuzz_kwargs())
        return time.perf_counter() - start, report
    finally:
        _branchcov.attach = original


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="")
    parser.add_argument("--max-examples", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    ratios = []
    for entry in [e for e in ENTRIES if args.only in e.id]:
        best = {True: float("inf"), False: float("inf")}
        reports: dict[bool, Any] = {}
        for _ in range(args.repeat):
            for traced in (False, True):
                seconds, reports[traced] = _run(entry, traced, args.max_examples, args.seed)
                best[traced] = min(best[traced], seconds)
        ratio = best[True] / best[False]
        ratios.append(ratio)
        line = next(iter(reports[True].coverage.values()), "?")
        print(f"{entry.id:40s} untraced {best[False]:6.1f}s  traced {best[True]:6.1f}s  x{ratio:4.2f}  "
              f"examples {reports[False].examples_run}/{reports[True].examples_run}  {line}", flush=True)
    if ratios:
        print(f"\ntracing overhead (traced / untraced wall time, best of {args.repeat}): median x{statistics.median(ratios):.2f}, "
              f"max x{max(ratios):.2f} over {len(ratios)} entries (machine shared; figures under load)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
