"""Property tests for interceptors, shipped so a user's own get them in one line.

    test_my_interceptors = interceptor_test([memory(), my_interceptor()], base_schema)

For every stack Hypothesis draws (a random subset of the interceptors in a random order):
the composed schema is valid JSON Schema, schema-conforming responses validate and survive
every `post_response` over several turns, and removing any one interceptor never breaks
the others.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ._interceptors import Context, Interceptor, Stack

__all__ = ["check_stack", "interceptor_stacks", "interceptor_test"]


def interceptor_stacks(interceptors: Sequence[Interceptor], *, min_size: int = 0, **stack_options: Any) -> st.SearchStrategy[Stack]:
    """Stacks of a random subset of `interceptors` in a random order."""
    pool = list(interceptors)
    if not pool:
        raise ValueError("interceptor_stacks() needs at least one interceptor")
    return (st.permutations(pool)
            .flatmap(lambda order: st.integers(min(min_size, len(order)), len(order)).map(lambda n: order[:n]))
            .map(lambda chosen: Stack(chosen, **stack_options)))


def check_stack(stack: Stack, base_schema: dict[str, Any], data: Any, *, turns: int = 2) -> None:
    """The three properties for one stack; `data` is Hypothesis's `st.data()` object."""
    from jsonschema import validators

    from ..strategies import conforming

    for candidate in [stack, *(stack.without(i.name) for i in stack.interceptors)]:
        ctx = Context()
        for _ in range(turns):
            composed = candidate.schema(base_schema, ctx)  # raises InterceptorError / ConflictError
            validator = validators.validator_for(composed, default=validators.Draft202012Validator)(composed)
            response = data.draw(conforming(composed), label=f"response for {candidate!r}")
            problems = [e.message for e in validator.iter_errors(response)]
            assert not problems, f"{candidate!r}: a conforming response does not validate: {problems[0]}"
            candidate.prompts([{"role": "user", "content": "request"}], ctx)
            ctx = candidate.after(copy.deepcopy(response), ctx)  # raises InterceptorError naming the hook


def interceptor_test(interceptors: Sequence[Interceptor], base_schema: dict[str, Any], *,
                     max_examples: int = 25, turns: int = 2) -> Callable[[], None]:
    """A ready pytest test function checking every property over random stacks."""

    @settings(max_examples=max_examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(stack=interceptor_stacks(interceptors), data=st.data())
    def test_interceptor_stacks(stack: Stack, data: Any) -> None:
        check_stack(stack, base_schema, data, turns=turns)

    return test_interceptor_stacks
