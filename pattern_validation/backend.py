"""The implementation layer of the example tools: strict types, pure logic, no I/O.

A tiny in-process search index and an in-memory file store stand in for a search API and a
disk, so fuzzing the tools has no side effects and needs no network.
"""

from __future__ import annotations

import json
from typing import Any

_INDEX: tuple[dict[str, str], ...] = (
    {"title": "Python 3.13 released", "url": "https://python.org/news/313", "domain": "python.org", "age": "week"},
    {"title": "Hypothesis: property-based testing", "url": "https://hypothesis.works/", "domain": "hypothesis.works", "age": "year"},
    {"title": "JSON Schema 2020-12", "url": "https://json-schema.org/draft/2020-12", "domain": "json-schema.org", "age": "year"},
    {"title": "Model Context Protocol spec", "url": "https://modelcontextprotocol.io/spec", "domain": "modelcontextprotocol.io", "age": "month"},
    {"title": "Pydantic validate_call", "url": "https://docs.pydantic.dev/validate_call", "domain": "docs.pydantic.dev", "age": "day"},
)
_AGES = {"day": 0, "week": 1, "month": 2, "year": 3}

#: The in-memory "disk" of `write_json`.
FILES: dict[str, str] = {}


def search(
    query: str,
    search_depth: str = "basic",
    max_results: int = 5,
    include_domains: list[str] | None = None,
    time_range: str | None = None,
) -> list[dict[str, str]]:
    """Search the fake index; assumes every argument is already valid (the interface's job)."""
    words = query.lower().split()
    hits = [doc for doc in _INDEX if any(w in doc["title"].lower() for w in words)]
    if search_depth == "basic":
        hits = hits[:3]
    if include_domains is not None:
        hits = [doc for doc in hits if doc["domain"] in include_domains]
    if time_range is not None:
        hits = [doc for doc in hits if _AGES[doc["age"]] <= _AGES[time_range]]
    return hits[:max_results]


def write_json(filename: str, content: dict[str, str], indent: int = 2, overwrite: bool = False) -> dict[str, Any]:
    """Store `content` as JSON text under `filename` in `FILES`."""
    if filename in FILES and not overwrite:
        return {"created": False, "reason": f"{filename} exists; pass overwrite=true to replace it"}
    FILES[filename] = json.dumps(content, indent=indent)
    return {"created": True, "filename": filename, "bytes": len(FILES[filename])}
