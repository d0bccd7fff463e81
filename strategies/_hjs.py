"""The one place that reaches into hypothesis-jsonschema's private module.

`_solve` uses its pure canonicaliser and merger (`canonicalish`, `merged`).  While the
solver runs, five of that module's globals are swapped (see `draft7_only`) for speed and
for two correctness fixes; `tests/test_strategies_conforming.py` pins the names this needs,
so an upgrade that moves them fails there, not deep inside a draw.  Supported:
hypothesis-jsonschema 0.23.x (the `pyproject.toml` range).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import jsonschema
from hypothesis_jsonschema import _canonicalise as _hjs
from hypothesis_jsonschema._canonicalise import (
    FALSEY,
    canonicalish,
    get_integer_bounds,
    get_number_bounds,
    get_type,
)
from referencing.exceptions import Unresolvable

__all__ = ["FALSEY", "PATCHED", "USED", "canonical", "canonicalish", "draft7_only", "get_integer_bounds",
           "get_number_bounds", "get_type", "merged"]

_V7 = jsonschema.Draft7Validator
#: the private names this module relies on: the five `draft7_only` swaps, and `sort_key`,
#: which `_big_enum` reads (the version pin test checks they exist)
PATCHED = ("_get_validator_class", "canonicalish", "encode_canonical_json", "ALL_KEYWORDS", "merged", "sort_key")
_MERGED = _hjs.merged
#: the private names the strategies import from here, as they are (the pin test checks them too)
USED = ("FALSEY", "canonicalish", "get_integer_bounds", "get_number_bounds", "get_type")

_patched = 0


def _draft7_class(_schema: Any) -> Any:
    return _V7


@contextmanager
def draft7_only() -> Iterator[None]:
    """While the solver runs, hypothesis-jsonschema's helpers read every schema as draft-07
    without re-validating it against its metaschema.

    `merged` and `make_validator` call `check_schema` on each schema they see (against the
    2020-12 metaschema when it names no `$schema`): on a large configuration schema that
    was most of the build time (5 of 11 s for codecov's).  The schemas here are draft-07
    forms of a schema already validated against its own metaschema, so the check proves
    nothing; the module attribute is swapped back on exit (re-entrant, not thread-safe).
    """
    global _patched
    if _patched:
        yield
        return
    saved = _hjs._get_validator_class, _hjs.canonicalish, _hjs.encode_canonical_json, _hjs.ALL_KEYWORDS, _hjs.merged
    # `$ref` among the keywords `merged` must not pick one of: two `LAZY` references that
    # differ stand for different schemas, so their merge is an allOf, not the first of them
    (_hjs._get_validator_class, _hjs.canonicalish, _hjs.encode_canonical_json, _hjs.ALL_KEYWORDS,
     _hjs.merged) = (_draft7_class, canonical, _encode, (*_hjs.ALL_KEYWORDS, "$ref"), merged)
    _patched += 1
    try:
        yield
    finally:
        _patched -= 1
        (_hjs._get_validator_class, _hjs.canonicalish, _hjs.encode_canonical_json, _hjs.ALL_KEYWORDS,
         _hjs.merged) = saved
        _CANONICAL.clear()
        _BY_TEXT.clear()
        _MERGES.clear()


def merged(schemas: list[Any]) -> Any:
    """hypothesis-jsonschema's `merged`, or None where its answer would be wrong.

    It merges a `patternProperties` entry only with the same pattern or with the other
    schema's `additionalProperties`; a key that matches a pattern of each schema then gets
    the other's `additionalProperties` as well, so two closed objects with different
    patterns merged into "no key allowed" (STIX's hashes: a closed dictionary with `^MD5$`
    and friends became a schema nothing satisfies, and was refused as such).  Unmerged,
    the caller keeps an `allOf` and checks it.

    Remembered by content while the solver runs: it recurses into every property it
    merges, and the same merges recur (renovate: 66,711 calls, 412 distinct inputs, one
    of them 33,300 times).  Like `canonical`, an answer is handed out as a copy of the two
    levels callers mutate."""
    if not _patched:  # outside a solve nothing clears the memo
        return _merged(schemas)
    try:
        key = _encode(schemas)
    except (TypeError, ValueError):  # not plain JSON: not remembered
        return _merged(schemas)
    if key not in _MERGES:
        _MERGES[key] = _merged(schemas)
    return _copy2(_MERGES[key])


def _merged(schemas: list[Any]) -> Any:
    shapes = [(set(s["patternProperties"]), s.get("additionalProperties", {})) for s in schemas
              if isinstance(s, dict) and isinstance(s.get("patternProperties"), dict) and s["patternProperties"]]
    for mine, closed in shapes:
        if closed not in ({}, True) and any(theirs - mine for theirs, _ in shapes):
            return None
    try:
        return _MERGED(schemas)
    except Unresolvable:  # it checks an enum's members against a part not drafted yet
        return None


def _encode(value: Any) -> str:
    """`encode_canonical_json` through the C encoder (its own is pure Python, and
    `canonicalish` encodes the whole subtree at every level).  The one difference, 1.0
    written as `1.0` rather than `1`, cannot arise: `_canonical.draft7` writes integral
    floats as ints, and the merges in between keep the types they are given."""
    return json.dumps(value, sort_keys=True)


#: id(schema) -> (schema, its canonical form), both kept alive while the solver runs
_CANONICAL: dict[int, tuple[Any, Any]] = {}
#: canonical JSON text of a schema -> its canonical form, while the solver runs
_BY_TEXT: dict[str, Any] = {}
#: JSON text of `merged`'s argument -> its answer, while the solver runs
_MERGES: dict[str, Any] = {}


def canonical(schema: Any) -> Any:
    """hypothesis-jsonschema's `canonicalish`, remembered by identity while the solver runs.

    It re-encodes its whole argument at every level it recurses into, and `merged` calls it
    on every input: on a large schema that was most of the rest of the build time.  `merged`
    mutates what it gets at two levels (pops keys, extends `allOf`, updates
    `dependencies`), so a remembered form is handed out as a copy of those two levels.
    """
    if not isinstance(schema, dict):
        return canonicalish(schema)
    known = _CANONICAL.get(id(schema))
    if known is None or known[0] is not schema:
        # by content as well: `canonicalish` hands each child a fresh copy (so identity never
        # repeats below the top), and an inlined `$ref` repeats one subschema many times
        # (travis: 5,521 subschemas, 278 distinct; 27 s to build, most of it this)
        text = _encode(schema)
        out = _BY_TEXT.get(text)
        if out is None:
            out = _big_enum(schema) if len(schema.get("enum") or ()) > 16 and "const" not in schema else None
            out = canonicalish(schema) if out is None else out
            _BY_TEXT[text] = out
        known = _CANONICAL[id(schema)] = (schema, out)
        _CANONICAL[id(out)] = (out, out)
    return _copy2(known[1])


def _big_enum(schema: dict[str, Any]) -> Any:
    """What `canonicalish` makes of an `enum`, in linear time: it checks each member
    against the whole schema, enum included (an 870-member enum took 90 s)."""
    if not isinstance(schema["enum"], list):
        return None
    check = _V7({k: v for k, v in schema.items() if k != "enum"}).is_valid
    values = sorted((v for v in schema["enum"] if check(v)), key=_hjs.sort_key)
    return FALSEY if not values else {"const": values[0]} if len(values) == 1 else {"enum": values}


def _copy2(s: Any) -> Any:
    if not isinstance(s, dict):
        return s
    return {k: dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v for k, v in s.items()}
