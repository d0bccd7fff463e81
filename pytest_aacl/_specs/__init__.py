"""Importers: every way to declare a tool ends as one canonical `ToolSpec`.

Nothing here imports pytest or hypothesis; jsonschema, pydantic, mcp, fastmcp and
langchain are imported only when an importer needs them.
"""

from __future__ import annotations

from ._bfcl import from_bfcl, translate_bfcl
from ._dispatch import as_spec
from ._function import from_function
from ._jsonschema import DRAFT_2020_12, canonicalise, from_schema
from ._langchain import from_langchain
from ._mcp import from_mcp, specs_from_mcp_server, specs_from_mcp_server_async
from ._openai import from_openai

__all__ = [
    "DRAFT_2020_12",
    "as_spec",
    "canonicalise",
    "from_bfcl",
    "from_function",
    "from_langchain",
    "from_mcp",
    "from_openai",
    "from_schema",
    "specs_from_mcp_server",
    "specs_from_mcp_server_async",
    "translate_bfcl",
]
