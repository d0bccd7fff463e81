"""Secret scrubbing for recorded HTTP interactions.

Runs on every request and response before it is kept in a cassette, and once more on
the whole cassette right before it is written, so a key never reaches disk even when a
user's own vcrpy hooks replace ours.  Three nets, from precise to broad: known secret
header / query / JSON field names; the exact values found in those places (and in
``*_API_KEY``-style environment variables), replaced wherever else they occur (echoed in
an error message, in a URL path, in an unknown header); and the shapes of well-known
provider keys.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

REDACTED = "REDACTED"

SECRET_HEADERS = frozenset(
    {
        "authorization",
        "proxy-authorization",
        "x-api-key",
        "api-key",
        "x-goog-api-key",
        "openai-organization",
        "openai-project",
        "anthropic-organization-id",
        "cookie",
        "set-cookie",
        "x-amz-security-token",
        "x-auth-token",
    }
)
SECRET_QUERY = frozenset({"key", "api_key", "apikey", "api-key", "access_token", "token", "sig",
                          "signature", "client_secret", "password", "x-goog-api-key"})
# JSON field names, compared after lower-casing and dropping "-" / "_".  Bare "token" is
# left out on purpose: logprobs carry {"token": "Hello"}.
SECRET_FIELDS = frozenset({"apikey", "accesstoken", "refreshtoken", "idtoken", "clientsecret",
                           "password", "secret", "secretkey", "privatekey", "sessiontoken",
                           "authorization", "secretaccesskey", "authtoken", "xapikey"})
_SECRET_NAME = re.compile(r"(^|[-_])(api-?key|apikey|secret|password|passwd|auth-?token|"
                          r"access-?token|session-?token|authorization|cookie)([-_]|$)")
_SECRET_ENV = re.compile(r"(API_?KEY|TOKEN|SECRET|PASSWORD|ACCESS_KEY)", re.IGNORECASE)
# Shapes of real provider keys; the look-behind keeps them from firing inside base64 blobs
# (encrypted reasoning, thought signatures) that a replay must send back unchanged.
_KEY_SHAPES = re.compile(
    r"(?<![A-Za-z0-9_\-])(?:sk-[A-Za-z0-9_\-]{20,}|AIza[0-9A-Za-z_\-]{30,}|gsk_[A-Za-z0-9]{20,}"
    r"|xai-[A-Za-z0-9]{20,}|hf_[A-Za-z0-9]{30,}|AKIA[0-9A-Z]{16}|gh[pousr]_[A-Za-z0-9]{30,})"
    r"|(?<=Bearer )[A-Za-z0-9._~+/=\-]{16,}"
)
_MIN_SECRET_LEN = 8


class Scrubber:
    """Remembers every secret value it has removed, so echoes of it are removed too."""

    def __init__(self, extra_headers: Iterable[str] = (), extra_fields: Iterable[str] = ()) -> None:
        self.headers = SECRET_HEADERS | {h.lower() for h in extra_headers}
        self.fields = SECRET_FIELDS | {_norm_field(f) for f in extra_fields}
        self.values: set[str] = set()
        for name, value in os.environ.items():
            if _SECRET_ENV.search(name):
                self._remember(value)

    # -- learning -----------------------------------------------------------------------
    def _remember(self, value: Any) -> None:
        if isinstance(value, bytes):
            value = value.decode("utf-8", "replace")
        if not isinstance(value, str):
            return
        value = value.strip()
        for part in (value, value.split(" ", 1)[-1]):  # "Bearer <token>" -> also <token>
            if len(part) >= _MIN_SECRET_LEN and part != REDACTED:
                self.values.add(part)

    def is_secret_header(self, name: str) -> bool:
        low = name.lower()
        return low in self.headers or bool(_SECRET_NAME.search(low))

    # -- text -----------------------------------------------------------------------------
    def text(self, value: str) -> str:
        for secret in sorted(self.values, key=len, reverse=True):
            if secret in value:
                value = value.replace(secret, REDACTED)
        return _KEY_SHAPES.sub(REDACTED, value)

    def data(self, value: Any, learn: bool = True) -> Any:
        """Scrub text, bytes, or JSON-like structures (secret fields blanked).

        ``learn=False`` is for request matching, which must not grow the set of secrets.
        """
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, (bytes, bytearray)):
            try:
                decoded = bytes(value).decode("utf-8")
            except UnicodeDecodeError:
                return bytes(value)  # binary (e.g. still compressed): nothing readable to scrub
            return self.text(decoded).encode("utf-8")
        if isinstance(value, dict):
            out: dict[Any, Any] = {}
            for key, item in value.items():
                if isinstance(key, str) and _norm_field(key) in self.fields and item not in (None, ""):
                    if learn:
                        self._remember(item)
                    out[key] = REDACTED
                else:
                    out[key] = self.data(item, learn)
            return out
        if isinstance(value, list):
            return [self.data(item, learn) for item in value]
        return value

    def body(self, body: Any) -> Any:
        """A request/response body: JSON (or each JSON event of an SSE stream) has its secret
        fields blanked; all text has known secret values and key shapes replaced."""
        is_bytes = isinstance(body, (bytes, bytearray))
        try:
            raw = bytes(body).decode("utf-8") if is_bytes else body
        except UnicodeDecodeError:
            return bytes(body)  # binary (e.g. still compressed): nothing readable to scrub
        if not isinstance(raw, str):
            return self.data(body)
        if raw.lstrip()[:1] in ("{", "["):
            text = self._json_text(raw)
        else:  # SSE: "data: {json}" lines
            lines = raw.split("\n")
            for index, line in enumerate(lines):
                head, sep, payload = line.partition("data:")
                if sep and not head.strip() and payload.lstrip()[:1] == "{":
                    lines[index] = head + sep + self._json_text(payload)
            text = self.text("\n".join(lines))
        return text.encode("utf-8") if is_bytes else text

    def _json_text(self, raw: str) -> str:
        """Keep the original text unless a secret *field* had to be blanked."""
        parsed = _loads(raw)
        if parsed is None:
            return self.text(raw)
        cleaned = self.text(json.dumps(self.data(parsed), ensure_ascii=False))  # learns first
        text = self.text(raw)
        return text if _loads(text) == _loads(cleaned) else cleaned

    def headers_dict(self, headers: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, value in headers.items():
            if self.is_secret_header(name):
                for item in value if isinstance(value, list) else [value]:
                    self._remember(item)
                out[name] = [REDACTED] if isinstance(value, list) else REDACTED
            else:
                out[name] = self.data(value)
        return out

    def uri(self, uri: str) -> str:
        parts = urlsplit(uri)
        if parts.query:
            pairs = []
            for name, value in parse_qsl(parts.query, keep_blank_values=True):
                if name.lower() in SECRET_QUERY or _SECRET_NAME.search(name.lower()):
                    self._remember(value)
                    value = REDACTED
                pairs.append((name, value))
            parts = parts._replace(query=urlencode(pairs, safe=":/,*"))
        return self.text(urlunsplit(parts))

    # -- vcrpy objects --------------------------------------------------------------------
    def request(self, request: Any) -> Any:
        """Scrub a ``vcr.request.Request`` in place (vcrpy hands hooks a copy)."""
        for name in list(request.headers):
            if self.is_secret_header(name):
                self._remember(request.headers[name])
                request.headers[name] = REDACTED
        request.uri = self.uri(request.uri)
        if request.body:
            request.body = self.body(request.body)
        for name in list(request.headers):
            request.headers[name] = self.text(str(request.headers[name]))
        return request

    def response(self, response: dict[str, Any]) -> dict[str, Any]:
        """Scrub a vcrpy response dict (headers, body) and return it."""
        response["headers"] = self.headers_dict(response.get("headers") or {})
        body = response.get("body")
        if isinstance(body, dict) and body.get("string") is not None:
            before = body["string"]
            body["string"] = self.body(before)
            if body["string"] != before:
                _fix_content_length(response["headers"], body["string"])
        return response

    def interaction_dict(self, interaction: dict[str, Any]) -> dict[str, Any]:
        """Scrub a serialised ``{"request": ..., "response": ...}`` pair (the last net)."""
        req = interaction.get("request") or {}
        req["headers"] = self.headers_dict(req.get("headers") or {})
        if isinstance(req.get("uri"), str):
            req["uri"] = self.uri(req["uri"])
        if req.get("body") is not None:
            req["body"] = self.body(req["body"])
        interaction["response"] = self.response(interaction.get("response") or {})
        return interaction


def _loads(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None


def _norm_field(name: str) -> str:
    return name.lower().replace("-", "").replace("_", "")


def _fix_content_length(headers: dict[str, Any], body: Any) -> None:
    size = len(body.encode("utf-8") if isinstance(body, str) else body)
    for name in headers:
        if name.lower() == "content-length":
            headers[name] = [str(size)] if isinstance(headers[name], list) else str(size)
