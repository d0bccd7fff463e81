"""Model-style renderings of scalars: booleans, numbers, null, enums, plain strings.

Every function returns `(family, rendered, ambiguous)` triples whose rendered value the
normalisation table (docs/reference/normalisation.md) reads back as exactly the given value.  A
rendering that would itself be a valid value of the field (and so pass unchanged) is never
produced: renderings change the JSON type, or fall outside the enum.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from .families import Family as F

__all__ = ["NULL_WORDS", "Rendering", "booleans", "enums", "null_words", "numbers", "strings", "wrapped"]



class Rendering(NamedTuple):
    """One way to write a value: the family, what is sent, and whether a correction is
    as acceptable as the intended value (an order the boundary cannot tell)."""

    family: str
    rendered: Any
    ambiguous: bool

#: The words the boundary reads as null (any case, surrounding whitespace).
NULL_WORDS = ("null", "", "None", "none", "NULL", "nil", "n/a", "N/A", "na", "undefined", " null ")

_TRUE_WORDS = ("True", "TRUE", "yes", "Yes", "YES", "y", "Y", "on", "On", "t", "T")
_FALSE_WORDS = ("False", "FALSE", "no", "No", "NO", "n", "N", "off", "Off", "f", "F")
_PADS = ((" ", ""), ("", " "), (" ", " "), ("\t", "\n"))
_FORMATS_STRIPPED = frozenset({"email", "uri", "hostname", "ipv4", "uuid"})

_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
         "fourteen fifteen sixteen seventeen eighteen nineteen").split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def _quoted(text: str) -> list[Rendering]:
    return [(F.QUOTED_SCALAR, f'"{text}"', False), (F.QUOTED_SCALAR, f"'{text}'", False)]


def booleans(value: bool) -> list[Rendering]:
    word = "true" if value else "false"
    out: list[Rendering] = [(F.BOOL_STRING, word, False)]
    out += [(F.BOOL_WORDS, w, False) for w in (_TRUE_WORDS if value else _FALSE_WORDS)]
    out += [(F.BOOL_NUMERIC, int(value), False), (F.BOOL_NUMERIC, str(int(value)), False),
            (F.BOOL_NUMERIC, float(value), False)]
    out += [(F.BOOL_PADDED, f"{a}{w}{b}", False) for a, b in _PADS for w in (word, "yes" if value else "no")]
    return out + _quoted(word)


def number_words(value: int) -> list[str]:
    """5 -> ["five", "Five", "FIVE"]; 21 -> both "twenty-one" and "twenty one"; -100..100 only."""
    if not -100 <= value <= 100:
        return []
    if value < 0:
        return [f"minus {w}" for w in number_words(-value)[:1]]
    if value == 100:
        base = ["one hundred"]
    elif value < 20:
        base = [_ONES[value]]
    elif value % 10 == 0:
        base = [_TENS[value // 10]]
    else:
        tens, ones = _TENS[value // 10], _ONES[value % 10]
        base = [f"{tens}-{ones}", f"{tens} {ones}"]
    return [*base, base[0].capitalize(), base[0].upper()]


def _integer(value: int) -> list[Rendering]:
    text = str(value)
    digits = str(abs(value))
    sign = "-" if value < 0 else ""
    out: list[Rendering] = [(F.INT_STRING, text, False)]
    if value >= 0:
        out.append((F.INT_PLUS_SIGN, f"+{text}", False))
    out += [(F.INT_LEADING_ZEROS, f"{sign}0{digits}", False), (F.INT_LEADING_ZEROS, f"{sign}00{digits}", False)]
    out += [(F.INT_DECIMAL_FORM, f"{text}.0", False), (F.INT_DECIMAL_FORM, f"{text}.00", False)]
    out += [(F.INT_PADDED, f"{a}{text}{b}", False) for a, b in _PADS]
    stripped = digits.rstrip("0")
    zeros = len(digits) - len(stripped)
    if value and zeros >= 2 and abs(value) < 10**15:
        out.append((F.INT_EXPONENT, f"{sign}{stripped}e{zeros}", False))
        out.append((F.INT_EXPONENT, f"{sign}{stripped}E{zeros}", False))
    if abs(value) >= 1000:
        groups = f"{abs(value):,}"
        out += [(F.INT_THOUSANDS, sign + groups.replace(",", sep), False) for sep in (",", " ", "_")]
    out += [(F.INT_WORDS, w, False) for w in number_words(value)]
    return out + _quoted(text)


def _float(value: float) -> list[Rendering]:
    text = repr(value)
    out: list[Rendering] = [(F.NUM_STRING, text, False)]
    if "e" not in text and "." in text:
        whole, frac = text.lstrip("-").split(".")
        sign = "-" if text.startswith("-") else ""
        if whole == "0":
            out.append((F.NUM_STRING, f"{sign}.{frac}", False))
        exp = _exponent_form(sign, whole, frac)
        if exp is not None and float(exp) == value:
            out.append((F.NUM_EXPONENT, exp, False))
        if abs(value) >= 1000:
            out.append((F.NUM_THOUSANDS, f"{sign}{int(whole):,}.{frac}", False))
    out += [(F.NUM_PADDED, f"{a}{text}{b}", False) for a, b in _PADS]
    return out + _quoted(text)


def _exponent_form(sign: str, whole: str, frac: str) -> str | None:
    digits = (whole + frac).lstrip("0")
    if not digits:
        return None
    point = len(whole) - ((len(whole) + len(frac)) - len(digits)) if whole != "0" else -(len(frac) - len(digits))
    mantissa = digits.rstrip("0") or "0"
    exponent = point - 1
    body = mantissa[0] + ("." + mantissa[1:] if len(mantissa) > 1 else "")
    return f"{sign}{body}e{exponent}"


def numbers(value: int | float, integer_field: bool) -> list[Rendering]:
    """An integer or number field's value; integral numbers also get the integer families."""
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        # a number field is read as a float: beyond 2**53 the integer forms would round
        out = _integer(value)
        if integer_field and abs(value) < 2**53:
            out.insert(1, (F.INT_INTEGRAL_FLOAT, float(value), False))
        return out
    if integer_field or value.is_integer():
        out = _integer(int(value)) if value.is_integer() and abs(value) < 2**53 else []
        return out if integer_field else out + _float(value)
    return _float(value)


def null_words() -> list[Rendering]:
    return [(F.NULL_WORDS, w, False) for w in NULL_WORDS]


def enums(value: Any, allowed: tuple[Any, ...], synonyms: dict[str, list[str]]) -> list[Rendering]:
    """Renderings of one enum member that still single out that member."""
    if isinstance(value, bool) or value is None:
        return []
    if isinstance(value, (int, float)):
        return [(F.ENUM_NUMERIC_STRING, repr(value) if isinstance(value, float) else str(value), False)]
    if not isinstance(value, str):
        return []
    strings = [v for v in allowed if isinstance(v, str)]
    folded = {v.casefold() for v in strings}
    out: list[Rendering] = []
    if value.isascii() and sum(1 for v in strings if v.casefold() == value.casefold()) == 1:
        variants = dict.fromkeys((value.upper(), value.lower(), value.title(), value.capitalize()))
        out += [(F.ENUM_CASE, v, False) for v in variants if v != value and v not in strings]
    unpadded = all(v == v.strip() for v in strings)
    if unpadded and value:
        out += [(F.ENUM_PADDING, f"{a}{value}{b}", False) for a, b in _PADS]
        if not value.startswith(("'", '"')) and not value.endswith(("'", '"')):
            out += [(F.ENUM_QUOTED, f'"{value}"', False), (F.ENUM_QUOTED, f"'{value}'", False)]
    owners: dict[str, set[str]] = {}
    for owner, names in synonyms.items():
        for name in names if isinstance(names, list) else []:
            if isinstance(name, str):
                owners.setdefault(name.casefold(), set()).add(owner)
    for name in synonyms.get(value, []):
        if isinstance(name, str) and name.casefold() not in folded and owners[name.casefold()] == {value}:
            out.append((F.ENUM_SYNONYM, name, False))
    return out


_INT_TEXT = re.compile(r"-?(?:0|[1-9][0-9]*)")
_FLOAT_TEXT = re.compile(r"-?(?:0|[1-9][0-9]*)\.[0-9]+")


#: formats whose values never begin or end with a quote or a space (email: see `wrapped`)
_FORMATS_BARE = (_FORMATS_STRIPPED - {"email"}) | {"date", "date-time", "time"}


def wrapped(value: str, node: Any) -> list[Rendering]:
    """A string no quote or space can begin or end (a date, a uuid, a value its pattern
    fixes) sent padded or inside quotes, as a client that encodes JSON twice sends it: only
    one reading means a value of the field.  `strings` already pads the stripped formats."""
    pattern = node.schema.get("pattern")
    if not value or value != value.strip() or value[0] in "'\"" or value[-1] in "'\"" or node.fmt == "email":
        return []  # an email may begin with a quote ("john doe"@example.com), and lenient checks pass it
    padded = [] if node.fmt in _FORMATS_STRIPPED else [(F.STRING_FORMAT_PADDED, f"{a}{value}{b}", False) for a, b in _PADS]
    out = padded + _quoted(value)
    if node.fmt in _FORMATS_BARE:
        return out
    if not isinstance(pattern, str):
        return []
    try:  # a pattern that also matches the wrapped text leaves the quotes or spaces meaning
        compiled = re.compile(pattern)
        if compiled.search(value) is None:
            return []
        return [r for r in out if compiled.search(r[1]) is None]
    except (re.error, RecursionError):
        return []


def strings(value: str, fmt: str | None) -> list[Rendering]:
    """A plain string field: a numeric string sent as a number; a formatted one padded."""
    if fmt in _FORMATS_STRIPPED:
        if value and value == value.strip():
            return [(F.STRING_FORMAT_PADDED, f"{a}{value}{b}", False) for a, b in _PADS]
        return []
    if fmt is not None:
        return []
    if _INT_TEXT.fullmatch(value) and len(value) < 300 and str(int(value)) == value:
        return [(F.STRING_FROM_NUMBER, int(value), False)]
    # "5.0" sent as 5.0 is not a rendering: JSON readers (JavaScript's among them) see 5
    if _FLOAT_TEXT.fullmatch(value) and len(value) < 30 and repr(float(value)) == value and not float(value).is_integer():
        return [(F.STRING_FROM_NUMBER, float(value), False)]
    return []
