# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from mcp-zotero 0.3.0 (PyPI), file mcp_zotero/server.py: the `search_items` tool and
`_simplify_item`; file mcp_zotero/models.py: the pydantic model `SearchRequest`.  The tool
takes all its arguments inside one object, `req`, validated by the model: a required free-text
query, a limit of 1-100 and a start of at least 0 (stated in the schema through `$defs`), an
item type, a quick-search mode, a tag given as one string (with Zotero's `||` / `-` syntax) or a
list of strings, a sort field and direction, and a library version; the model's keys are
renamed to Zotero's (`query` to `q`, `item_type` to `itemType`) and the ones left at None are
dropped before the search, each item found then cut down to eight keys.  MIT License, Copyright
(c) 2025 Neal Caren (mcp-zotero); see https://opensource.org/licenses/MIT.  The functions are
verbatim, but for the changes below (copied with ast.get_source_segment from the wheel; no AST comparison was run).

Changes: the tool, registered with `@mcp.tool()` on the MCP SDK's FastMCP, is validated by
pydantic against its signature, as FastMCP does (not reproduced: FastMCP's parsing of JSON text
given for a non-string argument, and its ignoring of unknown arguments, which pydantic refuses).
`_get_client` (the package's pyzotero `Zotero` built from ZOTERO_* settings, local or web) is a
stand-in returning a client whose `items(**kwargs)` hands the call on to the implementation
layer.

The implementation layer is ours: it answers as pyzotero's `items` does, a list of items in
Zotero's JSON form, as many as `limit` asks (at most three), each naming the parameters it was
asked with.  SCHEMA is what the package's FastMCP derives: `inputSchema` of the registered tool
under mcp 1.30.0 (the package asks for mcp >= 1.0.0 and imports `mcp.server.fastmcp`, which mcp
2 removed), in a throwaway venv with the package's own modules imported.  It states the model's
bounds but nothing of the tag syntax, the sort fields or the directions.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Dict, List, Optional, Union

from pydantic import BaseModel, Field, validate_call

SCHEMA: dict[str, Any] = {
    "$defs": {"SearchRequest": {
        "properties": {
            "query": {"description": "Free-text search query", "title": "Query", "type": "string"},
            "limit": {"default": 20, "maximum": 100, "minimum": 1, "title": "Limit", "type": "integer"},
            "start": {"default": 0, "minimum": 0, "title": "Start", "type": "integer"},
            "item_type": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None,
                          "description": "Filter by Zotero itemType", "title": "Item Type"},
            "qmode": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None,
                      "description": "Quick search mode (titleCreatorYear or everything)", "title": "Qmode"},
            "tag": {"anyOf": [{"type": "string"}, {"items": {"type": "string"}, "type": "array"}, {"type": "null"}],
                    "default": None, "description": "Filter by tag (string, OR/NOT syntax, or list for AND)",
                    "title": "Tag"},
            "sort": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None,
                     "description": "Sort field (e.g., dateAdded, title)", "title": "Sort"},
            "direction": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None,
                          "description": "Sort direction (asc/desc)", "title": "Direction"},
            "since": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None,
                      "description": "Return items since this version", "title": "Since"},
        },
        "required": ["query"],
        "title": "SearchRequest",
        "type": "object",
    }},
    "properties": {"req": {"$ref": "#/$defs/SearchRequest"}},
    "required": ["req"],
    "title": "search_itemsArguments",
    "type": "object",
}
EXAMPLE: dict[str, Any] = {"req": {"query": "mutation testing", "limit": 2, "start": 5, "item_type": "journalArticle",
                                   "qmode": "everything", "tag": ["fuzzing", "testing"], "sort": "dateAdded",
                                   "direction": "desc", "since": 120}}


def items_impl(**kwargs: Any) -> List[Dict[str, Any]]:
    """The implementation layer (ours): where pyzotero GETs the library's items."""
    n = min(int(kwargs.get("limit", 25)), 3)
    return [{"key": f"K{i}", "data": {"itemType": kwargs.get("itemType", "book"), "title": f"{kwargs.get('q')} {i}",
                                     "creators": [], "date": "2024", "tags": [], "asked": kwargs}} for i in range(n)]


def _get_client() -> Any:
    """Stands in for the package's pyzotero client: `items` hands the call on."""
    return SimpleNamespace(items=lambda **kwargs: items_impl(**kwargs))


class SearchRequest(BaseModel):
    query: str = Field(..., description="Free-text search query")
    limit: int = Field(20, ge=1, le=100)
    start: int = Field(0, ge=0)
    item_type: Optional[str] = Field(None, description="Filter by Zotero itemType")
    qmode: Optional[str] = Field(
        None, description="Quick search mode (titleCreatorYear or everything)"
    )
    tag: Optional[Union[str, List[str]]] = Field(
        None, description="Filter by tag (string, OR/NOT syntax, or list for AND)"
    )
    sort: Optional[str] = Field(None, description="Sort field (e.g., dateAdded, title)")
    direction: Optional[str] = Field(None, description="Sort direction (asc/desc)")
    since: Optional[int] = Field(None, description="Return items since this version")


def _simplify_item(item: Dict[str, Any]) -> Dict[str, Any]:
    data = item.get("data", {})
    return {
        "key": item.get("key"),
        "itemType": data.get("itemType"),
        "title": data.get("title"),
        "creators": data.get("creators"),
        "date": data.get("date"),
        "tags": data.get("tags"),
        "libraryCatalog": data.get("libraryCatalog"),
        "url": data.get("url"),
    }


@validate_call
def search_items(req: SearchRequest) -> Dict[str, Any]:
    """Search items by free-text query."""
    client = _get_client()
    kwargs = {
        k: v
        for k, v in {
            "q": req.query,
            "qmode": req.qmode,
            "limit": req.limit,
            "start": req.start,
            "itemType": req.item_type,
            "tag": req.tag,
            "sort": req.sort,
            "direction": req.direction,
            "since": req.since,
        }.items()
        if v is not None
    }
    items = client.items(**kwargs)
    return {
        "query": req.query,
        "count": len(items),
        "items": [_simplify_item(i) for i in items],
    }


