"""Per-call cost of a boundary-built tool against Pydantic `validate_call` and a bare call.

Run: `python pattern_validation/benchmarks/bench_boundary.py [--number N] [--repeat R]`.
The same 5-argument `search_web` is called with the same inputs three ways in one run:
bare (no validation; canonical inputs only), Pydantic `validate_call` (lax mode) and
`@boundary`.  Each figure is the best of R repeats of N calls, per call, in microseconds.
"""

from __future__ import annotations

import argparse
import math
import platform
import sys
import time
import timeit
from collections.abc import Callable
from typing import Annotated, Any, Literal

from annotated_types import Ge, Le
from pydantic import validate_call

from pytest_aacl._boundary import boundary


def search_web(
    query: str,
    max_results: Annotated[int, Ge(1), Le(20)] = 5,
    search_depth: Literal["basic", "advanced"] = "basic",
    include_domains: list[str] | None = None,
    safe_search: bool = True,
) -> int:
    """Search the web."""
    return max_results


CANONICAL: list[dict[str, Any]] = [
    {"query": "python asyncio", "max_results": 5, "search_depth": "basic", "include_domains": ["docs.python.org"], "safe_search": True},
    {"query": "rust borrow checker", "max_results": 10, "search_depth": "advanced", "include_domains": None, "safe_search": False},
    {"query": "weather paris", "max_results": 3, "search_depth": "basic", "include_domains": ["meteo.fr", "bbc.co.uk"], "safe_search": True},
    {"query": "llm tool calling", "max_results": 20, "search_depth": "advanced", "include_domains": [], "safe_search": True},
]

# Messy calls as models send them; every one normalises successfully with both libraries
# where Pydantic can read it at all (Pydantic's lax mode rejects several; see `accepted`).
HALLUCINATED: list[dict[str, Any]] = [
    {"query": "python asyncio", "max_results": "5", "search_depth": "basic", "include_domains": ["docs.python.org"], "safe_search": "true"},
    {"query": "rust borrow checker", "max_results": 10.0, "search_depth": "advanced", "include_domains": None, "safe_search": "yes"},
    {"query": "weather paris", "max_results": " 3 ", "search_depth": "basic", "include_domains": ["meteo.fr", "bbc.co.uk"], "safe_search": 1},
    {"query": "llm tool calling", "max_results": "20", "search_depth": "advanced", "include_domains": [], "safe_search": "off"},
]
MESSIER: list[dict[str, Any]] = [
    {"query": "python asyncio", "max_results": "05", "search_depth": " Basic", "include_domains": "docs.python.org", "safe_search": "Yes"},
    {"query": "rust borrow checker", "max_results": "ten", "search_depth": "ADVANCED", "include_domains": "null", "safe_search": "on"},
    {"query": "weather paris", "max_results": "3.0", "search_depth": '"basic"', "include_domains": "meteo.fr, bbc.co.uk", "safe_search": "1"},
    {"query": "llm tool calling", "maxResults": "20", "search_depth": "advanced", "include_domains": '["a.com", "b.com"]', "safe_search": "no"},
]


#: hostile 10,000-character texts (the longest the boundary parses) aimed at every field
ATTACKS: list[str] = [
    " " * 9990 + "x", "```" + " " * 9990 + "x```", "1," * 4999, "1" + ",000" * 2499, "[" * 9990,
    '{"a":' * 1999, "(" * 9000, "twenty " * 1400, "3/" * 4999, "1:" * 4999, "[" * 5000 + "]" * 5000,
    "a and " * 1999, " & " * 3000, "1e" + "9" * 9000, "٣" * 9999, "- a\n" * 2499, "x" * 1_000_000,
]


def worst_hostile_ms(tool: Any) -> float:
    """The slowest single call with one attack text in one field (a correction or a value)."""
    worst = 0.0
    for text in ATTACKS:
        for name in ("query", "max_results", "search_depth", "include_domains", "safe_search"):
            start = time.perf_counter()
            tool.invoke({"query": "q", name: text})
            worst = max(worst, time.perf_counter() - start)
    return worst * 1000


def _per_call(fns: list[Callable[..., Any]], inputs: list[dict[str, Any]], number: int, repeat: int) -> list[float]:
    """Best per-call time of each fn; the fns are timed in alternation, so a load spike
    on this shared machine hits all of them rather than biasing one ratio."""
    best = [math.inf] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            def run(fn: Callable[..., Any] = fn) -> None:
                for kwargs in inputs:
                    fn(**kwargs)

            best[i] = min(best[i], timeit.timeit(run, number=number))
    return [t / (number * len(inputs)) * 1e6 for t in best]


def accepted(fn: Callable[..., Any], inputs: list[dict[str, Any]]) -> bool:
    try:
        for kwargs in inputs:
            fn(**kwargs)
    except Exception:
        return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--number", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()

    aacl = boundary(search_web)
    pyd = validate_call(search_web)  # lax mode is Pydantic's default
    print(f"Python {platform.python_version()} ({sys.implementation.name}), pydantic validate_call lax mode")
    print(f"best of {args.repeat} x {args.number} rounds; microseconds per call\n")

    rows = [("canonical", CANONICAL), ("hallucinated", HALLUCINATED), ("messier (boundary only)", MESSIER)]
    print(f"{'inputs':<26}{'bare':>8}{'pydantic':>10}{'boundary':>10}{'boundary/pydantic':>19}")
    for label, inputs in rows:
        fns: list[Callable[..., Any]] = [aacl]
        if accepted(pyd, inputs):
            fns.append(pyd)
        if inputs is CANONICAL:
            fns.append(search_web)
        times = _per_call(fns, inputs, args.number, args.repeat)
        ours = times[0]
        theirs_text, ratio = ("rejects", "-") if pyd not in fns else (f"{times[1]:.2f}", f"{ours / times[1]:.2f}x")
        bare_text = f"{times[-1]:.2f}" if inputs is CANONICAL else "-"
        print(f"{label:<26}{bare_text:>8}{theirs_text:>10}{ours:>10.2f}{ratio:>19}")
    print(f"\nworst single hostile call ({len(ATTACKS)} attack texts x 5 fields): {worst_hostile_ms(aacl):.1f} ms")
    print("\ntargets: boundary/pydantic <= 1.00x on canonical, <= 1.50x on hallucinated")


if __name__ == "__main__":
    main()
