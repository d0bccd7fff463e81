"""Hypothesis's strategy internals that `pytest_aacl/_compat/hypothesis.py` relies on, pinned on
real strategies: when a Hypothesis release renames or drops a hook `Called` overrides, the
failing test names Hypothesis's version and the hook, and the fix goes in that one module."""

from __future__ import annotations

import inspect

import hypothesis
import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from hypothesis.strategies import SearchStrategy

from pytest_aacl._compat.hypothesis import Called

HYPOTHESIS = f"hypothesis {hypothesis.__version__}"
#: the hooks `Called` overrides, with the parameters Hypothesis calls them with
HOOKS = {"do_draw": ["self", "data"], "calc_is_empty": ["self", "recur"],
         "calc_has_reusable_values": ["self", "recur"], "calc_label": ["self"], "do_validate": ["self"]}


def test_search_strategy_has_the_hooks_called_overrides() -> None:
    for name, params in HOOKS.items():
        hook = getattr(SearchStrategy, name, None)
        assert callable(hook), f"{HYPOTHESIS}: SearchStrategy.{name} is gone"
        assert list(inspect.signature(hook).parameters) == params, \
            f"{HYPOTHESIS}: SearchStrategy.{name} no longer takes {params}"
    assert list(inspect.signature(SearchStrategy.__init__).parameters) == ["self"], \
        f"{HYPOTHESIS}: SearchStrategy() now needs arguments"
    for name in ("is_empty", "has_reusable_values", "label"):
        assert isinstance(getattr(SearchStrategy, name, None), property), \
            f"{HYPOTHESIS}: SearchStrategy.{name} is no longer the property that calls calc_{name}"


def test_called_draws_what_it_wraps_and_reads_as_its_call() -> None:
    built: list[int] = []

    def build() -> SearchStrategy[int]:
        built.append(1)
        return st.integers(10, 20)

    strategy = Called(build, "numbers(low=10)")
    assert built == [] and repr(strategy) == "numbers(low=10)"  # built on first use only
    seen: list[int] = []

    @settings(max_examples=20, database=None)
    @given(strategy)
    def draws(value: int) -> None:
        seen.append(value)

    draws()
    assert seen and all(10 <= v <= 20 for v in seen), f"{HYPOTHESIS}: do_draw(data) no longer draws through data.draw"
    assert built == [1], "the wrapped strategy is built once"
    assert find(strategy, lambda v: v > 15) == 16, f"{HYPOTHESIS}: a Called no longer shrinks as what it wraps"


def test_called_sees_through_to_emptiness_reuse_and_label() -> None:
    assert Called(st.nothing, "none()").is_empty, f"{HYPOTHESIS}: calc_is_empty(recur) is no longer consulted"
    assert not Called(st.integers, "ints()").is_empty
    assert Called(lambda: st.just(1), "one()").has_reusable_values, \
        f"{HYPOTHESIS}: calc_has_reusable_values(recur) is no longer consulted"
    assert not Called(lambda: st.lists(st.integers()), "lists()").has_reusable_values
    inner = st.lists(st.integers())
    assert Called(lambda: inner, "lists()").label == inner.label, f"{HYPOTHESIS}: calc_label() is no longer consulted"


def test_called_validates_what_it_wraps() -> None:
    bad = Called(lambda: st.integers(5, 1), "bad()")
    with pytest.raises(InvalidArgument):
        bad.validate()
    Called(st.integers, "ints()").validate()
