"""The import-time self-check of a public package's export list (as `hypothesis.strategies`
does): the one list and what the module defines must agree, or importing it fails."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import ModuleType
from typing import Any

__all__ = ["check_exports"]

#: globals every module has that are not part of its API
_IMPLICIT = frozenset({"annotations"})


def check_exports(namespace: Mapping[str, Any], exported: Iterable[str], lazy: Iterable[str] = ()) -> None:
    """Every name in `exported` is defined (or resolved lazily, `lazy`), listed once, and
    every public (non-underscore, non-module) global is exported: nothing public by accident."""
    names = list(exported)
    later = set(lazy)
    repeated = sorted({n for n in names if names.count(n) > 1})
    missing = sorted(n for n in names if n not in namespace and n not in later)
    stray = sorted(n for n, v in namespace.items()
                   if not n.startswith("_") and n not in _IMPLICIT and not isinstance(v, ModuleType) and n not in names)
    unlisted = sorted(later - set(names))
    if repeated or missing or stray or unlisted:
        module = namespace.get("__name__", "?")
        raise AssertionError(f"{module}: the export list disagrees with the module (listed twice: {repeated}; "
                             f"listed but not defined: {missing}; public but not listed: {stray}; "
                             f"lazy but not listed: {unlisted})")
