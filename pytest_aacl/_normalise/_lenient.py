"""The lenient reader for raw argument strings (`Tool.invoke('{"query": ...}')`).

Models send the arguments of a call as text.  What any careful reader would agree on is
read: nothing (`""`, `null`) as no arguments, strict JSON (at any length), then a Markdown fence around the object, prose
around exactly one object, trailing commas, single-quoted strings, Python's `True`,
`False`, `None`, `//`, `/* */` and `#` comments, and JSON encoded twice.  Text that is
cut short, holds two values, or is anything else is a correction: nothing is ever
closed, completed or guessed.

Hand-written rather than json-repair: a repair library's job is to turn broken text
into *some* value (it closes what a truncated call left open, which silently turns a
cut call into a different one).  This reader only drops noise that carries no meaning,
then hands the result to the strict `json` parser; every token it does not know is a
correction.  Tokens are matched by one regular expression without nested quantifiers,
so reading is linear in the text.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .._errors import Correction, CorrectionError, render_value

__all__ = ["MAX_ARGUMENT_CHARS", "read_arguments"]

#: Longest raw argument text read at all (strict JSON of any length below it is read).
MAX_ARGUMENT_CHARS = 10_000_000
#: Longest text the lenient (non-JSON) path rewrites.
MAX_LENIENT_CHARS = 1_000_000

_EXPECTED = "a JSON object of arguments"
_CUT = "The arguments are cut short (an object, list, string or comment is never closed); send the complete JSON object."
_TWO = "The text holds more than one JSON value; send exactly one JSON object of arguments."
_NOT_OBJECT = 'Send the arguments as one JSON object, such as {"query": "..."}.'
#: from the first fence to the last (greedy): a fence inside a string of the object ("```" as
#: a key) is text, and two fenced objects still read as two values
_FENCE = re.compile(r"```[\w+-]*[ \t]*\n?(.*)```", re.DOTALL)
_TOKEN = re.compile(
    r'(?P<dq>"(?:[^"\\\n]|\\.)*")'
    r"|(?P<sq>'(?:[^'\\\n]|\\.)*')"
    r"|(?P<line>(?://|#)[^\n]*)"
    r"|(?P<block>/\*(?:[^*]|\*(?!/))*\*/)"
    r"|(?P<open>[{\[])|(?P<close>[}\]])|(?P<comma>,)"
    r"|(?P<num>-?[0-9][0-9.eE+-]*)"
    r"|(?P<word>[A-Za-z_][A-Za-z_0-9]*)"
    r"|(?P<space>\s+)"
    r"|(?P<other>[^\s\"'{}\[\],A-Za-z_/#]+|/(?![/*]))"
    r"|(?P<broken>[\"']|/\*)",
    re.DOTALL,
)
_WORDS = {"True": "true", "False": "false", "None": "null", "true": "true", "false": "false", "null": "null"}
_ESCAPE = re.compile(r'\\(x[0-9a-fA-F]{2}|U[0-9a-fA-F]{8}|.)|"', re.DOTALL)


class _Refused(Exception):
    def __init__(self, code: str, hint: str) -> None:
        super().__init__(hint)
        self.code, self.hint = code, hint


def read_arguments(text: str, *, tool: str = "") -> dict[str, Any]:
    """The one JSON object `text` holds, or `CorrectionError` saying why it cannot be read."""
    try:
        value = _read(text, 0)
    except _Refused as refused:
        raise CorrectionError([Correction(refused.code, "", _EXPECTED, render_value(text), refused.hint)], tool=tool) from None
    return value


def _read(text: str, depth: int) -> dict[str, Any]:
    if len(text) > MAX_ARGUMENT_CHARS:
        raise _Refused("TOO_LONG", f"Send at most {MAX_ARGUMENT_CHARS:,} characters of arguments.")
    if not text.strip():  # nothing sent: no arguments (required ones are then reported missing)
        return {}
    try:
        value = json.loads(text, object_pairs_hook=_once, parse_constant=_no_constant)
    except RecursionError:
        raise _Refused("TOO_DEEP", "Send a flatter value.") from None
    except _Refused:
        raise
    except ValueError:
        return _lenient(text, depth)
    return _object(value, depth)


def _no_constant(word: str) -> Any:
    raise _Refused("TYPE_ERROR", f"{word} is not a JSON number; send a finite number or null.")


def _once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object; a key given twice has no single meaning (JSON parsers keep either)."""
    value = dict(pairs)
    if len(value) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise _Refused("AMBIGUOUS_VALUE", f"The key {render_value(twice, 60)} is given twice; send each argument once.")
    return value


def _object(value: Any, depth: int) -> dict[str, Any]:
    if type(value) is dict:
        return value
    if value is None:  # `null`: no arguments, as a call of a tool without parameters sends
        return {}
    if type(value) is str and depth < 3 and value.strip()[:1] in ("{", "`", '"'):  # JSON encoded twice
        return _read(value, depth + 1)
    raise _Refused("TYPE_ERROR", _NOT_OBJECT)


def _lenient(text: str, depth: int) -> dict[str, Any]:
    if len(text) > MAX_LENIENT_CHARS:
        raise _Refused("TYPE_ERROR", f"The arguments are not strict JSON; longer than {MAX_LENIENT_CHARS:,} characters they must be.")
    fence, brace = text.find("```"), text.find("{")
    if fence >= 0 and (brace < 0 or fence < brace):  # a fence opens before the object: read inside it
        block = _FENCE.search(text, fence)
        if block is None:
            raise _Refused("TYPE_ERROR", _CUT)
        text = block.group(1)
    start = text.find("{")
    if start < 0:
        raise _Refused("TYPE_ERROR", _NOT_OBJECT)
    if text[:start].rstrip().endswith("["):
        raise _Refused("AMBIGUOUS_VALUE", "The arguments are a list; send one JSON object of arguments.")
    strict, end = _rewrite(text, start)
    if "{" in text[end:] or "[" in text[end:]:
        raise _Refused("AMBIGUOUS_VALUE", _TWO)
    try:
        value = json.loads(strict, object_pairs_hook=_once, parse_constant=_no_constant)
    except RecursionError:
        raise _Refused("TOO_DEEP", "Send a flatter value.") from None
    except ValueError as exc:
        raise _Refused("TYPE_ERROR", f"The arguments are not readable JSON ({exc.msg} near character {exc.pos}); send one JSON object.") from None
    return _object(value, depth)


def _rewrite(text: str, start: int) -> tuple[str, int]:
    """Strict JSON for the value starting at `start`, and where that value ends."""
    out: list[str] = []
    depth = 0
    pending_comma = False
    for match in _TOKEN.finditer(text, start):
        kind, token = match.lastgroup, match.group()
        if kind in ("space", "line", "block"):
            continue
        if kind == "broken":
            raise _Refused("TYPE_ERROR", _CUT)
        if kind == "comma":
            if pending_comma:
                raise _Refused("TYPE_ERROR", "The arguments hold two commas in a row; send one JSON object.")
            pending_comma = True
            continue
        if pending_comma:  # a comma is kept only when a value follows it (no trailing commas)
            if kind != "close":
                out.append(",")
            pending_comma = False
        if kind == "open":
            depth += 1
        elif kind == "close":
            depth -= 1
        elif kind == "sq" or kind == "dq":
            token = '"' + _ESCAPE.sub(_json_escape, token[1:-1]) + '"'
        elif kind == "word":
            if token not in _WORDS:
                raise _Refused("TYPE_ERROR", f"The arguments hold the bare word {render_value(token, 40)}; quote strings and send one JSON object.")
            token = _WORDS[token]
        out.append(token)
        if depth == 0:
            return "".join(out), match.end()
    raise _Refused("TYPE_ERROR", _CUT)


def _json_escape(match: re.Match[str]) -> str:
    """One escape or bare `"` of a quoted string, as JSON writes it (`\\'` -> `'`,
    `\\xHH` -> `\\u00HH`, `"` inside single quotes -> `\\"`); the rest unchanged, so
    an escape JSON does not know stays one the strict parser refuses."""
    escape = match.group(1)
    if escape is None:
        return '\\"'
    if escape[0] == "x":
        return "\\u00" + escape[1:]
    if escape[0] == "U" and len(escape) == 9 and int(escape[1:], 16) <= 0x10FFFF:
        return json.dumps(chr(int(escape[1:], 16)))[1:-1]
    return "'" if escape == "'" else "\\" + escape
