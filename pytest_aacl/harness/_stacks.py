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

from .. import _argcheck
from ..strategies._called import Called
from ._interceptors import Context, Interceptor, Stack, check_interceptors

__all__ = ["check_stack", "interceptor_stacks", "interceptor_test"]


def interceptor_stacks(interceptors: Sequence[Interceptor], *, min_size: int = 0, **stack_options: Any) -> st.SearchStrategy[Stack]:
    """Stacks of a random subset of `interceptors` in a random order."""
    pool = check_interceptors("interceptor_stacks", interceptors)
    _argcheck.whole("interceptor_stacks", "min_size", min_size, minimum=0, example="min_size=1")
    unknown = sorted(set(stack_options) - {"on_invalid", "on_failure"})
    if unknown:
        raise _argcheck.invalid("interceptor_stacks", unknown[0], stack_options[unknown[0]],
                            "only Stack options: on_invalid= and on_failure=")
    Stack(pool, **stack_options)  # the options are checked now, not when a stack is drawn
    names = "[" + ", ".join(f"<Interceptor {i.name}>" for i in pool) + "]"
    options = {**({"min_size": min_size} if min_size else {}), **stack_options}
    shown = ", ".join([names, *(f"{k}={v!r}" for k, v in options.items())])
    return Called(lambda: st.permutations(pool)
                  .flatmap(lambda order: st.integers(min(min_size, len(order)), len(order)).map(lambda n: order[:n]))
                  .map(lambda chosen: Stack(chosen, **stack_options)), f"interceptor_stacks({shown})")


def check_stack(stack: Stack, base_schema: dict[str, Any], data: Any, *, turns: int = 2) -> None:
    """The three properties for one stack; `data` is Hypothesis's `st.data()` object."""
    if not isinstance(stack, Stack):
        raise _argcheck.invalid("check_stack", "stack", stack, "a Stack([...interceptors])")
    _check_test("check_stack", base_schema, turns)
    from jsonschema import validators

    from ..strategies import conforming  # lazy: hypothesis costs start-up

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


def _check_test(where: str, base_schema: Any, turns: Any) -> None:
    _argcheck.mapping(where, "base_schema", base_schema,
                  expected='the JSON Schema dict the interceptors extend, e.g. {"type": "object", "properties": {}}')
    _argcheck.whole(where, "turns", turns, minimum=1, example="turns=2")


def interceptor_test(interceptors: Sequence[Interceptor], base_schema: dict[str, Any], *,
                     max_examples: int = 25, turns: int = 2) -> Callable[[], None]:
    """A ready pytest test function checking every property over random stacks."""
    _check_test("interceptor_test", base_schema, turns)
    _argcheck.whole("interceptor_test", "max_examples", max_examples, minimum=1, example="max_examples=25")
    stacks = interceptor_stacks(check_interceptors("interceptor_test", interceptors))

    @settings(max_examples=max_examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(stack=stacks, data=st.data())
    def test_interceptor_stacks(stack: Stack, data: Any) -> None:
        check_stack(stack, base_schema, data, turns=turns)

    return test_interceptor_stacks
