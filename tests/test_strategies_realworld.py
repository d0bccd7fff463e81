"""`conforming` on real-world configuration schemas (`pattern_validation/realworld/`,
shipped inside PyPI packages) and on the shapes they use: remote `$ref`s with and without
a registry, roots that are only an `allOf`/`oneOf`, large `$ref` graphs.

Each corpus schema either yields examples valid under its own draft's validator (format
checker on) or is refused with one `InvalidArgument`; nothing else may reach the user.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis.errors import InvalidArgument
from pytest_aacl.strategies import conforming
from referencing import Registry
from referencing.jsonschema import DRAFT202012
from test_strategies_corpus import _draw, _validator  # the same real Hypothesis run and check

from pattern_validation.realworld import entries, load

#: the fast sample: tuning-split schemas up to 32 KB (the held-out split and the larger
#: schemas run in pattern_validation/benchmarks/bench_conforming.py; several of the larger
#: ones still take more than 10 s to a first example there)
SAMPLE = [e for e in entries("tuning") if e["bytes"] <= 32_000]


@pytest.mark.parametrize("entry", SAMPLE, ids=lambda e: e["name"])
def test_a_real_world_schema_generates_valid_values_or_is_refused_clearly(entry: dict[str, Any]) -> None:
    schema, why = load(entry)
    if why:
        pytest.skip(why)
    try:
        strategy = conforming(schema)
    except InvalidArgument as err:
        assert "\n" not in str(err) and len(str(err)) < 700
        return
    values = _draw(strategy, 3)
    check = _validator(schema)
    bad = [v for v in values if not check.is_valid(v)]
    assert values and not bad, f"{len(bad)} invalid, e.g. {bad[:1]!r}"


def test_the_manifest_records_where_each_schema_comes_from() -> None:
    rows = entries()
    assert len(rows) >= 30
    for row in rows:
        assert row["package"] and row["version"] and row["path"] and row["licence"]
        assert row["split"] in ("tuning", "held-out")
    assert sum(r["split"] == "held-out" for r in rows) / len(rows) >= 0.4


REMOTE = "https://example.com/schemas/unit.json"
OPTIONAL_REMOTE = {"type": "object", "required": ["n"], "properties": {
    "n": {"type": "integer"}, "unit": {"$ref": REMOTE}}}


def test_an_optional_remote_ref_is_never_drawn_into() -> None:
    values = _draw(conforming(OPTIONAL_REMOTE), 20)
    assert values and all(set(v) == {"n"} for v in values)


def test_a_required_remote_ref_is_refused_with_its_pointer_and_how_to_bundle() -> None:
    with pytest.raises(InvalidArgument) as info:
        conforming({**OPTIONAL_REMOTE, "required": ["n", "unit"]})
    message = str(info.value)
    assert "/properties/unit" in message and REMOTE in message
    assert "$defs" in message and "registry=" in message


def test_a_remote_ref_under_not_is_refused_rather_than_guessed() -> None:
    schema = {"type": "object", "required": ["u"], "properties": {"u": {"not": {"$ref": REMOTE}}}}
    with pytest.raises(InvalidArgument, match=r"remote \$ref .*registry="):
        conforming(schema)


def test_a_registry_resolves_remote_refs() -> None:
    unit = {"type": "string", "enum": ["kg", "lb"]}
    registry = Registry().with_resource(REMOTE, DRAFT202012.create_resource(unit))
    schema = {**OPTIONAL_REMOTE, "required": ["n", "unit"]}
    values = _draw(conforming(schema, registry=registry), 20)
    assert values and all(v["unit"] in ("kg", "lb") for v in values)


def test_a_registry_must_be_a_referencing_registry() -> None:
    with pytest.raises(InvalidArgument, match=r"registry=\{\}; pass a referencing.Registry"):
        conforming(OPTIONAL_REMOTE, registry={})


def test_a_root_that_is_only_a_oneof_of_objects_draws_its_objects() -> None:
    schema = {"$defs": {"A": {"type": "object", "required": ["a"], "properties": {"a": {"const": 1}},
                              "additionalProperties": False}},
              "oneOf": [{"$ref": "#/$defs/A"}, {"type": "string"}]}
    values = _draw(conforming(schema), 5)
    assert values and all(v == {"a": 1} for v in values)
