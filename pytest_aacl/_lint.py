"""Advice read from a tool's schema alone, before any call is made.

Why: some questions have no answer a fuzzer may assume.  A field typed "a list or a text"
(`list[str] | str`, a common LLM-friendly signature) may read `"a,b"` as two items or as one
title with a comma in it; only the schema's own words can say which.  When they do, the
strategies test the relation ("the text form of a list means that list"); when they do not,
claiming a defect either way would be a guess, so the run says what to declare instead.
"""

from __future__ import annotations

from typing import Any

__all__ = ["schema_advice"]

_FIX = ("say in the field's description what its text form is (\"a list, or one comma-separated "
        "string\"), or accept only the list")


def schema_advice(tool: str, spec: Any, finding: Any) -> list[Any]:
    """One advice `finding` (a `Finding` class) per top-level list-or-text field whose text
    form is not declared; nothing for a schema the strategies cannot read."""
    from .strategies import _root  # lazy: hypothesis costs start-up
    from .strategies._render import (  # lazy: hypothesis costs start-up
        list_text_families,
        list_text_union,
    )

    try:
        _params, root = _root(spec)
    except Exception:  # an unreadable schema is reported by the run itself, not here
        return []
    out = []
    for name, node in root.props.items():
        if list_text_union(node) is None or list_text_families(node) or _structured_text(node):
            continue
        out.append(finding(
            tool=tool, check="list_or_text", call=f"{tool}({name}='a,b')", args={name: "a,b"},
            kind="schema", outcome="", severity="advice", fix=_FIX, key=("list_or_text", "undeclared"),
            message=f"{name} takes a list or a text, and its schema does not say whether "
                    "'a,b' means two items or one; the fuzzer tests neither reading"))
    return out


def _structured_text(node: Any) -> bool:
    """A union whose text is a serialised structure, not a list written out: it also takes an
    object, or its words say JSON ("GeoJSON string, dict, Feature, or coordinates": trial 10
    asked whether 'a,b' meant two items of a coordinate array)."""
    schema = node.schema if isinstance(node.schema, dict) else {}
    words = " ".join(str(schema.get(k) or "") for k in ("description", "title")).lower()
    return any(b.kind == "object" for b in node.branches) or "json" in words
