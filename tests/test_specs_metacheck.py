"""The compiled metaschema check answers exactly as jsonschema's validator does.

Only its "valid" is trusted (a rejection is re-checked by jsonschema, which words the
error), so a disagreement either way is a bug: "valid" where jsonschema says no would let
a malformed schema through unexplained, and the reverse would cost the speed it exists for.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pytest_aacl._specs._jsonschema import _metavalidator, _valid_for
from pytest_aacl._specs._metacheck import compiled

DRAFTS = (4, 6, 7, 2019, 2020)
CORPUS = Path(__file__).resolve().parents[1] / "pattern_validation" / "realworld" / "schemas"
SUITE = Path(__file__).resolve().parents[2] / "shared" / "data" / "json-schema-test-suite"


@pytest.mark.parametrize("draft", DRAFTS)
def test_every_metaschema_compiles(draft: int) -> None:
    """None would mean jsonschema does all the work again, silently slow."""
    assert compiled(_metavalidator(draft).schema, draft) is not None


@pytest.mark.parametrize("draft", DRAFTS)
def test_it_agrees_with_jsonschema_on_published_schemas(draft: int) -> None:
    """The real-world corpus: large, `$ref`-heavy schemas of every draft (and, read under a
    draft they were not written for, some that draft's metaschema rejects)."""
    docs = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(CORPUS.glob("*.json"))
            if p.stat().st_size < 15_000]
    assert len(docs) > 100
    reference = _metavalidator(draft)
    answers = [(_valid_for(draft)(d), reference.is_valid(d)) for d in docs]
    assert [i for i, (fast, slow) in enumerate(answers) if fast != slow] == []
    assert any(slow for _, slow in answers)


def test_it_agrees_with_jsonschema_on_the_official_test_suite() -> None:
    """Every schema and every instance of the JSON-Schema-Test-Suite, as a candidate schema."""
    if not SUITE.is_dir():
        pytest.skip(f"{SUITE} is absent (the team's shared reference data is not checked out)")
    docs: list[Any] = []
    for path in sorted(SUITE.glob("**/*.json")):
        for group in json.loads(path.read_text(encoding="utf-8")):
            docs += [group["schema"], *(t["data"] for t in group["tests"])]
    assert len(docs) > 1000
    for draft in (7, 2020):
        reference = _metavalidator(draft)
        wrong = [d for d in docs if _valid_for(draft)(d) != reference.is_valid(d)]
        assert wrong == [], (draft, wrong[:3])


_WORDS = ["type", "properties", "items", "enum", "const", "required", "minimum", "exclusiveMinimum",
          "maximum", "exclusiveMaximum", "minLength", "pattern", "additionalProperties", "anyOf", "allOf",
          "not", "$ref", "$defs", "definitions", "dependencies", "dependentRequired", "propertyNames",
          "uniqueItems", "minItems", "format", "$anchor", "$id", "id", "default", "title", "$schema",
          "contains", "if", "then", "prefixItems", "multipleOf", "$dynamicRef", "$recursiveAnchor"]
_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.sampled_from([0.0, 1.0, 1.5, -2.0]),
                     st.sampled_from(["", "a", "string", "integer", "#", "#/$defs/a", "^x$", "(", "a b"]))
_SCHEMAS = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.sampled_from(_WORDS) | st.sampled_from(["a", "b"]), inner, max_size=4)),
    max_leaves=12)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(DRAFTS), _SCHEMAS)
def test_it_agrees_with_jsonschema_on_schema_shaped_noise(draft: int, candidate: Any) -> None:
    """Keyword-shaped values of every JSON type where the metaschemas put their constraints
    (`true` against `1`, `1.0` as an integer, a list where a map is needed...)."""
    assert _valid_for(draft)(candidate) == _metavalidator(draft).is_valid(candidate)


def test_an_unsupported_metaschema_keyword_falls_back_to_jsonschema() -> None:
    assert compiled({"type": "object", "properties": {"a": {"multipleOf": 2}}}, 7) is None
    assert compiled({"$ref": "https://example.com/other"}, 7) is None
    check = compiled({"type": "object", "properties": {"a": {"$ref": "#"}}}, 7)
    assert check is not None  # a reference back to the root compiles
    assert check({"a": {"a": {}}}) is True
    assert check({"a": {"a": 1}}) is False and check([]) is False
