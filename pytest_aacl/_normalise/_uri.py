"""`format: uri`: the RFC 3986 `URI` rule (appendix A), as one self-contained expression.

jsonschema's format checker uses `rfc3986-validator` (or `rfc3987`) when one is installed
and accepts anything when neither is; the boundary must not depend on what happens to be
installed, so the grammar is written out here.  Every repetition is delimited by a
character the next piece cannot start with, so matching stays polynomial (the input is
also capped at 8192 characters by the caller).
"""

from __future__ import annotations

import functools
import re

__all__ = ["is_uri"]

_UNRESERVED = r"A-Za-z0-9\-._~"
_SUB_DELIMS = r"!$&'()*+,;="
_PCT = r"%[0-9A-Fa-f]{2}"
_PCHAR = rf"(?:[{_UNRESERVED}{_SUB_DELIMS}:@]|{_PCT})"
_DEC_OCTET = r"(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])"
_IPV4 = rf"{_DEC_OCTET}(?:\.{_DEC_OCTET}){{3}}"
_H16 = r"[0-9A-Fa-f]{1,4}"
_LS32 = rf"(?:{_H16}:{_H16}|{_IPV4})"
_IPV6 = "|".join((
    rf"(?:{_H16}:){{6}}{_LS32}",
    rf"::(?:{_H16}:){{5}}{_LS32}",
    rf"(?:{_H16})?::(?:{_H16}:){{4}}{_LS32}",
    rf"(?:(?:{_H16}:){{0,1}}{_H16})?::(?:{_H16}:){{3}}{_LS32}",
    rf"(?:(?:{_H16}:){{0,2}}{_H16})?::(?:{_H16}:){{2}}{_LS32}",
    rf"(?:(?:{_H16}:){{0,3}}{_H16})?::{_H16}:{_LS32}",
    rf"(?:(?:{_H16}:){{0,4}}{_H16})?::{_LS32}",
    rf"(?:(?:{_H16}:){{0,5}}{_H16})?::{_H16}",
    rf"(?:(?:{_H16}:){{0,6}}{_H16})?::",
))
_IP_LITERAL = rf"\[(?:{_IPV6}|[vV][0-9A-Fa-f]+\.[{_UNRESERVED}{_SUB_DELIMS}:]+)\]"
_REG_NAME = rf"(?:[{_UNRESERVED}{_SUB_DELIMS}]|{_PCT})*"
_USERINFO = rf"(?:[{_UNRESERVED}{_SUB_DELIMS}:]|{_PCT})*"
_AUTHORITY = rf"(?:{_USERINFO}@)?(?:{_IP_LITERAL}|{_REG_NAME})(?::[0-9]*)?"
_SEGMENT_NZ = rf"{_PCHAR}+"
_HIER_PART = (rf"(?://{_AUTHORITY}(?:/{_PCHAR}*)*"  # authority path-abempty
              rf"|/(?:{_SEGMENT_NZ}(?:/{_PCHAR}*)*)?"  # path-absolute
              rf"|{_SEGMENT_NZ}(?:/{_PCHAR}*)*"  # path-rootless
              r"|)")  # path-empty
_TAIL = rf"(?:{_PCHAR}|[/?])*"
_URI = rf"[A-Za-z][A-Za-z0-9+\-.]*:{_HIER_PART}(?:\?{_TAIL})?(?:#{_TAIL})?"


@functools.cache
def _compiled() -> re.Pattern[str]:  # compiling takes ~0.5 s: only when a uri is checked
    return re.compile(_URI)


def is_uri(text: str) -> bool:
    """Whether `text` is an absolute URI per RFC 3986 (`scheme ":" hier-part [?query] [#fragment]`)."""
    return _compiled().fullmatch(text) is not None
