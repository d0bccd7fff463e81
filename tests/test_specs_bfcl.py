"""from_bfcl: BFCL's declaration dialect -> canonical 2020-12, for every real declaration."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import jsonschema
import pytest

from pytest_aacl import SpecError, as_spec, from_bfcl


def _shared() -> Path:
    near = Path(__file__).resolve().parents[2] / "shared"
    return near if near.is_dir() else Path("/work/shared")


BFCL_FILES = sorted((_shared() / "data" / "bfcl").glob("BFCL_v4_*.json"))


def test_the_dialect_translates_to_plain_json_schema() -> None:
    declaration = {
        "name": "hotel.search",
        "description": "Find hotels.",
        "parameters": {
            "type": "dict",
            "properties": {
                "city": {"type": "string", "description": "City name."},
                "rating": {"type": "float", "default": 3.5},
                "guests": {"type": "integer", "enum": ["1", "2", "dontcare"], "default": "dontcare"},
                "unisex": {"type": "boolean", "enum": ["True", "False", "dontcare"]},
                "coordinates": {"type": "tuple", "items": {"type": "float"}},
                "amenities": {"type": "array", "items": {"type": "string"}, "enum": ["pool", "gym"]},
                "callback": {"type": "any", "description": "Anything."},
                "options": {"type": "dict", "properties": {"late": {"type": "boolean", "optional": True}},
                            "required": ["late"]},
                "scores": {"type": "dict", "description": "Free-form mapping."},
                "when": {"type": "string", "format": "date"},
            },
            "required": ["city", "rating"],
            "optional": ["rating"],
        },
    }
    original = copy.deepcopy(declaration)
    spec = from_bfcl(declaration)
    assert declaration == original
    assert (spec.name, spec.description, spec.source) == ("hotel.search", "Find hotels.", "bfcl")
    params = spec.parameters
    jsonschema.Draft202012Validator.check_schema(params)
    props = params["properties"]
    assert params["type"] == "object" and params["additionalProperties"] is False
    assert params["required"] == ["city"]  # "optional" on the root wins over "required"
    assert "optional" not in params
    assert props["rating"] == {"type": "number", "default": 3.5}
    assert props["guests"]["type"] == "string"  # the enum's values decide: no int equals "1"
    assert props["unisex"]["type"] == "string"
    assert props["coordinates"] == {"type": "array", "items": {"type": "number"}}
    assert props["amenities"] == {"type": "array", "items": {"type": "string", "enum": ["pool", "gym"]}}
    assert props["callback"] == {"description": "Anything."}
    assert props["options"]["required"] == [] and props["options"]["properties"]["late"] == {"type": "boolean"}
    assert props["scores"] == {"type": "object", "description": "Free-form mapping."}
    assert props["when"] == {"type": "string", "format": "date"}
    validator = jsonschema.Draft202012Validator(params)
    assert validator.is_valid({"city": "Paris", "guests": "dontcare", "amenities": ["gym"], "scores": {"a": 1}})
    assert not validator.is_valid({"city": "Paris", "amenities": ["sauna"]})
    assert not validator.is_valid({"city": "Paris", "stars": 5})


def test_as_spec_recognises_bfcl_by_its_dialect() -> None:
    declaration = {"name": "f", "description": "", "parameters": {"type": "dict", "properties": {"x": {"type": "float"}}}}
    assert as_spec(declaration).source == "bfcl"
    assert as_spec(declaration["parameters"], name="f").parameters["properties"]["x"] == {"type": "number"}


def test_standard_schemas_with_type_lists_are_not_mistaken_for_bfcl() -> None:
    schema = {"type": "object", "properties": {"d": {"type": ["array", "null"], "items": {"type": "string"}}}}
    assert as_spec(schema).source == "schema"
    assert as_spec({"name": "f", "parameters": schema}).source == "openai"
    assert as_spec({"type": "dict", "properties": {"d": {"type": ["float", "null"]}}}).source == "bfcl"


def test_a_property_named_optional_is_not_mistaken_for_bfcl() -> None:
    """boutiques' descriptor has an input property named "optional"; read as BFCL, every
    nested object got `additionalProperties: false`, its anyOf branches too, and a
    satisfiable schema was refused as unsatisfiable."""
    item = {"type": "object", "required": ["name"], "additionalProperties": False,
            "properties": {"name": {"type": "string"}, "type": {"enum": ["Flag", "File"]},
                           "optional": {"type": "boolean"}},
            "anyOf": [{"properties": {"type": {"enum": ["Flag"]}}}, {"properties": {"type": {"enum": ["File"]}}}]}
    schema = {"type": "object", "properties": {"inputs": {"type": "array", "items": item}}}
    spec = as_spec(schema)
    assert spec.source == "schema"
    branch = spec.parameters["properties"]["inputs"]["items"]["anyOf"][0]
    assert "additionalProperties" not in branch
    assert as_spec({"type": "dict", "properties": {"x": {"type": "string", "optional": True}}}).source == "bfcl"


def test_a_bad_declaration_points_into_parameters() -> None:
    with pytest.raises(SpecError) as info:
        from_bfcl({"name": "f", "parameters": {"type": "dict", "properties": {"x": {"type": "complex"}}}})
    assert info.value.pointer == "/parameters/properties/x/type"
    with pytest.raises(SpecError, match='"name"'):
        from_bfcl({"parameters": {}})


@pytest.mark.skipif(not BFCL_FILES, reason="the shared BFCL data is not on this machine")
def test_every_real_bfcl_declaration_imports_and_is_valid_2020_12() -> None:
    meta = jsonschema.Draft202012Validator(jsonschema.Draft202012Validator.META_SCHEMA)
    declarations = 0
    checked: set[str] = set()
    for path in BFCL_FILES:
        for line in path.read_text().splitlines():
            for declaration in json.loads(line)["function"]:
                spec = from_bfcl(declaration)
                declarations += 1
                assert spec.name == declaration["name"]
                assert spec.parameters["type"] == "object"
                text = json.dumps(spec.parameters, sort_keys=True)
                if text not in checked:  # identical declarations recur across files
                    checked.add(text)
                    errors = list(meta.iter_errors(spec.parameters))
                    assert not errors, f"{path.name} {declaration['name']}: {errors[0].message}"
    assert declarations > 6000 and len(checked) > 2000


def test_a_draft_03_union_type_holding_a_schema_is_refused_not_a_type_error() -> None:
    """Draft-03 allows `"any"` (also BFCL's word) and schemas inside a `type` list: the
    draft-03 metaschema itself crashed the dialect translation with an unhashable dict."""
    with pytest.raises(SpecError, match="not a JSON Schema type"):
        as_spec({"type": "object", "properties": {"a": {"type": ["any", {"type": "string"}]}}})
