"""Interceptors: composable extensions of a structured response's schema and prompts.

An interceptor has a name and up to three hooks, plain functions:

* `pre_schema(schema, ctx) -> schema`: extend the response schema (add a `summary`, a `state`);
* `pre_prompt(prompts, ctx) -> prompts`: extend the messages sent (feed back a memory);
* `post_response(response, ctx) -> ctx`: act on a validated response (store, run tools).

A `Stack` runs them in the declared order and keeps the composition honest: the composed
schema is validated against the JSON Schema meta-schema before each request (memoised); an
extension that breaks it is rolled back and named (an error, or a warning); every change
is audited by JSON pointer, with a timestamp and its JSON Patch operation; two interceptors that define the same property differently, or
one that removes what another (or the base schema) requires, is a `ConflictError` naming
both. A `pre_prompt` or `post_response` that raises fails the request with its name
(`on_failure="fail"`, the default) or is skipped and logged (`on_failure="skip"`).
"""

from __future__ import annotations

import copy
import datetime as _dt
import json
import logging
import warnings
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import _argcheck

__all__ = ["AuditEntry", "ConflictError", "Context", "Interceptor", "InterceptorError", "Stack"]

_log = logging.getLogger("pytest_aacl.interceptors")
_VALID: dict[str, str] = {}  # composed schema JSON -> "" (valid) or the meta-schema error


class InterceptorError(Exception):
    """An interceptor broke the request: its schema extension is invalid, or a hook raised."""

    def __init__(self, interceptor: str, message: str) -> None:
        self.interceptor = interceptor
        super().__init__(f"interceptor {interceptor!r}: {message}")


class ConflictError(InterceptorError):
    """Two interceptors (or one and the base schema) want incompatible schemas."""

    def __init__(self, first: str, second: str, message: str) -> None:
        self.first, self.second = first, second
        Exception.__init__(self, f"interceptors {first!r} and {second!r} conflict: {message}")
        self.interceptor = second


@dataclass(frozen=True)
class AuditEntry:
    """One schema change: which interceptor added, changed or removed which JSON pointer, on
    which turn and when (`at`, UTC ISO 8601), and the change itself as one JSON Patch
    (RFC 6902) operation (`patch`: `{"op": "add"|"replace"|"remove", "path": ..., "value": ...}`);
    the patches of one interceptor, in order, turn its input schema into its output schema."""

    interceptor: str
    pointer: str
    action: str  # "added" | "changed" | "removed"
    turn: int
    at: str = ""
    patch: Mapping[str, Any] = field(default_factory=dict)


@dataclass
class Context:
    """What interceptors share across turns: a store, the turn number, the audit trail."""

    data: dict[str, Any] = field(default_factory=dict)
    turn: int = 0
    audit: list[AuditEntry] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Interceptor:
    """A named bundle of up to three hooks; a hook left `None` does nothing."""

    name: str
    pre_schema: Callable[[dict[str, Any], Context], dict[str, Any]] | None = None
    pre_prompt: Callable[[list[dict[str, Any]], Context], list[dict[str, Any]]] | None = None
    post_response: Callable[[Any, Context], Context | None] | None = None

    def __post_init__(self) -> None:
        _argcheck.text("Interceptor", "name", self.name, example='name="memory"')
        for hook in ("pre_schema", "pre_prompt", "post_response"):
            _argcheck.function("Interceptor", hook, getattr(self, hook), optional=True,
                           expected="a function (see the Interceptor docs for its arguments) or None")


def check_interceptors(where: str, interceptors: Any, *, empty: bool = False) -> list[Interceptor]:
    """A list of uniquely named `Interceptor`s, or one `InvalidArgument` saying what is wrong."""
    expected = "a list of Interceptor(...) objects, e.g. [memory(), state_machine([...])]"
    listed = _argcheck.items(where, "interceptors", interceptors, expected=expected)
    _argcheck.each(where, "interceptors", listed, lambda i: isinstance(i, Interceptor), expected=expected)
    if not listed and not empty:
        raise _argcheck.invalid(where, "interceptors", interceptors, expected)
    names = [i.name for i in listed]
    duplicate = next((n for n in names if names.count(n) > 1), None)
    if duplicate is not None:
        raise _argcheck.invalid(where, "interceptors", names, f"Interceptor(...) objects with unique names ({duplicate!r} "
                            "is used twice; names identify interceptors in audits and errors)")
    return listed


class Stack:
    """Interceptors composed in a declared order (first applied first)."""

    def __init__(self, interceptors: Iterable[Interceptor], *, on_invalid: str = "error", on_failure: str = "fail") -> None:
        self.interceptors = check_interceptors("Stack", interceptors, empty=True)
        if on_invalid not in ("error", "warn"):
            raise _argcheck.invalid("Stack", "on_invalid", on_invalid, '"error" (raise) or "warn" (roll back and warn)')
        if on_failure not in ("fail", "skip"):
            raise _argcheck.invalid("Stack", "on_failure", on_failure, '"fail" (the request fails) or "skip" (log and go on)')
        self.on_invalid, self.on_failure = on_invalid, on_failure

    def __repr__(self) -> str:
        return f"Stack([{', '.join(i.name for i in self.interceptors)}])"

    def without(self, name: str) -> Stack:
        """The same stack minus one interceptor (for "removing one never breaks the others")."""
        _argcheck.choice("Stack.without", "name", name, [i.name for i in self.interceptors])
        return Stack([i for i in self.interceptors if i.name != name], on_invalid=self.on_invalid, on_failure=self.on_failure)

    # -- schema -----------------------------------------------------------------------------

    def schema(self, base: Mapping[str, Any], ctx: Context | None = None) -> dict[str, Any]:
        """The composed schema for this turn, every change audited, conflicts refused."""
        _argcheck.mapping("Stack.schema", "base", base, expected='the base JSON Schema dict, e.g. {"type": "object", "properties": {}}')
        if ctx is not None and not isinstance(ctx, Context):
            raise _argcheck.invalid("Stack.schema", "ctx", ctx, "a Context() or None")
        ctx = ctx if ctx is not None else Context()
        current = copy.deepcopy(dict(base))
        owners: dict[str, str] = {p: "the base schema" for p in _properties(current)}
        required_by: dict[str, str] = {r: "the base schema" for r in current.get("required", [])}
        for interceptor in self.interceptors:
            if interceptor.pre_schema is None:
                continue
            before = current
            try:
                after = interceptor.pre_schema(copy.deepcopy(before), ctx)
            except Exception as exc:
                raise InterceptorError(interceptor.name, f"pre_schema raised {type(exc).__name__}: {exc}") from exc
            problem = _meta_problem(after)
            if problem:
                message = f"its schema extension is not valid JSON Schema ({problem}); it was rolled back"
                if self.on_invalid == "error":
                    raise InterceptorError(interceptor.name, message)
                warnings.warn(f"interceptor {interceptor.name!r}: {message}", stacklevel=2)
                ctx.skipped.append(interceptor.name)
                continue
            _check_conflicts(interceptor.name, before, after, owners, required_by)
            now = _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="milliseconds")
            ctx.audit += [AuditEntry(interceptor.name, op["path"] or "/", _ACTION[op["op"]], ctx.turn, now, op)
                          for op in json_patch(before, after)]
            for prop in _properties(after):
                owners.setdefault(prop, interceptor.name)
            for name in after.get("required", []):
                required_by.setdefault(name, interceptor.name)
            current = after
        return current

    # -- prompts and responses -------------------------------------------------------------

    def prompts(self, prompts: list[dict[str, Any]], ctx: Context) -> list[dict[str, Any]]:
        for interceptor in self.interceptors:
            if interceptor.pre_prompt is not None:
                try:
                    prompts = interceptor.pre_prompt(copy.deepcopy(prompts), ctx)
                except Exception as exc:
                    if self.on_failure == "fail":
                        raise InterceptorError(interceptor.name, f"pre_prompt raised {type(exc).__name__}: {exc}") from exc
                    _log.warning("interceptor %r: pre_prompt raised %s: %s; skipped", interceptor.name, type(exc).__name__, exc)
                    ctx.skipped.append(interceptor.name)  # the prompts go on as they were before it
        return prompts

    def after(self, response: Any, ctx: Context) -> Context:
        """Run every `post_response` in order on a response that already validated."""
        for interceptor in self.interceptors:
            if interceptor.post_response is None:
                continue
            try:
                ctx = interceptor.post_response(response, ctx) or ctx
            except Exception as exc:
                if self.on_failure == "fail":
                    raise InterceptorError(interceptor.name, f"post_response raised {type(exc).__name__}: {exc}") from exc
                _log.warning("interceptor %r: post_response raised %s: %s; skipped", interceptor.name, type(exc).__name__, exc)
                ctx.skipped.append(interceptor.name)
        ctx.turn += 1
        return ctx


def _meta_problem(schema: Any) -> str:
    """The meta-schema's complaint about `schema`, or "" (memoised per schema text)."""
    try:
        key = json.dumps(schema, sort_keys=True)
    except (TypeError, ValueError) as exc:
        return f"not JSON: {exc}"
    if key not in _VALID:
        from jsonschema import validators
        from jsonschema.exceptions import SchemaError

        try:
            validators.validator_for(schema, default=validators.Draft202012Validator).check_schema(schema)
            _VALID[key] = ""
        except SchemaError as exc:
            where = "/".join(str(p) for p in exc.absolute_path)
            _VALID[key] = f"at /{where}: {exc.message}" if where else exc.message
        except Exception as exc:  # not even a mapping
            _VALID[key] = f"{type(exc).__name__}: {exc}"
    return _VALID[key]


def _properties(schema: Mapping[str, Any]) -> dict[str, Any]:
    props = schema.get("properties") if isinstance(schema, Mapping) else None
    return dict(props) if isinstance(props, Mapping) else {}


def _check_conflicts(name: str, before: dict[str, Any], after: dict[str, Any], owners: dict[str, str], required_by: dict[str, str]) -> None:
    old, new = _properties(before), _properties(after)
    for prop, definition in old.items():
        if prop not in new:
            raise ConflictError(owners.get(prop, "the base schema"), name, f"{name!r} removes the property {prop!r}")
        if new[prop] != definition and owners.get(prop) not in (None, name):
            raise ConflictError(owners[prop], name, f"both define the property {prop!r}, differently: "
                                f"{json.dumps(definition)} vs {json.dumps(new[prop])}")
    still = set(after.get("required", []))
    for field_name in before.get("required", []):
        if field_name not in still:
            raise ConflictError(required_by.get(field_name, "the base schema"), name,
                                f"{name!r} removes the required field {field_name!r} that the other needs")


_ACTION = {"add": "added", "replace": "changed", "remove": "removed"}


def _escape(key: Any) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def json_patch(before: Any, after: Any, pointer: str = "") -> list[dict[str, Any]]:
    """The JSON Patch (RFC 6902) that turns `before` into `after`: objects are compared key by
    key (`add`, `remove`, and recursion into shared keys); anything else that differs, lists
    included, is one `replace` of the whole value. Small on purpose: a schema change is
    audited, not minimised."""
    if isinstance(before, dict) and isinstance(after, dict):
        ops: list[dict[str, Any]] = []
        for key in after:
            here = f"{pointer}/{_escape(key)}"
            if key not in before:
                ops.append({"op": "add", "path": here, "value": copy.deepcopy(after[key])})
            else:
                ops += json_patch(before[key], after[key], here)
        ops += [{"op": "remove", "path": f"{pointer}/{_escape(k)}"} for k in before if k not in after]
        return ops
    if type(before) is type(after) and before == after:
        return []
    return [{"op": "replace", "path": pointer, "value": copy.deepcopy(after)}]
