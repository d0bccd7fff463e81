"""The boundary against the official JSON-Schema-Test-Suite (draft 2020-12 and draft-07).

Each test schema becomes the single property `v` of a tool.  For every test, either the
schema is refused when the tool is built (`SpecError`), or every valid instance reaches the
implementation unchanged and every invalid one is corrected (`CorrectionError`) or
normalised to a value the schema accepts (checked with `jsonschema`).  Tools are built with
`debug=True`, so the boundary also re-validates each value it passes on; anything but a
`CorrectionError` from a call counts as a crash.  Hostile Python values (subclasses with
raising methods, tuples, NaN, deep nesting) sent to every suite schema get the same
treatment.  Skipped where the shared reference data is absent.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft7Validator, Draft202012Validator

from pytest_aacl import CorrectionError, SpecError, boundary

_DRAFTS = {"draft2020-12": Draft202012Validator, "draft7": Draft7Validator}
_URLS = {"draft2020-12": "https://json-schema.org/draft/2020-12/schema", "draft7": "http://json-schema.org/draft-07/schema#"}


def _shared() -> Path | None:
    for base in (Path(__file__).resolve().parents[2] / "shared", Path("/work/shared")):
        if (base / "data" / "json-schema-test-suite" / "draft2020-12").is_dir():
            return base / "data" / "json-schema-test-suite"
    return None


SHARED = _shared()
pytestmark = pytest.mark.skipif(SHARED is None, reason="shared JSON-Schema-Test-Suite data not present")


def _move_refs(node: Any) -> Any:
    """The test schema's root-relative refs, re-pointed under `/properties/v`."""
    if isinstance(node, list):
        return [_move_refs(x) for x in node]
    if not isinstance(node, dict):
        return node
    out = {}
    for key, value in node.items():
        if key == "$ref" and isinstance(value, str) and (value == "#" or value.startswith("#/")):
            out[key] = "#/properties/v" + value[1:]
        elif key in ("enum", "const", "default", "examples"):
            out[key] = value  # data, not schemas
        else:
            out[key] = _move_refs(value)
    return out


def _wrap(schema: Any, draft: str) -> dict[str, Any]:
    return {"$schema": _URLS[draft], "type": "object", "properties": {"v": _move_refs(schema)}, "required": ["v"]}


def _same(a: Any, b: Any) -> bool:
    """The same JSON value: same types (True is not 1, "1" is not 1), same contents; numbers
    compare by value (JSON has one number type: 1.0 and 1 are the same integer)."""
    if type(a) in (int, float) and type(b) in (int, float):
        return bool(a == b)
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, float) and math.isnan(a):
        return False
    return bool(a == b)


def _cases() -> list[tuple[str, str, Path]]:
    if SHARED is None:
        return []
    return [(draft, path.stem, path) for draft in _DRAFTS for path in sorted((SHARED / draft).glob("*.json"))]


def run_suite() -> dict[str, list[str]]:
    """Every outcome, by category: `built`, `refused`, `ok`, and the three defect kinds."""
    outcomes: dict[str, list[str]] = {k: [] for k in ("built", "refused", "ok", "invalid_reached", "valid_changed", "valid_refused", "crashed")}
    for draft, stem, path in _cases():
        validator_cls = _DRAFTS[draft]
        for group in json.loads(path.read_text(encoding="utf-8")):
            where = f"{draft}/{stem}: {group['description']}"
            received: list[Any] = []
            try:
                tool = boundary(received.append, schema=_wrap(group["schema"], draft), name="t", debug=True)
            except SpecError as exc:
                outcomes["refused"].append(f"{where}: {exc}")
                continue
            except Exception as exc:
                outcomes["crashed"].append(f"{where}: build: {type(exc).__name__}: {exc}")
                continue
            outcomes["built"].append(where)
            tool.implementation = lambda v, _r=received: _r.append(v)  # type: ignore[misc]
            validator = validator_cls(group["schema"])
            for test in group["tests"]:
                label = f"{where} / {test['description']}"
                received.clear()
                try:
                    tool(v=test["data"])
                except CorrectionError:
                    if test["valid"] and not (stem == "format" and isinstance(test["data"], str)):
                        outcomes["valid_refused"].append(label)
                    else:
                        outcomes["ok"].append(label)
                    continue
                except Exception as exc:
                    outcomes["crashed"].append(f"{label}: {type(exc).__name__}: {exc}")
                    continue
                value = received[0]
                if test["valid"] and stem == "format" and isinstance(test["data"], str):
                    outcomes["ok"].append(label)  # format is an assertion the boundary may normalise
                    continue
                if test["valid"]:
                    kind = "ok" if _same(value, test["data"]) else "valid_changed"
                else:
                    kind = "ok" if not _same(value, test["data"]) and validator.is_valid(value) else "invalid_reached"
                outcomes[kind].append(label if kind == "ok" else f"{label}: {test['data']!r} -> {value!r}")
    return outcomes


@pytest.fixture(scope="module")
def outcomes() -> dict[str, list[str]]:
    found = run_suite()
    # every test below judges these outcomes: an empty list of defects means something only
    # when the suite was actually run through the boundary
    assert len(found["built"]) > 300, "most schemas of the suite must build"
    assert len(found["ok"]) > 1000
    return found


def test_the_suite_is_exercised(outcomes: dict[str, list[str]]) -> None:
    assert len(outcomes["built"]) > 300 and len(outcomes["ok"]) > 1000
    assert 0 < len(outcomes["refused"]) < len(outcomes["built"])


@pytest.mark.parametrize("kind", ["invalid_reached", "valid_changed", "valid_refused", "crashed"])
def test_no_defects(outcomes: dict[str, list[str]], kind: str) -> None:
    assert outcomes[kind] == []


class _Raising(str):
    def __eq__(self, other: object) -> bool:
        raise RuntimeError("a hostile __eq__")

    __hash__ = None  # type: ignore[assignment]


def _deep(n: int) -> list[Any]:
    out: list[Any] = []
    for _ in range(n):
        out = [out]
    return out


_HOSTILE: list[Any] = [
    (1, "a"), _Raising("x"), [_Raising("a"), _Raising("a")], {"k": _Raising("v")}, {1: 2}, {1, 2},
    float("nan"), float("-inf"), 10**400, _deep(300), b"bytes", object(), "yes", "null", " 7 ", "[1, 2]",
]


def _built_tools() -> Iterator[tuple[str, str, dict[str, Any], Any]]:
    """(draft, file stem, test group, tool) for every suite schema the boundary builds."""
    for draft, stem, path in _cases():
        for group in json.loads(path.read_text(encoding="utf-8")):
            try:
                tool = boundary(lambda v: v, schema=_wrap(group["schema"], draft), name="t", debug=True)
            except SpecError:
                continue
            yield draft, stem, group, tool


def test_hostile_values_are_corrected_or_normalised_to_valid_json() -> None:
    calls = 0
    for _draft, _stem, _group, tool in _built_tools():
        for value in _HOSTILE:
            calls += 1
            try:
                tool(v=value)  # debug=True: a value the schema rejects raises BoundaryInvariantError
            except CorrectionError:
                pass
    assert calls > 5000


_WORDS = ["", "a", "foo", "yes", "no", "null", "1", "2.5", "-3", "[1, 2]", '{"a": 1}', "true", "2020-01-02", "a,b", " x ", "aaaa", "foo bar"]
_SCALARS: list[Any] = [None, True, False, 0, 1, -1, 2, 3, 1.5, 2.0, -0.5, 10**20, 1e10, *_WORDS]
_KEYS = ["a", "b", "foo", "bar", "baz", "x", "1", "aa", "fOo"]


def _random_json(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.random()
    if depth > 3 or roll < 0.55:
        return rng.choice(_SCALARS)
    if roll < 0.8:
        return [_random_json(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {rng.choice(_KEYS): _random_json(rng, depth + 1) for _ in range(rng.randint(0, 4))}


def test_random_json_values_keep_the_invariant() -> None:
    """Beyond the suite's own instances: seeded random JSON values near the suite's data,
    on every schema that builds.  Valid ones pass unchanged; invalid ones are corrected or
    normalised to valid values (`debug=True` re-validates each)."""
    rng = random.Random(20261126)
    defects: list[str] = []
    judged = {"valid": 0, "corrected": 0}
    for draft, stem, group, tool in _built_tools():
        validator = _DRAFTS[draft](group["schema"])
        for _ in range(25):
            value = _random_json(rng)
            valid = validator.is_valid(value) and stem != "format"
            judged["valid"] += valid
            try:
                out = tool(v=value)
            except CorrectionError as exc:
                judged["corrected"] += 1
                if valid:
                    defects.append(f"{stem}: {group['description']}: valid {value!r} refused: {exc}")
                continue
            if valid and not _same(out, value):
                defects.append(f"{stem}: {group['description']}: valid {value!r} became {out!r}")
    assert defects == []
    assert judged["valid"] > 1000 and judged["corrected"] > 1000, judged  # both sides were exercised


if __name__ == "__main__":  # figures for a report: python tests/test_json_schema_suite.py
    found = run_suite()
    print({k: len(v) for k, v in found.items()})
    for kind in ("invalid_reached", "valid_changed", "valid_refused", "crashed"):
        for line in found[kind]:
            print(kind, "|", line[:300])
    for line in found["refused"]:
        print("refused", "|", line[:300])
