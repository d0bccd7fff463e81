"""`conforming` on real-world configuration schemas (`pattern_validation/realworld/`,
shipped inside PyPI packages) and on the shapes they use: remote `$ref`s with and without
a registry, roots that are only an `allOf`/`oneOf`, large `$ref` graphs.

Each corpus schema either yields examples valid under its own draft's validator (format
checker on) or is refused with one `InvalidArgument`; nothing else may reach the user.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis.errors import InvalidArgument
from pytest_aacl.strategies import conforming
from referencing import Registry
from referencing.jsonschema import DRAFT202012
from test_strategies_corpus import _draw  # the same real Hypothesis run

from pattern_validation.realworld import entries, load, validator

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
    check = validator(schema)
    bad = [v for v in values if not check.is_valid(v)]
    assert values and not bad, f"{len(bad)} invalid, e.g. {bad[:1]!r}"


def test_the_manifest_records_where_each_schema_comes_from() -> None:
    rows = entries()
    assert len(rows) >= 30
    for row in rows:
        assert row["package"] and row["version"] and row["path"] and row["licence"]
        assert row["split"] in ("tuning", "held-out")
    assert sum(r["split"] == "held-out" for r in rows) / len(rows) >= 0.4
    # a schema copied into the repository travels with its package's licence text
    licences = Path(__file__).resolve().parents[1] / "pattern_validation" / "realworld" / "licenses"
    vendored = {r["package"] for r in entries(references=True) if r["file"]}
    assert sorted(p for p in vendored if not (licences / f"{p}.LICENSE").is_file()
                  and not (licences / f"{p}.COPYING").is_file()) == []


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


def test_a_required_key_whose_only_patterns_need_a_remote_ref_is_refused() -> None:
    """minProperties forces a key, and every key a pattern allows needs the remote schema."""
    schema = {"type": "object", "required": ["props"], "properties": {"props": {
        "type": "object", "minProperties": 1, "additionalProperties": False,
        "patternProperties": {"^[a-z]+$": {"$ref": REMOTE}}}}}
    with pytest.raises(InvalidArgument, match=r"/properties/props.*remote \$ref"):
        conforming(schema)


def test_a_ref_to_a_published_metaschema_over_https_resolves() -> None:
    schema = {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "required": ["d"],
              "properties": {"d": {"$ref": "https://json-schema.org/draft-07/schema#/properties/description"},
                             "m": {"$ref": "https://json-schema.org/draft-07/schema#/properties/maxLength"}}}
    values = _draw(conforming(schema), 20)
    assert values and all(isinstance(v["d"], str) for v in values)
    assert all(isinstance(v["m"], int) and v["m"] >= 0 for v in values if "m" in v)


def _extended(draft: str) -> dict[str, Any]:
    """A root extending a vocabulary the way a metaschema does: the vocabulary's dynamic
    reference means the root (so `kid` is an object with an integer `n`), read statically
    it would mean the vocabulary alone (so `kid` could be anything)."""
    if draft == "2019-09":
        anchor, ref = {"$recursiveAnchor": True}, {"$recursiveRef": "#"}
    else:
        anchor, ref = {"$dynamicAnchor": "meta"}, {"$dynamicRef": "#meta"}
    return {"$schema": f"https://json-schema.org/draft/{draft}/schema", "$id": "https://example.com/root",
            **anchor, "type": "object", "allOf": [{"$ref": "vocabulary"}],
            "properties": {"n": {"type": "integer"}},
            "$defs": {"vocabulary": {"$id": "https://example.com/vocabulary", **anchor,
                                     "properties": {"kid": ref}}}}


@pytest.mark.parametrize("draft", ["2019-09", "2020-12"])
def test_a_dynamic_reference_means_the_outermost_anchored_resource(draft: str) -> None:
    import jsonschema

    schema = _extended(draft)
    cls = jsonschema.validators.validator_for(schema)
    values = _draw(conforming(schema), 40)
    kids = [v["kid"] for v in values if "kid" in v]
    assert kids and all(isinstance(k, dict) for k in kids)
    assert [v for v in values if not cls(schema).is_valid(v)] == []


@pytest.mark.parametrize("draft", ["2019-09", "2020-12"])
def test_a_published_metaschema_generates_valid_schemas(draft: str) -> None:
    import jsonschema

    cls = {"2019-09": jsonschema.Draft201909Validator, "2020-12": jsonschema.Draft202012Validator}[draft]
    values = _draw(conforming(cls.META_SCHEMA), 10)
    assert values and [v for v in values if not cls(cls.META_SCHEMA).is_valid(v)] == []


def test_a_root_that_only_annotates_draws_objects() -> None:
    schema = {"$schema": "http://json-schema.org/draft-07/schema#", "title": "status",
              "definitions": {"n": {"type": "integer"}}}
    values = _draw(conforming(schema), 5)
    assert values and all(isinstance(v, dict) for v in values)


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
    check = validator(schema)
    assert values and all(check.is_valid(v) for v in values), [v for v in values if not check.is_valid(v)][:1]
    both = [v["both"]["v"] for v in values]
    assert all(x % 2 == 0 and x <= 10 for x in both)  # the two references' meanings meet
    assert any("next" in v.get(f"p{i}", {}) for v in values for i in range(60))  # drafted on demand


def test_the_fast_iri_check_agrees_with_jsonschema_s() -> None:
    """`_formatcheck` maps an IRI to a URI (RFC 3987) instead of parsing it: it must give
    jsonschema's answer on IRIs, references, bad characters and IP literals."""
    import importlib

    import jsonschema

    fast = importlib.import_module("strategies._formatcheck").format_checker(jsonschema.Draft7Validator)
    base = jsonschema.Draft7Validator.FORMAT_CHECKER
    if "iri" not in base.checkers:
        pytest.skip("jsonschema checks no IRIs here (install jsonschema[format-nongpl])")
    samples = ["http://example.com/a b", "http://ex.com/ü?q=x", "rel/path", "//host/x", "a:b", ":nope",
               "http://[::1]/", "x y", "http://例え.jp/パス", "http://e.com/\x85", "#frag", "", "mailto:a@b",
               "http://e.com/%zz", "ht tp://x", "http://e.com/\ufffe", "urn:isbn:0451450523", "ftp://a/\u00a0"]
    for fmt in ("iri", "iri-reference"):
        assert [s for s in samples if fast.conforms(s, fmt) != base.conforms(s, fmt)] == [], fmt


def test_an_allof_that_cannot_be_merged_draws_the_keys_every_part_requires() -> None:
    """Two parts with a oneOf each do not merge: values built from the first part alone
    never had the second's required key, and the check refused every one."""
    schema = {"type": "object", "allOf": [
        {"type": "object", "properties": {"x": {"type": "integer"}, "y": {"type": "integer"}},
         "oneOf": [{"required": ["x"]}, {"required": ["y"]}]},
        {"type": "object", "required": ["model"], "properties": {"model": {"enum": ["m1", "m2"]},
                                                                 "z": {"type": "integer"}},
         "oneOf": [{"required": ["model"]}, {"required": ["z"]}]}]}
    values = _draw(conforming(schema), 20)
    check = validator(schema)
    assert values and all(check.is_valid(v) and v["model"] in ("m1", "m2") for v in values)
    assert all(("x" in v) != ("y" in v) and "z" not in v for v in values)


def test_exactly_one_of_two_keys_is_drawn_without_filtering_most_values_away() -> None:
    """A oneOf of branches that differ in `required` ("data" or "path"): each branch leaves
    the other's key out, so long lists of such items generate."""
    item = {"type": "object", "properties": {"name": {"type": "string"}, "data": {"type": "integer"},
                                             "path": {"type": "string"}},
            "required": ["name"], "oneOf": [{"required": ["data"]}, {"required": ["path"]}]}
    schema = {"type": "object", "required": ["resources"],
              "properties": {"resources": {"type": "array", "items": item, "minItems": 30}}}
    values = _draw(conforming(schema), 20)
    check = validator(schema)
    assert values and all(check.is_valid(v) for v in values)
    assert all(("data" in r) != ("path" in r) for v in values for r in v["resources"])


def test_a_malformed_schema_in_the_registry_is_still_refused_clearly() -> None:
    """An inlined copy skips the metaschema check only when every part it came from passed."""
    registry = Registry().with_resource(REMOTE, DRAFT202012.create_resource({"type": "strnig"}))
    with pytest.raises(InvalidArgument, match="strnig"):
        conforming({**OPTIONAL_REMOTE, "required": ["n", "unit"]}, registry=registry)
