"""The one canonical model of a tool, whatever it was declared with.

Every importer (type hints, JSON Schema, BFCL, OpenAI, MCP, LangChain) produces a
`ToolSpec`; the boundary, the strategies and the checks only ever read a `ToolSpec`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["ToolSpec", "spec_attribute", "without_aacl_keywords"]


@dataclass(frozen=True, eq=False)
class ToolSpec:
    """A tool as the model sees it (name, description, parameters) plus how to call it.

    `parameters` is always a draft 2020-12 JSON Schema of type object, with local `$ref`s
    pointing into its own `$defs`.  `materialise` turns canonical JSON keyword arguments
    into the Python objects the implementation expects (dates, enums, dataclasses, models);
    `dump` is its inverse.  Both are identity for schema-declared tools.
    """

    name: str
    description: str
    parameters: dict[str, Any]
    implementation: Callable[..., Any] | None = None
    materialise: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    dump: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    source: str = "schema"
    extra: dict[str, Any] = field(default_factory=dict)

    def to_python(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """Canonical JSON arguments -> what the implementation receives."""
        return self.materialise(arguments) if self.materialise else arguments

    def to_json(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """What the implementation received -> canonical JSON arguments."""
        return self.dump(arguments) if self.dump else arguments

    def openai_tool(self) -> dict[str, Any]:
        """This spec as an OpenAI Chat Completions `tools` entry."""
        return {
            "type": "function",
            "function": {
                "name": self.name,
                "description": self.description,
                "parameters": without_aacl_keywords(self.parameters),
            },
        }


def spec_attribute(obj: Any) -> ToolSpec | None:
    """`obj.spec` when it is a ToolSpec (a boundary Tool, a FuzzableTool): a property that
    raises is not a ToolSpec holder."""
    try:
        spec = getattr(obj, "spec", None)
    except Exception:
        return None
    return spec if isinstance(spec, ToolSpec) else None


def without_aacl_keywords(node: Any) -> Any:
    """A schema as a model is shown it: `x-aacl-*` keywords configure the boundary, they are
    not JSON Schema, and providers' strict modes refuse unknown keywords."""
    if isinstance(node, dict):
        return {k: without_aacl_keywords(v) for k, v in node.items() if not (isinstance(k, str) and k.startswith("x-aacl-"))}
    if isinstance(node, list):
        return [without_aacl_keywords(v) for v in node]
    return node
