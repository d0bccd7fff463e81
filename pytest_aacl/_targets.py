"""Every accepted fuzz target, turned into one thing to call plus a spy on its implementation.

The checks need two observations per call: what the interface answered (a return, a
correction, an escaped exception, or nothing within the time bound) and what reached the
implementation.  Each target kind gets the spy where its implementation really sits:

* a boundary-built `Tool`: a copy of the tool that calls the spy instead;
* a hand-written interface function with `implementation="module:attr"` or `(obj, "attr")`:
  that attribute is replaced by the spy for the run (a stub result, no side effects);
* a FastMCP / MCP SDK server or FastMCP tool: the tool's function is replaced by the spy and
  calls go through the real MCP protocol in memory; a correction is an `isError: true`
  result (MCP 2025-11-25, SEP-1303), a protocol error is an escaped exception;
* a LangChain tool: a copy whose `func` is the spy, called with `tool.invoke(args)`;
* an OpenAI tool spec with its implementation callable: called as a dispatch loop does,
  the callable's own arguments are what "reached the implementation".
"""

from __future__ import annotations

import contextlib
import copy
import functools
import importlib
import inspect
import json
import logging
import sys
import time
import traceback
import typing
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ._checks import Call
from ._spec import ToolSpec
from ._worker import Worker

__all__ = ["Target", "TargetError", "load", "resolve"]


class TargetError(ValueError):
    """A target cannot be fuzzed; the message says which and what to pass instead."""


class Target:
    """One tool made fuzzable: `.spec` (the strict contract), `.call(args) -> Call`."""

    def __init__(
        self,
        name: str,
        spec: ToolSpec,
        invoke: Callable[[dict[str, Any]], Any],
        *,
        correction: type[BaseException] | tuple[type[BaseException], ...] = ValueError,
        patch: tuple[Any, str] | None = None,
        original: Callable[..., Any] | None = None,
        stub: Any = None,
        timeout: float = 5.0,
    ) -> None:
        self.name = name
        self.spec = spec
        self.correction = correction
        self.timeout = timeout
        self.received: list[dict[str, Any]] = []
        self._invoke = invoke
        self._patch = patch
        self._stub = stub
        self._worker: Worker | None = None
        self._cleanup: Callable[[], Any] | None = None
        self._quiet_loggers: tuple[str, ...] = ()  # servers that log every rejected call
        self.defaults = _defaults_of(original)
        self.spy = _make_spy(original, self.received, lambda: self._stub) if original else None

    @contextlib.contextmanager
    def session(self) -> Iterator[Target]:
        """Install the spy (if it replaces an attribute) for the duration of a fuzz run."""
        loggers = [logging.getLogger(name) for name in self._quiet_loggers]
        levels = [logger.level for logger in loggers]
        for logger in loggers:
            logger.setLevel(logging.ERROR)
        owner, attr = self._patch or (None, "")
        saved = getattr(owner, attr) if owner is not None else None
        if owner is not None:
            setattr(owner, attr, self.spy)
        try:
            yield self
        finally:
            if owner is not None:
                setattr(owner, attr, saved)
            for logger, level in zip(loggers, levels, strict=True):
                logger.setLevel(level)

    def call(self, args: dict[str, Any]) -> Call:
        """Call the interface with the model's arguments; never raises, never hangs."""
        self.received.clear()
        worker = self._worker or Worker()
        self._worker = worker
        start = time.perf_counter()
        finished, _, error = worker.run(lambda: self._invoke(args), self.timeout)
        seconds = time.perf_counter() - start
        received = [dict(kwargs) for kwargs in self.received]
        if not finished:
            self._worker = None  # abandon the stuck daemon thread; the next call gets a new one
            return Call(args, "timeout", received, None, "", seconds)
        if error is None:
            return Call(args, "returned", received, None, "", seconds)
        if isinstance(error, (McpError, self.correction)):
            return Call(args, "rejected", received, error, _text(error), seconds)
        return Call(args, "escaped", received, error, _text(error), seconds)

    def close(self) -> None:
        """Release the worker thread (and, for MCP, the client session living on it)."""
        if self._worker is not None:
            if self._cleanup is not None:
                self._worker.run(self._cleanup, 5.0)
            self._worker.close()
            self._worker = None

    def __repr__(self) -> str:
        return f"<aacl target {self.name}>"


class McpError(Exception):
    """An `isError: true` tool result: the MCP form of a correction."""


def _text(error: BaseException) -> str:
    try:
        return str(error)
    except Exception:  # a hostile __str__ must not break the report
        return f"<{type(error).__name__} with an unprintable message>"


def _defaults_of(func: Callable[..., Any] | None) -> dict[str, Any]:
    if func is None:
        return {}
    try:
        params = inspect.signature(func).parameters.values()
    except (TypeError, ValueError):
        return {}
    return {p.name: p.default for p in params if p.default is not inspect.Parameter.empty}


def _make_spy(original: Callable[..., Any], record: list[dict[str, Any]], stub: Callable[[], Any]) -> Callable[..., Any]:
    """A stand-in with the original's signature and resolved hints (frameworks introspect it)."""
    try:
        signature = inspect.signature(original, eval_str=True)
    except Exception:
        signature = None

    def spy(*args: Any, **kwargs: Any) -> Any:
        if signature is not None:
            try:
                bound = signature.bind(*args, **kwargs).arguments
                kwargs = {}
                for name, value in bound.items():
                    if signature.parameters[name].kind is inspect.Parameter.VAR_KEYWORD:
                        kwargs.update(value)  # `**kwargs` received its keys, not a "kwargs" key
                    else:
                        kwargs[name] = value
                args = ()
            except TypeError:
                pass
        record.append({**{f"*{i}": a for i, a in enumerate(args)}, **kwargs})
        return stub()

    with contextlib.suppress(Exception):
        functools.update_wrapper(spy, original)
        del spy.__wrapped__
        spy.__annotations__ = typing.get_type_hints(original, include_extras=True)
    if signature is not None:
        spy.__signature__ = signature  # type: ignore[attr-defined]
    if inspect.iscoroutinefunction(original):
        sync = spy

        async def aspy(*args: Any, **kwargs: Any) -> Any:
            return sync(*args, **kwargs)

        functools.update_wrapper(aspy, spy)
        return aspy
    return spy


# -- resolving targets -------------------------------------------------------------------


def load(reference: str) -> Any:
    """`"package.module:attr.path"` -> the object, or a `TargetError` naming what is missing."""
    module_name, sep, attr_path = reference.partition(":")
    if not sep or not module_name or not attr_path:
        raise TargetError(f"target {reference!r} must look like 'module:object' (e.g. 'myapp.tools:search_web')")
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


def resolve(
    target: Any,
    *,
    schema: Any = None,
    implementation: Any = None,
    correction: type[BaseException] | tuple[type[BaseException], ...] = ValueError,
    timeout: float = 5.0,
) -> list[Target]:
    """Everything `fuzz()` accepts -> the tools inside it (a server may hold several)."""
    if isinstance(target, Target):
        return [target]
    if isinstance(target, str):
        label = target
        target = load(target)
    else:
        label = ""
    kw: dict[str, Any] = {"correction": correction, "timeout": timeout}
    module = type(target).__module__
    self_describing = _is_boundary_tool(target) or module.startswith(("fastmcp", "mcp.", "langchain")) or _is_langchain(target)
    if self_describing and (schema is not None or implementation is not None):
        raise TargetError(f"{label or type(target).__name__!r} carries its own schema and implementation; "
                          "schema= and implementation= are for hand-written functions and OpenAI specs")
    if _is_boundary_tool(target):
        return [_from_tool(target, timeout)]
    if module.startswith(("fastmcp", "mcp.")):
        from ._targets_mcp import mcp_targets

        return mcp_targets(target, timeout)
    if module.startswith("langchain") or _is_langchain(target):
        return [_from_langchain(target, **kw)]
    if isinstance(target, dict):
        if implementation is None or not callable(implementation):
            raise TargetError("an OpenAI tool spec needs implementation=<the function the model's arguments are dispatched to>")
        return [_from_openai(target, implementation, **kw)]
    if callable(target):
        return [_from_function(target, schema, implementation, **kw)]
    raise TargetError(
        f"{label or type(target).__name__!r} is not a tool: pass a boundary Tool, a function with "
        "schema=/implementation=, a FastMCP or MCP server or tool, a LangChain tool, or an OpenAI tool spec"
    )


def _is_boundary_tool(obj: Any) -> bool:
    """Duck-typed, so a reloaded `_boundary` module (pytester, importlib.reload) still matches."""
    boundary = sys.modules.get("pytest_aacl._boundary")
    if boundary is not None and isinstance(obj, boundary.Tool):
        return True
    return all(hasattr(obj, a) for a in ("spec", "implementation", "normalise", "with_implementation"))


def _is_langchain(obj: Any) -> bool:
    tools = sys.modules.get("langchain_core.tools")
    return tools is not None and isinstance(obj, tools.BaseTool)


def _from_tool(tool: Any, timeout: float) -> Target:
    from ._errors import CorrectionError

    holder: dict[str, Any] = {}
    t = Target(tool.spec.name, tool.spec, lambda args: holder["tool"](**args), correction=CorrectionError,
               original=tool.implementation, timeout=timeout)
    holder["tool"] = _with_implementation(tool, t.spy)
    return t


def _with_implementation(tool: Any, spy: Callable[..., Any]) -> Any:
    if hasattr(tool, "with_implementation"):
        return tool.with_implementation(spy)
    clone = copy.copy(tool)
    clone.implementation = spy
    return clone


def spec_for(schema: Any, name: str, description: str = "") -> ToolSpec:
    """A strict spec from what the user gave as `schema=`: a ToolSpec, or any dict `as_spec`
    reads (plain JSON Schema, an OpenAI / Anthropic tool, a BFCL declaration)."""
    from . import _specs

    if isinstance(schema, ToolSpec):
        return schema
    if isinstance(schema, dict) and schema.get("type") == "object" and "properties" in schema:
        return _specs.from_schema(schema, name=name, description=description)
    return _specs.as_spec(schema, name=name, description=description)


def _owner_attr(implementation: Any) -> tuple[Any, str]:
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
    raise TargetError("implementation= must name what the interface calls: 'module:attr' or (obj, 'attr')")


def _from_function(func: Callable[..., Any], schema: Any, implementation: Any, **kw: Any) -> Target:
    from . import _specs

    name = getattr(func, "__name__", type(func).__name__)
    if implementation is None and getattr(func, "__fastmcp__", None) is not None:
        # FastMCP 3+ `@mcp.tool` returns the plain function, so this is the natural thing to point at
        raise TargetError(f"{name!r} is a FastMCP tool function; pass its FastMCP server instead "
                          "(e.g. 'myapp.server:mcp'), so calls go through the MCP protocol")
    if implementation is None:
        raise TargetError(
            f"{name!r}: a hand-written tool needs implementation='module:attr' (or (obj, 'attr')) naming "
            "the function it calls, so the fuzzer can see what reaches it; or build it with pytest_aacl.boundary"
        )
    owner, attr = _owner_attr(implementation)
    original = getattr(owner, attr)
    if not callable(original):
        raise TargetError(f"implementation {attr!r} is a {type(original).__name__}, not a function; "
                          "name the function the interface calls")
    if schema is not None:
        spec = spec_for(schema, name, (inspect.getdoc(func) or "").split("\n")[0])
    else:
        spec = _specs.from_function(original)
    t = Target(name, spec, lambda args: func(**args), patch=(owner, attr), original=original, **kw)
    t.defaults.update(_interface_defaults(func, spec))
    return t


def _interface_defaults(func: Callable[..., Any], spec: ToolSpec) -> dict[str, Any]:
    """The defaults a hand-written interface fills in, read as the schema reads them.

    `def search(query, max_results=5, flag="false")` passes 5 and False on when the model
    leaves them out: that is the default applying, not a value nobody sent.
    """
    from ._boundary import boundary
    from ._errors import CorrectionError, SpecError

    props = spec.parameters.get("properties", {})
    out: dict[str, Any] = {}
    for key, default in _defaults_of(func).items():
        if key not in props:
            continue
        mini = {"type": "object", "properties": {key: props[key]}, "$defs": spec.parameters.get("$defs", {})}
        try:
            out[key] = boundary(lambda **_: None, schema=mini, name="default").normalise({key: default}).get(key, default)
        except (CorrectionError, SpecError):
            out[key] = default
    return out


def _from_openai(spec_dict: dict[str, Any], implementation: Callable[..., Any], **kw: Any) -> Target:
    declared = spec_dict.get("function", spec_dict)
    spec = spec_for(spec_dict, str(declared.get("name") or "tool") if isinstance(declared, dict) else "tool")
    t = Target(spec.name, spec, lambda args: None, original=implementation, **kw)
    spy = t.spy

    def dispatch(args: dict[str, Any]) -> Any:
        assert spy is not None
        spy(**args)  # what the callable is called with is what reached it
        try:
            return implementation(**args)
        except BaseException:
            t.received.clear()  # it validated and refused: nothing was accepted
            raise

    t._invoke = dispatch
    return t


def _from_langchain(tool: Any, **kw: Any) -> Target:
    from . import _specs

    spec = _specs.from_langchain(tool)
    func = getattr(tool, "coroutine", None) or getattr(tool, "func", None)
    if func is None:
        raise TargetError(f"LangChain tool {tool.name!r} has no func to observe; use a StructuredTool or @tool")
    t = Target(tool.name, spec, lambda args: None, original=func, **kw)
    field = "coroutine" if getattr(tool, "coroutine", None) else "func"
    clone = tool.model_copy(update={field: t.spy})
    t._invoke = (lambda args: clone.ainvoke(_as_json(args))) if field == "coroutine" else (lambda args: clone.invoke(_as_json(args)))
    return t


def _as_json(args: dict[str, Any]) -> Any:
    """The arguments as an agent hands them to a LangChain tool: parsed from the model's JSON.

    A Python object no JSON can carry (say one whose `__str__` raises) never reaches a
    LangChain tool from a model; sending it anyway only crashed LangChain's own error path,
    a finding the user could neither trust nor fix.  Such a call is refused up front.
    """
    try:
        return json.loads(json.dumps(args))
    except (TypeError, ValueError, RecursionError) as exc:
        raise ValueError(f"NOT_JSON: a model's tool call cannot carry these arguments ({type(exc).__name__})") from None
