"""Rebuild the synthetic cassettes of the harness's integration tests (see README.md here).

There is no internet (and no API key) where these cassettes are made, so, as for
``build_synthetic.py``:

1. a local HTTP server on 127.0.0.1 plays a scripted model in each provider's exact wire
   format (modelled on real recorded traffic in ../shared/data/cassettes: OpenAI Chat as in
   crewAI's ``test_agent_execution_with_tools``, Responses as in pydantic-ai's
   ``test_openai_responses_model_simple_response_with_tool_call``, Anthropic as in crewAI's
   ``test_anthropic_function_calling``, Gemini as in pydantic-ai's
   ``test_google_model_retry``). Its first tool call is one the boundary must correct; when
   the request carries the provider's error tool result it sends the corrected call. For
   ``respond`` its first answer misses a required field; when the prompt carries a
   VALIDATION ERROR it answers correctly (as the forced tool's input when the request forces
   a tool, Anthropic's native structured output);
2. ``pytest -m integration --record-mode=rewrite --aacl-yes tests/integration/test_harness_models.py``
   runs the real SDK clients against it (``OPENAI_BASE_URL``, ``ANTHROPIC_BASE_URL``,
   ``GOOGLE_GEMINI_BASE_URL``), so every request body is exactly what the adapters send;
3. the recorded ``http://127.0.0.1:<port>`` is rewritten to the provider's real base URL.

Run from the repository root: ``python cassettes/build_harness.py``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CREATED = 1764115200  # 2025-11-26T00:00:00Z
WRONG = {"city": "Paris", "days": "the next three"}
RIGHT = {"city": "Paris", "days": 3}
PERSON_WRONG = {"name": "Ada Lovelace"}
PERSON_RIGHT = {"name": "Ada Lovelace", "born": 1815}
MEMORY_FIRST = {"answer": "Paris is the capital of France.",
                "summary": "The user asked for the capital of France; I answered Paris."}
MEMORY_SECOND = {"answer": "About 2.1 million people live in Paris.",
                 "summary": "Capital of France (Paris), then its population (about 2.1 million)."}


def _compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


def _corrected(request: dict) -> bool:
    """Does the request carry the provider's error tool result (the second turn)?"""
    text = json.dumps(request)
    return any(marker in text for marker in ('"role": "tool"', '"function_call_output"', '"is_error": true', '"functionResponse"'))


def _retry(request: dict) -> bool:
    return "VALIDATION ERROR" in json.dumps(request)


def _text_answer(request: dict) -> tuple[int, dict]:
    """The structured answer: a memory turn (the schema asks for a summary) or a person."""
    text = json.dumps(request)
    if '\\"summary\\"' in text or '"summary"' in text:
        second = "What you remember from earlier turns" in text
        return (2 if second else 1), (MEMORY_SECOND if second else MEMORY_FIRST)
    turn = 2 if _retry(request) else 1
    return turn, (PERSON_RIGHT if turn == 2 else PERSON_WRONG)


def _usage_openai(turn: int) -> dict:
    prompt, completion = (96, 21) if turn == 1 else (171, 18)
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion,
            "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
            "completion_tokens_details": {"reasoning_tokens": 0, "audio_tokens": 0,
                                          "accepted_prediction_tokens": 0, "rejected_prediction_tokens": 0}}


def openai_chat(request: dict) -> dict:
    if "tools" in request:
        turn = 2 if _corrected(request) else 1
        message = {"role": "assistant", "content": None, "refusal": None, "annotations": [],
                   "tool_calls": [{"id": f"call_AaclHarness00000000000{turn}", "type": "function",
                                   "function": {"name": "get_weather", "arguments": _compact(RIGHT if turn == 2 else WRONG)}}]}
        finish = "tool_calls"
    else:
        turn, answer = _text_answer(request)
        message = {"role": "assistant", "content": _compact(answer), "refusal": None, "annotations": []}
        finish = "stop"
    return {"id": f"chatcmpl-AaclHarness000000000000{turn}", "object": "chat.completion", "created": CREATED,
            "model": "gpt-4o-mini-2024-07-18",
            "choices": [{"index": 0, "message": message, "logprobs": None, "finish_reason": finish}],
            "usage": _usage_openai(turn), "service_tier": "default", "system_fingerprint": "fp_aacl0harness"}


def openai_responses(request: dict) -> dict:
    if "tools" in request:
        turn = 2 if _corrected(request) else 1
        output = [{"arguments": _compact(RIGHT if turn == 2 else WRONG), "call_id": f"call_AaclHarnessResp00000{turn}",
                   "id": f"fc_AaclHarness0000000000000{turn}", "name": "get_weather", "status": "completed",
                   "type": "function_call"}]
    else:
        turn, answer = _text_answer(request)
        output = [{"id": f"msg_AaclHarness000000000000{turn}", "type": "message", "status": "completed", "role": "assistant",
                   "content": [{"type": "output_text", "annotations": [], "logprobs": [], "text": _compact(answer)}]}]
    tokens_in, tokens_out = (84, 20) if turn == 1 else (152, 17)
    return {"background": False, "created_at": CREATED, "error": None, "id": f"resp_AaclHarness00000000000{turn}",
            "incomplete_details": None, "instructions": None, "max_output_tokens": None, "max_tool_calls": None,
            "metadata": {}, "model": "gpt-4o-2024-08-06", "object": "response", "output": output,
            "parallel_tool_calls": True, "previous_response_id": None, "reasoning": {"effort": None, "summary": None},
            "service_tier": "default", "status": "completed", "store": True, "temperature": 1.0,
            "text": {"format": {"type": "text"}, "verbosity": "medium"}, "tool_choice": "auto",
            "tools": request.get("tools", []), "top_logprobs": 0, "top_p": 1.0, "truncation": "disabled",
            "usage": {"input_tokens": tokens_in, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": tokens_out,
                      "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": tokens_in + tokens_out},
            "user": None}


def anthropic(request: dict) -> dict:
    forced = (request.get("tool_choice") or {}).get("name")
    if forced:  # respond(native=True): tool-forcing, the answer is the forced tool's input
        turn, answer = _text_answer(request)
        content = [{"type": "tool_use", "id": f"toolu_01AaclHarnessResp00000{turn}", "name": forced, "input": answer}]
        stop = "tool_use"
    elif "tools" in request:
        turn = 2 if _corrected(request) else 1
        content = [{"type": "text", "text": "Let me check the forecast."},
                   {"type": "tool_use", "id": f"toolu_01AaclHarness0000000000{turn}", "name": "get_weather",
                    "input": RIGHT if turn == 2 else WRONG}]
        stop = "tool_use"
    else:
        turn, answer = _text_answer(request)
        content = [{"type": "text", "text": _compact(answer)}]
        stop = "end_turn"
    tokens_in, tokens_out = (612, 61) if turn == 1 else (741, 58)
    return {"model": "claude-haiku-4-5-20251001", "id": f"msg_01AaclHarness00000000000{turn}", "type": "message",
            "role": "assistant", "content": content, "stop_reason": stop, "stop_sequence": None,
            "usage": {"input_tokens": tokens_in, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0,
                      "cache_creation": {"ephemeral_5m_input_tokens": 0, "ephemeral_1h_input_tokens": 0},
                      "output_tokens": tokens_out, "service_tier": "standard"}}


def gemini(request: dict) -> dict:
    if "tools" in request:
        turn = 2 if _corrected(request) else 1
        parts = [{"functionCall": {"name": "get_weather", "args": RIGHT if turn == 2 else WRONG}}]
    else:
        turn, answer = _text_answer(request)
        parts = [{"text": _compact(answer)}]
    tokens_in, tokens_out, thoughts = (57, 15, 40) if turn == 1 else (109, 16, 22)
    return {"candidates": [{"content": {"parts": parts, "role": "model"}, "finishReason": "STOP", "index": 0}],
            "modelVersion": "gemini-2.5-flash", "responseId": f"AaclHarnessGemini000000{turn}",
            "usageMetadata": {"candidatesTokenCount": tokens_out, "promptTokenCount": tokens_in,
                              "promptTokensDetails": [{"modality": "TEXT", "tokenCount": tokens_in}],
                              "thoughtsTokenCount": thoughts, "totalTokenCount": tokens_in + tokens_out + thoughts}}


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:
        request = json.loads(self.rfile.read(int(self.headers["content-length"])))
        if self.path.endswith("/chat/completions"):
            body = openai_chat(request)
        elif self.path.endswith("/responses"):
            body = openai_responses(request)
        elif self.path.endswith("/messages"):
            body = anthropic(request)
        elif ":generateContent" in self.path:
            body = gemini(request)
        else:
            self.send_error(404)
            return
        data = _compact(body).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        pass


_REAL = {"/chat/completions": "https://api.openai.com", "/responses": "https://api.openai.com",
         "/messages": "https://api.anthropic.com", ":generateContent": "https://generativelanguage.googleapis.com"}


def main() -> int:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    local = f"http://127.0.0.1:{server.server_port}"
    drop = ("CI", "OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(OPENAI_BASE_URL=local + "/v1", ANTHROPIC_BASE_URL=local, GOOGLE_GEMINI_BASE_URL=local)
    env["AACL_SYNTHETIC_SOURCE"] = "cassettes/build_harness.py"  # the recordings say they are synthetic, and who made them
    try:
        result = subprocess.run(
            [sys.executable, "-m", "pytest", "-m", "integration", "--record-mode=rewrite", "--aacl-yes",
             "-p", "no:cacheprovider", "-q", "tests/integration/test_harness_models.py",
             "tests/integration/test_interceptor_models.py"],
            cwd=ROOT, env=env, check=False,
        )
    finally:
        server.shutdown()
    if result.returncode != 0:
        return result.returncode
    from build_synthetic import rewrite_hosts  # this folder's own helper (scripts run from here)

    folders = [ROOT / "cassettes" / "test_harness_models", ROOT / "cassettes" / "test_interceptor_models"]
    rewrite_hosts([p for folder in folders for p in folder.glob("*.yaml")], local,
                  lambda uri: next(host for marker, host in _REAL.items() if marker in uri))
    return 0

if __name__ == "__main__":
    sys.exit(main())
