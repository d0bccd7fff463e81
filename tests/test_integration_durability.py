"""Nothing lost: a recording run that is refused, fails, is interrupted (SIGINT) or killed
(SIGKILL) leaves the committed cassette byte-for-byte and no temp files.

The runs are real: ``python -m pytest`` in a subprocess records against a local fake
provider; the provider holds the second call open so the run can be signalled while a
call is in flight.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _fake_provider import fake_provider

INI = "[pytest]\naacl_marker = integration\n"
TEST = '''
import os, httpx, pytest

@pytest.mark.integration
def test_two_calls():
    base = os.environ["FAKE_BASE"]
    body = {"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "hi"}]}
    first = httpx.post(base + "/v1/chat/completions", json=body, timeout=60)
    second = httpx.post(base + os.environ.get("SECOND", "/v1/chat/completions"),
                        json={**body, "n": 2}, timeout=60)
    assert first.status_code == second.status_code == 200
    assert os.environ.get("FAIL_AFTER") is None, "the test failed after its calls"
'''


@pytest.fixture
def provider() -> Iterator[Any]:
    with fake_provider() as server:
        yield server


@pytest.fixture
def project(pytester: pytest.Pytester, provider: Any) -> Path:
    pytester.makefile(".ini", pytest=INI)
    pytester.makepyfile(test_llm=TEST)
    return pytester.path


def _env(provider: Any, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("CI", "AACL_CONFIRM", "PYTEST_ADDOPTS", "PYTEST_DISABLE_PLUGIN_AUTOLOAD")}
    env.update(FAKE_BASE=provider.base, **extra, PYTEST_ADDOPTS=(  # unrelated plugins cost seconds
        "-p no:randomly -p no:cacheprovider -p no:hypothesispytest -p no:langsmith_plugin -p no:anyio"))
    return env


def _pytest(project: Path, provider: Any, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pytest", "-m", "integration", *args],
                          cwd=project, env=_env(provider, **env), stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=120, check=False)


def _cassette(project: Path) -> Path:
    return project / "cassettes" / "test_llm" / "test_two_calls.yaml"


def _record_committed(project: Path, provider: Any) -> bytes:
    result = _pytest(project, provider, "--record-mode=once", "--aacl-yes")
    assert result.returncode == 0, result.stdout
    return _cassette(project).read_bytes()


def _leftovers(project: Path) -> list[str]:
    return sorted(p.name for p in (project / "cassettes").rglob("*") if p.is_file()
                  and p.name != "test_two_calls.yaml")


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGKILL], ids=["SIGINT", "SIGKILL"])
def test_a_signalled_rerecording_keeps_the_committed_cassette(project: Path, provider: Any,
                                                              sig: signal.Signals) -> None:
    committed = _record_committed(project, provider)
    proc = subprocess.Popen(
        [sys.executable, "-m", "pytest", "-m", "integration", "--record-mode=rewrite", "--aacl-yes"],
        cwd=project, env=_env(provider, SECOND="/v1/block"), stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert provider.arrived.wait(60), "the recording run never reached its second call"
        assert _cassette(project).read_bytes() == committed  # still there while recording
        proc.send_signal(sig)
        output, _ = proc.communicate(timeout=60)
    finally:
        provider.release.set()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    if sig == signal.SIGINT:
        assert "KeyboardInterrupt" in output
        assert "test_two_calls.yaml was not written (a live call got no response)" in output, output
    assert _cassette(project).read_bytes() == committed
    assert _leftovers(project) == []
    replay = _pytest(project, provider, "--block-network")  # and it still replays
    assert replay.returncode == 0, replay.stdout


def test_an_interrupted_first_recording_writes_no_file(project: Path, provider: Any) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "pytest", "-m", "integration", "--record-mode=once", "--aacl-yes"],
        cwd=project, env=_env(provider, SECOND="/v1/block"), stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert provider.arrived.wait(60)
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=60)
    finally:
        provider.release.set()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    # the directory is made only by a write, and an interrupted recording writes nothing
    assert not (project / "cassettes").exists()


def test_failed_and_refused_rerecordings_keep_the_committed_cassette(project: Path,
                                                                      provider: Any) -> None:
    committed = _record_committed(project, provider)
    failed = _pytest(project, provider, "--record-mode=rewrite", "--aacl-yes", FAIL_AFTER="1")
    assert "1 failed" in failed.stdout and "was not written (the test did not pass)" in failed.stdout
    assert _cassette(project).read_bytes() == committed
    # One call fits the budget, the second is refused mid-test: nothing replaces the file.
    refused = _pytest(project, provider, "--record-mode=rewrite", "--aacl-yes", "--aacl-budget", "0.00061")
    assert "past the budget of $0.00061" in refused.stdout, refused.stdout
    assert "was not written (a live call was refused)" in refused.stdout
    assert _cassette(project).read_bytes() == committed
    # A run with no terminal and no --aacl-yes never starts: skipped, file untouched.
    skipped = _pytest(project, provider, "--record-mode=rewrite", "-rs")
    assert "1 skipped" in skipped.stdout and "no terminal to ask on" in skipped.stdout
    assert _cassette(project).read_bytes() == committed
    assert _leftovers(project) == []
    hits = len(provider.hits)
    replaced = _pytest(project, provider, "--record-mode=rewrite", "--aacl-yes")
    assert replaced.returncode == 0 and len(provider.hits) == hits + 2
    assert _cassette(project).read_bytes() != committed  # a complete recording does replace it


def test_stale_temp_files_of_dead_writers_are_removed(project: Path, provider: Any) -> None:
    committed = _record_committed(project, provider)
    folder = _cassette(project).parent
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = folder / f".test_two_calls.yaml.aacl-{dead.pid}-0badf00d.tmp"
    stale.write_bytes(b"")  # what SIGKILL during a write leaves behind
    live = folder / f".test_two_calls.yaml.aacl-{os.getpid()}-0badf00d.tmp"
    live.write_bytes(b"half")  # a writer that is still running: not ours to delete
    other = folder / ".notes.tmp"
    other.write_bytes(b"user file")
    result = _pytest(project, provider, "--block-network")
    assert result.returncode == 0, result.stdout
    assert not stale.exists() and live.exists() and other.exists()
    assert _cassette(project).read_bytes() == committed


def test_a_long_parametrised_name_finds_its_hash_shortened_cassette_in_ci(
        pytester: pytest.Pytester, provider: Any) -> None:
    # pytest-recording shortens names over the file-name limit with a hash; the plugin used
    # to derive the path itself, so CI reported the recorded cassette as missing.
    pytester.makefile(".ini", pytest=INI)
    pytester.makepyfile(test_long='''
import os, httpx, pytest

@pytest.mark.integration
@pytest.mark.parametrize("prompt", ["describe the weather in detail"],
                         ids=["describe-the-weather-in-detail-" * 9])
def test_long(prompt):
    body = {"model": "gpt-4o-mini", "messages": [{"role": "user", "content": prompt}]}
    assert httpx.post(os.environ["FAKE_BASE"] + "/v1/chat/completions", json=body).status_code == 200
''')
    recorded = _pytest(pytester.path, provider, "--record-mode=once", "--aacl-yes")
    assert recorded.returncode == 0, recorded.stdout
    [cassette] = (pytester.path / "cassettes" / "test_long").iterdir()
    assert "..." in cassette.name  # shortened with a hash by pytest-recording
    replay = _pytest(pytester.path, provider, CI="true")
    assert replay.returncode == 0, replay.stdout
    assert "1 passed" in replay.stdout and len(provider.hits) == 1
