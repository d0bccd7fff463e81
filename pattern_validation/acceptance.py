"""What happens to the values a model means: delivered, corrected, corrupted or crashed.

The checks say whether a version has defects; this says what a model experiences.  For
the same hallucinated renderings (drawn with the same seed for every version), each call
ends in one of four ways: the implementation receives exactly the intended value; a
correction asks the model to retry; a different value reaches the implementation with no
error (silent corruption); or something else escapes.  A version that is safe only
because it rejects most renderings costs the model a retry each time.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from pytest_aacl import Call
from pytest_aacl._jsonvalue import comparable
from pytest_aacl._oracle import compare_arguments
from pytest_aacl._targets import Target, resolve

OUTCOMES = ("delivered exactly", "corrected (retry)", "silently corrupted", "crashed")


def measure(entry: dict[str, Any], examples: int, seed: int) -> Counter[str]:
    """Send `examples` hallucinated calls to one tool version and count the outcomes."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hseed
    from pytest_aacl.strategies import hallucinated

    how = dict(entry)
    [target] = resolve(how.pop("target"), **how)
    counts: Counter[str] = Counter()

    @settings(max_examples=examples, phases=[Phase.generate], database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(hallucinated(target.spec))
    def sample(example: Any) -> None:
        counts[_outcome(target.call(example.args), example.intended, target)] += 1

    with target.session():
        hseed(seed)(sample)()
    target.close()
    return counts


def _outcome(call: Call, intended: dict[str, Any], target: Target) -> str:
    if call.outcome in ("escaped", "timeout"):
        return "crashed"
    if not call.received:
        return "corrected (retry)"
    got = comparable(target.spec.to_json(dict(call.received[0])))
    same = compare_arguments(got, intended, target.spec.parameters, defaults=target.defaults) is None
    return "delivered exactly" if same else "silently corrupted"


def percentages(counts: Counter[str]) -> list[str]:
    total = sum(counts.values()) or 1
    return [f"{100 * counts[o] / total:.0f}%" for o in OUTCOMES]
