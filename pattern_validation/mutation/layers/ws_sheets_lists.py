# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from workspace-mcp 2.2.1 (PyPI), file core/utils.py: `_coerce_json_str_to_type`,
`_coerce_json_str_to_list`, `_coerce_json_str_to_dict` and the `StringList` / `JsonDict`
annotated types built on them.  MIT License, Copyright (c) 2025 Taylor Wilsdon
(taylorwilsdon/google_workspace_mcp); the licence's permission notice applies to them.
Verbatim (docstrings shortened).

The wrapper `set_dropdown` and its implementation layer are ours, shaped like the package's
`gsheets` tools that take `dropdown_values: Optional[StringList]`: pydantic validates the
arguments after the vendored before-validators ran, as FastMCP does.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, List, Optional

from pydantic import BeforeValidator, TypeAdapter

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "range_name": {"type": "string", "pattern": "^[A-Z]{1,2}[0-9]{1,4}(:[A-Z]{1,2}[0-9]{1,4})?$",
                       "description": "A1 range, e.g. B2:B20."},
        "dropdown_values": {"type": ["array", "null"], "items": {"type": "string"}, "maxItems": 8, "default": None,
                            "description": "The values a cell may take."},
        "options": {"type": ["object", "null"], "additionalProperties": {"type": "string"}, "maxProperties": 4,
                    "default": None, "description": "Extra rule options."},
    },
    "required": ["range_name"],
    "additionalProperties": False,
}
EXAMPLE: dict[str, Any] = {"range_name": "B2:B20", "dropdown_values": ["yes", "no"], "options": {"strict": "true"}}


def _coerce_json_str_to_type(v: Any, expected_type: type) -> Any:
    """Coerce a JSON-encoded string to a specific container type."""
    if not isinstance(v, str):
        return v

    try:
        parsed = json.loads(v)
    except (json.JSONDecodeError, TypeError):
        return v

    return parsed if isinstance(parsed, expected_type) else v


def _coerce_json_str_to_list(v: Any) -> Any:
    """Coerce a JSON-encoded string to a list."""
    return _coerce_json_str_to_type(v, list)


StringList = Annotated[List[str], BeforeValidator(_coerce_json_str_to_list)]


def _coerce_json_str_to_dict(v: Any) -> Any:
    """Coerce a JSON-encoded string to a dict."""
    return _coerce_json_str_to_type(v, dict)


JsonDict = Annotated[dict[str, Any], BeforeValidator(_coerce_json_str_to_dict)]

_VALUES = TypeAdapter(Optional[StringList])
_OPTIONS = TypeAdapter(Optional[JsonDict])


def set_dropdown_impl(range_name: str, dropdown_values: list[str] | None,
                      options: dict[str, Any] | None) -> dict[str, Any]:
    """The implementation layer (ours): what would build the Sheets API request."""
    return {"range_name": range_name, "dropdown_values": dropdown_values, "options": options}


def set_dropdown(range_name: Any, dropdown_values: Any = None, options: Any = None) -> dict[str, Any]:
    """The interface layer (ours): pydantic validation with the package's annotated types."""
    return set_dropdown_impl(range_name=range_name, dropdown_values=_VALUES.validate_python(dropdown_values),
                             options=_OPTIONS.validate_python(options))
