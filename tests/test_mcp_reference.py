"""The reference-server runner's own parts: its sandbox and how it reads the plugin's reports.

The servers themselves are not needed (they are optional; `mcp_reference` says how to
install them); the runner's parsing is checked against a real report of the fuzzer.
"""

from __future__ import annotations

import sys
from pathlib import Path

import httpx
import pytest

from pattern_validation import corpus
from pattern_validation.mcp_reference import Run, _stdio, compact, probe
from pattern_validation.mcp_sandbox import OfflineWeb, make_git_repo, make_sqlite_db
from pytest_aacl import fuzz
from pytest_aacl._fuzz_report import format_report


def test_compact_reads_every_finding_of_a_real_report() -> None:
    entry = corpus.by_id("seed.results_no_maximum")
    report = fuzz(**entry.fuzz_kwargs(), checks=["rejects_invalid"], max_examples=100, seed=0)
    assert report.findings
    lines = compact(format_report(report, replay="pytest ..."))
    assert len(lines) == len(report.findings)
    assert lines[0].startswith("[rejects_invalid] ")
    assert "<-  search_web(" in lines[0]


def test_compact_shows_a_failure_that_is_not_a_finding() -> None:
    assert compact("E   hypothesis.errors.Unsatisfiable: nothing to draw\n=====") == [
        "(not a finding) E   hypothesis.errors.Unsatisfiable: nothing to draw"]


def test_the_offline_web_answers_http_and_refuses_https_without_the_internet() -> None:
    with OfflineWeb() as web:
        proxy = web.env["HTTP_PROXY"]
        with httpx.Client(proxy=proxy, timeout=5) as client:
            page = client.get("http://example.org/docs")
            assert page.status_code == 200
            assert "http://example.org/docs" in page.text
            assert client.get("http://example.org/robots.txt").status_code == 404
            # httpx.ProxyError, or httpcore's own when another plugin (vcrpy) wraps the transport
            with pytest.raises(Exception, match="502 the offline sandbox has no https"):
                client.get("https://example.org/")


def test_sandboxes_are_fresh_and_populated(tmp_path: Path) -> None:
    repo = make_git_repo(tmp_path / "g")
    assert (repo / ".git").is_dir() and (repo / "notes.txt").exists()
    import sqlite3

    with sqlite3.connect(make_sqlite_db(tmp_path / "s")) as db:
        assert db.execute("SELECT count(*) FROM products").fetchone() == (3,)


def test_probe_reports_a_server_that_does_not_start_in_one_line() -> None:
    why = probe(Run("x", "stdio", _stdio(sys.executable, "-c", "raise SystemExit('no such server')")), timeout=30)
    assert why == "exit 1: no such server"


def test_the_git_sandbox_runs_the_real_tools_on_a_fresh_repository(tmp_path: Path) -> None:
    pytest.importorskip("mcp_server_git", reason="optional: pip install mcp-server-git")
    import asyncio

    from pattern_validation.mcp_sandbox import git_sandbox_server

    server = git_sandbox_server(make_git_repo(tmp_path))

    async def text(name: str, args: dict[str, object]) -> str:
        result = await server.call_tool(name, args)
        return "\n".join(c.text for c in result.content)

    async def scenario() -> None:
        names = {t.name for t in await server.list_tools()}
        assert {"git_log", "git_commit", "git_status"} <= names
        assert all("repo_path" not in t.input_schema.get("properties", {}) for t in await server.list_tools())
        assert (await text("git_log", {})).count("Commit: ") == 3
        assert (await text("git_log", {"max_count": 1})).count("Commit: ") == 1
        first, second = await text("git_commit", {"message": "x"}), await text("git_commit", {"message": "x"})
        assert first == second and "committed" in first  # a fresh copy per write call, fixed dates

    asyncio.run(scenario())
