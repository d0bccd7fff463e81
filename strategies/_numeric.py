"""Integers and numbers inside bounds and `multipleOf`, small magnitudes first.

Float `multipleOf` is exact: an integer multiple of p/q (lowest terms) is a multiple of p,
and every candidate is re-checked by jsonschema's own float arithmetic, which is what a
validator downstream will apply.  Values stay finite floats so no validator overflows.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import jsonschema
from hypothesis import strategies as st

from ._hjs import get_integer_bounds, get_number_bounds

__all__ = ["integers", "numbers"]

_V7 = jsonschema.Draft7Validator


def _check(schema: Any) -> Any:
    return _V7(schema, format_checker=_V7.FORMAT_CHECKER).is_valid


def _without(s: dict[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in s.items() if k != key}


def integers(s: dict[str, Any]) -> st.SearchStrategy[int]:
    lo, hi = get_integer_bounds(s)
    step = s.get("multipleOf")
    if step is not None:
        exact = Fraction(str(step)) if isinstance(step, float) else Fraction(step)
        unit = exact.numerator  # n / (p/q) is whole exactly when p divides n
        first = None if lo is None else -(-lo // unit)
        last = None if hi is None else hi // unit
        if first is not None and last is not None and first > last:
            return st.nothing()
        check = _safe(_check({"multipleOf": step}))
        # validators divide in floats: keep every multiple a finite float
        cap = min(10**6, 10**300 // unit)
        first, last = max(first, -cap) if first is not None else -cap, min(last, cap) if last is not None else cap
        if first > last:
            return st.nothing()
        return _small_first(first, last).map(lambda k: k * unit).filter(check)
    return _small_first(lo, hi)


def _small_first(lo: int | None, hi: int | None) -> st.SearchStrategy[int]:
    """Integers in [lo, hi], small magnitudes more often (what a tool call carries)."""
    if lo is not None and hi is not None and lo > hi:
        return st.nothing()
    small_lo = max(lo, -100) if lo is not None else -100
    small_hi = min(hi, 1000) if hi is not None else 1000
    wide = st.integers(lo, hi)
    return st.integers(small_lo, small_hi) | wide if small_lo <= small_hi else wide


def numbers(s: dict[str, Any]) -> st.SearchStrategy[float]:
    step = s.get("multipleOf")
    if step is not None:
        lo, hi, _xlo, _xhi = get_number_bounds(s)
        exact = Fraction(str(step))
        first = None if lo is None else math.ceil(Fraction(lo) / exact)
        last = None if hi is None else math.floor(Fraction(hi) / exact)
        if first is not None and last is not None and first > last:
            return st.nothing()
        check = _safe(_check(_without(s, "type")))
        return _small_first(first, last).map(lambda k: _tidy(k * exact)).filter(check)
    lo, hi, xlo, xhi = get_number_bounds(s)
    if lo is not None and hi is not None and (lo > hi or (lo == hi and (xlo or xhi))):
        return st.nothing()
    floats = st.floats(lo, hi, exclude_min=xlo, exclude_max=xhi, allow_nan=False,
                       allow_infinity=False).map(lambda x: x if x != 0 else 0.0)
    inside = _check({k: v for k, v in s.items() if k in (
        "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")})
    cents = _small_first(None if lo is None else math.floor(lo * 100), None if hi is None else math.ceil(hi * 100))
    tidy = cents.map(lambda n: n / 100 if n % 100 else n // 100).filter(inside)
    return tidy | floats


def _safe(check: Any) -> Any:
    """A validity check that calls a value it cannot compute with (float overflow) invalid."""
    def safe(value: Any) -> bool:
        try:
            return bool(check(value))
        except (OverflowError, ValueError):
            return False

    return safe


def _tidy(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)
