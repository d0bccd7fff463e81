"""LangChain tools (`@tool` functions, `StructuredTool`, `BaseTool` subclasses) -> `ToolSpec`.

The schema is `tool_call_schema`, what LangChain binds to a model (injected arguments left
out); the implementation is the tool's own function, or `tool.invoke` when it has none.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .._errors import SpecError
from .._toolspec import ToolSpec
from ._jsonschema import canonicalise
from ._mcp import _codecs

__all__ = ["from_langchain", "is_langchain"]


def is_langchain(obj: Any) -> bool:
    """A LangChain tool, told by its class's module (langchain_core is not imported)."""
    return any((c.__module__ or "").startswith(("langchain_core", "langchain")) for c in type(obj).__mro__) \
        and hasattr(obj, "name") and (hasattr(obj, "tool_call_schema") or hasattr(obj, "args_schema"))


def from_langchain(tool: Any) -> ToolSpec:
    """A `ToolSpec` from a LangChain tool (`@tool`, `StructuredTool`, a `BaseTool` subclass)."""
    if not is_langchain(tool):
        raise SpecError(f"{type(tool).__name__} is not a LangChain tool; pass a @tool function, "
                        "a StructuredTool or a BaseTool instance")
    schema = _schema(tool)
    func = getattr(tool, "func", None)
    coroutine = getattr(tool, "coroutine", None)
    impl: Callable[..., Any] | None = func if callable(func) else coroutine if callable(coroutine) else None
    materialise = dump = None
    if impl is not None:
        materialise, dump = _codecs(impl)
    else:
        impl = _invoker(tool)
    return ToolSpec(
        name=str(tool.name),
        description=str(getattr(tool, "description", "") or ""),
        parameters=canonicalise(schema),
        implementation=impl,
        materialise=materialise,
        dump=dump,
        source="langchain",
        extra={"langchain_tool": tool},
    )


def _schema(tool: Any) -> dict[str, Any]:
    for attr in ("tool_call_schema", "args_schema"):
        try:
            found = getattr(tool, attr, None)
        except Exception:  # a property that cannot build its model
            continue
        if isinstance(found, dict):
            return {"type": "object", "properties": {}, **found} if "properties" not in found else found
        if hasattr(found, "model_json_schema"):
            schema = found.model_json_schema()
            schema.pop("description", None)  # LangChain copies the whole docstring here
            return schema
    getter = getattr(tool, "get_input_schema", None)
    if callable(getter):
        return getter().model_json_schema()
    raise SpecError(f"the LangChain tool {tool.name!r} exposes no argument schema")


def _invoker(tool: Any) -> Callable[..., Any]:
    def invoke(**arguments: Any) -> Any:
        return tool.invoke(arguments)

    invoke.__name__ = str(tool.name)
    return invoke
