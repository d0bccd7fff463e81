"""Interceptors: composition, audit, conflicts, rollback, failure policy, the built-ins, and
the shipped property tests (run on the built-ins and shown to catch a broken interceptor)."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from pytest_aacl import boundary
from pytest_aacl.harness import (
    ConflictError,
    Context,
    Interceptor,
    InterceptorError,
    SimulatedModel,
    Stack,
    interceptor_test,
    memory,
    respond,
    state_machine,
    tool_calls,
)

BASE = {"type": "object", "properties": {"answer": {"type": "string"}}, "required": ["answer"],
        "additionalProperties": False}


def _adds(name: str, definition: dict[str, Any], label: str = "") -> Interceptor:
    def pre_schema(schema: dict[str, Any], ctx: Context) -> dict[str, Any]:
        schema["properties"][name] = definition
        return schema

    return Interceptor(f"adds_{name}_{definition.get('type')}{label}", pre_schema=pre_schema)


def test_composition_order_and_audit() -> None:
    ctx = Context()
    schema = Stack([memory(), state_machine(["open", "closed"])]).schema(BASE, ctx)
    assert list(schema["properties"]) == ["answer", "summary", "state"]
    assert schema["required"] == ["answer", "summary", "state"]
    assert [(a.interceptor, a.pointer, a.action) for a in ctx.audit] == [
        ("memory", "/properties/summary", "added"), ("memory", "/required", "changed"),
        ("state_machine", "/properties/state", "added"), ("state_machine", "/required", "changed")]
    assert BASE["required"] == ["answer"]  # the base schema is never mutated


def test_each_audit_entry_has_a_time_and_a_json_patch_that_replays_the_change() -> None:
    import datetime as dt

    import jsonpatch  # the reference implementation of RFC 6902, not ours

    def retitle(schema: dict[str, Any], ctx: Context) -> dict[str, Any]:
        schema["title"] = "Answer with notes"
        schema["properties"]["a/b~c"] = {"type": "string"}  # a key a pointer must escape
        del schema["additionalProperties"]
        return schema

    stack = Stack([memory(), state_machine(["open", "closed"]), Interceptor("retitle", pre_schema=retitle)])
    ctx = Context()
    before = {**BASE, "title": "Answer"}
    composed = stack.schema(before, ctx)
    assert jsonpatch.apply_patch(before, [dict(a.patch) for a in ctx.audit]) == composed
    assert [(a.patch["op"], a.patch["path"], a.action) for a in ctx.audit if a.interceptor == "retitle"] == [
        ("add", "/properties/a~1b~0c", "added"), ("replace", "/title", "changed"),
        ("remove", "/additionalProperties", "removed")]
    assert all(dt.datetime.fromisoformat(a.at).tzinfo is not None for a in ctx.audit)  # when, in UTC


def test_a_failing_pre_prompt_fails_or_is_skipped_as_on_failure_says(caplog: pytest.LogCaptureFixture) -> None:
    def broken(prompts: list[dict[str, Any]], ctx: Context) -> list[dict[str, Any]]:
        raise KeyError("memory")

    stack = Stack([Interceptor("broken", pre_prompt=broken), memory()])
    ctx = Context(data={"memory": ["earlier"]})
    with pytest.raises(InterceptorError, match="interceptor 'broken': pre_prompt raised KeyError"):
        stack.prompts([{"role": "user", "content": "hi"}], ctx)
    with caplog.at_level(logging.WARNING, logger="pytest_aacl.interceptors"):
        prompts = Stack(stack.interceptors, on_failure="skip").prompts([{"role": "user", "content": "hi"}], ctx)
    assert ctx.skipped == ["broken"] and "pre_prompt raised KeyError" in caplog.text
    assert prompts[0]["content"].startswith("What you remember from earlier turns:\n- earlier")  # the others still ran


def test_an_invalid_extension_is_named_or_rolled_back_with_a_warning() -> None:
    def broken(schema: dict[str, Any], ctx: Context) -> dict[str, Any]:
        schema["properties"]["when"] = {"type": "timestamp"}
        return schema

    stack = Stack([memory(), Interceptor("broken", pre_schema=broken)])
    with pytest.raises(InterceptorError, match="interceptor 'broken': its schema extension is not valid JSON Schema"):
        stack.schema(BASE)
    ctx = Context()
    with pytest.warns(UserWarning, match="'broken'.*rolled back"):
        schema = Stack(stack.interceptors, on_invalid="warn").schema(BASE, ctx)
    assert "when" not in schema["properties"] and "summary" in schema["properties"] and ctx.skipped == ["broken"]


def test_conflicts_are_refused_naming_both() -> None:
    with pytest.raises(ConflictError, match="'adds_note_string' and 'adds_note_integer' conflict: both define the property 'note'"):
        Stack([_adds("note", {"type": "string"}), _adds("note", {"type": "integer"})]).schema(BASE)
    Stack([_adds("note", {"type": "string"}), _adds("note", {"type": "string"}, "_again")]).schema(BASE)  # same: fine

    def drop(schema: dict[str, Any], ctx: Context) -> dict[str, Any]:
        schema["required"] = []
        return schema

    with pytest.raises(ConflictError, match="'the base schema' and 'dropper' conflict: 'dropper' removes the required field 'answer'"):
        Stack([Interceptor("dropper", pre_schema=drop)]).schema(BASE)
    with pytest.raises(ValueError, match="used twice"):
        Stack([memory(), memory()])


def test_post_response_failure_policy(caplog: pytest.LogCaptureFixture) -> None:
    def explode(response: Any, ctx: Context) -> Context:
        raise KeyError("summary")

    stack = Stack([Interceptor("exploder", post_response=explode), memory()])
    with pytest.raises(InterceptorError, match="interceptor 'exploder': post_response raised KeyError"):
        stack.after({"answer": "a", "summary": "s"}, Context())
    with caplog.at_level(logging.WARNING, logger="pytest_aacl.interceptors"):
        ctx = Stack(stack.interceptors, on_failure="skip").after({"answer": "a", "summary": "s"}, Context())
    assert ctx.skipped == ["exploder"] and ctx.data["memory"] == ["s"] and "exploder" in caplog.text
    with pytest.raises(ValueError, match="on_failure"):
        Stack([], on_failure="ignore")


def test_memory_across_two_turns_through_respond() -> None:
    stack, ctx = Stack([memory()]), Context()
    first = respond(SimulatedModel(seed=1, mistake_probability=0.0), "What is 2+2?", BASE, interceptors=stack, context=ctx)
    assert "summary" in first.schema["required"] and ctx.data["memory"] == [first.value["summary"]]
    prompts = stack.prompts([{"role": "user", "content": "And 3+3?"}], ctx)
    assert prompts[0]["content"].startswith("What you remember from earlier turns:\n- ")
    second = respond(SimulatedModel(seed=2, mistake_probability=0.0), "And 3+3?", BASE, interceptors=stack, context=ctx)
    assert len(ctx.data["memory"]) == 2 and second.context is ctx and ctx.turn == 2


def test_state_machine_takes_its_enum_from_the_context() -> None:
    fsm = state_machine(["draft", "review", "done"], transitions={"draft": ["review"], "review": ["draft", "done"], "done": []})
    stack, ctx = Stack([fsm]), Context()
    assert stack.schema(BASE, ctx)["properties"]["state"]["enum"] == ["review"]
    stack.after({"answer": "a", "state": "review"}, ctx)
    assert stack.schema(BASE, ctx)["properties"]["state"]["enum"] == ["draft", "done"]
    with pytest.raises(ValueError, match="pass only states among"):
        state_machine(["a"], transitions={"a": ["b"]})


def test_tool_calls_run_through_the_boundary() -> None:
    @boundary
    def add(a: int, b: int = 1) -> int:
        return a + b

    stack, ctx = Stack([tool_calls([add])]), Context()
    schema = stack.schema(BASE, ctx)
    assert schema["properties"]["tools"]["items"]["properties"]["name"]["enum"] == ["add"]
    stack.after({"answer": "x", "tools": [{"name": "add", "arguments": {"a": "two"}},
                                         {"name": "add", "arguments": {"a": "lots"}}]}, ctx)
    assert ctx.data["tool_results"][0] == {"name": "add", "result": 3}
    assert ctx.data["tool_results"][1]["correction"]["corrections"][0]["code"] == "TYPE_ERROR"


test_builtin_interceptor_stacks = interceptor_test(
    [memory(), state_machine(["open", "closed"], transitions={"open": ["closed"], "closed": ["open"]})], BASE,
    max_examples=15)


def test_the_property_test_catches_a_broken_interceptor() -> None:
    def needs_mood(response: Any, ctx: Context) -> Context:
        ctx.data["mood"] = response["mood"]  # reads a field it never added to the schema
        return ctx

    broken = interceptor_test([memory(), Interceptor("mood", post_response=needs_mood)], BASE, max_examples=15)
    with pytest.raises(InterceptorError, match="interceptor 'mood': post_response raised KeyError"):
        broken()
