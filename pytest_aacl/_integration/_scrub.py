"""Secret scrubbing for recorded HTTP interactions: deny by default.

Runs on every interaction before it is kept, and twice more over the whole cassette right
before it is written (once to learn every secret value, once to replace them), so a key
never reaches disk even when a user's own vcrpy hooks replace ours.  The nets:

* headers: every value is ``REDACTED`` unless the header is on an allow-list of harmless
  ones (``content-type``, ``x-ratelimit-*``, ...); URL-valued ones (``location``) are
  scrubbed as URLs;
* URLs: user-info, and query parameters whose name suggests a credential;
* JSON bodies (also each event of an SSE stream) and form-encoded bodies: any field whose
  name suggests a credential (``token``, ``auth``, ``client_secret``, ``x-api-key``, ...),
  at any depth, requests and responses alike; numbers are never credentials;
* values: everything removed above, the values of the providers' SDK environment
  variables and of any ``*_API_KEY`` / ``*_TOKEN`` / ``*_SECRET`` variable, and configured
  ones, are replaced wherever they occur (a path segment, an echoed error), also
  URL-encoded and base64-encoded at any alignment;
* shapes of well-known provider keys (``sk-...``, ``AIza...``);
* bodies are scrubbed in their decoded form: a compressed request body (gzip, deflate, br,
  zstd) is stored decoded, without its ``content-encoding`` (as responses are), multipart
  form fields are read part by part, JSON inside a JSON string is read as JSON, and bytes
  that are not text still lose every learned secret;
* URL path segments that look like credentials: known key shapes (``sk-``, ``sk-ant-``,
  ``AIza``, ``ghp_``, ``xoxb-``, ``bot<digits>:<token>``) and random-looking runs (see
  :func:`random_looking`).
"""

from __future__ import annotations

import base64
import json
import math
import os
import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import parse_qsl, quote, quote_plus, unquote, urlencode, urlsplit, urlunsplit

from ._decode import decode, encodings

REDACTED = "REDACTED"

SAFE_HEADERS = frozenset({
    "accept", "accept-encoding", "accept-language", "accept-ranges", "age", "allow",
    "alt-svc", "anthropic-beta", "anthropic-version", "cache-control", "cf-cache-status",
    "content-encoding",
    "cf-ray", "connection", "content-disposition", "content-language", "content-length",
    "content-type", "date", "etag", "expires", "host", "keep-alive", "last-modified",
    "openai-model", "openai-processing-ms", "openai-version", "pragma", "request-id",
    "retry-after", "retry-after-ms", "server", "strict-transport-security", "te", "trailer",
    "transfer-encoding", "user-agent", "vary", "via", "x-content-type-options",
    "x-envoy-upstream-service-time", "x-request-id", "x-goog-api-client",
    "x-should-retry", "x-robots-tag", "x-frame-options", "x-xss-protection",
})
SAFE_HEADER_PREFIXES = ("x-stainless-", "x-ratelimit-", "anthropic-ratelimit-", "access-control-")
URL_HEADERS = frozenset({"location", "content-location", "link", "referer", "origin"})
# Words that, inside a field / parameter / header name, mark its value as a credential.
# "signature" stays out of JSON: Anthropic / Gemini signatures are not secrets and must
# round-trip; as a query parameter (``sig=`` of a signed URL) it is one.
_CREDENTIAL_WORDS = frozenset({
    "key", "apikey", "token", "secret", "password", "passwd", "pwd", "passphrase", "auth",
    "authorization", "credential", "credentials", "cookie", "session", "sessionid", "bearer",
    "jwt", "otp", "assertion", "privatekey", "accesstoken", "refreshtoken", "idtoken",
    "clientsecret", "authtoken", "secretkey", "sessiontoken", "xapikey", "apitoken",
})
_QUERY_WORDS = _CREDENTIAL_WORDS | {"sig", "signature", "code"}
_FORM_WORDS = _CREDENTIAL_WORDS | {"code", "verifier", "username"}
_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
# Environment variables read by the providers' SDKs, plus any name shaped like a secret.
SDK_ENV = ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "GEMINI_API_KEY",
           "GOOGLE_API_KEY", "GROQ_API_KEY", "OPENROUTER_API_KEY", "MISTRAL_API_KEY",
           "COHERE_API_KEY", "CO_API_KEY", "XAI_API_KEY", "DEEPSEEK_API_KEY", "TOGETHER_API_KEY",
           "FIREWORKS_API_KEY", "PERPLEXITY_API_KEY", "AZURE_OPENAI_API_KEY", "AZURE_API_KEY",
           "CEREBRAS_API_KEY", "VOYAGE_API_KEY", "HF_TOKEN", "HUGGING_FACE_HUB_TOKEN",
           "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_BEARER_TOKEN_BEDROCK")
_SECRET_ENV = re.compile(r"(API_?KEY|TOKEN|SECRET|PASSWORD|ACCESS_KEY)", re.IGNORECASE)
_KEY_SHAPES = re.compile(
    r"(?<![A-Za-z0-9_\-])(?:sk-[A-Za-z0-9_\-]{20,}|AIza[0-9A-Za-z_\-]{30,}|gsk_[A-Za-z0-9]{20,}"
    r"|xai-[A-Za-z0-9]{20,}|hf_[A-Za-z0-9]{30,}|AKIA[0-9A-Z]{16}|gh[pousr]_[A-Za-z0-9]{30,})"
    r"|(?<=Bearer )[A-Za-z0-9._~+/=\-]{16,}"
)
_FORM = re.compile(r"^[\w.\-~%+*]+=[^&\s]*(?:&[\w.\-~%+*]+=[^&\s]*)*$")
_MIN_SECRET_LEN = 8
# A URL path segment that is a key: a provider's key shape, or a Telegram-style bot token.
_KEY_SEGMENT = re.compile(
    r"(?:sk-(?:ant-|proj-)?[A-Za-z0-9_\-]{16,}|AIza[0-9A-Za-z_\-]{30,}|gh[pousr]_[A-Za-z0-9]{20,}"
    r"|github_pat_[A-Za-z0-9_]{20,}|xox[abposr]-[A-Za-z0-9\-]{10,}|gsk_[A-Za-z0-9]{20,}"
    r"|xai-[A-Za-z0-9]{20,}|hf_[A-Za-z0-9]{20,}|AKIA[0-9A-Z]{16})")
_BOT_SEGMENT = re.compile(r"(bot)(\d{4,}:[A-Za-z0-9_\-]{20,})")
_RUN = re.compile(r"[A-Za-z0-9]{20,}")
#: object ids providers put in paths (``/v1/responses/resp_...``): named, so not secrets
_ID_PREFIXES = ("chatcmpl", "resp", "msg", "file", "asst", "thread", "run", "call", "batch",
                "toolu", "req", "ft", "ftjob", "org", "proj", "user", "vs", "step", "cmpl",
                "gen", "evt", "modr", "cachedContents", "operations", "tunedModels", "corpora")
#: Shannon entropy, in bits per character, from which a 20+ character run of letters and
#: digits counts as random (a key); English words and dates score well below it, 20 random
#: hex digits about 3.6, 20 random base-62 characters about 4.0.
ENTROPY_BITS = 3.5
_MULTIPART = re.compile(rb"--([!-~]{1,70})\r?\n")
_MAX_NESTED_JSON = 4


# A last word that describes a credential without being one: token_type, key_count, ...
_DESCRIBES = frozenset({"type", "types", "kind", "count", "limit", "limits", "usage", "details",
                        "format", "name", "length", "expires", "expiry", "ttl", "hint"})


def is_credential_name(name: str, words: frozenset[str] = _CREDENTIAL_WORDS) -> bool:
    """Whether a header / field / parameter name suggests its value is a credential."""
    parts = [w.lower() for w in _WORD.findall(name)]
    if parts and parts[-1] in _DESCRIBES:
        return False
    return not words.isdisjoint(parts) or re.sub(r"[^a-z0-9]", "", name.lower()) in words


def random_looking(segment: str) -> bool:
    """Whether a URL path segment holds a random-looking run: at least 20 letters and
    digits, both present, with entropy of :data:`ENTROPY_BITS` or more per character, and
    not behind an object-id prefix (``resp_``, ``file-``, ...).  ``/v1/chat/completions``,
    model names (``gpt-4o-mini-2024-07-18``) and UUIDs have no such run."""
    head = re.split(r"[-_]", segment, maxsplit=1)[0]
    if head != segment and head in _ID_PREFIXES:
        return False
    for run in _RUN.findall(segment):
        if any(c.isdigit() for c in run) and any(c.isalpha() for c in run):
            counts = [run.count(c) for c in set(run)]
            entropy = -sum(n / len(run) * math.log2(n / len(run)) for n in counts)
            if entropy >= ENTROPY_BITS:
                return True
    return False


def encoded_forms(secret: str) -> set[str]:
    """``secret`` as it may appear: plain, URL-encoded, and base64 (standard and URL-safe)
    at each of the three alignments, trimmed to the characters that depend on it only."""
    raw = secret.encode("utf-8")
    forms = {secret, quote(secret, safe=""), quote_plus(secret)}
    for pad in range(3):
        for encode in (base64.b64encode, base64.urlsafe_b64encode):
            full = encode(b"\0" * pad + raw).decode("ascii").rstrip("=")
            start = -(-pad * 8 // 6)
            end = len(full) - (0 if (pad + len(raw)) % 3 == 0 else 1)
            core = full[start:end]
            if len(core) >= _MIN_SECRET_LEN:
                forms.add(core)
    return forms


class Scrubber:
    """Remembers every secret value it has removed, so echoes of it are removed too."""

    def __init__(self, extra_headers: Iterable[str] = (), extra_fields: Iterable[str] = (),
                 secret_env: Iterable[str] = ()) -> None:
        self.extra_headers = {h.lower() for h in extra_headers}
        self.extra_fields = {_norm(f) for f in extra_fields}
        self.values: set[str] = set()
        self._pattern: re.Pattern[str] | None = None
        self._nested = 0  # JSON-in-a-string levels being read
        self.written: list[str] = []  # cassettes saved: scanned again at the session's end
        named = set(SDK_ENV) | set(secret_env)
        for name, value in os.environ.items():
            if name in named or _SECRET_ENV.search(name):
                self.remember(value)

    # -- learning ---------------------------------------------------------------------
    def remember(self, value: Any) -> None:
        if isinstance(value, bytes):
            value = value.decode("utf-8", "replace")
        if not isinstance(value, str):
            return
        for part in _parts(value.strip()):
            if len(part) >= _MIN_SECRET_LEN and part != REDACTED and part not in self.values:
                self.values.add(part)
                self._pattern = None

    def learn(self, request: Any) -> None:
        """Learn the credentials a live request carries (headers, user-info, query), so its
        echoes elsewhere are recognised, as on disk; nothing is changed."""
        for name, value in request.headers.items():
            low = name.lower()
            if low in ("authorization", "proxy-authorization", "cookie") or is_credential_name(low):
                self.remember(value)
        parts = urlsplit(request.uri)
        if "@" in parts.netloc:
            for piece in parts.netloc.rpartition("@")[0].split(":"):
                self.remember(piece)
        for name, value in parse_qsl(parts.query, keep_blank_values=True):
            if is_credential_name(name, _QUERY_WORDS):
                self.remember(value)

    def _secret_field(self, name: str) -> bool:
        return _norm(name) in self.extra_fields or is_credential_name(name)

    # -- text ---------------------------------------------------------------------------
    def text(self, value: str) -> str:
        if self.values:
            if self._pattern is None:
                forms = {f for v in self.values for f in encoded_forms(v)}
                self._pattern = re.compile("|".join(
                    re.escape(f) for f in sorted(forms, key=len, reverse=True)))
            value = self._pattern.sub(REDACTED, value)
        return _KEY_SHAPES.sub(REDACTED, value)

    def data(self, value: Any, learn: bool = True) -> Any:
        """Scrub text, bytes, or JSON-like structures (credential fields blanked).

        ``learn=False`` is for request matching, which must not grow the set of secrets.
        """
        if isinstance(value, str):
            if value.lstrip()[:1] in ("{", "[") and self._nested < _MAX_NESTED_JSON:
                self._nested += 1  # JSON inside a JSON string (tool-call arguments, ...)
                try:
                    return self._json_text(value)
                finally:
                    self._nested -= 1
            return self.text(value)
        if isinstance(value, (bytes, bytearray)):
            try:
                decoded = bytes(value).decode("utf-8")
            except UnicodeDecodeError:
                return bytes(value)
            return self.text(decoded).encode("utf-8")
        if isinstance(value, dict):
            logprob = "logprob" in value  # {"token": "Hello", "logprob": -0.1} is not a secret
            out: dict[Any, Any] = {}
            for key, item in value.items():
                if isinstance(key, str) and not (logprob and key in ("token", "bytes")) \
                        and self._secret_field(key):
                    out[key] = self._blank(item, learn)
                else:
                    out[key] = self.data(item, learn)
            return out
        if isinstance(value, list):
            return [self.data(item, learn) for item in value]
        return value

    def _blank(self, value: Any, learn: bool) -> Any:
        """Every string under a credential name becomes ``REDACTED`` (numbers stay)."""
        if isinstance(value, dict):
            return {k: self._blank(v, learn) for k, v in value.items()}
        if isinstance(value, list):
            return [self._blank(v, learn) for v in value]
        if isinstance(value, str) and value:
            if learn:
                self.remember(value)
            return REDACTED
        return value

    def body(self, body: Any) -> Any:
        """A request/response body: JSON, SSE events of JSON, or a form; then all text."""
        is_bytes = isinstance(body, (bytes, bytearray))
        if isinstance(body, str) and _MULTIPART.match(body.encode("utf-8", "replace")[:80]):
            scrubbed = self.body(body.encode("utf-8"))
            return scrubbed.decode("utf-8") if isinstance(scrubbed, bytes) else scrubbed
        if is_bytes and _MULTIPART.match(bytes(body[:80])):
            return self._multipart(bytes(body))
        try:
            raw = bytes(body).decode("utf-8") if is_bytes else body
        except UnicodeDecodeError:
            return self._binary(bytes(body))
        if not isinstance(raw, str):
            return self.data(body)
        stripped = raw.strip()
        if stripped[:1] in ("{", "["):
            text = self._json_text(raw)
        elif _FORM.match(stripped):
            text = self.text(self._form(stripped))
        else:  # SSE: "data: {json}" lines
            lines = raw.split("\n")
            for index, line in enumerate(lines):
                head, sep, payload = line.partition("data:")
                if sep and not head.strip() and payload.lstrip()[:1] == "{":
                    lines[index] = head + sep + self._json_text(payload)
            text = self.text("\n".join(lines))
        return text.encode("utf-8") if is_bytes else text

    def _binary(self, data: bytes) -> bytes:
        """Bytes that are not UTF-8 (audio, images, a file part): every learned secret and
        key shape is still replaced, read byte for byte (latin-1)."""
        return self.text(data.decode("latin-1")).encode("latin-1", "replace")

    def _multipart(self, data: bytes) -> bytes:
        """A ``multipart/form-data`` body, part by part: a field named like a credential is
        blanked, every other part is scrubbed as a body of its own."""
        match = _MULTIPART.match(data)
        assert match is not None
        delimiter = b"--" + match.group(1)
        pieces = data.split(delimiter)
        for index in range(1, len(pieces)):
            piece = pieces[index]
            head, sep, content = piece.partition(b"\r\n\r\n")
            if not sep:
                head, sep, content = piece.partition(b"\n\n")
            if not sep:
                continue  # the closing "--" and the epilogue
            end = b"\r\n" if content.endswith(b"\r\n") else b"\n" if content.endswith(b"\n") else b""
            value = content[: len(content) - len(end)]
            name = re.search(r'\bname="([^"]*)"', head.decode("latin-1"))
            if name and value and (is_credential_name(name.group(1), _FORM_WORDS)
                                   or _norm(name.group(1)) in self.extra_fields):
                self.remember(value)
                value = REDACTED.encode()
            else:
                scrubbed = self.body(value)
                value = scrubbed if isinstance(scrubbed, bytes) else scrubbed.encode("utf-8")
            pieces[index] = self._binary(head) + sep + value + end
        return delimiter.join(pieces)

    def _form(self, text: str, learn: bool = True) -> str:
        pairs = []
        for name, value in parse_qsl(text, keep_blank_values=True):
            if value and (is_credential_name(name, _FORM_WORDS) or _norm(name) in self.extra_fields):
                if learn:
                    self.remember(value)
                value = REDACTED
            pairs.append((name, value))
        return urlencode(pairs)

    def _json_text(self, raw: str) -> str:
        """Keep the original text unless a credential *field* had to be blanked."""
        parsed = _loads(raw)
        if parsed is None:
            return self.text(raw)
        cleaned = self.text(json.dumps(self.data(parsed), ensure_ascii=False))  # learns first
        text = self.text(raw)
        return text if _loads(text) == _loads(cleaned) else cleaned

    def header(self, name: str, value: Any) -> Any:
        """One header value (a string or a list of them), deny by default."""
        if isinstance(value, list):
            return [self.header(name, v) for v in value]
        low = name.lower()
        if isinstance(value, bytes):
            value = value.decode("latin-1")
        if low in URL_HEADERS:
            return self.uri(str(value))
        if low not in self.extra_headers and (
                low in SAFE_HEADERS or low.startswith(SAFE_HEADER_PREFIXES)):
            return self.text(str(value))
        if low in ("authorization", "proxy-authorization", "cookie", "set-cookie") \
                or is_credential_name(low):
            self.remember(value)
        return REDACTED

    def headers_dict(self, headers: dict[str, Any]) -> dict[str, Any]:
        return {name: self.header(name, value) for name, value in headers.items()}

    def uri(self, uri: str, learn: bool = True) -> str:
        parts = urlsplit(uri)
        if "@" in parts.netloc:
            userinfo, _, hostport = parts.netloc.rpartition("@")
            if learn:
                for piece in userinfo.split(":"):
                    self.remember(piece)
            parts = parts._replace(netloc=f"{REDACTED}:{REDACTED}@{hostport}")
        if parts.query:
            pairs = []
            for name, value in parse_qsl(parts.query, keep_blank_values=True):
                if value and is_credential_name(name, _QUERY_WORDS):
                    if learn:
                        self.remember(value)
                    value = REDACTED
                pairs.append((name, value))
            parts = parts._replace(query=urlencode(pairs, safe=":/,*"))
        return self.text(urlunsplit(parts._replace(path=self.path(parts.path, learn))))

    def path(self, path: str, learn: bool = True) -> str:
        """A URL path with credential-looking segments redacted (``/bot<token>/``, ``/keys/sk-...``)."""
        segments = path.split("/")
        for index, segment in enumerate(segments):
            text = unquote(segment)
            bot = _BOT_SEGMENT.fullmatch(text)
            if bot:
                secret, kept = bot.group(2), bot.group(1) + REDACTED
            elif _KEY_SEGMENT.fullmatch(text) or random_looking(text):
                secret, kept = text, REDACTED
            else:
                continue
            if learn:
                self.remember(secret)
            segments[index] = kept
        return self.text("/".join(segments))

    # -- vcrpy objects ------------------------------------------------------------------
    def request(self, request: Any) -> Any:
        """Scrub a ``vcr.request.Request`` in place (give it a copy) and return it.

        A compressed body is stored decoded, without its ``content-encoding`` (as responses
        are), so it can be scrubbed and read; matching decodes live requests the same way.
        Raises :class:`~._decode.UndecodableBody` when it cannot be decoded here.
        """
        codings = encodings(dict(request.headers)) if request.body else []
        if codings:
            body = request.body
            request.body = decode(body.encode("utf-8") if isinstance(body, str) else bytes(body), codings)
            for name in [n for n in request.headers if n.lower() == "content-encoding"]:
                del request.headers[name]
        for name in list(request.headers):
            request.headers[name] = self.header(name, request.headers[name])
        request.uri = self.uri(request.uri)
        if request.body:
            request.body = self.body(request.body)
            if codings:
                for name in [n for n in request.headers if n.lower() == "content-length"]:
                    request.headers[name] = str(len(_raw_bytes(request.body)))
        return request

    def response(self, response: dict[str, Any]) -> dict[str, Any]:
        """Decode and scrub a vcrpy response dict (headers, body) and return it.

        Raises :class:`~._decode.UndecodableBody` for a body compressed in a way that
        cannot be decoded here: it is refused rather than stored unscrubbed.
        """
        headers = dict(response.get("headers") or {})
        body = response.get("body")
        if isinstance(body, dict) and body.get("string") is not None:
            raw = body["string"]
            codings = encodings(headers)
            if codings:
                data = raw.encode("utf-8") if isinstance(raw, str) else bytes(raw)
                raw = decode(data, codings)
                headers = {k: v for k, v in headers.items() if k.lower() != "content-encoding"}
            body = dict(body)
            body["string"] = self.body(raw)
            response["body"] = body
            _fix_content_length(headers, body["string"])
        response["headers"] = self.headers_dict(headers)
        return response

    def interaction_dict(self, interaction: dict[str, Any]) -> dict[str, Any]:
        """Scrub a serialised ``{"request": ..., "response": ...}`` pair (the last net)."""
        req = interaction.get("request") or {}
        headers = req.get("headers") or {}
        codings = encodings(headers) if req.get("body") is not None else []
        if codings:  # a user's hook may have put back a compressed body: stored decoded
            raw = req["body"]
            req["body"] = decode(raw.encode("utf-8") if isinstance(raw, str) else bytes(raw), codings)
            headers = {k: v for k, v in headers.items() if k.lower() != "content-encoding"}
        req["headers"] = self.headers_dict(headers)
        if isinstance(req.get("uri"), str):
            req["uri"] = self.uri(req["uri"])
        if req.get("body") is not None:
            req["body"] = self.body(req["body"])
        interaction["response"] = self.response(interaction.get("response") or {})
        return interaction

    def canonical_form(self, text: str) -> str:
        """A form body as matching sees it: credential values blanked, nothing learned."""
        return self._form(text, learn=False)


def _parts(value: str) -> set[str]:
    """A credential value and the secrets inside it: ``Bearer <t>`` -> ``<t>``; ``Basic
    <base64>`` -> user and password; cookies ``a=<x>; b=<y>`` -> ``<x>``, ``<y>``."""
    parts = {value}
    scheme, _, rest = value.partition(" ")
    if rest:
        parts.add(rest.strip())
        if scheme.lower() == "basic":
            try:
                decoded = base64.b64decode(rest.strip(), validate=True).decode("utf-8")
            except ValueError:
                decoded = ""
            parts.update(decoded.split(":", 1))
    for piece in re.split(r"[;,]\s*", value):
        if "=" in piece:
            parts.add(piece.split("=", 1)[1].strip())
    return parts


def is_form(text: str) -> bool:
    return bool(_FORM.match(text.strip()))


def _loads(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None


def _norm(name: str) -> str:
    return name.lower().replace("-", "").replace("_", "")


def _raw_bytes(body: Any) -> bytes:
    return body.encode("utf-8") if isinstance(body, str) else bytes(body)


def _fix_content_length(headers: dict[str, Any], body: Any) -> None:
    size = len(_raw_bytes(body))
    for name in headers:
        if name.lower() == "content-length":
            headers[name] = [str(size)] if isinstance(headers[name], list) else str(size)
