# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from ibangen-mcp 0.1.2 (PyPI), file ibangen_mcp/server.py: the
`validate_us_routing_numbers` tool and `_call`; file ibangen_mcp/api.py: `IBANgenAPIError` and
the api's `validate_us_routing_numbers`, which the tool calls.  The tool checks 1 to 10 US bank
routing numbers against a metered registry: the argument must be a list of between 1 and 10
items, each a string that is not blank and at most 30 characters long (checked in code, type by
type; the schema states no count and no length), and `confirm_api_credits` must be exactly
`True` (an explicit consent to spend credits: a truthy value other than `True` is refused); the
numbers are stripped and posted with `generate_tests` false.  Nothing is raised to the caller:
a refusal comes back as a result `{"error": ...}`.  MIT License, Copyright (c) 2026 IBANgen
(ibangen-mcp); see https://opensource.org/licenses/MIT.  The functions are verbatim, but for the
changes below (copied with ast.get_source_segment from the wheel; no AST comparison was run).

Changes: the api's function is renamed `api_validate_us_routing_numbers` (both modules name a
function `validate_us_routing_numbers`), and `api` is a stand-in naming it and
`IBANgenAPIError` as the package's module does.  The tool, registered with `@mcp.tool()` on the
MCP SDK's server, is validated by pydantic against its signature, as the SDK does (not
reproduced: the SDK's parsing of JSON text given for a non-string argument, and its ignoring of
unknown arguments, which pydantic refuses).  `_post` (the package's POST to
`<IBANGEN_API_BASE_URL>/us/routing/check-list` with the API key, through `_request`) is the
implementation layer under the same name and arguments; `opener` is never used.

The implementation layer is ours: it answers as the API does, one observation per distinct
number it received, naming the path and payload it was sent.  SCHEMA is what the package's
server derives: `input_schema` of the registered tool under mcp 2.3.0 (the package asks for
mcp >= 1.2, < 3 and uses `mcp.server.mcpserver.MCPServer` when present), in a throwaway venv
with the package's own module imported.  It states no count, no length and no consent rule.
"""

from __future__ import annotations

import urllib.request
from types import SimpleNamespace
from typing import Any

from pydantic import validate_call

SCHEMA: dict[str, Any] = {
    "properties": {
        "routing_numbers": {"items": {"type": "string"}, "title": "Routing Numbers", "type": "array"},
        "confirm_api_credits": {"default": False, "title": "Confirm Api Credits", "type": "boolean"},
    },
    "required": ["routing_numbers"],
    "title": "validate_us_routing_numbersArguments",
    "type": "object",
}
EXAMPLE: dict[str, Any] = {"routing_numbers": [" 021000021", "011401533 ", "091000019"],
                           "confirm_api_credits": True}


def _post(path: str, payload: dict, *, require_key: bool, opener: Any = None) -> dict:
    """The implementation layer (ours): where the package POSTs `payload` to the IBANgen API."""
    seen = list(dict.fromkeys(payload.get("routing_numbers") or []))
    return {"path": path, "require_key": require_key, "generate_tests": payload.get("generate_tests"),
            "results": [{"routing_number": n, "observations": []} for n in seen]}


class IBANgenAPIError(RuntimeError):
    def __init__(self, status: int, payload: dict):
        self.status = status
        self.payload = payload
        message = payload.get("error") or payload.get("message") or "unknown_error"
        super().__init__(f"IBANgen API error {status}: {message}")


def api_validate_us_routing_numbers(routing_numbers: list[str], *, confirm_api_credits: bool = False,
                                opener=urllib.request.urlopen):
    if not isinstance(routing_numbers, list) or not 1 <= len(routing_numbers) <= 10:
        raise ValueError("Provide between 1 and 10 routing numbers")
    if any(not isinstance(value, str) or not value.strip() or len(value) > 30 for value in routing_numbers):
        raise ValueError("Routing numbers must be nonempty strings of at most 30 characters")
    if confirm_api_credits is not True:
        raise ValueError("Explicitly confirm spending up to one API credit per distinct routing number")
    return _post("/us/routing/check-list", {"routing_numbers": [value.strip() for value in routing_numbers],
                                           "generate_tests": False}, require_key=True, opener=opener)


def _call(func, *args, **kwargs):
    try:
        return func(*args, **kwargs)
    except (api.IBANgenAPIError, ValueError) as exc:
        payload = getattr(exc, "payload", {}) or {}
        return {"error": str(exc), **{key: value for key, value in payload.items() if key != "error"}}


@validate_call
def validate_us_routing_numbers(routing_numbers: list[str], confirm_api_credits: bool = False) -> dict:
    """Check 1–10 US routing numbers against the existing metered registry API.

    Requires a qualifying API key/plan. Ask the user to approve spending up to one
    API credit per distinct number before setting confirm_api_credits=True.
    Returns source observations, not account existence or proof of ACH eligibility.
    This is not the free web preview. Do not automatically retry a failed call.
    """
    return _call(api.validate_us_routing_numbers, routing_numbers, confirm_api_credits=confirm_api_credits)


#: stands in for the package's `api` module, as the server imports it
api = SimpleNamespace(IBANgenAPIError=IBANgenAPIError,
                      validate_us_routing_numbers=lambda *a, **k: api_validate_us_routing_numbers(*a, **k))
