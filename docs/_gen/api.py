"""docs/reference/api.md: one mkdocstrings directive per public class and function, and a
table of the public constants, from the `__all__` lists."""

from __future__ import annotations

import inspect

import pytest_aacl.strategies

import pytest_aacl
import pytest_aacl.harness

#: public values that are not classes or functions: what they are, where they are explained
CONSTANTS: dict[str, str] = {
    "pytest_aacl.CHECKS": "every registered check by name, in run order ([checks](checks.md))",
    "pytest_aacl.CODES": "the correction codes and what each means ([correction codes](normalisation.md#correction-codes))",
    "pytest_aacl.strategies.ABSENT": "the value of a label whose field was absent (a `null_for_optional` "
                                     "rendering's intended value, a `missing_required` mutation's result)",
    "pytest_aacl.strategies.FAMILIES": "family name → one-line description, in shrink order ([families](families.md#every-family))",
    "pytest_aacl.harness.FORMATS": "correction format name → formatter: how a correction is shown to a model in a retry",
}


class UndocumentedError(AssertionError):
    """A public value that is neither a class nor a function and has no line in `CONSTANTS`."""


def _source_path(value: object) -> str:
    """Where the object is defined, as mkdocstrings finds it by reading the source tree: public
    names are lazy re-exports, and `pytest_aacl.strategies` lives in the top-level `strategies/`."""
    module = value.__module__
    if module.startswith("pytest_aacl.strategies"):
        module = module.removeprefix("pytest_aacl.")
    return f"{module}.{value.__qualname__}"


def _documented(module: object, exclude: set[str] = frozenset()) -> tuple[list[str], list[str]]:
    """(directives for classes and functions, qualified names of the other public values)."""
    directives, values = [], []
    for name in sorted(module.__all__, key=str.casefold):
        if name.startswith("__") or name in exclude:
            continue
        value = getattr(module, name)
        qualified = f"{module.__name__}.{name}"
        if inspect.isclass(value) or inspect.isfunction(value):
            directives.append(f"### `{qualified}`\n\n::: {_source_path(value)}\n    options:\n      show_root_heading: false")
        else:
            values.append(qualified)
    return directives, values


def _render(module: object, exclude: set[str] = frozenset()) -> str:
    directives, values = _documented(module, exclude)
    missing = [v for v in values if v not in CONSTANTS]
    if missing:
        raise UndocumentedError(f"public values without a line in CONSTANTS (docs/_gen/api.py): {missing}")
    parts = []
    if values:
        parts += ["| constant | what it is |", "|---|---|"]
        parts += [f"| `{v}` | {CONSTANTS[v]} |" for v in values]
        parts.append("")
    parts.append("\n\n".join(directives))
    return "\n".join(parts)


def api_core() -> str:
    return _render(pytest_aacl)


def api_strategies() -> str:
    return (_render(pytest_aacl.strategies) + "\n\nThe members of `Family` are the family names of "
            "[the families reference](families.md#every-family), in shrink order.")


def api_harness() -> str:
    return _render(pytest_aacl.harness)


SECTIONS = {"api-core": api_core, "api-strategies": api_strategies, "api-harness": api_harness}
