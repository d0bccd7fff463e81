"""What the user names as a target -> the `Target`s inside it.

`resolve` reads a reference with `_load.load`, asks `_kinds.classify` what kind of tool it
is, and hands it to the adapter for that kind (`_python`, `_mcp`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import _argcheck
from .._errors import InvalidArgument
from .._kinds import classify
from .._toolspec import ToolSpec
from . import _python as py
from ._load import load
from ._mcp import mcp_targets
from ._target import Target, TargetError

__all__ = ["check_call_options", "resolve"]

_MCP_KINDS = ("fastmcp_server", "fastmcp_tool", "mcp_server", "mcp_lowlevel_server", "mcp_endpoint")


def resolve(
    target: Any,
    *,
    schema: Any = None,
    implementation: Any = None,
    correction: type[BaseException] | tuple[type[BaseException], ...] = ValueError,
    timeout: float = 5.0,
    reset: Callable[[], Any] | None = None,
) -> list[Target]:
    """Everything `fuzz()` accepts -> the tools inside it (a server may hold several).

    `implementation=` names the layer to spy on (`"module:attr"` or `(obj, "attr")`; for
    an OpenAI / Anthropic spec, the callable the model's arguments are dispatched to);
    without it the tool is a black box.  `reset` runs in the worker before each call.
    """
    if isinstance(target, Target):
        return [target]
    label = target if isinstance(target, str) else ""
    if isinstance(target, str):
        target = load(target)
    try:
        check_call_options(timeout, correction, reset)
    except InvalidArgument as exc:  # a target dict's option: the target cannot be fuzzed as given
        raise TargetError(str(exc)) from None
    kind = classify(target)
    name = label or getattr(target, "__name__", "") or type(target).__name__
    spy = None if implementation is None or kind == "dict" else py.named_spy(implementation)
    kw: dict[str, Any] = {"timeout": timeout, "reset": reset}
    if schema is not None and not isinstance(schema, (dict, ToolSpec)) and not isinstance(getattr(schema, "spec", None), ToolSpec):
        raise TargetError(f"schema={_argcheck.shown(schema)} is not a schema; pass a JSON Schema dict, an OpenAI / "
                          "Anthropic tool dict or a ToolSpec (or leave it out to read the type hints)")
    if kind in _MCP_KINDS or kind in ("boundary_tool", "langchain"):
        if schema is not None:
            raise TargetError(f"{name!r} carries its own schema, so drop schema= (it is for hand-written "
                              "functions and OpenAI specs)")
    if kind == "boundary_tool":
        if implementation is not None:
            raise TargetError(f"{name!r} is a boundary Tool and carries its own implementation; drop implementation=")
        return [py.from_boundary_tool(target, **kw)]
    if kind in _MCP_KINDS:
        return mcp_targets(target, kind, spy=spy, **kw)
    if kind == "langchain":
        return [py.from_langchain(target, spy=spy, correction=correction, **kw)]
    if kind == "dict":
        if implementation is None:
            raise TargetError("an OpenAI tool spec needs implementation=<the function the model's "
                              "arguments are dispatched to> (the same for an Anthropic tool spec)")
        func = load(implementation) if isinstance(implementation, str) else implementation
        if not callable(func):
            raise TargetError(f"implementation= for a tool spec must be the callable it dispatches to, got {type(func).__name__}")
        return [py.from_declaration(target, func, correction=correction, **kw)]
    if kind == "fastmcp_function":
        # FastMCP 3+ `@mcp.tool` returns the plain function, so this is the natural thing to point at
        raise TargetError(f"{name!r} is a FastMCP tool function; pass its FastMCP server instead "
                          "(e.g. 'myapp.server:mcp'), so calls go through the MCP protocol")
    if kind == "function":
        return [py.from_function(target, schema, spy=spy, correction=correction, **kw)]
    shown = repr(label) if label else _argcheck.shown(target)
    raise TargetError(
        f"target={shown} is not a tool; pass a boundary Tool, a function (with schema= or type hints), a FastMCP "
        "or MCP SDK server or tool, a LangChain tool, an OpenAI / Anthropic tool spec with implementation=, "
        "'stdio:<command>' or a local MCP URL"
    )


def check_call_options(timeout: Any, correction: Any, reset: Any) -> None:
    """How each call of a target runs (`fuzz()`'s, or a target dict's): one `InvalidArgument` each."""
    _argcheck.number("fuzz", "timeout", timeout, low=0, low_open=True,
                 expected="a number of seconds greater than 0, e.g. timeout=5.0")
    types = correction if isinstance(correction, tuple) else (correction,)
    if not types or not all(isinstance(c, type) and issubclass(c, BaseException) for c in types):
        raise _argcheck.invalid("fuzz", "correction", correction, "the exception type your tool raises to refuse a call, "
                            "e.g. correction=ValueError, or a tuple of such types")
    _argcheck.function("fuzz", "reset", reset, optional=True,
                   expected="a function called with no arguments before each call, or None")
