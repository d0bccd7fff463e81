# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from ha-mcp 3.5.1 (PyPI), file ha_mcp/tools/util_helpers.py: `parse_json_param`,
`parse_string_list_param`.  MIT License, Copyright (c) 2024 Julien (homeassistant-ai/ha-mcp);
the licence's permission notice applies to these two functions.  Verbatim.

The wrapper `call_service` and its implementation layer are ours: a Home Assistant service
call whose `data` may arrive as a JSON string or an object and whose entity ids may arrive
as a JSON array string or a list, which is what ha-mcp's tools accept.
"""

from __future__ import annotations

import json
from typing import Any

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "domain": {"type": "string", "enum": ["light", "switch", "climate"], "description": "Service domain."},
        "service": {"type": "string", "enum": ["turn_on", "turn_off", "toggle"], "description": "Service name."},
        "data": {"type": ["object", "null"], "additionalProperties": {"type": ["string", "integer", "boolean"]},
                 "maxProperties": 4, "default": None, "description": "Service data (a JSON object)."},
        "entity_ids": {"type": ["array", "null"], "items": {"type": "string", "pattern": "^[a-z_]+\\.[a-z0-9_]+$"},
                       "maxItems": 5, "default": None, "description": "Entity ids, e.g. light.kitchen."},
    },
    "required": ["domain", "service"],
    "additionalProperties": False,
}
EXAMPLE: dict[str, Any] = {"domain": "light", "service": "turn_on", "data": {"brightness": 120},
                           "entity_ids": ["light.kitchen"]}


def parse_json_param(
    param: str | dict | list | None, param_name: str = "parameter"
) -> dict | list | None:
    """
    Parse flexibly JSON string or return existing dict/list.

    Args:
        param: JSON string, dict, list, or None
        param_name: Parameter name for error context

    Returns:
        Parsed dict/list or original value if already correct type

    Raises:
        ValueError: If JSON parsing fails
    """
    if param is None:
        return None

    if isinstance(param, (dict, list)):
        return param

    if isinstance(param, str):
        try:
            parsed = json.loads(param)
            if not isinstance(parsed, (dict, list)):
                raise ValueError(
                    f"{param_name} must be a JSON object or array, got {type(parsed).__name__}"
                )
            return parsed
        except json.JSONDecodeError as e:
            raise ValueError(f"Invalid JSON in {param_name}: {e}")

    raise ValueError(
        f"{param_name} must be string, dict, list, or None, got {type(param).__name__}"
    )


def parse_string_list_param(
    param: str | list[str] | None, param_name: str = "parameter"
) -> list[str] | None:
    """Parse JSON string array or return existing list of strings."""
    if param is None:
        return None

    if isinstance(param, list):
        if all(isinstance(item, str) for item in param):
            return param
        raise ValueError(f"{param_name} must be a list of strings")

    if isinstance(param, str):
        try:
            parsed = json.loads(param)
            if not isinstance(parsed, list):
                raise ValueError(f"{param_name} must be a JSON array")
            if not all(isinstance(item, str) for item in parsed):
                raise ValueError(f"{param_name} must be a JSON array of strings")
            return parsed
        except json.JSONDecodeError as e:
            raise ValueError(f"Invalid JSON in {param_name}: {e}")

    raise ValueError(f"{param_name} must be string, list, or None")


def call_service_impl(domain: str, service: str, data: dict[str, Any] | None,
                      entity_ids: list[str] | None) -> dict[str, Any]:
    """The implementation layer (ours): what would call Home Assistant."""
    return {"domain": domain, "service": service, "data": data, "entity_ids": entity_ids}


def call_service(domain: Any, service: Any, data: Any = None, entity_ids: Any = None) -> dict[str, Any]:
    """The interface layer (ours), built on ha-mcp's two parsers as its tools use them."""
    parsed = parse_json_param(data, "data")
    if parsed is not None and not isinstance(parsed, dict):
        raise ValueError("data must be a JSON object")
    ids = parse_string_list_param(entity_ids, "entity_ids")
    return call_service_impl(domain=domain, service=service, data=parsed, entity_ids=ids)
