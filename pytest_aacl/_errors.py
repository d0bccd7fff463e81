"""Errors of pytest-aacl: the LLM-facing correction signal and the developer-facing misuse errors.

`CorrectionError` is what a model sees; it must be safe to echo into a prompt, so every
received value is rendered escaped and truncated, and the whole message is bounded.
`InvalidArgument` is what a developer sees for any wrong argument to a public function;
its subclasses `SpecError` (a schema or signature that cannot become a tool, naming the
parameter or JSON pointer) and `TargetError` (something that cannot be fuzzed) say more.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

__all__ = [
    "CODES",
    "Correction",
    "CorrectionError",
    "InvalidArgument",
    "SpecError",
    "TargetError",
    "render_value",
]

#: The stable correction-code vocabulary.  Codes are part of the public contract: a model
#: (or a retry loop) may branch on them, so they are never renamed.
CODES: dict[str, str] = {
    "TYPE_ERROR": "the value has a type that cannot mean what the field expects",
    "INVALID_ENUM": "the value is not one of the allowed values",
    "INVALID_VALUE": "the value does not equal the required constant",
    "OUT_OF_RANGE": "a number is outside minimum/maximum/exclusive bounds",
    "NOT_MULTIPLE": "a number is not a multiple of multipleOf",
    "TOO_LONG": "a string, list or object is longer than allowed",
    "TOO_SHORT": "a string, list or object is shorter than allowed",
    "PATTERN_MISMATCH": "a string does not match the required pattern",
    "DUPLICATE_ITEMS": "a list that must hold unique items repeats one",
    "MISSING_REQUIRED": "a required field is absent or null",
    "UNEXPECTED_FIELD": "a field that the tool does not accept was sent",
    "AMBIGUOUS_VALUE": "the value could mean more than one thing; the boundary will not guess",
    "AMBIGUOUS_DATE": "a numeric date whose day/month order cannot be told",
    "INVALID_DATE": "a date that does not exist (Feb 30) or cannot be read",
    "INVALID_FORMAT": "a string does not have the required format (email, uri, time, ...)",
    "TOO_DEEP": "the value is nested deeper than the boundary reads",
}

#: Bounds that keep a correction safe to echo into a model's context.
MAX_RECEIVED_CHARS = 80
MAX_MESSAGE_CHARS = 1000


@dataclass(frozen=True)
class Correction:
    """One problem with one field: what the model must change, in machine-readable form."""

    code: str
    path: str
    expected: str
    received: str
    hint: str | None = None

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise InvalidArgument(f"Correction() got code={self.code!r}; pass one of the stable codes in "
                                  f"pytest_aacl.CODES, e.g. code='TYPE_ERROR'")
        for name in ("path", "expected", "received"):
            if not isinstance(getattr(self, name), str):
                raise InvalidArgument(f"Correction() got {name}={getattr(self, name)!r:.80}; pass a string")
        if self.hint is not None and not isinstance(self.hint, str):
            raise InvalidArgument(f"Correction() got hint={self.hint!r:.80}; pass a string or None")
        # Paths are built from keys the model chose; whatever built one, a key must never
        # carry a line break, an ANSI escape, a direction override or a NUL into the message.
        if not (self.path.isascii() and self.path.isprintable()):
            object.__setattr__(self, "path", self.path.encode("unicode_escape").decode("ascii"))

    def message(self) -> str:
        where = self.path or "<arguments>"
        line = f"{self.code} at {where}: expected {self.expected}; received {self.received}."
        if self.hint:
            line += f" {self.hint}"
        return line

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "path": _clip(self.path),
            "expected": _clip(self.expected),
            "received": self.received,
            "hint": _clip(self.hint) if self.hint else self.hint,
        }


class InvalidArgument(TypeError, ValueError):
    """A public function got an argument it cannot use; the message says what to pass instead.

    Every misuse of the public API raises this (or a subclass: `SpecError`, `TargetError`),
    eagerly, when the function is called.  Hypothesis's convention, but catchable as
    `TypeError` (wrong kind of value) and as `ValueError` (right kind, wrong value), so
    existing `except ValueError` keeps working.  A `CorrectionError` is not one: it is the
    boundary's runtime answer to a model, not a mistake of the developer.
    """


class SpecError(InvalidArgument):
    """A tool cannot be built: malformed schema or unsupported annotation.

    Raised at decoration time, never at call time.  `pointer` is the JSON pointer (for a
    schema) or the parameter name (for a signature) that is at fault.
    """

    def __init__(self, message: str, *, pointer: str = "") -> None:
        self.pointer = pointer
        where = f" at {pointer}" if pointer else ""
        super().__init__(f"invalid tool spec{where}: {message}")


class TargetError(InvalidArgument):
    """A target cannot be fuzzed; the message says which and what to pass instead."""


class CorrectionError(ValueError):
    """Every problem of one call, as a single signal a model can act on in one retry.

    `str(error)` is the LLM-facing message; `to_dict()` is the structured tool result.
    """

    def __init__(self, corrections: list[Correction] | tuple[Correction, ...], *, tool: str = "") -> None:
        if not isinstance(corrections, (list, tuple)) or not corrections \
                or not all(isinstance(c, Correction) for c in corrections):
            raise InvalidArgument(f"CorrectionError() got corrections={corrections!r:.80}; pass a non-empty list "
                                  "of Correction(code, path, expected, received)")
        if not isinstance(tool, str):
            raise InvalidArgument(f"CorrectionError() got tool={tool!r:.80}; pass the tool's name as a string, e.g. tool='add'")
        self.corrections: tuple[Correction, ...] = tuple(corrections)
        self.tool = tool
        super().__init__(self._format())

    def _format(self) -> str:
        head = f"Invalid arguments for {self.tool}:" if self.tool else "Invalid arguments:"
        lines = [head]
        used = len(head)
        self._shown = len(self.corrections)
        for shown, correction in enumerate(self.corrections):
            line = correction.message()
            rest = len(self.corrections) - shown
            tail = f"... and {rest} more problem(s); fix the ones above and retry."
            room = MAX_MESSAGE_CHARS - used - len(tail) - 2
            if len(line) > room:
                if shown:
                    lines.append(tail)
                    self._shown = shown
                    break
                line = line[: room - 1] + "…"  # the first problem is always shown
            lines.append(line)
            used += len(line) + 1
        return "\n".join(lines)

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(c.code for c in self.corrections)

    def to_dict(self) -> dict[str, Any]:
        """The structured tool result: bounded like the message, because it is sent back
        into the model's context too (200 unexpected keys must not become 30 KB)."""
        return {
            "error": "INVALID_ARGUMENTS",
            "tool": self.tool,
            "message": str(self),
            "corrections": [c.to_dict() for c in self.corrections[: self._shown]],
            "omitted": len(self.corrections) - self._shown,
        }

    def __reduce__(self) -> tuple[Any, ...]:  # picklable across xdist workers
        return (_rebuild, (self.corrections, self.tool))


def _rebuild(corrections: tuple[Correction, ...], tool: str) -> CorrectionError:
    return CorrectionError(corrections, tool=tool)


def _clip(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def render_value(value: Any, limit: int = MAX_RECEIVED_CHARS, *, readable: bool = False) -> str:
    """Render a received value for a correction: JSON-like, ASCII-escaped, truncated.

    Total by construction: never calls a user object's `__str__`, `__repr__` or `__eq__`,
    never recurses deeper than a few levels, never reads more than `limit` characters of a
    string. Escaping keeps control characters and look-alike Unicode from reaching the
    model verbatim.  `readable=True` is for people (a fuzz report): printable non-ASCII
    text (`é`, `—`, `例`) is shown as itself; control and format characters stay escaped.
    """
    if isinstance(value, str):  # cut inside the quotes: '"aaaa…"', never an unclosed '"aaaa…'
        return _escape(str.__str__(value)[: limit + 1], limit, readable=readable)
    out: list[str] = []
    _render_into(value, out, limit + 1, depth=0, readable=readable)
    text = "".join(out)
    if len(text) > limit:
        text = _close(_cut(text, limit - 2)) + "…"
    return text


def _render_into(value: Any, out: list[str], budget: int, depth: int, readable: bool = False) -> None:
    if sum(map(len, out)) > budget:
        return
    kind = type(value)
    if value is None:
        out.append("null")
    elif kind is bool:
        out.append("true" if value else "false")
    elif kind is int:
        digits = int.bit_length(value)
        out.append(str(value) if digits < 200 else f"<integer with about {int(digits * 0.30103)} digits>")
    elif kind is float:
        out.append(repr(value) if math.isfinite(value) else ("NaN" if value != value else ("Infinity" if value > 0 else "-Infinity")))
    elif isinstance(value, str):
        text = str.__str__(value)
        out.append(_escape(text[:budget], readable=readable) + ("…" if len(text) > budget else ""))
    elif kind in (list, tuple) and depth < 3:
        out.append("[")
        for i, item in enumerate(value):
            if i:
                out.append(", ")
            if sum(map(len, out)) > budget:
                out.append("…")
                break
            _render_into(item, out, budget, depth + 1, readable)
        out.append("]")
    elif kind is dict and depth < 3:
        out.append("{")
        for i, (key, item) in enumerate(value.items()):
            if i:
                out.append(", ")
            if sum(map(len, out)) > budget:
                out.append("…")
                break
            if isinstance(key, str):
                _render_into(key, out, budget, depth + 1, readable)
            else:
                out.append(f"<{_type_name(type(key))} key>")
            out.append(": ")
            _render_into(item, out, budget, depth + 1, readable)
        out.append("}")
    elif kind in (list, tuple, dict):
        out.append("[…]" if kind is not dict else "{…}")
    else:
        out.append(f"<{_type_name(kind)} object>")


def _type_name(kind: type) -> str:
    """A class name as text a model may read: escaped (a Python caller can name a class
    ``"x\\nINVALID_ENUM at ..."``), never the class's own ``__repr__``, at most 40 characters."""
    name = type.__dict__["__name__"].__get__(kind)
    name = name if type(name) is str else "?"
    escaped = name.encode("unicode_escape").decode("ascii").replace("<", "\\x3c").replace(">", "\\x3e")
    return escaped if len(escaped) <= 40 else _cut(escaped, 39) + "…"


def _escape(text: str, limit: int | None = None, *, readable: bool = False) -> str:
    """A double-quoted, ASCII-only literal: newlines, quotes and non-ASCII are escaped
    (`readable`: only what is not printable, so `é` stays `é` and a newline is `\\n`).

    With ``limit``, the literal (quotes included) is at most ``limit`` characters: the cut
    keeps both quotes and never splits an escape sequence (``"aaaa…"``).
    """
    if readable and not text.isascii():
        escaped = "".join(c if c.isprintable() and not c.isascii() else c.encode("unicode_escape").decode("ascii")
                          for c in text).replace('"', '\\"')
    else:
        escaped = text.encode("unicode_escape").decode("ascii").replace('"', '\\"')
    if limit is None or len(escaped) + 2 <= limit:
        return f'"{escaped}"'
    return f'"{_cut(escaped, max(limit - 3, 0))}…"'


#: one character of escaped text: an escape sequence as a whole, or a plain character
_ATOM = re.compile(r"\\(?:x[0-9a-f]{2}|u[0-9a-f]{4}|U[0-9a-f]{8}|.)|.", re.DOTALL)


def _cut(escaped: str, room: int) -> str:
    """The longest prefix of ``escaped`` within ``room`` characters that ends between atoms."""
    if len(escaped) <= room:
        return escaped
    end = 0
    for atom in _ATOM.finditer(escaped, 0, room + 10):
        if atom.end() > room:
            break
        end = atom.end()
    return escaped[:end]


def _close(text: str) -> str:
    """A cut rendering whose last string literal was left open gets its closing quote back."""
    bare_quotes = sum(1 for atom in _ATOM.finditer(text) if atom.group() == '"')
    return text + '"' if bare_quotes % 2 else text
