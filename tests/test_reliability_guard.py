"""Reliability, third round (issue 19), the parts that need a fake provider on 127.0.0.1:
the budget in every mode, the network guard's new ground, and secrets in every encoding.

Each inner run records against ``tests/_fake_provider.py``; its hit log is the proof of
what reached the network, and ``--aacl-cost-report`` is the proof of what was spent.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest
from _fake_provider import opted_in_provider


@pytest.fixture
def provider(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    with opted_in_provider(pytester, monkeypatch) as server:
        yield server


# -- 3. the budget ---------------------------------------------------------------------

# Each call asks for at most 50 output tokens: its reservation is the request's size plus
# 50 tokens at gpt-4o-mini's prices (about $0.000034); the fake provider bills less
# (54 input and 20 output tokens, $0.0000201), so reservations always cover the real cost.
CALL = '''
def call(n, path="/v1/chat/completions"):
    return httpx.post(os.environ["FAKE_BASE"] + path, timeout=30, json={
        "model": "gpt-4o-mini", "max_tokens": 50, "messages": [{"role": "user", "content": str(n)}]})
'''
SEQUENTIAL = '''
import os, httpx, pytest
''' + CALL + '''
@pytest.mark.integration
def test_sequential():
    for n in range(20):
        call(n)
'''
THREADS = '''
import os, threading, httpx, pytest
''' + CALL + '''
@pytest.mark.integration
def test_threads():
    threads = [threading.Thread(target=call, args=(n, "/v1/slow")) for n in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
'''
TASKS = '''
import asyncio, os, httpx, pytest

@pytest.mark.integration
def test_tasks():
    async def main():
        async with httpx.AsyncClient(timeout=30) as client:
            async def one(n):
                try:
                    await client.post(os.environ["FAKE_BASE"] + "/v1/slow", json={
                        "model": "gpt-4o-mini", "max_tokens": 50, "messages": [{"role": "user", "content": str(n)}]})
                except BaseException:
                    pass  # the refusal is recorded: the test fails at its report
            await asyncio.gather(*(one(n) for n in range(10)))
    asyncio.run(main())
'''
RAW_UNDER_BUDGET = '''
import os, socket, pytest

@pytest.mark.integration
def test_raw_socket():
    port = int(os.environ["FAKE_BASE"].rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(b"GET /v1/raw HTTP/1.1\\r\\nHost: x\\r\\ncontent-length: 0\\r\\n\\r\\n")
        sock.recv(100)
'''
BUDGET = Decimal("0.0001")  # room for 2-4 calls, never for 20


def _spent(pytester: pytest.Pytester, *args: str) -> tuple[pytest.RunResult, Decimal]:
    report = pytester.path / "costs.json"
    result = pytester.runpytest("-m", "integration", "--record-mode=once", "--aacl-yes",
                                "--aacl-budget", str(BUDGET), "--aacl-cost-report", str(report),
                                "-p", "no:randomly", *args)
    document = json.loads(report.read_text())
    return result, Decimal(document["live_totals"]["cost_usd"])


@pytest.mark.parametrize("module", ["SEQUENTIAL", "THREADS", "TASKS"])
def test_the_budget_is_never_crossed_by_sequential_threaded_or_async_calls(
        module: str, pytester: pytest.Pytester, provider: Any) -> None:
    pytester.makepyfile(test_calls=globals()[module])
    result, spent = _spent(pytester)
    result.assert_outcomes(failed=1)  # the refused calls fail the test, in threads and tasks too
    result.stdout.fnmatch_lines(["*would take the live-call spend of $0.0000* past the budget of $0.0001*"])
    assert 2 <= len(provider.hits) <= 4
    assert 0 < spent <= BUDGET  # before: +47 % sequential, +88 % with 10 threads


def test_xdist_workers_share_one_ledger(pytester: pytest.Pytester, provider: Any) -> None:
    pytester.makepyfile(test_a=SEQUENTIAL, test_b=SEQUENTIAL.replace("test_sequential", "test_other"))
    result, spent = _spent(pytester, "-n", "2")
    result.assert_outcomes(failed=2)
    assert spent <= BUDGET  # before: each worker spent its share and more (+52 % in total)
    assert 2 <= len(provider.hits) <= 4


def test_a_raw_socket_under_a_budget_is_refused(pytester: pytest.Pytester, provider: Any) -> None:
    pytester.makepyfile(test_raw=RAW_UNDER_BUDGET)
    result = pytester.runpytest("-m", "integration", "--record-mode=once", "--aacl-yes",
                                "--aacl-budget", "1", "-p", "no:randomly")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*--aacl-budget is set, and this connection to 127.0.0.1:* is not a "
                                 "recorded HTTP call*"])
    assert provider.hits == []


# -- 2. the network guard ------------------------------------------------------------------

GUARD_CASES = '''
import _socket, os, socket, subprocess, sys, threading, httpx, pytest

PORT = int(os.environ["FAKE_BASE"].rsplit(":", 1)[1])
ADDRESS = ("127.0.0.1", PORT)

@pytest.mark.integration
def test_c_level_socket():
    _socket.socket(_socket.AF_INET, _socket.SOCK_STREAM).connect(ADDRESS)

@pytest.mark.integration
def test_socket_from_a_duplicated_descriptor():
    raw = _socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
    socket.socket(fileno=os.dup(raw.fileno())).connect(ADDRESS)

@pytest.mark.integration
def test_socket_fromfd():
    raw = socket.socket()
    socket.fromfd(raw.fileno(), socket.AF_INET, socket.SOCK_STREAM).connect(ADDRESS)

@pytest.mark.integration
def test_refused_in_a_thread_and_swallowed():
    def call():
        try:
            httpx.post(os.environ["FAKE_BASE"] + "/v1/ignored", json={})
        except BaseException:
            pass
    thread = threading.Thread(target=call)
    thread.start()
    thread.join()

@pytest.mark.integration
def test_child_process():
    code = "import httpx, os; httpx.post(os.environ['FAKE_BASE'] + '/v1/chat/completions', json={})"
    child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert child.returncode != 0 and "ConnectError" in child.stderr, child.stderr
    env = subprocess.run([sys.executable, "-c", "import os; print(os.environ['AACL_NETWORK_GUARD'])"],
                         capture_output=True, text=True, env={"PATH": os.environ["PATH"]})
    assert env.stdout.strip() == "refuse"
'''


def _cassettes_for(pytester: pytest.Pytester, module: str, names: list[str]) -> None:
    for name in names:
        path = pytester.path / "cassettes" / module / f"{name}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("interactions: []\nversion: 1\n")


def test_under_ci_no_socket_path_reaches_the_network(pytester: pytest.Pytester, provider: Any,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    pytester.makepyfile(test_guard=GUARD_CASES)
    _cassettes_for(pytester, "test_guard", [
        "test_c_level_socket", "test_socket_from_a_duplicated_descriptor", "test_socket_fromfd",
        "test_refused_in_a_thread_and_swallowed", "test_child_process"])
    monkeypatch.setenv("CI", "true")
    recorder = pytester.inline_run("-m", "integration", "-p", "no:randomly")
    reports = {r.nodeid.split("::")[1]: r for r in recorder.getreports("pytest_runtest_logreport")
               if r.when == "call"}
    assert {name: r.outcome for name, r in reports.items()} == {
        "test_c_level_socket": "failed", "test_socket_from_a_duplicated_descriptor": "failed",
        "test_socket_fromfd": "failed", "test_refused_in_a_thread_and_swallowed": "failed",
        "test_child_process": "passed"}
    assert "CI is set, so test_guard.py::test_c_level_socket may not connect to 127.0.0.1:" \
        in str(reports["test_c_level_socket"].longrepr)
    assert "refusal was raised in a thread or caught" in str(reports["test_refused_in_a_thread_and_swallowed"].longrepr)
    assert provider.hits == []  # before: each of these reached the fake provider


@pytest.mark.parametrize("where", ["conftest", "module", "caught"])
def test_under_ci_http_calls_at_collection_time_are_refused(
        where: str, pytester: pytest.Pytester, provider: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    call = "httpx.post(os.environ['FAKE_BASE'] + '/v1/chat/completions', json={})"
    if where == "caught":
        call = f"try:\n    {call}\nexcept Exception:\n    pass"
    top = f"import os, httpx\n{call}\n"
    if where == "conftest":
        pytester.makeconftest(top)
        pytester.makepyfile(test_x="import pytest\n@pytest.mark.integration\ndef test_x():\n    pass\n")
    else:
        pytester.makepyfile(test_x=top + "import pytest\n@pytest.mark.integration\ndef test_x():\n    pass\n")
    _cassettes_for(pytester, "test_x", ["test_x"])
    monkeypatch.setenv("CI", "true")
    result = pytester.runpytest_subprocess("-m", "integration", "-p", "no:randomly")
    assert result.ret != 0
    assert "code run while pytest collects tests" in result.stdout.str() + result.stderr.str()
    assert provider.hits == []
