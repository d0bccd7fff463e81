"""What a tool's description says of each argument, read where its schema says nothing.

FastMCP puts a function's docstring in the tool's description and nothing in the properties;
a model reads "profile: "driving", "walking", or "cycling"" there, and so now does the fuzzer
(mcp-geo in the mutation benchmark: every drawn profile was refused, nothing past it tested).
"""

from __future__ import annotations

import sys
from typing import Any

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
        return route(points, profile)

    reached = {}
    for tool in (route, undocumented):
        report = fuzz(tool, schema=schema, implementation=(sys.modules[__name__], "route_impl"),
                      checks=["identity_on_canonical"], max_examples=60, seed=0)
        reached[tool.__name__] = report.calls[tool.__name__].schema_valid_reached
    assert reached["route"] >= 10 and reached["undocumented"] == 0, reached
