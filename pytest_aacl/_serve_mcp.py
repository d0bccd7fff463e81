"""The boundary inside MCP servers: a FastMCP tool, a FastMCP middleware, an MCP SDK tool.

Kept apart from `serve` because each piece subclasses a framework class, which can only be
defined once the framework is imported (lazily, on first use).
"""

from __future__ import annotations

import functools
import inspect
import json
from typing import Any

from ._argcheck import shown
from ._boundary import Tool, _with_options
from ._compat.mcp import register_tool, tool_manager
from ._errors import CorrectionError, SpecError
from ._normalise import Plan
from ._optional import require as _require
from ._specs import from_schema

__all__ = ["add_to_sdk_server", "fastmcp_tool", "middleware"]


async def _result(tool: Tool, arguments: dict[str, Any]) -> Any:
    value = tool.implementation(**tool.normalise(arguments))
    return await value if inspect.isawaitable(value) else value


# -- fastmcp: one boundary tool ------------------------------------------------------------


@functools.cache
def _fastmcp_tool_class() -> type:
    base = _require("fastmcp.tools", "fastmcp").Tool
    from pydantic import PrivateAttr

    class BoundaryTool(base):  # type: ignore[misc, valid-type]
        """A FastMCP tool whose arguments go through the AACL boundary first."""

        _aacl: Any = PrivateAttr(default=None)

        async def run(self, arguments: dict[str, Any]) -> Any:
            from fastmcp.exceptions import ToolError

            try:
                value = await _result(self._aacl, dict(arguments or {}))
            except CorrectionError as error:
                raise ToolError(str(error)) from None
            return self.convert_result(value)

    return BoundaryTool


def fastmcp_tool(tool: Tool, schema: dict[str, Any]) -> Any:
    cls = _fastmcp_tool_class()
    made = cls(name=tool.spec.name, description=tool.spec.description or None, parameters=schema)
    made._aacl = tool
    return made


# -- fastmcp: a middleware in front of every tool -------------------------------------------


def middleware(*, date_order: str | None, naive_datetime: str | None, synonyms: dict[str, Any]) -> Any:
    mw = _require("fastmcp.server.middleware", "fastmcp")
    _with_options({"type": "object"}, date_order, None, naive_datetime)  # options checked now

    class AACLMiddleware(mw.Middleware):  # type: ignore[misc, valid-type]
        """Normalises every tool call's arguments against the tool's own schema."""

        def __init__(self) -> None:
            self._plans: dict[tuple[str, str], Plan] = {}

        def _plan(self, name: str, parameters: dict[str, Any]) -> Plan:
            key = (name, json.dumps(parameters, sort_keys=True, default=str))
            plan = self._plans.get(key)
            if plan is None:
                spec = from_schema(parameters, name=name)
                schema = _with_options(spec.parameters, date_order, synonyms.get(name), naive_datetime)
                plan = self._plans[key] = Plan(schema, tool=name)
            return plan

        async def on_call_tool(self, context: Any, call_next: Any) -> Any:
            from fastmcp.exceptions import ToolError

            name = context.message.name
            server = getattr(context.fastmcp_context, "fastmcp", None)
            listed = await server.get_tool(name) if server is not None else None
            if listed is None or isinstance(listed, _fastmcp_tool_class()):
                return await call_next(context)  # unknown tools get FastMCP's own answer
            try:
                canonical = self._plan(name, listed.parameters).run(context.message.arguments or {})
            except CorrectionError as error:
                raise ToolError(str(error)) from None
            context.message.arguments = canonical
            return await call_next(context)

    return AACLMiddleware()


# -- the MCP SDK's high-level server (MCPServer; FastMCP in mcp 1.x) -----------------------


def add_to_sdk_server(server: Any, tool: Tool, schema: dict[str, Any]) -> None:
    manager = tool_manager(server)
    if manager is None or not hasattr(server, "add_tool"):
        raise SpecError(f"add_to_mcp_server() got server={shown(server)}; pass an MCP SDK server "
                        "(mcp.server.mcpserver.MCPServer, or FastMCP from mcp 1.x); for fastmcp use "
                        "server.add_tool(to_fastmcp(tool)); for a low-level mcp.server.Server use "
                        "mcp_tool() and call_mcp() in its handlers")
    module = type(manager).__module__.rsplit(".tools", 1)[0]  # mcp.server.mcpserver / .fastmcp
    base = _require(f"{module}.tools", "mcp").Tool
    errors = _require(f"{module}.exceptions", "mcp")
    metadata = _require(f"{module}.utilities.func_metadata", "mcp").func_metadata

    def signature_free(**arguments: Any) -> Any:  # the SDK's own argument model stays empty
        return None

    # The SDK reads the output schema and converts results through `fn_metadata`; argument
    # validation is the boundary's job, so the SDK's argument model is never used.
    fn_metadata = _output_metadata(metadata, tool) or metadata(signature_free)
    sdk_tool = _sdk_tool_class(base, errors.ToolError)(
        fn=tool.implementation, name=tool.spec.name, description=tool.spec.description,
        parameters=schema, fn_metadata=fn_metadata, is_async=True,
        context_kwarg=None,
    )
    sdk_tool._aacl = tool
    register_tool(server, tool.spec.name, sdk_tool)


@functools.cache
def _sdk_tool_class(base: type, tool_error: type) -> type:
    from pydantic import PrivateAttr

    class BoundarySDKTool(base):  # type: ignore[misc, valid-type]
        _aacl: Any = PrivateAttr(default=None)

        async def run(self, arguments: dict[str, Any], context: Any = None, convert_result: bool = False) -> Any:
            try:
                value = await _result(self._aacl, dict(arguments or {}))
            except CorrectionError as error:
                raise tool_error(str(error)) from None
            return self.fn_metadata.convert_result(value) if convert_result else value

    return BoundarySDKTool


def _output_metadata(metadata: Any, tool: Tool) -> Any:
    """The SDK's result conversion for the implementation's return annotation, if it has one."""
    impl = tool.implementation
    try:
        return metadata(impl, skip_names=[p for p in inspect.signature(impl).parameters])
    except Exception:
        return None

