"""The oracle's comparison: is what reached the implementation the value the model meant?

Canonical equality as docs/ARCHITECTURE.md defines it: JSON values equal, except numbers
compare `1 == 1.0` (a bool is never a number) and `date-time` / `time` strings compare as
parsed values including their UTC offset, and URL objects (pydantic `AnyUrl`) compare in JSON
space: as the string pydantic dumps, against the intended string read the same way.  The
schema directs the walk (`$ref`, percent-encoded or not, `anyOf`, `prefixItems`, defaults),
so a field the implementation received only as its default is not a difference.

A difference is a `Difference`: the readable text, plus the `path` it is at, so callers
group findings by field without parsing the text.
"""

from __future__ import annotations

import datetime as _dt
import math
from collections.abc import Mapping
from typing import Any

from ._errors import render_value
from ._jsonvalue import UrlText, comparable
from ._specs._pointer import ref_pointer
from ._specs._pointer import resolve as _at_pointer

__all__ = ["Difference", "compare", "compare_arguments"]


class Difference(str):
    """Where and how a received value differs from the intended one (`path` is `a.b[0]`)."""

    path: str = ""

    @classmethod
    def at(cls, path: str, text: str) -> Difference:
        made = cls(text)
        made.path = path
        return made


def _same_url(received: str, intended: str) -> bool:
    """`AnyUrl("https://a.org")` dumps as `https://a.org/`: read the intended string the same way."""
    try:
        from pydantic import AnyUrl
    except ImportError:  # pragma: no cover (a URL object came from pydantic)
        return False
    try:
        return str(AnyUrl(intended)) == str(received)
    except Exception:
        return False


def _resolve(node: Any, root: Mapping[str, Any]) -> Any:
    """Follow local `$ref`s with the one resolver the spec layer uses (percent-decoding
    included); an unresolvable one reads as `{}`: anything compares by plain equality."""
    for _ in range(32):
        if not isinstance(node, Mapping) or not isinstance(node.get("$ref"), str):
            return node
        try:
            pointer = ref_pointer(node["$ref"], at="")
        except ValueError:
            return {}
        target = _at_pointer(root, pointer) if not pointer.startswith("#") else None
        node = target if isinstance(target, Mapping) else {}
    return node


def _parse_clock(text: str, kind: str) -> tuple[Any, Any] | None:
    """A date-time/time as (naive wall clock, UTC offset): equal only if both are equal."""
    try:
        text = text.replace("Z", "+00:00").replace("z", "+00:00")
        parsed = _dt.datetime.fromisoformat(text) if kind == "date-time" else _dt.time.fromisoformat(text)
    except (TypeError, ValueError):
        return None
    return parsed.replace(tzinfo=None), parsed.utcoffset()


def compare(received: Any, intended: Any, schema: Any, root: Mapping[str, Any] | None = None, path: str = "") -> Difference | None:
    """None when `received` is canonically equal to `intended`, else where and how it differs.

    Canonical equality: JSON values equal, except numbers compare `1 == 1.0` (a bool is
    never a number) and `date-time` / `time` strings compare as parsed values including
    their UTC offset.  `anyOf` / `oneOf` accept equality under any branch.
    """
    root = schema if root is None else root
    node = _resolve(schema, root) if isinstance(schema, Mapping) else {}
    node = node if isinstance(node, Mapping) else {}
    branches = [b for key in ("anyOf", "oneOf") for b in node.get(key, ())]
    if branches:
        base = {k: v for k, v in node.items() if k not in ("anyOf", "oneOf")}
        if compare(received, intended, base, root, path) is None or any(
            compare(received, intended, b, root, path) is None for b in branches
        ):
            return None
    here = path or "<arguments>"
    diff = Difference.at(path, f"{here}: received {render_value(received)}, intended {render_value(intended)}")
    if isinstance(intended, bool) or isinstance(received, bool):
        return None if type(intended) is type(received) and intended == received else diff
    if isinstance(intended, (int, float)) and isinstance(received, (int, float)):
        same = intended == received or (math.isnan(float(intended)) and math.isnan(float(received)))
        return None if same else diff
    if isinstance(intended, str) and isinstance(received, str):
        fmt = node.get("format")
        if intended != received and fmt in ("date-time", "time"):
            a, b = _parse_clock(received, fmt), _parse_clock(intended, fmt)
            return None if a is not None and a == b else diff
        if intended != received and (isinstance(received, UrlText) or isinstance(intended, UrlText)):
            return None if _same_url(received, intended) or _same_url(intended, received) else diff
        return None if intended == received else diff
    if isinstance(intended, list) and isinstance(received, list):
        if len(intended) != len(received):
            return diff
        prefix = node.get("prefixItems", [])
        for i, (r, want) in enumerate(zip(received, intended, strict=True)):
            item = prefix[i] if i < len(prefix) else node.get("items", {})
            problem = compare(r, want, item, root, f"{path}[{i}]")
            if problem:
                return problem
        return None
    if isinstance(intended, Mapping) and isinstance(received, Mapping):
        return compare_arguments(received, intended, node, root, path)
    return None if intended == received and type(intended) is type(received) else diff


_BINDING: dict[int, tuple[Any, bool]] = {}


def _binding(node: Mapping[str, Any], root: Mapping[str, Any]) -> bool:
    """Whether a schema's `default` is one the model can rely on: not null (often only "not
    given") and a valid value of its own field (a default the field refuses is a slip)."""
    held = _BINDING.get(id(node))
    if held is not None and held[0] is node:
        return held[1]
    default = node.get("default")
    binding = False
    if default is not None:
        try:
            import jsonschema

            defs = {k: root[k] for k in ("$defs", "definitions") if k in root}  # for its references
            schema = {**defs, **node}
            binding = jsonschema.Draft202012Validator(schema).is_valid(default)
        except Exception:  # an odd keyword or an unresolvable reference: not promised
            binding = False
    _BINDING[id(node)] = (node, binding)
    return binding


def compare_arguments(
    received: Mapping[str, Any],
    intended: Mapping[str, Any],
    schema: Mapping[str, Any],
    root: Mapping[str, Any] | None = None,
    path: str = "",
    defaults: Mapping[str, Any] | None = None,
) -> Difference | None:
    """Compare two objects key by key; a key only in `received` may hold its default."""
    root = schema if root is None else root
    props = schema.get("properties", {}) if isinstance(schema, Mapping) else {}
    for key in sorted(set(received) | set(intended), key=str):
        sub = f"{path}.{key}" if path else str(key)
        prop = props.get(key, schema.get("additionalProperties", {}) if isinstance(schema, Mapping) else {})
        if key not in received:
            return Difference.at(sub, f"{sub}: intended {render_value(intended[key])} but the implementation did not receive it")
        if key not in intended:
            node = _resolve(prop, root)
            options = []
            if isinstance(node, Mapping) and "default" in node:
                options.append(node["default"])
            if defaults and key in defaults and not (options and _binding(node, root)):
                # the code's own default counts only where the schema promises none the model
                # could rely on: a model told "default 5" that leaves the field out means 5
                options.append(comparable(defaults[key]))
            if not any(compare(received[key], d, prop, root, sub) is None for d in options):
                return Difference.at(sub, f"{sub}: received {render_value(received[key])}, but it was not sent and is not its default")
            continue
        problem = compare(received[key], intended[key], prop, root, sub)
        if problem:
            return problem
    return None
