"""The same tools with `pydantic.validate_call` (lax mode): what most users write today.

Pydantic validates and coerces at the interface, so it is far better than hand-written
parsing; the campaign shows where its lax coercions still differ from what the model meant.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, validate_call

from .backend import search as _search_backend
from .backend import write_json as _write_json

__all__ = ["create_json", "search_web"]

_Hostname = Annotated[str, Field(pattern=r"^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$")]


@validate_call
def search_web(
    query: Annotated[str, Field(min_length=1, max_length=400)],
    search_depth: Literal["basic", "advanced"] = "basic",
    max_results: Annotated[int, Field(ge=1, le=20)] = 5,
    include_domains: Annotated[list[_Hostname], Field(max_length=10)] | None = None,
    time_range: Literal["day", "week", "month", "year"] | None = None,
) -> list[dict[str, str]]:
    """Web search with Pydantic doing the interface layer's job."""
    return _search_backend(
        query=query,
        search_depth=search_depth,
        max_results=max_results,
        include_domains=include_domains,
        time_range=time_range,
    )


@validate_call
def create_json(
    filename: Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,40}\.json$")],
    content: Annotated[dict[str, str], Field(max_length=8)],
    indent: Annotated[int, Field(ge=0, le=8)] = 2,
    overwrite: bool = False,
) -> dict[str, Any]:
    """Write a JSON file with Pydantic doing the interface layer's job."""
    return _write_json(filename=filename, content=content, indent=indent, overwrite=overwrite)
