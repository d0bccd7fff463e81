"""No unintended live call: under CI nothing reaches the network during an integration
test's whole lifetime (fixtures of any scope too); without a terminal nothing goes live
without --aacl-yes (raw sockets and ignored hosts too); every live call counts against
the budget, also without usage in the response, and concurrent calls reserve first.

The inner runs talk to a local fake provider whose hit log proves what was sent.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from _fake_provider import opted_in_provider

MODULE_FIXTURE = '''
import os, httpx, pytest

@pytest.fixture(scope="module")
def warm_up():
    return httpx.post(os.environ["FAKE_BASE"] + "/v1/chat/completions", json={"model": "m"}).status_code

@pytest.mark.integration
def test_uses_module_fixture(warm_up):
    assert warm_up == 200
'''
RAW = '''
import os, socket, httpx, pytest

@pytest.mark.integration
def test_raw_socket():
    port = int(os.environ["FAKE_BASE"].rsplit(":", 1)[1])
    try:
        socket.create_connection(("127.0.0.1", port)).close()
    except Exception:
        pass

@pytest.mark.integration
@pytest.mark.vcr(ignore_hosts=["127.0.0.1"])
def test_ignored_host():
    httpx.post(os.environ["FAKE_BASE"] + "/v1/chat/completions", json={"model": "m"})
'''
STREAMS = '''
import os, httpx, pytest

@pytest.mark.integration
def test_streams_without_usage():
    for n in range(5):  # the SDK default: no stream_options.include_usage, no usage
        body = {"model": "gpt-4o-mini", "stream": True, "messages": [{"role": "user", "content": str(n)}]}
        assert "[DONE]" in httpx.post(os.environ["FAKE_BASE"] + "/v1/chat/completions", json=body).text
'''
CONCURRENT = '''
import os, threading, httpx, pytest

@pytest.mark.integration
def test_ten_at_once():
    outcomes = []
    def call(n):
        try:
            httpx.post(os.environ["FAKE_BASE"] + "/v1/slow", timeout=30,
                       json={"model": "gpt-4o-mini", "messages": [{"role": "user", "content": str(n)}]})
            outcomes.append("sent")
        except BaseException as exc:  # the refusal is pytest's Failed outcome
            outcomes.append(type(exc).__name__)
    threads = [threading.Thread(target=call, args=(n,)) for n in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["Failed"] * 9 + ["sent"], outcomes  # caught: the report fails it
'''


@pytest.fixture
def provider(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    with opted_in_provider(pytester, monkeypatch) as server:
        yield server


def test_ci_blocks_a_module_scoped_fixture_call_with_the_cassette_present(
        pytester: pytest.Pytester, provider: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    pytester.makepyfile(test_mod=MODULE_FIXTURE)
    folder = pytester.path / "cassettes" / "test_mod"
    folder.mkdir(parents=True)
    (folder / "test_uses_module_fixture.yaml").write_text("interactions: []\nversion: 1\n")
    monkeypatch.setenv("CI", "true")
    result = pytester.runpytest("-m", "integration", "-p", "no:randomly")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*CI is set, so test_mod.py::test_uses_module_fixture may not connect "
                                 "to 127.0.0.1:*fixture of module or session scope*"])
    assert provider.hits == []


def test_ci_blocks_raw_sockets_and_ignored_hosts(pytester: pytest.Pytester, provider: Any,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    pytester.makepyfile(test_raw=RAW)
    for name in ("test_raw_socket", "test_ignored_host"):
        path = pytester.path / "cassettes" / "test_raw" / f"{name}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("interactions: []\nversion: 1\n")
    monkeypatch.setenv("CI", "1")
    pytester.runpytest("-m", "integration", "-p", "no:randomly").assert_outcomes(failed=2)
    assert provider.hits == []


def test_without_a_terminal_nothing_goes_live_without_aacl_yes(pytester: pytest.Pytester,
                                                                provider: Any) -> None:
    pytester.makepyfile(test_raw=RAW, test_mod=MODULE_FIXTURE)
    for module, name in (("test_raw", "test_raw_socket"), ("test_raw", "test_ignored_host"),
                         ("test_mod", "test_uses_module_fixture")):
        path = pytester.path / "cassettes" / module / f"{name}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("interactions: []\nversion: 1\n")
    # Replay mode with cassettes present: nothing predicts a live call, so only the socket
    # guard stands between these calls and the network. A subprocess has no terminal.
    result = pytester.runpytest_subprocess("-m", "integration", "-rs", "-p", "no:randomly")
    result.assert_outcomes(skipped=3)
    result.stdout.fnmatch_lines(["*no terminal to ask on*--aacl-yes*"])
    assert provider.hits == []
    confirmed = pytester.runpytest_subprocess("-m", "integration", "--aacl-yes", "-p", "no:randomly")
    confirmed.assert_outcomes(passed=3)
    assert len(provider.hits) == 2  # with --aacl-yes they go (the raw socket sends nothing)


def _record_with_budget(pytester: pytest.Pytester, usd: str) -> pytest.RunResult:
    return pytester.runpytest("-m", "integration", "--record-mode=once", "--aacl-yes",
                              "--aacl-budget", usd, "-p", "no:randomly")


def test_streams_without_usage_count_against_the_budget(pytester: pytest.Pytester,
                                                        provider: Any) -> None:
    pytester.makepyfile(test_streams=STREAMS)
    result = _record_with_budget(pytester, "0.0007")  # room for one call's worst case, not two
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([
        "*would take the live-call spend of $0.000* past the budget of $0.0007*",
        "? live call(s) had no usage in the response; their cost is an estimate from the request "
        "and response sizes (about 4 bytes per token)",
    ])
    assert 1 <= len(provider.hits) < 5  # before: all 5 went live, each logged as $0


def test_concurrent_calls_reserve_budget_before_they_start(pytester: pytest.Pytester,
                                                           provider: Any) -> None:
    pytester.makepyfile(test_threads=CONCURRENT)
    result = _record_with_budget(pytester, "0.001")  # one call's worst case fits, two do not
    result.assert_outcomes(failed=1)  # nine refusals raised in threads fail the test
    assert len(provider.hits) == 1  # before: all 10 passed the check before any cost was known


def test_an_unpriced_model_with_a_budget_is_refused_and_said(pytester: pytest.Pytester,
                                                            provider: Any) -> None:
    pytester.makepyfile(test_house='''
import os, httpx, pytest
@pytest.mark.integration
def test_house_model():
    httpx.post(os.environ["FAKE_BASE"] + "/v1/chat/completions", json={"model": "house-model-9"})
''')
    result = _record_with_budget(pytester, "1")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*--aacl-budget is set but a call to model 'house-model-9' cannot be "
                                 "priced, so the budget could not hold; add the model's price*"])
    assert provider.hits == []
