# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from honest-vies-mcp 0.2.0 (PyPI), file honest_vies_mcp.py: the `check_vat` tool
(`_call_tool` and `on_call_tool`, with `_list_tools` for its schema), `_clean_vat_number`,
`_split_combined_vat`, `_validate_country`, `_check_vat` and the constants they use.
`check_vat` checks an EU VAT number with the Commission's VIES service.  Either `vat`, a
combined form, is given (then `country_code` and `vat_number` are ignored): spaces, dashes and
dots are removed, it is upper-cased and must be two letters and one or more letters or digits
(`PL 525-234-40-78`, `pl5252344078`); or both `country_code` and `vat_number` are, the code
stripped and upper-cased, the number cleaned the same way and refused only when nothing is
left (so `PL` + `52/52` keeps its slash; a missing or empty one refuses the call).  The country
must be two letters and one of the 28 VIES codes (the 27 member states with Greece as `EL`, not
`GR`, and `XI` for Northern Ireland).  An optional requester pair (`requester_country`, checked
the same way, and `requester_vat`, cleaned) is sent only when both are given: one of them alone
is dropped without a word (the country checked first all the same); an empty string counts as
not given.  The number's length and form
per country are never checked.  VIES's answer is annotated (valid, invalid, could not check)
and returned as JSON text.  Refusals raise `ValueError` (a non-string argument raises `TypeError`
or `AttributeError`); the SDK answers any of them as an error.  MIT License, Copyright (c) 2026 Bartosz Kuć
(honest-vies-mcp); see https://opensource.org/licenses/MIT.  The functions are verbatim, but for
the changes below (checked by comparing ASTs with the wheel's source: each vendored function and
constant, unparsed from both and compared with `ast.dump` after `async def` was read as `def`
and `await` dropped, is equal).

Changes: `_list_tools`, `_call_tool` and `on_call_tool` are `async` in the package and plain
functions here (`await` dropped).  The package registers `on_call_tool` for `tools/call` on the
MCP SDK's low-level `Server` (mcp 2.x), which hands it the request's arguments without checking
them against the schema; `check_vat` (ours) is that dispatch of a `check_vat` call, the
arguments as given.  `Tool`, `TextContent` and `CallToolResult` (the SDK's types) are stand-ins
keeping what they are given; `requests` is a stand-in whose `post` hands the request on to the
implementation layer and answers a response with `status_code`, `content`, `text`,
`raise_for_status` and `json`.  The `list_supported_countries` tool (kept in `_call_tool`
and `_list_tools` as published), the server object and the stdio entry points are left out.

The implementation layer is ours: `vies_post` is where the package POSTs JSON to the VIES REST
endpoint (the country code and the number, and the requester's when both are given); it
receives the URL and the body and answers as VIES does for a registered number, echoing them
(a consultation number when a requester is given).  SCHEMA is what the package's server
publishes: the `inputSchema` of `check_vat` as its `tools/list` handler answers it, under mcp
2.3.0 (the package asks for mcp >= 2.0.0, < 3.0.0) in a throwaway venv with the package's own
module imported.  It states five optional strings, no `required`, no pattern and no list of
countries: which arguments go together is said only in their descriptions.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, Optional

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "country_code": {"type": "string", "description": "2-letter EU country code (e.g., PL, DE, FR). Greece uses EL, not GR. XI is Northern Ireland."},
        "vat_number": {"type": "string", "description": "VAT number without country prefix. Dashes/spaces will be stripped."},
        "vat": {"type": "string", "description": "Alternative: combined form like 'PL5252344078'. If provided, country_code and vat_number are ignored."},
        "requester_country": {"type": "string", "description": "Optional: your own 2-letter country code (e.g., PL). Required together with requester_vat to obtain a consultation number."},
        "requester_vat": {"type": "string", "description": "Optional: your own VAT number without country prefix. Combined with requester_country to obtain a consultation number as legal proof of the check."},
    },
}
EXAMPLE: dict[str, Any] = {"country_code": " el ", "vat_number": "094-014.201", "requester_country": "pl",
                           "requester_vat": "525 234 40 78"}


def vies_post(url: str, json: Any = None, timeout: Any = None) -> dict[str, Any]:
    """The implementation layer (ours): where the package POSTs `json` to the VIES REST endpoint
    at `url`.  Answers as VIES does for a registered number, echoing what it received."""
    body = dict(json or {})
    answer = {"countryCode": body.get("countryCode"), "vatNumber": body.get("vatNumber"),
              "requestDate": "2026-11-30T10:15:00.000Z", "valid": True, "requestIdentifier": "",
              "name": "EXAMPLE TRADING S.A.", "address": "1 EXAMPLE STREET, 10431 ATHENS",
              "traderName": "---", "traderStreet": "---", "traderPostalCode": "---", "traderCity": "---",
              "traderCompanyType": "---", "traderNameMatch": "NOT_PROCESSED",
              "traderStreetMatch": "NOT_PROCESSED", "traderPostalCodeMatch": "NOT_PROCESSED",
              "traderCityMatch": "NOT_PROCESSED", "traderCompanyTypeMatch": "NOT_PROCESSED"}
    if body.get("requesterMemberStateCode"):
        answer["requestIdentifier"] = ("WAPIAAAAZ" + str(body.get("requesterMemberStateCode"))
                                       + str(body.get("requesterNumber")))
    return answer


class _Response:
    """Stands in for a `requests` response: its JSON is what the implementation answered."""

    def __init__(self, data: Any) -> None:
        self._data = data
        self.status_code = 200
        self.text = json.dumps(data)
        self.content = self.text.encode()

    def raise_for_status(self) -> None:
        return None

    def json(self) -> Any:
        return self._data


def _post(url: str, json: Any = None, timeout: Any = None) -> _Response:
    return _Response(vies_post(url, json=json, timeout=timeout))


#: stands in for the requests library: `post` hands the request on to the implementation layer
requests = SimpleNamespace(post=_post)


@dataclass
class Tool:
    """Stands in for `mcp.types.Tool`."""

    name: str
    description: str = ""
    inputSchema: dict[str, Any] = field(default_factory=dict)


@dataclass
class TextContent:
    """Stands in for `mcp.types.TextContent`."""

    type: str
    text: str


@dataclass
class CallToolResult:
    """Stands in for `mcp.types.CallToolResult`."""

    content: list[Any] = field(default_factory=list)
    is_error: bool = False


VIES_URL = "https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number"

SUPPORTED_COUNTRIES = {
    "AT": "Austria", "BE": "Belgium", "BG": "Bulgaria", "CY": "Cyprus",
    "CZ": "Czechia", "DE": "Germany", "DK": "Denmark", "EE": "Estonia",
    "EL": "Greece", "ES": "Spain", "FI": "Finland", "FR": "France",
    "HR": "Croatia", "HU": "Hungary", "IE": "Ireland", "IT": "Italy",
    "LT": "Lithuania", "LU": "Luxembourg", "LV": "Latvia", "MT": "Malta",
    "NL": "Netherlands", "PL": "Poland", "PT": "Portugal", "RO": "Romania",
    "SE": "Sweden", "SI": "Slovenia", "SK": "Slovakia",
    "XI": "Northern Ireland (UK, post-Brexit VAT scheme)",
}

COUNTRY_RE = re.compile(r"^[A-Z]{2}$")
COMBINED_VAT_RE = re.compile(r"^([A-Z]{2})[- ]?([A-Z0-9]+)$")


def _clean_vat_number(raw: str) -> str:
    """Strip spaces, dashes, dots — VIES accepts only [A-Z0-9]."""
    cleaned = re.sub(r"[\s\-\.]", "", raw).upper()
    if not cleaned:
        raise ValueError(f"VAT number is empty after cleaning: {raw!r}")
    return cleaned


def _split_combined_vat(vat: str) -> tuple[str, str]:
    """Accept combined forms like 'PL5252344078' or 'PL 525-234-40-78'."""
    normalized = re.sub(r"[\s\-\.]", "", vat).upper()
    m = COMBINED_VAT_RE.match(normalized)
    if not m:
        raise ValueError(f"Cannot parse combined VAT {vat!r}. Expected format: 'PL1234567890' or provide country_code + vat_number separately.")
    return m.group(1), m.group(2)


def _validate_country(code: str) -> str:
    code = code.strip().upper()
    if not COUNTRY_RE.match(code):
        raise ValueError(f"Country code must be 2 uppercase letters, got {code!r}")
    if code not in SUPPORTED_COUNTRIES:
        raise ValueError(
            f"Country {code!r} is not in the VIES scheme. "
            f"Supported: {', '.join(sorted(SUPPORTED_COUNTRIES.keys()))}. "
            f"Note: Greece uses 'EL' not 'GR', and 'XI' is Northern Ireland."
        )
    return code


def _check_vat(country: str, number: str, requester_country: str | None, requester_number: str | None) -> dict:
    body: dict[str, str] = {"countryCode": country, "vatNumber": number}
    if requester_country and requester_number:
        body["requesterMemberStateCode"] = requester_country
        body["requesterNumber"] = requester_number
    resp = requests.post(VIES_URL, json=body, timeout=30)
    if resp.status_code >= 500:
        # VIES occasionally routes to unavailable national databases — surface that.
        return {
            "error": "VIES upstream error — some national VAT registries are unavailable at times, retry in a few minutes",
            "status": resp.status_code,
            "body": resp.text[:500],
        }
    if resp.status_code == 400:
        return {"error": "Bad request (usually malformed VAT number format)", "status": 400, "body": resp.json() if resp.content else None}
    resp.raise_for_status()
    data = resp.json()

    # VIES reports some failures as HTTP 200 with actionSucceed=false and errorWrappers
    # (e.g. MS_UNAVAILABLE when a national registry is down) and no boolean `valid`.
    # That is "could not check", not "invalid" — never report it as INVALID.
    if data.get("actionSucceed") is False or data.get("errorWrappers") or not isinstance(data.get("valid"), bool):
        codes = [w.get("error") for w in (data.get("errorWrappers") or []) if isinstance(w, dict) and w.get("error")]
        return {
            "error": "VIES could not check this number" + (f": {', '.join(codes)}" if codes else ""),
            "interpretation": (
                "UNKNOWN — VIES returned no result, so this is NOT a finding that the VAT number is invalid. "
                "INVALID_INPUT usually means a wrong country code or number format; MS_UNAVAILABLE, "
                "MS_MAX_CONCURRENT_REQ, SERVICE_UNAVAILABLE or TIMEOUT mean the national registry or VIES is "
                "temporarily unavailable — retry in a few minutes."
            ),
            "vies_errors": codes,
            "vies_response": data,
        }

    # Annotate the response with a plain-language interpretation.
    interpretation = "VALID — this VAT number is registered in VIES; you can issue a 0% VAT (reverse-charge) invoice."
    if not data.get("valid"):
        interpretation = (
            "INVALID — VIES has no record of this VAT number. Do NOT issue a 0% VAT (reverse-charge) invoice; "
            "charge VAT at your own country's domestic rate until the counterparty proves valid EU VAT status. "
            "For Polish sellers: charge Polish VAT (standard rate 23%)."
        )

    result: dict[str, Any] = {
        "interpretation": interpretation,
        "vies_response": data,
    }
    if data.get("valid") and (requester_country and requester_number):
        rid = data.get("requestIdentifier", "").strip()
        if rid:
            result["consultation_number"] = rid
            result["consultation_note"] = "Keep this number as legal proof of the VIES check for tax audit purposes."
        else:
            result["consultation_note"] = "No consultation number returned. VIES only issues one when BOTH the checked VAT and the requester VAT are currently valid. Verify your own VAT is active."
    return result


def _list_tools() -> list[Tool]:
    return [
        Tool(
            name="check_vat",
            description=(
                "Check an EU VAT number against the VIES database (the EU-wide cross-border VAT validator). "
                "Returns valid/invalid + registered name and address if the national database returns them. "
                "Accepts either (country_code, vat_number) separately or a combined `vat` like 'PL5252344078'. "
                "For EU sellers (e.g. a Polish JDG) issuing 0% VAT invoices to EU B2B customers: ALSO pass requester_country + requester_vat "
                "with your own VAT number — VIES will return a consultation_number that serves as legal proof of the check. "
                "Keep this number for your records. VIES will not issue a consultation number if EITHER VAT is invalid."
            ),
            inputSchema={
                "type": "object",
                "properties": {
                    "country_code": {"type": "string", "description": "2-letter EU country code (e.g., PL, DE, FR). Greece uses EL, not GR. XI is Northern Ireland."},
                    "vat_number": {"type": "string", "description": "VAT number without country prefix. Dashes/spaces will be stripped."},
                    "vat": {"type": "string", "description": "Alternative: combined form like 'PL5252344078'. If provided, country_code and vat_number are ignored."},
                    "requester_country": {"type": "string", "description": "Optional: your own 2-letter country code (e.g., PL). Required together with requester_vat to obtain a consultation number."},
                    "requester_vat": {"type": "string", "description": "Optional: your own VAT number without country prefix. Combined with requester_country to obtain a consultation number as legal proof of the check."},
                },
            },
        ),
        Tool(
            name="list_supported_countries",
            description="List the country codes supported by VIES (all 27 EU member states, plus XI for Northern Ireland).",
            inputSchema={"type": "object", "properties": {}},
        ),
    ]


def _call_tool(name: str, arguments: dict[str, Any]) -> list[TextContent]:
    if name == "check_vat":
        combined = arguments.get("vat")
        if combined:
            country, number = _split_combined_vat(combined)
        else:
            country_raw = arguments.get("country_code")
            number_raw = arguments.get("vat_number")
            if not country_raw or not number_raw:
                raise ValueError("Provide either `vat` (e.g., 'PL5252344078') or both `country_code` and `vat_number`.")
            country = country_raw.strip().upper()
            number = _clean_vat_number(number_raw)

        country = _validate_country(country)

        requester_country = arguments.get("requester_country")
        requester_vat = arguments.get("requester_vat")
        if requester_country:
            requester_country = _validate_country(requester_country)
        if requester_vat:
            requester_vat = _clean_vat_number(requester_vat)
        # If only one side of the requester pair is given, ignore both — VIES needs both or neither.
        if bool(requester_country) != bool(requester_vat):
            requester_country = None
            requester_vat = None

        result = _check_vat(country, number, requester_country, requester_vat)
        return [TextContent(type="text", text=json.dumps(result, ensure_ascii=False, indent=2))]

    if name == "list_supported_countries":
        return [TextContent(type="text", text=json.dumps(SUPPORTED_COUNTRIES, ensure_ascii=False, indent=2))]

    raise ValueError(f"Unknown tool: {name}")


def on_call_tool(ctx, params) -> CallToolResult:
    return CallToolResult(content=_call_tool(params.name, params.arguments or {}))


def check_vat(**arguments: Any) -> Any:
    """The interface (ours): the SDK's dispatch of a `tools/call` request for `check_vat` to
    `on_call_tool`, the arguments as given."""
    return on_call_tool(None, SimpleNamespace(name="check_vat", arguments=arguments))
