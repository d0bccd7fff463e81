"""`boundary()` and `Tool`: the runtime interface layer between a model and a strict tool.

`@boundary` builds a `ToolSpec` (from type hints or a JSON Schema), compiles its
normalisation plan once, and returns a `Tool`.  Calling the tool normalises the model's
arguments and calls the implementation only with canonical values; anything that cannot
be read without guessing becomes one `CorrectionError` listing every problem.

This module is imported at runtime by user tools, so it never imports pytest or hypothesis.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import inspect
import json
from collections.abc import Callable
from typing import Any, overload

from . import _argcheck
from ._compat.asyncio import mark_coroutine_function
from ._errors import Correction, CorrectionError, SpecError, render_value
from ._normalise import Plan
from ._normalise._lenient import read_arguments
from ._normalise._scalars import FORMAT_CHECKS
from ._specs import from_function, from_schema
from ._specs._openai import from_openai, is_provider_tool
from ._specs._options import check_date_order, check_naive_datetime
from ._specs._pointer import deref
from ._toolspec import ToolSpec

__all__ = ["BoundaryInvariantError", "Tool", "boundary"]


class BoundaryInvariantError(AssertionError):
    """`debug=True` found a normalised value that the strict schema rejects: a boundary bug."""


class Tool:
    """A tool behind the boundary: call it with the model's keyword arguments.

    >>> @boundary
    ... def add(a: int, b: int = 1) -> int:
    ...     return a + b
    >>> add(a="05", b="two")
    7
    """

    spec: ToolSpec
    implementation: Callable[..., Any]
    name: str

    def __init__(self, spec: ToolSpec, *, implementation: Callable[..., Any] | None = None, debug: bool = False, _plan: Plan | None = None) -> None:
        if not isinstance(spec, ToolSpec):
            raise _argcheck.invalid("Tool", "spec", spec, "a ToolSpec (from from_function, from_schema or as_spec), "
                                "or build the tool with @boundary")
        _argcheck.flag("Tool", "debug", debug)
        impl = implementation or spec.implementation
        if impl is None or not callable(impl):
            raise SpecError(f"tool {spec.name!r} has no callable implementation; pass the function to boundary()")
        self.spec = spec
        self.implementation = impl
        self.name = spec.name
        self._plan = _plan or Plan(spec.parameters, tool=spec.name, debug=debug)
        self._run = self._plan.run
        self._materialise = spec.materialise
        self._debug = debug
        self._validator = _validator(spec.parameters) if debug else None
        functools.update_wrapper(self, impl, updated=())
        self.__doc__ = getattr(impl, "__doc__", None) or spec.description

    def __repr__(self) -> str:
        return f"<Tool {self.name}>"

    def __call__(self, /, *args: Any, **arguments: Any) -> Any:
        # `self` is positional-only, so a model's `self=` is an argument like any other
        if args:
            arguments = self._bind(args, arguments)
        canonical = self._run(arguments)
        if self._validator is not None:
            _revalidate(self._validator, canonical, self.name)
        return self.implementation(**(canonical if self._materialise is None else self._to_python(canonical)))

    def _bind(self, args: tuple[Any, ...], arguments: dict[str, Any]) -> dict[str, Any]:
        """Positional arguments named as the implementation's signature names them."""
        names = _positional_names(self.implementation)
        if len(args) > len(names):
            raise TypeError(f"{self.name}() takes {len(names)} positional argument(s) but {len(args)} were given")
        bound = dict(zip(names, args, strict=False))
        for name in bound:
            if name in arguments:
                raise TypeError(f"{self.name}() got multiple values for {name!r}")
        return {**bound, **arguments}

    def normalise_json(self, arguments: Any) -> dict[str, Any]:
        """The canonical JSON arguments (before `to_python`), or `CorrectionError`.

        Already-canonical arguments come back as the same dict; `arguments` is never mutated.
        A string is the raw text of a call, read leniently but never guessed (`read_arguments`).
        """
        if isinstance(arguments, str):
            arguments = read_arguments(str.__str__(arguments), tool=self.name)
        canonical = self._run(arguments)
        if self._validator is not None:
            _revalidate(self._validator, canonical, self.name)
        return canonical

    def normalise(self, arguments: Any) -> dict[str, Any]:
        """Exactly what the implementation would receive, or `CorrectionError` with all problems."""
        canonical = self.normalise_json(arguments)
        return canonical if self._materialise is None else self._to_python(canonical)

    def _to_python(self, canonical: dict[str, Any]) -> dict[str, Any]:
        """`spec.materialise`, whose only failures are the implementation's own types
        refusing a schema-valid value (a dataclass `__post_init__`, a model validator):
        that is reported to the model as a correction, never as a crash."""
        try:
            return self._materialise(canonical)  # type: ignore[misc]
        except Exception as exc:
            reason = render_value(_first_line(exc), 200)
            raise CorrectionError([Correction("INVALID_VALUE", "", "arguments the tool's own types accept", render_value(canonical), f"The tool rejected them: {reason}.")], tool=self.name) from None

    def invoke(self, arguments: dict[str, Any] | str) -> Any:
        """Call with arguments as a model sends them (a dict or a JSON string).

        Returns the implementation's result, or `CorrectionError.to_dict()`: the structured
        tool result an agent loop sends back so the model can retry.
        """
        try:  # normalise(), inlined: this is the per-call path of an agent loop
            if type(arguments) is not dict and isinstance(arguments, str):
                arguments = read_arguments(str.__str__(arguments), tool=self.name)
            canonical = self._run(arguments)
            if self._validator is not None:
                _revalidate(self._validator, canonical, self.name)
            python = canonical if self._materialise is None else self._to_python(canonical)
        except CorrectionError as error:
            return error.to_dict()
        return self.implementation(**python)

    def explain(self, *, source: bool = False) -> str:
        """The boundary's plan for this tool: per field, what is expected and the inline
        test that passes a canonical value without a call; `source=True` adds the
        generated Python (also shown in tracebacks, as `<aacl object ...>` lines)."""
        _argcheck.flag("Tool.explain", "source", source)
        return f"plan for {self.name}\n" + self._plan.explain(source=source)

    def with_implementation(self, implementation: Callable[..., Any]) -> Tool:
        """The same boundary (spec and compiled plan) in front of another implementation."""
        _argcheck.function("Tool.with_implementation", "implementation", implementation,
                       expected="the function to call with the normalised arguments")
        return _make(self.spec, implementation, self._debug, self._plan)


class _AsyncTool(Tool):
    """A `Tool` whose implementation is `async def`: calling it returns a coroutine."""

    async def __call__(self, /, *args: Any, **arguments: Any) -> Any:  # type: ignore[override]
        if args:
            arguments = self._bind(args, arguments)
        return await self.implementation(**self.normalise(arguments))

    async def invoke(self, arguments: dict[str, Any] | str) -> Any:  # type: ignore[override]
        try:
            python = self.normalise(arguments)
        except CorrectionError as error:
            return error.to_dict()
        return await self.implementation(**python)


def _make(spec: ToolSpec, implementation: Callable[..., Any] | None, debug: bool, plan: Plan | None = None) -> Tool:
    impl = implementation or spec.implementation
    if inspect.iscoroutinefunction(impl):
        tool: Tool = _AsyncTool(spec, implementation=impl, debug=debug, _plan=plan)
        mark_coroutine_function(tool, _AsyncTool.__call__)  # inspect.iscoroutinefunction(tool) is True
        return tool
    return Tool(spec, implementation=impl, debug=debug, _plan=plan)


@overload
def boundary(impl: Callable[..., Any], /) -> Tool: ...
@overload
def boundary(impl: Callable[..., Any], /, *, schema: dict[str, Any] | None = ..., name: str | None = ..., description: str | None = ..., date_order: str | None = ..., synonyms: dict[str, dict[str, list[str]]] | None = ..., naive_datetime: str | None = ..., debug: bool = ...) -> Tool: ...
@overload
def boundary(impl: None = ..., /, *, schema: dict[str, Any] | None = ..., name: str | None = ..., description: str | None = ..., date_order: str | None = ..., synonyms: dict[str, dict[str, list[str]]] | None = ..., naive_datetime: str | None = ..., debug: bool = ...) -> Callable[[Callable[..., Any]], Tool]: ...


def boundary(
    impl: Callable[..., Any] | None = None,
    /,
    *,
    schema: dict[str, Any] | None = None,
    name: str | None = None,
    description: str | None = None,
    date_order: str | None = None,
    synonyms: dict[str, dict[str, list[str]]] | None = None,
    naive_datetime: str | None = None,
    debug: bool = False,
) -> Tool | Callable[[Callable[..., Any]], Tool]:
    """Put the AACL boundary in front of `impl`: `@boundary`, `@boundary(...)` or `boundary(fn, schema=...)`.

    `schema` declares the parameters as JSON Schema (draft-07 or 2020-12), or is a whole
    OpenAI / Anthropic tool dict (name, description and parameters taken from it), instead
    of type hints.  `date_order` ("DMY", "MDY", "YMD") reads numeric dates such as 03/04/2025;
    `synonyms` maps an enum field to `{allowed value: [synonyms]}`; `naive_datetime`
    ("reject", "utc", "keep") decides date-times without an offset.  Options are written
    into the schema as `x-aacl-*` keywords.  `debug=True` re-validates every normalised
    call against the strict schema.  Everything is checked here, at decoration time.
    """
    _check_options(schema, name, description, debug)
    if impl is None:
        return functools.partial(_build, schema=schema, name=name, description=description, date_order=date_order, synonyms=synonyms, naive_datetime=naive_datetime, debug=debug)
    return _build(impl, schema=schema, name=name, description=description, date_order=date_order, synonyms=synonyms, naive_datetime=naive_datetime, debug=debug)


def _build(impl: Callable[..., Any], *, schema: dict[str, Any] | None, name: str | None, description: str | None, date_order: str | None, synonyms: dict[str, dict[str, list[str]]] | None, naive_datetime: str | None, debug: bool) -> Tool:
    if not callable(impl):
        raise SpecError(f"boundary() got impl={_argcheck.shown(impl)}; pass a function: use @boundary on a def, "
                        "or boundary(fn, schema=...)")
    if schema is not None and is_provider_tool(schema):  # an OpenAI / Anthropic tool dict
        spec = from_openai(schema, implementation=impl)
        spec = dataclasses.replace(spec, name=name or spec.name, description=spec.description if description is None else description)
    elif schema is not None:
        tool_name = name or getattr(impl, "__name__", None) or ""
        if not tool_name or tool_name == "<lambda>":
            raise SpecError("a lambda has no usable tool name; pass name=...")
        spec = from_schema(schema, name=tool_name, description=description if description is not None else (inspect.getdoc(impl) or ""), implementation=impl)
    else:
        spec = from_function(impl, name=name, description=description)
    parameters = _with_options(spec.parameters, date_order, synonyms, naive_datetime)
    if parameters is not spec.parameters:
        spec = dataclasses.replace(spec, parameters=parameters)
    return _make(spec, impl, debug)


def _check_options(schema: Any, name: Any, description: Any, debug: Any) -> None:
    _argcheck.mapping("boundary", "schema", schema, optional=True, expected='a JSON Schema dict ({"type": "object", '
                  '"properties": {...}}), an OpenAI / Anthropic tool dict, or None to read the type hints')
    _argcheck.text("boundary", "name", name, optional=True, example='name="search_web"')
    _argcheck.text("boundary", "description", description, optional=True, empty=True, example='description="Search the web."')
    _argcheck.flag("boundary", "debug", debug)


def _with_options(parameters: dict[str, Any], date_order: str | None, synonyms: dict[str, dict[str, list[str]]] | None, naive: str | None) -> dict[str, Any]:
    """The parameters schema with the options written in as `x-aacl-*` keywords."""
    if date_order is None and synonyms is None and naive is None:
        return parameters
    out = copy.deepcopy(parameters)
    if date_order is not None:
        check_date_order(date_order, pointer="date_order")
        out["x-aacl-date-order"] = date_order
    if naive is not None:
        check_naive_datetime(naive, pointer="naive_datetime")
        out["x-aacl-naive-datetime"] = naive
    if synonyms is not None:
        if not isinstance(synonyms, dict):
            raise SpecError('synonyms must map a field to {allowed value: [synonyms]}, e.g. {"search_depth": {"advanced": ["deep"]}}', pointer="synonyms")
        for field, table in synonyms.items():
            _enum_schema(out, field)["x-aacl-synonyms"] = table
    return out


def _enum_schema(root: dict[str, Any], field: str) -> dict[str, Any]:
    """The enum schema behind a (dotted) field name, following `$ref` and nullable unions."""
    node: Any = root
    for part in str(field).split("."):
        node = _deref(root, node)
        props = node.get("properties", {}) if isinstance(node, dict) else {}
        if part not in props:
            raise SpecError(f"synonyms name the field {field!r}, which the tool does not have; the fields are {sorted(props)}", pointer="synonyms")
        node = props[part]
    candidates = [_deref(root, node)]
    for keyword in ("anyOf", "oneOf"):
        candidates += [_deref(root, b) for b in candidates[0].get(keyword, [])] if isinstance(candidates[0], dict) else []
    for candidate in candidates:
        if isinstance(candidate, dict) and "enum" in candidate:
            return candidate
    raise SpecError(f"synonyms name {field!r}, which is not an enum field; synonyms apply to fields with a fixed set of values (Literal, Enum or enum)", pointer="synonyms")


def _deref(root: dict[str, Any], node: Any) -> Any:
    return deref(root, node, at="synonyms")


def _positional_names(impl: Callable[..., Any]) -> list[str]:
    try:
        parameters = inspect.signature(impl).parameters.values()
    except (TypeError, ValueError):
        return []
    return [p.name for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]


def _first_line(exc: BaseException) -> str:
    try:
        text = str(exc)
    except Exception:
        text = ""
    return text.splitlines()[0] if text.strip() else type(exc).__name__


def _validator(parameters: dict[str, Any]) -> Any:
    from jsonschema import Draft202012Validator, FormatChecker

    # The draft's own checks (FormatChecker() would also apply draft-3's "time" rule), minus
    # what the documented policies allow: naive times, and naive date-times under "keep"
    # (RFC 3339 wants an offset; these checks exist only when rfc3339-validator is installed).
    # Formats the boundary does not assert are annotations (JSON Schema's default): checking
    # them here would report a boundary bug that is not one.
    skip = {"time"} | ({"date-time"} if '"keep"' in json.dumps(parameters) else set())
    asserted = set(FORMAT_CHECKS) | {"date", "date-time"}
    formats = [f for f in Draft202012Validator.FORMAT_CHECKER.checkers if f in asserted and f not in skip]
    return Draft202012Validator(parameters, format_checker=FormatChecker(formats))


def _revalidate(validator: Any, canonical: dict[str, Any], tool: str) -> None:
    problem = _non_json(canonical)
    if problem:
        raise BoundaryInvariantError(f"{tool}: the boundary produced a non-JSON value: {problem}")
    error = next(iter(validator.iter_errors(canonical)), None)
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path)
        raise BoundaryInvariantError(f"{tool}: the boundary produced a value its schema rejects at /{where}: {error.message}")


def _non_json(value: Any, depth: int = 0) -> str:
    """What in `value` is not plain JSON (exact types, str keys, finite floats), or ""."""
    kind = type(value)
    if value is None or kind in (str, bool, int):
        return ""
    if kind is float:
        return "" if value - value == 0.0 else f"non-finite float {value!r}"
    if depth > 200:
        return "nesting deeper than 200"
    if kind is list:
        return next((p for p in (_non_json(x, depth + 1) for x in value) if p), "")
    if kind is dict:
        if any(type(k) is not str for k in value):
            return "a non-string key"
        return next((p for p in (_non_json(x, depth + 1) for x in value.values()) if p), "")
    return f"a {kind.__name__}"
