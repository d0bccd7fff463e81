"""One export list per public package, checked at import time; strategies shown as the call a user wrote."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import find

import pytest_aacl
from pytest_aacl import boundary, from_schema
from pytest_aacl import harness as H
from pytest_aacl import serve as S
from pytest_aacl import strategies as st
from pytest_aacl._exports import check_exports

PACKAGES = [pytest_aacl, st, H, S]


@pytest.mark.parametrize("module", PACKAGES, ids=lambda m: m.__name__)
def test_every_exported_name_resolves(module: ModuleType) -> None:
    missing = [name for name in module.__all__ if getattr(module, name, None) is None]
    assert missing == []
    assert len(module.__all__) == len(set(module.__all__))


def _type_checking_imports(module: ModuleType) -> dict[str, tuple[str, str]]:
    """`{exported name: (module, alias)}` of the imports under `if TYPE_CHECKING:`."""
    tree = ast.parse(Path(inspect.getfile(module)).read_text(encoding="utf-8"))
    found: dict[str, tuple[str, str]] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for stmt in node.body:
                assert isinstance(stmt, ast.ImportFrom), ast.unparse(stmt)
                for alias in stmt.names:
                    found[alias.name] = ("." * stmt.level + (stmt.module or ""), alias.asname or "")
    return found


def test_the_type_checking_imports_are_the_lazy_export_list() -> None:
    """Type checkers read the `TYPE_CHECKING` block; it must say what `_EXPORTS` resolves at runtime,
    as explicit `X as X` re-exports, from the same module."""
    seen = _type_checking_imports(pytest_aacl)
    assert seen == {name: (module, name) for name, module in pytest_aacl._EXPORTS.items()}
    assert sorted(pytest_aacl.__all__) == sorted([*pytest_aacl._EXPORTS, "__version__"])
    for name, module in pytest_aacl._EXPORTS.items():  # each resolves from the module it names
        assert getattr(importlib.import_module(module, "pytest_aacl"), name) is getattr(pytest_aacl, name)


def test_the_harness_lazy_names_are_typed_and_exported() -> None:
    seen = _type_checking_imports(H)
    assert set(seen) == set(H._LAZY) and set(H._LAZY) <= set(H.__all__)
    assert all(alias == name for name, (_module, alias) in seen.items())


def test_serve_exports_exactly_its_public_functions() -> None:
    public = {n for n, v in vars(S).items() if inspect.isfunction(v) and v.__module__ == S.__name__ and not n.startswith("_")}
    assert public == set(S.__all__)


def test_the_self_check_fails_on_every_kind_of_disagreement() -> None:
    namespace: dict[str, Any] = {"__name__": "pkg", "defined": 1, "stray": 2, "_private": 3, "os": ModuleType("os")}
    check_exports(namespace, ["defined", "stray"])  # agreeing: no error
    with pytest.raises(AssertionError, match=r"public but not listed: \['stray'\]"):
        check_exports(namespace, ["defined"])
    with pytest.raises(AssertionError, match=r"listed but not defined: \['ghost'\]"):
        check_exports(namespace, ["defined", "stray", "ghost"])
    with pytest.raises(AssertionError, match=r"listed twice: \['defined'\]"):
        check_exports(namespace, ["defined", "defined", "stray"])
    with pytest.raises(AssertionError, match=r"lazy but not listed: \['later'\]"):
        check_exports(namespace, ["defined", "stray"], lazy=["later"])
    check_exports(namespace, ["defined", "stray", "later"], lazy=["later"])


def test_every_package_runs_its_self_check_at_import() -> None:
    for module in (pytest_aacl, st, H):
        source = Path(inspect.getfile(module)).read_text(encoding="utf-8")
        assert "\n_check_exports(globals(), __all__" in source, module.__name__


# -- strategy reprs -------------------------------------------------------------------------

SCHEMA = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}
SHOWN = "{'type': 'object', 'properties': {'n': {'type': 'integer'}}, 'required': ['n']}"


@boundary
def add(a: int, b: int = 1) -> int:
    return a + b


@pytest.mark.parametrize(
    ("strategy", "expected"),
    [
        (lambda: st.conforming(SCHEMA), f"conforming(schema={SHOWN})"),
        (lambda: st.hallucinated(SCHEMA), f"hallucinated(schema={SHOWN})"),
        (lambda: st.hallucinated(SCHEMA, families=["int_string"], min_fields=1),
         f"hallucinated(schema={SHOWN}, families=['int_string'])"),
        (lambda: st.invalid(SCHEMA), f"invalid(schema={SHOWN})"),
        (lambda: st.adversarial(SCHEMA), f"adversarial(schema={SHOWN})"),
        (lambda: st.adversarial(SCHEMA, python_objects=True), f"adversarial(schema={SHOWN}, python_objects=True)"),
        (lambda: st.renderings(5, {"type": "integer"}), "renderings(value=5, schema={'type': 'integer'})"),
        (lambda: st.hallucinated(add), "hallucinated(schema=<Tool add>)"),
        (lambda: H.interceptor_stacks([H.memory()], min_size=1), "interceptor_stacks([<Interceptor memory>], min_size=1)"),
    ],
)
def test_a_strategy_reads_as_the_call_that_built_it(strategy: Any, expected: str) -> None:
    built = strategy()
    assert repr(built) == expected
    assert find(built, lambda _: True) is not None  # and it still draws


def test_a_long_schema_is_shown_by_its_top_level_keys() -> None:
    schema = {"type": "object", "required": ["f0"], "additionalProperties": False,
              "properties": {f"f{i}": {"type": "integer", "description": "x" * 50} for i in range(20)}}
    text = repr(st.conforming(schema))
    assert text == "conforming(schema={'type': 'object', 'required': ['f0'], 'additionalProperties': False, " \
                   "'properties': {...}})"


def test_a_spec_is_shown_as_itself() -> None:
    spec = from_schema(SCHEMA, name="count")
    assert repr(st.invalid(spec)).startswith("invalid(schema=ToolSpec(")
    assert len(repr(st.invalid(spec))) < 200


def test_every_public_strategy_has_a_call_repr() -> None:
    """A public strategy added later without a readable repr fails here."""
    made = {name: getattr(st, name) for name in st.__all__ if name in
            {"conforming", "hallucinated", "invalid", "adversarial"}}
    assert set(made) == {n for n in st.__all__ if inspect.isfunction(getattr(st, n))} - {"all_renderings", "coverage", "renderings"}
    for name, make in made.items():
        assert repr(make(SCHEMA)).startswith(f"{name}(schema=")
