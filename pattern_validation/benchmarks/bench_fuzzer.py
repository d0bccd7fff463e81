"""How well `pytest_aacl.fuzz()` finds the planted defects of `pattern_validation.corpus`.

    python -m pattern_validation.benchmarks.bench_fuzzer                 # default budget, seeds 0 1 2
    python pattern_validation/benchmarks/bench_fuzzer.py                 # the same (what ./run bench does)
    python -m pattern_validation.benchmarks.bench_fuzzer --seeds 0 --only seed.
    python -m pattern_validation.benchmarks.bench_fuzzer --blackbox      # without naming implementations
    python -m pattern_validation.benchmarks.bench_fuzzer --json out.json

Every corpus entry is fuzzed with every check at `--max-examples` (default 100, the default
budget) for each seed.  A finding on a defective layer is *attributed* to its planted defect
when it is about the defect's field (see `fields_of`); it *finds* the defect when it is
attributed and comes from one of the checks the manifest says should catch it (or from a check
newer than the manifest, see `MANIFEST_CHECKS`).  Any finding on
a control, and any unattributed finding on a defective layer, is a false positive.  Examples
to first find use `Finding.first_seen` (1-based example index within that check's run) when
the fuzzer provides it.  Targets (issue 8): 100 % found, median <= 10, 0 findings on controls.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script (`./run bench`): the corpus lives beside it
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from pattern_validation.corpus import ENTRIES, Entry

_INDEX = re.compile(r"\[[^\]]*\]")
#: The checks the manifest's `Defect.checks` were written against.  A finding of a check
#: added later (a black-box oracle, say) finds a defect when it is about the defect's field.
MANIFEST_CHECKS = frozenset({"no_silent_corruption", "identity_on_canonical", "rejects_invalid", "total",
                             "typed_implementation", "correction_quality", "idempotent"})


@dataclass
class Run:
    """One entry fuzzed with one seed."""

    entry: Entry
    seed: int
    seconds: float
    found_by: list[str] = field(default_factory=list)        # checks that found the planted defect
    first_seen: int | None = None                             # earliest Finding.first_seen among those
    estimated_first: int | None = None                        # --estimate-first: smallest budget that finds it
    attributed: list[str] = field(default_factory=list)      # attributed, but by a check not listed
    false: list[str] = field(default_factory=list)           # false positives, one line each
    advice: list[str] = field(default_factory=list)          # findings of severity "advice" (not counted)
    error: str = ""                                           # the fuzzer could not run this entry


def normalise_path(path: str) -> str:
    """`$.address.postCode`, `/address/postcode`, `tags[0]` -> `address.postCode`, `tags`."""
    text = str(path).strip().lstrip("$").replace("/", ".").strip(".")
    return _INDEX.sub("", text)


def _diff(got: Any, want: Any, path: str, out: set[str]) -> None:
    if isinstance(got, dict) and isinstance(want, dict):
        for key in set(got) | set(want):
            if got.get(key, _MISSING) != want.get(key, _MISSING):
                _diff(got.get(key), want.get(key), f"{path}.{key}" if path else str(key), out)
    elif got != want and path:
        out.add(path)


_MISSING = object()


def fields_of(finding: Any) -> set[str]:
    """The field paths a finding is about: its labels, and where what reached the implementation
    differs from what was meant (the only evidence a label-free conforming finding carries)."""
    paths = {normalise_path(label.get("path", "")) for label in getattr(finding, "labels", ()) or ()}
    for name in ("path", "field"):  # a fuzzer that names the field outright
        if isinstance(getattr(finding, name, None), str):
            paths.add(normalise_path(getattr(finding, name)))
    paths.update(normalise_path(p) for p in getattr(finding, "fields", ()) or () if isinstance(p, str))
    args = getattr(finding, "args", None)
    intended = getattr(finding, "intended", None)
    if intended is None and getattr(finding, "kind", "") == "conforming":
        intended = args
    for got in getattr(finding, "received", ()) or ():
        if isinstance(got, dict) and isinstance(intended, dict):
            _diff(got, intended, "", paths)
    paths = {p for p in paths if p and p != "<arguments>"}
    if not paths and isinstance(args, dict):  # last resort (black-box, no labels): fields the message names
        message = str(getattr(finding, "message", ""))
        paths = {key for key in args if re.search(rf"(?<!\w){re.escape(str(key))}(?!\w)", message)}
    return paths


def related(a: str, b: str) -> bool:
    """One path is the other or contains it (`address` ~ `address.postcode`)."""
    return a == b or a.startswith(b + ".") or b.startswith(a + ".")


def judge(entry: Entry, report: Any, seed: int, seconds: float) -> Run:
    run = Run(entry, seed, seconds)
    defect = entry.defect
    for f in report.findings:
        paths = fields_of(f)
        family = getattr(f, "family", "") or "-"
        line = f"{entry.id} seed={seed} [{f.check}] {getattr(f, 'kind', '?')} {family} fields={sorted(paths) or '-'}: {str(f.message)[:160]}"
        if getattr(f, "severity", "defect") == "advice":  # conventions, reported apart from defects
            run.advice.append(line)
            continue
        about = defect is not None and (any(related(p, defect.field) for p in paths) or defect.reader in str(getattr(f, "error", "") or ""))
        if not about:
            run.false.append(line)
        elif f.check in defect.checks or f.check not in MANIFEST_CHECKS:
            run.found_by.append(f.check)
            seen = getattr(f, "first_seen", None)
            if isinstance(seen, int) and (run.first_seen is None or seen < run.first_seen):
                run.first_seen = seen
        else:
            run.attributed.append(line)
    return run


def fuzz_entry(entry: Entry, seed: int, max_examples: int, blackbox: bool) -> Run:
    from pytest_aacl import fuzz

    start = time.perf_counter()
    try:
        kwargs = entry.fuzz_kwargs()
        if blackbox:
            kwargs.pop("implementation", None)
        report = fuzz(max_examples=max_examples, seed=seed, **kwargs)
    except Exception as exc:  # a fuzzer that cannot take the target is a result, not a crash
        run = Run(entry, seed, time.perf_counter() - start)
        run.error = f"{type(exc).__name__}: {str(exc)[:300]}"
        if not isinstance(exc, ValueError):
            run.error += " | " + "".join(traceback.format_exception(exc)[-2:]).strip()[:300]
        return run
    return judge(entry, report, seed, time.perf_counter() - start)


#: budgets tried by --estimate-first, smallest first
LADDER = (1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100)


def estimate_first(run: Run, max_examples: int, blackbox: bool) -> None:
    """For a fuzzer without `Finding.first_seen`: the smallest budget on `LADDER` at which the
    same seed and the checks that found the defect find it again.  An approximation (Hypothesis
    does not draw the same examples at every budget), reported as such."""
    from pytest_aacl import fuzz

    kwargs = run.entry.fuzz_kwargs()
    if blackbox:
        kwargs.pop("implementation", None)
    for budget in [n for n in LADDER if n < max_examples]:
        again = judge(run.entry, fuzz(max_examples=budget, seed=run.seed, checks=sorted(set(run.found_by)), **kwargs), run.seed, 0.0)
        if again.found_by:
            run.estimated_first = budget
            return
    run.estimated_first = max_examples


def _median_verdict(firsts: list[int], estimates: list[int]) -> str:
    if firsts:
        return "PASS" if statistics.median(firsts) <= 10 else "FAIL"
    if estimates:
        return ("PASS" if statistics.median(estimates) <= 10 else "FAIL") + " (estimated)"
    return "UNKNOWN"


def summary(runs: list[Run], seeds: list[int], max_examples: int, blackbox: bool, seconds: float) -> list[str]:
    defects = [r for r in runs if r.entry.defect is not None]
    controls = [r for r in runs if r.entry.defect is None]
    ids = list(dict.fromkeys(r.entry.id for r in defects))
    by_id = {i: [r for r in defects if r.entry.id == i] for i in ids}
    always = [i for i in ids if all(r.found_by for r in by_id[i])]
    ever = [i for i in ids if any(r.found_by for r in by_id[i])]
    firsts = [r.first_seen for r in defects if r.found_by and r.first_seen is not None]
    has_first = any(r.found_by for r in defects) and len(firsts) == sum(bool(r.found_by) for r in defects)
    fp_controls = sum(len(r.false) for r in controls)
    fp_defects = sum(len(r.false) for r in defects)
    errors = [r for r in runs if r.error]
    pct = 100 * len(always) / len(ids) if ids else 0.0
    out = [
        "",
        f"fuzzer benchmark: {len(ids)} defective layers, {len({r.entry.id for r in controls})} controls, "
        f"max_examples={max_examples} per check, seeds {seeds}, mode={'black-box' if blackbox else 'spy on implementation'}",
        f"found in every seed:  {len(always)}/{len(ids)} ({pct:.0f}%)   found in some seed: {len(ever)}/{len(ids)}",
        f"missed in every seed: {', '.join(i for i in ids if i not in ever) or '-'}",
        f"missed in some seed:  {', '.join(i for i in ever if i not in always) or '-'}",
    ]
    estimates = [r.estimated_first for r in defects if r.found_by and r.estimated_first is not None]
    if has_first:
        out.append(f"examples to first find: median {statistics.median(firsts):g}, max {max(firsts)} "
                   f"(Finding.first_seen, over {len(firsts)} found runs)")
    else:
        out.append("examples to first find: unavailable (this fuzzer's Finding has no first_seen)")
    if estimates:
        out.append(f"estimated budget to first find (--estimate-first, approximate): median {statistics.median(estimates):g}, "
                   f"max {max(estimates)} over {len(estimates)} found runs")
    out += [
        f"false positives: {fp_controls} finding(s) on controls, {fp_defects} unattributed finding(s) on defective layers",
        f"fuzzer errors: {len(errors)} run(s)" + (f" e.g. {errors[0].entry.id}: {errors[0].error[:200]}" if errors else ""),
        f"wall time: {seconds:.1f}s ({seconds / max(len(runs), 1):.1f}s per entry and seed; figures under load unless said otherwise)",
        f"targets: 100% found {'PASS' if pct == 100 else 'FAIL'}; median <= 10 "
        f"{_median_verdict(firsts if has_first else [], estimates)}; "
        f"0 findings on controls {'n/a (no control ran)' if not controls else 'PASS' if fp_controls == 0 and not any(r.error for r in controls) else 'FAIL'}",
    ]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    parser.add_argument("--max-examples", type=int, default=100)
    parser.add_argument("--only", default="", help="run only entries whose id contains this text")
    parser.add_argument("--blackbox", action="store_true", help="do not name implementations (defects marked blackbox only)")
    parser.add_argument("--quiet", action="store_true", help="no per-finding lines for false positives")
    parser.add_argument("--json", default="", help="also write every run to this file")
    parser.add_argument("--estimate-first", action="store_true",
                        help="without Finding.first_seen: rerun found defects at smaller budgets (slow, approximate)")
    args = parser.parse_args(argv)
    entries = [e for e in ENTRIES if args.only in e.id and (not args.blackbox or e.defect is None or e.defect.blackbox)]
    runs: list[Run] = []
    start = time.perf_counter()
    for entry in entries:
        for seed in args.seeds:
            run = fuzz_entry(entry, seed, args.max_examples, args.blackbox)
            if args.estimate_first and run.found_by and run.first_seen is None:
                estimate_first(run, args.max_examples, args.blackbox)
            runs.append(run)
            status = ("ERROR " + run.error[:120]) if run.error else (
                f"found by {','.join(sorted(set(run.found_by)))} first_seen={run.first_seen}"
                + (f" estimated_first={run.estimated_first}" if run.estimated_first is not None else "") if run.found_by
                else ("clean" if entry.defect is None and not run.false else "MISSED" if entry.defect else "FLAGGED"))
            print(f"{entry.id:42s} seed={seed} {run.seconds:5.1f}s  {status}  fp={len(run.false)}", flush=True)
            if not args.quiet:
                for line in run.false:
                    print(f"    FALSE POSITIVE {line}")
    for line in summary(runs, args.seeds, args.max_examples, args.blackbox, time.perf_counter() - start):
        print(line)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump([{"id": r.entry.id, "seed": r.seed, "seconds": round(r.seconds, 2), "found_by": r.found_by,
                        "first_seen": r.first_seen, "estimated_first": r.estimated_first, "attributed_other": r.attributed, "false_positives": r.false, "advice": r.advice,
                        "error": r.error} for r in runs], fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
