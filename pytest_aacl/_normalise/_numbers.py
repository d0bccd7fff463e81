"""`integer` and `number` nodes: the numeric renderings models emit, read without guessing.

Only ASCII digits are read: Arabic-Indic, fullwidth and other Unicode digits are a
`TYPE_ERROR` (Python's `int()` would accept them; a boundary should not silently).
Thousands separators must form groups of exactly three; a comma that could be a decimal
comma is `AMBIGUOUS_VALUE`.  All patterns are anchored, have no nested quantifiers, and
only ever see text shorter than `MAX_SCALAR_CHARS`.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from .._errors import Correction
from ._base import ABSENT, BAD, MAX_SCALAR_CHARS, Node, clean_text, fail, is_null_word
from ._bulk import int_bulk, number_bulk

__all__ = ["integer_node", "number_node", "parse_number_text"]

_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?", re.ASCII)
_GROUPED = tuple(
    re.compile(rf"[+-]?\d{{1,3}}(?:{sep}\d{{3}})+(?:\.\d+)?", re.ASCII) for sep in (",", " ", "_")
)
_DECIMAL_COMMA = re.compile(r"[+-]?\d+,\d+", re.ASCII)
_THREE_DECIMALS = re.compile(r"[+-]?\d{1,3}\.\d{3}", re.ASCII)
_MAX_EXPONENT = 400


def _number_words() -> dict[str, int]:
    ones = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
    tens = "twenty thirty forty fifty sixty seventy eighty ninety".split()
    words = {word: n for n, word in enumerate(ones)}
    for i, ten in enumerate(tens):
        words[ten] = 20 + 10 * i
        for unit in range(1, 10):
            words[f"{ten} {ones[unit]}"] = 20 + 10 * i + unit
    words["one hundred"] = words["hundred"] = words["a hundred"] = 100
    return words


_WORDS = _number_words()


def _read_words(text: str) -> int | None:
    words = " ".join(text.lower().replace("-", " ").split())
    sign = 1
    for prefix in ("minus ", "negative "):
        if words.startswith(prefix):
            sign, words = -1, words[len(prefix) :]
    value = _WORDS.get(words)
    return None if value is None else sign * value


def parse_number_text(text: str, *, integer: bool) -> tuple[int | float | None, str, str | None]:
    """Read one number from model text: `(value, "", None)` or `(None, code, hint)`."""
    text = clean_text(text)
    if len(text) > MAX_SCALAR_CHARS:
        return None, "TYPE_ERROR", "Send the number as a JSON number."
    if not text.isascii():
        if any(ch.isdigit() for ch in text):
            return None, "TYPE_ERROR", "Write the number with ASCII digits 0-9."
        return None, "TYPE_ERROR", None
    if text.isdigit():
        return int(text), "", None
    if text[:1].isalpha():
        word = _read_words(text)
        return (word, "", None) if word is not None else (None, "TYPE_ERROR", None)
    if ("," in text or " " in text or "_" in text) and any(g.fullmatch(text) for g in _GROUPED):
        text = text.replace(",", "").replace(" ", "").replace("_", "")
    elif "," in text:
        if not integer and _DECIMAL_COMMA.fullmatch(text):
            return None, "AMBIGUOUS_VALUE", 'Use a decimal point ("3.5") or no separator ("3500").'
        return None, "TYPE_ERROR", "Write the number without commas, e.g. 1000 or 3.5."
    if not _NUMBER.fullmatch(text):
        return None, "TYPE_ERROR", None
    if "." not in text and "e" not in text and "E" not in text:
        return int(text), "", None
    if integer and _THREE_DECIMALS.fullmatch(text):  # "1.000": one, or a thousand in German?
        return None, "AMBIGUOUS_VALUE", 'Send the whole number without separators (1000, not "1.000").'
    try:
        exact = Decimal(text)
    except (InvalidOperation, ValueError):  # pragma: no cover - the regex already rules these out
        return None, "TYPE_ERROR", None
    if exact and abs(exact.adjusted()) > _MAX_EXPONENT:
        return None, "OUT_OF_RANGE", "Send a number of reasonable magnitude."
    if not integer:
        value = float(text)
        if not math.isfinite(value) or (value == 0.0 and exact != 0):
            return None, "OUT_OF_RANGE", "Send a number of reasonable magnitude."
    if (integer or "e" not in text.lower()) and exact == exact.to_integral_value():
        return int(exact), "", None  # "…001.00" stays …001 beyond 2**53; exponents read as JSON does
    if integer:
        return None, "TYPE_ERROR", "Send a whole number."
    return value, "", None


def _bounds(schema: dict[str, Any], integer: bool) -> tuple[str, list[tuple[str, Any]]]:
    """The expected-value text and the checks (keyword, limit) of a numeric schema."""
    checks = [(k, schema[k]) for k in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf") if k in schema]
    noun = "an integer" if integer else "a number"
    lo, hi = schema.get("minimum"), schema.get("maximum")
    parts = []
    if lo is not None and hi is not None:
        parts.append(f"between {lo} and {hi}")
    elif lo is not None:
        parts.append(f">= {lo}")
    elif hi is not None:
        parts.append(f"<= {hi}")
    if "exclusiveMinimum" in schema:
        parts.append(f"> {schema['exclusiveMinimum']}")
    if "exclusiveMaximum" in schema:
        parts.append(f"< {schema['exclusiveMaximum']}")
    if "multipleOf" in schema:
        parts.append(f"a multiple of {schema['multipleOf']}")
    return " ".join([noun, " and ".join(parts)]).strip(), checks


def _not_multiple(value: int | float, step: int | float) -> bool:
    """jsonschema's own multipleOf test, so debug re-validation always agrees."""
    if isinstance(step, float):
        try:
            quotient = value / step
            return int(quotient) != quotient
        except OverflowError:
            return (Fraction(value) / Fraction(step)).denominator != 1
    return bool(value % step)


def _range_check(checks: list[tuple[str, Any]], expected: str):
    def check(n: int | float, original: Any, path: str, errs: list[Correction]) -> bool:
        for keyword, limit in checks:
            if keyword == "multipleOf":
                if _not_multiple(n, limit):
                    fail(errs, "NOT_MULTIPLE", path, expected, original, f"Send a multiple of {limit}; values are never rounded.")
                    return False
            elif (
                (keyword == "minimum" and n < limit)
                or (keyword == "maximum" and n > limit)
                or (keyword == "exclusiveMinimum" and n <= limit)
                or (keyword == "exclusiveMaximum" and n >= limit)
            ):
                fail(errs, "OUT_OF_RANGE", path, expected, original, "Send a value within the bounds; values are never clamped.")
                return False
        return True

    return check


def _fast_test(schema: dict[str, Any], kind: str) -> str:
    parts = [kind]
    for keyword, op in (("minimum", "<="), ("exclusiveMinimum", "<")):
        if keyword in schema:
            parts.append(f"{schema[keyword]!r} {op} V")
    for keyword, op in (("maximum", "<="), ("exclusiveMaximum", "<")):
        if keyword in schema:
            parts.append(f"V {op} {schema[keyword]!r}")
    return " and ".join(parts)


def integer_node(schema: dict[str, Any]) -> Node:
    expected, checks = _bounds(schema, integer=True)
    in_range = _range_check(checks, expected)
    lo, hi = schema.get("minimum"), schema.get("maximum")
    simple = bool(checks) and all(k in ("minimum", "maximum") for k, _ in checks)  # inline the common case

    def integer(v: Any, path: str, errs: list[Correction]) -> Any:
        kind = type(v)
        if kind is str and len(v) < 100 and v.isdigit() and v.isascii():  # "5": the common rendering
            n = int(v)
        elif kind is int:
            n = v
        elif kind is float:
            if not math.isfinite(v) or not v.is_integer():
                return fail(errs, "TYPE_ERROR", path, expected, v, "Send a whole number." if math.isfinite(v) else None)
            n = int(v)
        elif kind is bool or v is None:
            return ABSENT if v is None else fail(errs, "TYPE_ERROR", path, expected, v)
        elif issubclass(kind, str):
            n, code, hint = parse_number_text(str.__str__(v), integer=True)
            if n is None:
                return ABSENT if is_null_word(v) else fail(errs, code, path, expected, v, hint)
        elif issubclass(kind, int) and not issubclass(kind, bool):
            n = int.__int__(v)
        else:
            return fail(errs, "TYPE_ERROR", path, expected, v)
        if simple:
            if (lo is None or n >= lo) and (hi is None or n <= hi):
                return n
        elif not checks:
            return n
        return n if in_range(n, v, path, errs) else BAD

    fast = None if "multipleOf" in schema else _fast_test(schema, "type(V) is int")
    if not checks or simple:  # digit text read inline by generated object code (`_objects`)
        bounds = "".join(f" and {limit!r} {op} N" if op == "<=" else f" and N <= {limit!r}" for limit, op in ((lo, "<="), (hi, ">=")) if limit is not None)
        integer._aacl_text = f"(N if len(V) < 100 and V.isdigit() and V.isascii() and ((N := int(V)) or True){bounds} else None)"  # type: ignore[attr-defined]
    return Node(integer, expected, fast=fast, spaceless=True, numeric=True, bulk=None if fast is None else int_bulk(schema))


def number_node(schema: dict[str, Any]) -> Node:
    expected, checks = _bounds(schema, integer=False)
    in_range = _range_check(checks, expected)

    def number(v: Any, path: str, errs: list[Correction]) -> Any:
        kind = type(v)
        if kind is int or kind is float:
            if kind is float and not math.isfinite(v):
                return fail(errs, "TYPE_ERROR", path, expected, v, "NaN and infinities are not numbers here.")
            n = v
        elif kind is bool or v is None:
            return ABSENT if v is None else fail(errs, "TYPE_ERROR", path, expected, v)
        elif issubclass(kind, str):
            n, code, hint = parse_number_text(str.__str__(v), integer=False)
            if n is None:
                return ABSENT if is_null_word(v) else fail(errs, code, path, expected, v, hint)
        elif issubclass(kind, int) and not issubclass(kind, bool):
            n = int.__int__(v)
        elif issubclass(kind, float):
            n = float.__float__(v)
            if not math.isfinite(n):
                return fail(errs, "TYPE_ERROR", path, expected, v)
        else:
            return fail(errs, "TYPE_ERROR", path, expected, v)
        if checks and not in_range(n, v, path, errs):
            return BAD
        return n

    fast = None if "multipleOf" in schema else _fast_test(schema, "(type(V) is int or (type(V) is float and V - V == 0.0))")
    return Node(number, expected, fast=fast, spaceless=True, numeric=True, bulk=None if fast is None else number_bulk(schema))
