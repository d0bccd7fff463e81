"""`conforming(schema)` on real-world configuration schemas, against hypothesis-jsonschema.

    python pattern_validation/benchmarks/bench_conforming.py [--examples 10] [--timeout 10]

The corpus is `pattern_validation/realworld/` (schemas shipped inside PyPI packages; see
its manifest).  Each schema is run with each tool: `conforming` here; hypothesis-
jsonschema 0.23.1's `from_schema` under the Hypothesis installed here (it calls
`many().more()`, which current Hypothesis removed, so on object schemas it fails: those
failures are printed as what they are); and `from_schema` in a venv pinned to a Hypothesis
before that removal (built once under ~/.cache), the baseline the ratio is taken against.

Per schema: `generated` (every example valid under the schema's own draft validator with
its format checker), `refused` (one `InvalidArgument` at construction), `crashed` (any
other error, a health check, `Unsatisfiable`, or no example in `--timeout` seconds),
`invalid` (an example the validator rejects).  Time to first example includes building
the strategy.  Printed per split: counts, first-example median and p95, the share under
1 s (of all, and of those that generate), and conforming / from_schema on the schemas both
generate; then, over the whole corpus, how many schemas get an example, or a refusal, within
1 s (the speed a user meets either way).

`conforming` gets `registry=`: the other schemas the same package ships, by their `$id`,
as a user with such a catalog would pass it (remote `$ref`s between them resolve);
`--no-registry` leaves it out.  The validator gets the same registry.
"""

from __future__ import annotations

import argparse
import json
import posixpath
import signal
import statistics
import subprocess
import sys
import time
import warnings
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


class _Timeout(BaseException):
    """Raised by the alarm; a BaseException so Hypothesis does not treat it as a failure."""


def _alarm(_signum: int, _frame: Any) -> None:
    raise _Timeout


def run_one(tool: str, schema: Any, examples: int, timeout: float,
            siblings: list[tuple[str, Any]] = ()) -> dict[str, Any]:
    """One schema through one tool: the outcome, seconds to the first example, a message.
    `siblings` are the other schemas its package ships, `(file name, schema)`, given to
    `conforming` as the `referencing.Registry` a user would pass (from_schema has none)."""
    import jsonschema
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis.errors import InvalidArgument

    if tool == "conforming":
        from pytest_aacl.strategies import conforming as make
    else:
        from hypothesis_jsonschema import from_schema as make
    from pattern_validation.realworld import validator

    registry = _registry(schema, siblings) if siblings and isinstance(schema, dict) else None
    check = validator(schema, registry)
    drawn: list[Any] = []
    first: list[float] = []
    start = time.perf_counter()
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout, 0.25)  # re-fires: an alarm met in a gc callback is lost
    try:
        try:
            strategy = make(schema, registry=registry) if registry is not None and tool == "conforming" else make(schema)
        except InvalidArgument as err:
            return {"outcome": "refused", "first": None, "answered": time.perf_counter() - start,
                    "message": str(err)[:300]}

        @settings(max_examples=examples, database=None, deadline=None, derandomize=True,
                  phases=[Phase.generate], suppress_health_check=[HealthCheck.differing_executors])
        @given(strategy)
        def draw(value: Any) -> None:
            if not first:
                first.append(time.perf_counter() - start)
            drawn.append(value)

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            draw()
    except _Timeout:
        if not drawn:
            return {"outcome": "crashed", "first": None, "message": f"no example in {timeout:g} s"}
    except (Exception, RecursionError) as err:  # a crash is what is being counted
        if not drawn:
            return {"outcome": "crashed", "first": None, "message": f"{type(err).__name__}: {str(err)[:200]}"}
    finally:
        while True:  # the re-firing alarm may land here too, before it is switched off
            try:
                signal.setitimer(signal.ITIMER_REAL, 0)
                break
            except _Timeout:
                continue
    bad = []
    for value in drawn:
        try:
            ok = check.is_valid(value)
        except Exception as err:  # the validator cannot evaluate it: not counted as valid
            ok, value = False, f"{type(err).__name__}: {err}"
        if not ok:
            bad.append(value)
    if not drawn:  # Hypothesis ended without an example and without an error
        return {"outcome": "crashed", "first": None, "message": "no example drawn"}
    if bad:
        best = jsonschema.exceptions.best_match(check.iter_errors(bad[0])) if not isinstance(bad[0], str) else None
        why = best.message[:160] if best is not None else str(bad[0])[:160]
        return {"outcome": "invalid", "first": first[0], "message": f"{len(bad)}/{len(drawn)} invalid: {why}"}
    return {"outcome": "generated", "first": first[0], "message": f"{len(drawn)} valid"}


def _registry(schema: Any, siblings: list[tuple[str, Any]]) -> Any:
    """The sibling schemas under their `$id`s and under their paths relative to `schema`'s
    own `$id` (a remote `$ref` names its target by either: cyclonedx renames its files)."""
    from urllib.parse import urljoin

    from jsonschema_specifications import REGISTRY as PUBLISHED
    from referencing import Registry
    from referencing.jsonschema import DRAFT202012, specification_with

    here = str(schema.get("$id", schema.get("id", "")))
    registry = Registry()
    for filename, sibling in siblings:
        spec = specification_with(sibling.get("$schema", ""), default=DRAFT202012)
        resource = spec.create_resource(sibling)
        own = sibling.get("$id", sibling.get("id"))
        for uri in {own.split("#")[0] if isinstance(own, str) else "", urljoin(here, filename)}:
            # cloudformation-cli's meta-schema.json claims the draft-07 metaschema's $id
            if uri and uri not in registry and uri.replace("https://", "http://", 1) not in PUBLISHED:
                registry = registry.with_resource(uri, resource)
    return registry


def run_all(tool: str, jobs: list[dict[str, Any]], examples: int, timeout: float) -> list[dict[str, Any]]:
    """`jobs` are `{"name", "path"}`; a warm-up run first so imports are not timed."""
    run_one(tool, {"type": "object", "properties": {"a": {"type": "integer"}}}, 2, 60)
    out = []
    for job in jobs:
        schema = json.loads(Path(job["path"]).read_text(encoding="utf-8"))
        siblings = [(name, json.loads(Path(path).read_text(encoding="utf-8")))
                    for name, path in job.get("siblings", [])]
        out.append({"name": job["name"], **run_one(tool, schema, examples, timeout, siblings)})
    return out


def _baseline_python() -> Path:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_strategies import _baseline_python as python  # the same pinned venv

    return python()


def _summary(rows: list[dict[str, Any]]) -> str:
    counts = {k: sum(r["outcome"] == k for r in rows) for k in ("generated", "refused", "crashed", "invalid")}
    times = sorted(r["first"] for r in rows if r["outcome"] == "generated")
    n = len(rows)
    if times:
        p95 = times[min(len(times) - 1, max(0, round(0.95 * len(times)) - 1))]
        timing = (f"first example median {statistics.median(times):.3f} s, p95 {p95:.3f} s, "
                  f"under 1 s: {sum(t < 1 for t in times)}/{n} of all")
        timing += f", {sum(t < 1 for t in times)}/{len(times)} of those generated"
    else:
        timing = "no example"
    return (f"{counts['generated']}/{n} generated ({counts['generated'] / n:.0%}), {counts['refused']} refused, "
            f"{counts['crashed']} crashed, {counts['invalid']} invalid; {timing}")


def _ratio(ours: list[dict[str, Any]], theirs: list[dict[str, Any]]) -> str:
    by_name = {r["name"]: r for r in theirs}
    pairs = [(r["first"], by_name[r["name"]]["first"]) for r in ours
             if r["outcome"] == "generated" and by_name.get(r["name"], {}).get("outcome") == "generated"]
    if not pairs:
        return "no schema generated by both"
    ratios = sorted(a / b for a, b in pairs)
    return (f"on the {len(pairs)} schemas both generate: first-example time conforming / from_schema "
            f"median {statistics.median(ratios):.2f}x (totals {sum(a for a, _ in pairs):.2f} s / "
            f"{sum(b for _, b in pairs):.2f} s)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=10)
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per schema and tool")
    parser.add_argument("--split", choices=("tuning", "held-out"), help="one split only")
    parser.add_argument("--batch", type=int, help="one batch of the corpus only (see its manifest)")
    parser.add_argument("--no-registry", action="store_true",
                        help="do not pass conforming the registry of the schemas the same package ships")
    parser.add_argument("--no-baseline", action="store_true", help="conforming only")
    parser.add_argument("--details", action="store_true", help="one line per schema")
    parser.add_argument("--only", metavar="TEXT", help="only the schemas whose name contains TEXT")
    parser.add_argument("--json", help="write every row to this file")
    parser.add_argument("--worker", help=argparse.SUPPRESS)  # TOOL: read jobs on stdin, print rows
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    if args.worker:
        print(json.dumps(run_all(args.worker, json.load(sys.stdin), args.examples, args.timeout)))
        return
    import hypothesis

    from pattern_validation.realworld import entries, load, source

    jobs, skipped = [], []
    shipped: dict[str, list[dict[str, Any]]] = {}  # package -> its schemas that can be read
    for entry in entries(references=True):
        if source(entry) is not None:
            shipped.setdefault(entry["package"], []).append(entry)
    for entry in entries(args.split):
        if (args.batch is not None and entry["batch"] != args.batch) or (args.only and args.only not in entry["name"]):
            continue
        _schema, why = load(entry)
        if why:
            skipped.append(f"{entry['name']}: {why}")
        else:
            # each sibling under its path relative to this schema's file: a `$ref` with no
            # `$id` to resolve against names its target so (swagger 1.2, kubernetes)
            here = posixpath.dirname(entry["path"])
            siblings = [] if args.no_registry else [
                (posixpath.relpath(e["path"], here or "."), str(source(e)))
                for e in shipped[entry["package"]] if e["name"] != entry["name"]]
            jobs.append({"name": entry["name"], "path": str(source(entry)), "split": entry["split"],
                         "batch": entry["batch"], "siblings": siblings})
    for line in skipped:
        print(f"skipped {line}")
    results: dict[str, list[dict[str, Any]]] = {
        "conforming": run_all("conforming", jobs, args.examples, args.timeout)}
    labels = {"conforming": f"conforming (hypothesis {hypothesis.__version__})"}
    if not args.no_baseline:
        for tool, python in (("from_schema-here", Path(sys.executable)), ("from_schema", _baseline_python())):
            done = subprocess.run([str(python), __file__, "--worker", "from_schema", "--examples",
                                   str(args.examples), "--timeout", str(args.timeout)],
                                  input=json.dumps(jobs), capture_output=True, text=True, check=True)
            results[tool] = json.loads(done.stdout.strip().splitlines()[-1])
            version = subprocess.run([str(python), "-c", "import hypothesis; print(hypothesis.__version__)"],
                                     capture_output=True, text=True, check=True).stdout.strip()
            labels[tool] = f"hypothesis-jsonschema from_schema (hypothesis {version})"
    split_of = {j["name"]: j["split"] for j in jobs}
    batch_of = {j["name"]: j["batch"] for j in jobs}
    for split in ("tuning", "held-out"):
        names = {n for n, s in split_of.items() if s == split}
        if not names:
            continue
        print(f"== {split} split: {len(names)} schemas, {args.examples} examples each, timeout {args.timeout:g} s")
        for tool, rows in results.items():
            print(f"  {labels[tool]}: {_summary([r for r in rows if r['name'] in names])}")
        if "from_schema" in results:
            mine = [r for r in results["conforming"] if r["name"] in names]
            print(f"  {_ratio(mine, results['from_schema'])}")
        batches = sorted({j["batch"] for j in jobs if j["name"] in names})
        for batch in batches if len(batches) > 1 else ():
            rows = [r for r in results["conforming"] if r["name"] in names and batch_of[r["name"]] == batch]
            print(f"    batch {batch}: conforming {_summary(rows)}")
    rows = results["conforming"]
    generated = [r["first"] for r in rows if r["outcome"] == "generated"]
    answered = [r["first"] if r["first"] is not None else r.get("answered") for r in rows]
    print(f"== whole corpus, conforming: first example within 1 s for {sum(t < 1 for t in generated)} of the "
          f"{len(generated)} schemas that generate ({sum(t < 1 for t in generated) / max(1, len(generated)):.1%}); "
          f"an example or a refusal within 1 s for {sum(t is not None and t < 1 for t in answered)}/{len(rows)}")
    if args.details:
        for tool, rows in results.items():
            for r in rows:
                first = f"{r['first']:.3f}s" if r["first"] is not None else "-"
                print(f"{tool:>16} {split_of[r['name']]:>8} {r['outcome']:>9} {first:>7} {r['name']}: {r['message']}")
    if args.json:
        Path(args.json).write_text(json.dumps({"labels": labels, "splits": split_of, "results": results}, indent=1))


if __name__ == "__main__":
    main()
