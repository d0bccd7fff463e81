"""Realism: every real-world BFCL tool declaration generates, and real answers are in our families.

Uses the shared BFCL copy (`../shared/data/bfcl`, else `/work/shared/data/bfcl`) and skips
when it is absent.  Declarations are drawn in batches (one Hypothesis example draws one
call per declaration of the batch) so thousands of schemas cost seconds, not minutes.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from pytest_aacl.strategies import FAMILIES, all_renderings, conforming, hallucinated
from test_strategies_consistency import AWAITING_BOUNDARY  # families the boundary does not read yet

from pytest_aacl import CorrectionError, boundary, from_bfcl
from pytest_aacl._oracle import compare_arguments  # the fuzzer's own oracle


def _bfcl_dir() -> Path | None:
    for base in (Path(__file__).resolve().parents[2] / "shared", Path("/work/shared")):
        if (base / "data" / "bfcl").is_dir():
            return base / "data" / "bfcl"
    return None


BFCL = _bfcl_dir()
pytestmark = pytest.mark.skipif(BFCL is None, reason="the shared BFCL data is not on this machine")
BATCH = 60


def _declarations() -> list[dict[str, Any]]:
    assert BFCL is not None
    unique: dict[str, dict[str, Any]] = {}
    for path in sorted(BFCL.glob("BFCL_v4_*.json")):
        for line in path.read_text().splitlines():
            for declaration in json.loads(line)["function"]:
                unique.setdefault(json.dumps(declaration, sort_keys=True), declaration)
    return list(unique.values())


@pytest.fixture(scope="module")
def specs() -> list[Any]:
    return [from_bfcl(d) for d in _declarations()]


def _answers() -> list[Any]:
    assert BFCL is not None
    return [json.loads(line)["ground_truth"] for path in sorted((BFCL / "possible_answer").glob("*.json"))
            for line in path.read_text().splitlines()]


def _hallucinated_or_none(spec: Any) -> Any:
    """`hallucinated(spec)`, or None for a tool with no argument a model could write differently."""
    try:
        return hallucinated(spec)
    except InvalidArgument as error:
        assert "no argument of this schema" in str(error), error
        assert all(p.get("type") in (None, []) for p in spec.parameters["properties"].values())
        return None


def test_almost_every_declaration_has_an_argument_a_model_could_write_differently(specs: list[Any]) -> None:
    nothing_to_render = [spec.name for spec in specs if _hallucinated_or_none(spec) is None]
    print(f"\nBFCL: {len(specs)} unique declarations, {len(nothing_to_render)} without a renderable argument")
    assert len(nothing_to_render) < len(specs) / 50


# The batches are dealt round-robin into PARTS tests, so pytest-xdist spreads the ~20 s of
# drawing over its workers; together the parts draw exactly the batches one test drew.
PARTS = 8


@pytest.mark.parametrize("part", range(PARTS), ids=lambda part: f"part{part + 1}of{PARTS}")
def test_every_declaration_generates_valid_and_hallucinated_calls(specs: list[Any], part: int) -> None:
    drawn = {"conforming": 0, "hallucinated": 0}
    nothing_to_render = []
    batches = [specs[i:i + BATCH] for i in range(0, len(specs), BATCH)][part::PARTS]
    for batch in batches:
        plan = []
        for spec in batch:
            fake = _hallucinated_or_none(spec)
            if fake is None:
                nothing_to_render.append(spec.name)
            plan.append((conforming(spec), fake, jsonschema.Draft202012Validator(spec.parameters)))

        _batch_test(plan, drawn)()
    declarations = sum(len(batch) for batch in batches)
    print(f"\nBFCL part {part + 1} of {PARTS}: {declarations} declarations, {drawn} examples drawn, "
          f"{len(nothing_to_render)} without a renderable argument")
    assert batches
    assert drawn["conforming"] >= 2 * declarations
    assert drawn["hallucinated"] >= 2 * (declarations - len(nothing_to_render))


def _batch_test(plan: list[Any], drawn: dict[str, int]) -> Any:
    """One Hypothesis test drawing a call from every declaration of a batch per example."""

    @settings(max_examples=2, deadline=None, database=None, derandomize=True,
              phases=[Phase.generate],  # a failing batch is reported as drawn, not shrunk
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.data())
    def draw_batch(data: st.DataObject) -> None:
        for valid, fake, validator in plan:
            validator.validate(data.draw(valid))
            drawn["conforming"] += 1
            if fake is not None:
                call = data.draw(fake)
                validator.validate(call.intended)
                assert call.labels
                assert json.dumps(call.args, sort_keys=True) != json.dumps(call.intended, sort_keys=True)
                drawn["hallucinated"] += 1

    return draw_batch


READ_BACK_PARTS = 4


@pytest.mark.parametrize("part", range(READ_BACK_PARTS), ids=lambda part: f"part{part + 1}of{READ_BACK_PARTS}")
def test_boundary_reads_hallucinated_bfcl_calls_as_intended(specs: list[Any], part: int) -> None:
    """The consistency test on real schemas: a sample of a quarter of the declarations, its
    batches dealt round-robin into READ_BACK_PARTS tests (together: every batch, as drawn before)."""
    families = set(FAMILIES) - AWAITING_BOUNDARY
    sample = [spec for spec in specs[::4] if any(p.get("type") for p in spec.parameters["properties"].values())]
    batches = [sample[start:start + BATCH] for start in range(0, len(sample), BATCH)][part::READ_BACK_PARTS]
    checked = [0]
    for batch in batches:
        tools = [(hallucinated(spec, families=families), boundary(lambda **kwargs: kwargs, schema=spec.parameters, name="tool"))
                 for spec in batch]
        _read_back(tools, checked)()
    declarations = sum(len(batch) for batch in batches)
    print(f"\nBFCL boundary agreement, part {part + 1} of {READ_BACK_PARTS}: "
          f"{checked[0]} hallucinated calls over {declarations} declarations")
    assert batches
    assert checked[0] >= declarations


def _read_back(tools: list[Any], checked: list[int]) -> Any:
    @settings(max_examples=2, deadline=None, database=None, derandomize=True, phases=[Phase.generate],
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.data())
    def read_back(data: st.DataObject) -> None:
        for fake, tool in tools:
            call = data.draw(fake)
            try:
                got = tool.normalise_json(call.args)
            except CorrectionError as error:
                assert call.ambiguous, f"{call!r} was refused: {error}"
                continue
            problem = compare_arguments(got, call.intended, tool.spec.parameters)
            assert problem is None, f"{call!r} read as {got!r}: {problem}"
            checked[0] += 1

    return read_back


_DATE_FORMATS = ("%m/%d/%Y", "%d/%m/%Y", "%b.%d,%Y", "%B %d, %Y", "%b %d, %Y", "%d %B %Y", "%Y/%m/%d",
                 "%m-%d-%Y", "%d-%m-%Y", "%b. %d, %Y", "%B %d %Y", "%b %d %Y", "%d.%m.%Y")


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    return []


def test_real_answer_date_forms_are_among_our_renderings() -> None:
    found: dict[str, str] = {}
    missing = []
    for text in {s for answer in _answers() for s in _strings(answer)}:
        if len(text) > 40 or not re.search(r"[0-9]", text) or re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
            continue
        text_ = re.sub(r"(\d)(st|nd|rd|th)\b", r"\1", text)
        for fmt in _DATE_FORMATS:
            try:
                day = dt.datetime.strptime(text_, fmt).date()
            except ValueError:
                continue
            forms = {r.rendered: r.family for r in all_renderings(day.isoformat(), {"type": "string", "format": "date"})
                         if isinstance(r.rendered, str)}
            if text in forms:
                found[text] = forms[text]
            else:
                missing.append(text)
            break
    print(f"\nBFCL answer dates: {len(found)} non-ISO forms rendered by our families, missing: {missing}")
    assert len(found) >= 100
    assert {"Jan.1,2022", "1/1/2022"} <= set(found)
    assert not missing


def test_real_answer_alternatives_are_families_or_declared_synonyms() -> None:
    """A slot whose acceptable answers are several strings for one value is either a family
    we render already (case, quoting, padding) or a synonym a schema declares with
    `x-aacl-synonyms` (`XL` / `Extra Large`); each declared synonym must then be rendered."""
    by_family: dict[str, int] = {}
    synonyms = 0
    for answer in _answers():
        for call in answer:
            for args in call.values():
                for options in args.values():
                    words = [o for o in options if isinstance(o, str) and o.strip()] if isinstance(options, list) else []
                    if len(words) < 2:
                        continue
                    canonical, *others = words
                    plain = {r.rendered: r.family for r in all_renderings(canonical, {"type": "string", "enum": [canonical]})
                             if isinstance(r.rendered, str)}
                    undeclared = []
                    for other in others:
                        if other in plain:
                            by_family[plain[other]] = by_family.get(plain[other], 0) + 1
                        else:
                            undeclared.append(other)
                    if not undeclared:
                        continue
                    schema = {"type": "string", "enum": [canonical], "x-aacl-synonyms": {canonical: undeclared}}
                    rendered = {r.rendered for r in all_renderings(canonical, schema) if r.family == "enum_synonym"}
                    fold = canonical.casefold()
                    expected = {w for w in undeclared if w.casefold() != fold}
                    assert expected <= rendered, (canonical, undeclared)
                    synonyms += len(expected)
    print(f"\nBFCL answer alternatives: {by_family} by family, {synonyms} as declared synonyms")
    assert synonyms >= 50 and by_family
