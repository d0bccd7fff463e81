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

    python pattern_validation/benchmarks/bench_strategies.py [--examples 300] [--repeat 3]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import hypothesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema
from pytest_aacl.strategies import hallucinated

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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"hypothesis {hypothesis.__version__}, {args.examples} examples per run, best of {args.repeat}")
    for name, schema in (("search_web (6 args)", SEARCH), ("book_hotel (nested)", BOOKING)):
        label, base = _baseline(schema)
        ours = _rate(hallucinated(schema), args.examples, args.repeat)
        theirs = _rate(base, args.examples, args.repeat)
        print(f"{name}: hallucinated {ours:,.0f}/s, baseline {theirs:,.0f}/s, "
              f"ratio {ours / theirs:.2f}x  [baseline: {label}]")


if __name__ == "__main__":
    main()
