# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from chroma-mcp 0.2.6 (PyPI), file chroma_mcp/server.py: the `chroma_update_documents`
tool: its signature and its argument checks (a non-empty `ids` list; at least one of
`embeddings`, `metadatas`, `documents`; each list given as long as `ids`), then the update
arguments it builds (the lists given, `None` ones left out).  Apache License 2.0,
chroma-core/chroma-mcp (the licence file names no copyright holder); see
http://www.apache.org/licenses/LICENSE-2.0.  The checks and the argument building are verbatim
(checked by comparing their ASTs with the wheel's source).

Changes: the tool, an `async` function registered with `@mcp.tool()`, is a plain function
validated by pydantic against its signature (kept as published), as the MCP SDK's FastMCP does
(not reproduced: FastMCP's parsing of JSON text given for a non-string argument, and its
ignoring of unknown arguments); its docstring (the tool's description) is left out.  Where the
package gets the Chroma client and the collection and calls `collection.update(**kwargs)`, the
implementation layer receives the collection name and those `kwargs`; the backend's own
errors (a missing collection) are its business.

The implementation layer is ours.  SCHEMA is what the package's FastMCP (mcp 1.6.0, its pinned
version) derives from the signature: `inputSchema` of the registered tool.  Every check lives
in the code: the schema states no length, no minimum count, no relation between the lists.
"""

from __future__ import annotations

from typing import Any, Dict, List

from pydantic import validate_call

SCHEMA: dict[str, Any] = {
    "properties": {
        "collection_name": {"title": "Collection Name", "type": "string"},
        "ids": {"items": {"type": "string"}, "title": "Ids", "type": "array"},
        "embeddings": {
            "anyOf": [
                {"items": {"items": {"type": "number"}, "type": "array"}, "type": "array"},
                {"type": "null"},
            ],
            "default": None,
            "title": "Embeddings",
        },
        "metadatas": {
            "anyOf": [
                {"items": {"additionalProperties": True, "type": "object"}, "type": "array"},
                {"type": "null"},
            ],
            "default": None,
            "title": "Metadatas",
        },
        "documents": {
            "anyOf": [{"items": {"type": "string"}, "type": "array"}, {"type": "null"}],
            "default": None,
            "title": "Documents",
        },
    },
    "required": ["collection_name", "ids"],
    "title": "chroma_update_documentsArguments",
    "type": "object",
}
EXAMPLE: dict[str, Any] = {
    "collection_name": "support_articles",
    "ids": ["kb-101", "kb-102"],
    "embeddings": [[0.12, -0.4, 0.88], [0.05, 0.31, -0.27]],
    "metadatas": [{"lang": "en", "reviewed": True}, {"lang": "fr", "reviewed": False, "views": 12}],
    "documents": ["How to reset a password", "Comment changer son mot de passe"],
}


def chroma_update_documents_impl(collection_name: str, **kwargs: Any) -> dict[str, Any]:
    """The implementation layer (ours): where the package calls `collection.update(**kwargs)`."""
    return {"collection_name": collection_name, **kwargs}


@validate_call
def chroma_update_documents(
    collection_name: str,
    ids: List[str],
    embeddings: List[List[float]] | None = None,
    metadatas: List[Dict] | None = None,
    documents: List[str] | None = None
) -> str:
    """The interface layer: the package's tool, its Chroma calls replaced by the implementation."""
    if not ids:
        raise ValueError("The 'ids' list cannot be empty.")

    if embeddings is None and metadatas is None and documents is None:
        raise ValueError(
            "At least one of 'embeddings', 'metadatas', or 'documents' "
            "must be provided for update."
        )

    # Ensure provided lists match the length of ids if they are not None
    if embeddings is not None and len(embeddings) != len(ids):
        raise ValueError("Length of 'embeddings' list must match length of 'ids' list.")
    if metadatas is not None and len(metadatas) != len(ids):
        raise ValueError("Length of 'metadatas' list must match length of 'ids' list.")
    if documents is not None and len(documents) != len(ids):
        raise ValueError("Length of 'documents' list must match length of 'ids' list.")

    # Prepare arguments for update, excluding None values at the top level
    update_args = {
        "ids": ids,
        "embeddings": embeddings,
        "metadatas": metadatas,
        "documents": documents,
    }
    kwargs = {k: v for k, v in update_args.items() if v is not None}

    return chroma_update_documents_impl(collection_name=collection_name, **kwargs)
