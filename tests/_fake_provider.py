"""A local fake LLM provider on 127.0.0.1 for recording tests (not collected: no ``test_``).

It answers like OpenAI's Chat Completions (JSON, or SSE when ``"stream": true``; usage
in the stream only with ``stream_options.include_usage``, as the real API does), logs
every hit (proof of what reached the network), and has a few switches:

* path ``/v1/block``: signal ``arrived`` and hold the response until ``release`` is set,
  so a test can interrupt a recording run while a call is in flight;
* path ``/v1/slow``: answer after 0.3 s (concurrent calls overlap);
* query ``enc=gzip|deflate|br|zstd``: compress the response body;
* ``planted``: when set, echo that value in many places of the response.
"""

from __future__ import annotations

import gzip
import json
import threading
import time
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

MODEL = "gpt-4o-mini-2024-07-18"


def completion(n: int = 1, content: str = "answer") -> dict[str, Any]:
    return {"id": f"chatcmpl-{n}", "object": "chat.completion", "model": MODEL,
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": f"{content} {n}"}}],
            "usage": {"prompt_tokens": 54, "completion_tokens": 20, "total_tokens": 74}}


def _compress(data: bytes, encoding: str) -> bytes:
    if encoding == "gzip":
        return gzip.compress(data)
    if encoding == "deflate":
        return zlib.compress(data)
    if encoding == "br":
        import brotli  # type: ignore[import-not-found]

        return brotli.compress(data)  # type: ignore[no-any-return]
    if encoding == "zstd":
        import zstandard

        return zstandard.ZstdCompressor().compress(data)
    raise ValueError(encoding)


def send(handler: BaseHTTPRequestHandler, headers: dict[str, str], data: bytes) -> None:
    """Answer 200 with ``headers`` and ``data`` (and its content-length)."""
    handler.send_response(200)
    for name, value in headers.items():
        handler.send_header(name, value)
    handler.send_header("content-length", str(len(data)))
    handler.end_headers()
    handler.wfile.write(data)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        self.do_POST()

    def do_POST(self) -> None:
        raw = self.rfile.read(int(self.headers.get("content-length", 0)))
        server: Any = self.server
        server.hits.append((self.path, dict(self.headers), raw))
        url = urlsplit(self.path)
        query = parse_qs(url.query)
        try:
            request = json.loads(raw or b"{}")
        except ValueError:
            request = {}
        headers = {"content-type": "application/json", "x-request-id": "req_1"}
        n = len(server.hits)
        if url.path == "/v1/block":
            server.arrived.set()
            server.release.wait(60)
        elif url.path == "/v1/slow":
            time.sleep(0.3)
        key = server.planted
        if url.path == "/oauth/token":  # an OAuth token endpoint's answer
            body = json.dumps({"access_token": key, "refresh_token": key, "id_token": key,
                               "token_type": "Bearer", "expires_in": 3600})
        elif url.path == "/v1/binary":  # bytes no decoder can read, under a claimed encoding
            body = ""
        elif isinstance(request, dict) and request.get("stream"):
            headers["content-type"] = "text/event-stream; charset=utf-8"
            chunks: list[dict[str, Any]] = [
                {"id": "c", "object": "chat.completion.chunk", "model": MODEL,
                 "choices": [{"index": 0, "delta": {"content": "x" * 200}}]}]
            if (request.get("stream_options") or {}).get("include_usage"):
                chunks.append({"id": "c", "object": "chat.completion.chunk", "model": MODEL,
                               "choices": [], "usage": completion()["usage"]})
            body = "".join(f"data: {json.dumps(c)}\n\n" for c in chunks) + "data: [DONE]\n\n"
        else:
            document: dict[str, Any] = completion(n)
            if key:
                document.update({"token": key, "session": {"id": key},
                                 "refresh_token": key, "error": {"message": f"bad key {key}"}})
                headers.update({"x-echo-key": key, "set-cookie": f"s={key}",
                                "location": f"https://u:{key}@example.test/next?auth={key}",
                                "www-authenticate": f"Bearer realm={key}"})
            body = json.dumps(document)
        data = body.encode()
        encoding = query.get("enc", [""])[0]
        if url.path == "/v1/binary":
            data = b"\xff\xfe\x00" + key.encode() + b"\x00\xff"
            headers["content-encoding"] = encoding
        elif encoding:
            data = _compress(data, encoding)
            headers["content-encoding"] = encoding
        try:
            send(self, headers, data)
        except OSError:  # the client was killed while this call was held open
            pass

    def log_message(self, *args: Any) -> None:
        pass


@contextmanager
def fake_provider(planted: str = "") -> Iterator[Any]:
    """Serve on 127.0.0.1 (a daemon thread); ``.base`` is the URL, ``.hits`` the log."""
    server: Any = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    server.daemon_threads = True
    server.hits = []
    server.planted = planted
    server.arrived = threading.Event()
    server.release = threading.Event()
    server.base = f"http://127.0.0.1:{server.server_port}"
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    guard = threading.Timer(180, server.shutdown)  # never outlives a hung test
    guard.daemon = True
    guard.start()
    try:
        yield server
    finally:
        server.release.set()
        guard.cancel()
        server.shutdown()
        server.server_close()


@contextmanager
def opted_in_provider(pytester: Any, monkeypatch: Any) -> Iterator[Any]:
    """A fake provider for a pytester project opted in to recorded tests, with no CI and
    no confirmation in the environment; ``FAKE_BASE`` is its URL."""
    for name in ("CI", "AACL_CONFIRM"):
        monkeypatch.delenv(name, raising=False)
    pytester.makeini("[pytest]\naacl_marker = integration\n")
    with fake_provider() as server:
        monkeypatch.setenv("FAKE_BASE", server.base)
        yield server
