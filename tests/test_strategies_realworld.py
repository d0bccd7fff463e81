"""`conforming` on real-world configuration schemas (`pattern_validation/realworld/`,
shipped inside PyPI packages) and on the shapes they use: remote `$ref`s with and without
a registry, roots that are only an `allOf`/`oneOf`, large `$ref` graphs.

Each corpus schema either yields examples valid under its own draft's validator (format
checker on) or is refused with one `InvalidArgument`; nothing else may reach the user.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis.errors import InvalidArgument
from pytest_aacl.strategies import conforming
from referencing import Registry
from referencing.jsonschema import DRAFT202012
from test_strategies_corpus import _draw, _validator  # the same real Hypothesis run and check

from pattern_validation.realworld import entries, load

#: the fast sample: tuning-split schemas up to 32 KB (the held-out split and the larger
#: schemas run in pattern_validation/benchmarks/bench_conforming.py)
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


def _large_graph(n: int = 60) -> dict[str, Any]:
    """A configuration-style schema over the size at which parts are drafted when first
    built: shared definitions referenced from many places, an allOf of two shapes that give
    one property different references, contains, propertyNames, patternProperties, tuples."""
    defs: dict[str, Any] = {}
    for i in range(n):
        defs[f"d{i}"] = {"type": "object", "additionalProperties": False, "properties": {
            "name": {"type": "string", "minLength": 2, "maxLength": 8},
            "size": {"type": "integer", "minimum": i, "maximum": i + 3},
            "next": {"$ref": f"#/definitions/d{(i + 1) % n}"},
            "tags": {"type": "array", "items": {"$ref": "#/definitions/tag"}, "uniqueItems": True},
        }, "required": ["size"]}
    defs["tag"] = {"type": "string", "enum": ["a", "b", "c", "d"]}
    defs["even"] = {"type": "integer", "multipleOf": 2, "minimum": 0, "maximum": 40}
    defs["small"] = {"type": "integer", "maximum": 10}
    return {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "definitions": defs,
            "required": ["both", "pair"], "properties": {
        **{f"p{i}": {"$ref": f"#/definitions/d{i}"} for i in range(n)},
        "both": {"allOf": [{"type": "object", "properties": {"v": {"$ref": "#/definitions/even"}}, "required": ["v"]},
                           {"type": "object", "properties": {"v": {"$ref": "#/definitions/small"}}}]},
        "pair": {"type": "array", "items": [{"$ref": "#/definitions/tag"}, {"$ref": "#/definitions/even"}],
                 "minItems": 2, "additionalItems": False},
        "hits": {"type": "array", "items": {"type": "integer"}, "contains": {"$ref": "#/definitions/even"}},
        "keyed": {"type": "object", "propertyNames": {"pattern": "^k[0-9]$"},
                  "patternProperties": {"^k": {"$ref": "#/definitions/small"}}, "minProperties": 1},
    }}


def test_a_large_ref_graph_is_drafted_as_it_is_drawn_and_every_value_is_valid() -> None:
    import importlib

    _canonical = importlib.import_module("strategies._canonical")  # the size guard only
    schema = _large_graph()
    assert len(json.dumps(_canonical.draft7(schema, schema, depth=1))) > _canonical.LAZY_ABOVE
    values = _draw(conforming(schema), 25)
    check = _validator(schema)
    assert values and all(check.is_valid(v) for v in values), [v for v in values if not check.is_valid(v)][:1]
    both = [v["both"]["v"] for v in values]
    assert all(x % 2 == 0 and x <= 10 for x in both)  # the two references' meanings meet
    assert any("next" in v.get(f"p{i}", {}) for v in values for i in range(60))  # drafted on demand
