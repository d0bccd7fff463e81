"""Boundary cost against pydantic and msgspec, at every size, as ratios taken in one run.

Run: `python pattern_validation/benchmarks/bench_scaling.py [--quick]`.
Peers: pydantic `TypeAdapter(TypedDict).validate_python` (lax), pydantic `validate_call`
(lax) and msgspec `convert(strict=False)`; a missing peer is skipped with a note.
Rows: the 5-field search tool (canonical and LLM-style, each calling the function with
the arguments dict as an agent loop has it: `tool.invoke(args)`, `fn(**adapter(args))`),
5/20/100/300 flat fields, nesting depth 1/3/6 and lists of 10/1,000/100,000 integers
and 100,000 strings (validation only; `validate_call` includes a trivial call).  Each figure is the best of
R repeats, the contenders timed in alternation so a load spike hits all of them.
Canonical lists of simple items are scanned in C when `pytest_aacl._speedups` was built
(run with AACL_PURE_PYTHON=1 to measure the pure-Python fallback in the same way).
Targets (issue 9): canonical <= 1.0x TypeAdapter, LLM-style <= 1.5x TypeAdapter, per-field
cost flat (300 fields within 1.2x of 5 per field), list items <= 1.0x pydantic per item.
"""

from __future__ import annotations

import argparse
import math
import platform
import timeit
from collections.abc import Callable
from typing import Annotated, Any, Literal

from annotated_types import Ge, Le
from bench_boundary import CANONICAL, search_web  # the same tool and calls as bench_boundary.py
from pydantic import TypeAdapter, validate_call
from typing_extensions import TypedDict

from pytest_aacl._boundary import boundary
from pytest_aacl._normalise import _bulk

try:
    import msgspec
except ImportError:  # pragma: no cover - the `test` extra installs it
    msgspec = None


class Search(TypedDict, total=False):
    query: str
    max_results: Annotated[int, Ge(1), Le(20)]
    search_depth: Literal["basic", "advanced"]
    include_domains: list[str] | None
    safe_search: bool


#: as models send them: numbers and booleans as text (what every peer's lax mode also reads)
LLM_STYLE: list[dict[str, Any]] = [
    {"query": "python asyncio", "max_results": "5", "search_depth": "basic", "include_domains": ["docs.python.org"], "safe_search": "true"},
    {"query": "rust borrow checker", "max_results": "10", "search_depth": "advanced", "include_domains": None, "safe_search": "false"},
    {"query": "weather paris", "max_results": "3", "search_depth": "basic", "include_domains": ["meteo.fr", "bbc.co.uk"], "safe_search": "yes"},
    {"query": "llm tool calling", "max_results": "20", "search_depth": "advanced", "include_domains": [], "safe_search": 1},
]


def _best(fns: dict[str, Callable[[], Any]], number: int, repeat: int) -> dict[str, float]:
    best = dict.fromkeys(fns, math.inf)
    for _ in range(repeat):
        for name, fn in fns.items():
            best[name] = min(best[name], timeit.timeit(fn, number=max(1, number)) / max(1, number))
    return best


def _accepts(fn: Callable[[], Any]) -> bool:
    try:
        fn()
    except Exception:
        return False
    return True


def _flat(n: int) -> tuple[Any, Callable[..., Any], dict[str, Any]]:
    kinds = [(str, "text"), (int, 7), (bool, True)]
    fields = {f"field_{i}": kinds[i % 3] for i in range(n)}
    td = TypedDict(f"Flat{n}", {name: kind for name, (kind, _) in fields.items()})  # type: ignore[operator]
    ns: dict[str, Any] = {}
    exec(f"def flat({', '.join(fields)}):\n    'Flat.'\n", ns)  # a signature of n parameters
    ns["flat"].__annotations__ = {name: kind for name, (kind, _) in fields.items()} | {"return": None}
    return td, ns["flat"], {name: value for name, (_, value) in fields.items()}


def _nested(depth: int) -> tuple[Any, Callable[..., Any], dict[str, Any]]:
    """Arguments holding `depth` nested objects, one inside the other."""
    td: Any = TypedDict("Leaf", {"a": str, "b": int, "c": bool})  # type: ignore[operator]
    value: dict[str, Any] = {"a": "x", "b": 1, "c": True}
    for level in range(depth - 1):
        td = TypedDict(f"Level{level}", {"a": str, "b": int, "child": td})  # type: ignore[operator]  # noqa: UP013
        value = {"a": "x", "b": 1, "child": value}
    def nested(a: str, b: int, child: Any) -> None:
        """Nested."""

    nested.__annotations__ = {"a": str, "b": int, "child": td, "return": None}
    return TypedDict("Root", {"a": str, "b": int, "child": td}), nested, {"a": "x", "b": 1, "child": value}  # type: ignore[operator]


def _items(n: int, kind: type = int) -> tuple[Any, Callable[..., Any], dict[str, Any]]:
    def items(values: list[kind]) -> None:  # type: ignore[valid-type]
        """Items."""

    items.__annotations__ = {"values": list[kind], "return": None}
    values = list(range(n)) if kind is int else [f"item {i}" for i in range(n)]
    return TypedDict("Items", {"values": list[kind]}), items, {"values": values}  # type: ignore[operator,valid-type]


def _row(label: str, td: Any, fn: Callable[..., Any], args: dict[str, Any], number: int, repeat: int, per: int = 1) -> dict[str, float]:
    """Validation only: boundary normalise_json, TypeAdapter, msgspec; validate_call calls."""
    tool = boundary(fn)
    ta = TypeAdapter(td)
    vc = validate_call(fn)
    fns: dict[str, Callable[[], Any]] = {
        "boundary": lambda: tool.normalise_json(args),
        "TypeAdapter": lambda: ta.validate_python(args),
        "validate_call": lambda: vc(**args),
    }
    if msgspec is not None:
        fns["msgspec"] = lambda: msgspec.convert(args, td, strict=False)
    assert tool.normalise_json(args) is args  # canonical input comes back as the same object
    times = _best(fns, number, repeat)
    _print(label, times, per)
    return times


def _print(label: str, times: dict[str, float], per: int) -> None:
    ours = times["boundary"]
    ns = ours / per * 1e9
    cells = [f"{ns:>10.1f}" if ns < 10 else f"{ns:>10.0f}"]
    for peer in ("TypeAdapter", "validate_call", "msgspec"):
        cells.append(f"{ours / times[peer]:>8.2f}x" if peer in times else f"{'-':>9}")
    print(f"{label:<34}" + "".join(cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds (a smoke run)")
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()
    scale = 10 if args.quick else 1
    repeat = 2 if args.quick else args.repeat
    print(f"Python {platform.python_version()}; best of {repeat}; the boundary's ns per unit, then boundary/peer ratios")
    print("C list scanners (pytest_aacl._speedups): " + ("in use" if _bulk.available() else "not in use (pure Python; AACL_PURE_PYTHON set or no compiler at install)"))
    if msgspec is None:
        print("note: msgspec is not installed; its column is skipped (pip install msgspec)")
    print(f"\n{'case (unit)':<34}{'ns/unit':>10}{'/TypeAd':>9}{'/val_call':>9}{'/msgspec':>9}")

    tool, ta, vc = boundary(search_web), TypeAdapter(Search), validate_call(search_web)
    for label, inputs in (("search tool, canonical (call)", CANONICAL), ("search tool, LLM-style (call)", LLM_STYLE)):
        fns: dict[str, Callable[[], Any]] = {"boundary": lambda inputs=inputs: [tool.invoke(a) for a in inputs]}
        peers: dict[str, Callable[[], Any]] = {
            "TypeAdapter": lambda inputs=inputs: [search_web(**ta.validate_python(a)) for a in inputs],
            "validate_call": lambda inputs=inputs: [vc(**a) for a in inputs],
        }
        if msgspec is not None:
            peers["msgspec"] = lambda inputs=inputs: [search_web(**msgspec.convert(a, Search, strict=False)) for a in inputs]
        fns.update({name: fn for name, fn in peers.items() if _accepts(fn)})
        _print(label, _best(fns, 5_000 // scale, repeat), len(inputs))
        refused = [name for name, fn in peers.items() if name not in fns]
        if refused:
            print(f"{'':<4}(refused by {', '.join(refused)}: no ratio)")

    per_field: dict[int, float] = {}
    for n in (5, 20, 100, 300):
        td, fn, value = _flat(n)
        times = _row(f"flat, {n} fields (field)", td, fn, value, max(100, 20_000 // n) // scale, repeat, per=n)
        per_field[n] = times["boundary"] / n
    for depth in (1, 3, 6):
        td, fn, value = _nested(depth)
        _row(f"nesting depth {depth} (call)", td, fn, value, 10_000 // scale, repeat)
    list_ratio: dict[int, float] = {}
    for n in (10, 1_000, 100_000):
        td, fn, value = _items(n)
        times = _row(f"list[int] of {n:,} (item)", td, fn, value, max(3, 100_000 // n) // scale, 3 * repeat, per=n)
        list_ratio[n] = times["boundary"] / times["TypeAdapter"]
    td, fn, value = _items(100_000, str)
    _row("list[str] of 100,000 (item)", td, fn, value, max(1, 3 // scale), 3 * repeat, per=100_000)
    print(f"\nper-field cost, 300 fields / 5 fields: {per_field[300] / per_field[5]:.2f}x (target <= 1.20x)")
    print(f"list items vs TypeAdapter at 100,000: {list_ratio[100_000]:.2f}x (target <= 1.00x)")


if __name__ == "__main__":
    main()
