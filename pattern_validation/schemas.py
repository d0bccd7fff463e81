"""The strict contract of the two example tools, shared by every version of them.

Each version is fuzzed against the same schema, so the findings table compares interface
layers, not contracts.
"""

from __future__ import annotations

from typing import Any

SEARCH_DEPTHS = ("basic", "advanced")
TIME_RANGES = ("day", "week", "month", "year")

SEARCH_WEB_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "query": {"type": "string", "minLength": 1, "maxLength": 400, "description": "What to search for."},
        "search_depth": {"type": "string", "enum": list(SEARCH_DEPTHS), "default": "basic",
                         "description": "basic (fast) or advanced (thorough)."},
        "max_results": {"type": "integer", "minimum": 1, "maximum": 20, "default": 5,
                        "description": "How many results to return, 1 to 20."},
        "include_domains": {"type": ["array", "null"], "items": {"type": "string", "format": "hostname"},
                            "maxItems": 10, "default": None,
                            "description": "Only return results from these domains."},
        "time_range": {"type": ["string", "null"], "enum": [*TIME_RANGES, None], "default": None,
                       "description": "Only return results from this period."},
    },
    "required": ["query"],
    "additionalProperties": False,
}

CREATE_JSON_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "filename": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,40}\\.json$",
                     "description": "Name of the file to create, e.g. report.json."},
        "content": {"type": "object", "additionalProperties": {"type": "string"}, "maxProperties": 8,
                    "description": "The JSON object to write."},
        "indent": {"type": "integer", "minimum": 0, "maximum": 8, "default": 2,
                   "description": "Spaces of indentation."},
        "overwrite": {"type": "boolean", "default": False,
                      "description": "Replace the file if it already exists."},
    },
    "required": ["filename", "content"],
    "additionalProperties": False,
}
