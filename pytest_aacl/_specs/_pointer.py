"""JSON pointers and local `$ref`s: the one resolver the spec layer, the boundary, the oracle
and the strategies share, so a schema is addressed the same way everywhere.

`lookup(root, ref)` is the entry point for a `$ref`: it percent-decodes the fragment,
unescapes `~1`/`~0`, finds `$anchor`s, reads `definitions` and `$defs` as one another (a
schema canonicalised to 2020-12 moves one into the other), and refuses remote references.
`deref(root, node)` follows chains of `$ref`s, bounded so a cycle is an error, not a hang.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, unquote

from .._errors import SpecError

_MISSING = object()

#: Longest chain of `$ref` -> `$ref` -> ... that `deref` follows before calling it a cycle.
MAX_REF_CHAIN = 32
_DEFS = {"definitions": "$defs", "$defs": "definitions"}


def escape(token: str) -> str:
    """One pointer token, RFC 6901-escaped (`~` -> `~0`, `/` -> `~1`)."""
    return token.replace("~", "~0").replace("/", "~1")


def join(pointer: str, *tokens: str | int) -> str:
    """`pointer` extended by `tokens`: `join("/properties", "a/b")` -> `/properties/a~1b`."""
    for token in tokens:  # a loop, not a join of a generator: called for every schema node
        text = str(token)
        pointer += "/" + (escape(text) if "~" in text or "/" in text else text)
    return pointer


def split(pointer: str) -> list[str]:
    """The unescaped tokens of a JSON pointer (`""` is the root: no tokens)."""
    if not pointer:
        return []
    if "~" not in pointer:
        return pointer[1:].split("/")
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer[1:].split("/")]


def to_ref(pointer: str) -> str:
    """A `$ref` value for a pointer: escaped tokens, then percent-encoded as a URI fragment."""
    return "#" + quote(pointer, safe="/~$!&'()*+,;=:@-._")


def ref_pointer(ref: str, *, at: str) -> str:
    """The JSON pointer of a local `$ref` (`#/$defs/A%20B` -> `/$defs/A B`), or `SpecError`.

    Returns `"#name"` style anchors unchanged with a leading `#` kept, so the caller can
    look them up; remote references are refused because a tool must be self-contained.
    """
    if not isinstance(ref, str):
        raise SpecError("$ref must be a string such as \"#/$defs/Name\"", pointer=at)
    if not ref.startswith("#"):
        raise SpecError(
            f"remote $ref {ref!r} cannot be resolved; a tool schema must be self-contained: "
            "copy the referenced schema into the root \"$defs\" and use \"#/$defs/<name>\"",
            pointer=at,
        )
    fragment = unquote(ref[1:])
    if fragment and not fragment.startswith("/"):
        return "#" + fragment  # a plain-name anchor
    return fragment


def resolve(document: Any, pointer: str) -> Any:
    """The node at `pointer` in `document`, or `_MISSING` when it does not exist."""
    node = document
    for token in split(pointer):
        if isinstance(node, dict):
            node = node.get(token, _MISSING)
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            return _MISSING
        if node is _MISSING:
            return _MISSING
    return node


def exists(document: Any, pointer: str) -> bool:
    return resolve(document, pointer) is not _MISSING


def rebase(error: SpecError, base: str, *, tool: str = "") -> SpecError:
    """The same error with its pointer moved under `base` (a schema nested in a declaration),
    and naming the tool when given."""
    head = "invalid tool spec" + (f" at {error.pointer}" if error.pointer else "") + ": "
    text = str(error)
    message = text[len(head):] if text.startswith(head) else text
    return SpecError(f"{message} (tool {tool!r})" if tool else message, pointer=base + error.pointer)


def lookup(root: Any, ref: Any, *, at: str = "") -> Any:
    """The schema a local `$ref` points to in `root`, or `SpecError` naming `at`.

    Accepts `#/$defs/A%20B`, `#/definitions/a~1b`, `#` and `#name` (an `$anchor`);
    remote references are refused (a tool schema must be self-contained).
    """
    target = ref_pointer(ref, at=at)
    if target.startswith("#"):
        found = _find_anchor(root, target[1:], 0)
        if found is _MISSING:
            raise SpecError(f"$ref {ref!r} names no $anchor in this schema", pointer=at)
        return found
    found = resolve(root, target)
    if found is _MISSING:
        tokens = split(target)
        if tokens and tokens[0] in _DEFS:  # a canonicalised copy keeps one of the two names
            found = resolve(root, join("", _DEFS[tokens[0]], *tokens[1:]))
    if found is _MISSING:
        raise SpecError(f"$ref {ref!r} points to nothing in this schema", pointer=at)
    return found


def deref(root: Any, node: Any, *, at: str = "", limit: int = MAX_REF_CHAIN) -> Any:
    """`node` with its `$ref` chain followed (siblings of a `$ref` are not merged)."""
    for _ in range(limit):
        if not isinstance(node, dict) or "$ref" not in node:
            return node
        node = lookup(root, node["$ref"], at=at)
    if isinstance(node, dict) and "$ref" in node:
        raise SpecError(f"$ref chain longer than {limit} links (a cycle of references)", pointer=at)
    return node


def _find_anchor(node: Any, name: str, depth: int) -> Any:
    if depth > 200:
        return _MISSING
    if isinstance(node, dict):
        if node.get("$anchor") == name or node.get("$dynamicAnchor") == name:
            return node
        children: Any = node.values()
    elif isinstance(node, list):
        children = node
    else:
        return _MISSING
    for child in children:
        found = _find_anchor(child, name, depth + 1)
        if found is not _MISSING:
            return found
    return _MISSING
