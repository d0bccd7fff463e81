"""Targets for Python callables: boundary Tools, hand-written functions, tool specs with
their callable, LangChain tools; and the spy on a named implementation layer.

Each adapter builds a complete `Target` in one go.  The tool's own code always runs; a
spy sits only on a layer the user named (or a boundary Tool's implementation).
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import _specs
from .._errors import CorrectionError, SpecError
from .._toolspec import ToolSpec
from ._load import owner_attr, spec_for
from ._target import Target, TargetError, as_json, recorder

__all__ = ["from_boundary_tool", "from_declaration", "from_function", "from_langchain", "make_spy", "named_spy"]


@dataclass(frozen=True)
class NamedSpy:
    """A spy for the attribute the user named: installed on `owner.attr` for a session."""

    owner: Any
    attr: str
    original: Callable[..., Any]
    spy: Callable[..., Any]

    def target_kw(self) -> dict[str, Any]:
        return {"spy": self.spy, "patch": (self.owner, self.attr), "black_box": False,
                "defaults": _defaults_of(self.original)}


def named_spy(implementation: Any) -> NamedSpy:
    """The spy for `implementation=` (`"module:attr"` or `(obj, "attr")`): it records what
    reaches that layer and returns a stub (`None`), so the backend's side effects never run."""
    owner, attr = owner_attr(implementation)
    original = getattr(owner, attr)
    if not callable(original):
        raise TargetError(f"implementation {attr!r} is a {type(original).__name__}, not a function; "
                          "name the function the interface calls")
    return NamedSpy(owner, attr, original, make_spy(original, stub=True))


def make_spy(original: Callable[..., Any], *, stub: bool) -> Callable[..., Any]:
    """A stand-in with the original's signature and resolved hints (frameworks introspect it)
    that records each call's keyword arguments into the current call's record.  With `stub`
    it returns `None` instead of calling the original; outside a fuzz call it calls through."""
    try:
        signature = inspect.signature(original, eval_str=True)
    except Exception:
        signature = None

    def record(args: tuple[Any, ...], kwargs: dict[str, Any]) -> bool:
        calls = recorder().calls
        if calls is None:
            return False
        if signature is not None:
            try:
                bound = signature.bind(*args, **kwargs).arguments
                kwargs, args = {}, ()
                for name, value in bound.items():
                    if signature.parameters[name].kind is inspect.Parameter.VAR_KEYWORD:
                        kwargs.update(value)  # `**kwargs` received its keys, not a "kwargs" key
                    else:
                        kwargs[name] = value
            except TypeError:
                pass
        calls.append({**{f"*{i}": a for i, a in enumerate(args)}, **kwargs})
        return True

    if inspect.iscoroutinefunction(original):
        async def spy(*args: Any, **kwargs: Any) -> Any:
            if record(args, kwargs) and stub:
                return None
            return await original(*args, **kwargs)
    else:
        def spy(*args: Any, **kwargs: Any) -> Any:
            if record(args, kwargs) and stub:
                return None
            return original(*args, **kwargs)

    with contextlib.suppress(Exception):
        functools.update_wrapper(spy, original)
        del spy.__wrapped__
        spy.__annotations__ = typing.get_type_hints(original, include_extras=True)
    if signature is not None:
        spy.__signature__ = signature  # type: ignore[attr-defined]
    return spy


def _defaults_of(func: Callable[..., Any] | None) -> dict[str, Any]:
    if func is None:
        return {}
    try:
        params = inspect.signature(func).parameters.values()
    except (TypeError, ValueError):
        return {}
    return {p.name: p.default for p in params if p.default is not inspect.Parameter.empty}


# -- adapters -----------------------------------------------------------------------------


def from_boundary_tool(tool: Any, **kw: Any) -> Target:
    """A boundary Tool: called as a model's host would; its implementation runs, observed."""
    spy = make_spy(tool.implementation, stub=False)
    clone = tool.with_implementation(spy)
    return Target(tool.spec.name, tool.spec, lambda args: clone(**args), black_box=False,
                  correction=CorrectionError, spy=spy, defaults=_defaults_of(tool.implementation), **kw)


def from_function(func: Callable[..., Any], schema: Any, *, spy: NamedSpy | None, **kw: Any) -> Target:
    """A hand-written tool function: the schema from `schema=` (else its own type hints)."""
    name = getattr(func, "__name__", type(func).__name__)
    try:
        if schema is not None:
            spec = spec_for(schema, name, inspect.getdoc(func) or "")  # as FastMCP does: the whole docstring
        elif spy is not None:
            spec = _specs.from_function(spy.original)  # the implementation's hints are the contract
        else:
            spec = _specs.from_function(func)
    except SpecError as exc:
        raise TargetError(f"{name!r}: no schema to fuzz against ({exc}); pass schema=<JSON Schema or tool spec>, "
                          "and implementation= naming the layer it calls if you want that observed") from None
    how = spy.target_kw() if spy is not None else {"black_box": True}
    if spy is not None:  # what the interface fills in when the model leaves a field out
        how["defaults"] = {**how["defaults"], **_interface_defaults(func, spec)}
    return Target(name, spec, lambda args: func(**args), **how, layer=func, **kw)


def _interface_defaults(func: Callable[..., Any], spec: ToolSpec) -> dict[str, Any]:
    """The defaults a hand-written interface fills in, read as the schema reads them.

    `def search(query, max_results=5, flag="false")` passes 5 and False on when the model
    leaves them out: that is the default applying, not a value nobody sent.
    """
    from .._boundary import boundary  # lazy: start-up (the whole normalisation runtime)

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


def from_declaration(declaration: dict[str, Any], func: Callable[..., Any], **kw: Any) -> Target:
    """An OpenAI / Anthropic tool spec and the callable a tool loop dispatches it to: a black
    box called with the model's arguments as keywords."""
    declared = declaration.get("function", declaration)
    name = str(declared.get("name") or "tool") if isinstance(declared, dict) else "tool"
    spec = spec_for(declaration, name)
    return Target(spec.name, spec, lambda args: func(**args), black_box=True, **kw)


def from_langchain(tool: Any, *, spy: NamedSpy | None, correction: Any, **kw: Any) -> Target:
    """A LangChain tool, invoked as an agent does: `tool.invoke(<the model's JSON arguments>)`.

    A `ToolException` (LangChain's way of telling the model what went wrong) is a
    correction, as is the argument validation error LangChain raises (a `ValueError`).
    """
    from langchain_core.tools import ToolException


    spec = _specs.from_langchain(tool)
    corrections = (*(correction if isinstance(correction, tuple) else (correction,)), ToolException)
    is_async = getattr(tool, "func", None) is None and getattr(tool, "coroutine", None) is not None

    def invoke(args: dict[str, Any]) -> Any:
        sent = as_json(args)
        return tool.ainvoke(sent) if is_async else tool.invoke(sent)

    how = spy.target_kw() if spy is not None else {"black_box": True}
    return Target(str(tool.name), spec, invoke, correction=corrections, **how, **kw)
