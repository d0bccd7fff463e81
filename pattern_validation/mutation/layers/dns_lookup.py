# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from dns-mcp 0.1.1 (PyPI), file dns_mcp/__init__.py: the `resolve_dns` and `geo_ip`
tools, `_normalize_domain`, `_parse_ip` and the constants they use.  `resolve_dns` looks up DNS
records over DNS-over-HTTPS: the domain is stripped, its trailing dots removed and lower-cased,
and refused only when empty or holding a space or a `/` (so `-bad-.com`, `a..b`, a 300-character
label, `xn--` and non-ASCII names pass); the record type is stripped and upper-cased and must be
one of ten (A, AAAA, CNAME, MX, TXT, NS, SOA, PTR, SRV, CAA).  `geo_ip` locates an IP address:
the text, stripped, is read by `ipaddress.ip_address` (IPv4 dotted quads without leading zeros,
IPv6 in any form `ipaddress` accepts, a zone id `%eth0` included), and private, loopback and
reserved addresses are refused (link-local and unspecified ones too, as `ipaddress` counts them
private; multicast ones pass), the address being sent in its compressed form.  Refusals raise
`ValueError`, which FastMCP turns into an error result; an answer of ip-api.com that is not a
success raises `RuntimeError`.  MIT License, Copyright (c) 2026 r0bin2u (dns-mcp); see
https://opensource.org/licenses/MIT.  The functions are verbatim, but for the changes below
(checked by comparing ASTs with the wheel's source: each vendored function and constant,
unparsed from both and compared with `ast.dump` after `async def` was read as `def`, `async with`
as `with` and `await` dropped, the tools' decorators set aside, is equal).

Changes: both tools are `async` in the package and plain functions here (`await` dropped, `async
with` a `with`).  They are registered with `@mcp.tool(annotations=READ_ONLY_NETWORK)` on the MCP
SDK's FastMCP and validated by pydantic against their signatures, as FastMCP does (not
reproduced: FastMCP's parsing of JSON text given for a non-string argument, and its ignoring of
unknown arguments, which pydantic refuses here).  `httpx` is a stand-in whose `AsyncClient(...)`,
used as a context manager, has a `get` handing the request on to the implementation layer.  The
package's other tools (`reverse_dns`, `whois_domain`) are left out.

The implementation layer is ours: `http_get` is where the package GETs Google's DNS-over-HTTPS
resolver (with the name and the type as parameters) or ip-api.com (with the address in the
path); it receives the URL and the parameters and answers as those services do, echoing them.
SCHEMA and GEO_IP_SCHEMA are what the package's FastMCP derives: `inputSchema` of the tools as
registered, under mcp 1.30.0 (the package asks for mcp >= 1.0 and imports
`mcp.server.fastmcp`, which mcp 2 removed), in a throwaway venv with the package's own module
imported.  They state no domain form, no record type list and no address form.
"""

from __future__ import annotations

import ipaddress
from types import SimpleNamespace
from typing import Any

from pydantic import validate_call

SCHEMA: dict[str, Any] = {
    "properties": {
        "name": {"title": "Name", "type": "string"},
        "record_type": {"default": "A", "title": "Record Type", "type": "string"},
    },
    "required": ["name"],
    "title": "resolve_dnsArguments",
    "type": "object",
}
EXAMPLE: dict[str, Any] = {"name": " Mail.Example.ORG. ", "record_type": "mx"}
GEO_IP_SCHEMA: dict[str, Any] = {
    "properties": {"ip": {"title": "Ip", "type": "string"}},
    "required": ["ip"],
    "title": "geo_ipArguments",
    "type": "object",
}
GEO_IP_EXAMPLE: dict[str, Any] = {"ip": " 2606:4700:0:0:0:0:0:1111 "}


def http_get(url: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    """The implementation layer (ours): where the package GETs `url` (Google's DNS-over-HTTPS
    resolver or ip-api.com) with `params`.  Answers as those services do, echoing the request."""
    if "ip-api.com" in url:
        return {"status": "success", "query": url.rsplit("/", 1)[-1], "country": "United States",
                "countryCode": "US", "regionName": "California", "city": "San Francisco",
                "lat": 37.7621, "lon": -122.3971, "timezone": "America/Los_Angeles",
                "isp": "Cloudflare, Inc.", "org": "APNIC and Cloudflare DNS Resolver project",
                "as": "AS13335 Cloudflare, Inc."}
    params = dict(params or {})
    name = str(params.get("name", ""))
    return {"Status": 0, "Question": [{"name": name + ".", "type": params.get("type")}],
            "Answer": [{"name": name + ".", "type": 15, "TTL": 300, "data": "10 mx1." + name + "."}],
            "Authority": []}


class _Response:
    """Stands in for an httpx response."""

    def __init__(self, data: Any) -> None:
        self._data = data

    def raise_for_status(self) -> None:
        return None

    def json(self) -> Any:
        return self._data


class _AsyncClient:
    """Stands in for `httpx.AsyncClient`, used as a context manager: `get` hands the request
    on to the implementation layer."""

    def __init__(self, timeout: Any = None, **kwargs: Any) -> None:
        self.timeout = timeout

    def __enter__(self) -> "_AsyncClient":
        return self

    def __exit__(self, *exc: Any) -> None:
        return None

    def get(self, url: str, params: dict[str, Any] | None = None) -> _Response:
        return _Response(http_get(url, params=params))


#: stands in for httpx
httpx = SimpleNamespace(AsyncClient=_AsyncClient)

DOH_URL = "https://dns.google/resolve"
RDAP_URL = "https://rdap.org/domain"
IPGEO_URL = "http://ip-api.com/json"

VALID_RECORD_TYPES = {"A", "AAAA", "CNAME", "MX", "TXT", "NS", "SOA", "PTR", "SRV", "CAA"}


def _normalize_domain(name: str) -> str:
    n = name.strip().rstrip(".").lower()
    if not n or " " in n or "/" in n:
        raise ValueError(f"Invalid domain {name!r}")
    return n


def _parse_ip(ip: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    try:
        return ipaddress.ip_address(ip.strip())
    except ValueError as e:
        raise ValueError(f"Invalid IP address {ip!r}") from e


@validate_call
def resolve_dns(name: str, record_type: str = "A") -> dict:
    """Resolve DNS records for a domain via DNS-over-HTTPS.

    Use when the user asks for a domain's IP address, mail servers, nameservers,
    or any DNS record type. Examples: "what's the A record of github.com",
    "show me the MX records of example.com", "is gmail.com's SPF set up",
    "which nameservers does cloudflare.com use".

    Returns: matching DNS records with TTL in `answers`, plus authoritative
    referrals in `authority`. Empty `answers` means the record type doesn't
    exist for that domain — that is a valid answer, not an error.

    For IP-to-hostname (PTR) lookups, use `reverse_dns` instead. For richer
    info about the IP behind a domain (country, ISP, ASN), follow up with
    `geo_ip` on the resolved address.

    Args:
        name: Domain to resolve, e.g. "github.com" or "mail.example.org".
            Trailing dots are stripped, case is normalized.
        record_type: One of A (IPv4), AAAA (IPv6), CNAME (alias), MX (mail
            exchanger), TXT (text records like SPF/DKIM/verification), NS
            (nameservers), SOA (zone authority), PTR (reverse pointer), SRV
            (service), CAA (certificate authority authorization). Defaults
            to "A".
    """
    domain = _normalize_domain(name)
    rtype = record_type.strip().upper()
    if rtype not in VALID_RECORD_TYPES:
        raise ValueError(
            f"Unsupported record_type {record_type!r}. "
            f"Valid types: {', '.join(sorted(VALID_RECORD_TYPES))}"
        )
    with httpx.AsyncClient(timeout=10.0) as client:
        r = client.get(DOH_URL, params={"name": domain, "type": rtype})
        r.raise_for_status()
        data = r.json()
    return {
        "name": domain,
        "type": rtype,
        "status": data.get("Status"),
        "answers": [
            {
                "name": a.get("name"),
                "type": a.get("type"),
                "ttl": a.get("TTL"),
                "data": a.get("data"),
            }
            for a in data.get("Answer", [])
        ],
        "authority": [
            {
                "name": a.get("name"),
                "type": a.get("type"),
                "ttl": a.get("TTL"),
                "data": a.get("data"),
            }
            for a in data.get("Authority", [])
        ],
    }


@validate_call
def geo_ip(ip: str) -> dict:
    """Locate an IP geographically and identify the network operator.

    Use when the user wants to know where an IP is hosted, which network
    runs it, or what its ASN is. Useful for log analysis, debugging
    "why is X slow from Tokyo", or identifying CDN / cloud provider IPs.
    Examples: "where is 140.82.121.4", "which cloud provider runs
    35.190.60.75", "what country is this IP in", "is this an AWS or GCP IP".

    Returns: country, country code, region, city, lat/lon, timezone, ISP
    name, organization name, and ASN (e.g. "AS36459 GitHub, Inc."). Backed
    by ip-api.com (free 45 requests/minute, no API key).

    Rejects private (10.x, 172.16-31.x, 192.168.x), loopback (127.x), and
    reserved IPs — geolocation is meaningless for those. For just the
    hostname behind an IP, use `reverse_dns`.

    Args:
        ip: A public IPv4 or IPv6 address, e.g. "140.82.121.4" or
            "2606:4700::1111".
    """
    parsed = _parse_ip(ip)
    if parsed.is_private or parsed.is_loopback or parsed.is_reserved:
        raise ValueError(
            f"{parsed} is a private/reserved address; geolocation is only for public IPs."
        )
    with httpx.AsyncClient(timeout=10.0) as client:
        r = client.get(f"{IPGEO_URL}/{parsed}")
        r.raise_for_status()
        data = r.json()
    if data.get("status") != "success":
        raise RuntimeError(f"ip-api.com error for {parsed}: {data.get('message', 'unknown')}")
    return {
        "ip": str(parsed),
        "country": data.get("country"),
        "country_code": data.get("countryCode"),
        "region": data.get("regionName"),
        "city": data.get("city"),
        "lat": data.get("lat"),
        "lon": data.get("lon"),
        "timezone": data.get("timezone"),
        "isp": data.get("isp"),
        "org": data.get("org"),
        "asn": data.get("as"),
    }
