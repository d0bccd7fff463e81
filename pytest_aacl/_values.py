"""Example values a user gives (`fuzz(values=...)`, ini `aacl_values`): where they go.

A run stopped at a tool's first check (a path that must exist, an id the backend knows) tests
nothing past it; a value the user knows the tool accepts becomes the intended value of that
argument, so the cases vary everything else around a call that gets through.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Mapping
from typing import Any

__all__ = ["values_for", "with_values"]


def values_for(tool: str, values: Mapping[str, Any], tools: set[str]) -> dict[str, Any]:
    """The values for one tool: `"arg"` for every tool, `"tool.arg"` for that tool only (and
    first), so two tools may take different values of one name (trial 10: a Fernet `key` in
    base64 and an AES `key` in hex)."""
    out = {k: v for k, v in values.items() if k.split(".", 1)[0] not in tools}
    out.update({k.split(".", 1)[1]: v for k, v in values.items() if k.split(".", 1)[0] == tool and "." in k})
    return out


def with_values(spec: Any, values: Mapping[str, Any]) -> Any:
    """`spec` whose properties named in `values` (at any depth) carry that value (first in
    `examples`, and as `x-aacl-values`): the strategies take it as the field's intended value."""
    schema = copy.deepcopy(spec.parameters)

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, sub in (node.get("properties") or {}).items():
                if key in values and isinstance(sub, dict):
                    given = sub.get("examples") if isinstance(sub.get("examples"), list) else []
                    sub["examples"] = [values[key], *(v for v in given if v != values[key])]
                    sub["x-aacl-values"] = [values[key]]  # the strategies' canonical value
            for sub in node.values():
                walk(sub)
        elif isinstance(node, list):
            for sub in node:
                walk(sub)

    walk(schema)
    return dataclasses.replace(spec, parameters=schema)
