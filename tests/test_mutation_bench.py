"""The mutation benchmark's parts: the mutator, the kill rule, the equivalence filter, the split."""

from __future__ import annotations

import ast
import functools
import importlib
import inspect
import re
import sys

import pytest

from pattern_validation.mutation._mutate import mutants
from pattern_validation.mutation._score import (
    STRICTER,
    classify,
    finding_keys,
    load_source,
    source_of,
)
from pattern_validation.mutation.manifest import HELD_OUT, LAYERS, TUNING

TINY = '''
def parse_flag(value, default="no"):
    """doc"""
    text = value.strip().lower()
    if text in ("yes", "on"):
        return True
    return int(text) > 0
'''


def test_the_mutator_makes_the_expected_mutants_of_a_tiny_function() -> None:
    got = [(m.operator, m.original, m.mutated) for m in mutants(TINY)]
    assert got == [
        ("const", "'no'", "''"),
        ("call", "value.strip().lower()", "value.strip()"),
        ("call", "value.strip()", "value"),
        ("branch", "if text in ('yes', 'on'): return True", "if text in ('yes', 'on'): pass"),
        ("compare", "text in ('yes', 'on')", "text not in ('yes', 'on')"),
        ("member", "text in ('yes', 'on')", "text in ('on',)"),
        ("member", "text in ('yes', 'on')", "text in ('yes',)"),
        ("const", "'yes'", "''"),
        ("const", "'on'", "''"),
        ("return", "return True", "return None"),
        ("const", "True", "False"),
        ("return", "return int(text) > 0", "return None"),
        ("compare", "int(text) > 0", "int(text) >= 0"),
        ("const", "0", "1"),
        ("const", "0", "-1"),
    ]
    # each mutant is the whole module with exactly that one change, and it compiles
    third = mutants(TINY)[2]
    assert "text = value.lower()" in third.source and "value.strip()" not in third.source
    for m in mutants(TINY):
        compile(m.source, "<mutant>", "exec")


def test_the_contract_and_the_implementation_are_never_mutated() -> None:
    layer = LAYERS["arxiv_paper_id"]
    written = source_of(layer)
    touched = {m.line for m in mutants(written, layer.exclude)}
    tree = ast.parse(written)
    for node in tree.body:
        name = getattr(node, "name", None) or getattr(getattr(node, "targets", [None])[0], "id", None)
        if name in ("SCHEMA", "EXAMPLE", "download_paper_impl"):
            assert not touched & set(range(node.lineno, node.end_lineno + 1)), name


@functools.cache
def _classified(layer_name: str) -> list:
    return classify(LAYERS[layer_name])[1]


def _mutant(layer_name: str, original: str, mutated: str) -> tuple:
    """The first mutant of the layer making that change, with its differential witness."""
    hits = [(m, w) for m, w in _classified(layer_name) if m.original == original and m.mutated == mutated]
    assert hits, [m.label for m, _ in _classified(layer_name)]
    return hits[0]


def test_a_planted_bad_mutant_is_killed_and_the_original_is_its_baseline() -> None:
    """The refusal of an unreadable arXiv id removed: the fuzzer finds what the original lacks."""
    layer = LAYERS["arxiv_paper_id"]
    mutant, witness = _mutant("arxiv_paper_id", "raise ValueError(f'Invalid arXiv paper ID: {paper_id!r}')", "pass")
    assert witness is not None and "download_paper(" in witness and not witness.startswith(STRICTER)
    original = ast.unparse(ast.parse(source_of(layer)))
    with load_source(layer, original, "test-orig") as module:
        base = finding_keys(module, layer, seed=0, budget=10, checks=["rejects_invalid"])
    with load_source(layer, mutant.source, "test-mut") as module:
        keys = finding_keys(module, layer, seed=0, budget=10, checks=["rejects_invalid"])
    assert keys - base, (sorted(base), sorted(keys))
    assert not [name for name in sys.modules if "_aacl_mutant_" in name]  # nothing left behind


def test_an_equivalent_mutant_is_classified_as_such() -> None:
    """`convert_time` never uses `load_zoneinfo`'s return value: returning None instead is
    equivalent.  Emptying the HH:MM format is not (every valid time is then refused).
    Refusing every known zone is not either; it refuses valid calls, which is a defect, so it
    is not marked "stricter".  Keeping the spaces after an `arxiv:` prefix only refuses more
    (such an id never matched the schema's pattern): that one is stricter."""
    _, witness = _mutant("time_convert", "return zone", "return None")
    assert witness is None
    _, witness = _mutant("time_convert", "'%H:%M'", "''")  # refuses "16:30", delivers ""
    assert witness is not None and "'time': '16:30'" in witness and not witness.startswith(STRICTER)
    _, witness = _mutant("time_convert", "timezone_name not in known_timezones()", "timezone_name in known_timezones()")
    assert witness is not None and not witness.startswith(STRICTER)
    _, witness = _mutant("arxiv_paper_id", "_PREFIX_RE.sub('', value).strip()", "_PREFIX_RE.sub('', value)")
    assert witness is not None and witness.startswith(STRICTER)


def test_a_crash_is_never_stricter() -> None:
    """Without its `else: return []`, the reminders parser reaches `len()` of an unbound name
    on `reminders=True`: an UnboundLocalError is a crash, not a correction."""
    from pattern_validation.mutation._differential import behaviours
    from pattern_validation.mutation._score import _witness
    from pattern_validation.mutation.manifest import resolve

    layer = LAYERS["ws_calendar_events"]  # one mutant's witness, not the layer's 152 (that takes minutes)
    written = source_of(layer)
    mutant = next(m for m in mutants(written, layer.exclude)
                  if m.mutated == "if isinstance(reminders_input, list): reminders = reminders_input")
    tool = layer.tools[0]
    with load_source(layer, ast.unparse(ast.parse(written)), "crash-orig") as module:
        calls = [{**resolve(module, tool.example), "reminders": value} for value in (True, 5, [], None)]
        expected = [behaviours(module, tool.function, tool.implementation, calls)]
    witness = _witness(layer, mutant, [(tool, calls)], expected)
    assert witness is not None and "UnboundLocalError" in witness and not witness.startswith(STRICTER)


def test_a_mutant_that_hangs_on_every_call_is_given_up_on_after_three(monkeypatch: pytest.MonkeyPatch) -> None:
    """database-mcp-core's `_first_word` with its index never advanced looped on every call:
    2 s each, up to 10,000 calls a tool, and the ninth split's blind run never ended."""
    import types

    from pattern_validation.mutation import _differential

    monkeypatch.setattr(_differential, "CALL_SECONDS", 0.05)
    module = types.ModuleType("looping")
    exec("def backend(**kw):\n    pass\n\ndef tool(n):\n    while True:\n        pass\n", module.__dict__)
    calls = [{"n": i} for i in range(200)]
    got = _differential.behaviours(module, "tool", "backend", calls, give_up=True)
    assert [b[0] for b in got] == ["hang"] * 200
    assert module.backend.__name__ == "backend"  # the recorder is taken out again


def test_the_manifest_split_is_disjoint_and_each_side_is_non_empty() -> None:
    tuning = {n for n, layer in LAYERS.items() if layer.split == TUNING}
    held_out = {n for n, layer in LAYERS.items() if layer.split == HELD_OUT}
    assert tuning and held_out and not tuning & held_out
    assert tuning | held_out == set(LAYERS)
    third_party = {n for n, layer in LAYERS.items() if ".mutation.layers." in layer.module}
    assert held_out <= third_party and len(third_party) >= 5
    # the held-out layers come from packages with no layer the generator was tuned on
    package = {n: LAYERS[n].origin.split()[0] for n in LAYERS}
    assert len(held_out) >= 4 and not {package[n] for n in held_out} & {package[n] for n in tuning}
    assert "handwritten" in LAYERS


@pytest.mark.parametrize("name", sorted(n for n, layer in LAYERS.items() if ".mutation.layers." in layer.module))
def test_every_vendored_layer_says_where_it_comes_from(name: str) -> None:
    doc = inspect.getdoc(importlib.import_module(LAYERS[name].module)) or ""
    assert "Vendored from" in doc and "(PyPI)" in doc and "file " in doc
    assert re.search(r"MIT\s+License|Apache\s+License\s+2\.0|BSD", doc), doc[:300]


def test_a_mutants_differential_stops_at_the_first_difference_that_decides_its_witness() -> None:
    """The tenth split's cron layer costs 5 ms a call and 10,000 calls a mutant: each mutant ran
    every call even once its witness was known.  It stops there now, with the same witness; a
    mutant that only refuses invalid calls still runs them all (it is "stricter" only if so)."""
    from pattern_validation.mutation._differential import behaviours, differences

    class Layer:
        @staticmethod
        def impl(**kwargs: object) -> None:
            return None

        @staticmethod
        def tool(n: int) -> int:
            if n > 2:
                raise ValueError("n: at most 2")
            return n

    calls = [{"n": i} for i in range(6)]
    want = behaviours(Layer, "tool", "impl", calls)
    got = behaviours(Layer, "tool", "impl", calls, until=lambda i, b: i >= 3)
    assert len(got) == 4 and differences(calls, want, got) == []
