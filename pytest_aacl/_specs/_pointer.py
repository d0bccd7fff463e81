"""JSON pointers and local `$ref`s: the addressing every importer and error message shares."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, unquote

from .._errors import SpecError

_MISSING = object()


def escape(token: str) -> str:
    """One pointer token, RFC 6901-escaped (`~` -> `~0`, `/` -> `~1`)."""
    return token.replace("~", "~0").replace("/", "~1")


def join(pointer: str, *tokens: str | int) -> str:
    """`pointer` extended by `tokens`: `join("/properties", "a/b")` -> `/properties/a~1b`."""
    return pointer + "".join("/" + escape(str(t)) for t in tokens)


def split(pointer: str) -> list[str]:
    """The unescaped tokens of a JSON pointer (`""` is the root: no tokens)."""
    if not pointer:
        return []
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
