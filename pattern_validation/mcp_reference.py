"""Fuzz the official MCP reference servers through the pytest plugin, as a new user would.

    pip install mcp-server-time mcp-server-git mcp-server-fetch mcp-server-sqlite   # not installed by this script
    python -m pattern_validation.mcp_reference                          # every server, both target forms
    python -m pattern_validation.mcp_reference --servers time,git --forms inprocess --max-examples 100 --seed 0

No implementation is named: each server is fuzzed as a black box, once in-process
(`--aacl-target pattern_validation.mcp_sandbox:TIME`, ...) and once as a subprocess
(`--aacl-target "stdio:<command>"`), each in `python -m pytest -p aacl` of its own.  Side
effects stay in a fresh temporary directory (a git repository, a sqlite database), and the
fetch server sees only `OfflineWeb`, a local proxy (see `mcp_sandbox`).  Every finding is
printed in one or two lines, for a person to judge: real defect or false positive.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from importlib.util import find_spec
from pathlib import Path

from .mcp_sandbox import GIT_REPO_ENV, OfflineWeb, make_git_repo, make_sqlite_db

REPO = Path(__file__).resolve().parent.parent
SANDBOX = "pattern_validation.mcp_sandbox"
PACKAGES = {"time": "mcp_server_time", "git": "mcp_server_git", "fetch": "mcp_server_fetch", "sqlite": "mcp_server_sqlite"}


@dataclass
class Run:
    """One `--aacl-target` fuzzed in one pytest process."""

    server: str
    form: str
    target: str
    note: str = ""
    env: dict[str, str] = field(default_factory=dict)


def _stdio(*command: str) -> str:
    return "stdio:" + shlex.join(command)


def plan(servers: list[str], forms: list[str], root: Path, web_env: dict[str, str],
         pythons: dict[str, str] | None = None) -> Iterator[Run]:
    """The targets to fuzz: how each server is started, and the sandbox it needs.

    Entry points (console scripts): `mcp-server-time = mcp_server_time:main`, likewise for
    git and fetch (`python -m` works for those three); `mcp-server-sqlite =
    mcp_server_sqlite:main` has no `__main__`.  time, git and fetch build an SDK `MCPServer`
    in `create_server()`; sqlite builds a low-level `mcp.server.lowlevel.Server` inside its
    `main()` coroutine, so it has no in-process form.
    """
    for server in servers:
        py = (pythons or {}).get(server, sys.executable)  # stdio servers may live in another environment
        if py == sys.executable and find_spec(PACKAGES[server]) is None:
            yield Run(server, "-", "", note=f"not installed: pip install {PACKAGES[server].replace('_', '-')}")
            continue
        if server == "time":
            if "inprocess" in forms:
                yield Run(server, "inprocess", f"{SANDBOX}:TIME")
            if "stdio" in forms:
                yield Run(server, "stdio", _stdio(py, "-m", "mcp_server_time", "--local-timezone", "UTC"))
        elif server == "git":
            repo = make_git_repo(root / "git")
            env = {GIT_REPO_ENV: str(repo)}
            if "inprocess" in forms:
                yield Run(server, "inprocess", f"{SANDBOX}:GIT_SANDBOX", "repo_path fixed to the sandbox repository", env)
                yield Run(server, "inprocess", f"{SANDBOX}:GIT", "confined to the sandbox (--repository)", env)
            if "stdio" in forms:
                yield Run(server, "stdio", _stdio(sys.executable, "-m", SANDBOX, str(repo)), "repo_path fixed to the sandbox repository", env)
                yield Run(server, "stdio", _stdio(py, "-m", "mcp_server_git", "--repository", str(repo)), "confined to the sandbox", env)
        elif server == "fetch":
            if "inprocess" in forms:
                yield Run(server, "inprocess", f"{SANDBOX}:FETCH", "all HTTP through the offline proxy", dict(web_env))
            if "stdio" in forms:
                yield Run(server, "stdio", _stdio(py, "-m", "mcp_server_fetch"), "all HTTP through the offline proxy", dict(web_env))
        elif server == "sqlite":
            if "inprocess" in forms:
                yield Run(server, "inprocess", "", note="no in-process form: the server object is built inside main()")
            if "stdio" in forms:
                db = make_sqlite_db(root / "sqlite")
                script = Path(py).parent / "mcp-server-sqlite"  # the console script: no __main__ module
                yield Run(server, "stdio", _stdio(str(script), "--db-path", str(db)), "a fresh temporary database")


_INITIALIZE = ('{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", '
               '"capabilities": {}, "clientInfo": {"name": "aacl-probe", "version": "0"}}}\n')


def probe(run: Run, timeout: float = 30.0) -> str:
    """'' if the stdio server answers `initialize`, else one line saying why it does not start."""
    command = shlex.split(run.target.removeprefix("stdio:"))
    env = {**os.environ, **run.env, "PYTHONPATH": str(REPO)}
    try:
        done = subprocess.run(command, input=_INITIALIZE, capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return f"no answer to initialize within {timeout:.0f}s"
    except OSError as exc:
        return f"cannot start: {exc}"
    if '"result"' in done.stdout:
        return ""
    errors = [line for line in done.stderr.splitlines() if line.strip()]
    return f"exit {done.returncode}: " + (errors[-1][:300] if errors else "no answer to initialize")


@dataclass
class Outcome:
    passed: int = 0
    failed: list[tuple[str, str]] = field(default_factory=list)   # (test name, failure text)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    problem: str = ""                                              # the run itself failed
    seconds: float = 0.0


def fuzz(run: Run, work: Path, max_examples: int, seed: int, timeout: float) -> Outcome:
    """`python -m pytest -p aacl --aacl-target <target>` in a scratch directory; the junit XML read back."""
    xml = work / f"junit-{abs(hash(run.target))}.xml"
    command = [sys.executable, "-m", "pytest", "-p", "aacl", "-p", "no:randomly", "-p", "no:cacheprovider",
               "-o", "addopts=", "-q", "-m", "aacl", "--rootdir", str(work), "--junitxml", str(xml),
               "--aacl-target", run.target, "--aacl-max-examples", str(max_examples), "--aacl-seed", str(seed), str(work)]
    env = {**os.environ, **run.env, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)}
    start = time.perf_counter()
    try:
        done = subprocess.run(command, cwd=work, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return Outcome(problem=f"no result within {timeout:.0f}s", seconds=time.perf_counter() - start)
    outcome = Outcome(seconds=time.perf_counter() - start)
    if not xml.exists() or done.returncode in (3, 4):  # internal error / usage error
        lines = [line for line in (done.stderr + done.stdout).splitlines() if line.strip()]
        useful = [line for line in lines if "Error" in line or "error" in line] or lines
        outcome.problem = f"pytest exit {done.returncode}: " + " | ".join(useful[-3:])[:600]
        return outcome
    for case in ET.parse(xml).getroot().iter("testcase"):
        tool = case.get("classname", "").rpartition(".")[2] or case.get("classname", "")
        name = f"{tool}::{case.get('name', '?')}" if tool else case.get("name", "?")
        bad = case.find("failure") if case.find("failure") is not None else case.find("error")
        skip = case.find("skipped")
        if bad is not None:
            outcome.failed.append((name, (bad.text or bad.get("message") or "")))
        elif skip is not None:
            outcome.skipped.append((name, skip.get("message") or ""))
        else:
            outcome.passed += 1
    return outcome


_CHECK_LINE = re.compile(r"^\[([a-z_]+)\] (.*)$")


def compact(text: str, limit: int = 20) -> list[str]:
    """Each finding of a failure report as `[check] reason  <-  the call`; other failures as
    their last meaningful line, so a crash of the fuzzer itself is shown too."""
    lines = text.splitlines()
    out = []
    for i, line in enumerate(lines):
        match = _CHECK_LINE.match(line)
        if match:
            call = next((x.strip() for x in lines[i + 1: i + 4] if x.strip()), "")
            detail = next((x.strip() for x in lines[i + 2: i + 10] if re.search(r": (rendered|sent) |implementation received", x)), "")
            out.append(f"[{match[1]}] {match[2][:220]}  <-  {call[:220]}" + (f"  ({detail[:160]})" if detail else ""))
    if not out:
        meaningful = [x.strip() for x in lines if x.strip() and not set(x.strip()) <= set("=-_")]
        out.append("(not a finding) " + (meaningful[-1][:300] if meaningful else "<empty failure>"))
    if len(out) > limit:
        out = [*out[:limit], f"... {len(out) - limit} more"]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--servers", default="time,git,fetch,sqlite")
    parser.add_argument("--forms", default="inprocess,stdio", help="comma-separated: inprocess, stdio (default both)")
    parser.add_argument("--max-examples", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=1800.0, help="seconds per pytest run")
    parser.add_argument("--server-python", action="append", default=[], metavar="SERVER=PYTHON",
                        help="run a stdio server with another interpreter, e.g. sqlite=/venv-mcp1/bin/python "
                             "(mcp-server-sqlite needs mcp<2)")
    args = parser.parse_args(argv)
    servers = [s.strip() for s in args.servers.split(",") if s.strip()]
    unknown = [s for s in servers if s not in PACKAGES]
    if unknown:
        parser.error(f"unknown server(s) {unknown}; choose from {', '.join(PACKAGES)}")
    forms = [f.strip() for f in args.forms.split(",") if f.strip()]
    if not forms or any(f not in ("inprocess", "stdio") for f in forms):
        parser.error(f"--forms {args.forms!r}: pass inprocess, stdio, or inprocess,stdio")
    pythons = dict(item.split("=", 1) for item in args.server_python if "=" in item)
    totals = {"passed": 0, "failed": 0, "skipped": 0, "problems": 0}
    with ExitStack() as stack:
        root = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="aacl-mcp-reference-")))
        web = stack.enter_context(OfflineWeb())
        work = root / "pytest"
        work.mkdir()
        for run in plan(servers, forms, root, web.env, pythons):
            head = f"== {run.server} [{run.form}] {run.target or ''}" + (f"  ({run.note})" if run.note else "")
            print(head, flush=True)
            if not run.target:
                continue
            why = probe(run) if run.form == "stdio" else ""
            if why:
                totals["problems"] += 1
                print(f"   SERVER DOES NOT START: {why}")
                continue
            outcome = fuzz(run, work, args.max_examples, args.seed, args.timeout)
            if outcome.problem:
                totals["problems"] += 1
                print(f"   RUN FAILED after {outcome.seconds:.0f}s: {outcome.problem}")
                continue
            totals["passed"] += outcome.passed
            totals["failed"] += len(outcome.failed)
            totals["skipped"] += len(outcome.skipped)
            print(f"   {outcome.passed} passed, {len(outcome.failed)} failed, {len(outcome.skipped)} skipped "
                  f"in {outcome.seconds:.0f}s", flush=True)
            for name, why in outcome.skipped:
                print(f"   skipped {name}: {why[:200]}")
            for name, text in outcome.failed:
                print(f"   FAILED {name}")
                for line in compact(text):
                    print(f"      {line}")
    print(f"\ntotal: {totals['passed']} passed, {totals['failed']} failed, {totals['skipped']} skipped, "
          f"{totals['problems']} run(s) that could not start (max_examples={args.max_examples}, seed={args.seed})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
