"""Request matching that suits LLM APIs, and an index that makes replay linear.

An SDK upgrade reorders JSON keys, a retry resends the same body, a user id or cache key
changes per run: none of that should break replay.  A request is reduced once to a
canonical key (method, scheme, host, port, path, query with credential values ignored,
and the body parsed as JSON or a form, volatile fields dropped, credential fields
blanked as on disk).  Recorded requests are keyed once when the cassette opens; each
new request is keyed once and looked up, so replay costs the same per call however many
calls a cassette holds (vcrpy's default compares every request with every recorded one).
The pairwise matchers remain for vcrpy's "closest recorded request" diagnostics.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import Any
from urllib.parse import parse_qsl

from .._compat.vcr import set_responses
from ._decode import UndecodableBody, decode, encodings
from ._scrub import _MULTIPART, _QUERY_WORDS, REDACTED, Scrubber, is_credential_name, is_form

DEFAULT_VOLATILE = ("user", "metadata.user_id", "prompt_cache_key", "safety_identifier")
_DROP = object()
_CACHE_SIZE = 256


def _raw(body: Any) -> bytes:
    if body is None:
        return b""
    if hasattr(body, "read"):  # vcrpy keeps file-like bodies as BytesIO
        body = body.getvalue() if hasattr(body, "getvalue") else body.read()
    if isinstance(body, str):
        return body.encode("utf-8")
    if isinstance(body, (bytes, bytearray)):
        return bytes(body)
    return b"".join(body) if isinstance(body, list) else bytes(body)


def request_bytes(request: Any) -> bytes:
    """A request's body as recorded: decoded when it was sent compressed (the scrubber stores
    request bodies decoded, so a live compressed one must be compared decoded)."""
    raw = _raw(request.body)
    codings = encodings(dict(request.headers)) if raw else []
    if codings:
        try:
            return decode(raw, codings)
        except UndecodableBody:
            return raw
    return raw


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


class Canonical:
    """Reduces requests to what matching compares; nothing here learns new secrets."""

    def __init__(self, volatile: Iterable[str], scrubber: Scrubber) -> None:
        self.paths = [p.split(".") for p in volatile if p]
        self.scrubber = scrubber
        self._keys: dict[tuple[str, str, bytes], tuple[Any, ...]] = {}

    def body(self, body: Any) -> Any:
        raw = _raw(body)
        multipart = _MULTIPART.match(raw[:80])
        if multipart:  # its boundary is random per request; credential fields blanked as on disk
            return self.scrubber.body(raw.replace(multipart.group(1), b"aacl-boundary"))
        stripped = raw.strip()
        if stripped[:1] in (b"{", b"["):
            try:
                value = json.loads(stripped)
            except ValueError:
                pass
            else:
                for path in self.paths:
                    value = _without(value, path)
                # Credential fields are scrubbed on disk but present live: compare both scrubbed.
                return self.scrubber.data(value, learn=False)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            return raw
        if is_form(text):
            pairs = parse_qsl(self.scrubber.canonical_form(text.strip()), keep_blank_values=True)
            return sorted((k, self.scrubber.text(v)) for k, v in pairs)
        return self.scrubber.text(text)

    def query(self, request: Any) -> list[tuple[str, str]]:
        pairs = parse_qsl(request.parsed_uri.query, keep_blank_values=True)
        return sorted((k, REDACTED if v and is_credential_name(k, _QUERY_WORDS)
                       else self.scrubber.text(v)) for k, v in pairs)

    def key(self, request: Any) -> tuple[Any, ...]:
        """The index key of ``request`` (cached: vcrpy asks several times per request)."""
        raw = request_bytes(request)
        cache_key = (request.method, request.uri, raw)
        found = self._keys.get(cache_key)
        if found is None:
            self.scrubber.learn(request)  # a key sent in a header, echoed in the body
            body = self.body(raw)
            digest = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                                default=repr)
            found = (request.method.upper(), request.scheme, request.host, request.port,
                     self.scrubber.path(request.path, learn=False), tuple(self.query(request)), digest)
            if len(self._keys) >= _CACHE_SIZE:
                self._keys.clear()
            self._keys[cache_key] = found
        return found


def install_index(cassette: Any, canonical: Canonical) -> Callable[[int], None]:
    """Replace the cassette's linear scan with a keyed lookup; returns ``add(index)``,
    to be called for each interaction appended later."""
    by_key: dict[tuple[Any, ...], list[int]] = {}

    def add(index: int) -> None:
        by_key.setdefault(canonical.key(cassette.data[index][0]), []).append(index)

    for index in range(len(cassette.data)):
        add(index)

    def responses(request: Any) -> Iterator[tuple[int, Any]]:
        filtered = cassette.filter_request(request)  # vcrpy's filters, as its own scan
        if not filtered:
            return
        for index in by_key.get(canonical.key(filtered), ()):
            yield index, cassette.data[index][1]

    set_responses(cassette, responses)
    return add


def make_body_matcher(volatile: Iterable[str], scrubber: Scrubber) -> Callable[[Any, Any], None]:
    """A vcrpy matcher: raises ``AssertionError`` (with a short reason) when bodies differ."""
    canonical = Canonical(volatile, scrubber)

    def aacl_body(r1: Any, r2: Any) -> None:
        a, b = canonical.body(request_bytes(r1)), canonical.body(request_bytes(r2))
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


def make_path_matcher(scrubber: Scrubber) -> Callable[[Any, Any], None]:
    """A vcrpy matcher: paths as stored, credential-looking segments redacted on both sides."""

    def aacl_path(r1: Any, r2: Any) -> None:
        a, b = scrubber.path(r1.path, learn=False), scrubber.path(r2.path, learn=False)
        if a != b:
            raise AssertionError(f"path {a} != {b}")

    return aacl_path


def make_query_matcher(scrubber: Scrubber) -> Callable[[Any, Any], None]:
    """A vcrpy matcher: query strings as multisets, credential parameter values ignored."""
    canonical = Canonical((), scrubber)

    def aacl_query(r1: Any, r2: Any) -> None:
        a, b = canonical.query(r1), canonical.query(r2)
        if a != b:
            raise AssertionError(f"query {a} != {b}")

    return aacl_query
