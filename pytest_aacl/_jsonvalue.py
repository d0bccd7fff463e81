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

__all__ = ["UrlText", "comparable", "observable"]

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
