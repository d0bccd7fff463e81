"""Units behind the integration plugin: usage per provider format, prices, scrubbing,
request matching, cassette files, and the live-call gate."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from vcr.request import Request

from pytest_aacl._integration import _cassettes
from pytest_aacl._integration._confirm import LiveGate, ci_active, parse_usd
from pytest_aacl._integration._matching import make_body_matcher, make_query_matcher
from pytest_aacl._integration._prices import PriceError, PriceTable
from pytest_aacl._integration._scrub import REDACTED, Scrubber
from pytest_aacl._integration._usage import Usage, extract, response_text

KEY = "-".join(["sk", "ant", "api03", "Qv4" * 8])


def sse(*events: dict[str, Any], named: bool = False) -> str:
    parts = []
    for event in events:
        head = f"event: {event.get('type')}\n" if named else ""
        parts.append(f"{head}data: {json.dumps(event)}\n\n")
    return "".join(parts)


# -- usage ------------------------------------------------------------------------------

def test_openai_chat_stream_takes_the_final_include_usage_chunk() -> None:
    body = sse({"model": "gpt-4o-mini-2024-07-18", "choices": [{"delta": {"content": "a"}}], "usage": None},
               {"model": "gpt-4o-mini-2024-07-18", "choices": [], "usage": {
                   "prompt_tokens": 54, "completion_tokens": 20,
                   "prompt_tokens_details": {"cached_tokens": 32},
                   "completion_tokens_details": {"reasoning_tokens": 4}}}) + "data: [DONE]\n\n"
    usage = extract("https://api.openai.com/v1/chat/completions", body)
    assert usage == Usage("openai", "gpt-4o-mini-2024-07-18", 54, 20, cached_tokens=32, reasoning_tokens=4)


def test_openai_responses_usage_comes_from_response_completed() -> None:
    body = sse({"type": "response.created", "response": {"model": "gpt-5", "usage": None}},
               {"type": "response.completed", "response": {"model": "gpt-5-2025-08-07", "usage": {
                   "input_tokens": 53, "output_tokens": 469, "input_tokens_details": {"cached_tokens": 0},
                   "output_tokens_details": {"reasoning_tokens": 448}}}}, named=True)
    usage = extract("https://api.openai.com/v1/responses", body)
    assert (usage.model, usage.input_tokens, usage.output_tokens, usage.reasoning_tokens) == (
        "gpt-5-2025-08-07", 53, 469, 448)


def test_anthropic_stream_message_delta_is_cumulative_and_cache_adds_to_input() -> None:
    body = sse({"type": "message_start", "message": {"model": "claude-sonnet-4-6", "usage": {
                   "input_tokens": 702, "output_tokens": 1, "cache_read_input_tokens": 0}}},
               {"type": "message_delta", "usage": {"output_tokens": 90}},
               {"type": "message_delta", "usage": {"input_tokens": 1591, "output_tokens": 175,
                                                   "cache_creation_input_tokens": 100,
                                                   "cache_read_input_tokens": 40}}, named=True)
    usage = extract("https://api.anthropic.com/v1/messages", body)
    assert (usage.input_tokens, usage.output_tokens) == (1591 + 100 + 40, 175)  # never 702 + 1591
    assert (usage.cached_tokens, usage.cache_write_tokens) == (40, 100)


def test_gemini_thoughts_are_output_and_a_missing_candidate_count_is_zero() -> None:
    body = json.dumps([
        {"usageMetadata": {"promptTokenCount": 169, "totalTokenCount": 169}},
        {"modelVersion": "gemini-2.5-pro", "usageMetadata": {
            "promptTokenCount": 57, "candidatesTokenCount": 15, "thoughtsTokenCount": 124}},
    ])
    usage = extract("https://generativelanguage.googleapis.com/v1beta/models/x:streamGenerateContent", body)
    assert (usage.model, usage.input_tokens, usage.output_tokens, usage.reasoning_tokens) == (
        "gemini-2.5-pro", 57, 139, 124)
    empty = extract("https://generativelanguage.googleapis.com/v1beta/models/gemini-2.0-flash-001:"
                    "generateContent", json.dumps({"usageMetadata": {"promptTokenCount": 171}}))
    assert (empty.model, empty.output_tokens) == ("gemini-2.0-flash-001", 0)  # model from the URL


def test_groq_duplicated_usage_counts_once_and_openrouter_cost_is_used() -> None:
    usage = {"prompt_tokens": 304, "completion_tokens": 49, "queue_time": 0.004}
    body = sse({"model": "openai/gpt-oss-120b", "choices": [], "x_groq": {"usage": usage}, "usage": usage})
    groq = extract("https://api.groq.com/openai/v1/chat/completions", body)
    assert (groq.provider, groq.input_tokens, groq.output_tokens) == ("groq", 304, 49)
    # OpenRouter traffic recorded behind an OpenAI base URL, with a leading space from YAML folding.
    routed = " " + sse({"model": "moonshotai/kimi-k2", "choices": [], "usage": {
        "prompt_tokens": 56, "completion_tokens": 12, "cost": 5.952e-05}})
    usage_or = extract("https://api.openai.com/v1/chat/completions", routed)
    assert (usage_or.provider, usage_or.reported_cost) == ("openrouter", Decimal("0.00005952"))
    assert PriceTable({}, []).cost(usage_or) == Decimal("0.00005952")


def test_errors_have_no_usage_and_gzip_bodies_are_read() -> None:
    import gzip

    assert extract("https://api.groq.com/openai/v1/chat/completions",
                   json.dumps({"error": {"message": "tool_use_failed"}})) is None
    raw = gzip.compress(json.dumps({"model": "m", "usage": {"prompt_tokens": 1, "completion_tokens": 2}}).encode())
    assert json.loads(response_text({"string": raw}, {"Content-Encoding": ["gzip"]}))["model"] == "m"


# -- prices -----------------------------------------------------------------------------

def test_dated_names_map_to_their_base_entry_and_unknown_models_stay_unknown(tmp_path: Path) -> None:
    table = PriceTable({"gpt-4o-mini": {"input_cost_per_token": 1.5e-07, "output_cost_per_token": 6e-07,
                                        "cache_read_input_token_cost": 7.5e-08}}, [])
    dated = Usage("openai", "gpt-4o-mini-2024-07-18", 100, 10, cached_tokens=40)
    assert table.lookup(dated.model, "openai")[0] == "gpt-4o-mini"
    assert table.cost(dated) == 60 * Decimal("1.5E-7") + 40 * Decimal("7.5E-8") + 10 * Decimal("6E-7")
    assert table.cost(Usage("openai", "gpt-9-turbo", 100, 10)) is None
    bundled = PriceTable.load()
    assert bundled.lookup("claude-sonnet-4-5-20250929", "anthropic")[0] == "claude-sonnet-4-5-20250929"
    assert bundled.lookup("mistral-large-latest", "mistral")[0] == "mistral/mistral-large-latest"
    assert bundled.cost(Usage("gemini", "gemini-2.0-flash", 10, 10)) is None  # not in the snapshot


def test_price_overlay_and_long_context_tier(tmp_path: Path) -> None:
    overlay = tmp_path / "prices.json"
    overlay.write_text(json.dumps({"my-model": {
        "input_cost_per_token": 1e-06, "output_cost_per_token": 2e-06,
        "input_cost_per_token_above_200k_tokens": 3e-06, "output_cost_per_token_above_200k_tokens": 4e-06}}))
    table = PriceTable.load(overlay)
    assert table.cost(Usage("openai", "my-model", 1000, 10)) == Decimal("0.00102")
    assert table.cost(Usage("openai", "my-model", 300_000, 10)) == Decimal("0.90004")
    assert table.lookup("gpt-4o", "openai") is not None  # the bundled snapshot is still there
    with pytest.raises(PriceError, match="price file not found"):
        PriceTable.load(tmp_path / "nope.json")
    overlay.write_text("[1, 2]")
    with pytest.raises(PriceError, match="not in litellm's format"):
        PriceTable.load(overlay)


# -- scrubbing and matching -------------------------------------------------------------

def test_scrubber_removes_keys_everywhere_but_leaves_base64_blobs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MY_SERVICE_TOKEN", "tok_" + "9" * 12)
    scrub = Scrubber()
    request = Request("POST", f"https://x.test/v1?key={KEY}&alt=sse", json.dumps(
        {"api_key": KEY, "note": "echo tok_999999999999", "blob": "QUJDsk-" + "A" * 30}).encode(),
        {"x-api-key": KEY, "X-Custom-Api-Key": "other-secret-value"})
    scrub.request(request)
    text = request.uri + json.dumps(dict(request.headers)) + request.body.decode()
    assert KEY not in text and "tok_999999999999" not in text and "other-secret-value" not in text
    assert "alt=sse" in request.uri and "QUJDsk-" + "A" * 30 in text  # not a key: inside a blob
    response = scrub.response({"headers": {"set-cookie": ["s=1"], "content-length": ["99"]},
                               "body": {"string": f"error: bad key {KEY}".encode()}})
    assert response["body"]["string"] == f"error: bad key {REDACTED}".encode()
    assert response["headers"]["content-length"] == [str(len(response["body"]["string"]))]
    stream = scrub.body(b'data: {"access_token": "tok-abcdefgh1234"}\n\ndata: [DONE]\n\n')
    assert stream == b'data: {"access_token": "REDACTED"}\n\ndata: [DONE]\n\n'  # SSE events too


def _req(body: Any, uri: str = "https://api.openai.com/v1/chat/completions") -> Request:
    return Request("POST", uri, json.dumps(body).encode() if not isinstance(body, bytes) else body, {})


def test_body_matcher_ignores_key_order_volatile_and_secret_fields() -> None:
    match = make_body_matcher(["user", "metadata.*"], Scrubber())
    match(_req({"a": 1, "b": [1, 2], "user": "u1", "metadata": {"run": 1}}),
          _req({"b": [1, 2], "a": 1, "user": "u2", "metadata": {"run": 2}}))
    match(_req({"api_key": "REDACTED"}), _req({"api_key": KEY}))
    with pytest.raises(AssertionError, match=r"body\.messages\[0\]\.content differs: 'hi' != 'ho'"):
        match(_req({"messages": [{"content": "hi"}]}), _req({"messages": [{"content": "ho"}]}))
    with pytest.raises(AssertionError):
        match(_req(b"plain"), _req(b"other"))
    make_query_matcher(Scrubber())(_req({}, "https://g.test/m?alt=sse&key=REDACTED"), _req({}, f"https://g.test/m?key={KEY}&alt=sse"))
    with pytest.raises(AssertionError):
        make_query_matcher(Scrubber())(_req({}, "https://g.test/m?alt=sse"), _req({}, "https://g.test/m"))


# -- cassette files ---------------------------------------------------------------------

def test_loader_reads_other_tools_formats_and_rejects_unsafe_or_broken_files(tmp_path: Path) -> None:
    data = _cassettes.loads(
        "interactions:\n- request:\n    method: POST\n    uri: https://api.openai.com/v1/x\n"
        "    headers:\n      content-type: !!binary YXBwbGljYXRpb24vanNvbg==\n"
        "    parsed_body: {model: m}\n  response:\n    status: {code: 200, message: OK}\n"
        "    headers: {}\n    parsed_body: {usage: {prompt_tokens: 1}}\nversion: 1\n")
    request, response = data["interactions"][0]["request"], data["interactions"][0]["response"]
    assert request["headers"]["content-type"] == ["application/json"]
    assert json.loads(request["body"]) == {"model": "m"}
    assert json.loads(response["body"]["string"]) == {"usage": {"prompt_tokens": 1}}
    bad = tmp_path / "c.yaml"
    for text, reason in [("!!python/object/apply:os.system ['true']", "unsafe or unknown YAML tag"),
                         ("a: [1\n", "invalid YAML at line 2"),
                         ("just: text\n", "not a vcrpy cassette"),
                         ("interactions: [{request: {}, response: {}}]\nversion: 1\n",
                          f"3 defect(s); fix the file, or delete it and record it again:\n{bad}: "
                          "interaction 0: request.method: missing\n")]:
        bad.write_text(text)
        with pytest.raises(_cassettes.CassetteError, match=re.escape(f"cannot read cassette {bad}: {reason}")):
            _cassettes.read(bad)


def test_stream_bodies_round_trip_exactly_and_writes_are_atomic(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    bodies = ["data: {}\n\ndata: [DONE]\n\n", 'data: {"a":1}      \n\n', "a\r\nb\r\n", "x"]
    data = {"interactions": [{"body": b} for b in bodies]}
    text = _cassettes.dumps(data)
    assert _cassettes.yaml.safe_load(text) == data and "|+" in text
    target = tmp_path / "c.yaml"
    target.write_text("old")

    def crash(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(_cassettes.os, "replace", crash)
    with pytest.raises(OSError):
        _cassettes.write_atomic(target, text)
    assert target.read_text() == "old" and sorted(p.name for p in tmp_path.iterdir()) == ["c.yaml"]
    monkeypatch.undo()
    _cassettes.write_atomic(target, text)
    assert target.read_text() == text


# -- the live-call gate ------------------------------------------------------------------

def _gate(**kwargs: Any) -> LiveGate:
    options: dict[str, Any] = {"ci": False, "worker": False, "preconfirmed": False, "budget": None,
                               "ask": lambda question: "y\n"}
    options.update(kwargs)
    return LiveGate(**options)


def test_gate_asks_once_and_remembers_the_answer() -> None:
    questions: list[str] = []
    gate = _gate(ask=lambda q: questions.append(q) or "no", pending=3, estimate="$0.01")
    assert gate.refusal().action == "skip" and gate.refusal().action == "skip"
    assert len(questions) == 1 and "3 integration test(s)" in questions[0] and "$0.01" in questions[0]
    assert _gate(ask=lambda q: "YES").refusal() is None
    assert "no terminal" in _gate(ask=lambda q: None).refusal().message
    assert _gate(ci=True, preconfirmed=True).refusal().action == "fail"
    assert "xdist worker" in _gate(worker=True).refusal().message
    assert _gate(worker=True, preconfirmed=True).refusal() is None


def test_budget_and_ci_parsing() -> None:
    gate = _gate(preconfirmed=True, budget=parse_usd("$0.05"))
    gate.spent(Decimal("0.04"))
    gate.spent(None)  # an unpriced live call is counted separately, not guessed
    assert gate.refusal() is None and gate.unpriced_live_calls == 1
    gate.spent(Decimal("0.01"))
    assert "budget of $0.05 is used up" in gate.refusal().message
    with pytest.raises(ValueError, match="non-negative amount in USD"):
        parse_usd("-1")
    assert [ci_active({"CI": v}) for v in ("true", "1", "false", "0", "")] == [True, True, False, False, False]
    assert ci_active({}) is False


def test_prompt_estimate_prices_existing_recordings_only() -> None:
    from pytest_aacl._integration._recorder import estimate

    cassette = Path(__file__).resolve().parents[1] / "cassettes" / "test_llm_tool_calls" / \
        "test_openai_chat_tool_call.yaml"
    assert estimate([str(cassette)], 2, PriceTable.load()) == (
        "$0.000023 to re-record 1 test(s) as last recorded; unknown for 2 test(s) without a cassette")
    assert estimate([], 0, PriceTable.load()) == "unknown"


# -- hostile cassette files ---------------------------------------------------------------

def _alias_bomb() -> str:
    """A few hundred bytes that expand to 9**8 (43 million) strings if aliases are followed."""
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, 9):
        refs = ", ".join([f"*a{level - 1}"] * 9)
        lines.append(f"a{level}: &a{level} [{refs}]")
    lines.append("interactions:\n- request: {method: GET, uri: 'https://x.test/', body: null, "
                 "headers: {bomb: *a8}}\n  response: {status: {code: 200, message: OK}, "
                 "headers: {}, body: {string: ''}}")
    return "\n".join(lines) + "\nversion: 1\n"


def test_yaml_aliases_are_refused_with_one_clear_line(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text(_alias_bomb())
    assert bomb.stat().st_size < 1000
    with pytest.raises(_cassettes.CassetteError, match=re.escape(
            f"cannot read cassette {bomb}: it uses YAML anchors/aliases (&name / *name), which "
            "cassettes may not use")):
        _cassettes.read(bomb)
    with pytest.raises(_cassettes.CassetteError, match="anchors/aliases"):  # the replay path
        _cassettes.Serializer.deserialize(bomb.read_text())


def test_oversized_cassettes_are_refused_before_parsing(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    big = tmp_path / "big.yaml"
    big.write_text("interactions: []\nversion: 1\n" + "#" * 4096 + "\n")
    monkeypatch.setattr(_cassettes, "MAX_BYTES", 1024)
    with pytest.raises(_cassettes.CassetteError, match=r"it is 0\.0 MB, over the limit of 0 MB"):
        _cassettes.read(big)
    with pytest.raises(_cassettes.CassetteError, match="over the limit"):
        _cassettes.Persister(None, Scrubber()).load_cassette(str(big), None)


def test_encoded_forms_find_the_key_inside_base64_at_any_alignment() -> None:
    import base64

    from pytest_aacl._integration._scrub import encoded_forms

    secret = "placeholder-" + "5e" * 10
    scrub = Scrubber()
    scrub.remember(secret)
    for prefix in ("", "u:", "ab:", "abc:"):
        for encode in (base64.b64encode, base64.urlsafe_b64encode):
            blob = encode((prefix + secret + "!tail").encode()).decode()
            assert any(form in blob for form in encoded_forms(secret))
            scrubbed = scrub.text(blob)
            assert REDACTED in scrubbed and blob[len(prefix) + 4:-8] not in scrubbed


def test_credential_names_but_not_counts_or_logprobs() -> None:
    from pytest_aacl._integration._scrub import is_credential_name

    for name in ("api_key", "x-api-key", "token", "clientSecret", "refresh_token", "x-custom-auth",
                 "password", "sessionToken", "Authorization", "private_key"):
        assert is_credential_name(name), name
    for name in ("max_tokens", "prompt_tokens", "token_type", "thoughtsTokenCount", "keyword",
                 "author", "model", "signature", "tokenizer"):
        assert not is_credential_name(name), name
    data = Scrubber().data({"logprobs": [{"token": "Hello", "logprob": -0.1}],
                            "usage": {"promptTokenCount": 5}, "auth": {"token": "abcdefgh1234"}})
    assert data == {"logprobs": [{"token": "Hello", "logprob": -0.1}],
                    "usage": {"promptTokenCount": 5}, "auth": {"token": REDACTED}}


def test_usage_is_read_from_zstd_bodies_left_by_plain_vcrpy() -> None:
    import zstandard

    document = {"model": "m", "usage": {"prompt_tokens": 3, "completion_tokens": 4}}
    raw = zstandard.ZstdCompressor().compress(json.dumps(document).encode())
    text = response_text({"string": raw}, {"Content-Encoding": ["zstd"]})
    assert extract("https://api.openai.com/v1/chat/completions", text).output_tokens == 4


def test_socket_guard_refuses_through_the_check_and_survives_being_replaced() -> None:
    import socket

    from pytest_aacl._integration import _network

    seen: list[tuple[str, int]] = []

    def refuse(host: str, port: int) -> None:
        seen.append((host, port))
        raise PermissionError("refused by the check")

    before = socket.socket.connect
    with _network.guarding(refuse, allowed_hosts=["localhost$"]):
        with socket.socket() as sock, pytest.raises(PermissionError, match="refused"):
            sock.connect(("127.0.0.1", 9))
        socket.socket.connect = before  # what pytest-recording's unblock does mid-phase
    assert socket.socket.connect is before  # not "restored" over someone else's choice
    with _network.guarding(refuse):  # the next phase lays the guard again
        with socket.socket() as sock, pytest.raises(PermissionError):
            sock.connect_ex(("127.0.0.1", 9))
    assert socket.socket.connect is before and seen == [("127.0.0.1", 9)] * 2
