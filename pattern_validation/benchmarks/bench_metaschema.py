"""Checking a schema against its metaschema: the compiled check against jsonschema's validator.

Every JSON Schema a tool is imported from is checked against its draft's metaschema
(`pytest_aacl._specs._jsonschema`).  The check runs `_specs._metacheck`'s compiled closures
first and asks jsonschema only when they say "invalid"; this prints, per draft, the time
both take on the same documents (the real-world corpus, each read under every draft), the
ratio, and how many answers differ (must be 0).

    python pattern_validation/benchmarks/bench_metaschema.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def _best(check: Any, docs: list[Any], rounds: int) -> tuple[float, list[bool]]:
    best, answers = float("inf"), []
    for _ in range(rounds):
        start = time.perf_counter()
        answers = [check(d) for d in docs]
        best = min(best, time.perf_counter() - start)
    return best, answers


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds per tool; the best is kept")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from pytest_aacl._specs._jsonschema import _metavalidator, _valid_for

    corpus = sorted((ROOT / "pattern_validation" / "realworld" / "schemas").glob("*.json"))
    docs = [json.loads(p.read_text(encoding="utf-8")) for p in corpus]
    size = sum(p.stat().st_size for p in corpus) / 1e6
    print(f"{len(docs)} schemas ({size:.1f} MB) from the real-world corpus, best of {args.rounds} rounds")
    for draft in (4, 6, 7, 2019, 2020):
        fast, answers = _best(_valid_for(draft), docs, args.rounds)
        slow, reference = _best(_metavalidator(draft).is_valid, docs, args.rounds)
        differ = sum(a != b for a, b in zip(answers, reference, strict=True))
        print(f"  draft {draft}: compiled {fast:.2f} s, jsonschema {slow:.2f} s -> {slow / fast:.1f}x faster; "
              f"{sum(reference)} valid under it, {differ} answers differ")


if __name__ == "__main__":
    main()
