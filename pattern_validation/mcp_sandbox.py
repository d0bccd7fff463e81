"""Sandboxes for fuzzing the official MCP reference servers, and their in-process targets.

`mcp_reference.py` creates the sandbox and points pytest at the attributes here; the
attributes are built on first access (module `__getattr__`), from environment variables the
runner sets, so importing this module needs none of the servers installed.

* `TIME`: `mcp_server_time.server.create_server("UTC")` (no side effects).
* `FETCH`: `mcp_server_fetch.server.create_server()`; the runner routes all HTTP through
  `OfflineWeb`, a local proxy that answers every `http://` URL with a page derived from the
  URL and refuses `CONNECT` (https), so nothing reaches the internet and nothing waits on it.
* `GIT`: `mcp_server_git.server.create_server(repository=<fresh temp repo>)`: any
  `repo_path` outside the sandbox is refused by the server itself.
* `GIT_SANDBOX`: the same git tools without `repo_path` (fixed to the sandbox repository);
  each call forwards to the real server's tool, and write tools start from a fresh copy of
  the repository, so every call sees the same state.  Until the fuzzer has a per-call
  sandbox hook this is how a fuzzer can reach `git_log` on a real repository at all.
* sqlite: the server is built inside its `main()` coroutine, so it exists only as a
  subprocess (`stdio:` form).
"""

from __future__ import annotations

import functools
import http.server
import inspect
import os
import shutil
import sqlite3
import subprocess
import threading
from pathlib import Path
from typing import Any

__all__ = ["OfflineWeb", "git_sandbox_server", "make_git_repo", "make_sqlite_db"]

GIT_REPO_ENV = "AACL_REFERENCE_GIT_REPO"
_GIT_ENV = {"GIT_AUTHOR_NAME": "Ada", "GIT_AUTHOR_EMAIL": "ada@example.org", "GIT_COMMITTER_NAME": "Ada",
            "GIT_COMMITTER_EMAIL": "ada@example.org", "GIT_AUTHOR_DATE": "1736942400 +0000",
            "GIT_COMMITTER_DATE": "1736942400 +0000", "GIT_CONFIG_NOSYSTEM": "1", "HOME": "/nonexistent"}
_WRITES = ("git_add", "git_commit", "git_reset", "git_create_branch", "git_checkout")


def _git(repo: Path, *args: str, date: str = "") -> None:
    env = {**os.environ, **_GIT_ENV}
    if date:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = date
    subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True, timeout=30)


def make_git_repo(root: Path) -> Path:
    """A small repository with dated history, a branch, a staged and an unstaged change."""
    repo = root / "repo"
    repo.mkdir(parents=True)
    _git(repo, "init", "-q", "-b", "main")
    history = [("2024-01-10T09:00:00+00:00", "README.md", "# Demo\n"),
               ("2024-06-01T09:00:00+00:00", "app.py", "print('hello')\n"),
               ("2025-01-15T09:00:00+00:00", "app.py", "print('hello, world')\n")]
    for i, (date, name, text) in enumerate(history):
        (repo / name).write_text(text, encoding="utf-8")
        _git(repo, "add", name)
        _git(repo, "commit", "-q", "-m", f"change {i + 1}: {name}", date=date)
    _git(repo, "branch", "feature")
    (repo / "notes.txt").write_text("staged\n", encoding="utf-8")
    _git(repo, "add", "notes.txt")
    (repo / "README.md").write_text("# Demo\n\nunstaged edit\n", encoding="utf-8")
    return repo


def make_sqlite_db(root: Path) -> Path:
    """A database with one small table, so read queries have something to read."""
    root.mkdir(parents=True, exist_ok=True)
    path = root / "reference.db"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL)")
        db.executemany("INSERT INTO products (name, price) VALUES (?, ?)", [("tea", 3.5), ("coffee", 4.0), ("cocoa", 2.25)])
    return path


class _Page(http.server.BaseHTTPRequestHandler):
    """A forward proxy with no upstream: every http URL is a small page naming the URL."""

    def do_GET(self) -> None:
        if self.path.endswith("/robots.txt"):
            self.send_error(404)
            return
        body = (f"<html><head><title>Offline page</title></head><body><h1>Offline copy</h1>"
                f"<p>This is the sandbox's page for {self.path}.</p><p>{'Lorem ipsum dolor sit amet. ' * 40}</p>"
                "</body></html>").encode("utf-8", "replace")
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_CONNECT(self) -> None:
        self.send_error(502, "the offline sandbox has no https")

    def log_message(self, *args: Any) -> None:
        pass


class OfflineWeb:
    """`with OfflineWeb() as web:` a local proxy; `web.env` routes a process's HTTP through it."""

    def __enter__(self) -> OfflineWeb:
        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Page)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        proxy = f"http://127.0.0.1:{self._server.server_address[1]}"
        self.env = {name: proxy for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy")}
        self.env["NO_PROXY"] = self.env["no_proxy"] = ""
        return self

    def __exit__(self, *exc: Any) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)


def git_sandbox_server(repo: Path) -> Any:
    """An `MCPServer` with every git tool minus `repo_path`, forwarding to the real server."""
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError
    from mcp_server_git.server import create_server

    template = Path(repo)
    os.environ.update(_GIT_ENV)  # commits made by the tools get fixed names and dates
    upstream = create_server(template.parent)  # the repository and its per-call copies
    sandbox = MCPServer("mcp-git-sandbox")
    for name, tool in upstream._tool_manager._tools.items():
        signature = inspect.signature(tool.fn)
        params = [p for p in signature.parameters.values() if p.name != "repo_path"]

        async def forward(_name: str = name, **kwargs: Any) -> str:
            root = template
            if _name in _WRITES:  # a fresh copy per call: every call sees the same repository
                root = template.parent / "work"
                shutil.rmtree(root, ignore_errors=True)
                shutil.copytree(template, root, symlinks=True)
            try:
                result = await upstream.call_tool(_name, {**kwargs, "repo_path": str(root)})
            except ToolError as exc:  # the server's own refusal, without the adapter's second prefix
                raise ToolError(str(exc).removeprefix(f"Error executing tool {_name}: ")) from None
            text = "\n".join(getattr(c, "text", "") for c in getattr(result, "content", []))
            # `is_error` (MCP SDK v2) where it exists; `isError` only on older results (reading
            # it on a v2 result is a deprecation warning)
            failed = result.is_error if hasattr(result, "is_error") else getattr(result, "isError", False)
            if failed:
                raise ToolError(text)
            return text

        fn = functools.partial(forward, name)

        async def call(_fn: Any = fn, **kwargs: Any) -> str:
            return await _fn(**kwargs)

        call.__signature__ = signature.replace(parameters=params)  # type: ignore[attr-defined]
        call.__annotations__ = {p.name: p.annotation for p in params} | {"return": str}
        call.__name__ = call.__qualname__ = name
        sandbox.add_tool(call, name=name, description=tool.description, structured_output=False)
    return sandbox


def _repo_from_env() -> Path:
    value = os.environ.get(GIT_REPO_ENV)
    if not value:
        raise RuntimeError(f"set {GIT_REPO_ENV} to a sandbox repository (python -m pattern_validation.mcp_reference does)")
    return Path(value)


@functools.cache
def _build(name: str) -> Any:
    if name == "TIME":
        from mcp_server_time.server import create_server

        return create_server("UTC")
    if name == "FETCH":
        from mcp_server_fetch.server import create_server as fetch_server

        return fetch_server()
    if name == "GIT":
        from mcp_server_git.server import create_server as git_server

        return git_server(_repo_from_env())
    return git_sandbox_server(_repo_from_env())


def __getattr__(name: str) -> Any:
    if name in ("TIME", "FETCH", "GIT", "GIT_SANDBOX"):
        return _build(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if __name__ == "__main__":  # the git sandbox as a stdio server: python -m pattern_validation.mcp_sandbox REPO
    import sys

    git_sandbox_server(Path(sys.argv[1])).run()
