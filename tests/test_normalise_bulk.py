"""The C list scanners (`pytest_aacl._speedups`) change speed, never results.

Each scanner is checked against the generated Python scanner it replaces, on item schemas
with every kind of bound and lists mixing the values that sit on a canonical test's edge
(bools among ints, NaN and infinities, ints beyond 64 bits and beyond 2**53, subclasses of
str and int); and whole tools must answer the same with and without the extension.
"""

from __future__ import annotations

import math
import os
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pytest_aacl.strategies import conforming

from pytest_aacl import CorrectionError, boundary
from pytest_aacl._normalise import _bulk
from pytest_aacl._normalise._compile import compile_schema
from pytest_aacl._normalise._containers import _scanner
from pytest_aacl._normalise._numbers import integer_node, number_node
from pytest_aacl._normalise._scalars import boolean_node, string_node

pytestmark = pytest.mark.skipif(not _bulk.available(), reason="the C scanners were not built (no compiler at install time)")


class _Str(str):
    pass


class _Int(int):
    pass


_bounds = st.one_of(st.none(), st.integers(-(2**65), 2**65), st.floats(allow_nan=False, allow_infinity=False, width=64))
_ints = st.one_of(
    st.integers(-20, 20),
    st.integers(-(2**64), 2**64),
    st.sampled_from([2**53, 2**53 + 1, -(2**53) - 1, 2**63 - 1, 2**63, -(2**63)]),
    st.booleans(),
    st.builds(_Int, st.integers(-5, 5)),
)
_items = st.one_of(
    _ints,
    st.floats(),  # NaN and the infinities included
    st.text(max_size=6),
    st.builds(_Str, st.text(max_size=3)),
    st.none(),
)


def _schema(kind: str, bounds: dict[str, Any]) -> dict[str, Any]:
    return {"type": kind, **{k: v for k, v in bounds.items() if v is not None}}


def _same_index(node: Any, items: list[Any], inexact: int = 2**63 - 1) -> None:
    """The C scan stops where the Python scan stops; or earlier, only at an int its
    arithmetic cannot hold exactly (beyond `inexact`), never later."""
    python_scan, _one = _scanner(node)
    c_scan = _bulk.bulk_scanner(node.bulk)
    assert c_scan is not None, node.bulk
    found, expected = c_scan(items), python_scan(items)
    if found != expected:
        assert found < expected and type(items[found]) is int and abs(items[found]) > inexact, (found, expected)


@settings(max_examples=400)
@given(
    st.fixed_dictionaries({"minimum": _bounds, "maximum": _bounds, "exclusiveMinimum": _bounds, "exclusiveMaximum": _bounds}),
    st.lists(_items, max_size=12),
)
def test_integer_items_scan_as_the_python_test_does(bounds: dict[str, Any], items: list[Any]) -> None:
    node = integer_node(_schema("integer", bounds))
    if node.bulk is None:  # a bound beyond 64 bits: the Python loop serves, nothing to compare
        assert node.fast is None or any(b is not None and abs(b) >= 2**63 - 2 for b in bounds.values())
        return
    _same_index(node, items)


@settings(max_examples=400)
@given(
    st.fixed_dictionaries({"minimum": _bounds, "maximum": _bounds}) | st.fixed_dictionaries({"exclusiveMinimum": _bounds, "exclusiveMaximum": _bounds}),
    st.lists(_items, max_size=12),
)
def test_number_items_scan_as_the_python_test_does(bounds: dict[str, Any], items: list[Any]) -> None:
    node = number_node(_schema("number", bounds))
    if node.bulk is None:  # a bound no float holds exactly
        assert any(b is not None and float(b) != b for b in bounds.values())
        return
    _same_index(node, items, inexact=2**53)


@settings(max_examples=300)
@given(st.none() | st.integers(0, 8), st.none() | st.integers(0, 8), st.lists(_items, max_size=12))
def test_string_items_scan_as_the_python_test_does(lo: int | None, hi: int | None, items: list[Any]) -> None:
    _same_index(string_node(_schema("string", {"minLength": lo, "maxLength": hi}), None), items)


@given(st.lists(_items, max_size=12))
def test_boolean_items_scan_as_the_python_test_does(items: list[Any]) -> None:
    _same_index(boolean_node({"type": "boolean"}), items)


def test_a_nan_or_a_bool_is_never_canonical_in_c() -> None:
    ints = _bulk.bulk_scanner(integer_node({"type": "integer", "minimum": 0}).bulk)
    numbers = _bulk.bulk_scanner(number_node({"type": "number"}).bulk)
    assert ints is not None and numbers is not None
    assert ints([1, 2, True, 3]) == 2
    assert numbers([1.5, 2, math.nan]) == 2
    assert numbers([1.5, -math.inf]) == 1
    assert ints([0, -1]) == 1


_SCHEMAS = [
    {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 20}},
    {"type": "array", "items": {"type": "number", "exclusiveMinimum": 0}},
    {"type": "array", "items": {"type": "string", "maxLength": 3}, "minItems": 1},
    {"type": "array", "items": {"type": "boolean"}},
]


#: whole argument objects: every kind of field the C test handles, nested and optional
_OBJECTS = [
    {
        "type": "object",
        "properties": {
            "query": {"type": "string", "minLength": 1},
            "max_results": {"type": "integer", "minimum": 1, "maximum": 20},
            "depth": {"enum": ["basic", "advanced"]},
            "domains": {"type": ["array", "null"], "items": {"type": "string"}},
            "safe": {"type": "boolean"},
            "score": {"type": ["number", "null"], "exclusiveMaximum": 1},
        },
        "required": ["query"],
    },
    {
        "type": "object",
        "properties": {
            "events": {"type": "array", "maxItems": 3, "items": {"type": "object", "properties": {"at": {"type": "integer"}, "tag": {"enum": ["a", "b"]}}, "required": ["at"]}},
            "owner": {"type": "object", "properties": {"id": {"type": "integer"}, "admin": {"type": "boolean"}}, "required": ["id", "admin"]},
        },
        "required": ["owner"],
    },
]


def _tools(schema: dict[str, Any]) -> tuple[Any, Any]:
    """The same tool compiled with the C scanners and without them."""
    params = schema if "required" in schema else {"type": "object", "properties": {"v": schema}, "required": ["v"]}
    with_c = boundary(lambda v: v, schema=params, name="echo")
    saved = _bulk._speedups
    _bulk._speedups = None
    try:
        without_c = boundary(lambda v: v, schema=params, name="echo")
    finally:
        _bulk._speedups = saved
    return with_c, without_c


_TOOLS = [_tools(schema) for schema in _SCHEMAS]


def _answer(tool: Any, values: Any) -> Any:
    try:
        return ("ok", tool.normalise(values if isinstance(values, dict) else {"v": values}))
    except CorrectionError as error:
        return ("correction", [(c.code, c.path) for c in error.corrections])


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(_TOOLS), st.lists(_items | st.sampled_from(["5", "yes", "null", "1,2"]), max_size=8))
def test_a_tool_answers_the_same_without_the_extension(tools: tuple[Any, Any], values: list[Any]) -> None:
    with_c, without_c = tools
    assert _answer(with_c, values) == _answer(without_c, values)


def test_aacl_pure_python_turns_the_extension_off() -> None:
    code = "from pytest_aacl._normalise import _bulk; print(_bulk.available())"
    env = {**os.environ, "AACL_PURE_PYTHON": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


_OBJECT_TOOLS = [(_tools(schema), schema) for schema in _OBJECTS]


def _mutated(value: Any) -> st.SearchStrategy[Any]:
    """The value, or one of its fields (at any depth) swapped for an edge value."""
    if isinstance(value, dict) and value:
        return st.one_of(
            st.just(value),
            st.sampled_from(sorted(value)).flatmap(lambda k: _mutated(value[k]).map(lambda x: {**value, k: x})),
            _items.map(lambda x: {**value, "extra": x}),
        )
    if isinstance(value, list) and value:
        return st.one_of(st.just(value), st.integers(0, len(value) - 1).flatmap(lambda i: _mutated(value[i]).map(lambda x: [*value[:i], x, *value[i + 1:]])))
    return st.one_of(st.just(value), _items, st.sampled_from(["5", "yes", "null", "1,2", _Str("basic")]))


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_whole_arguments_are_answered_the_same_without_the_extension(data: st.DataObject) -> None:
    (with_c, without_c), schema = data.draw(st.sampled_from(_OBJECT_TOOLS))
    arguments = data.draw(conforming(schema).flatmap(_mutated))
    assert _answer(with_c, arguments) == _answer(without_c, arguments)


def test_canonical_arguments_come_back_as_the_same_object_from_c() -> None:
    for schema in _OBJECTS:  # both schemas are tested whole in C, not field by field
        assert _bulk.bulk_check(compile_schema(schema).bulk) is not None
    with_c, _ = _OBJECT_TOOLS[0][0]
    args = {"query": "q", "max_results": 5, "depth": "basic", "domains": None, "safe": True, "score": 0.5}
    assert with_c.normalise_json(args) is args
    compiled = _bulk.bulk_check(("object", (("q", True, ("int", 1, None)),)))
    assert compiled is not None
    assert compiled({"q": 1}) is True
    assert compiled({"q": 0}) is False
    assert compiled({"q": True}) is False
    assert compiled({"q": 1, "x": 1}) is False
    assert compiled({_Str("q"): 1}) is False
    assert compiled({}) is False


def test_a_hostile_key_runs_no_code_during_the_c_walk() -> None:
    """Keys are checked to be exact strs before any lookup, so a key's own __eq__ or
    __hash__ (code that could change the dict under the walk) is never called."""
    calls: list[str] = []

    class Hostile(str):
        def __hash__(self) -> int:
            calls.append("hash")
            return str.__hash__(self)

        def __eq__(self, other: object) -> bool:
            calls.append("eq")
            return str.__eq__(self, other)

    compiled = _bulk.bulk_check(("object", (("q", True, ("int", None, None)), ("r", False, ("bool",)))))
    assert compiled is not None
    hostile = {"q": 1}
    hostile[Hostile("r")] = True
    calls.clear()
    assert compiled(hostile) is False
    assert calls == []
