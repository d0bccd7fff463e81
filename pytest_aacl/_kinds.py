"""The one place that decides what kind of tool an object is.

Both the spec layer (`_specs.as_spec`) and the fuzz targets (`_targets.resolve`) ask here,
so a thing is never a FastMCP server to one and "not a tool" to the other.  Library
objects are told by the modules of their class hierarchy (a subclass of `FastMCP` defined
in user code is still a FastMCP server), and nothing is imported to ask.
"""

from __future__ import annotations

from typing import Any, Literal

from ._compat.mcp import has_tool_manager
from ._toolspec import ToolSpec, spec_attribute

__all__ = ["Kind", "classify", "library_roots"]

Kind = Literal[
    "spec",  # a ToolSpec, or an object carrying one as `.spec` (a boundary Tool)
    "boundary_tool",  # a pytest_aacl boundary Tool: spec + implementation + normalise
    "fastmcp_server",  # fastmcp.FastMCP (2, 3, 4) or a subclass
    "fastmcp_tool",  # a fastmcp tool object (FunctionTool, a transformed tool, ...)
    "fastmcp_function",  # a function decorated with a FastMCP 3+ server's `@tool`
    "mcp_server",  # the MCP SDK's high-level server: `MCPServer` (2.x) / `FastMCP` (1.x)
    "mcp_lowlevel_server",  # the MCP SDK's low-level `mcp.server.lowlevel.Server`
    "mcp_tool",  # a bare `mcp.types.Tool` (a schema, no code) or an SDK tool object
    "mcp_endpoint",  # a server reached as a host would: `stdio:<command>` or a local URL
    "langchain",  # a LangChain tool (`@tool`, StructuredTool, BaseTool subclass)
    "dict",  # a declaration dict: OpenAI / Anthropic tool, BFCL, JSON Schema
    "class",  # a class where an instance or function was meant
    "function",  # any other callable
    "unknown",
]


def library_roots(obj: Any) -> set[str]:
    """Top-level package names of every class in `type(obj).__mro__` (`{'fastmcp', 'builtins'}`)."""
    return {(getattr(c, "__module__", "") or "").split(".", 1)[0] for c in type(obj).__mro__}


def _mro_modules(obj: Any) -> list[str]:
    return [getattr(c, "__module__", "") or "" for c in type(obj).__mro__]


def classify(obj: Any) -> Kind:
    """What kind of tool `obj` is; `"unknown"` when it is none of the accepted kinds."""
    if isinstance(obj, ToolSpec):
        return "spec"
    if isinstance(obj, dict):
        return "dict"
    if isinstance(obj, type):
        return "class"
    if type(obj).__name__ == "McpEndpoint" and type(obj).__module__.startswith("pytest_aacl"):
        return "mcp_endpoint"
    if _is_boundary_tool(obj):
        return "boundary_tool"
    modules = _mro_modules(obj)
    roots = {m.split(".", 1)[0] for m in modules}
    if roots & {"langchain_core", "langchain"} and hasattr(obj, "name") \
            and (hasattr(obj, "tool_call_schema") or hasattr(obj, "args_schema")):
        return "langchain"
    if "fastmcp" in roots:
        if hasattr(obj, "list_tools") and hasattr(obj, "add_tool"):
            return "fastmcp_server"
        return "fastmcp_tool"
    if roots & {"mcp", "mcp_types"}:
        if any(m.startswith("mcp.server.lowlevel") for m in modules):
            return "mcp_lowlevel_server"
        if hasattr(obj, "list_tools") and (has_tool_manager(obj) or hasattr(obj, "add_tool")):
            return "mcp_server"
        return "mcp_tool"
    if callable(obj) and getattr(obj, "__fastmcp__", None) is not None:
        return "fastmcp_function"
    if spec_attribute(obj) is not None:
        return "spec"
    if callable(obj):
        return "function"
    return "unknown"


def _is_boundary_tool(obj: Any) -> bool:
    """Duck-typed, so a reloaded `_boundary` module (pytester, importlib.reload) still matches."""
    try:
        return all(hasattr(obj, a) for a in ("spec", "implementation", "normalise", "with_implementation"))
    except Exception:  # a hostile __getattr__ is not a tool
        return False


