"""`boolean`, `null`, `string`, `enum` and `const` nodes.

A string is a string: never stripped, lowercased or altered, except that the surrounding
whitespace of a *formatted* string (email, uri, hostname, ip, uuid) is not part of it.
Booleans have no `else -> False` branch: only the documented words are read.
"""

from __future__ import annotations

import ipaddress
import json
import math
import re
import uuid
from typing import Any

from .._errors import Correction
from ._base import (
    ABSENT,
    BAD,
    MAX_CORRECTIONS,
    MAX_PARSE_CHARS,
    Node,
    UserPattern,
    clean_text,
    closest,
    fail,
    is_null_word,
    json_key,
    plain_str,
)
from ._bulk import str_bulk
from ._numbers import parse_number_text
from ._uri import is_uri

__all__ = ["FORMAT_CHECKS", "boolean_node", "enum_node", "null_node", "string_node"]

_TRUE = frozenset({"true", "yes", "y", "on", "t", "1"})
_FALSE = frozenset({"false", "no", "n", "off", "f", "0"})
_BOOL_EXPECTED = "a boolean (true or false)"
#: the common spellings, looked up before any cleaning (the hot path for messy booleans)
_BOOL_EXACT = {
    spelling: word in _TRUE
    for word in _TRUE | _FALSE
    for spelling in (word, word.upper(), word.title())
}

_EMAIL = re.compile(r"[^@\s]+@[^@\s.]+(?:\.[^@\s.]+)+")
_HOST_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")


def _hostname(text: str) -> bool:
    if not text or len(text) > 253:
        return False
    labels = text[:-1].split(".") if text.endswith(".") else text.split(".")
    return all(
        0 < len(label) <= 63 and label[0] != "-" and label[-1] != "-" and _HOST_CHARS.issuperset(label)
        for label in labels
    )


def _ip(kind: type) -> Any:
    def check(text: str) -> bool:
        try:
            kind(text)
        except ValueError:
            return False
        return True

    return check


def _uuid(text: str) -> bool:
    try:
        uuid.UUID(text)
    except ValueError:
        return False
    return len(text) == 36 and all(text[i] == "-" for i in (8, 13, 18, 23))


#: format -> checker; only these formats are asserted (others are annotations).
FORMAT_CHECKS: dict[str, Any] = {
    "email": lambda t: len(t) <= 320 and _EMAIL.fullmatch(t) is not None,
    "idn-email": lambda t: len(t) <= 320 and _EMAIL.fullmatch(t) is not None,
    "uri": lambda t: len(t) <= 8192 and is_uri(t),
    "hostname": _hostname,
    "ipv4": _ip(ipaddress.IPv4Address),
    "ipv6": _ip(ipaddress.IPv6Address),
    "uuid": _uuid,
}
_FORMAT_NAMES = {"email": "an email address", "idn-email": "an email address", "uri": "an absolute URI", "hostname": "a hostname", "ipv4": "an IPv4 address", "ipv6": "an IPv6 address", "uuid": "a UUID"}


#: pattern pieces that can match a space (or hide one in a range): any of them, no split
_SPACE_CAPABLE = (" ", "\\s", ".", "[^", "\\W", "\\D", "\\x", "\\u", "\\U", "\\0", "\\p", "\\P", "\\N", "\\t", "\\b", "\\B")


def _excludes_spaces(pattern: str) -> bool:
    """A conservative test: an anchored pattern built only from pieces that cannot match a space."""
    return pattern.startswith("^") and pattern.endswith("$") and not any(p in pattern for p in _SPACE_CAPABLE)


def boolean_node(schema: dict[str, Any]) -> Node:
    def boolean(v: Any, path: str, errs: list[Correction]) -> Any:
        kind = type(v)
        if kind is str:  # "true", "yes": the common renderings first
            exact = _BOOL_EXACT.get(v)
            if exact is not None:
                return exact
        elif kind is bool:
            return v
        elif kind is int or kind is float:
            if v == 0 or v == 1:
                return v == 1
            return fail(errs, "TYPE_ERROR", path, _BOOL_EXPECTED, v, "Use true or false.")
        if v is None:
            return ABSENT
        text = plain_str(v)
        if text is not None and len(text) <= 40:
            word = clean_text(text).lower()
            if word in _TRUE:
                return True
            if word in _FALSE:
                return False
            if is_null_word(text):
                return ABSENT
        return fail(errs, "TYPE_ERROR", path, _BOOL_EXPECTED, v, "Use true or false.")

    boolean._aacl_text = "BOOLS.get(V)"  # type: ignore[attr-defined]  # read inline by `_objects`
    boolean._aacl_consts = {"BOOLS": _BOOL_EXACT}  # type: ignore[attr-defined]
    return Node(boolean, _BOOL_EXPECTED, fast="type(V) is bool", spaceless=True, bulk=("bool",))


def null_node(schema: dict[str, Any]) -> Node:
    def null(v: Any, path: str, errs: list[Correction]) -> Any:
        if is_null_word(v):
            return None
        return fail(errs, "TYPE_ERROR", path, "null", v)

    return Node(null, "null", fast="V is None", nullable=True, spaceless=True)


def _number_text(v: Any) -> str | None:
    """Exact decimal text of a JSON number given for a string field (zip code 94102)."""
    if type(v) is int:
        return str(v) if v.bit_length() < 10_000 else None
    if type(v) is float and math.isfinite(v):
        return str(int(v)) if v.is_integer() and abs(v) < 1e16 else repr(v)
    return None


def _unwrapped(s: str) -> str | None:
    """`s` without surrounding whitespace and one layer of quotes, or None if it has neither."""
    inner = s.strip()
    if len(inner) > 2 and inner[0] == inner[-1] and inner[0] in "'\"":
        inner = inner[1:-1].strip()
    return inner if inner != s else None


def string_node(schema: dict[str, Any], pattern: UserPattern | None) -> Node:
    lo, hi = schema.get("minLength"), schema.get("maxLength")
    fmt = schema.get("format")
    check_format = FORMAT_CHECKS.get(fmt) if isinstance(fmt, str) else None
    expected = _FORMAT_NAMES[fmt] if check_format else "a string"
    if lo is not None or hi is not None:
        expected += f" of {lo or 0} to {hi} characters" if hi is not None else f" of at least {lo} characters"
    if pattern is not None:
        expected += f" matching {json.dumps(pattern.pattern)[:120]}"

    def string(v: Any, path: str, errs: list[Correction]) -> Any:
        kind = type(v)
        if kind is str:
            s = v
        elif v is None:
            return ABSENT
        elif kind is bool:
            return fail(errs, "TYPE_ERROR", path, expected, v)
        elif issubclass(kind, str):
            s = str.__str__(v)
        else:
            text = _number_text(v)
            if text is None:
                return fail(errs, "TYPE_ERROR", path, expected, v)
            s = text
        if check_format is not None:
            stripped = s.strip()
            inner = _unwrapped(s)
            if inner is not None and inner != stripped and check_format(inner):
                # one layer of quotes (JSON encoded twice): '"a@b.com"' passes a lenient
                # email check, but the address meant is the one inside
                stripped = inner
            if not check_format(stripped):
                if is_null_word(s):
                    return ABSENT
                return fail(errs, "INVALID_FORMAT", path, expected, v)
            s = stripped if len(stripped) != len(s) else s
        if lo is not None and len(s) < lo:
            return fail(errs, "TOO_SHORT", path, expected, v, f"Send at least {lo} characters.")
        if hi is not None and len(s) > hi:
            return fail(errs, "TOO_LONG", path, expected, v, f"Send at most {hi} characters; the text is never cut.")
        if pattern is not None:
            if len(s) > MAX_PARSE_CHARS:
                return fail(errs, "TOO_LONG", path, expected, v, f"Patterns are checked on at most {MAX_PARSE_CHARS} characters.")
            try:
                found = pattern.search(s)
            except TimeoutError:
                return fail(errs, "PATTERN_MISMATCH", path, expected, v, "The value could not be checked against the pattern in time; send a shorter value that matches it.")
            if found is None:
                inner = _unwrapped(s)  # padded or quoted (JSON encoded twice) where the pattern fixes the value
                if inner is None or pattern.search(inner) is None:
                    return fail(errs, "PATTERN_MISMATCH", path, expected, v)
                s = inner
                if lo is not None and len(s) < lo:
                    return fail(errs, "TOO_SHORT", path, expected, v, f"Send at least {lo} characters.")
        return s

    fast = None
    if check_format is None and pattern is None:
        fast = "type(V) is str"
        if lo is not None:
            fast += f" and {int(lo)} <= len(V)"
        if hi is not None:
            fast += f" and len(V) <= {int(hi)}"
    spaceless = check_format is not None or (pattern is not None and _excludes_spaces(pattern.pattern))
    bulk = None if fast is None else str_bulk(lo, hi)
    return Node(string, expected, fast=fast, takes_text=check_format is None, spaceless=spaceless, bulk=bulk)


def _describe_values(values: list[Any]) -> str:
    shown = json.dumps(values, ensure_ascii=True)
    if len(shown) > 300:
        shown = shown[:290].rsplit(",", 1)[0] + ", ...]"
    return f"one of {shown}"


def enum_node(values: list[Any], synonyms: dict[str, list[str]], *, code: str = "INVALID_ENUM") -> Node:
    """Exact, then case-insensitive (when unambiguous), then synonyms, then numeric text."""
    strings = frozenset(v for v in values if type(v) is str)
    numbers = [v for v in values if type(v) in (int, float)]
    bools = [v for v in values if type(v) is bool]
    structured = {json_key(v) for v in values if type(v) in (list, dict)}
    has_null = None in values
    folded: dict[str, list[str]] = {}
    for member in strings:
        folded.setdefault(member.casefold(), []).append(member)
    aliases = {word.casefold(): target for target, words in synonyms.items() for word in words}
    suggest = {**{k: v[0] for k, v in folded.items()}, **aliases}
    expected = _describe_values(values) if code == "INVALID_ENUM" else f"exactly {_describe_values(values)[8:-1]}"
    hint = "Retry with one of the expected values." if code == "INVALID_ENUM" else "Retry with the expected value."

    def reject(v: Any, path: str, errs: list[Correction], text: str | None) -> Any:
        if len(errs) >= MAX_CORRECTIONS:  # the call already fails; bound its cost
            return BAD
        guess = closest(text, suggest) if text is not None else None
        prefix = f'Did you mean "{guess}"? ' if guess is not None else ""
        return fail(errs, code, path, expected, v, prefix + hint)

    def enum(v: Any, path: str, errs: list[Correction]) -> Any:
        kind = type(v)
        if kind is str and v in strings:
            return v
        if kind is bool:
            return v if v in bools else reject(v, path, errs, None)
        if kind is int or kind is float:
            return v if v in numbers else reject(v, path, errs, None)
        if v is None:
            return None if has_null else ABSENT
        if kind is list or kind is dict:
            return v if json_key(v) in structured else reject(v, path, errs, None)
        text = plain_str(v)
        if text is None:
            return reject(v, path, errs, None)
        if len(text) > 200:
            return reject(v, path, errs, text)
        word = clean_text(text)
        if word in strings:
            return word
        matches = folded.get(word.casefold())
        if matches is not None:
            if len(matches) == 1:
                return matches[0]
            return fail(errs, "AMBIGUOUS_VALUE", path, expected, v, "Send the value with its exact capitalisation.")
        target = aliases.get(word.casefold())
        if target is not None:
            return target
        if numbers:
            number, _, _ = parse_number_text(word, integer=False)
            if number is not None and number in numbers:
                return numbers[numbers.index(number)]
        if is_null_word(text):
            return None if has_null else ABSENT
        return reject(v, path, errs, word)

    fast = "type(V) is str and V in C" if strings and len(strings) == len(values) else None
    spaceless = all(not any(ch.isspace() for ch in s) for s in strings)
    bulk = None if fast is None else ("enum", strings)  # already a frozenset of exact strs
    return Node(enum, expected, fast=fast, consts={"C": strings}, nullable=has_null, spaceless=spaceless, bulk=bulk)


__all__ += ["BAD"]
