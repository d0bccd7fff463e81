"""`array` nodes, free-form JSON values, nullable wrappers and unions.

Lists arrive as real lists, JSON or Python-literal text, or separated text (read by
`_split`).  A canonical list is recognised by one generated loop over its items.
"""

from __future__ import annotations

import ast
import json
import math
import re
from typing import Any

from .._errors import Correction
from ._base import (
    ABSENT,
    BAD,
    MAX_CORRECTIONS,
    MAX_DEPTH,
    MAX_PARSE_CHARS,
    Node,
    child_path,
    fail,
    is_null_word,
    json_key,
    plain_str,
)
from ._bulk import array_bulk, bulk_scanner, nullable_bulk
from ._recover import recover
from ._source import describe, load
from ._split import split_text

__all__ = ["any_node", "array_node", "nullable_node", "parse_literal", "union_node"]



def parse_literal(text: str) -> Any:
    """A JSON or Python literal in model text (also inside a Markdown fence), or `BAD`.

    Bounded: only texts up to `MAX_PARSE_CHARS` are parsed, and every parser error
    (including recursion and memory errors from hostile nesting) means "not a literal".
    """
    if len(text) > MAX_PARSE_CHARS:
        return BAD
    text = text.strip()
    if text.startswith("```"):
        if len(text) < 6 or not text.endswith("```"):
            return BAD
        tag, newline, body = text[3:-3].partition("\n")
        label = tag.strip()
        is_label = bool(newline) and len(label) <= 20 and (not label or label[0] not in "[{(")
        text = (body if is_label else text[3:-3]).strip()
    if not text or text[0] not in "[{(":
        return BAD
    try:
        return json.loads(text)
    except (ValueError, RecursionError, MemoryError):
        pass
    try:
        value = ast.literal_eval(text)
    except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
        return BAD
    return _join_surrogates(value) if _SURROGATE_ESCAPE.search(text) else value


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _join_surrogates(value: Any) -> Any:
    """JSON-style escaped surrogate pairs (`'\\ud83d\\ude00'`) in a Python literal are one
    character, as JSON reads them; Python would keep two lone surrogates."""
    kind = type(value)
    if kind is str:
        try:
            return value.encode("utf-16", "surrogatepass").decode("utf-16")
        except UnicodeDecodeError:  # a lone surrogate stays what it is, as in JSON
            return value
    if kind is list or kind is tuple:
        return kind(_join_surrogates(x) for x in value)
    if kind is dict:
        return {_join_surrogates(k): _join_surrogates(x) for k, x in value.items()}
    return value


def _json_value(v: Any, path: str, errs: list[Correction], depth: int) -> Any:
    kind = type(v)
    if kind is str or kind is bool or kind is int or v is None:
        return v
    if kind is float:
        return v if math.isfinite(v) else fail(errs, "TYPE_ERROR", path, "a JSON value", v, "NaN and infinities are not JSON.")
    if depth >= MAX_DEPTH:
        return fail(errs, "TOO_DEEP", path, f"at most {MAX_DEPTH} levels of nesting", "…")
    if kind is list or kind is tuple:
        items = list.copy(v) if kind is list else list(tuple.__iter__(v))
        out = [_json_value(x, f"{path}[{i}]", errs, depth + 1) for i, x in enumerate(items)]
        return v if kind is list and all(a is b for a, b in zip(out, items, strict=True)) else out
    if kind is dict or issubclass(kind, dict):
        result: dict[str, Any] = {}
        same = kind is dict
        for k, x in dict.items(v):
            key = plain_str(k)
            if key is None:
                fail(errs, "TYPE_ERROR", path, "an object with string keys", k)
                continue
            y = _json_value(x, child_path(path, key), errs, depth + 1)  # a model's key, quoted
            same = same and y is x and key is k
            result[key] = y
        return v if same else result
    text = plain_str(v)
    if text is not None:
        return text
    if issubclass(kind, (list, tuple)):
        return _json_value(list(list.__iter__(v) if issubclass(kind, list) else tuple.__iter__(v)), path, errs, depth)
    return fail(errs, "TYPE_ERROR", path, "a JSON value", v)


def any_node() -> Node:
    """A schema that accepts anything still only passes JSON values to the implementation."""

    def anything(v: Any, path: str, errs: list[Correction]) -> Any:
        return _json_value(v, path, errs, 0)

    return Node(anything, "any JSON value", fast="type(V) is str or type(V) is int or type(V) is bool")


def nullable_node(inner: Node) -> Node:
    """A nullable field: null words mean null even where a string would be valid.

    A model that sends `location="null"` for an optional string means "no location";
    passing the text "null" on would be silent corruption, so for a nullable field the
    null words are never canonical strings.
    """
    fn = inner.fn

    def nullable(v: Any, path: str, errs: list[Correction]) -> Any:
        if v is None or is_null_word(v):
            return None
        result = fn(v, path, errs)
        return None if result is ABSENT else result

    consts = {**inner.consts, "_NW": is_null_word}
    fast = f"V is None or (({inner.fast}) and (type(V) is not str or not _NW(V)))" if inner.fast else "V is None"
    expected = f"{inner.expected} or null"
    bulk = nullable_bulk(inner.bulk) if inner.fast else None
    return Node(nullable, expected, fast=fast, consts=consts, takes_text=inner.takes_text, nullable=True, spaceless=inner.spaceless, numeric=inner.numeric, bulk=bulk)


def union_node(branches: list[Node]) -> Node:
    """anyOf/oneOf: a value valid for a branch passes unchanged; otherwise every branch tries,
    and distinct readings are `AMBIGUOUS_VALUE` rather than a guess."""
    expected = "one of: " + "; ".join(b.expected for b in branches)
    fns = [b.fn for b in branches]

    def union(v: Any, path: str, errs: list[Correction]) -> Any:
        readings: dict[str, Any] = {}
        failures: list[list[Correction]] = []
        absent = False
        for fn in fns:
            local: list[Correction] = []
            result = fn(v, path, local)
            if local or result is BAD:
                failures.append(local)
            elif result is ABSENT:
                absent = True
            elif result is v:
                return v
            elif json_key(result) == json_key(v):
                return result  # the same JSON value (2.0 is the integer 2): valid as sent
            else:
                readings.setdefault(json_key(result), result)
        if len(readings) == 1:
            return next(iter(readings.values()))
        if readings:
            return fail(errs, "AMBIGUOUS_VALUE", path, expected, v, "Send the value in the exact type the field expects.")
        if absent:
            return ABSENT
        specific = [f for f in failures if f and f[0].code != "TYPE_ERROR"]
        if len(specific) == 1:
            errs.extend(specific[0])
            return BAD
        return fail(errs, "TYPE_ERROR", path, expected, v)

    fast = " or ".join(f"({b.fast})" for b in branches) if all(b.fast for b in branches) else None
    consts: dict[str, Any] = {}
    if fast is not None:  # consts must not collide across branches: rename them per branch
        parts = []
        for i, b in enumerate(branches):
            text = b.fast or ""
            for name, value in b.consts.items():
                text = re.sub(rf"\b{name}\b", f"{name}_{i}", text)
                consts[f"{name}_{i}"] = value
            parts.append(f"({text})")
        fast = " or ".join(parts)
    return Node(
        union, expected, fast=fast, consts=consts,
        takes_text=any(b.takes_text for b in branches), nullable=any(b.nullable for b in branches),
        spaceless=all(b.spaceless for b in branches), numeric=all(b.numeric for b in branches),
    )


def array_node(schema: dict[str, Any], item: Node | None, prefix: list[Node], extra_ok: bool) -> Node:
    lo, hi, unique = schema.get("minItems"), schema.get("maxItems"), schema.get("uniqueItems") is True
    of = item.expected if item is not None else "values"
    expected = f"a list of {of}" if not prefix else f"a list of {len(prefix)} items ({'; '.join(p.expected for p in prefix)})"
    if lo is not None or hi is not None:
        expected += f" with {lo or 0} to {hi} items" if hi is not None else f" with at least {lo} items"
    if unique:
        expected += ", no duplicates"
    item_fn = item.fn if item is not None else None
    # the items' inline canonical test (our own template, never user text) as one loop
    scan, one = _scanner(item) if item is not None and item.fast and not prefix else (None, None)
    if scan is not None and item is not None:
        scan = bulk_scanner(item.bulk) or scan  # the same contract as one C loop
    split_item = item or (prefix[0] if prefix else None)

    def _items_of(v: Any, path: str, errs: list[Correction]) -> list[Any] | Any:
        kind = type(v)
        if kind is tuple or issubclass(kind, tuple):
            return list(tuple.__iter__(v))
        if issubclass(kind, list):
            return list.copy(v)
        if v is None:
            return ABSENT
        if kind is dict and len(v) == 1:  # {"domains": [...]} for `domains`: the list, wrapped
            name = path.rsplit(".", 1)[-1]
            inner = v.get(name) if name and not name.endswith("]") else None
            if type(inner) is list:
                return list.copy(inner)
        text = plain_str(v)
        if text is None:
            return [v]
        if is_null_word(text):
            return ABSENT
        if len(text) > MAX_PARSE_CHARS:
            return fail(errs, "TYPE_ERROR", path, expected, v, "Send a JSON list.")
        parsed = parse_literal(text)
        if type(parsed) is list or type(parsed) is tuple:
            return list(parsed)
        if parsed is not BAD or split_item is None or (split_item.takes_text is False and text.strip()[:1] == "{"):
            return [text if parsed is BAD else parsed]
        parts = split_text(text, split_item)
        if type(parts) is tuple:
            return fail(errs, parts[0], path, expected, v, parts[1])
        return parts if len(parts) != 1 or not split_item.takes_text else [text]

    def array(v: Any, path: str, errs: list[Correction]) -> Any:
        start = 0
        if type(v) is list:
            items = v
            if scan is not None:
                start = scan(v)
                if start == len(v) and (lo is None or start >= lo) and (hi is None or start <= hi) and not unique:
                    return v
        else:
            items = _items_of(v, path, errs)
            if items is BAD or items is ABSENT:
                return items
        out: list[Any] | None = None if items is v else items
        failed = False
        for i in range(start, len(items)):
            x = items[i]
            if i < len(prefix):
                fn = prefix[i].fn
            elif item_fn is None:
                if not extra_ok:
                    return fail(errs, "TOO_LONG", path, expected, v, f"Send exactly {len(prefix)} items.")
                break
            elif one is not None and one(x):
                continue
            else:
                fn = item_fn
            ipath = f"{path}[{i}]"
            y = fn(x, ipath, errs)
            if y is BAD:
                y = recover(fn, x, None, ipath, errs)
            if y is ABSENT:
                y = fail(errs, "TYPE_ERROR", ipath, prefix[i].expected if i < len(prefix) else of, x)
            if y is BAD:
                failed = True
                if len(errs) >= MAX_CORRECTIONS:  # the call already fails; bound its cost
                    break
            elif y is not x:
                if out is None:
                    out = list(items)
                out[i] = y
        if failed:
            return BAD
        result = items if out is None else out
        n = len(result)
        if lo is not None and n < lo:
            return fail(errs, "TOO_SHORT", path, expected, v, f"Send at least {lo} items.")
        if hi is not None and n > hi:
            return fail(errs, "TOO_LONG", path, expected, v, f"Send at most {hi} items; lists are never cut.")
        if unique and n > 1 and len({json_key(x) for x in result}) != n:
            return fail(errs, "DUPLICATE_ITEMS", path, expected, v, "Remove the repeated items.")
        return result

    children = [(f"[{i}]", p) for i, p in enumerate(prefix)] + ([("[]", item)] if item is not None else [])
    describe(array, "array", children)
    if scan is None or unique:
        return Node(array, expected)
    fast = "type(V) is list and SCAN(V) == len(V)"
    if lo is not None:
        fast += f" and {int(lo)} <= len(V)"
    if hi is not None:
        fast += f" and len(V) <= {int(hi)}"
    return Node(array, expected, fast=fast, consts={"SCAN": scan}, bulk=array_bulk(item.bulk if item is not None else None, lo, hi))


def _scanner(item: Node) -> tuple[Any, Any]:
    """`scan(items)`: the index of the first item that fails the item's inline canonical
    test (`len(items)` when none does), as one generated loop: no call per item; and
    `one(item)`, the same test for one item."""
    ns: dict[str, Any] = {}
    test = item.fast or "False"
    for const, value in item.consts.items():
        ns[f"{const}_I"] = value
        test = re.sub(rf"\b{const}\b", f"{const}_I", test)
    test = re.sub(r"\bV\b", "x", test)
    src = (
        "def scan(items):\n"
        "    for x in items:\n"
        f"        if not ({test}):\n"
        "            break\n"
        "    else:\n"
        "        return len(items)\n"
        "    for i, x in enumerate(items):\n"
        f"        if not ({test}):\n"
        "            return i\n"
        "    return len(items)\n"
        "\n"
        "def one(x):\n"
        f"    return {test}\n"
    )
    scan = load(src, f"items {item.expected[:60]}", ns, "scan")
    return scan, ns["one"]
