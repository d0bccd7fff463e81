"""Three built-in interceptors that show the idea end to end.

* `memory()`: the response carries a `summary`; it is stored and fed back in the next prompt;
* `state_machine(...)`: the response carries a `state` whose enum comes from the context
  (the transitions allowed from the current state);
* `tool_calls(tools)`: the response carries a `tools` array of calls, each run through its
  boundary `Tool`; results (or corrections) are stored for the next turn.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Mapping
from typing import Any

from .. import _argcheck
from .._boundary import Tool
from .._errors import CorrectionError
from ._interceptors import Context, Interceptor

__all__ = ["memory", "state_machine", "tool_calls"]


def _add(schema: dict[str, Any], name: str, definition: dict[str, Any], required: bool = True) -> dict[str, Any]:
    schema.setdefault("type", "object")
    schema.setdefault("properties", {})[name] = definition
    if required and name not in schema.setdefault("required", []):
        schema["required"].append(name)
    return schema


def _prefix(prompts: list[dict[str, Any]], text: str) -> list[dict[str, Any]]:
    """Put `text` before the first user message's content."""
    for message in prompts:
        if message.get("role") == "user" and isinstance(message.get("content"), str):
            message["content"] = f"{text}\n\n{message['content']}"
            return prompts
    return [{"role": "user", "content": text}, *prompts]


def memory(*, key: str = "summary", keep: int = 5) -> Interceptor:
    """Ask for a one-paragraph `summary` of the exchange; feed the last `keep` back."""
    _argcheck.text("memory", "key", key, example='key="summary"')
    _argcheck.whole("memory", "keep", keep, minimum=1, example="keep=5")

    def pre_schema(schema: dict[str, Any], ctx: Context) -> dict[str, Any]:
        return _add(schema, key, {"type": "string", "minLength": 1,
                                  "description": "A short summary of the conversation so far, for your own memory."})

    def pre_prompt(prompts: list[dict[str, Any]], ctx: Context) -> list[dict[str, Any]]:
        notes = ctx.data.get("memory", [])[-keep:]
        return _prefix(prompts, "What you remember from earlier turns:\n" + "\n".join(f"- {n}" for n in notes)) if notes else prompts

    def post_response(response: Any, ctx: Context) -> Context:
        ctx.data.setdefault("memory", []).append(str(response[key]))
        return ctx

    return Interceptor("memory", pre_schema, pre_prompt, post_response)


def state_machine(states: Iterable[str], *, initial: str | None = None,
                  transitions: Mapping[str, Iterable[str]] | None = None, key: str = "state") -> Interceptor:
    """A `state` field whose allowed values are the transitions from the context's current state."""
    where, names = "state_machine", 'a non-empty list of state names, e.g. ["draft", "review", "done"]'
    all_states = _argcheck.items(where, "states", states, expected=names)
    _argcheck.each(where, "states", all_states, lambda s: isinstance(s, str) and bool(s), expected=names)
    if not all_states:
        raise _argcheck.invalid(where, "states", states, names)
    listed = ", ".join(map(repr, all_states))
    _argcheck.choice(where, "initial", initial, all_states, optional=True)
    _argcheck.mapping(where, "transitions", transitions, optional=True,
                  expected=f"a mapping of a state to the states it may go to, among: {listed}")
    _argcheck.text(where, "key", key, example='key="state"')
    table = {s: _argcheck.items(where, "transitions", t, expected=f"lists of states among {listed}")
             for s, t in (transitions or {}).items()}
    unknown = sorted(({t for ts in table.values() for t in ts} | set(table)) - set(all_states), key=str)
    if unknown:
        raise _argcheck.invalid(where, "transitions", transitions, f"only states among {listed} (unknown: {unknown})")
    start = initial or all_states[0]

    def allowed(ctx: Context) -> list[str]:
        current = ctx.data.get(key, start)
        return table.get(current, all_states) if table else all_states

    def pre_schema(schema: dict[str, Any], ctx: Context) -> dict[str, Any]:
        return _add(schema, key, {"type": "string", "enum": allowed(ctx),
                                  "description": f"The next state; now in {ctx.data.get(key, start)!r}."})

    def post_response(response: Any, ctx: Context) -> Context:
        ctx.data[key] = response[key]
        ctx.data.setdefault(f"{key}_history", []).append(response[key])
        return ctx

    return Interceptor("state_machine", pre_schema, None, post_response)


def tool_calls(tools: Iterable[Tool], *, key: str = "tools") -> Interceptor:
    """A `tools` array of `{name, arguments}` calls, each run through its boundary Tool."""
    expected = "a non-empty list of boundary Tools (from @boundary), e.g. tools=[add]"
    listed = _argcheck.items("tool_calls", "tools", tools, expected=expected)
    _argcheck.each("tool_calls", "tools", listed, lambda t: isinstance(t, Tool), expected=expected)
    if not listed:
        raise _argcheck.invalid("tool_calls", "tools", tools, expected)
    _argcheck.text("tool_calls", "key", key, example='key="tools"')
    by_name = {t.name: t for t in listed}

    def pre_schema(schema: dict[str, Any], ctx: Context) -> dict[str, Any]:
        call = {"type": "object", "properties": {"name": {"type": "string", "enum": sorted(by_name)},
                                                 "arguments": {"type": "object"}},
                "required": ["name", "arguments"], "additionalProperties": False}
        return _add(schema, key, {"type": "array", "items": call, "description": "Tools to call, in order."}, required=False)

    def pre_prompt(prompts: list[dict[str, Any]], ctx: Context) -> list[dict[str, Any]]:
        results = ctx.data.get("tool_results")
        if not results:
            return prompts
        return _prefix(prompts, "Results of the tools you called last turn:\n" + json.dumps(results, ensure_ascii=False, default=str))

    def post_response(response: Any, ctx: Context) -> Context:
        results = []
        for call in response.get(key, []) if isinstance(response, dict) else []:
            tool = by_name[call["name"]]
            try:
                results.append({"name": tool.name, "result": tool(**copy.deepcopy(call["arguments"]))})
            except CorrectionError as error:
                results.append({"name": tool.name, "correction": error.to_dict()})
        ctx.data["tool_results"] = results
        return ctx

    return Interceptor("tool_calls", pre_schema, pre_prompt, post_response)
