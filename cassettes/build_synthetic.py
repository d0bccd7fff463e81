"""Rebuild this repository's synthetic cassettes (see README.md in this folder).

There is no internet (and no API key) where these cassettes are made, so:

1. a local HTTP server on 127.0.0.1 answers with responses written here in each
   provider's exact wire format, modelled field by field on real recorded traffic
   (OpenAI chat SSE chunks as in simonw/llm ``test_tool_use_basic.yaml``; Anthropic SSE
   events, padding spaces included, as in simonw/llm-anthropic
   ``test_fixed_version_tool_chain_regression.yaml``);
2. ``pytest -m integration --record-mode=rewrite --aacl-yes tests/integration`` runs the
   real ``openai`` / ``anthropic`` SDK clients against it (``OPENAI_BASE_URL`` /
   ``ANTHROPIC_BASE_URL``), so request bodies are exactly what the SDKs send and the
   plugin records, scrubs and writes the cassettes itself;
3. the recorded ``http://127.0.0.1:<port>`` is rewritten to the provider's real base URL,
   which is where the tests send their requests on replay.

Run from the repository root: ``python cassettes/build_synthetic.py``.
"""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CREATED = 1764115200  # 2025-11-26T00:00:00Z
CHAT_ID = "chatcmpl-AaclSynth0000000000000001"
CALL_ID = "call_AaclSynth000000000000001"
OPENAI_MODEL = "gpt-4o-mini-2024-07-18"
CLAUDE = "claude-haiku-4-5-20251001"
ARGS = {"city": "Paris", "unit": "celsius"}
OPENAI_USAGE = {
    "prompt_tokens": 78, "completion_tokens": 19, "total_tokens": 97,
    "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
    "completion_tokens_details": {"reasoning_tokens": 0, "audio_tokens": 0,
                                  "accepted_prediction_tokens": 0, "rejected_prediction_tokens": 0},
}


def _compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


def openai_json() -> bytes:
    return _compact({
        "id": CHAT_ID, "object": "chat.completion", "created": CREATED, "model": OPENAI_MODEL,
        "choices": [{"index": 0, "message": {
            "role": "assistant", "content": None,
            "tool_calls": [{"id": CALL_ID, "type": "function",
                            "function": {"name": "get_weather", "arguments": _compact(ARGS)}}],
            "refusal": None, "annotations": []}, "logprobs": None, "finish_reason": "tool_calls"}],
        "usage": OPENAI_USAGE, "service_tier": "default", "system_fingerprint": "fp_aacl0synth",
    }).encode()


def openai_sse() -> bytes:
    def chunk(delta: dict, finish: str | None = None, **extra: object) -> str:
        body = {"id": CHAT_ID, "object": "chat.completion.chunk", "created": CREATED,
                "model": OPENAI_MODEL, "service_tier": "default", "system_fingerprint": "fp_aacl0synth",
                "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}],
                "usage": None}
        body.update(extra)
        return "data: " + _compact(body) + "\n\n"

    first = {"role": "assistant", "content": None, "refusal": None, "tool_calls": [{
        "index": 0, "id": CALL_ID, "type": "function", "function": {"name": "get_weather", "arguments": ""}}]}
    pieces = ['{"', "city", '":"', "Par", "is", '","', "unit", '":"', "cel", "sius", '"}']
    events = [chunk(first)]
    events += [chunk({"tool_calls": [{"index": 0, "function": {"arguments": p}}]}) for p in pieces]
    events.append(chunk({}, "tool_calls"))
    final = {"id": CHAT_ID, "object": "chat.completion.chunk", "created": CREATED, "model": OPENAI_MODEL,
             "service_tier": "default", "system_fingerprint": "fp_aacl0synth", "choices": [],
             "usage": OPENAI_USAGE}
    events.append("data: " + _compact(final) + "\n\n")
    events.append("data: [DONE]\n\n")
    return "".join(events).encode()


def anthropic_json() -> bytes:
    return _compact({
        "model": CLAUDE, "id": "msg_01AaclSynth00000000000001", "type": "message", "role": "assistant",
        "content": [{"type": "text", "text": "I'll look up the weather in Paris."},
                    {"type": "tool_use", "id": "toolu_01AaclSynth000000000001", "name": "get_weather",
                     "input": ARGS}],
        "stop_reason": "tool_use", "stop_sequence": None,
        "usage": {"input_tokens": 571, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0,
                  "cache_creation": {"ephemeral_5m_input_tokens": 0, "ephemeral_1h_input_tokens": 0},
                  "output_tokens": 58, "service_tier": "standard"},
    }).encode()


def anthropic_sse() -> bytes:
    def event(name: str, data: dict, pad: int = 0) -> str:
        return f"event: {name}\ndata: {_compact(data)}{' ' * pad}\n\n"

    start_usage = {"input_tokens": 40, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 531,
                   "cache_creation": {"ephemeral_5m_input_tokens": 0, "ephemeral_1h_input_tokens": 0},
                   "output_tokens": 1, "service_tier": "standard"}
    events = [
        event("message_start", {"type": "message_start", "message": {
            "model": CLAUDE, "id": "msg_01AaclSynth00000000000002", "type": "message",
            "role": "assistant", "content": [], "stop_reason": None, "stop_sequence": None,
            "usage": start_usage}}, pad=6),
        event("content_block_start", {"type": "content_block_start", "index": 0, "content_block": {
            "type": "tool_use", "id": "toolu_01AaclSynth000000000002", "name": "get_weather", "input": {}}}),
        event("ping", {"type": "ping"}),
    ]
    for piece in ["", '{"city": "Par', 'is", "unit": "c', 'elsius"}']:
        events.append(event("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": {
            "type": "input_json_delta", "partial_json": piece}}, pad=14))
    events += [
        event("content_block_stop", {"type": "content_block_stop", "index": 0}, pad=13),
        event("message_delta", {"type": "message_delta",
                                "delta": {"stop_reason": "tool_use", "stop_sequence": None},
                                "usage": {"input_tokens": 40, "cache_creation_input_tokens": 0,
                                          "cache_read_input_tokens": 531, "output_tokens": 61}}, pad=13),
        event("message_stop", {"type": "message_stop"}, pad=12),
    ]
    return "".join(events).encode()


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:
        request = json.loads(self.rfile.read(int(self.headers["content-length"])))
        stream = bool(request.get("stream"))
        if self.path.endswith("/chat/completions"):
            body = openai_sse() if stream else openai_json()
        elif self.path.endswith("/messages"):
            body = anthropic_sse() if stream else anthropic_json()
        else:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("content-type", "text/event-stream; charset=utf-8" if stream else "application/json")
        if not stream and "gzip" in self.headers.get("accept-encoding", ""):
            body = gzip.compress(body)  # real APIs compress JSON; the plugin stores it decoded
            self.send_header("content-encoding", "gzip")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


def main() -> int:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    local = f"http://127.0.0.1:{server.server_port}"
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "OPENAI_API_KEY", "ANTHROPIC_API_KEY")}
    env.update(OPENAI_BASE_URL=local + "/v1", ANTHROPIC_BASE_URL=local)
    env["AACL_SYNTHETIC_SOURCE"] = "cassettes/build_synthetic.py"  # the recordings say they are synthetic, and who made them
    try:
        result = subprocess.run(
            [sys.executable, "-m", "pytest", "-m", "integration", "--record-mode=rewrite", "--aacl-yes",
             "-p", "no:cacheprovider", "-q", "tests/integration/test_llm_tool_calls.py"],
            cwd=ROOT, env=env, check=False,
        )
    finally:
        server.shutdown()
    if result.returncode != 0:
        return result.returncode
    rewrite_hosts((ROOT / "cassettes" / "test_llm_tool_calls").glob("*.yaml"), local,
                  lambda uri: "https://api.openai.com" if "/chat/completions" in uri else "https://api.anthropic.com")
    return 0


def rewrite_hosts(paths: Iterable[Path], local: str, real_for: Callable[[str], str]) -> None:
    """Point each recorded request from the local server at the provider's real host."""
    from pytest_aacl._integration._cassettes import dumps, read, write_atomic

    for path in sorted(paths):
        data = read(path)
        for interaction in data["interactions"]:
            request = interaction["request"]
            real = real_for(request["uri"])
            request["uri"] = request["uri"].replace(local, real)
            request["headers"]["host"] = [real.split("//", 1)[1]]
        write_atomic(path, dumps(data))
        print("wrote", path.relative_to(ROOT))


if __name__ == "__main__":
    sys.exit(main())
