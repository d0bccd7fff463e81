"""C tests for canonical values and lists (`pytest_aacl._speedups`), when it was built.

A node describes its inline canonical test (`Node.fast`) as data, `Node.bulk`:
``("int", lo, hi)``, ``("str", min_len, max_len)``, ``("bool",)``,
``("number", lo, lo_excl, hi, hi_excl)``, ``("enum", frozenset)``, ``("nullable", inner)``,
``("array", item, min_items, max_items)`` or ``("object", ((name, required, desc), ...))``;
None where no such description exists.  `bulk_check` compiles it into a C test with
`fast`'s answer, `bulk_scanner` into a list scanner with the contract of the generated
Python one (`_containers._scanner`).  A C test may say "no" where its arithmetic is
inexact (ints beyond 64 bits; beyond 2**53 against a number bound); the caller then runs
the Python reading, so the extension changes speed, never results.  Without a C compiler
at install time (or with ``AACL_PURE_PYTHON=1``) everything runs in Python.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from typing import Any

try:
    if os.environ.get("AACL_PURE_PYTHON"):
        raise ImportError("AACL_PURE_PYTHON is set")
    from .. import _speedups
except ImportError:  # no compiler at install time: the pure-Python scanner serves
    _speedups: Any = None

#: the largest bound the 64-bit C loops take; beyond it the Python loop serves
_I64 = 2**63 - 1


def available() -> bool:
    """Whether the C scanners were built and are in use."""
    return _speedups is not None


def int_bulk(schema: dict[str, Any]) -> tuple[Any, ...] | None:
    """``("int", lo, hi)``: the schema's bounds as inclusive 64-bit ints, or None."""
    lo = hi = None
    for keyword, strict, lower in (("minimum", False, True), ("exclusiveMinimum", True, True), ("maximum", False, False), ("exclusiveMaximum", True, False)):
        bound = schema.get(keyword)
        if bound is None:
            continue
        if type(bound) not in (int, float) or not math.isfinite(bound):
            return None
        if lower:
            edge = math.floor(bound) + 1 if strict else math.ceil(bound)
            lo = edge if lo is None else max(lo, edge)
        else:
            edge = math.ceil(bound) - 1 if strict else math.floor(bound)
            hi = edge if hi is None else min(hi, edge)
    if any(b is not None and not -_I64 <= b <= _I64 for b in (lo, hi)):
        return None
    return ("int", lo, hi)


def number_bulk(schema: dict[str, Any]) -> tuple[Any, ...] | None:
    """``("number", lo, lo_excl, hi, hi_excl)`` with floats that hold the bounds exactly."""
    sides: list[Any] = []
    for inclusive, exclusive in (("minimum", "exclusiveMinimum"), ("maximum", "exclusiveMaximum")):
        if inclusive in schema and exclusive in schema:
            return None  # two bounds on one side: rare, the Python test serves
        keyword = exclusive if exclusive in schema else inclusive
        bound = schema.get(keyword)
        if bound is not None and (type(bound) not in (int, float) or not math.isfinite(bound) or float(bound) != bound):
            return None
        sides += [None if bound is None else float(bound), keyword == exclusive]
    return ("number", *sides)


def str_bulk(lo: Any, hi: Any) -> tuple[Any, ...] | None:
    if any(b is not None and (type(b) is not int or not 0 <= b <= _I64) for b in (lo, hi)):
        return None
    return ("str", lo, hi)


def array_bulk(item: tuple[Any, ...] | None, lo: Any, hi: Any) -> tuple[Any, ...] | None:
    if item is None or any(b is not None and (type(b) is not int or not 0 <= b <= _I64) for b in (lo, hi)):
        return None
    return ("array", item, lo, hi)


def nullable_bulk(inner: tuple[Any, ...] | None) -> tuple[Any, ...] | None:
    """Null or the inner value; not for text kinds, whose canonical test also refuses null words."""
    if inner is None or inner[0] in ("str", "enum"):
        return None
    return ("nullable", inner)


def object_bulk(fields: list[tuple[str, bool, tuple[Any, ...] | None]]) -> tuple[Any, ...] | None:
    if not fields or any(desc is None for _, _, desc in fields):
        return None
    return ("object", tuple(fields))


def _compiled(bulk: tuple[Any, ...] | None) -> Any:
    if _speedups is None or bulk is None:
        return None
    return _speedups.compile(bulk)


def bulk_check(bulk: tuple[Any, ...] | None) -> Callable[[Any], bool] | None:
    """The C test `check(value) -> bool` for a node's `bulk` description, or None."""
    spec = _compiled(bulk)
    return None if spec is None else spec.check  # a METH_O method: the cheapest call there is


def bulk_scanner(bulk: tuple[Any, ...] | None) -> Callable[[list[Any]], int] | None:
    """The C list scanner for an item node's `bulk` description, or None."""
    spec = _compiled(bulk)
    return None if spec is None else spec.scan
