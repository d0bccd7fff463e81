"""How the random phase spreads its draws: families and mutation kinds over N draws.

    python pattern_validation/benchmarks/strategy_mix.py [N]

Prints, for the 5-field `search_web` contract, the share of each hallucination family
(per label), each invalid mutation kind and each adversarial payload kind, plus the size of
the deterministic coverage lists for the bundled tool schemas.  Not a speed benchmark: it
measures the mix that decides how many examples a single-field defect needs.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings

from pattern_validation.schemas import CREATE_JSON_SCHEMA, SEARCH_WEB_SCHEMA
from pytest_aacl import strategies as aacl


def _draws(strategy: Any, n: int) -> list[Any]:
    out: list[Any] = []

    @settings(max_examples=n, database=None, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def collect(value: Any) -> None:
        out.append(value)

    collect()
    return out


def _table(title: str, counts: Counter[str], total: int) -> None:
    print(f"\n{title} ({total} draws)")
    for name, count in counts.most_common():
        print(f"  {name:28s} {count:5d}  {100 * count / max(total, 1):5.1f} %")


def main(n: int = 1000) -> None:
    calls = _draws(aacl.hallucinated(SEARCH_WEB_SCHEMA), n)
    labels = Counter(label.family for call in calls for label in call.labels)
    _table("hallucinated: labels by family", labels, len(calls))
    _table("hallucinated: first label's family", Counter(call.labels[0].family for call in calls), len(calls))
    sizes = Counter(str(len(call.labels)) + " field(s)" for call in calls)
    _table("hallucinated: fields rendered per call", sizes, len(calls))
    for kind in ("invalid", "adversarial"):
        drawn = _draws(getattr(aacl, kind)(SEARCH_WEB_SCHEMA), n)
        _table(f"{kind}: mutation kinds", Counter(m.family for c in drawn for m in c.labels), len(drawn))
        _table(f"{kind}: fields", Counter(m.path.split(".")[0].split("[")[0] for c in drawn for m in c.labels), len(drawn))
    coverage = getattr(aacl, "coverage", None)
    if coverage is not None:
        print("\ncoverage list sizes")
        for name, schema in (("search_web", SEARCH_WEB_SCHEMA), ("create_json", CREATE_JSON_SCHEMA)):
            sizes_ = {kind: len(coverage(kind, schema)) for kind in ("conforming", "hallucinated", "invalid", "adversarial")}
            print(f"  {name:12s} {sizes_}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
