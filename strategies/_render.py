"""All model-style renderings of one value at one schema node, simplest first.

Dispatch lives here together with the container families (lists, objects, key case);
scalar and date families live in `_scalars` and `_dates`.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ._dates import dates, datetimes, times
from ._scalars import NULL_WORDS, Rendering, booleans, enums, null_words, numbers, strings, wrapped
from ._schema import SNAKE, Node
from ._space import space_renderings
from .families import RANK
from .families import Family as F

__all__ = ["key_variants", "list_text_families", "list_text_union", "named_object", "no_spaces",
           "null_for_optional", "render"]

_NO_SPACE_FORMATS = frozenset({"hostname", "email", "uri", "ipv4"})
_NUMBERISH = re.compile(r"[+-]?[0-9]{1,3}(?:[, _][0-9]{3})+(?:\.[0-9]+)?|[+-]?[0-9]+,[0-9]+")
_NULLISH = frozenset(w.strip().casefold() for w in NULL_WORDS)
_PY_LITERAL_LIMIT = 100_000
#: characters str.splitlines() breaks on: an item holding one cannot be joined into text.
_LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


def render(value: Any, node: Node) -> list[Rendering]:
    """Every rendering the boundary must read back as `value`, ordered simplest first."""
    seen: dict[tuple[str, str], Rendering] = {}
    for family, rendered, ambiguous in _render(value, node):
        if _distinct(rendered, value):
            seen.setdefault((type(rendered).__name__, repr(rendered)), Rendering(family, rendered, ambiguous))
    return sorted(seen.values(), key=lambda r: (RANK[r.family], len(repr(r.rendered))))


def _distinct(rendered: Any, value: Any) -> bool:
    return type(rendered) is not type(value) or rendered != value


def _render(value: Any, node: Node) -> list[Rendering]:
    kind = node.kind
    if value is None:
        if not node.nullable or kind is None:
            return []
        taken = {v.strip().casefold() for v in node.enum or () if isinstance(v, str)}
        words = [r for r in null_words() if r[1].strip().casefold() not in taken]
        if _free_text(node):  # "na", "n/a", "none", "" are ordinary text: only the null words of code
            words = [r for r in words if r[1].strip() in _CODE_NULLS]
        return words
    if kind is None:
        return _union_list_text(value, node) if isinstance(value, list) else []
    if kind == "array" and isinstance(value, list):
        return _lists(value, node)
    if kind == "object" and isinstance(value, dict):
        return _objects(value, node)
    out = _scalar(value, node, kind) + space_renderings(value, node)
    if out or (kind in _SCALAR_KINDS and _json_type_fits(value, kind)):
        # models send a single value as a one-item list (BFCL: ["Ticket to Ride"])
        out = [*out, Rendering(F.SCALAR_AS_LIST, [value], False)]
    return out


_SCALAR_KINDS = ("boolean", "integer", "number", "string")
_CODE_NULLS = frozenset({"null", "None", "NULL", "undefined"})


def _free_text(node: Node) -> bool:
    """A string field any text fits (no format, enum or pattern): a project may be called "na"."""
    return node.kind == "string" and node.fmt is None and node.enum is None and "pattern" not in node.schema


#: what a description (or a field name) says the text form of a list is, per family
_DECLARED = (
    (F.LIST_CSV, re.compile(r"comma[- ]?(?:separated|delimited)|separated by (?:a )?commas?|(?:^|_)csv(?:$|_)", re.I)),
    (F.LIST_SEMICOLON, re.compile(r"semi-?colon[- ]?(?:separated|delimited)|separated by (?:a )?semi-?colons?", re.I)),
    (F.LIST_NEWLINES, re.compile(r"newline[- ]?(?:separated|delimited)|one per line|separated by (?:a )?newlines?", re.I)),
    (F.LIST_SPACES, re.compile(r"(?:white)?space[- ]?(?:separated|delimited)|separated by (?:white)?spaces?", re.I)),
)


def list_text_union(node: Node) -> tuple[Node, Node] | None:
    """(array branch, string branch) of a union that takes a list or a text (`list[str] | str`,
    the LLM-friendly signature), else None."""
    arrays = [b for b in node.branches if b.kind == "array" and b.items is not None and not b.prefix]
    texts = [b for b in node.branches if b.kind == "string" and b.enum is None and b.fmt is None]
    return (arrays[0], texts[0]) if len(arrays) == 1 and texts else None


def list_text_families(node: Node) -> set[str]:
    """The list families a list-or-text union's description or name declares its text to be.

    Why only declared ones: without a word saying so, `"a,b"` may well be one item (a title
    with a comma), so the fuzzer cannot claim the tool must read it as a list (advice instead).
    """
    if list_text_union(node) is None:
        return set()
    schema = node.schema if isinstance(node.schema, dict) else {}
    words = " ".join(str(schema.get(k) or "") for k in ("description", "title"))
    return {family for family, pattern in _DECLARED
            if pattern.search(words) or (node.name and pattern.search(node.name))}


def _union_list_text(value: list[Any], node: Node) -> list[Rendering]:
    """A list sent as the text its list-or-text union declares: "the text form of a list
    means that list" (a metamorphic relation, only where the schema says so)."""
    declared = list_text_families(node)
    pair = list_text_union(node)
    if not declared or pair is None:
        return []
    return [r for r in _lists(value, pair[0]) if r[0] in declared and isinstance(r[1], str)]


def _json_type_fits(value: Any, kind: str) -> bool:
    if kind == "boolean":
        return isinstance(value, bool)
    if kind in ("integer", "number"):
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, str)


def _scalar(value: Any, node: Node, kind: str) -> list[Rendering]:
    if node.enum is not None:
        return enums(value, node.enum, node.synonyms) if value in node.enum else []
    if kind == "boolean" and isinstance(value, bool):
        return booleans(value)
    if kind in ("integer", "number") and isinstance(value, (int, float)) and not isinstance(value, bool):
        return numbers(value, integer_field=kind == "integer")
    if kind == "string" and isinstance(value, str):
        if node.fmt == "date":
            return dates(value, node.date_order) + wrapped(value, node)
        if node.fmt == "date-time":
            return datetimes(value, node.naive_datetime) + wrapped(value, node)
        if node.fmt == "time":
            return times(value) + wrapped(value, node)
        plain = strings(value, node.fmt) if "pattern" not in node.schema or node.fmt is None else []
        return plain + wrapped(value, node)
    return []


def _item_node(node: Node) -> Node | None:
    return None if node.prefix else node.items


def _lists(value: list[Any], node: Node) -> list[Rendering]:
    out: list[Rendering] = [(F.LIST_JSON_STRING, json.dumps(value), False)]
    literal = repr(value)
    if _literal_safe(value) and len(literal) < _PY_LITERAL_LIMIT:
        out.append((F.LIST_PYTHON_LITERAL, literal, False))
        escaped = _escape_non_ascii(literal)
        if escaped != literal:
            out.append((F.LIST_PYTHON_ESCAPED, escaped, False))
    item = _item_node(node)
    if item is None or not value:
        return out
    type_name = _TYPE_NAMES.get(item.kind or "")
    if type_name is not None and all(_json_type_fits(v, item.kind or "") for v in value):
        out.append((F.LIST_TYPED_ITEMS, [{"type": type_name, "value": v} for v in value], False))
    if len(value) == 1:
        scalar = value[0]
        if (_joinable(scalar, "") is not None and not isinstance(scalar, str)) or _plain_word(scalar, item):
            out.append((F.LIST_SINGLE_SCALAR, scalar, False))
        return out
    texts = [_joinable(v, ",;") for v in value]
    if any(t is None for t in texts) or any(isinstance(v, str) and not _plain_word(v, item) for v in value):
        return out
    words: list[str] = [t for t in texts if t is not None]
    numeric = item.kind in ("integer", "number")
    # brackets or quotes in an item make separated text read as code or a nested value:
    # a careful reader asks for a JSON list instead of splitting it
    nested = any(ch in w for w in words for ch in "()[]{}\"'")
    for family, sep in ((F.LIST_CSV, ","), (F.LIST_CSV, ", "), (F.LIST_SEMICOLON, ";"),
                        (F.LIST_SEMICOLON, "; "), (F.LIST_NEWLINES, "\n")):
        joined = sep.join(words)
        out.append((family, joined, nested or (numeric and bool(_NUMBERISH.fullmatch(joined)))))
    if no_spaces(item) and not any(w.casefold() == "and" for w in words):
        joined = " ".join(words)
        out.append((F.LIST_SPACES, joined, nested or (numeric and bool(_NUMBERISH.fullmatch(joined)))))
        prose = f"{words[0]} and {words[1]}" if len(words) == 2 else f"{', '.join(words[:-1])} and {words[-1]}"
        out.append((F.LIST_AND, prose, nested))
    return out


#: the type word a model writes in a {"type": ..., "value": ...} item wrapper
_TYPE_NAMES = {"boolean": "boolean", "integer": "integer", "number": "float", "string": "string"}


def _escape_non_ascii(literal: str) -> str:
    """A Python literal as models write it with escapes: 'München' -> 'M\\u00fcnchen'."""
    return "".join(c if ord(c) < 128 else (f"\\u{ord(c):04x}" if ord(c) < 0x10000 else f"\\U{ord(c):08x}")
                   for c in literal)


def _joinable(value: Any, separators: str) -> str | None:
    """The text of one list item inside a joined rendering, or None when it cannot be joined."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if not isinstance(value, str) or not value or value != value.strip():
        return None
    if any(c in value for c in separators + _LINE_BREAKS) or value[0] in "[{\"'(" or value.casefold() in _NULLISH:
        return None
    return value


def _plain_word(value: Any, item: Node) -> bool:
    """A string item that reads as itself when split out of text (no separators, no spaces
    where the boundary would split on whitespace, nothing that parses as JSON or null)."""
    if not isinstance(value, str) or _joinable(value, ",;") is None:
        return False
    return not (no_spaces(item) and any(c.isspace() for c in value))


def no_spaces(item: Node) -> bool:
    """The item schema rules out whitespace, so splitting on it is safe (the boundary's rule)."""
    if item.kind in ("integer", "number", "boolean"):
        return True
    if item.enum is not None:
        return all(not isinstance(v, str) or not any(c.isspace() for c in v) for v in item.enum)
    return item.kind == "string" and item.fmt in _NO_SPACE_FORMATS


def _literal_safe(value: Any) -> bool:
    if value is None or isinstance(value, (bool, int, float, str)):
        return not isinstance(value, float) or value == value
    if isinstance(value, list):
        return all(_literal_safe(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _literal_safe(v) for k, v in value.items())
    return False


def _objects(value: dict[str, Any], node: Node) -> list[Rendering]:
    text = json.dumps(value)
    out: list[Rendering] = [(F.OBJECT_JSON_STRING, text, False),
                            (F.OBJECT_JSON_STRING, json.dumps(value, indent=2), False),
                            (F.OBJECT_CODE_FENCE, f"```json\n{text}\n```", False),
                            (F.OBJECT_CODE_FENCE, f"```\n{json.dumps(value, indent=2)}\n```", False)]
    literal = repr(value)
    if value and _literal_safe(value) and len(literal) < _PY_LITERAL_LIMIT:
        out.append((F.OBJECT_PYTHON_LITERAL, literal, False))
    for key in value:
        for variant in key_variants(key, node):
            renamed = {variant if k == key else k: v for k, v in value.items()}
            out.append((F.KEY_CASE, renamed, False))
    return out


def _to_snake(key: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", key).replace("-", "_").lower()


def key_variants(key: str, node: Node) -> list[str]:
    """camelCase / kebab-case / PascalCase spellings of a snake_case property that map back
    to it alone (closed objects only: elsewhere another key is simply another key)."""
    if not node.closed or node.exotic or key not in node.props or not SNAKE.fullmatch(key):
        return []
    parts = key.split("_")
    camel = parts[0] + "".join(p.capitalize() for p in parts[1:])
    candidates = [camel, camel[0].upper() + camel[1:], key.replace("_", "-")]
    folded = [p.replace("_", "").casefold() for p in node.props]
    out = []
    for variant in candidates:
        if variant in node.props or _to_snake(variant) != key:
            continue
        if folded.count(variant.replace("-", "").casefold()) == 1:
            out.append(variant)
    return out


def named_object(key: str, value: Any, node: Node) -> list[Rendering]:
    """A property's value wrapped in an object keyed by the property's own name
    (`{"location": "Seattle"}` for `location`); never where an object is itself a value."""
    if value is None or not node.types or "object" in node.types or node.never:
        return []
    # for a list field the wrapper also reads as a one-item list of that object (an item
    # may even have a property of that name), so a reader may rightly ask instead
    return [Rendering(F.VALUE_NAMED_OBJECT, {key: value}, "array" in node.types)]


def null_for_optional(child: Node) -> list[Rendering]:
    """An absent optional field sent anyway: JSON null, or a null word for a non-string field."""
    out = [Rendering(F.NULL_FOR_OPTIONAL, None, False)]
    if child.kind in ("boolean", "integer", "number") and child.enum is None:
        out += [Rendering(F.NULL_FOR_OPTIONAL, w, False) for w in NULL_WORDS]
    return out
