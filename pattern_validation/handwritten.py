"""The AACL pattern specification's hand-written interface functions, reconstructed.

The original pattern text is not available in this repository, so these functions are
rebuilt from its description, in its style, keeping every construct the description names:
`_normalize_search_depth` and `_normalize_optional_string` helpers, `int(max_results)`, and
a boolean flag parsed with `flag.strip().lower() in ("true", "1", "yes", "on")`.  They are
what a careful developer writes by hand; the campaign shows what they miss.  Do not fix
them: their defects are the point.
"""

from __future__ import annotations

import json
from typing import Any

from .backend import search as _search_backend
from .backend import write_json as _write_json
from .schemas import TIME_RANGES

__all__ = ["create_json", "search_web"]


def _normalize_search_depth(value: Any) -> str:
    """Map the model's wording to a search depth; anything unrecognised means the default."""
    if value is None:
        return "basic"
    normalized = str(value).strip().lower()
    if normalized in ("advanced", "deep", "thorough", "comprehensive"):
        return "advanced"
    return "basic"


def _normalize_optional_string(value: Any) -> str | None:
    """Treat the model's ways of saying "nothing" as None."""
    if value is None:
        return None
    text = str(value).strip()
    if text.lower() in ("", "null", "none", "undefined"):
        return None
    return text


def search_web(
    query: str,
    search_depth: str = "basic",
    max_results: int = 5,
    include_domains: list[str] | None = None,
    time_range: str | None = None,
) -> list[dict[str, str]]:
    """Interface layer for web search: normalise what the model sent, then call the backend."""
    depth = _normalize_search_depth(search_depth)
    time_range = _normalize_optional_string(time_range)
    if time_range is not None and time_range not in TIME_RANGES:
        raise ValueError(
            f"INVALID_TIME_RANGE: expected one of {list(TIME_RANGES)}; received '{time_range}'. "
            "Retry with a valid value."
        )
    return _search_backend(
        query=query,
        search_depth=depth,
        max_results=int(max_results),
        include_domains=include_domains,
        time_range=time_range,
    )


def _parse_flag(flag: Any) -> bool:
    return flag.strip().lower() in ("true", "1", "yes", "on")


def create_json(filename: str, content: Any, indent: Any = 2, overwrite: Any = "false") -> dict[str, Any]:
    """Interface layer for writing a JSON file: accept content as an object or a JSON string."""
    if isinstance(content, str):
        content = json.loads(content)
    return _write_json(filename=filename, content=content, indent=int(indent), overwrite=_parse_flag(overwrite))
