"""Markdown pieces shared by the renderers: table cells and inline code that survive any text."""

from __future__ import annotations

import json
from typing import Any


def cell(text: Any) -> str:
    """Text safe inside a table cell (no column break, no line break)."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def code(text: str) -> str:
    """`text` as an inline code span inside a table cell, whatever backticks it holds."""
    text = cell(text)
    return f"`` {text} ``" if "`" in text else f"`{text}`"


def json_code(value: Any, limit: int = 0) -> str:
    """A JSON value as inline code (repr for what JSON cannot hold), cut at `limit` characters."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    if limit and len(text) > limit:
        text = text[: limit - 1] + "…"
    return code(text)


def limits_table(rows: tuple[tuple[str, Any, str, str], ...]) -> str:
    """(constant, value, what it bounds, module) rows as a table; seconds for floats."""
    lines = ["| limit | value | what it bounds | constant |", "|---|---|---|---|"]
    for name, value, what, module in rows:
        shown = f"{value:,}" if isinstance(value, int) else f"{value:g} s"
        lines.append(f"| `{name}` | {shown} | {what} | `{module}.{name}` |")
    return "\n".join(lines)
