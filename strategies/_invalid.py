"""`invalid()`: canonical calls with one mutation no reading of the table can rescue.

Each mutation is chosen to be invalid under *every* normalisation the semantics table
allows: `"5"` is never an invalid integer, a case variant or declared synonym is never an
unknown enum value, `""` is never a too-short string for a nullable field (it is null).
"""

from __future__ import annotations

import copy
import re
from typing import Any

from hypothesis import event, reject
from hypothesis import strategies as st

from ._canonical import strategy
from ._records import ABSENT, InvalidCall, Mutation, format_path
from ._scalars import NULL_WORDS
from ._schema import Node

__all__ = ["build_invalid"]

Path = tuple[str | int, ...]
_BOOL_TYPOS = ("ture", "flase", "yes please", "nope", "2", "maybe", "truee", 2, -1)
_NOT_NUMBERS = ("abc", "1.2.3", "12abc", "five-ish", "one thousand and one", {"value": 1})
_NULLISH = frozenset(w.strip().casefold() for w in NULL_WORDS)
_IMPOSSIBLE_DATES = ("2025-02-30", "2023-13-01", "2025-04-31", "2023-02-29", "2025-00-10")
_ALTERNATIVES = ("anyOf", "oneOf", "not", "if", "patternProperties", "propertyNames")
_BAD_FORMATS = {"email": "not an email", "ipv4": "300.1.2.3", "uuid": "not-a-uuid", "date-time": "2025-02-30T10:00:00Z"}


def _number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def mutations(value: Any, node: Node) -> list[tuple[str, Any]]:
    """(kind, mutated) pairs for one present value at `node`, each certainly invalid."""
    kind, s = node.kind, node.schema
    out: list[tuple[str, Any]] = []
    if kind is None or not _safe(node):
        return out
    if node.enum is not None:
        if all(isinstance(v, str) for v in node.enum):
            taken = {str(v).casefold() for v in node.enum}
            taken |= {str(n).casefold() for names in node.synonyms.values() for n in names}
            for candidate in ("zzz_unknown", "not-an-option", "other value 42"):
                if candidate.casefold() not in taken and candidate not in _NULLISH:
                    out.append(("unknown_enum", candidate))
                    break
        elif all(_number(v) for v in node.enum):
            out.append(("unknown_enum", max(node.enum) + 1))
        return out
    if kind == "boolean":
        out += [("typo_boolean", t) for t in _BOOL_TYPOS]
    elif kind in ("integer", "number"):
        out += [("type_change", t) for t in _NOT_NUMBERS]
        if kind == "integer":
            out += [("non_integral", 2.5), ("non_integral", "5.5")]
        out += _bounds(s, kind)
    elif kind == "string":
        out.append(("type_change", True))
        hi, lo = s.get("maxLength"), s.get("minLength", 0)
        if isinstance(hi, int) and hi < 5000:
            out.append(("too_long", "x" * (hi + 1)))
        if isinstance(lo, int) and lo >= 1 and not node.nullable:
            out.append(("too_short", "x" * (lo - 1)))
        pattern = s.get("pattern")
        if isinstance(pattern, str):
            out += [("pattern_mismatch", c) for c in ("", "!", "zz zz", "0") if _misses(pattern, c, node)][:1]
        if node.fmt == "date":
            out += [("impossible_date", d) for d in _IMPOSSIBLE_DATES]
        if node.fmt in _BAD_FORMATS:
            out.append(("bad_format", _BAD_FORMATS[node.fmt]))
    elif kind == "array":
        hi, lo = s.get("maxItems"), s.get("minItems", 0)
        if isinstance(value, list) and isinstance(hi, int) and value and hi < 1000:
            out.append(("too_many_items", (value * (hi + 1))[: hi + 1]))
        if isinstance(lo, int) and lo >= 2:
            out.append(("too_few_items", value[: lo - 1] if isinstance(value, list) else []))
    elif kind == "object":
        out += [("type_change", 42), ("type_change", "not json {")]
    return out


def _safe(node: Node) -> bool:
    """Mutations stay certainly invalid unless an alternative could accept them."""
    return not any(k in node.schema for k in _ALTERNATIVES)


def _misses(pattern: str, candidate: str, node: Node) -> bool:
    try:
        matched = re.search(pattern, candidate) is not None
    except re.error:
        return False
    return not matched and not (node.nullable and candidate.strip().casefold() in _NULLISH)


def _bounds(s: dict[str, Any], kind: str) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for key, delta in (("maximum", 1), ("exclusiveMaximum", 0), ("minimum", -1), ("exclusiveMinimum", 0)):
        bound = s.get(key)
        if _number(bound) and abs(bound) < 1e15:
            edge = bound + delta
            if kind == "integer" and not float(edge).is_integer():
                edge = int(edge) + (1 if delta >= 0 and key.startswith("max") else -1 if key.startswith("min") else 0)
            out.append(("out_of_bounds", int(edge) if kind == "integer" else edge))
    return out


def _sites(value: Any, node: Node, path: Path, out: list[tuple[Path, str, Any, Any]]) -> None:
    if path:
        out += [(path, kind, value, mutated) for kind, mutated in mutations(value, node)]
    if node.kind == "object" and isinstance(value, dict) and _safe(node):
        if node.closed:
            folded = {k.replace("_", "").replace("-", "").casefold() for k in node.props}
            extra = next(k for k in ("unexpected_field", "zz_extra", "qqq") if k.replace("_", "") not in folded)
            out.append(((*path, extra), "unexpected_field", ABSENT, 1))
        for key, child in node.props.items():
            if key in value:
                if key in node.required:
                    out.append(((*path, key), "missing_required", value[key], ABSENT))
                    if not child.nullable and (child.types or child.enum is not None):  # () types: null is valid too
                        out.append(((*path, key), "null_required", value[key], None))
                _sites(value[key], child, (*path, key), out)
    elif node.kind == "array" and isinstance(value, list) and _safe(node):
        for index, item in enumerate(value):
            child = node.prefix[index] if index < len(node.prefix) else node.items
            if child is not None:
                _sites(item, child, (*path, index), out)


def build_invalid(root: Node) -> st.SearchStrategy[InvalidCall]:
    return _calls(root)


@st.composite  # module level: building a composite inspects source, too slow per schema
def _calls(draw: st.DrawFn, root: Node) -> InvalidCall:
    intended = draw(strategy(root))
    sites: list[tuple[Path, str, Any, Any]] = []
    _sites(intended, root, (), sites)
    if not sites:
        reject()  # only possible for schemas with nothing to break; invalid() refuses those
    path, kind, original, mutated = draw(st.sampled_from(sites))
    args = copy.deepcopy(intended)
    if path:
        holder = args
        for part in path[:-1]:
            holder = holder[part]
        if mutated is ABSENT:
            del holder[path[-1]]
        else:
            holder[path[-1]] = mutated
    event(f"aacl invalid: {kind}")
    return InvalidCall(args=args, labels=(Mutation(format_path(path), kind, original, mutated),))
