# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from fuel-prices-mcp 0.1.0 (PyPI), file fuel_prices_mcp/server.py: the
`fuel_find_cheapest` tool, `_stations`, `ATTRIBUTION` and the models `StationPrice` and
`CheapestReport`; file fuel_prices_mcp/geo.py: `resolve_location`, `haversine_miles` and their
patterns and constants; file fuel_prices_mcp/store.py: `FUEL_LABELS`, `FUEL_ALIASES`,
`normalise_fuel`, `Station`, `nearby` and `price_is_stale`; file fuel_prices_mcp/fuelfinder.py:
`ApiError`.  The tool finds the cheapest fuel near a UK location.  The location is one string
read three ways: a `lat,lon` pair (two decimals, a minus allowed, spaces around the comma),
which must fall inside a box around the UK (latitude 49.5-61, longitude -8.5-2); otherwise the
text, stripped and upper-cased, is a full postcode (`LL57 2DG`, the space optional, looked up
without it) or an outcode (`LL57`), each matched by a pattern and looked up on postcodes.io
(404: not found); anything else is refused.  The fuel is a name or code among aliases
(`unleaded`, `petrol`, `E10`, `super`, `diesel`, `B7`, `premium diesel`, `HVO`, ...), stripped
and lower-cased, mapped to one of six codes; an unknown one is refused (before the location).
`radius_miles` (0.5-50) and `top_k` (1-25) are bounded in the schema.  The stations within the
radius (great-circle distance) that sell the fuel are ranked by price, each compared with the
area's median, with a stale flag for prices over 7 days old.  Refusals raise `ApiError`, an
`Exception` (not a `ValueError`), which FastMCP turns into an error result.  MIT License,
Copyright (c) 2026 Dwain Barnes (EryriLabs) (fuel-prices-mcp); see
https://opensource.org/licenses/MIT.  The functions are verbatim, but for the changes below
(checked by comparing ASTs with the wheel's source: each vendored function, class and constant,
unparsed from both and compared with `ast.dump`, the tool's decorator set aside, is equal).

Changes: the tool, registered with `@mcp.tool(name="fuel_find_cheapest", annotations=...)` on
the MCP SDK's FastMCP, is validated by pydantic against its signature, as FastMCP does (not
reproduced: FastMCP's parsing of JSON text given for a non-string argument, and its ignoring of
unknown arguments, which pydantic refuses here).  `store` and `fuelfinder` (the package's
modules, as the code names them) are namespaces over the vendored functions, but for
`store.get_stations` (which fetches every UK forecourt and its prices from the Fuel Finder API
with OAuth credentials and caches them for five minutes), a stand-in answering eight stations
around Bangor (Gwynedd) with fixed prices dated 2026-01-05 (so always over 7 days old when run).
`httpx` is a stand-in whose `Client(...).get` hands the postcodes.io request on to the
implementation layer.

The implementation layer is ours: `postcodes_get` is where the package GETs a postcode or an
outcode from postcodes.io; it receives the URL (the normalised code is in its path) and answers
as postcodes.io does, status 200 and the place's coordinates.  SCHEMA is what the package's
FastMCP derives: `inputSchema` of the tool as registered, under mcp 1.30.0 (the package asks for
mcp >= 1.2.0 and imports `mcp.server.fastmcp`, which mcp 2 removed), in a throwaway venv with the
package's own module imported.  It states the two numeric bounds and describes the location and
fuel forms in words only.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from math import asin, cos, radians, sin, sqrt
from statistics import median
from types import SimpleNamespace
from typing import Any

from pydantic import BaseModel, Field, validate_call

SCHEMA: dict[str, Any] = {
    "properties": {
        "location": {"description": "UK postcode ('LL57 2DG'), outcode ('LL57') or 'lat,lon'", "title": "Location",
                     "type": "string"},
        "fuel": {"default": "unleaded", "description": "unleaded/E10, super/E5, diesel/B7, premium diesel, B10 or HVO",
                 "title": "Fuel", "type": "string"},
        "radius_miles": {"default": 5, "maximum": 50, "minimum": 0.5, "title": "Radius Miles", "type": "number"},
        "top_k": {"default": 10, "maximum": 25, "minimum": 1, "title": "Top K", "type": "integer"},
    },
    "required": ["location"],
    "title": "fuel_find_cheapestArguments",
    "type": "object",
}
EXAMPLE: dict[str, Any] = {"location": "ll57 2dg", "fuel": "Diesel", "radius_miles": 4, "top_k": 3}


class _PostcodesResponse:
    """Stands in for an httpx response."""

    def __init__(self, status_code: int, data: Any) -> None:
        self.status_code = status_code
        self._data = data

    def json(self) -> Any:
        return self._data


def postcodes_get(url: str) -> Any:
    """The implementation layer (ours): where the package GETs a postcode or an outcode from
    postcodes.io.  Answers as postcodes.io does for a place in Bangor (Gwynedd)."""
    return _PostcodesResponse(200, {"status": 200, "result": {"latitude": 53.2268, "longitude": -4.1304,
                                                              "url": url}})


class _Client:
    """Stands in for `httpx.Client`: `get` hands the request on to the implementation layer."""

    def __init__(self, timeout: Any = None) -> None:
        self.timeout = timeout

    def get(self, url: str) -> Any:
        return postcodes_get(url)

    def close(self) -> None:
        return None


#: stands in for httpx
httpx = SimpleNamespace(Client=_Client)

class ApiError(Exception):
    """Raised with an actionable message when a Fuel Finder call fails."""


POSTCODES_IO = "https://api.postcodes.io"


EARTH_RADIUS_MILES = 3958.8


_POSTCODE_RE = re.compile(r"^[A-Za-z]{1,2}\d[A-Za-z0-9]?\s*\d[A-Za-z]{2}$")


_OUTCODE_RE = re.compile(r"^[A-Za-z]{1,2}\d[A-Za-z0-9]?$")


_LATLON_RE = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$")


def haversine_miles(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    dlat = radians(lat2 - lat1)
    dlon = radians(lon2 - lon1)
    a = sin(dlat / 2) ** 2 + cos(radians(lat1)) * cos(radians(lat2)) * sin(dlon / 2) ** 2
    return 2 * EARTH_RADIUS_MILES * asin(sqrt(a))


def resolve_location(location: str, client: httpx.Client | None = None) -> tuple[float, float, str]:
    """Turn a postcode, outcode or 'lat,lon' string into coordinates.

    Returns (latitude, longitude, description).
    """
    m = _LATLON_RE.match(location)
    if m:
        lat, lon = float(m.group(1)), float(m.group(2))
        if not (49.5 <= lat <= 61.0 and -8.5 <= lon <= 2.0):
            raise ApiError(
                f"Coordinates ({lat}, {lon}) are outside the UK. Pass a UK postcode or UK lat,lon."
            )
        return lat, lon, f"{lat:.4f}, {lon:.4f}"

    query = location.strip().upper()
    own = client is None
    client = client or httpx.Client(timeout=15)
    try:
        if _POSTCODE_RE.match(query):
            resp = client.get(f"{POSTCODES_IO}/postcodes/{query.replace(' ', '')}")
        elif _OUTCODE_RE.match(query):
            resp = client.get(f"{POSTCODES_IO}/outcodes/{query}")
        else:
            raise ApiError(
                f"'{location}' is not a UK postcode (e.g. 'LL57 2DG'), outcode "
                "(e.g. 'LL57') or 'lat,lon' pair."
            )
        if resp.status_code == 404:
            raise ApiError(f"Postcode '{location}' not found. Check for typos.")
        if resp.status_code != 200:
            raise ApiError(f"postcodes.io returned {resp.status_code}; try again shortly.")
        result = resp.json()["result"]
        return result["latitude"], result["longitude"], query
    finally:
        if own:
            client.close()


FUEL_LABELS = {
    "E10": "Unleaded (E10)",
    "E5": "Super unleaded (E5)",
    "B7_STANDARD": "Diesel (B7)",
    "B7_PREMIUM": "Premium diesel (B7)",
    "B10": "B10 diesel",
    "HVO": "HVO renewable diesel",
}


FUEL_ALIASES = {
    "unleaded": "E10",
    "petrol": "E10",
    "e10": "E10",
    "super": "E5",
    "super unleaded": "E5",
    "e5": "E5",
    "diesel": "B7_STANDARD",
    "b7": "B7_STANDARD",
    "b7_standard": "B7_STANDARD",
    "premium diesel": "B7_PREMIUM",
    "b7_premium": "B7_PREMIUM",
    "b10": "B10",
    "hvo": "HVO",
}


@dataclass
class Station:
    node_id: str
    name: str
    brand: str | None
    postcode: str | None
    address: str | None
    city: str | None
    latitude: float | None
    longitude: float | None
    is_motorway: bool
    is_supermarket: bool
    amenities: list[str] = field(default_factory=list)
    opening_times: dict = field(default_factory=dict)
    prices: dict[str, dict] = field(default_factory=dict)  # fuel_type -> {price, updated}


def normalise_fuel(fuel: str) -> str:
    code = FUEL_ALIASES.get(fuel.strip().lower())
    if code is None:
        raise fuelfinder.ApiError(
            f"Unknown fuel type '{fuel}'. Use one of: unleaded/E10, super/E5, "
            "diesel/B7, premium diesel, B10, HVO."
        )
    return code


def nearby(
    stations: list[Station], lat: float, lon: float, radius_miles: float
) -> list[tuple[Station, float]]:
    out = []
    for s in stations:
        d = haversine_miles(lat, lon, s.latitude, s.longitude)
        if d <= radius_miles:
            out.append((s, round(d, 2)))
    out.sort(key=lambda t: t[1])
    return out


def price_is_stale(updated: str | None, days: int = 7) -> bool:
    if not updated:
        return True
    try:
        ts = datetime.fromisoformat(updated.replace("Z", "+00:00"))
    except ValueError:
        return True
    return datetime.now(ts.tzinfo) - ts > timedelta(days=days)


ATTRIBUTION = (
    "Contains public sector information from the Fuel Finder scheme, licensed "
    "under the Open Government Licence v3.0. Prices are reported by forecourts "
    "and can occasionally lag or err — treat pump price as final. Spotted a "
    "wrong price? Report it: https://www.fuel-finder.service.gov.uk/motorist/price-report"
)


class StationPrice(BaseModel):
    name: str
    brand: str | None
    address: str | None
    postcode: str | None
    distance_miles: float
    price_ppl: float = Field(description="Pence per litre")
    vs_area_median_ppl: float | None = Field(
        None, description="Negative = cheaper than the local median"
    )
    price_updated: str | None
    stale_price: bool = Field(description="True if the price is over 7 days old")
    is_supermarket: bool
    is_motorway: bool
    node_id: str


class CheapestReport(BaseModel):
    location: str
    fuel: str
    radius_miles: float
    stations_in_radius: int
    area_median_ppl: float | None
    results: list[StationPrice]
    savings_note: str
    attribution: str = ATTRIBUTION


_FIXED_PRICES = [  # name, brand, postcode, lat, lon, motorway, supermarket, {code: pence}
    ("Tesco Bangor", "TESCO", "LL57 4SU", 53.2195, -4.1483, False, True, {"E10": 134.9, "B7_STANDARD": 141.9}),
    ("Morrisons Caernarfon Rd", "MORRISONS", "LL57 4SU", 53.2158, -4.1420, False, True,
     {"E10": 135.7, "E5": 147.9, "B7_STANDARD": 142.7}),
    ("Texaco Holyhead Rd", "TEXACO", "LL57 2EU", 53.2309, -4.1372, False, False,
     {"E10": 139.9, "B7_STANDARD": 146.9, "B7_PREMIUM": 159.9}),
    ("Esso Menai Bridge", "ESSO", "LL59 5RP", 53.2257, -4.1610, False, False, {"E10": 138.9, "E5": 150.9}),
    ("BP Llandegai", "BP", "LL57 4BG", 53.2110, -4.0980, False, False,
     {"E10": 140.9, "B7_STANDARD": 147.9, "HVO": 182.9}),
    ("Jet Bethesda", "JET", "LL57 3AN", 53.1810, -4.0580, False, False, {"E10": 137.5, "B7_STANDARD": 144.5}),
    ("Shell Llanfairpwll", "SHELL", "LL61 5YR", 53.2215, -4.2060, False, False, {"E10": 141.9, "B10": 148.9}),
    ("Moto Caernarfon A55", "BP", "LL55 1AA", 53.1420, -4.2730, True, False,
     {"E10": 149.9, "B7_STANDARD": 156.9}),
]


def get_stations() -> list[Station]:
    """Stands in for `store.get_stations`: eight fixed stations instead of the Fuel Finder API."""
    return [Station(node_id=f"node-{i}", name=name, brand=brand, postcode=pc, address=f"{i} High Street",
                    city="Bangor", latitude=lat, longitude=lon, is_motorway=mw, is_supermarket=sm,
                    prices={code: {"price_ppl": p, "updated": "2026-01-05T08:00:00Z"} for code, p in prices.items()})
            for i, (name, brand, pc, lat, lon, mw, sm, prices) in enumerate(_FIXED_PRICES)]


fuelfinder = SimpleNamespace(ApiError=ApiError)
store = SimpleNamespace(get_stations=get_stations, normalise_fuel=normalise_fuel, nearby=nearby,
                        price_is_stale=price_is_stale, FUEL_LABELS=FUEL_LABELS)


def _stations():
    return store.get_stations()


@validate_call
def fuel_find_cheapest(
    location: str = Field(description="UK postcode ('LL57 2DG'), outcode ('LL57') or 'lat,lon'"),
    fuel: str = Field(
        default="unleaded",
        description="unleaded/E10, super/E5, diesel/B7, premium diesel, B10 or HVO",
    ),
    radius_miles: float = Field(default=5, ge=0.5, le=50),
    top_k: int = Field(default=10, ge=1, le=25),
) -> CheapestReport:
    """Find the cheapest fuel near a location, ranked by price, with each
    station's price compared to the local median. Prices are pence per litre
    from the official Fuel Finder data (updated within 30 minutes)."""
    code = store.normalise_fuel(fuel)
    lat, lon, desc = resolve_location(location)
    in_radius = store.nearby(_stations(), lat, lon, radius_miles)
    priced = [(s, d) for s, d in in_radius if code in s.prices]
    prices = [s.prices[code]["price_ppl"] for s, _ in priced]
    area_median = round(median(prices), 1) if prices else None
    priced.sort(key=lambda t: t[0].prices[code]["price_ppl"])
    results = [
        StationPrice(
            name=s.name,
            brand=s.brand,
            address=s.address,
            postcode=s.postcode,
            distance_miles=d,
            price_ppl=s.prices[code]["price_ppl"],
            vs_area_median_ppl=(
                round(s.prices[code]["price_ppl"] - area_median, 1) if area_median else None
            ),
            price_updated=s.prices[code]["updated"],
            stale_price=store.price_is_stale(s.prices[code]["updated"]),
            is_supermarket=s.is_supermarket,
            is_motorway=s.is_motorway,
            node_id=s.node_id,
        )
        for s, d in priced[:top_k]
    ]
    if len(prices) >= 2:
        spread = max(prices) - min(prices)
        savings = (
            f"Spread in this area: {spread:.1f}p/litre between cheapest and dearest — "
            f"about £{spread * 55 / 100:.2f} on a 55-litre tank."
        )
    else:
        savings = "Not enough stations selling this fuel here to compare — try a wider radius."
    return CheapestReport(
        location=desc,
        fuel=store.FUEL_LABELS[code],
        radius_miles=radius_miles,
        stations_in_radius=len(priced),
        area_median_ppl=area_median,
        results=results,
        savings_note=savings,
    )
