"""Mutation score: an independent yardstick for `pytest_aacl.fuzz()` (issue 18, item 3).

* `_mutate`: a small AST mutator (one change a mutant, classic operators);
* `_differential`: the equivalence filter (original vs mutant on inputs of its own);
* `_score`: fuzz each mutant in a forked child, killed = a finding the original lacks;
* `manifest`: the layers and their TUNING / HELD-OUT split;
* `layers/`: argument normalisation vendored from third-party tool servers (with attribution).

Run it with `pattern_validation/benchmarks/bench_mutation.py`.
"""
