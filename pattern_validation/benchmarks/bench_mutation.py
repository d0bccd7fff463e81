"""Mutation score of `pytest_aacl.fuzz()` on interface layers it was never tuned on.

    python pattern_validation/benchmarks/bench_mutation.py                    # default: 10 mutants a layer
    python -m pattern_validation.benchmarks.bench_mutation --split held-out --max-mutants 0   # every mutant
    python -m pattern_validation.benchmarks.bench_mutation --layers arxiv_paper_id --budget 300 -v
    python -m pattern_validation.benchmarks.bench_mutation --split tuning --survivors /work/notes/tuning-survivors.md

Each layer of `pattern_validation.mutation.manifest` (third-party argument normalisation
vendored under `pattern_validation/mutation/layers/`, and `pattern_validation/handwritten.py`)
is mutated one change at a time (`pattern_validation.mutation._mutate`); mutants whose
behaviour on a large independent input sample equals the original's are "probably
equivalent" and not fuzzed; a deterministic sample of at most `--max-mutants` of the others
is fuzzed with `pytest_aacl.fuzz()` at `--budget` (default 100, the fuzzer's default) and
`--seed`.  Killed: the report has a finding the unmutated layer's reports (seeds `seed` and
`seed + 1`) do not.  Score = killed / (killed + survived).  The fuzzer is whatever
`pytest_aacl` the running interpreter imports.  Issue 18's target: >= 90 % on the held-out
split.  Run time: about 15-40 s per fuzzed mutant on a loaded 2-core machine, so the default
(10 a layer, 6 layers) takes 20-30 minutes; `--max-mutants 0` fuzzes all of them.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script (`./run bench`): the layers live beside it; appended, so
    sys.path.append(str(Path(__file__).resolve().parents[2]))  # an installed pytest_aacl wins over the checkout

from pattern_validation.mutation._score import LayerResult, score_layer
from pattern_validation.mutation.manifest import HELD_OUT, LAYERS, TUNING


def _pct(num: int, den: int) -> str:
    return f"{100 * num / den:5.1f} %" if den else "    -  "


def _row(name: str, split: str, cells: list[float]) -> str:
    generated, killed, survived, stricter, advised, equivalent, other, seconds = cells
    return (f"{name:20} {split:9} {generated:9.0f} {killed:6.0f} {survived:8.0f} {stricter:8.0f} {advised:7.0f} "
            f"{equivalent:10.0f} "
            f"{other:7.0f} {_pct(int(killed), int(killed + survived)):>8} "
            f"{_pct(int(killed), int(killed + survived - stricter)):>9} {seconds:7.0f} s")


def report(results: list[LayerResult]) -> str:
    """The table: per layer, then per split.  `stricter`: survivors that differ only by raising
    (they never deliver anything the original did not; no oracle of the fuzzer may call a
    refusal a defect); `score` counts them as survivors, `w/o strict` leaves them out.
    `advised`: survivors whose report gained advice of rejects_invalid (a described bound or
    a reversed range let through): noticed, not killed."""
    head = (f"{'layer':20} {'split':9} {'generated':>9} {'killed':>6} {'survived':>8} {'stricter':>8} {'advised':>7} "
            f"{'prob.equiv':>10} {'t/o,err':>7} {'score':>8} {'w/o strict':>9} {'time':>9}")
    lines = [head, "-" * len(head)]
    totals: dict[str, list[float]] = {}
    for r in results:
        cells: list[float] = [r.generated, r.count("killed"), r.count("survived"), r.stricter_survivors, r.advised_survivors,
                              r.count("equivalent"), r.count("timeout") + r.count("error"), r.seconds]
        lines.append(_row(r.layer.name, r.layer.split, cells))
        acc = totals.setdefault(r.layer.split, [0.0] * len(cells))
        totals[r.layer.split] = [x + y for x, y in zip(acc, cells, strict=True)]
    lines.append("-" * len(head))
    for split in (TUNING, HELD_OUT):
        if split in totals:
            lines.append(_row(f"TOTAL {split}", split, totals[split]))
    return "\n".join(lines)


def survivors(results: list[LayerResult]) -> str:
    out = []
    for r in results:
        for m in r.results:
            if m.status in ("survived", "timeout", "error"):
                out.append(f"- {r.layer.name} line {m.mutant.line} [{m.mutant.operator}] `{m.mutant.original}` -> "
                           f"`{m.mutant.mutated}` ({m.status}{', stricter' if m.stricter else ''})\n"
                           f"  differential witness: {m.witness}")
    return "\n".join(out)


def equivalents(results: list[LayerResult]) -> str:
    return "\n".join(f"- {r.layer.name} {m.mutant.label}" for r in results for m in r.results
                     if m.status == "equivalent")


class _Progress:
    """A held-out layer's log without its contents: a count every 10 mutant lines."""

    def __init__(self, name: str) -> None:
        self.name, self.lines = name, 0

    def __call__(self, line: str) -> None:
        self.lines += 1
        if self.lines % 10 == 0:
            print(f"  {self.name}: {self.lines} lines of progress (held out: run with -v to see them)", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--layers", nargs="+", choices=sorted(LAYERS), help="only these layers")
    parser.add_argument("--split", choices=(TUNING, HELD_OUT), help="only the layers of this split")
    parser.add_argument("--max-mutants", type=int, default=10,
                        help="fuzz at most this many non-equivalent mutants a layer, sampled "
                             "deterministically from --seed (0: all; default 10)")
    parser.add_argument("--seed", type=int, default=0, help="fuzz seed and sampling seed (default 0)")
    parser.add_argument("--budget", type=int, default=100, help="fuzz max_examples (default 100, the default budget)")
    parser.add_argument("--timeout", type=float, default=300.0, help="wall-clock seconds per fuzzed mutant")
    parser.add_argument("--survivors", type=Path,
                        help="also write the TUNING split's surviving mutants (markdown) to this file")
    parser.add_argument("--json", type=Path, help="also write every mutant's result as JSON")
    parser.add_argument("-v", "--verbose", action="store_true", help="list survivors and probable equivalents")
    args = parser.parse_args(argv)
    if args.max_mutants < 0 or args.budget < 1 or args.timeout <= 0:
        parser.error(f"got --max-mutants={args.max_mutants} --budget={args.budget} --timeout={args.timeout}; "
                     "pass --max-mutants >= 0, --budget >= 1 and --timeout > 0")
    names = args.layers or [n for n, layer in LAYERS.items() if args.split in (None, layer.split)]
    import pytest_aacl

    print(f"pytest_aacl from {Path(pytest_aacl.__file__).parent}; budget {args.budget}, seed {args.seed}, "
          f"at most {args.max_mutants or 'all'} fuzzed mutants a layer", flush=True)
    results = []
    start = time.perf_counter()
    for name in names:
        # a held-out layer is scored blind: its mutants' lines (which ones survive, where) are
        # shown only when asked for with -v, never as a side effect of measuring
        blind = LAYERS[name].split != TUNING and not args.verbose
        results.append(score_layer(LAYERS[name], seed=args.seed, budget=args.budget,
                                   max_mutants=args.max_mutants or None, timeout=args.timeout,
                                   log=_Progress(name) if blind else (lambda line: print(line, flush=True))))
    print()
    print(report(results))
    print(f"\n{time.perf_counter() - start:.0f} s in all.  Equivalence: a mutant is 'probably equivalent' when"
          " the differential run (pattern_validation/mutation/_differential.py, inputs independent of the"
          " fuzzer's generator) sees no difference in what reaches the implementation, the return value or the"
          " exception type; those are not fuzzed and not in the score.")
    sampled = [r for r in results if r.sampled_from > len([m for m in r.results if m.status != "equivalent"])]
    for r in sampled:
        fuzzed = len([m for m in r.results if m.status != "equivalent"])
        print(f"{r.layer.name}: {fuzzed} of {r.sampled_from} non-equivalent mutants fuzzed (sampled)")
    if args.verbose:
        print("\nSurvivors (with the differential's distinguishing call):\n" + (survivors(results) or "none"))
        print("\nProbably equivalent:\n" + (equivalents(results) or "none"))
    if args.survivors:  # for the generator's engineer: never a held-out layer, whatever was run
        args.survivors.write_text(_survivors_page([r for r in results if r.layer.split == TUNING], args))
    if args.json:
        args.json.write_text(json.dumps([_as_json(r) for r in results], indent=1))
    return 0


def _survivors_page(results: list[LayerResult], args: Any) -> str:
    return (f"# Surviving mutants (bench_mutation, budget {args.budget}, seed {args.seed}, "
            f"max {args.max_mutants or 'all'} a layer)\n\n"
            "Each: layer, line, original -> mutated code, operator; the witness is an input (from the\n"
            "benchmark's own differential sampler) on which the mutant behaves differently.\n\n"
            + report(results) + "\n\n" + (survivors(results) or "none") + "\n")


def _as_json(r: LayerResult) -> dict[str, Any]:
    return {"layer": r.layer.name, "split": r.layer.split, "generated": r.generated, "seconds": r.seconds,
            "baseline": r.baseline, "score": r.score,
            "mutants": [{"index": m.mutant.index, "line": m.mutant.line, "operator": m.mutant.operator,
                         "original": m.mutant.original, "mutated": m.mutant.mutated, "status": m.status,
                         "new_keys": m.new_keys, "witness": m.witness, "stricter": m.stricter, "advised": m.advised,
                         "seconds": m.seconds} for m in r.results]}


if __name__ == "__main__":
    sys.exit(main())
