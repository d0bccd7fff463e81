"""Canonical, schema-valid values: a fast constructive generator with a hypothesis-jsonschema
fallback for the keywords it does not implement.

hypothesis-jsonschema is thorough but pays for canonicalisation and filtering on every
schema; typical tool schemas (typed properties, enums, bounds, formats, lists) are built
here directly instead, which is what lets `hallucinated()` outrun `from_schema()`.
Canonical means: what the boundary passes through unchanged (dates `YYYY-MM-DD`,
date-times RFC 3339 with an offset, times `HH:MM:SS`).
"""

from __future__ import annotations

import datetime as dt
import json
import math
import string
from typing import Any

from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema as hjs_from_schema

from ._scalars import NULL_WORDS
from ._schema import MAX_REF_DEPTH, Node

NULLISH = frozenset(w.strip().casefold() for w in NULL_WORDS)

__all__ = ["FORMAT_STRATEGIES", "draft7", "strategy", "unique_key"]

_LOWER = string.ascii_lowercase
_word = st.text(_LOWER, min_size=1, max_size=8)
_tld = st.sampled_from(["com", "org", "net", "io", "dev"])


def _date() -> st.SearchStrategy[str]:
    return st.dates(dt.date(1900, 1, 1), dt.date(2100, 12, 31)).map(dt.date.isoformat)


def _offset(minutes: int) -> str:
    if minutes == 0:
        return "Z"
    sign = "+" if minutes > 0 else "-"
    return f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def _clock() -> st.SearchStrategy[str]:
    def fmt(t: dt.time) -> str:
        return t.isoformat(timespec="seconds" if not t.microsecond else "microseconds")

    return st.times().map(fmt)


def _datetime() -> st.SearchStrategy[str]:
    offsets = st.sampled_from([0, 60, 120, -300, -240, 330, 540, -480, 345, 600, -600])
    return st.builds(lambda d, t, o: f"{d}T{t}{_offset(o)}", _date(), _clock(), offsets)


#: format -> strategy of canonical strings the boundary passes through unchanged.
FORMAT_STRATEGIES: dict[str, st.SearchStrategy[str]] = {
    "date": _date(),
    "date-time": _datetime(),
    # tools mostly take whole minutes; seconds still appear, microseconds never do
    "time": (st.times().map(lambda t: t.replace(second=0)) | st.times()).map(
        lambda t: t.isoformat(timespec="seconds")),
    "email": st.builds(lambda a, b, t: f"{a}@{b}.{t}", _word, _word, _tld),
    "hostname": st.builds(lambda a, t: f"{a}.{t}", _word, _tld),
    "uri": st.builds(lambda a, t, p: f"https://{a}.{t}/{p}", _word, _tld, _word),
    "ipv4": st.ip_addresses(v=4).map(str),
    "ipv6": st.ip_addresses(v=6).map(str),
    "uuid": st.uuids().map(str),
}
_PRIVATE_FORMAT = "x-aacl-canonical-"
_CUSTOM = {_PRIVATE_FORMAT + k: v for k, v in FORMAT_STRATEGIES.items()}
_TEXT = st.text(string.ascii_letters + string.digits + " .-_'", max_size=24) | st.text()
_ANY = st.none() | st.booleans() | st.integers(-100, 1000) | _TEXT


def _not_null_word(text: str) -> bool:
    return text.strip().casefold() not in NULLISH


def unique_key(value: Any) -> str:
    """JSON-equality key for uniqueItems (1 and 1.0 are equal, True and 1 are not)."""
    def norm(v: Any) -> Any:
        if isinstance(v, float) and v.is_integer():
            return int(v)
        if isinstance(v, list):
            return [norm(x) for x in v]
        if isinstance(v, dict):
            return {k: norm(x) for k, x in v.items()}
        return v

    return json.dumps(norm(value), sort_keys=True)


def strategy(node: Node) -> st.SearchStrategy[Any]:
    """Canonical values of `node`, built once and cached on the node."""
    cached = node.cache.get("strategy")
    if cached is None:
        cached = node.cache["strategy"] = _build(node)
    return cached


def _build(node: Node) -> st.SearchStrategy[Any]:
    if node.never:
        return st.nothing()
    if node.exotic and not _has_objects(node.schema):
        inner = hjs_from_schema(draft7(node.schema, node.root), custom_formats=_CUSTOM)
        return st.none() | inner if node.nullable else inner
    if node.exotic or node.filtered:
        # hypothesis-jsonschema 0.23 cannot generate objects with current Hypothesis
        # (`many.more()` is gone), so objects are built here and checked afterwards.
        return _plain(node).filter(validator(node).is_valid)
    return _plain(node)


def validator(node: Node) -> Any:
    """A jsonschema validator for one node, with the root's definitions in reach."""
    found = node.cache.get("validator")
    if found is None:
        import jsonschema

        defs = {k: node.root[k] for k in ("$defs", "definitions") if k in node.root}
        found = node.cache["validator"] = jsonschema.Draft202012Validator({**defs, "allOf": [node.schema]})
    return found


def _has_objects(schema: Any) -> bool:
    if isinstance(schema, dict):
        if schema.get("type") == "object" or "properties" in schema or "$ref" in schema:
            return True
        return any(_has_objects(v) for v in schema.values())
    if isinstance(schema, list):
        return any(_has_objects(v) for v in schema)
    return False


def _plain(node: Node) -> st.SearchStrategy[Any]:
    parts: list[st.SearchStrategy[Any]] = [st.none()] if node.nullable else []
    if node.branches:
        parts += [strategy(b) for b in node.branches if b.types or b.enum is not None]
    elif node.enum is not None:
        if node.enum:
            parts.append(st.sampled_from(node.enum))
    elif not node.types:
        parts.append(_ANY)
    else:
        parts += [_typed(node, t) for t in node.types]
    return st.one_of(parts) if parts else st.nothing()


def _typed(node: Node, kind: str) -> st.SearchStrategy[Any]:
    s = node.schema
    if kind == "boolean":
        return st.booleans()
    if kind == "integer":
        return _integers(s)
    if kind == "number":
        lo, hi = s.get("minimum"), s.get("maximum")
        xlo, xhi = s.get("exclusiveMinimum"), s.get("exclusiveMaximum")
        if "multipleOf" in s:
            return hjs_from_schema(draft7({**s, "type": "number"}, node.root))
        floats = st.floats(
            min_value=xlo if _num(xlo) else lo, max_value=xhi if _num(xhi) else hi,
            exclude_min=_num(xlo), exclude_max=_num(xhi), allow_nan=False, allow_infinity=False,
        ).map(lambda x: x if x != 0 else 0.0)
        return _integers({**s, "multipleOf": None}) | floats if _int_room(s) else floats
    if kind == "string":
        lo, hi = s.get("minLength", 0), s.get("maxLength")
        fmt = FORMAT_STRATEGIES.get(node.fmt or "")
        if fmt is not None:
            if lo or hi is not None:
                return fmt.filter(lambda v: lo <= len(v) <= (hi if hi is not None else math.inf))
            return fmt
        text = st.text(string.ascii_letters + string.digits + " .-_'", min_size=lo, max_size=hi)
        text = text | st.text(min_size=lo, max_size=hi)
        # in a nullable string field the null words mean null, so they are not canonical text
        return text.filter(_not_null_word) if node.nullable else text
    if kind == "array":
        return _arrays(node)
    if kind == "object":
        req = {k: strategy(v) for k, v in node.props.items() if k in node.required}
        req.update({k: _ANY for k in node.required if k not in node.props and not node.closed})
        opt = {k: strategy(v) for k, v in node.props.items() if k not in node.required and not v.never}
        return st.fixed_dictionaries(req, optional=opt)
    return st.none()


def _num(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _int_bounds(s: dict[str, Any]) -> tuple[int | None, int | None]:
    lo = s.get("minimum")
    hi = s.get("maximum")
    lo = math.ceil(lo) if _num(lo) else None
    hi = math.floor(hi) if _num(hi) else None
    xlo, xhi = s.get("exclusiveMinimum"), s.get("exclusiveMaximum")
    if _num(xlo):
        lo = max(lo, math.floor(xlo) + 1) if lo is not None else math.floor(xlo) + 1
    if _num(xhi):
        hi = min(hi, math.ceil(xhi) - 1) if hi is not None else math.ceil(xhi) - 1
    return lo, hi


def _int_room(s: dict[str, Any]) -> bool:
    lo, hi = _int_bounds(s)
    return lo is None or hi is None or lo <= hi


def _integers(s: dict[str, Any]) -> st.SearchStrategy[int]:
    lo, hi = _int_bounds(s)
    step = s.get("multipleOf")
    if isinstance(step, int) and not isinstance(step, bool) and step > 0:
        lo = None if lo is None else -(-lo // step)
        hi = None if hi is None else hi // step
        return st.integers(lo, hi).map(lambda n: n * step)
    small_lo = max(lo, -100) if lo is not None else -100
    small_hi = min(hi, 100) if hi is not None else 100
    wide = st.integers(lo, hi) if (lo is None or hi is None or hi - lo > 200) else st.nothing()
    small = st.integers(small_lo, small_hi) if small_lo <= small_hi else st.nothing()
    return small | wide if not small.is_empty else st.integers(lo, hi)


def _arrays(node: Node) -> st.SearchStrategy[list[Any]]:
    s = node.schema
    lo = int(s.get("minItems", 0))
    hi = s.get("maxItems")
    hi = int(hi) if hi is not None else lo + 4
    head = [strategy(p) for p in node.prefix]
    if head:
        head = head[:hi]
        if len(head) < lo and (node.items is None or node.items.never):
            return st.nothing()
        rest_lo = max(0, lo - len(head))
        tail = _list_of(node.items, rest_lo, hi - len(head), False)
        return st.builds(lambda h, t: [*h, *t], st.tuples(*head), tail)
    return _list_of(node.items, lo, hi, bool(s.get("uniqueItems")))


def _list_of(items: Node | None, lo: int, hi: int, unique: bool) -> st.SearchStrategy[list[Any]]:
    if items is not None and items.never:
        return st.just([]) if lo == 0 else st.nothing()
    elem = strategy(items) if items is not None else _ANY
    return st.lists(elem, min_size=lo, max_size=max(lo, hi), unique_by=unique_key if unique else None)


def draft7(schema: Any, root: dict[str, Any], counts: dict[str, int] | None = None) -> Any:
    """A 2020-12 node as a self-contained draft-07 schema hypothesis-jsonschema reads.

    Local `$ref`s are inlined (recursion cut at `MAX_REF_DEPTH` with `false`), 2020-12
    keywords are rewritten to their draft-07 forms, and the formats whose canonical form
    the boundary fixes are swapped for private names served by `FORMAT_STRATEGIES`.
    """
    out = _draft7(schema, root, counts or {})
    if isinstance(out, dict):
        out = {**out, "$schema": "http://json-schema.org/draft-07/schema#"}
    return out


def _draft7(s: Any, root: dict[str, Any], counts: dict[str, int]) -> Any:
    if isinstance(s, list):
        return [_draft7(x, root, counts) for x in s]
    if not isinstance(s, dict):
        return s
    if isinstance(s.get("$ref"), str):
        ref = s["$ref"]
        if counts.get(ref, 0) >= MAX_REF_DEPTH:
            return False
        from ._schema import _Reader

        target = _Reader(root).resolve(ref)
        rest = {k: v for k, v in s.items() if k != "$ref"}
        inner = _draft7(target, root, {**counts, ref: counts.get(ref, 0) + 1})
        return {"allOf": [inner, _draft7(rest, root, counts)]} if rest else inner
    out: dict[str, Any] = {}
    for key, value in s.items():
        if key.startswith("x-") or key in ("$defs", "definitions", "$schema", "$id"):
            continue
        if key == "prefixItems":
            out["items"] = _draft7(value, root, counts)
            if "items" in s:
                out["additionalItems"] = _draft7(s["items"], root, counts)
        elif key == "items" and "prefixItems" in s:
            continue
        elif key == "dependentRequired":
            out.setdefault("dependencies", {}).update(value)
        elif key == "dependentSchemas":
            out.setdefault("dependencies", {}).update(_draft7(value, root, counts))
        elif key == "format" and value in FORMAT_STRATEGIES:
            out[key] = _PRIVATE_FORMAT + value
        elif key in ("properties", "patternProperties", "dependencies"):
            out[key] = {k: _draft7(v, root, counts) for k, v in value.items()} if isinstance(value, dict) else value
        elif key in ("enum", "const", "required", "default", "examples"):
            out[key] = value
        else:
            out[key] = _draft7(value, root, counts)
    return out
