"""The input-space model (strategies/_space.py): every class it claims is right by the
boundary's documented semantics, and the coverage phase walks every class of every field."""

from __future__ import annotations

import pytest
from pytest_aacl.strategies import FAMILIES, coverage
from pytest_aacl.strategies._invalid import MUTATIONS
from pytest_aacl.strategies._space import CATALOGUE

from pytest_aacl import CorrectionError, boundary

SCHEMA = {
    "type": "object",
    "properties": {
        "query": {"type": "string", "maxLength": 60},
        "note": {"type": "string"},
        "count": {"type": "integer", "minimum": 1, "maximum": 5000},
        "big": {"type": "integer"},
        "ratio": {"type": "number"},
        "price": {"type": "number", "minimum": 0, "exclusiveMaximum": 10000},
        "flag": {"type": "boolean"},
        "mode": {"enum": ["dark_mode", "light_mode", "auto"]},
        "day": {"type": "string", "format": "date"},
        "at": {"type": "string", "format": "time"},
        "when": {"type": "string", "format": "date-time"},
        "email": {"type": "string", "format": "email"},
        "site": {"type": "string", "format": "uri"},
        "host": {"type": "string", "format": "hostname"},
        "id": {"type": "string", "format": "uuid"},
        "ip": {"type": "string", "format": "ipv4"},
        "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 40},
        "ids": {"type": "array", "items": {"type": "integer"}, "uniqueItems": True},
        "meta": {"type": "object"},
        "names": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["query"],
    "additionalProperties": False,
}


def _tool():
    return boundary(lambda **kwargs: kwargs, schema=SCHEMA, name="t")


def test_the_catalogue_names_existing_families_and_mutation_kinds():
    for cls in CATALOGUE:
        assert cls.describe(), cls
        if cls.expect == "rendering":
            assert cls.label in FAMILIES, cls
        if cls.expect == "invalid":
            assert cls.label in MUTATIONS, cls
    keys = [(c.type, c.name) for c in CATALOGUE]
    assert len(keys) == len(set(keys))


def test_every_canonical_class_arrives_unchanged_through_the_boundary():
    tool, calls = _tool(), coverage("conforming", SCHEMA)
    walked = {label.family for call in calls for label in getattr(call, "labels", ())}
    # every class that applies to some field of this schema is walked
    expected = {f"canonical:{c.key}" for c in CATALOGUE if c.expect == "canonical"} - {
        "canonical:string.min_length", "canonical:integer.multiple", "canonical:number.multiple",
        "canonical:array.min_items", "canonical:ipv6.shapes", "canonical:boolean.values"}
    assert expected <= walked, sorted(expected - walked)
    for call in calls:
        got = tool.normalise(dict(call))
        for key, value in call.items():
            if key in ("day",) or not isinstance(value, str) or SCHEMA["properties"][key].get("format") not in ("time", "date-time"):
                assert got[key] == value and type(got[key]) is type(value), (key, value, got[key])


def test_every_invalid_class_is_refused_by_the_boundary():
    tool, calls = _tool(), coverage("invalid", SCHEMA)
    kinds = {label.kind for call in calls for label in call.labels}
    assert {"overflow", "bool_for_number", "enum_contains_member", "enum_separator_variant", "enum_prefix",
            "non_leap_day", "impossible_time", "duplicate_items"} <= kinds
    for call in calls:
        with pytest.raises(CorrectionError):
            tool.normalise(call.args)


def test_every_new_rendering_is_read_as_meant_or_refused():
    tool, calls = _tool(), coverage("hallucinated", SCHEMA)
    new = {"int_dot_thousands", "num_decimal_comma", "datetime_for_date", "datetime_for_time",
           "datetime_offset_forms", "uuid_forms"}
    seen = set()
    for call in calls:
        (label,) = call.labels
        if label.family not in new:
            continue
        seen.add(label.family)
        assert label.ambiguous  # a careful reader may refuse these
        try:
            got = tool.normalise(call.args)
        except CorrectionError:
            continue
        assert _same(got[label.path], call.intended[label.path]), (label, got[label.path])
    assert seen == new - {"num_decimal_comma", "int_dot_thousands"} | (seen & {"num_decimal_comma", "int_dot_thousands"})


def _same(got, want):
    import datetime as dt

    if isinstance(want, str) and "T" in want:
        return dt.datetime.fromisoformat(got.replace("Z", "+00:00")) == dt.datetime.fromisoformat(want.replace("Z", "+00:00"))
    return got == want


@pytest.mark.parametrize(("value", "node", "expected"), [
    (1500, {"type": "integer"}, "1.500"),
    (1000, {"type": "integer"}, None),  # "1.000" also reads as the whole number 1
    (3.5, {"type": "number"}, "3,5"),
    (3.125, {"type": "number"}, None),  # "3,125" reads as thousands
])
def test_locale_separators_only_where_the_other_reading_is_impossible(value, node, expected):
    from pytest_aacl.strategies import all_renderings

    found = [r.rendered for r in all_renderings(value, node) if r.family in ("int_dot_thousands", "num_decimal_comma")]
    assert (found[:1] or [None])[0] == expected
