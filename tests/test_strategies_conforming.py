"""`conforming()`: the cases issue 14 measured as wrong, and realistic values (issue 8)."""

from __future__ import annotations

import re
from typing import Any

import jsonschema
import pytest
from hypothesis.errors import InvalidArgument
from pytest_aacl.strategies import conforming, hallucinated
from test_strategies_corpus import _draw  # one Hypothesis-run helper for both files


def _valid_examples(schema: dict[str, Any], examples: int = 60) -> list[Any]:
    values = _draw(conforming(schema), examples)
    cls = jsonschema.Draft202012Validator
    check = cls(schema, format_checker=cls.FORMAT_CHECKER)
    bad = [v for v in values if not check.is_valid(v)]
    assert values and not bad, bad[:3]
    return values


def _one(prop: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": {"v": prop}, "required": ["v"], "additionalProperties": False}


@pytest.mark.parametrize("prop", [
    {"type": ["string", "null"], "enum": ["a", "b"]},           # null not in the enum
    {"type": "null"},
    {"type": "integer", "multipleOf": 0.123456789},
    {"type": ["integer", "number"], "minimum": 1.2, "maximum": 1.9},
    {"minimum": 5, "maximum": 6},                                 # bounds without a type
    {"type": "array", "prefixItems": [{"type": "boolean"}], "items": {"enum": [1, 2]},
     "uniqueItems": True, "minItems": 3},
    {"anyOf": [True, True]},
    {"allOf": [{}, {}]},
    {"type": "object", "patternProperties": {"^a": {"type": "integer"}, "b$": {"minimum": 3}},
     "minProperties": 2},                                         # overlapping patterns
    {"type": "object", "oneOf": [{"required": ["a"]}, {"required": ["b"]}],
     "properties": {"a": {"type": "integer"}, "b": {"type": "string"}}},
    {"if": {"type": "integer"}, "then": {"minimum": 10}, "else": {"type": "string", "minLength": 2}},
    {"type": "array", "contains": {"const": 3}, "minContains": 2, "maxContains": 2, "items": {"type": "integer"}},
    {"type": "object", "dependentRequired": {"a": ["b"]}, "properties": {"a": {"type": "string"}},
     "propertyNames": {"maxLength": 3}},
    {"not": {"type": ["string", "number", "integer", "null", "boolean", "array"]}},
    # found on STIX 2.1 (stix2-validator, corpus batch 6): an identifier that must also start
    # with its object's type; each pattern alone, checked against the other, passed nothing
    {"allOf": [{"type": "string", "pattern": "^[a-z][a-z0-9-]+[a-z0-9]--[0-9a-f]{8}$"}, {"pattern": "^url--"}]},
    {"type": "object", "required": ["id"], "allOf": [
        {"properties": {"id": {"type": "string", "pattern": "^[a-z]+--[0-9]{4}$"}}},
        {"properties": {"id": {"pattern": "^url--"}}}]},
    # a property's union against another part's patternProperties union: unmergeable as a whole
    {"type": "object", "required": ["ext"], "properties": {"ext": {
        "type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}},
        "anyOf": [{"required": ["a"]}, {"required": ["b"]}]}},
     "allOf": [{"patternProperties": {"^[a-z]{3,}$": {"anyOf": [{"type": "string"}, {"type": "object"}]}}}]},
    # two closed objects with different patterns: hypothesis-jsonschema merged them into
    # "no key allowed", and the schema was refused as unsatisfiable
    # "no key allowed", and the schema was refused as unsatisfiable (STIX's hashes)
    {"type": "object", "minProperties": 1, "additionalProperties": False,
     "patternProperties": {"^[A-Za-z0-9_-]{3,250}$": {"type": "string"},
                           "^MD5$": {"type": "string", "pattern": "^[a-f0-9]{32}$"}},
     "allOf": [{"patternProperties": {"^[A-Za-z0-9_-]{0,250}$": {"anyOf": [{"type": "string"}, {"type": "integer"}]}},
                "additionalProperties": False}]},
    # STIX's artifact: exactly one of payload or url, and a key only with its algorithm
    {"type": "object", "additionalProperties": False,
     "properties": {"payload": {"type": "string"}, "url": {"type": "string"}, "alg": {"enum": ["aes", "chacha"]},
                    "key": {"type": "string"}},
     "allOf": [{"oneOf": [{"required": ["payload"], "not": {"required": ["url"]}},
                          {"required": ["url"], "not": {"required": ["payload"]}}]},
               {"oneOf": [{"required": ["alg"], "not": {"required": ["key"]}}, {"required": ["alg", "key"]},
                          {"allOf": [{"not": {"required": ["alg"]}}, {"not": {"required": ["key"]}}]}]}]},
    # swagger 1.2's basePath (corpus batch 7): a uri that must start `http://`; drawn as a uri
    # and checked for the pattern, almost none passed
    {"type": "string", "format": "uri", "pattern": "^http://"},
])
def test_keywords_measured_wrong_now_validate(prop: dict[str, Any]) -> None:
    _valid_examples(_one(prop))


def test_a_custom_metaschema_in_the_registry_gives_its_own_dialect() -> None:
    """elyra's schemas name their own metaschema (draft-07 plus UI hints) as `$schema`: with
    it in `registry=` they are read as draft-07; without it, one clear refusal."""
    from referencing import Registry
    from referencing.jsonschema import DRAFT7

    meta_uri = "https://example.org/schemas/meta-schema.json"
    meta = {"$schema": "http://json-schema.org/draft-07/schema#", "$id": meta_uri,
            "properties": {"uihints": {"type": "object"}}}
    schema = {"$schema": meta_uri, "uihints": {"icon": "x"}, "type": "object", "required": ["n"],
              "properties": {"n": {"type": "integer", "minimum": 3}}}
    registry = Registry().with_resource(meta_uri, DRAFT7.create_resource(meta))
    values = _draw(conforming(schema, registry=registry), 30)
    assert values and all(isinstance(v["n"], int) and v["n"] >= 3 for v in values)
    with pytest.raises(InvalidArgument, match=r"/\$schema.*unsupported \$schema"):
        conforming(schema)


def test_a_reference_a_nested_id_leaves_dangling_is_named_in_the_refusal() -> None:
    """dbt-semantic-interfaces gives sub-schemas an `$id` and refers from inside them to
    `#/definitions/...`, which then means the sub-schema's own (absent) definitions."""
    schema = {"type": "object", "properties": {"metric": {"$ref": "#/definitions/metric"}},
              "definitions": {"config": {"type": "string"},
                              "metric": {"$id": "metric", "type": "object",
                                         "properties": {"config": {"$ref": "#/definitions/config"}}}}}
    with pytest.raises(InvalidArgument, match=r"nested \$id.*and \$ref '#/definitions/config'.*does not exist"):
        conforming(schema)


def test_a_required_key_typed_only_by_additional_properties() -> None:
    schema = {"type": "object", "required": ["n"], "additionalProperties": {"type": "integer"}}
    assert all(isinstance(v["n"], int) for v in _valid_examples(schema))


def test_a_nullable_enum_without_null_never_draws_null() -> None:
    values = _valid_examples(_one({"type": ["string", "null"], "enum": ["a", "b"]}))
    assert {v["v"] for v in values} <= {"a", "b"}


def test_recursive_refs_are_cut_at_a_depth() -> None:
    schema = {"type": "object", "properties": {"tree": {"$ref": "#/$defs/node"}}, "required": ["tree"],
              "$defs": {"node": {"type": "object", "properties": {
                  "kids": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}}}

    def depth(node: dict[str, Any]) -> int:
        return 1 + max((depth(kid) for kid in node.get("kids", [])), default=0)

    # the recursion is followed (nested nodes are drawn) and cut at depth 3, as documented
    assert max(depth(v["tree"]) for v in _valid_examples(schema, 30)) == 3


def test_a_percent_encoded_ref_is_followed() -> None:
    schema = {"type": "object", "properties": {"at": {"$ref": "#/$defs/When%20Exactly"}}, "required": ["at"],
              "$defs": {"When Exactly": {"type": "string", "format": "date"}}}
    assert all(re.fullmatch(r"\d{4}-\d{2}-\d{2}", v["at"]) for v in _valid_examples(schema, 20))


def test_an_unsatisfiable_schema_is_one_clear_refusal() -> None:
    with pytest.raises(InvalidArgument, match=r"^no value satisfies this schema: the subschema at /properties/v"):
        conforming(_one({"allOf": [{"type": "integer", "minimum": 5}, {"maximum": 1}]}))


_AT_LEAST_ONE = {"type": "object", "additionalProperties": False,
                 "properties": {k: {"type": "integer"} for k in "abcdef"},
                 "anyOf": [{"required": [k]} for k in "abcdef"]}


def test_at_least_one_of_many_keys_is_met_by_every_value() -> None:
    """STIX's idiom, built branch by branch as drawn: every value still names a key."""
    values = _valid_examples(_AT_LEAST_ONE, 30)
    assert all(set(v) & set("abcdef") for v in values)
    assert len({frozenset(v) for v in values}) > 3  # more than one branch is drawn


def test_at_least_one_of_keys_nothing_allows_is_refused_before_drawing() -> None:
    """Branches built lazily: whether any admits a value is still known at construction."""
    forbidden = {**_AT_LEAST_ONE, "properties": {k: False for k in "abcdef"}}
    with pytest.raises(InvalidArgument, match=r"^no value satisfies this schema"):
        conforming(forbidden)
    one_left = {**_AT_LEAST_ONE, "properties": {**forbidden["properties"], "f": {"type": "integer"}}}
    assert all("f" in v for v in _valid_examples(one_left, 10))


SEARCH = {
    "type": "object",
    "properties": {
        "query": {"type": "string", "minLength": 1},
        "include_domains": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 4},
        "city": {"type": "string"},
        "contact_email": {"type": "string"},
        "homepage_url": {"type": "string"},
        "at": {"type": "string", "format": "time"},
        "since": {"type": "string", "format": "date-time"},
        "note": {"type": ["string", "null"]},
    },
    "required": ["query", "include_domains", "city", "contact_email", "homepage_url", "at", "since", "note"],
    "additionalProperties": False,
}
_OFFSET = re.compile(r".*(Z|[+-]\d{2}:\d{2})$")


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def test_values_look_like_what_the_fields_describe() -> None:
    values = _valid_examples(SEARCH, 80)
    for call in values:
        assert all(s.isascii() and s.isprintable() and s == s.strip() for s in _strings(call)), call
        assert all(re.fullmatch(r"[a-z0-9.-]+\.[a-z]{2,}", d) for d in call["include_domains"]), call
        # (the empty string stays possible where the schema allows it)
        assert call["contact_email"] == "" or "@" in call["contact_email"]
        assert call["homepage_url"] == "" or call["homepage_url"].startswith("https://")
        assert _OFFSET.match(call["at"]) and _OFFSET.match(call["since"])
        assert call["note"] is None or call["note"].strip().lower() not in ("null", "none", "")
    assert len({c["city"] for c in values}) > 3
    # the realistic branch of each `or` above is the one usually drawn, not a vacuous one
    assert sum("@" in c["contact_email"] for c in values) > len(values) // 4
    assert sum(c["homepage_url"].startswith("https://") for c in values) > len(values) // 4
    assert sum(c["note"] is not None for c in values) > len(values) // 8


@pytest.mark.xfail(strict=True, reason="open defect: a list-family draw of include_domains sometimes intends "
                   "bare words ('xqo', 'bed'), not domains; present before the input-space model, "
                   "which only changed which draws a sample meets (200 draws: about 8 % show it)")
def test_hallucinated_intends_the_same_realistic_values() -> None:
    calls = _draw(hallucinated(SEARCH), 200)
    judged = [c for c in calls if not any(label.family == "list_python_escaped" for label in c.labels)]
    assert len(judged) > len(calls) // 2  # that family renders \u escapes: its intended items are non-ASCII by design
    for call in judged:
        assert all(re.fullmatch(r"[a-z0-9.-]+\.[a-z]{2,}", d) for d in call.intended["include_domains"])
        assert all(s.isascii() and s.isprintable() for s in _strings(call.intended))



def test_the_private_names_conforming_swaps_exist_in_the_installed_hypothesis_jsonschema() -> None:
    """`strategies/_hjs.py` swaps these while it solves: an upgrade that renames one must
    fail here, in one line, not as a wrong value deep inside a draw."""
    import importlib

    import hypothesis_jsonschema
    from hypothesis_jsonschema import _canonicalise

    hjs = importlib.import_module("strategies._hjs")
    missing = [name for name in hjs.PATCHED + hjs.USED if not hasattr(_canonicalise, name)]
    assert not missing, f"hypothesis-jsonschema {hypothesis_jsonschema.__version__} lacks {missing}"
    assert hypothesis_jsonschema.__version__.startswith("0.23."), hypothesis_jsonschema.__version__
    before = {name: getattr(_canonicalise, name) for name in hjs.PATCHED}
    with hjs.draft7_only():
        assert "$ref" in _canonicalise.ALL_KEYWORDS
    assert {name: getattr(_canonicalise, name) for name in hjs.PATCHED} == before  # put back
