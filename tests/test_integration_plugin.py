"""The integration plugin as a user sees it (pytester): selection, record / replay, CI,
confirmation, budget, secret scrubbing, corrupt cassettes, xdist cost merge, autoload off.

A local fake LLM server on 127.0.0.1 (a daemon thread, shut down by the fixture and by
a timer at the latest) stands in for the provider; its hit log proves when no request
was sent.
"""

from __future__ import annotations

import gzip
import json
import os
import pty
import select
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from decimal import Decimal
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx  # noqa: F401 - imported here so pytester's per-run sys.modules snapshot keeps
import hypothesis.internal.observability  # noqa: F401 - (hypothesis' plugin imports it late)
import pytest
import vcr  # noqa: F401 - them (faster runs); re-importing PyYAML's C extension in the same
import yaml  # noqa: F401 - process would even break its node classes
from _fake_provider import send

import pytest_aacl._integration._cassettes
import pytest_aacl._integration._recorder  # noqa: F401

MODEL = "gpt-4o-mini-2024-07-18"
# The planted key is assembled at runtime so no key-shaped literal sits in the repository.
KEY = "-".join(["sk", "proj", "Zq7" * 4 + "Wx9" * 4 + "Lm2" * 3])


def _usage_body(n: int = 1) -> dict[str, Any]:
    return {"id": f"chatcmpl-{n}", "object": "chat.completion", "model": MODEL,
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": f"answer {n}"}}],
            "usage": {"prompt_tokens": 54, "completion_tokens": 20, "total_tokens": 74}}


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:
        raw = self.rfile.read(int(self.headers.get("content-length", 0)))
        server: Any = self.server
        server.hits.append((self.path, dict(self.headers), raw))
        request = json.loads(raw or b"{}")
        headers = {"content-type": "application/json"}
        if self.path.startswith("/v1/seq"):
            body = json.dumps(_usage_body(sum(p.startswith("/v1/seq") for p, _, _ in server.hits)))
        elif self.path.startswith("/v1/secrets"):
            headers.update({"set-cookie": f"session={KEY}; Path=/", "x-api-key": KEY,
                            "x-request-echo": f"key={KEY}"})
            body = json.dumps({**_usage_body(), "api_key": KEY, "access_token": KEY,
                               "error": {"message": f"Incorrect API key provided: {KEY}"}})
        elif request.get("stream"):
            headers["content-type"] = "text/event-stream; charset=utf-8"
            chunks = [{"model": MODEL, "choices": [{"index": 0, "delta": {"content": "he"}}], "usage": None},
                      {"model": MODEL, "choices": [], "usage": _usage_body()["usage"]}]
            body = "".join(f"data: {json.dumps(c)}\n\n" for c in chunks) + "data: [DONE]\n\n"
        else:
            body = json.dumps(_usage_body())
        data = body.encode()
        if self.path.startswith("/v1/gzip"):
            data = gzip.compress(data)
            headers["content-encoding"] = "gzip"
        send(self, headers, data)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def fake_llm(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    server: Any = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    server.hits = []
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    guard = threading.Timer(120, server.shutdown)  # never outlives a hung test
    guard.daemon = True
    guard.start()
    monkeypatch.setenv("FAKE_BASE", f"http://127.0.0.1:{server.server_port}")
    yield server
    guard.cancel()
    server.shutdown()
    server.server_close()


OPT_IN = "--aacl-marker=integration"  # the one line a project puts in its ini, per run here


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch, pytester: pytest.Pytester) -> None:
    # After pytester's own setup, which clears PYTEST_ADDOPTS.
    for name in ("CI", "AACL_CONFIRM", "PYTEST_DISABLE_PLUGIN_AUTOLOAD"):
        monkeypatch.delenv(name, raising=False)
    # Inner runs need none of these unrelated plugins; loading them costs ~1 s per run.
    monkeypatch.setenv("PYTEST_ADDOPTS", "-p no:langsmith_plugin -p no:hypothesispytest "
                                         "-p no:anyio -p no:randomly " + OPT_IN)


INNER = '''
import json, os
import httpx, pytest

BASE = os.environ.get("FAKE_BASE", "http://127.0.0.1:9")

def post(path, **extra):
    body = {"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "hi"}], **extra}
    if os.environ.get("REORDER"):
        body = dict(reversed(list(body.items())))
    response = httpx.post(BASE + path, json=body, headers={"authorization": "Bearer placeholder"}, timeout=10)
    response.raise_for_status()
    return response

@pytest.mark.integration
def test_chat(aacl_usage):
    assert post("/v1/chat/completions").json()["usage"]["prompt_tokens"] == 54
    assert aacl_usage.totals()["input_tokens"] == 54

@pytest.mark.integration
def test_stream_and_gzip():
    assert "data: [DONE]" in post("/v1/chat/completions", stream=True).text
    assert post("/v1/gzip").json()["usage"]["completion_tokens"] == 20

def test_plain():
    pass
'''


def _record(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    return pytester.runpytest("-m", "integration", "--record-mode=once", "--aacl-yes", *args)


def test_integration_tests_are_deselected_unless_m_selects_them(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_llm=INNER)
    pytester.runpytest().assert_outcomes(passed=1, deselected=2)
    pytester.runpytest("-k", "chat").assert_outcomes(deselected=3)  # -k alone never goes live
    result = pytester.runpytest("-m", "not slow")  # any -m expression that selects them
    result.assert_outcomes(passed=1, errors=2)  # selected: replay fails, cassettes missing
    result.stdout.fnmatch_lines(["*cassette *cassettes/test_llm/test_chat.yaml is missing*"
                                 "record it with: pytest -m integration --record-mode=once "
                                 "'test_llm.py::test_chat'*"])


def test_marker_has_help_and_coexists_with_another_registration(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\nmarkers =\n    integration: registered by the project too\n")
    pytester.makeconftest("def pytest_configure(config):\n"
                          "    config.addinivalue_line('markers', 'integration: and by a plugin')\n")
    pytester.makepyfile(test_llm=INNER)
    pytester.runpytest("--strict-markers").assert_outcomes(passed=1, deselected=2)
    pytester.runpytest("--markers").stdout.fnmatch_lines(["*integration: the test talks to a real LLM API*"])


def test_record_then_replay_with_network_blocked(pytester: pytest.Pytester, fake_llm: Any,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    pytester.makepyfile(test_llm=INNER)
    _record(pytester).assert_outcomes(passed=2, deselected=1)
    assert len(fake_llm.hits) == 3
    cassette = pytester.path / "cassettes" / "test_llm" / "test_stream_and_gzip.yaml"
    text = cassette.read_text()
    assert "content-encoding" not in text.lower() and '"completion_tokens": 20' in text  # decoded
    assert "string: |" in text and "data: [DONE]" in text  # the SSE stream is a readable block
    # Replay: keys in another order, network blocked, server untouched.
    monkeypatch.setenv("REORDER", "1")
    result = pytester.runpytest("-m", "integration", "--block-network")
    result.assert_outcomes(passed=2, deselected=1)
    assert len(fake_llm.hits) == 3
    result.stdout.fnmatch_lines(["*test_llm.py::test_chat*gpt-4o-mini-2024-07-18*1*54*20*0*$0.000020*replayed*",
                                 "total: 3 calls (0 live, 3 replayed)*"])


def test_identical_requests_replay_in_recorded_order(pytester: pytest.Pytester, fake_llm: Any) -> None:
    pytester.makepyfile(test_retry='''
import os, httpx, pytest
@pytest.mark.integration
def test_retry():
    url = os.environ["FAKE_BASE"] + "/v1/seq"
    answers = [httpx.post(url, json={"q": 1}).json()["choices"][0]["message"]["content"] for _ in range(2)]
    assert answers == ["answer 1", "answer 2"]
''')
    _record(pytester).assert_outcomes(passed=1)
    pytester.runpytest("-m", "integration", "--block-network").assert_outcomes(passed=1)
    assert len(fake_llm.hits) == 2


def test_ci_replays_only_and_names_the_missing_cassette(pytester: pytest.Pytester, fake_llm: Any,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    pytester.makeconftest("import pytest\n@pytest.fixture\ndef vcr_config():\n"
                          "    return {'record_mode': 'all'}\n")
    pytester.makepyfile(test_llm=INNER)
    monkeypatch.setenv("CI", "true")
    result = pytester.runpytest("-m", "integration", "--record-mode=rewrite", "--aacl-yes")
    result.assert_outcomes(errors=2)
    result.stdout.fnmatch_lines([
        "*cassettes/test_llm/test_chat.yaml is missing and CI replays cassettes only*"
        "record it locally without CI: pytest -m integration --record-mode=once 'test_llm.py::test_chat'*",
        "aacl: CI is set, so --record-mode was forced to 'none'",
    ])
    assert "Traceback" not in result.stdout.str()
    assert fake_llm.hits == []
    assert not (pytester.path / "cassettes").exists()


def test_ci_with_a_cassette_replays_and_never_records(pytester: pytest.Pytester, fake_llm: Any,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    pytester.makepyfile(test_llm=INNER, test_raw='''
import os, socket, pytest
@pytest.mark.integration
def test_raw_socket():
    port = int(os.environ["FAKE_BASE"].rsplit(":", 1)[1])
    try:  # the refusal is not an Exception: client retry loops cannot swallow it
        socket.create_connection(("127.0.0.1", port))
    except Exception:
        pass
''')
    _record(pytester, "test_llm.py").assert_outcomes(passed=2, deselected=1)
    empty = pytester.path / "cassettes" / "test_raw" / "test_raw_socket.yaml"
    empty.parent.mkdir()
    empty.write_text("interactions: []\nversion: 1\n")
    monkeypatch.setenv("CI", "1")
    # CI: vcr_config and --record-mode cannot turn recording back on; the network is blocked.
    pytester.makeconftest("import pytest\n@pytest.fixture\ndef vcr_config():\n"
                          "    return {'record_mode': 'all'}\n")
    result = pytester.runpytest("-m", "integration", "--record-mode=all")
    result.assert_outcomes(passed=2, failed=1, deselected=1)
    result.stdout.fnmatch_lines(["*CI is set, so test_raw.py::test_raw_socket may not connect to "
                                 "127.0.0.1:*integration tests replay cassettes only*"])
    assert len(fake_llm.hits) == 3


def test_corrupt_cassette_gives_one_clear_error_and_is_kept(pytester: pytest.Pytester, fake_llm: Any) -> None:
    pytester.makepyfile(test_llm=INNER)
    cassette = pytester.path / "cassettes" / "test_llm" / "test_chat.yaml"
    cassette.parent.mkdir(parents=True)
    cassette.write_text("interactions:\n- request: [unclosed\n")
    result = _record(pytester, "-k", "test_chat")
    result.assert_outcomes(errors=1, deselected=2)
    result.stdout.fnmatch_lines([f"*cannot read cassette {cassette}: invalid YAML at line 3*"
                                 "delete it and record it again*"])
    assert "Traceback" not in result.stdout.str()
    assert cassette.read_text() == "interactions:\n- request: [unclosed\n"
    assert fake_llm.hits == []


def test_no_tty_skips_live_tests_and_keeps_cassettes(pytester: pytest.Pytester, fake_llm: Any) -> None:
    pytester.makepyfile(test_llm=INNER)
    _record(pytester, "-k", "chat").assert_outcomes(passed=1, deselected=2)
    before = (pytester.path / "cassettes" / "test_llm" / "test_chat.yaml").read_text()
    # A subprocess has no terminal: no prompt, no live call; the test that needs one is
    # skipped, and rewrite mode leaves the existing cassette alone.
    result = pytester.runpytest_subprocess("-m", "integration", "--record-mode=rewrite", "-rs")
    result.assert_outcomes(skipped=2, deselected=1)
    result.stdout.fnmatch_lines(["*no terminal to ask on*--aacl-yes*AACL_CONFIRM=1*"])
    assert "[y/N]" not in result.stdout.str()
    assert (pytester.path / "cassettes" / "test_llm" / "test_chat.yaml").read_text() == before
    assert len(fake_llm.hits) == 1


def _run_in_pty(cwd: Path, answer: bytes, *args: str) -> tuple[int, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "AACL_CONFIRM")}
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "pytest", *args], cwd=cwd, env=env,
                            stdin=slave, stdout=slave, stderr=slave, close_fds=True)
    os.close(slave)
    output, answered = b"", False
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if not answered and b"[y/N]" in output:
            os.write(master, answer)
            answered = True
        ready, _, _ = select.select([master], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            output += chunk
        elif proc.poll() is not None:
            break
    os.close(master)
    return proc.wait(timeout=30), output.decode("utf-8", "replace")


@pytest.mark.parametrize("answer", [b"n\n", b"y\n"])
def test_confirmation_prompt_on_a_terminal(pytester: pytest.Pytester, fake_llm: Any, answer: bytes) -> None:
    pytester.makepyfile(test_llm=INNER)
    code, output = _run_in_pty(pytester.path, answer, "-m", "integration", "--record-mode=once",
                               "-p", "no:cacheprovider", "-k", "test_chat")
    assert "1 integration test(s) may call live LLM APIs (estimated cost: unknown for 1 test(s) " \
           "without a cassette)" in output and "[y/N]" in output
    cassette = pytester.path / "cassettes" / "test_llm" / "test_chat.yaml"
    if answer == b"y\n":
        assert code == 0 and "1 passed" in output
        assert len(fake_llm.hits) == 1 and cassette.exists()
    else:
        assert "1 skipped" in output and "declined" not in output.split("[y/N]")[0]
        assert fake_llm.hits == [] and not cassette.exists()


def test_budget_refuses_live_calls_once_spent(pytester: pytest.Pytester, fake_llm: Any) -> None:
    pytester.makepyfile(test_llm=INNER)
    # One call costs 54 * 1.5e-7 + 20 * 6e-7 = $0.0000201 with the bundled gpt-4o-mini price;
    # before it is sent it reserves its worst case, about $0.000604 (1,000 output tokens, no
    # max_tokens given): $0.00061 holds one reservation, not a second on top of $0.0000201.
    result = _record(pytester, "--aacl-budget", "0.00061")  # test_chat fits, then refused
    result.assert_outcomes(passed=1, failed=1, deselected=1)
    result.stdout.fnmatch_lines(["*would take the live-call spend of $0.000020 past the budget of "
                                 "$0.00061*raise --aacl-budget*"])
    assert len(fake_llm.hits) == 1
    assert not (pytester.path / "cassettes" / "test_llm" / "test_stream_and_gzip.yaml").exists()
    # Refused mid-test: its first call fits the budget, the second is never sent, and the
    # half-recorded cassette is not written.
    result = _record(pytester, "--aacl-budget", "0.00061", "-k", "stream")
    result.assert_outcomes(passed=0, failed=1, deselected=2)
    result.stdout.fnmatch_lines(["*past the budget of $0.00061*"])
    assert [p for p, _, _ in fake_llm.hits][1:] == ["/v1/chat/completions"]
    assert not (pytester.path / "cassettes" / "test_llm" / "test_stream_and_gzip.yaml").exists()
    bad = pytester.runpytest("-m", "integration", "--aacl-budget", "lots")
    assert bad.ret == pytest.ExitCode.USAGE_ERROR
    bad.stderr.fnmatch_lines(["*--aacl-budget expects a non-negative amount in USD*"])


def test_secrets_never_reach_the_cassette(pytester: pytest.Pytester, fake_llm: Any,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLANTED", KEY)
    pytester.makepyfile(test_secret='''
import os, httpx, pytest
@pytest.mark.integration
def test_secret():
    key = os.environ["PLANTED"]
    headers = {"authorization": "Bearer " + key, "x-api-key": key, "api-key": key,
               "x-goog-api-key": key, "cookie": "session=" + key, "x-custom-auth-token": key}
    body = {"model": "gpt-4o-mini", "api_key": key, "access_token": key,
            "credentials": {"client_secret": key},
            "messages": [{"role": "user", "content": "my key is " + key}]}
    url = os.environ["FAKE_BASE"] + "/v1/secrets?key=" + key + "&api_key=" + key + "&alt=sse"
    response = httpx.post(url, json=body, headers=headers)
    assert response.json()["usage"]["prompt_tokens"] == 54
''')
    _record(pytester).assert_outcomes(passed=1)
    path, headers, raw = fake_llm.hits[0]
    planted = (path + json.dumps(headers) + raw.decode()).count(KEY)
    assert planted >= 10  # request side; the response adds 6 more (3 headers, 3 body fields)
    text = (pytester.path / "cassettes" / "test_secret" / "test_secret.yaml").read_text()
    assert KEY not in text and KEY[-12:] not in text
    assert text.count("REDACTED") >= 16 and "alt=sse" in text
    # The scrubbed cassette still replays: secret values are ignored when matching.
    pytester.runpytest("-m", "integration", "--block-network").assert_outcomes(passed=1)
    assert len(fake_llm.hits) == 1


def test_cost_report_properties_and_xdist_merge(pytester: pytest.Pytester, fake_llm: Any) -> None:
    pytester.makepyfile(test_llm=INNER, test_more=INNER.replace("def test_", "def test_more_"))
    _record(pytester).assert_outcomes(passed=4, deselected=2)
    serial = pytester.runpytest("-m", "integration", "-p", "no:xdist", "--block-network",
                                           "--aacl-cost-report", "serial.json", "--junitxml", "j.xml")
    serial.assert_outcomes(passed=4, deselected=2)
    parallel = pytester.runpytest_subprocess("-m", "integration", "-n", "2", "--block-network",
                                             "--aacl-cost-report", "parallel.json")
    parallel.assert_outcomes(passed=4)
    one, two = (json.loads((pytester.path / n).read_text()) for n in ("serial.json", "parallel.json"))
    assert one["totals"] == two["totals"]
    assert one["tests"] == two["tests"]
    assert one["totals"]["calls"] == 6 and one["totals"]["input_tokens"] == 6 * 54
    assert Decimal(one["totals"]["cost_usd"]) == 6 * (54 * Decimal("1.5E-7") + 20 * Decimal("6E-7"))
    parallel.stdout.fnmatch_lines(["total: 6 calls (0 live, 6 replayed)*cost $0.000121*"])
    junit = (pytester.path / "j.xml").read_text()
    assert 'name="aacl_cost_usd" value="0.0000201' in junit and 'name="aacl_input_tokens" value="54"' in junit
    assert len(fake_llm.hits) == 6


def test_works_with_plugin_autoload_disabled(pytester: pytest.Pytester, fake_llm: Any,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    pytester.makepyfile(test_llm=INNER)
    _record(pytester).assert_outcomes(passed=2, deselected=1)
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    result = pytester.runpytest_subprocess("-p", "aacl", "-m", "integration", "--block-network")
    result.assert_outcomes(passed=2, deselected=1)
    pytester.runpytest_subprocess("-p", "aacl").assert_outcomes(passed=1, deselected=2)
    assert len(fake_llm.hits) == 3


def test_a_broken_price_file_or_report_path_is_one_usage_error(pytester: pytest.Pytester) -> None:
    # before: a malformed aacl_prices file failed every integration test with a traceback,
    # and a directory as --aacl-cost-report crashed the session at its end (IsADirectoryError)
    pytester.makepyfile(test_llm=INNER)
    pytester.path.joinpath("prices.json").write_text("{not json", encoding="utf-8")
    pytester.makeini("[pytest]\naacl_prices = prices.json\n")
    result = pytester.runpytest("-m", "integration")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: aacl_prices: cannot read price file *prices.json*"])
    pytester.makeini("[pytest]\n")
    pytester.mkdir("reports")
    result = pytester.runpytest("-m", "integration", "--aacl-cost-report", "reports")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: --aacl-cost-report reports is a directory; name a file*"])
    assert "Traceback" not in result.stderr.str() + result.stdout.str()
    pytester.path.joinpath("afile").write_text("", encoding="utf-8")
    result = pytester.runpytest("--aacl-cost-report", "afile/costs.json")  # unwritable: said, not a crash
    result.stdout.fnmatch_lines(["aacl: cannot write the cost report afile/costs.json: *"])
    assert result.ret == pytest.ExitCode.OK and "Traceback" not in result.stdout.str()
