"""What a field's name and its own words say it takes, and what a refusal quotes back.

* A plain string named like a URL (`source_url`, `uri`, `links[]`) gets the canonical values
  of the format its name implies (URIs of every scheme, data: URIs included), not "café"
  and SQL: a tool that takes a URI refusing free text is not the defect to look for.
* Every value a field's description or `examples` gives is sent as a canonical value: a tool
  refusing or crashing on its own example has the plainest defect there is.
* A duration in a smaller unit ("now-60m" for "now-1h") is a rendering a layer may hand on
  as written; a layer that reads it is held to what it makes of the intended value.
* One rule refusing many values, each quoted back unquoted ("Unsupported scheme: café"), is
  one finding.
"""

from __future__ import annotations

import re
import sys
from datetime import timedelta
from typing import Any

from pytest_aacl.strategies import coverage

from pytest_aacl import fuzz
from pytest_aacl._checks import _wording

# -- names imply formats ---------------------------------------------------------------------

URL_SCHEMA = {"type": "object", "required": ["source_url"], "additionalProperties": False,
              "properties": {"source_url": {"type": "string"}, "title": {"type": "string"}}}


def _sent_to(schema: dict[str, Any], field: str) -> dict[str, Any]:
    """family label -> value, of the canonical calls that vary `field`."""
    return {label.family: call[field] for call in coverage("conforming", schema)
            for label in getattr(call, "labels", ()) if label.path == field}


def test_a_field_named_like_a_url_is_walked_with_uris_not_free_text() -> None:
    sent = _sent_to(URL_SCHEMA, "source_url")
    assert "canonical:uri.shapes" in sent
    assert not any(family.startswith("canonical:string.") for family in sent), sorted(sent)
    values = [call["source_url"] for call in coverage("conforming", URL_SCHEMA)]
    assert any(v.startswith("data:") for v in values) and any(v.startswith("file:") for v in values)
    assert "café" not in values
    # a field whose name implies nothing keeps the free-text classes
    assert "canonical:string.unicode_nfc" in _sent_to(URL_SCHEMA, "title")


def test_a_stated_format_or_pattern_wins_over_the_name() -> None:
    schema = {"type": "object", "required": ["url"], "properties": {
        "url": {"type": "string", "pattern": "^[a-z]+$"}}}
    assert not any(family.startswith("canonical:uri") for family in _sent_to(schema, "url"))


def convert_uri_impl(path: str | None = None, content: bytes | None = None) -> dict[str, Any]:
    return {"path": path, "content": content}


def convert_uri(uri: str) -> dict[str, Any]:
    """Takes file: and data: URIs; its data: branch forgets to unpack what it parsed."""
    scheme = uri.split(":", 1)[0].lower()
    if scheme == "file":
        return convert_uri_impl(path=uri[len("file://"):])
    if scheme == "data":
        parsed = None  # the defect: the parser's result was never assigned
        _media, content = parsed  # type: ignore[misc]
        return convert_uri_impl(content=content)
    raise ValueError(f"Unsupported URI scheme: {uri.split(':')[0]}. Supported schemes are: file:, data:")


def test_a_crash_only_a_data_uri_reaches_is_found_and_each_refusal_rule_reported_once() -> None:
    report = fuzz(convert_uri, schema={"type": "object", "required": ["uri"], "properties": {"uri": {"type": "string"}}},
                  implementation=(sys.modules[__name__], "convert_uri_impl"), max_examples=60, seed=0)
    crashes = [f for f in report.findings if f.check == "total" and "NoneType" in f.message]
    assert crashes and str(crashes[0].args["uri"]).startswith("data:"), report
    refused = [f for f in report.findings if f.check == "identity_on_canonical" and "Unsupported URI scheme" in f.message]
    # the rule echoes each refused value unquoted; refusals of labelled canonical values are one finding
    labelled = [f for f in refused if f.labels]
    assert len(labelled) == 1, "\n\n".join(map(str, refused))


def test_the_wording_of_a_refusal_leaves_out_what_it_echoes() -> None:
    rule = "Unsupported URI scheme: {}. Supported schemes are: file:, data:, http:, https:"
    keys = {_wording(rule.format(echo), [sent]) for sent, echo in (
        ("café", "café"), ("  keep  ", "keep"), ('{"a": 1}', '{"a"'), ("urn:isbn:1", "urn"), ("no", "no"),
        ("data", "data"))}
    assert len(keys) == 1, keys
    assert "data:" in keys.pop()  # the rule's own words stay
    assert _wording("value must be positive", ["-3"]) != _wording("value must be a date", ["x"])


# -- the field's own words -------------------------------------------------------------------

def lookup_impl(day: str) -> str:
    return day


def lookup(day: str) -> str:
    """Crashes on the second example its own description gives."""
    if "/" in day:
        month, dd, year = day.split("/")
        return lookup_impl(f"{year}-{month}-{int(dd) + 40:02d}" if int(dd) > 40 else day.split("-")[3])
    return lookup_impl(day)


def test_a_crash_on_the_fields_own_example_is_found() -> None:
    schema = {"type": "object", "required": ["day"], "properties": {"day": {
        "type": "string", "description": "The day", "examples": ["2024-06-01", "06/01/2024"]}}}
    sent = _sent_to(schema, "day")
    assert sent.get("canonical:string.described") == "06/01/2024"
    report = fuzz(lookup, schema=schema, implementation=(sys.modules[__name__], "lookup_impl"), max_examples=40, seed=0)
    assert any(f.check == "total" and f.args.get("day") == "06/01/2024" for f in report.findings), report


# -- durations in another unit ---------------------------------------------------------------

RANGE_SCHEMA = {"type": "object", "required": ["query"], "additionalProperties": False, "properties": {
    "query": {"type": "string"},
    "since": {"type": "string", "description": "How far back, like 'now-2h'"}}}


def query_impl(params: dict[str, Any]) -> dict[str, Any]:
    return params


_UNITS = {"s": timedelta(seconds=1), "m": timedelta(minutes=1), "h": timedelta(hours=1), "d": timedelta(days=1)}


def _since(text: str, minute: timedelta) -> int:
    match = re.fullmatch(r"now-(\d+)([smhd])", text.strip()) if isinstance(text, str) else None
    if match is None:
        raise ValueError(f"since: expected now-<count><s|m|h|d>, like now-2h; received {text!r}")
    unit = minute if match[2] == "m" else _UNITS[match[2]]
    return int((int(match[1]) * unit).total_seconds())


def _query(query: Any) -> str:
    if not isinstance(query, str):
        raise ValueError(f"query: expected text; received {query!r}")
    return query


def query_reads(query: str, since: str = "now-1h") -> dict[str, Any]:
    return query_impl(params={"q": _query(query), "seconds": _since(since, timedelta(minutes=1))})


def query_months(query: str, since: str = "now-1h") -> dict[str, Any]:
    """Reads "m" as months: "now-120m" is ten years back, not two hours."""
    return query_impl(params={"q": _query(query), "seconds": _since(since, timedelta(days=30))})


def query_passes_on(query: str, since: str = "now-1h") -> dict[str, Any]:
    """Hands the text to the backend as written (which reads both forms)."""
    if not isinstance(since, str) or not since.startswith("now-"):
        raise ValueError(f"since: expected now-<duration>, like now-2h; received {since!r}")
    return query_impl(params={"q": _query(query), "since": since})


def _duration_findings(layer: Any) -> list[Any]:
    report = fuzz(layer, schema=RANGE_SCHEMA, implementation=(sys.modules[__name__], "query_impl"),
                  checks=["no_silent_corruption"], max_examples=60, seed=0, timeout=30)
    return [f for f in report.findings if "duration_units" in f.family]


def test_a_layer_reading_minutes_as_months_is_found() -> None:
    found = _duration_findings(query_months)
    assert found and found[0].check == "no_silent_corruption", found
    assert found[0].args["since"] in ("now-60m", "now-3600s", "now-120m", "now-7200s"), found[0]


def test_a_duration_read_right_or_handed_on_as_written_is_no_finding() -> None:
    assert _duration_findings(query_reads) == []
    assert _duration_findings(query_passes_on) == []


# -- examples taken apart and put together ---------------------------------------------------

COMMAND_SCHEMA = {"type": "object", "required": ["command"], "properties": {"command": {
    "type": "string", "description": "One command to run (example: 'ls -l' or 'cat notes.txt')"}}}


def run_impl(argv: list[str]) -> list[str]:
    return argv


def run(command: str) -> list[str]:
    """Allows ls and cat with -l; resolves a relative parent path by a table it never filled."""
    argv = command.split()
    if not argv or argv[0] not in ("ls", "cat"):
        raise ValueError(f"Command {argv[:1]} is not allowed: use ls or cat")
    for arg in argv[1:]:
        if arg.startswith("-") and arg != "-l":
            raise ValueError(f"Flag {arg} is not allowed")
        if arg.startswith("../"):
            arg = {}[arg]  # the defect: a KeyError on any parent path
    return run_impl(argv)


def test_a_crash_behind_a_recombined_example_is_found_and_refusals_of_recombinations_are_not() -> None:
    sent = _sent_to(COMMAND_SCHEMA, "command")
    assert sent.get("canonical:string.described") == "cat notes.txt"
    recombined = [call["command"] for call in coverage("conforming", COMMAND_SCHEMA)
                  if any(label.family == "canonical:string.recombined" for label in getattr(call, "labels", ()))]
    assert "ls -l ../notes.txt" in recombined and "ls -l -x" in recombined, recombined
    report = fuzz(run, schema=COMMAND_SCHEMA, implementation=(sys.modules[__name__], "run_impl"), max_examples=40, seed=0)
    assert any(f.check == "total" and "KeyError" in f.message for f in report.findings), report
    # "ls -l -x" refused for its flag: the tool's business, not a finding
    assert not any(f.check == "identity_on_canonical" and "Flag" in f.message for f in report.findings), report


# -- bounds only the description states ------------------------------------------------------

SPEED_SCHEMA = {"type": "object", "required": ["effect"], "properties": {
    "effect": {"type": "integer"},
    "speed": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None,
              "description": "Effect speed (0-255, optional)"}}}


def effect_impl(effect: int, speed: int | None) -> None:
    return None


def set_effect(effect: int, speed: int | None = None) -> None:
    """wled's check: the bound its description states, in code."""
    if speed is not None and not 0 <= speed <= 255:
        raise ValueError(f"speed must be between 0 and 255, got {speed}")
    return effect_impl(effect=effect, speed=speed)


def set_effect_too_strict(effect: int, speed: int | None = None) -> None:
    """Refuses a speed its description allows."""
    if speed is not None and not 0 <= speed <= 100:
        raise ValueError(f"speed must be between 0 and 100, got {speed}")
    return effect_impl(effect=effect, speed=speed)


def test_refusing_a_number_outside_the_bounds_its_description_states_is_no_defect() -> None:
    """The WLED layer refused speed=-1 ("Effect speed (0-255, optional)") and was reported:
    "valid canonical arguments produced a correction".  Refusing 150, which the description
    allows, still is a defect."""
    here = sys.modules[__name__]
    report = fuzz(set_effect, schema=SPEED_SCHEMA, implementation=(here, "effect_impl"), max_examples=60, seed=0,
                  checks=["identity_on_canonical"])
    assert report.ok, report
    strict = fuzz(set_effect_too_strict, schema=SPEED_SCHEMA, implementation=(here, "effect_impl"), max_examples=60,
                  seed=0, checks=["identity_on_canonical"])
    assert any(f.check == "identity_on_canonical" and "between 0 and 100" in f.message for f in strict.findings), strict
