"""A memory interceptor across two turns, on real SDK clients for every provider in the ini
list `aacl_models`, replayed from ``cassettes/test_interceptor_models/`` (synthetic, built by
``cassettes/build_harness.py``). Each test is a cell of the compatibility matrix
(``--aacl-matrix``): model x feature."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pytest_aacl.harness import Context, Stack, memory, model, respond

pytestmark = pytest.mark.integration

PLACEHOLDER_KEY = "placeholder"  # not a key: cassettes replay without one
ANSWER = {"type": "object", "properties": {"answer": {"type": "string", "minLength": 1}},
          "required": ["answer"], "additionalProperties": False}


def test_memory(aacl_model: str, aacl_usage: Any, request: pytest.FixtureRequest) -> None:
    adapter = model(aacl_model, api_key=PLACEHOLDER_KEY)
    stack, ctx = Stack([memory()]), Context()
    first = respond(adapter, "What is the capital of France?", ANSWER, interceptors=stack, context=ctx)
    second = respond(adapter, "And how many people live there?", ANSWER, interceptors=stack, context=ctx)
    assert first.value["answer"].startswith("Paris") and "population" in second.value["summary"]
    assert ctx.data["memory"] == [first.value["summary"], second.value["summary"]] and ctx.turn == 2
    # the second request really carried the first turn's summary
    sent = json.dumps(json.loads(request.getfixturevalue("vcr").requests[1].body))
    assert "What you remember from earlier turns:" in sent and "I answered Paris." in sent
    assert aacl_usage.totals()["calls"] == 2
