"""Throughput of `hallucinated(schema)` against hypothesis-jsonschema's `from_schema(schema)`.

Both run in this process on the same realistic schemas (a 6-argument search tool and a
nested booking tool), each drawn through a Hypothesis `@given` test so the engine
overhead is the same; the ratio is hallucinated / from_schema examples per second.

hypothesis-jsonschema 0.23.1 cannot generate objects with current Hypothesis (it calls
`many.more()`, which Hypothesis removed).  When that is the case here, the baseline is
hypothesis-jsonschema on each argument's schema, combined with `st.fixed_dictionaries`
(what from_schema would do for a flat object), and the output says so.  To measure
against the unmodified `from_schema`, run this file with an interpreter that has an
older Hypothesis (e.g. 6.130) and hypothesis-jsonschema installed.

The corpus comparison runs `conforming` here and hypothesis-jsonschema's `from_schema`
in a throwaway venv with a Hypothesis it works on (`hypothesis<6.131`, created once under
`~/.cache/pytest-aacl/bench-hjs-venv`), over hypothesis-jsonschema's own test schemas
(`shared/data/hypothesis-jsonschema-corpus`): 20 examples per schema, every example
validated with jsonschema and its format checker; the ratio is examples per second.

    python pattern_validation/benchmarks/bench_strategies.py [--examples 300] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
import warnings
from pathlib import Path
from typing import Any

import hypothesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema

CORPUS_EXAMPLES = 20

SEARCH = {
    "type": "object",
    "properties": {
        "query": {"type": "string", "minLength": 1, "maxLength": 200},
        "max_results": {"type": "integer", "minimum": 1, "maximum": 1000},
        "safe_search": {"type": "boolean"},
        "include_domains": {"type": "array", "items": {"type": "string", "format": "hostname"}, "maxItems": 5},
        "since": {"type": "string", "format": "date"},
        "time_range": {"type": "string", "enum": ["day", "week", "month", "year"]},
    },
    "required": ["query", "max_results"],
    "additionalProperties": False,
}

BOOKING = {
    "type": "object",
    "properties": {
        "hotel_id": {"type": "integer", "minimum": 1},
        "check_in": {"type": "string", "format": "date"},
        "nights": {"type": "integer", "minimum": 1, "maximum": 30},
        "guests": {
            "type": "array", "minItems": 1, "maxItems": 4,
            "items": {"type": "object", "properties": {
                "full_name": {"type": "string", "minLength": 1, "maxLength": 60},
                "age": {"type": "integer", "minimum": 0, "maximum": 120},
                "email": {"type": "string", "format": "email"}},
                "required": ["full_name"], "additionalProperties": False},
        },
        "room": {"type": "object", "properties": {
            "room_type": {"type": "string", "enum": ["single", "double", "suite"]},
            "smoking": {"type": "boolean"},
            "nightly_budget": {"type": "number", "minimum": 0, "maximum": 10000}},
            "required": ["room_type"], "additionalProperties": False},
    },
    "required": ["hotel_id", "check_in", "guests", "room"],
    "additionalProperties": False,
}


def _per_property(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    """from_schema on each argument, assembled like a flat object (the fallback baseline)."""
    props = schema["properties"]
    required = set(schema.get("required", ()))

    def leaf(sub: dict[str, Any]) -> st.SearchStrategy[Any]:
        if sub.get("type") == "object":
            return _per_property(sub)
        if sub.get("type") == "array" and sub.get("items", {}).get("type") == "object":
            bounds = {k: sub[k] for k in ("minItems", "maxItems") if k in sub}
            return st.lists(_per_property(sub["items"]), min_size=bounds.get("minItems", 0),
                            max_size=bounds.get("maxItems"))
        return from_schema(sub)

    return st.fixed_dictionaries({k: leaf(v) for k, v in props.items() if k in required},
                                 optional={k: leaf(v) for k, v in props.items() if k not in required})


def _baseline(schema: dict[str, Any]) -> tuple[str, st.SearchStrategy[Any]]:
    strategy = from_schema(schema)

    @settings(max_examples=3, database=None, phases=[Phase.generate])
    @given(strategy)
    def probe(_: Any) -> None:
        pass

    try:
        probe()
    except AttributeError as error:
        return f"from_schema per argument (whole-object from_schema fails here: {error})", _per_property(schema)
    return "from_schema(schema)", strategy


def _rate(strategy: st.SearchStrategy[Any], examples: int, repeat: int) -> float:
    """Best-of-`repeat` examples per second, one derandomized Hypothesis run each."""
    count = 0

    @settings(max_examples=examples, database=None, deadline=None, derandomize=True,
              phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(strategy)
    def run(_: Any) -> None:
        nonlocal count
        count += 1

    best = 0.0
    run()  # warm-up: strategy construction and caches
    for _ in range(repeat):
        count = 0
        start = time.perf_counter()
        run()
        best = max(best, count / (time.perf_counter() - start))
    return best


def _corpus_file() -> Path | None:
    here = Path(__file__).resolve().parents[2]
    for base in (here.parent / "shared", Path("/work/shared")):
        found = base / "data" / "hypothesis-jsonschema-corpus" / "schemas.jsonl"
        if found.is_file():
            return found
    return None


def corpus_run(path: Path, tool: str) -> dict[str, Any]:
    """Generate CORPUS_EXAMPLES per satisfiable corpus schema with `tool` ("conforming" or
    "from_schema"); counts, invalid examples and the total time (construction included)."""
    import jsonschema

    if tool == "conforming":
        from pytest_aacl.strategies import conforming as make
    else:
        make = from_schema
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    out = {"tool": tool, "hypothesis": hypothesis.__version__, "schemas": 0, "generated": 0,
           "examples": 0, "invalid": 0, "seconds": 0.0}
    for row in rows:
        if row["expect"] != "sat":
            continue
        out["schemas"] += 1
        schema = row["schema"]
        cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
        check = cls(schema, format_checker=cls.FORMAT_CHECKER).is_valid
        start = time.perf_counter()
        try:
            drawn = _examples(make(schema))
        except Exception:  # a refusal, a health check or a crash: nothing generated
            drawn = []
        out["seconds"] += time.perf_counter() - start
        bad = sum(1 for v in drawn if not _valid(check, v))
        out["invalid"] += bad
        out["examples"] += len(drawn) - bad
        out["generated"] += bool(drawn) and not bad
    return out


def _examples(strategy: st.SearchStrategy[Any]) -> list[Any]:
    drawn: list[Any] = []

    @settings(max_examples=CORPUS_EXAMPLES, database=None, deadline=None, derandomize=True,
              phases=[Phase.generate])
    @given(strategy)
    def run(value: Any) -> None:
        drawn.append(value)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        run()
    return drawn


def _valid(check: Any, value: Any) -> bool:
    try:
        return bool(check(value))
    except OverflowError:  # jsonschema cannot check it (e.g. a 1e308 multipleOf): not valid
        return False


def _baseline_python() -> Path:
    """A venv where hypothesis-jsonschema works (Hypothesis before `many.more()` went)."""
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "pytest-aacl" / "bench-hjs-venv"
    python = cache / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(cache)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "hypothesis>=6.100,<6.131",
                        "hypothesis-jsonschema==0.23.1", "jsonschema[format-nongpl]>=4.18"], check=True)
    return python


def _corpus_report() -> None:
    path = _corpus_file()
    if path is None:
        print("corpus: shared/data/hypothesis-jsonschema-corpus not found; skipped")
        return
    ours = corpus_run(path, "conforming")
    done = subprocess.run([str(_baseline_python()), __file__, "--baseline-corpus", str(path)],
                          check=True, capture_output=True, text=True)
    theirs = json.loads(done.stdout.strip().splitlines()[-1])
    for r in (ours, theirs):
        print(f"corpus {r['tool']} (hypothesis {r['hypothesis']}): {r['generated']}/{r['schemas']} schemas, "
              f"{r['invalid']} invalid, {r['examples']} valid examples in {r['seconds']:.1f}s = "
              f"{r['examples'] / r['seconds']:,.0f}/s")
    print(f"corpus ratio conforming / from_schema: schemas {ours['generated'] / theirs['generated']:.2f}x, "
          f"examples per second {(ours['examples'] / ours['seconds']) / (theirs['examples'] / theirs['seconds']):.2f}x")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--corpus-only", action="store_true")
    parser.add_argument("--baseline-corpus", help=argparse.SUPPRESS)  # run inside the baseline venv
    args = parser.parse_args(argv)
    if args.baseline_corpus:
        print(json.dumps(corpus_run(Path(args.baseline_corpus), "from_schema")))
        return
    _corpus_report()
    if args.corpus_only:
        return
    from pytest_aacl.strategies import hallucinated

    print(f"hypothesis {hypothesis.__version__}, {args.examples} examples per run, best of {args.repeat}")
    for name, schema in (("search_web (6 args)", SEARCH), ("book_hotel (nested)", BOOKING)):
        label, base = _baseline(schema)
        ours = _rate(hallucinated(schema), args.examples, args.repeat)
        theirs = _rate(base, args.examples, args.repeat)
        print(f"{name}: hallucinated {ours:,.0f}/s, baseline {theirs:,.0f}/s, "
              f"ratio {ours / theirs:.2f}x  [baseline: {label}]")


if __name__ == "__main__":
    main()
