"""Advice and side reports that trial 10 found wrong on real servers: each is a user reading
a line that blames the wrong thing.  Fixed behaviour, tested the way a user meets it (`fuzz`)."""

from __future__ import annotations

import random
from typing import Any

from pytest_aacl.strategies import coverage

from pytest_aacl import fuzz
from pytest_aacl._errors import render_value


def test_a_refusal_about_another_argument_is_not_blamed_on_the_rendered_one() -> None:
    """mcp-cryptography: "length must be >= 1 ... it was 0" was about `common_name=''`; the
    advice asked for `days_valid` to be named because the call had rendered days_valid."""

    def make_cert(common_name: str, days_valid: int = 365) -> str:
        if not 1 <= len(common_name) <= 64:
            raise ValueError(f"Attribute's length must be >= 1 and <= 64, but it was {len(common_name)}")
        if int(days_valid) < 1:
            raise ValueError("the value must be at least 1")
        return f"CN={common_name} for {int(days_valid)} days"

    report = fuzz(_mcp(make_cert), checks=["correction_quality"], max_examples=80, seed=0)
    messages = [a.message for a in report.advice]
    assert not [m for m in messages if "Attribute's length" in m], messages
    # the vague message about days_valid itself is still advice, on days_valid
    assert [m for m in messages if "'days_valid'" in m and "must be at least 1" in m], messages


def _mcp(*tools: Any) -> Any:
    from fastmcp import FastMCP

    server = FastMCP("trial")
    for tool in tools:
        server.tool(tool)
    return server


def test_a_nested_fields_own_name_is_enough() -> None:
    """takanarishimbo-datetime-mcp-server: one object argument `args`; "Unknown timezone 'x'"
    names `args.timezone`, and the advice asked for the wrapper's name `args`."""
    schema = {"type": "object", "required": ["args"], "properties": {"args": {
        "type": "object", "properties": {"timezone": {"type": "string"}, "format": {"type": "string"}}}}}

    def get_time(args: dict[str, Any]) -> str:
        zone = args.get("timezone", "UTC")
        if zone not in ("UTC", "Europe/Kyiv"):
            raise ValueError(f"Error: Unknown timezone '{zone}', expected an IANA zone name")
        return f"12:00 {zone}"

    report = fuzz(get_time, schema=schema, checks=["correction_quality"], max_examples=60, seed=0)
    assert report.examples_run > 0
    assert not [a for a in report.advice if "field name 'args'" in a.message], [a.message for a in report.advice]


def _geojson(geojson: Any) -> str:
    return "ok"


def test_a_union_whose_text_is_serialised_json_gets_no_list_or_text_advice() -> None:
    """geospatial-mcp: `str | dict | list` described as "GeoJSON string, dictionary, Feature, or
    coordinates array"; asking whether 'a,b' means two items was noise."""
    union = {"anyOf": [{"type": "string"}, {"type": "object", "additionalProperties": True},
                       {"type": "array", "items": {"type": "string"}}]}
    schema = {"type": "object", "required": ["geojson", "shape"], "properties": {
        "geojson": {**union, "description": "Input geometry (GeoJSON string, dict, Feature, or coordinates)."},
        "shape": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
                  "description": "A serialised JSON array, or the array."},
        "tags": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}}}
    report = fuzz(lambda geojson, shape, tags=None: "ok", schema=schema, checks=["no_silent_corruption"],
                  max_examples=10, seed=0)
    assert [a.args for a in report.advice if a.check == "list_or_text"] == [{"tags": "a,b"}]


def test_a_bound_only_the_description_states_guides_intended_values_and_stays_advice_outside() -> None:
    """mcp-cryptography: `key_size: int` documented "Must be at least 2048"; nine of ten intended
    key sizes were below it, so the run warned that nothing got past `key_size`."""
    schema = {"type": "object", "required": ["key_size"], "properties": {
        "key_size": {"type": "integer", "description": "Key size in bits. Must be at least 2048."}}}
    meant = [call["key_size"] for call in coverage("conforming", schema)]
    meant += [case.intended["key_size"] for case in coverage("hallucinated", schema)]
    assert meant and min(meant) >= 2048, sorted(meant)[:5]
    invalid = [(label.family, label.rendered) for case in coverage("invalid", schema) for label in case.labels]
    assert ("described_bound", 2047) in invalid
    assert not [r for family, r in invalid if family == "out_of_bounds"], invalid


def test_a_documented_bound_lets_the_run_reach_the_tool() -> None:
    def generate_rsa_key(key_size: int = 2048) -> str:
        """Generate an RSA key pair.

        Args:
            key_size: Key size in bits (default 2048). Must be at least 2048.
        """
        if key_size < 2048:
            raise ValueError("key_size must be at least 2048 bits")
        return "-----BEGIN PUBLIC KEY-----"

    report = fuzz(_mcp(generate_rsa_key), max_examples=60, seed=0)
    assert "WARNING" not in str(report), report
    assert report.calls["generate_rsa_key"].reached >= 20, report.calls["generate_rsa_key"].line()


def test_the_example_of_an_unreproducible_answer_is_the_call_repeated() -> None:
    """The text said "the same arguments {'length': 5}" and the example line under it showed
    the rendering `length='5'`."""

    def random_bytes(length: int) -> str:
        return random.randbytes(max(1, min(int(length), 64))).hex()

    report = fuzz(random_bytes, checks=["no_silent_corruption"], max_examples=30, seed=0)
    assert report.ok and report.unreproducible, report
    for item in report.unreproducible:
        assert render_value(item.args, 240, readable=True) in item.message, (item.call, item.message)


def test_a_number_shown_as_the_tool_read_it_is_the_value_received() -> None:
    """Trial 12 (mcp-datetimeday): "year -1 is out of range" for year='-01' shows the value, as
    read; the advice said it lacked it."""
    from pytest_aacl._check_support import text_correction_lacks

    said = "Error calling tool 'days_in_month': year -1 is out of range"
    assert "the value received" not in text_correction_lacks(said, ["year"], ["-01"], "days_in_month")
    assert "the value received" in text_correction_lacks("year is out of range", ["year"], ["-01"], "days_in_month")


def test_a_field_named_like_its_tool_is_named_by_the_message() -> None:
    """vibe-math-mcp's `percentage` tool has a `percentage` argument: "Missing required
    argument(s): percentage" was advised to lack the field name (the tool's name was taken out)."""
    from pytest_aacl._check_support import text_correction_lacks

    said = "Error executing tool percentage: Missing required argument(s): percentage"
    assert not any("field name" in lack for lack in text_correction_lacks(said, ["percentage"], [], "percentage"))
    said = "Error executing tool matrix_transpose: expected a list"
    assert any("field name" in lack for lack in text_correction_lacks(said, ["matrix"], [[1]], "matrix_transpose"))


def test_requires_and_ensure_say_what_is_expected() -> None:
    """vibe-math-mcp: "sumproduct requires array2" and "Ensure data contains columns: region,
    product, sales" say what is expected; the advice said they did not."""
    from pytest_aacl._check_support import text_correction_lacks

    for said in ("sumproduct requires array2", '"region" not found. Ensure data contains columns: region, product'):
        assert "what is expected" not in text_correction_lacks(said, ["array2", "data"], [], "t")


def test_a_field_named_with_a_capital_at_the_start_of_the_refusal_is_the_one_refused() -> None:
    """Trial 14: bp-percentile's "Sex must be 'male' or 'female'" (the base call's `sex`) was
    blamed on `years`, the field the call varied: names were only looked for as written."""
    from pytest_aacl._reach import refused_argument

    args = {"years": 5.0, "months": 5, "height": 5, "sex": "example", "systolic": 5, "diastolic": 5}
    assert refused_argument(args, "Error executing tool bp_percentile: Sex must be 'male' or 'female'") == "sex"
    assert refused_argument({"a": 1, "b": 2}, "A must be positive") == ""  # a letter is no name

    def percentile(years: int, months: int, height: int, sex: str, systolic: int, diastolic: int) -> str:
        if sex not in ("male", "female"):
            raise ValueError("Sex must be 'male' or 'female'")
        return f"{sex}: {systolic}/{diastolic} at {years}y{months}m, {height} cm"

    report = fuzz(percentile, checks=["correction_quality"], max_examples=60, seed=0)
    blamed = [a.message for a in report.advice if "Sex must be" in a.message and "field name" in a.message]
    assert not blamed, blamed
