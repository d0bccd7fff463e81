"""What a tool's description says of each argument, read where its schema says nothing.

FastMCP puts a function's docstring in the tool's description and nothing in the properties;
a model reads "profile: "driving", "walking", or "cycling"" there, and so now does the fuzzer
(mcp-geo in the mutation benchmark: every drawn profile was refused, nothing past it tested).
"""

from __future__ import annotations

import sys
from typing import Any

import pytest

from pytest_aacl import fuzz
from pytest_aacl._specs._docstrings import documented

PARAMS = {"type": "object", "properties": {
    "coordinates": {"type": "string"},
    "profile": {"type": "string", "default": "driving"},
    "limit": {"type": "integer", "description": "already described"}}}


def test_google_style_args_fill_missing_descriptions_only() -> None:
    doc = """Compute a route.

    Args:
        coordinates: JSON array of [lon, lat] pairs (at least 2).
        profile: "driving", "walking", or "cycling".
        limit: never read: the schema has its own words
        other: not a property
    """
    props = documented(PARAMS, doc)["properties"]
    assert props["coordinates"]["description"] == "JSON array of [lon, lat] pairs (at least 2)."
    assert props["profile"]["description"] == '"driving", "walking", or "cycling".'
    assert props["limit"]["description"] == "already described"
    assert "other" not in props
    assert "description" not in PARAMS["properties"]["profile"]  # the caller's schema is left as it was


def test_plain_name_colon_lines_and_their_continuations() -> None:
    doc = """Compute a route between waypoints.

    coordinates: JSON array of [lon, lat] pairs
        (at least 2).
    - profile -- one of "driving" or "walking"
    """
    props = documented(PARAMS, doc)["properties"]
    assert props["coordinates"]["description"] == "JSON array of [lon, lat] pairs (at least 2)."
    assert props["profile"]["description"] == 'one of "driving" or "walking"'


def test_a_description_naming_no_argument_changes_nothing() -> None:
    assert documented(PARAMS, "Compute a route between two places.") is PARAMS
    assert documented(PARAMS, "") is PARAMS


PROFILES = ("driving", "walking", "cycling")


def route_impl(points: str, profile: str) -> dict[str, Any]:
    return {"points": points, "profile": profile}


def route(points: str, profile: str = "driving") -> dict[str, Any]:
    """Compute a route.

    Args:
        points: the waypoints, as text
        profile: "driving", "walking", or "cycling".
    """
    if profile not in PROFILES:
        raise ValueError(f"profile must be one of {', '.join(PROFILES)}")
    return route_impl(points=points, profile=profile)


def test_the_documented_values_are_drawn_so_calls_get_past_a_check_in_code() -> None:
    schema = {"type": "object", "required": ["points", "profile"], "properties": {
        "points": {"type": "string"}, "profile": {"type": "string"}}}
    def undocumented(points: str, profile: str = "driving") -> dict[str, Any]:
        if profile not in PROFILES:  # a refusal that names no value either: nothing to learn from
            raise ValueError("unknown profile")
        return route(points, profile)

    reached = {}
    for tool in (route, undocumented):
        report = fuzz(tool, schema=schema, implementation=(sys.modules[__name__], "route_impl"),
                      checks=["identity_on_canonical"], max_examples=60, seed=0)
        reached[tool.__name__] = report.calls[tool.__name__].schema_valid_reached
    assert reached["route"] >= 10 and reached["undocumented"] == 0, reached


def test_values_a_refusal_offers_get_the_plain_call_past_it() -> None:
    """A model retries with a value the correction lists; so does the probe (cal-scheduler-mcp:
    "calendar 'example' not found ... (available: Home, Work)", and nothing reached the tool)."""
    schema = {"type": "object", "required": ["points", "profile"], "properties": {
        "points": {"type": "string"}, "profile": {"type": "string"}}}

    def offering(points: str, profile: str = "driving") -> dict[str, Any]:
        if profile not in PROFILES:
            raise ValueError(f"profile {profile!r} not found (available: {', '.join(PROFILES)})")
        return route_impl(points=points, profile=profile)

    report = fuzz(offering, schema=schema, implementation=(sys.modules[__name__], "route_impl"),
                  checks=["identity_on_canonical"], max_examples=60, seed=0)
    assert report.calls["offering"].schema_valid_reached >= 10, report.calls["offering"].line()
    rebased = report.calls["offering"].rebased  # the plain call was refused, then built on one offered value
    assert rebased and any(f'"profile": "{p}"' in rebased for p in PROFILES), rebased


def test_a_description_naming_a_date_or_a_code_standard_gives_such_values() -> None:
    """"ISO 8601 date string (YYYY-MM-DD)" is a date, not a date-time (business-day-mcp refused
    every call once its docstring was read); "ISO 3166-1 alpha-2 code" asks for "US", not "France"."""
    from pytest_aacl.strategies._examples import described_in

    assert described_in({"description": "ISO 8601 date string (YYYY-MM-DD). Must be <= end_date."})[0] == "2024-06-01"
    assert described_in({"description": "An ISO 8601 timestamp"})[0] == "2024-01-15T14:30:25+00:00"
    assert described_in({"description": "ISO 3166-1 alpha-2 code (case-insensitive)"})[:1] == ["US"]
    assert described_in({"description": "ISO 4217 currency"})[:1] == ["USD"]
    assert described_in({"description": "2-letter EU country code (e.g., PL, DE, FR)."})[:4] == ["PL", "DE", "FR", "US"]


@pytest.mark.parametrize(("description", "value"), [
    ("Vehicle Identification Number (17 chars, or shorter for partial).", "A1B2C3D4E5F6G7H8J"),
    ("The 6-digit code from the letter", "123456"), ("A 2-letter code", "AB"),
    # a bound is no length
    ("At most 17 characters", None), ("up to 64 chars", None), ("between 2 and 10 characters", None),
])
def test_a_length_the_description_states_gives_a_value_of_that_length(description: str, value: str | None) -> None:
    """The ninth split's VIN decoder answered every value under 11 characters "invalid"; the
    base sent "example" and decoded nothing."""
    from pytest_aacl.strategies._base import candidates
    from pytest_aacl.strategies._schema import build

    found = candidates(build({"type": "string", "description": description}), "code")
    if value is not None:
        assert found[0] == value, found
    else:
        assert not [v for v in found if v.startswith(("A1B2", "1234", "AB"))], found


def test_a_sql_field_an_address_and_a_year_get_what_a_model_sends() -> None:
    """The ninth split's database tool refused `sql="example"` before anything ran."""
    from pytest_aacl.strategies._base import base_call
    from pytest_aacl.strategies._schema import build

    names = ("sql", "ip_address", "cidr", "subnet_mask")
    call = base_call(build({"type": "object", "properties": {**{n: {"type": "string"} for n in names},
                                                             "model_year": {"type": "integer"}}}))
    assert call is not None and call["sql"].startswith("SELECT ") and call["model_year"] == 2024, call
    # (trials 13 and 14: "Seattle" as an `ip_address`, "example" as a `cidr`)
    assert (call["ip_address"], call["cidr"], call["subnet_mask"]) == ("192.168.1.10", "192.168.1.0/24", "255.255.255.0")


@pytest.mark.parametrize(("description", "values"), [
    ("Filing status: single | married_jointly | married_separately | head_of_household",
     ["single", "married_jointly", "married_separately", "head_of_household"]),
    ("Statistic to compute (mean, median, mode, stdev, etc.)", ["mean", "median", "mode", "stdev"]),
    ("Operation (multiply, determinant, inverse)", ["multiply", "determinant", "inverse"]),
    # after "one of", unquoted (trial 14: mcp-print's "One of offset, flexo, ..."); not prose
    ("Print process. One of offset, flexo, gravure or digital.", ["offset", "flexo", "gravure", "digital"]),
    ("Pick one of the following options", []),
    # bare words after "e.g." filling the parentheses (the ninth split's VAT tool: "(e.g., PL, DE, FR)")
    ("A unit of length (e.g. m or ft)", ["m", "ft"]),
    ("Some text (e.g. when the user asks for it)", []),
    # prose in parentheses is no list of values
    ("Effect speed (0-255, optional)", []), ("Decimal places (default 2)", []), ("from a to b (a, b)", []),
])
def test_a_list_of_bare_words_in_a_description_gives_the_fields_values(description: str, values: list[str]) -> None:
    """Trial 13: finance-calc refused every filing status the run drew ("example"), its
    description listing `single | married_jointly | ...`; mcp-mathematics' operations were
    listed as "(mean, median, mode, stdev, etc.)"."""
    from pytest_aacl.strategies._examples import described_in

    assert described_in({"description": description}) == values


def span_impl(start: str, end: str) -> None:
    return None


def test_a_refused_degenerate_range_is_its_own_finding() -> None:
    """A tool that refuses end_date = start_date, and a reversed range too, has two findings:
    refusing the reversed one is a rule the schema does not state, refusing the equal one
    is refusing the smallest valid range."""
    import datetime

    def span(start_date: str, end_date: str) -> Any:
        start, end = datetime.date.fromisoformat(start_date), datetime.date.fromisoformat(end_date)
        if start >= end:
            raise ValueError("start_date must be before end_date")
        return span_impl(start=start_date, end=end_date)

    schema = {"type": "object", "required": ["start_date", "end_date"], "properties": {
        "start_date": {"type": "string", "format": "date"}, "end_date": {"type": "string", "format": "date"}}}
    report = fuzz(span, schema=schema, implementation=(sys.modules[__name__], "span_impl"),
                  checks=["identity_on_canonical"], max_examples=60, seed=0)
    keys = {f.key[2] for f in report.findings if f.key[1] == "refused valid"}
    assert "end_date=equal range" in keys, keys


FORMATS = ("hex", "rgb", "hsl", "hsv")


def convert_color(value: str, source: str, target: str) -> dict[str, Any]:
    """Convert between colour formats: hex, rgb, hsl, hsv.

    Examples:
      value='#ff0000' source='hex' target='rgb' -> 'rgb(255, 0, 0)'
      value='255,0,0' source='rgb' target='hsl'
    """
    if source not in FORMATS or target not in FORMATS:
        return {"error": f"format must be one of {list(FORMATS)}"}
    return {"value": value, "source": source, "target": target}


def test_an_example_call_written_in_the_description_gives_each_argument_its_values() -> None:
    """Trial 12 (color-mcp-server): the examples were written as a call, `value='#ff0000'
    source='hex' target='rgb'`; the fuzzer sent other words as formats and 190 of 190 calls
    were refused.  The assigned values become the properties' `examples`, so the base call
    is one the tool accepts."""
    props = documented({"type": "object", "properties": {
        "value": {"type": "string"}, "source": {"type": "string"}, "target": {"type": "string"},
        "count": {"type": "integer"}}}, convert_color.__doc__ or "")["properties"]
    assert props["source"]["examples"] == ["hex", "rgb"] and props["value"]["examples"] == ["#ff0000", "255,0,0"]
    assert "examples" not in props["count"]  # assigned nowhere
    import pytest

    mcpserver = pytest.importorskip("mcp.server.mcpserver", reason="the MCP SDK is an optional extra")
    server = mcpserver.MCPServer("colours")  # the SDK puts the whole docstring in the tool's description
    server.tool()(convert_color)
    report = fuzz(server, checks=["no_silent_corruption", "total"], max_examples=40, seed=0)
    tally = report.calls["convert_color"]
    assert tally.reached >= 8 and "WARNING" not in str(report), str(report)  # before: 0 of 80, and a WARNING


def relative_days(date_str: str, zone: str = "UTC") -> dict[str, Any]:
    """The tool's own rule: the two shapes its description names, no offset."""
    from datetime import datetime

    for shape in ("%Y-%m-%d", "%Y-%m-%dT%H:%M:%S"):
        try:
            return {"date": datetime.strptime(date_str, shape).isoformat(), "zone": zone}
        except ValueError:
            pass
    raise ValueError(f"Invalid date format: {date_str}. Use YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS.")


RELATIVE = {"type": "object", "required": ["date_str"], "additionalProperties": False, "properties": {
    "date_str": {"type": "string", "description": "Target date in YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS format."},
    "zone": {"type": "string", "description": "Target IANA timezone."}}}


def test_a_template_without_a_zone_is_not_sent_offsets_and_an_iana_zone_is_a_zone() -> None:
    """Trial 12 (mcp-datetimeday): "YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS" was read as an RFC 3339
    date-time, every intended value carried "+00:00", and 748 of 748 calls were refused;
    "Target IANA timezone." was sent "example"."""
    from pytest_aacl.strategies._examples import described_format, described_in

    assert described_format(RELATIVE["properties"]["date_str"]["description"]) == "date"
    assert described_format("Time in YYYY-MM-DD HH:MM:SS or YYYY-MM-DDTHH:MM:SS format.") is None
    assert described_format("Start as YYYY-MM-DDTHH:MM:SS+HH:MM") == "date-time"  # a zone: RFC 3339
    assert "2024-01-15 14:30:25" in described_in({"description": "Time in YYYY-MM-DD HH:MM:SS format."})
    assert "UTC" in described_in(RELATIVE["properties"]["zone"])
    report = fuzz(relative_days, schema=RELATIVE, checks=["no_silent_corruption", "total"], max_examples=40, seed=0)
    assert report.calls["relative_days"].reached > 0 and "WARNING" not in str(report), str(report)


def test_a_number_a_description_gives_as_an_example_is_the_fields_base_value() -> None:
    """Trial 14: mcp-print's "(e.g. 700)" and schema defaults were not read; 5 and 2.5 were sent."""
    from pytest_aacl.strategies._base import base_call
    from pytest_aacl.strategies._schema import build

    call = base_call(build({"type": "object", "properties": {
        "lpi": {"type": "integer", "description": "Line screen in lpi (e.g. 150)"},
        "gain": {"type": "number", "description": "Dot gain, e.g. 2.5"},
        "sides": {"type": "integer", "default": 1}}}))
    assert call == {"lpi": 150, "gain": 2.5, "sides": 1}, call
