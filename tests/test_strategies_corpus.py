"""`conforming`, `hallucinated` and `invalid` on schemas nobody here wrote: hypothesis-
jsonschema's own test corpus (shared reference data; skipped where absent).

Every satisfiable schema yields 20 examples that validate with jsonschema (format checker
on) and no health-check failure, or is in `REFUSED` with its reason; every unsatisfiable
one is refused with one `InvalidArgument`.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from pytest_aacl.strategies import conforming, hallucinated, invalid


def _shared() -> Path | None:
    for base in (Path(__file__).resolve().parents[2] / "shared", Path("/work/shared")):
        if (base / "data" / "hypothesis-jsonschema-corpus" / "schemas.jsonl").is_file():
            return base / "data" / "hypothesis-jsonschema-corpus"
    return None


SHARED = _shared()
pytestmark = pytest.mark.skipif(SHARED is None, reason="shared hypothesis-jsonschema corpus not present")

_REMOTE = "a remote $ref (http://localhost:1234/...) needs a network fetch; tool schemas must be self-contained"
# (a remote $ref where drawing can avoid it, e.g. an optional property, is never drawn into:
# the "base URI change" and "root ref in remote ref" rows generate)
#: satisfiable schemas `conforming` refuses, each with the reason (checked against the message).
REFUSED: dict[str, tuple[str, str]] = {
    "suite/draft7/fragment within remote ref": ("remote $ref", _REMOTE),
    "suite/draft7/ref within remote ref": ("remote $ref", _REMOTE),
    "suite/draft7/remote ref": ("remote $ref", _REMOTE),
    "suite/draft7/remote ref with ref to definitions": ("remote $ref", _REMOTE),
    "suite/draft7/ECMA 262 regex escapes control codes with \\c and lower letter": (
        "not a valid regular", "ECMA-262 `\\c` escapes are not Python regular expressions"),
    "suite/draft7/ECMA 262 regex escapes control codes with \\c and upper letter": (
        "not a valid regular", "ECMA-262 `\\c` escapes are not Python regular expressions"),
    "suite/draft7/unicode semantics should be used for all pattern matching": (
        "not a valid regular", "`\\p{Letter}` is not a Python regular expression"),
    "canonicalise/to_expected[5]": ("multipleOf", "a negative multipleOf is not a valid schema"),
}
#: labelled `unsat` in the corpus, yet jsonschema accepts what is generated (the corpus
#: keeps these from hypothesis-jsonschema's invalid-instance suite; the schemas have values).
#: "unsat" rows that are not JSON Schemas at all: refused as unusable, not as unsatisfiable
NOT_SCHEMAS = {
    "canonicalise/to_empty[12]": "minimum greater than maximum",
    "canonicalise/to_empty[22]": "an empty oneOf",
    "canonicalise/to_empty[26]": "minProperties greater than maxProperties",
    "canonicalise/merged[0]": "an empty type list",
    "from_schema/INVALID_REGEX_SCHEMA": "an invalid pattern",
}
SATISFIABLE_AFTER_ALL = {
    "invalid_suite/draft7/additionalItems should not look in applicators, invalid case": "[] is valid",
    "invalid_suite/draft7/additionalProperties should not look in applicators": "{} is valid",
    "invalid_suite/draft7/invalid instance should not raise error when float division = inf": "0 is valid",
}

def _rows() -> list[dict[str, Any]]:
    if SHARED is None:
        return []
    lines = (SHARED / "schemas.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


ROWS = _rows()


def _validator(schema: dict[str, Any]) -> Any:
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    return cls(schema, format_checker=cls.FORMAT_CHECKER)


def _draw(strategy: st.SearchStrategy[Any], examples: int = 20) -> list[Any]:
    """`examples` draws through a real Hypothesis run (health checks on, seed fixed)."""
    out: list[Any] = []

    @settings(max_examples=examples, database=None, derandomize=True, deadline=None,
              phases=[Phase.generate], suppress_health_check=[HealthCheck.differing_executors])
    @given(strategy)
    def run(value: Any) -> None:
        out.append(value)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        run()
    return out


def _generates(row: dict[str, Any]) -> list[Any]:
    values = _draw(conforming(row["schema"]))
    check = _validator(row["schema"])
    bad = [v for v in values if not check.is_valid(v)]
    assert not bad, f"{len(bad)} invalid of {len(values)}, e.g. {bad[0]!r}"
    assert values  # Hypothesis stops early only when a small space is exhausted
    return values


@pytest.mark.parametrize("row", [r for r in ROWS if r["expect"] != "unsat" and r["name"] not in REFUSED],
                         ids=lambda r: r["name"])
def test_satisfiable_schemas_generate_valid_examples(row: dict[str, Any]) -> None:
    _generates(row)


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_listed_refusals_are_one_clear_invalid_argument(name: str) -> None:
    row = next((r for r in ROWS if r["name"] == name), None)
    assert row is not None and row["expect"] == "sat", name
    with pytest.raises(InvalidArgument) as info:
        conforming(row["schema"])
    assert REFUSED[name][0] in str(info.value)
    assert len(str(info.value)) < 400


@pytest.mark.parametrize("row", [r for r in ROWS if r["expect"] == "unsat"], ids=lambda r: r["name"])
def test_unsatisfiable_schemas_are_refused_or_proved_satisfiable(row: dict[str, Any]) -> None:
    if row["name"] in SATISFIABLE_AFTER_ALL:
        _generates(row)  # the label is wrong: every example validates
        return
    with pytest.raises(InvalidArgument) as info:
        conforming(row["schema"])
    message = str(info.value)
    assert "\n" not in message and len(message) < 400
    if row["name"] in NOT_SCHEMAS:
        assert "is not a usable tool schema: invalid tool spec at /" in message, message
    else:
        assert "no value satisfies" in message, message


def test_coverage_of_satisfiable_schemas() -> None:
    satisfiable = [r for r in ROWS if r["expect"] == "sat"]
    generated = len(satisfiable) - len(REFUSED)  # each of them is checked above
    assert generated / len(satisfiable) >= 0.95  # 325 of 333 (hypothesis-jsonschema 0.23.1: 301)


def test_an_unsatisfiable_property_is_named_by_its_pointer() -> None:
    schema = {"type": "object", "required": ["when"], "properties": {
        "when": {"type": "object", "required": ["at"], "properties": {
            "at": {"allOf": [{"type": "string"}, {"type": "integer"}]}}}}}
    with pytest.raises(InvalidArgument, match=r"/properties/when/properties/at"):
        conforming(schema)


_GENERATED = [r for r in ROWS if r["expect"] == "sat" and r["name"] not in REFUSED]
#: failures that come from the rendering/mutation modules (strategies/_hallucinated.py,
#: _invalid.py), not from conforming; strict xfails while they are open (run, so a fix shows
#: as XPASS and the row must leave the list: 14 rows had been fixed unnoticed while these
#: were not run).
KNOWN_HALLUCINATED: set[str] = {
    # met after merging the stratified (family-first) random phase: it grafts coverage values
    # into draws, which trips filters on these combinator / ref-heavy schemas
    'suite/draft7/$id inside an unknown keyword is not a real identifier',
    'suite/draft7/relative pointer ref to object',
    'suite/draft7/anyOf',
    'suite/draft7/anyOf with one empty schema',
    'suite/draft7/oneOf',
    'suite/draft7/oneOf with empty schema',
    'canonicalise/to_expected[17]',
    'canonicalise/to_expected[21]',
    'canonicalise/to_expected[22]',
    'canonicalise/to_expected[28]',
    'from_schema/UNIQUE_NUMERIC_ARRAY_SCHEMA',
}  # health checks while steering to renderable values
KNOWN_INVALID: set[str] = {
    # open since the merge of issues 18/21: conforming now draws these (an unresolvable remote
    # $ref in an optional place admits nothing), but invalid() on them ends in Unsatisfiable
    'suite/draft4/base URI change - change folder',
    'suite/draft4/base URI change - change folder in subschema',
    'suite/draft4/root ref in remote ref',
    'suite/draft7/base URI change - change folder',
    'suite/draft7/base URI change - change folder in subschema',
    'suite/draft7/root ref in remote ref',
    'suite/draft7/relative pointer ref to object',  # a ref inside allOf the invalid builder cannot follow
    'canonicalise/to_expected[35]',
    'canonicalise/to_expected[36]',
    'from_schema/OVERLAPPING_PATTERNS_SCHEMA',
    'suite/draft4/\\d in patternProperties matches [0-9], not unicode digits',
    'suite/draft4/\\w in patternProperties matches [A-Za-z0-9_], not unicode letters',
    'suite/draft4/unicode characters do not match ascii ranges',
    'suite/draft4/unicode digits are more than 0 through 9',
    'suite/draft4/unicode semantics should be used for all patternProperties matching',
    'suite/draft7/Proper UTF-16 surrogate pair handling: patternProperties',
    'suite/draft7/\\d in patternProperties matches [0-9], not unicode digits',
    'suite/draft7/\\w in patternProperties matches [A-Za-z0-9_], not unicode letters',
    'suite/draft7/additionalProperties allows a schema which should validate',
    'suite/draft7/additionalProperties are allowed by default',
    'suite/draft7/additionalProperties being false does not allow other properties',
    'suite/draft7/additionalProperties can exist by itself',
    'suite/draft7/forbidden property',
    'suite/draft7/multiple simultaneous patternProperties are validated',
    'suite/draft7/non-ASCII pattern with additionalProperties',
    'suite/draft7/object type matches objects',
    'suite/draft7/oneOf with required',
    'suite/draft7/patternProperties validates properties matching a regex',
    'suite/draft7/patternProperties with boolean schemas',
    'suite/draft7/properties with boolean schema',
    'suite/draft7/properties, patternProperties, additionalProperties interaction',
    'suite/draft7/ref overrides any sibling keywords',
    'suite/draft7/refs with relative uris and defs',
    'suite/draft7/regexes are not anchored by default and are case sensitive',
    'suite/draft7/relative refs with absolute uris and defs',
    'suite/draft7/required default validation',
    'suite/draft7/required with empty array',
    'suite/draft7/root pointer ref',
    'suite/draft7/unicode characters do not match ascii ranges',
    'suite/draft7/unicode digits are more than 0 through 9',
    'suite/draft7/unicode semantics should be used for all patternProperties matching',
}  # mutations these schemas still accept (a field that takes null or anything): invalid()
#    filters them out, so it has nothing left to draw here (Unsatisfiable / filter_too_much)
#    rather than ever sending a valid call labelled invalid


def _params(known: set[str], what: str) -> list[Any]:
    """The generated rows, the known failures marked as strict xfails (run: a fix is noticed)."""
    mark = pytest.mark.xfail(strict=True, reason=f"open defect in {what} on this schema")
    return [pytest.param(r, id=r["name"], marks=[mark] if r["name"] in known else []) for r in _GENERATED]


@pytest.mark.parametrize("row", _params(KNOWN_HALLUCINATED, "strategies/_hallucinated.py"))
def test_hallucinated_intends_valid_values(row: dict[str, Any]) -> None:
    check = _validator(row["schema"])
    try:
        strategy = hallucinated(row["schema"])
    except InvalidArgument:
        return  # nothing in this schema can be re-rendered: hallucinated says so and stops
    calls = _draw(strategy, 10)
    bad = [c.intended for c in calls if not check.is_valid(c.intended)]
    assert not bad, f"hallucinated intends invalid values, e.g. {bad[0]!r}"


@pytest.mark.parametrize("row", _params(KNOWN_INVALID, "strategies/_invalid.py"))
def test_invalid_draws_are_invalid(row: dict[str, Any]) -> None:
    check = _validator(row["schema"])
    try:
        strategy = invalid(row["schema"])
    except InvalidArgument:
        return
    mutated = _draw(strategy, 10)
    valid = [c for c in mutated if check.is_valid(c.args)]
    assert not valid, f"invalid() drew a valid call, e.g. {valid[0].args!r} ({valid[0].labels})"


# -- JSON-Schema-Test-Suite (draft2020-12 and draft7): conforming refuses or draws valid data

_DIALECTS = {"draft2020-12": "https://json-schema.org/draft/2020-12/schema",
             "draft7": "http://json-schema.org/draft-07/schema#"}


def _suite() -> list[Any]:
    if SHARED is None:
        return []
    out = []
    for draft, dialect in _DIALECTS.items():
        for path in sorted((SHARED.parent / "json-schema-test-suite" / draft).glob("*.json")):
            for group in json.loads(path.read_text(encoding="utf-8")):
                schema = group["schema"]
                if isinstance(schema, dict) and schema.get("type") == "object":
                    wrapped = {"$schema": dialect, **schema}
                else:
                    lifted = ("$defs", "definitions", "$id")
                    inner = schema if not isinstance(schema, dict) else {
                        k: v for k, v in schema.items() if k not in ("$schema", *lifted)}
                    wrapped = {"$schema": dialect, "type": "object", "properties": {"v": inner}, "required": ["v"]}
                    wrapped.update({k: schema[k] for k in lifted if isinstance(schema, dict) and k in schema})
                out.append(pytest.param(wrapped, id=f"{draft}/{path.name}/{group['description']}"))
    return out


@pytest.mark.parametrize("schema", _suite())
def test_test_suite_schemas_are_refused_or_generate_valid_data(schema: dict[str, Any]) -> None:
    try:
        strategy = conforming(schema)
    except InvalidArgument as err:
        assert "\n" not in str(err)
        return
    check = _validator(schema)
    values = _draw(strategy, 5)
    assert values and all(check.is_valid(v) for v in values)
