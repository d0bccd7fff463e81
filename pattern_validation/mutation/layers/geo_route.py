# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from mcp-geo 0.3.0 (PyPI), file geo_mcp/routing.py: the `route` tool,
`_parse_coordinates` and `_to_lonlat_string`; file geo_mcp/validation.py: `validate_lat`,
`validate_lon` and `validate_coords`; file geo_mcp/errors.py: `_relax_return_type` and
`async_safe_tool`, the decorator the tool is registered through.  The tool takes waypoints as
a JSON array of `[lon, lat]` pairs, given either as JSON text or as an array, and a routing
profile: the pairs are parsed (a non-empty array of two-item arrays), each number coerced with
`float()` and checked, longitude within -180..180 and latitude within -90..90, at least two
waypoints are required and the profile must be one of driving, walking and cycling (checked in
code, before the waypoints); the pairs become OSRM's `lon,lat;lon,lat` path.  Nothing is
raised to the caller: any error, a refusal included, comes back as a result
`{"error": ..., "hint": ...}`.  MIT License, Copyright (c) 2025 Tabib Hasan
(tabibhasann/geo-mcp); see https://opensource.org/licenses/MIT.  The functions are verbatim,
but for the changes below (checked by comparing ASTs with the wheel's source).

Changes: `route` and the wrapper of `async_safe_tool` are `async` in the package and plain
functions here (`await` dropped).  The tool, registered with `mcp.tool()(routing.route)` on the
MCP SDK's FastMCP, is validated by pydantic against its signature (which `_relax_return_type`
copies onto the wrapper), as FastMCP does (not reproduced: FastMCP's parsing of JSON text given
for a non-string argument, and its ignoring of unknown arguments).  In `route`, the request to
OSRM (`async with get_client() as client:` a GET of the URL with `params`, `raise_for_status`,
`resp.json()`) is one call of the implementation layer, which receives the URL and the
parameters and answers as OSRM does; the handling of its answer is kept.  `settings` (the
package's pydantic-settings `Settings`, read from GEO_MCP_* variables and `.env`) is a stand-in
holding the default `osrm_url`.

The implementation layer is ours.  SCHEMA is what the package's FastMCP derives from the
signature: `inputSchema` of the tool as `mcp.tool()(routing.route)` registers it, under mcp
1.30.0 (the package asks for mcp >= 1.0.0 and imports `mcp.server.fastmcp`, which mcp 2
removed).  It states no coordinate format, no bound, no minimum count and no profile values.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable
from functools import wraps
from types import SimpleNamespace
from typing import Any

from pydantic import validate_call

SCHEMA: dict[str, Any] = {
    "properties": {
        "coordinates": {"anyOf": [{"type": "string"}, {"items": {}, "type": "array"}], "title": "Coordinates"},
        "profile": {"default": "driving", "title": "Profile", "type": "string"},
    },
    "required": ["coordinates"],
    "title": "routeArguments",
    "type": "object",
}
EXAMPLE: dict[str, Any] = {"coordinates": "[[13.3777, 52.5163], [13.4050, 52.5200], [13.4534, 52.5134]]",
                           "profile": "cycling"}

#: stands in for the package's `Settings()`: its default OSRM server
settings = SimpleNamespace(osrm_url="https://router.project-osrm.org")


def route_impl(url: str, params: dict[str, Any]) -> dict[str, Any]:
    """The implementation layer (ours): where the package GETs `url` from OSRM with `params`.
    Answers as OSRM does (`code`, `routes`), the route's geometry echoing what it received."""
    return {"code": "Ok", "routes": [{"distance": 0.0, "duration": 0.0,
                                      "geometry": {"url": url, "params": params}}]}


def validate_lat(lat: float, name: str = "lat") -> None:
    """Validate latitude is within valid range [-90, 90]."""
    if not -90 <= lat <= 90:
        raise ValueError(f"{name} must be between -90 and 90, got {lat}")


def validate_lon(lon: float, name: str = "lon") -> None:
    """Validate longitude is within valid range [-180, 180]."""
    if not -180 <= lon <= 180:
        raise ValueError(f"{name} must be between -180 and 180, got {lon}")


def validate_coords(lon: float, lat: float) -> None:
    """Validate a coordinate pair."""
    validate_lon(lon)
    validate_lat(lat)


def _relax_return_type(wrapper: Callable[..., Any], fn: Callable[..., Any]) -> None:
    wrapper.__annotations__ = dict(getattr(fn, "__annotations__", {}))
    wrapper.__annotations__["return"] = Any
    wrapper.__signature__ = inspect.signature(fn).replace(return_annotation=Any)  # type: ignore[attr-defined]


def async_safe_tool(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Async variant of safe_tool."""

    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except ValueError as e:
            return {"error": str(e), "hint": "Check your input parameters."}
        except ImportError as e:
            hint = "Install the relevant extra, for example: pip install 'mcp-geo[files,raster,visual]'"
            return {"error": str(e), "hint": hint}
        except Exception as e:
            return {"error": str(e), "hint": "An unexpected error occurred."}

    _relax_return_type(wrapper, fn)
    return wrapper


def _parse_coordinates(coords: str | list) -> list[list[float]]:
    """Parse and validate a list of [lon, lat] coordinates."""
    parsed = json.loads(coords) if isinstance(coords, str) else coords
    if not isinstance(parsed, list) or not parsed:
        raise ValueError("Coordinates must be a non-empty array of [lon, lat] pairs")

    coordinates = []
    for coord in parsed:
        if not isinstance(coord, list | tuple) or len(coord) != 2:
            raise ValueError("Each coordinate must be [lon, lat]")
        lon = float(coord[0])
        lat = float(coord[1])
        validate_coords(lon, lat)
        coordinates.append([lon, lat])
    return coordinates


def _to_lonlat_string(coords: list[list[float]]) -> str:
    """Convert [lon, lat] pairs to an OSRM coordinate string."""
    return ";".join(f"{lon},{lat}" for lon, lat in coords)


@validate_call
@async_safe_tool
def route(
    coordinates: str | list,
    *,
    profile: str = "driving",
) -> dict:
    """Compute a route between waypoints.

    coordinates: JSON array of [lon, lat] pairs (at least 2).
    profile: "driving", "walking", or "cycling".

    Returns distance (metres), duration (seconds), and the route geometry as GeoJSON.
    """
    valid_profiles = {"driving", "walking", "cycling"}
    if profile not in valid_profiles:
        raise ValueError(f"Invalid profile: {profile}. Supported: {sorted(valid_profiles)}")

    parsed_coordinates = _parse_coordinates(coordinates)
    if len(parsed_coordinates) < 2:
        raise ValueError("Route requires at least two coordinates")

    coords_str = _to_lonlat_string(parsed_coordinates)
    url = f"{settings.osrm_url}/route/v1/{profile}/{coords_str}"
    params = {"overview": "full", "geometries": "geojson", "steps": "false"}

    data = route_impl(url, params=params)

    if data["code"] != "Ok":
        return {"error": f"OSRM returned: {data.get('code')}", "message": data.get("message", "")}

    route_data = data["routes"][0]
    return {
        "distance_m": route_data["distance"],
        "duration_s": route_data["duration"],
        "geometry": route_data["geometry"],
    }
