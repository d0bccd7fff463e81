"""What the user names as a target -> the `Target`s inside it.

`load` reads a reference (`"module:object"`, `"stdio:<command line>"`, a local
`http://127.0.0.1:PORT/mcp` URL); `resolve` asks `_kinds.classify` what kind of tool it is
and hands it to the adapter for that kind.
"""

from __future__ import annotations

import importlib
import shlex
import traceback
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import _args
from ._errors import InvalidArgument
from ._kinds import classify
from ._spec import ToolSpec
from ._targets import Target, TargetError

__all__ = ["McpEndpoint", "check_call_options", "load", "resolve", "spec_for"]

_LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")


@dataclass(frozen=True)
class McpEndpoint:
    """An MCP server reached the way a host reaches it: a command over stdio, or a URL."""

    transport: str  # "stdio" or "http"
    command: tuple[str, ...] = ()
    url: str = ""

    def __str__(self) -> str:
        return f"stdio:{shlex.join(self.command)}" if self.transport == "stdio" else self.url


def load(reference: str) -> Any:
    """`"package.module:attr.path"` -> the object; `"stdio:cmd args"` or a local
    `http://HOST:PORT/path` -> an `McpEndpoint`; a `TargetError` naming what is wrong."""
    if reference.startswith("stdio:"):
        try:
            command = tuple(shlex.split(reference.removeprefix("stdio:")))
        except ValueError as exc:
            raise TargetError(f"target {reference!r}: cannot split the command line ({exc})") from None
        if not command:
            raise TargetError("target 'stdio:' needs the command that starts the MCP server, e.g. 'stdio:mcp-server-time'")
        return McpEndpoint("stdio", command=command)
    if reference.startswith(("http://", "https://")):
        host = urllib.parse.urlsplit(reference).hostname or ""
        if host not in _LOCAL_HOSTS:
            raise TargetError(f"target {reference!r}: only a local MCP server is fuzzed over HTTP "
                              "(127.0.0.1, localhost, ::1); fuzzing sends it thousands of calls")
        return McpEndpoint("http", url=reference)
    module_name, sep, attr_path = reference.partition(":")
    if not sep or not module_name or not attr_path:
        raise TargetError(f"target {reference!r} is not a reference to a tool; pass 'module:object' "
                          "(e.g. 'myapp.tools:search_web'), 'stdio:<command>' or 'http://127.0.0.1:PORT/mcp'")
    try:
        obj: Any = importlib.import_module(module_name)
    except ImportError as exc:
        raise TargetError(f"target {reference!r}: cannot import module {module_name!r} ({exc})") from None
    except Exception as exc:  # a SpecError from @boundary at import time, or any bug in the module
        ours = str(Path(__file__).parent)
        frames = [f for f in traceback.extract_tb(exc.__traceback__) if not f.filename.startswith((ours, "<"))]
        where = f" at {frames[-1].filename}:{frames[-1].lineno}" if frames and not isinstance(exc, SyntaxError) else ""
        raise TargetError(f"target {reference!r}: importing module {module_name!r} raised "
                          f"{type(exc).__name__}{where}: {exc}") from None
    for part in attr_path.split("."):
        if not hasattr(obj, part):
            raise TargetError(f"target {reference!r}: module {module_name!r} has no attribute {attr_path!r}")
        obj = getattr(obj, part)
    return obj


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
    from . import _targets_py as py

    spy = None if implementation is None or kind == "dict" else py.named_spy(implementation)
    kw: dict[str, Any] = {"timeout": timeout, "reset": reset}
    if schema is not None and not isinstance(schema, (dict, ToolSpec)) and not isinstance(getattr(schema, "spec", None), ToolSpec):
        raise TargetError(f"schema={_args.shown(schema)} is not a schema; pass a JSON Schema dict, an OpenAI / "
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
        from ._targets_mcp import mcp_targets

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
    shown = repr(label) if label else _args.shown(target)
    raise TargetError(
        f"target={shown} is not a tool; pass a boundary Tool, a function (with schema= or type hints), a FastMCP "
        "or MCP SDK server or tool, a LangChain tool, an OpenAI / Anthropic tool spec with implementation=, "
        "'stdio:<command>' or a local MCP URL"
    )


def check_call_options(timeout: Any, correction: Any, reset: Any) -> None:
    """How each call of a target runs (`fuzz()`'s, or a target dict's): one `InvalidArgument` each."""
    _args.number("fuzz", "timeout", timeout, low=0, low_open=True,
                 expected="a number of seconds greater than 0, e.g. timeout=5.0")
    types = correction if isinstance(correction, tuple) else (correction,)
    if not types or not all(isinstance(c, type) and issubclass(c, BaseException) for c in types):
        raise _args.invalid("fuzz", "correction", correction, "the exception type your tool raises to refuse a call, "
                            "e.g. correction=ValueError, or a tuple of such types")
    _args.function("fuzz", "reset", reset, optional=True,
                   expected="a function called with no arguments before each call, or None")


def spec_for(schema: Any, name: str, description: str = "") -> ToolSpec:
    """A strict spec from what the user gave as `schema=`: a ToolSpec, or any dict `as_spec`
    reads (plain JSON Schema, an OpenAI / Anthropic tool, a BFCL declaration)."""
    from . import _specs

    if isinstance(schema, ToolSpec):
        return schema
    if isinstance(schema, dict) and schema.get("type") == "object" and "properties" in schema:
        return _specs.from_schema(schema, name=name, description=description)
    return _specs.as_spec(schema, name=name, description=description)


def owner_attr(implementation: Any) -> tuple[Any, str]:
    """`"module:attr.path"` or `(obj, "attr")` -> (the object holding it, the attribute)."""
    if isinstance(implementation, str):
        module_name, sep, attr_path = implementation.partition(":")
        if not sep or not attr_path:
            raise TargetError(f"implementation={implementation!r} must look like 'module:attr'")
        parent, _, attr = attr_path.rpartition(".")
        load(implementation)  # a clear error if any part is missing
        owner = load(f"{module_name}:{parent}") if parent else importlib.import_module(module_name)
        return owner, attr
    if isinstance(implementation, tuple) and len(implementation) == 2 and isinstance(implementation[1], str):
        owner, attr = implementation
        if not hasattr(owner, attr):
            raise TargetError(f"implementation=({owner!r}, {attr!r}): that object has no attribute {attr!r}")
        return owner, attr
    raise TargetError(f"implementation={_args.shown(implementation)} does not name what the interface calls; "
                      "pass 'module:attr' or (obj, 'attr')")
