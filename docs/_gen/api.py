"""docs/reference/api.md: one mkdocstrings directive per public name, from the `__all__` lists."""

from __future__ import annotations

import pytest_aacl.strategies

import pytest_aacl
import pytest_aacl.harness

#: family constants are documented as a table in families.md; one directive for the module
_FAMILY_CONSTANTS = set(pytest_aacl.strategies.families.__all__) - {"FAMILIES"}


def _directives(module: str, names: list[str]) -> str:
    lines = []
    for name in names:
        if name.startswith("__"):
            continue
        lines += [f"::: {module}.{name}", ""]
    return "\n".join(lines).rstrip("\n")


def api_core() -> str:
    return _directives("pytest_aacl", sorted(pytest_aacl.__all__, key=str.casefold))


def api_strategies() -> str:
    names = [n for n in sorted(pytest_aacl.strategies.__all__, key=str.casefold) if n not in _FAMILY_CONSTANTS]
    return (_directives("pytest_aacl.strategies", names) + "\n\nThe family constants ("
            + ", ".join(f"`{n}`" for n in sorted(_FAMILY_CONSTANTS))
            + ") are the family names of [the families reference](families.md#every-family).")


def api_harness() -> str:
    return _directives("pytest_aacl.harness", sorted(pytest_aacl.harness.__all__, key=str.casefold))


SECTIONS = {"api-core": api_core, "api-strategies": api_strategies, "api-harness": api_harness}
