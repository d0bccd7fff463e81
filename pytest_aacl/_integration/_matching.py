"""Request matchers that suit LLM APIs (registered on pytest-recording's VCR).

An SDK upgrade reorders JSON keys, a retry resends the same body, a user id or cache key
changes per run: none of that should break replay.  Bodies are compared as parsed JSON
with configured volatile fields and secret fields removed; query strings ignore the
values of secret parameters (scrubbed on disk, present in the live request).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import parse_qsl

from ._scrub import SECRET_QUERY, Scrubber

DEFAULT_VOLATILE = ("user", "metadata.user_id", "prompt_cache_key", "safety_identifier")
_DROP = object()


def _parse(body: Any) -> Any:
    if body is None:
        return b""
    if hasattr(body, "read"):  # vcrpy keeps file-like bodies as BytesIO
        body = body.getvalue() if hasattr(body, "getvalue") else body.read()
    if isinstance(body, str):
        body = body.encode("utf-8")
    if not isinstance(body, (bytes, bytearray)):
        body = b"".join(body) if isinstance(body, list) else bytes(body)
    stripped = bytes(body).strip()
    if stripped[:1] in (b"{", b"["):
        try:
            return json.loads(stripped)
        except ValueError:
            pass
    return bytes(body)


def _without(value: Any, path: list[str]) -> Any:
    """Copy of ``value`` with the dotted ``path`` removed (``*`` matches any key or index)."""
    if not path:
        return _DROP
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if head in ("*", key):
                item = _without(item, rest)
                if item is _DROP:
                    continue
            out[key] = item
        return out
    if isinstance(value, list) and (head == "*" or head.isdigit()):
        out_list = []
        for index, item in enumerate(value):
            if head in ("*", str(index)):
                item = _without(item, rest)
                if item is _DROP:
                    continue
            out_list.append(item)
        return out_list
    return value


def make_body_matcher(volatile: Iterable[str], scrubber: Scrubber) -> Callable[[Any, Any], None]:
    """A vcrpy matcher: raises ``AssertionError`` (with a short reason) when bodies differ."""
    paths = [p.split(".") for p in volatile if p]

    def canonical(body: Any) -> Any:
        value = _parse(body)
        if isinstance(value, bytes):
            return value
        for path in paths:
            value = _without(value, path)
        # Secret fields are scrubbed on disk but present live: compare both as scrubbed.
        return scrubber.data(value, learn=False)

    def aacl_body(r1: Any, r2: Any) -> None:
        a, b = canonical(r1.body), canonical(r2.body)
        if a != b:
            raise AssertionError(_difference(a, b))

    return aacl_body


def _difference(a: Any, b: Any, where: str = "body") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a:
                return f"{where}.{key} is only in the recorded request"
            if key not in b:
                return f"{where}.{key} is only in the new request"
            if a[key] != b[key]:
                return _difference(a[key], b[key], f"{where}.{key}")
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{where} has {len(a)} items in one request and {len(b)} in the other"
        for index, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _difference(x, y, f"{where}[{index}]")
    shown_a, shown_b = (repr(v)[:120] for v in (a, b))
    return f"{where} differs: {shown_a} != {shown_b}"


def query_matcher(r1: Any, r2: Any) -> None:
    """Query strings as multisets, secret parameter values ignored."""

    def canonical(request: Any) -> list[tuple[str, str]]:
        pairs = parse_qsl(request.parsed_uri.query, keep_blank_values=True)
        return sorted((k, "" if k.lower() in SECRET_QUERY else v) for k, v in pairs)

    a, b = canonical(r1), canonical(r2)
    if a != b:
        raise AssertionError(f"query {a} != {b}")
