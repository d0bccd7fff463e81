"""Reading what the user names: a `"module:object"` reference, an MCP endpoint, a schema.

`load` reads a reference (`"module:object"`, `"stdio:<command line>"`, a local
`http://127.0.0.1:PORT/mcp` URL), `owner_attr` the layer `implementation=` names, and
`spec_for` the strict spec a `schema=` gives.  The bottom of the targets package: the
adapters and `resolve` read through it.
"""

from __future__ import annotations

import importlib
import shlex
import traceback
import urllib.parse
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import _argcheck, _specs
from .._toolspec import ToolSpec
from ._target import TargetError

__all__ = ["McpEndpoint", "load", "owner_attr", "spec_for"]

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
        ours = str(Path(__file__).parent.parent)  # pytest_aacl: our frames are not the module's bug
        frames = [f for f in traceback.extract_tb(exc.__traceback__) if not f.filename.startswith((ours, "<"))]
        where = f" at {frames[-1].filename}:{frames[-1].lineno}" if frames and not isinstance(exc, SyntaxError) else ""
        raise TargetError(f"target {reference!r}: importing module {module_name!r} raised "
                          f"{type(exc).__name__}{where}: {exc}") from None
    for part in attr_path.split("."):
        if not hasattr(obj, part):
            raise TargetError(f"target {reference!r}: module {module_name!r} has no attribute {attr_path!r}")
        obj = getattr(obj, part)
    return obj


def spec_for(schema: Any, name: str, description: str = "") -> ToolSpec:
    """A strict spec from what the user gave as `schema=`: a ToolSpec, or any dict `as_spec`
    reads (plain JSON Schema, an OpenAI / Anthropic tool, a BFCL declaration)."""
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
    raise TargetError(f"implementation={_argcheck.shown(implementation)} does not name what the interface calls; "
                      "pass 'module:attr' or (obj, 'attr')")
