"""The format checker for checking drawn values: jsonschema's, with IRIs checked fast.

jsonschema checks `iri` and `iri-reference` with `rfc3987_syntax`, an Earley parser that
takes 0.1-0.2 s per string: on cyclonedx's BOM schemas it was a third of the time to the
first example.  RFC 3987 (section 3.1) maps an IRI to a URI by percent-encoding its
non-ASCII characters, and the IRI is well formed when the URI is, provided those
characters are in `ucschar` or `iprivate`: that check is a regular expression (the same
`rfc3986_validator` jsonschema uses for `uri`).  It is one rule looser than RFC 3987
(`iprivate` is allowed outside the query too); the values checked here were drawn by a
format-aware strategy, so this is a safety net, not the oracle.  A string with an IP
literal still goes to the parser, which refuses `http://[::1]/` where RFC 3986 allows it.
"""

from __future__ import annotations

from functools import cache
from typing import Any

__all__ = ["format_checker"]

#: RFC 3987's `ucschar` and `iprivate` ranges
_ALLOWED = ((0xA0, 0xD7FF), (0xE000, 0xF8FF), (0xF900, 0xFDCF), (0xFDF0, 0xFFEF),
            *((0x10000 * p, 0x10000 * p + 0xFFFD) for p in range(1, 17)))


def _as_uri(text: str) -> str | None:
    """RFC 3987's mapping of an IRI to a URI, or None for a character it does not allow."""
    if text.isascii():
        return text
    out = []
    for ch in text:
        code = ord(ch)
        if code < 0x80:
            out.append(ch)
        elif any(lo <= code <= hi for lo, hi in _ALLOWED):
            out.append("".join(f"%{b:02X}" for b in ch.encode("utf-8")))
        else:
            return None
    return "".join(out)


@cache
def format_checker(cls: Any) -> Any:
    """`cls.FORMAT_CHECKER`, with `iri`/`iri-reference` checked through their URI mapping
    when jsonschema can check `uri`/`uri-reference` (otherwise unchanged)."""
    base = cls.FORMAT_CHECKER
    if not {"iri", "uri"} <= set(base.checkers):
        return base
    import jsonschema

    fast = jsonschema.FormatChecker(formats=())
    fast.checkers = dict(base.checkers)
    for iri, uri in (("iri", "uri"), ("iri-reference", "uri-reference")):
        if iri in base.checkers and uri in base.checkers:
            fast.checkers[iri] = (_mapped(base, uri), ())
    return fast


def _mapped(base: Any, uri: str) -> Any:
    def check(instance: object) -> bool:
        if not isinstance(instance, str):
            return True
        if "[" in instance:  # an IP literal: rfc3987_syntax refuses `[::1]`; agree with it
            return bool(base.conforms(instance, "iri" if uri == "uri" else "iri-reference"))
        mapped = _as_uri(instance)
        return mapped is not None and bool(base.conforms(mapped, uri))

    return check
