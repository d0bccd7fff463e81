"""The one Python value -> JSON value converter, in its two uses.

* `comparable`: what an implementation received, for the oracle's comparison.  It keeps
  what JSON cannot say as it is (a `NaN`, bytes, an object), so a difference stays visible,
  and marks URL objects (pydantic `AnyUrl`) as `UrlText`, compared in JSON space.
* `observable`: a tool's result as a host serialises it and a model reads it.  Always
  JSON: non-finite floats and unknown objects become their text (without memory
  addresses, which differ between identical calls), bytes are decoded.

Both read enums as their values, dates and times as ISO strings, mappings with string
keys, tuples as lists, sets as lists sorted by repr, dataclasses and pydantic models as
dicts; one walk serves both, so they never drift apart.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import enum
import json
import math
import re
from collections.abc import Mapping
from typing import Any

__all__ = ["UrlText", "comparable", "non_finite_at", "observable"]

_DEPTH = 64
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


class UrlText(str):
    """A URL an implementation received as a URL object: equal to any string that reads as it."""


def comparable(value: Any) -> Any:
    """Python values an implementation received -> canonical JSON values, for comparison."""
    return _walk(value, 0, False)


def observable(value: Any) -> Any:
    """A tool's result as JSON values: what a host would serialise and a model would read.

    A non-finite float becomes its text (`"nan"`): NaN never equals itself, so a result
    holding one would look non-reproducible.
    """
    return json.loads(json.dumps(_walk(value, 0, True), allow_nan=True))


#: JSON text that may hold the non-standard tokens Python's `json.dumps` writes for non-finite floats
_NON_FINITE_TEXT = re.compile(r"(?<![\w\"])(?:NaN|-?Infinity)(?![\w\"])")


def non_finite_at(value: Any, where: str = "$", depth: int = 0, bare: bool = False) -> str:
    """Where an answer holds NaN or Infinity ("NaN at $.rate"), or "".

    JSON has neither: a host writes them as `NaN` tokens no strict parser reads (the MCP SDK's
    FastMCP 1.x), as `null`, or refuses the answer (FastMCP 2+).  Looks at floats and at JSON
    text inside strings (an MCP text content), never at words like "nan" in prose.  `bare`: a
    text that is nothing but the token counts too (an MCP text content "NaN" is how a host
    writes a NaN result; a Python string "NaN" is a string).
    """
    if depth > _DEPTH:
        return ""
    if isinstance(value, float):
        return "" if math.isfinite(value) else f"{_JSON_TOKEN.get(str(value), str(value))} at {where}"
    if isinstance(value, str):
        text = value.strip()
        if bare and text in _JSON_TOKEN.values():
            return f"{text} at {where}"
        if text[:1] not in ("{", "[") or not _NON_FINITE_TEXT.search(text):
            return ""
        try:
            parsed = json.loads(text)
        except ValueError:
            return ""
        return non_finite_at(parsed, where, depth + 1)
    if isinstance(value, Mapping):
        items: Any = ((f"{where}.{k}", v) for k, v in value.items())
    elif isinstance(value, (list, tuple)):
        items = ((f"{where}[{i}]", v) for i, v in enumerate(value))
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        items = ((f"{where}.{f.name}", getattr(value, f.name, None)) for f in dataclasses.fields(value))
    elif isinstance(getattr(value, "content", None), list):  # an MCP CallToolResult: its text contents,
        # which keep a NaN its structuredContent shows as null
        # a text that is only "NaN" is a NaN result when the structured content shows a null (a
        # string "NaN" a tool echoes back is a string there)
        structured = getattr(value, "structured_content", None) or getattr(value, "structuredContent", None)
        bare = structured is not None and _holds_null(structured)
        texts = [(f"{where}.content[{i}]", getattr(c, "text", None)) for i, c in enumerate(value.content)]
        return next((found for path, text in texts if (found := non_finite_at(text, path, depth + 1, bare))), "")
    else:
        return ""
    return next((found for path, item in items if (found := non_finite_at(item, path, depth + 1))), "")


_JSON_TOKEN = {"nan": "NaN", "inf": "Infinity", "-inf": "-Infinity"}


def _holds_null(value: Any, depth: int = 0) -> bool:
    if value is None:
        return True
    if depth > _DEPTH:
        return False
    if isinstance(value, Mapping):
        return any(_holds_null(v, depth + 1) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_holds_null(v, depth + 1) for v in value)
    return False


def _walk(value: Any, depth: int, host: bool) -> Any:
    if host and depth > _DEPTH:
        return "<nested too deeply>"
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if not host or math.isfinite(value) else str(value)
    if isinstance(value, enum.Enum):
        return _walk(value.value, depth + 1, host)
    if isinstance(value, (_dt.datetime, _dt.date, _dt.time)):
        return value.isoformat()
    if host and isinstance(value, (bytes, bytearray)):
        return bytes(value).decode("utf-8", "replace")
    if isinstance(value, Mapping):
        return {str(k): _walk(v, depth + 1, host) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_walk(v, depth + 1, host) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((_walk(v, depth + 1, host) for v in value), key=repr)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _walk(dataclasses.asdict(value), depth + 1, host)
    dump = getattr(value, "model_dump", None)
    if callable(dump):
        if not host:
            return _walk(dump(mode="json"), depth + 1, host)
        try:
            return _walk(dump(mode="json"), depth + 1, host)
        except Exception:
            pass
    if not host:
        return UrlText(str(value)) if callable(getattr(value, "unicode_string", None)) else value
    try:
        return _ADDRESS.sub("", str(value))
    except Exception:
        return f"<{type(value).__name__}>"
