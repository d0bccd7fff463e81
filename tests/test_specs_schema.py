"""from_schema: draft-07 / 2020-12 in, one canonical draft 2020-12 schema out, or a SpecError."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from pytest_aacl import SpecError, ToolSpec, from_schema
from pytest_aacl._specs import DRAFT_2020_12, canonicalise


def _valid_2020(schema: dict) -> None:
    jsonschema.Draft202012Validator.check_schema(schema)


def test_a_2020_12_schema_keeps_its_meaning_and_gains_the_dialect() -> None:
    schema = {
        "type": "object",
        "properties": {
            "query": {"type": "string", "minLength": 1},
            "when": {"type": ["string", "null"], "format": "date"},
            "depth": {"enum": ["basic", "advanced"], "default": "basic"},
            "kind": {"const": "web"},
            "n": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
        },
        "required": ["query"],
        "additionalProperties": False,
        "x-aacl-date-order": "DMY",
        "x-vendor": {"anything": [1, 2]},
    }
    original = copy.deepcopy(schema)
    spec = from_schema(schema, name="search", description="Search.")
    assert isinstance(spec, ToolSpec)
    assert (spec.name, spec.description, spec.source) == ("search", "Search.", "schema")
    assert spec.parameters == {"$schema": DRAFT_2020_12, **original}
    assert schema == original  # the caller's dict is untouched
    assert spec.parameters["properties"] is not schema["properties"]
    assert spec.to_python({"query": "x"}) == {"query": "x"}


def test_draft_07_is_rewritten_to_2020_12_with_refs_following_their_targets() -> None:
    schema = {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "properties": {
            "point": {"$ref": "#/definitions/Point"},
            "pair": {"type": "array", "items": [{"type": "string"}, {"type": "integer"}],
                     "additionalItems": False},
            "first": {"$ref": "#/properties/pair/items/0"},
            "card": {"type": "string"},
            "billing": {"type": "string"},
        },
        "dependencies": {"card": ["billing"], "billing": {"required": ["card"]}},
        "definitions": {
            "Point": {"type": "object", "properties": {"next": {"$ref": "#/definitions/Point"}}},
        },
    }
    out = canonicalise(schema)
    _valid_2020(out)
    assert out["$schema"] == DRAFT_2020_12
    assert "definitions" not in out and out["$defs"]["Point"]["properties"]["next"] == {"$ref": "#/$defs/Point"}
    assert out["properties"]["point"] == {"$ref": "#/$defs/Point"}
    assert out["properties"]["pair"] == {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}],
                                         "items": False}
    assert out["properties"]["first"] == {"$ref": "#/properties/pair/prefixItems/0"}
    assert out["dependentRequired"] == {"card": ["billing"]}
    assert out["dependentSchemas"] == {"billing": {"required": ["card"]}}
    # Same meaning: what draft-07 accepts, 2020-12 accepts, and the other way round.
    good = {"point": {"next": {}}, "pair": ["a", 1], "first": "x", "card": "c", "billing": "b"}
    bad = {"pair": ["a", 1, "extra"], "card": "c"}
    for instance, ok in ((good, True), (bad, False)):
        assert jsonschema.Draft7Validator(schema).is_valid(instance) is ok
        assert jsonschema.Draft202012Validator(out).is_valid(instance) is ok


def test_the_draft_is_detected_from_draft_07_keywords_when_schema_is_absent() -> None:
    out = canonicalise({"type": "object", "properties": {"t": {"type": "array", "items": [{"type": "string"}]}}})
    assert out["properties"]["t"] == {"type": "array", "prefixItems": [{"type": "string"}]}


def test_draft_04_boolean_exclusive_bounds_become_numbers() -> None:
    out = canonicalise({"$schema": "http://json-schema.org/draft-04/schema#", "type": "object",
                        "properties": {"p": {"type": "number", "minimum": 0, "exclusiveMinimum": True,
                                             "maximum": 1, "exclusiveMaximum": False}}})
    assert out["properties"]["p"] == {"type": "number", "exclusiveMinimum": 0, "maximum": 1}


def test_refs_to_any_local_pointer_and_anchors_end_in_defs() -> None:
    schema = {
        "type": "object",
        "properties": {"a": {"$ref": "#/components/schemas/Name"}, "b": {"$ref": "#tag"},
                       "c": {"$ref": "#/$defs/My%20Type"}},
        "components": {"schemas": {"Name": {"type": "string"}}},
        "$defs": {"My Type": {"type": "integer"}, "T": {"$anchor": "tag", "type": "boolean"}},
    }
    out = canonicalise(schema)
    _valid_2020(out)
    assert out["properties"]["a"] == {"$ref": "#/$defs/Name"} and out["$defs"]["Name"] == {"type": "string"}
    assert out["properties"]["b"] == {"$ref": "#/$defs/T"}
    assert out["properties"]["c"] == {"$ref": "#/$defs/My%20Type"}
    assert out["components"] == schema["components"]  # unknown keywords are preserved
    validator = jsonschema.Draft202012Validator(out)
    assert validator.is_valid({"a": "x", "b": True, "c": 1})
    assert not validator.is_valid({"a": 1})


def test_a_root_ref_is_inlined_so_the_root_is_an_object() -> None:
    out = canonicalise({"$ref": "#/$defs/Args",
                        "$defs": {"Args": {"type": "object", "properties": {"q": {"type": "string"}}}}})
    assert out["type"] == "object" and out["properties"] == {"q": {"type": "string"}}
    _valid_2020(out)


def test_properties_without_type_count_as_an_object() -> None:
    assert canonicalise({"properties": {"q": {"type": "string"}}})["type"] == "object"


def test_a_root_type_list_with_object_is_read_as_its_object_part() -> None:
    """Arguments are always an object; a `"#"` inside keeps the root as written."""
    schema = {"type": ["object", "null"], "properties": {"child": {"$ref": "#"}, "n": {"type": "integer"}}}
    out = from_schema(schema).parameters
    assert out["type"] == "object"
    check = jsonschema.Draft202012Validator(out)
    assert check.is_valid({"n": 1, "child": None})  # nested, the null part still holds
    assert check.is_valid({"child": {"child": {"n": 2}}})
    assert not check.is_valid({"child": 5}) and not check.is_valid(None)
    with pytest.raises(SpecError, match="object"):
        from_schema({"type": ["array", "null"]})


@pytest.mark.parametrize(
    ("schema", "pointer", "fragment"),
    [
        ({"type": "object", "properties": {"max_results": {"type": "int"}}},
         "/properties/max_results/type", '"int" is not a JSON Schema type; use "integer"'),
        ({"type": "object", "properties": {"x": {"type": ["string", "nul"]}}},
         "/properties/x/type/1", "is not a JSON Schema type"),
        ({"type": "object", "properties": {"x": {"type": "dict"}}}, "/properties/x/type", 'use "object"'),
        ({"type": "object", "properties": {"x": {"type": "any"}}}, "/properties/x/type", 'omit "type"'),
        ({"type": "object", "properties": {"x": {"minimum": "0"}}}, "/properties/x/minimum", "not of type 'number'"),
        ({"type": "object", "properties": {"x": {"$ref": "#/$defs/Missing"}}},
         "/properties/x/$ref", "does not resolve"),
        ({"type": "object", "properties": {"x": {"$ref": "https://example.com/s.json"}}},
         "/properties/x/$ref", "self-contained"),
        ({"type": "object", "properties": {"x": {"$ref": "#nowhere"}}}, "/properties/x/$ref", "no $anchor"),
        ({"type": "object", "properties": {"x": {"type": "string", "pattern": "(("}}},
         "/properties/x/pattern", "not a valid regular expression"),
        ({"type": "object", "properties": {"x": {"type": "integer", "minimum": 5, "maximum": 1}}},
         "/properties/x/minimum", "greater than maximum"),
        ({"type": "object", "properties": {"x": {"enum": []}}}, "/properties/x/enum", "enum is empty"),
        # a hand-written Python dict: before, an int property name crashed with a TypeError
        ({"type": "object", "properties": {1: {"type": "integer"}}}, "/properties", "key 1 is not a string"),
        ({"type": "object", "properties": {}, "required": ["q"], "additionalProperties": False},
         "/required/0", "'q' is not declared"),
        ({"$schema": "https://example.com/my-dialect", "type": "object"}, "/$schema", "unsupported $schema"),
        ({"type": "object", "properties": {"a": {"$ref": "#/properties/a"}}}, "/properties/a", "loop"),
        ({"type": "object", "properties": {"a": {"$ref": "#/$defs/x"}},
          "$defs": {"x": {"anyOf": [{"type": "null"}, {"$ref": "#/$defs/y"}]}, "y": {"allOf": [{"$ref": "#/$defs/x"}]}}},
         "/$defs/x/anyOf/1", "/$defs/y -> /$defs/y/allOf/0 -> /$defs/x -> /$defs/x/anyOf/1 -> /$defs/y"),
    ],
)
def test_a_malformed_schema_names_the_pointer_and_the_fix(schema: dict, pointer: str, fragment: str) -> None:
    with pytest.raises(SpecError) as info:
        from_schema(schema)
    assert info.value.pointer == pointer
    assert str(info.value).startswith(f"invalid tool spec at {pointer}: ")
    assert fragment in str(info.value)


def test_a_malformed_annotation_is_dropped_not_refused() -> None:
    """Published schemas carry `"examples": "3.15"` (meltano's): it never changes which
    values are valid, so the tool stays usable; a property *named* like one is kept."""
    schema = {"type": "object", "properties": {
        "v": {"type": "string", "examples": "3.15", "title": 5, "description": "a version"},
        "examples": {"type": "integer"}},
        "$defs": {"group": {"x": {"type": "integer", "deprecated": "yes"}}},
        "required": ["w"], "additionalProperties": {"$ref": "#/$defs/group/x"}}
    out = from_schema(schema).parameters
    assert from_schema(schema).parameters == out  # imported again (the check is cached): the same
    assert out["properties"]["v"] == {"type": "string", "description": "a version"}
    assert out["properties"]["examples"] == {"type": "integer"}
    assert out["$defs"]["x"] == {"type": "integer"}  # hoisted from a non-schema container
    assert "examples" in schema["properties"]["v"]  # the caller's schema is not changed
    with pytest.raises(SpecError, match="minLength"):  # a constraint is still refused
        from_schema({"type": "object", "properties": {"v": {"minLength": "x", "examples": "3.15"}}})


@pytest.mark.parametrize("declared", ["http://json-schema.org/schema#", "https://json-schema.org/schema"])
def test_the_unversioned_schema_uri_is_read_like_no_declaration(declared: str) -> None:
    """Drafts 3 and 4 defined `http://json-schema.org/schema#` as "the current version"
    (pymisp's published schemas declare it); it names no draft, so it is not refused."""
    legacy = {"$schema": declared, "type": "object", "definitions": {"n": {"type": "integer"}},
              "properties": {"n": {"$ref": "#/definitions/n"}}}
    assert from_schema(legacy).parameters["properties"]["n"] == {"$ref": "#/$defs/n"}
    with pytest.raises(SpecError, match="not of type 'object'"):  # still checked against a metaschema
        from_schema({"$schema": declared, "type": "object", "properties": {"n": ["x"]}})


@pytest.mark.parametrize("schema", [{"type": "string"}, {}, {"type": "array"}, True, [], "object"])
def test_the_root_must_describe_an_object(schema: object) -> None:
    with pytest.raises(SpecError, match="object"):
        from_schema(schema)  # type: ignore[arg-type]


def test_schema_errors_are_stable_for_repeated_imports() -> None:
    """Meta-validation is cached by content; a cached schema must still be rejected when bad."""
    bad = {"type": "object", "properties": {"n": {"type": "int"}}}
    for _ in range(2):
        with pytest.raises(SpecError, match='use "integer"'):
            from_schema(bad)
    good = {"type": "object", "properties": {"n": {"type": "integer"}}}
    assert from_schema(good).parameters == from_schema(json.loads(json.dumps(good))).parameters


def test_implementation_is_carried_and_names_are_checked() -> None:
    def impl(q: str) -> str:
        return q

    spec = from_schema({"type": "object", "properties": {"q": {"type": "string"}}}, name="t", implementation=impl)
    assert spec.implementation is impl
    with pytest.raises(SpecError, match="name"):
        from_schema({"type": "object"}, name="")


def test_properties_named_like_keywords_are_properties() -> None:
    schema = {"type": "object", "properties": {
        "definitions": {"type": "array", "items": {"type": "string"}},
        "dependencies": {"type": "object", "properties": {"items": {"type": "integer"}}},
        "$ref": {"type": "string"},
    }}
    out = canonicalise(schema)
    assert out == {"$schema": DRAFT_2020_12, **schema}
    _valid_2020(out)


def test_any_json_value_either_canonicalises_or_raises_spec_error() -> None:
    """A user's schema is untrusted input: only SpecError may escape, and a result is valid."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    keywords = ["type", "properties", "items", "prefixItems", "additionalItems", "$ref", "$defs",
                "definitions", "dependencies", "anyOf", "required", "enum", "minimum", "maximum",
                "exclusiveMinimum", "pattern", "$schema", "$id", "$anchor", "additionalProperties", "x"]
    scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.sampled_from(
        ["object", "string", "int", "#", "#/$defs/a", "#/definitions/a", "#/properties/a", "#a", "a",
         "http://json-schema.org/draft-07/schema#", "(", "[a-z]+"]))
    values = st.recursive(scalars, lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.sampled_from(keywords), inner, max_size=4)), max_leaves=12)
    roots = st.dictionaries(st.sampled_from(keywords), values, max_size=5)

    @settings(max_examples=300, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
    @given(roots)
    def total(schema: dict) -> None:
        frozen = copy.deepcopy(schema)
        try:
            out = canonicalise(schema)
        except SpecError as error:
            assert str(error).startswith("invalid tool spec")
        else:
            _valid_2020(out)
            assert out["type"] == "object"
        assert schema == frozen

    total()


def test_canonical_2020_12_accepts_exactly_what_the_draft_07_original_accepts() -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    types = st.sampled_from(["string", "integer", "boolean", "array", "object", "null"])
    refs = st.sampled_from(["#", "#/definitions/a", "#/properties/a", "#/properties/a/items/0", "#anc"])
    names = st.sampled_from("abc")

    def extend(inner: st.SearchStrategy) -> st.SearchStrategy:
        return st.one_of(
            st.fixed_dictionaries({"$ref": refs}),
            st.fixed_dictionaries({"type": st.just("array"), "items": st.one_of(inner, st.lists(inner, max_size=2))},
                                  optional={"additionalItems": inner}),
            st.fixed_dictionaries({"anyOf": st.lists(inner, min_size=1, max_size=2)}),
            st.fixed_dictionaries(
                {"type": st.just("object"), "properties": st.dictionaries(names, inner, max_size=2)},
                optional={"definitions": st.dictionaries(names, inner, max_size=1), "$id": st.just("#anc"),
                          "dependencies": st.dictionaries(names, st.one_of(inner, st.lists(names, max_size=2)),
                                                          max_size=2),
                          "required": st.lists(names, unique=True, max_size=2)}),
        )

    schemas = st.recursive(st.fixed_dictionaries({"type": types}), extend, max_leaves=8)
    roots = st.fixed_dictionaries(
        {"$schema": st.just("http://json-schema.org/draft-07/schema#"), "type": st.just("object"),
         "properties": st.dictionaries(names, schemas, max_size=3)},
        optional={"definitions": st.dictionaries(names, schemas, max_size=2)})
    instances = st.recursive(st.none() | st.booleans() | st.integers(0, 2) | st.just("x"),
                             lambda inner: st.lists(inner, max_size=3) | st.dictionaries(names, inner, max_size=3),
                             max_leaves=8)

    @settings(max_examples=150, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
    @given(roots, st.dictionaries(names, instances, max_size=3))
    def same_meaning(schema: dict, instance: dict) -> None:
        try:
            out = canonicalise(schema)
        except SpecError:
            return  # e.g. a ref to a missing definition: refused, which the draft-07 side cannot say
        _valid_2020(out)
        expected = jsonschema.Draft7Validator(schema).is_valid(instance)
        assert jsonschema.Draft202012Validator(out).is_valid(instance) is expected

    same_meaning()


def _schema_samples() -> list[Any]:
    """Real schemas to check the static metaschema on: the repo's real-world corpus (under
    40 KB), hypothesis-jsonschema's corpus when ../shared is there, and broken ones."""
    import sys

    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root))
    from pattern_validation.realworld import entries, load

    out: list[Any] = [s for e in entries() if e["bytes"] < 40_000 for s, why in [load(e)] if not why]
    for base in (root.parent / "shared", Path("/work/shared")):
        corpus = base / "data" / "hypothesis-jsonschema-corpus" / "schemas.jsonl"
        if corpus.is_file():
            out += [json.loads(line)["schema"] for line in corpus.read_text(encoding="utf-8").splitlines()]
            break
    out += [{"type": "strnig"}, {"minLength": -1}, {"properties": {"$id": {"$id": "#no"}}}, {"items": [1]},
            {"$defs": {"a": 5}}, {"dependentRequired": {"a": [1]}}, {"$ref": 5}, {"allOf": []}]
    return out


@pytest.mark.parametrize("draft", ["2019-09", "2020-12"])
def test_the_static_metaschema_finds_exactly_what_the_published_one_finds(draft: str) -> None:
    """`_specs/_metaschema.py` replaces `$dynamicRef`/`$recursiveRef` by plain references
    for speed: every schema must get the same errors, at the same places, as from the
    published one."""
    import jsonschema

    from pytest_aacl._specs._metaschema import static_2019_09, static_2020_12

    cls, static_schema = {"2019-09": (jsonschema.Draft201909Validator, static_2019_09),
                          "2020-12": (jsonschema.Draft202012Validator, static_2020_12)}[draft]
    published, static = cls(cls.META_SCHEMA), cls(static_schema())
    samples = _schema_samples()
    assert len(samples) > 40
    for schema in samples:
        def seen(v: Any, s: Any = schema) -> list[tuple[str, list[Any]]]:
            return sorted((e.message, list(e.absolute_path)) for e in v.iter_errors(s))
        assert seen(static) == seen(published), json.dumps(schema)[:200]
