"""Nothing leaked: one key planted in 40 places of OpenAI-, Anthropic- and OAuth-shaped
traffic (request and response, headers, URL, JSON, forms, SSE-free JSON echoes,
compressed bodies, base64 forms) appears nowhere in the recorded cassette.

The key is built at runtime ("placeholder-" + random hex), so it has no provider's key
shape: only the deny-by-default rules and the learned / environment values can catch it.
"""

from __future__ import annotations

import base64
import json
import secrets
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from _fake_provider import fake_provider

INNER = '''
import base64, json, os
import httpx, openai, pytest

KEY = os.environ["PLANTED"]
BASE = os.environ["FAKE_BASE"]
B64 = base64.b64encode(KEY.encode()).decode()

@pytest.mark.integration
def test_everywhere():
    # OpenAI-shaped, through the real SDK: authorization: Bearer KEY.
    client = openai.OpenAI(api_key=KEY, base_url=BASE + "/v1", max_retries=0)
    client.chat.completions.create(model="gpt-4o-mini", messages=[
        {"role": "user", "content": "my key is " + KEY},
        {"role": "user", "content": "base64: " + B64},
        {"role": "user", "content": "basic: " + base64.b64encode(("me:" + KEY).encode()).decode()},
        {"role": "user", "content": "url-safe: " + base64.urlsafe_b64encode(("x" + KEY).encode()).decode()},
    ], extra_body={"api_key": KEY, "token": KEY, "key": KEY, "auth": {"token": KEY},
                   "deep": {"a": [{"b": {"password": KEY}}]}, "clientSecret": KEY},
       extra_headers={"x-custom-auth": KEY, "x-unlisted": KEY, "cookie": "session=" + KEY})
    # Anthropic-shaped: x-api-key, a key in the query, path, user-info; a gzip answer.
    anthropic_headers = {"x-api-key": KEY, "anthropic-version": "2023-06-01",
                         "x-goog-api-key": KEY, "proxy-authorization": "Bearer " + KEY}
    url = (BASE.replace("http://", "http://me:" + KEY + "@") + "/v1/keys/" + KEY +
           "/messages?enc=gzip&key=" + KEY + "&auth=" + KEY + "&access_token=" + KEY + "&sig=" + KEY)
    httpx.post(url, headers=anthropic_headers, json={
        "model": "claude-haiku-4-5", "max_tokens": 10,
        "messages": [{"role": "user", "content": [{"type": "text", "text": "echo " + KEY}]}],
        "metadata": {"user_id": KEY}}).raise_for_status()
    # OAuth-shaped: a form-encoded token request, answered with tokens (zstd-compressed).
    httpx.post(BASE + "/oauth/token?enc=zstd", data={
        "grant_type": "refresh_token", "client_id": "app", "client_secret": KEY,
        "refresh_token": KEY, "code": KEY, "password": KEY, "assertion": KEY, "note": KEY,
    }).raise_for_status()
    # The provider echoes the key in its answers' headers and bodies (deflate, then brotli).
    httpx.post(BASE + "/v1/echo?enc=deflate", json={"model": "gpt-4o-mini"},
               headers={"authorization": "Bearer " + KEY}).raise_for_status()
    httpx.post(BASE + "/v1/echo?enc=br", json={"model": "gpt-4o-mini", "n": 2},
               headers={"x-api-key": KEY}).raise_for_status()
'''

# Where the key is planted: request side 30 (incl. 4 encoded forms), response side 10+.
PLACES = [
    "authorization (SDK)", "content", "content base64", "content basic base64", "content url-safe",
    "json api_key", "json token", "json key", "json auth.token", "json deep password",
    "json clientSecret", "x-custom-auth", "x-unlisted", "cookie", "x-api-key", "x-goog-api-key",
    "proxy-authorization", "url user-info", "path segment", "query key", "query auth",
    "query access_token", "query sig", "anthropic text", "metadata.user_id",
    "form client_secret", "form refresh_token", "form code", "form password", "form assertion",
    "form note", "echo authorization", "oauth access_token", "oauth refresh_token",
    "oauth id_token", "response x-echo-key", "response set-cookie", "response location",
    "response www-authenticate", "response token", "response session.id",
    "response refresh_token", "response error message", "brotli response (7 places)",
]


@pytest.fixture
def key() -> str:
    return "placeholder-" + secrets.token_hex(16)


@pytest.fixture
def provider(key: str) -> Iterator[Any]:
    with fake_provider(planted=key) as server:
        yield server


def _forms(key: str) -> list[str]:
    """The key as the test planted it, plus a long stretch of each encoded form."""
    found = [key, key[-16:], quote(key, safe="")]
    for prefix in ("", "me:", "x"):
        for encode in (base64.b64encode, base64.urlsafe_b64encode):
            text = encode((prefix + key).encode()).decode()
            found.append(text[4:-4])
    return found


@pytest.mark.parametrize("source", ["sdk-env", "learned"])
def test_a_key_planted_in_40_places_never_reaches_the_cassette(
        pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, provider: Any, key: str,
        source: str) -> None:
    assert len(PLACES) >= 35
    monkeypatch.setenv("PLANTED", key)
    monkeypatch.setenv("FAKE_BASE", provider.base)
    for name in ("CI", "AACL_CONFIRM", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    if source == "sdk-env":  # known up front, as a provider SDK's environment variable
        monkeypatch.setenv("OPENAI_API_KEY", key)
    pytester.makeini("[pytest]\naacl_marker = integration\n")
    pytester.makepyfile(test_secret=INNER)
    result = pytester.runpytest("-m", "integration", "--record-mode=once", "--aacl-yes",
                                "-p", "no:randomly")
    result.assert_outcomes(passed=1)
    sent = "".join(path + json.dumps(headers) + raw.decode("utf-8", "replace")
                   for path, headers, raw in provider.hits)
    assert sent.count(key) >= 25  # the plain key on the wire (encoded forms come on top)
    cassette = pytester.path / "cassettes" / "test_secret" / "test_everywhere.yaml"
    text = cassette.read_text(encoding="utf-8")
    leaked = [form for form in _forms(key) if form in text]
    assert leaked == []
    assert "!!binary" not in text  # compressed answers were decoded, and stored readable
    assert '"token_type": "Bearer"' in text and "grant_type=refresh_token" in text
    assert "anthropic-version" in text and "2023-06-01" in text  # harmless headers stay
    # The scrubbed cassette replays: credentials are compared as they are stored.
    hits = len(provider.hits)
    replay = pytester.runpytest("-m", "integration", "--block-network", "-p", "no:randomly")
    replay.assert_outcomes(passed=1)
    assert len(provider.hits) == hits


def test_an_undecodable_compressed_answer_is_refused_not_stored(
        pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, provider: Any, key: str) -> None:
    monkeypatch.setenv("FAKE_BASE", provider.base)
    monkeypatch.delenv("CI", raising=False)
    pytester.makeini("[pytest]\naacl_marker = integration\n")
    pytester.makepyfile(test_bin='''
import os, httpx, pytest
@pytest.mark.integration
def test_binary():
    response = httpx.post(os.environ["FAKE_BASE"] + "/v1/binary?enc=compress", json={})
    assert response.status_code == 200
''')
    result = pytester.runpytest("-m", "integration", "--record-mode=once", "--aacl-yes",
                                "-p", "no:randomly")
    result.stdout.fnmatch_lines(["*test_binary.yaml was not written (a response compressed with "
                                 "'compress' cannot be decoded, so it cannot be scrubbed; it is "
                                 "not recorded)*"])
    assert not (pytester.path / "cassettes" / "test_bin" / "test_binary.yaml").exists()
