"""MCP targets: servers called through a real MCP client session, as a model's host calls them.

In memory: a FastMCP server or tool (fastmcp's `Client`), the MCP SDK's high-level
`MCPServer` (1.x `FastMCP`) and its low-level `Server` (the SDK's `Client`, mcp >= 2).
As a host reaches any server: `stdio:<command>` (the server runs as a subprocess of the
worker) and a local streamable-HTTP URL.  The session lives in the target's worker process
and is opened by its first call; killing the worker (a timeout) ends the server with it.

What the checks see: an `isError: true` result is a correction (MCP 2025-11-25, SEP-1303)
whose message is its text; a JSON-RPC invalid-params error (-32602) is a correction too
(a host relays both to the model); any other protocol error escapes.  A result is its
`structuredContent` when present, else the list of its text contents (`_jsonvalue.observable`).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import sys
from collections.abc import Callable
from typing import Any

from .. import _specs
from .._jsonvalue import observable
from .._reach import OUTPUT_BROKEN, PYTHON_FAULT
from ._target import McpError, McpFault, Target, TargetError, ToolCrashed, as_json
from ._worker import settle, worker_for

__all__ = ["mcp_targets"]

_INVALID_PARAMS = -32602
_INSTALL = "pip install 'pytest-aacl[mcp]'"
class Undeliverable(McpError):
    """A call the host side cannot send at all: counted as refused, never as the server's defect."""


class ServerExited(ToolCrashed):
    """The server ended the connection while answering: it exited or crashed (its last
    output is added by `Target.call`); not an exception of the client library's."""


#: what the MCP clients raise when the other end of the connection is gone
_CLOSED = ("ClosedResourceError", "BrokenResourceError", "EndOfStream", "BrokenPipeError", "ConnectionResetError")


def _connection_lost(exc: BaseException) -> bool:
    while getattr(exc, "exceptions", None):  # a task group's error: the first real one
        exc = exc.exceptions[0]  # type: ignore[attr-defined]
    return type(exc).__name__ in _CLOSED or "connection closed" in str(exc).casefold()


def _first_error(detail: str) -> str:
    """What went wrong first in a server's output, not its last 500 characters (mcp-uuid-server
    answers without `"jsonrpc"`: the client's first line says so, its tail is a pydantic URL)."""
    lines = detail.strip().splitlines()
    if not lines:
        return ""
    first = next((i for i, line in enumerate(lines) if re.search(r"error|invalid|exception|traceback", line, re.I)),
                 max(0, len(lines) - 8))
    return "; it said:\n" + "\n".join(lines[first:first + 8])[:800]


_SESSIONS: dict[tuple[int, int], Any] = {}  # per worker process (a fork starts with the parent's: empty)


def mcp_targets(obj: Any, kind: str, *, spy: Any, timeout: float, reset: Callable[[], Any] | None) -> list[Target]:
    """One target per tool of the server, each called through its own client session."""
    connect = _connector(obj, kind)
    cap = kind != "mcp_endpoint"  # a stdio server inherits the worker's limits
    listing = worker_for(lambda _: _listed(connect), cap_memory=cap)
    try:
        outcome = listing.run("list", 60.0)
    finally:
        listing.close()
    where = str(obj) if kind == "mcp_endpoint" else type(obj).__name__
    if outcome.status != "done":
        raise TargetError(f"the MCP server {where} did not list its tools within 60 s ({outcome.status}){_first_error(outcome.detail)}; "
                          "is it an MCP server answering initialize and tools/list in JSON-RPC 2.0 on stdout?")
    if "error" in outcome.reply:
        said = "\n".join(outcome.detail.strip().splitlines()[-8:])
        said = f"; its last output:\n{said}" if said else ""
        if outcome.reply.get("listing"):  # it started and answered: not a connection problem
            raise TargetError(f"the MCP server {where} started, but {outcome.reply['error'][:1500]}; "
                              "its tools must be fixed before they can be called by any MCP client")
        raise TargetError(f"the MCP server {where} could not be reached: {outcome.reply['error']}{said}")
    how = spy.target_kw() if spy is not None else {"black_box": True}
    targets = []
    for listed in outcome.reply["tools"]:
        targets.append(Target(
            listed.name, _specs.from_mcp(listed), _invoker(connect, listed.name, remote=kind == "mcp_endpoint"), interpret=_result,
            warmup=lambda: _list_tools(connect),
            quiet_loggers=("mcp", "fastmcp", "httpx"), timeout=timeout, reset=reset, cap_memory=cap, **how,
        ))
    if not targets:
        raise TargetError(f"the MCP server {where} lists no tools")
    if kind == "mcp_endpoint":
        _share_one_worker(targets, cap)
    return targets


def _share_one_worker(targets: list[Target], cap_memory: bool) -> None:
    """The tools of a server reached over stdio or HTTP call it through one worker, so one
    server process: started per tool, each start cost 1.3 s of a stdio run (the bench
    server; a 50-tool server, a minute).  A target's `close` leaves it to the others; the
    last one closes it."""
    serve = {t.name: t._serve for t in targets}  # forked with the worker: every tool's handler
    shared = worker_for(lambda job: serve[job[0]](job[1]), cap_memory=cap_memory)
    users = {t.name for t in targets}
    for t in targets:
        t._worker.close()  # never started: each target made its own
        t._worker = _Share(shared, t.name, users)  # type: ignore[assignment]


class _Share:
    """One target's view of a shared worker: its jobs go tagged with its tool's name."""

    def __init__(self, shared: Any, name: str, users: set[str]) -> None:
        self._shared, self._name, self._users = shared, name, users
        self.trace_files: frozenset[str] = frozenset()  # out of process: nothing to trace here
        self.coverage: Any = None

    @property
    def started(self) -> bool:
        return bool(self._shared.started)

    def run(self, payload: Any, timeout: float) -> Any:
        self._users.add(self._name)
        return self._shared.run((self._name, payload), timeout)

    def run_once(self, payload: Any, timeout: float) -> Any:
        self._users.add(self._name)
        return self._shared.run_once((self._name, payload), timeout)

    def close(self) -> None:
        self._users.discard(self._name)
        if not self._users:
            self._shared.close()


def _listed(connect: Callable[[], Any]) -> dict[str, Any]:
    try:
        return {"tools": list(settle(_list_tools(connect)))}
    except BaseException as exc:
        while getattr(exc, "exceptions", None):  # a task group's error: the first real one
            exc = exc.exceptions[0]  # type: ignore[attr-defined]
        if isinstance(exc, _BadListing):
            return {"error": f"it answered tools/list with a tool list the MCP SDK rejects as invalid: {exc}",
                    "listing": True}
        return {"error": f"{type(exc).__name__}: {exc}"}


async def _list_tools(connect: Callable[[], Any]) -> Any:
    client = await _session(connect)
    try:
        listed = await client.list_tools()
    except Exception as exc:
        if type(exc).__name__ == "ValidationError":  # connected, but its tool list breaks the protocol's types
            raise _BadListing(str(exc)) from None
        raise
    return getattr(listed, "tools", listed)


class _BadListing(Exception):
    """The server answered tools/list with something the MCP SDK refuses to read (trial 11:
    reported as "could not be reached", which sent the user looking for a start-up fault)."""


async def _session(connect: Callable[[], Any]) -> Any:
    """This worker's open client for the server (entered once, never exited: the process
    ends with its sessions, and a clean close lets stdio servers exit on end of input)."""
    key = (id(connect), id(asyncio.get_running_loop()))
    if key not in _SESSIONS:
        client = connect()
        unreadable = getattr(client, "_aacl_unreadable", None)
        if unreadable is None:
            await client.__aenter__()
        else:
            await _enter_watched(client, unreadable)
        _SESSIONS[key] = client
    return _SESSIONS[key]


#: seconds a server may go on after a line that is no JSON-RPC (a banner on stdout) before
#: the run stops saying so, instead of waiting out the listing's 60 s
_UNREADABLE_GRACE = 5.0


class NotJsonRpc(McpError):
    """The server answers, but not in JSON-RPC 2.0."""


async def _enter_watched(client: Any, unreadable: list[str]) -> None:
    """Enter `client`, stopping early when the server only says what the client cannot read
    (trial 10: mcp-uuid-server answers without `"jsonrpc"`; the run waited 60 s to say so)."""
    entering = asyncio.ensure_future(client.__aenter__())
    first = None
    while not entering.done():
        await asyncio.wait([entering], timeout=0.1)
        if unreadable and first is None:
            first = asyncio.get_running_loop().time()
        if first is not None and not entering.done() and asyncio.get_running_loop().time() - first > _UNREADABLE_GRACE:
            entering.cancel()
            raise NotJsonRpc(f"the server's answer is not JSON-RPC 2.0 ({unreadable[0]}); an MCP server answers "
                             "initialize and tools/list as JSON-RPC 2.0 messages on stdout, one per line")
    entering.result()


def _watching(client: Any, transport: Any) -> Any:
    """`client(transport)` that notes the messages it cannot read (the SDK logs and skips them)."""
    unreadable: list[str] = []

    async def handler(message: Any) -> None:
        if isinstance(message, Exception):  # pydantic's: its first line, and what it was given
            lines = str(message).splitlines() or [type(message).__name__]
            given = next((line.strip() for line in lines if "input_value=" in line), "")
            unreadable.append(" ".join(f"{lines[0]}: {given}".split())[:300] if given else lines[0][:300])
        await asyncio.sleep(0)

    made = client(transport, message_handler=handler)
    made._aacl_unreadable = unreadable
    return made


def _invoker(connect: Callable[[], Any], name: str, remote: bool = False) -> Callable[[dict[str, Any]], Any]:
    async def invoke(args: dict[str, Any]) -> Any:
        sent = as_json(args)  # what a host sends is JSON
        if remote:
            try:  # a value UTF-8 JSON cannot carry (a lone surrogate) never reaches a real server
                json.dumps(sent, ensure_ascii=False).encode("utf-8")
            except (UnicodeEncodeError, ValueError, TypeError) as exc:
                raise Undeliverable(f"pytest-aacl did not send this call: the MCP transport cannot carry it ({exc})") from None
        client = await _session(connect)
        try:
            if "fastmcp" in type(client).__module__:
                return await client.call_tool(name, sent, raise_on_error=False)
            return await client.call_tool(name, sent)
        except Exception as exc:
            text = str(exc)
            if isinstance(exc, ValueError) and "serialization depth" in text:  # the client would not send it
                raise Undeliverable(f"pytest-aacl did not send this call: the MCP client cannot serialise it ({text})") from None
            if isinstance(exc, RuntimeError) and text.startswith("Invalid structured content returned by tool"):
                # the tool answered, but not what its outputSchema promises (a NaN sent as null): the
                # SDK 2.x client refuses such an answer, so every strict host fails on it
                raise McpFault(f"{OUTPUT_BROKEN}, so a strict client refuses it: "
                               + text.split(": ", 1)[-1].splitlines()[0]) from None
            code = getattr(exc, "code", None) or getattr(getattr(exc, "error", None), "code", None)
            if code == _INVALID_PARAMS:
                raise McpError(str(exc)) from None
            if not _connection_lost(exc):
                # an error answer (-32603, a rate limit) or the client's own complaint about a
                # result: the session is alive, so it is kept (trial 8: a session dropped on every
                # error answer left its server running, 30 of them and 3.5 GB in two minutes)
                raise
            # the server is gone: the next call connects afresh
            _SESSIONS.pop((id(connect), id(asyncio.get_running_loop())), None)
            raise ServerExited("the MCP server closed the connection while answering this call: it exited "
                               "or crashed (the call may not be the whole cause: a server can die of what "
                               "earlier calls did)") from None

    return invoke


def _result(result: Any) -> Any:
    """A `CallToolResult` -> its observable value, or `McpError` for an `isError` result."""
    is_error = getattr(result, "is_error", None)
    if is_error is None:
        is_error = getattr(result, "isError", False)
    contents = list(getattr(result, "content", None) or [])
    texts = [getattr(c, "text", None) for c in contents]
    if is_error:
        text = " ".join(t for t in texts if t) or "isError result without text"
        # the head only: a relayed message can quote a 100 KB argument back
        raise McpFault(text) if PYTHON_FAULT.search(text[:2000]) else McpError(text)
    structured = getattr(result, "structured_content", None)
    if structured is None:
        structured = getattr(result, "structuredContent", None)
    if structured is not None:
        return observable(structured)
    return observable([t if t is not None else _content(c) for t, c in zip(texts, contents, strict=True)])


def _content(block: Any) -> Any:
    dump = getattr(block, "model_dump", None)
    if not callable(dump):
        return str(block)
    return {k: v for k, v in dump(mode="json").items() if k not in ("meta", "annotations", "_meta")}


# -- connecting ---------------------------------------------------------------------------


def _connector(obj: Any, kind: str) -> Callable[[], Any]:
    """A factory for an un-entered client of `obj` (called in the worker), or one clear
    error naming what to install or pass instead."""
    if kind in ("fastmcp_server", "fastmcp_tool"):
        try:
            from fastmcp import Client, FastMCP
        except ImportError:
            raise TargetError(f"{type(obj).__name__} is a FastMCP object but fastmcp cannot be imported; {_INSTALL}") from None
        server = obj
        if kind == "fastmcp_tool":
            if not hasattr(obj, "fn") and not hasattr(obj, "run"):
                raise TargetError(f"{type(obj).__name__} is not a FastMCP tool or server")
            server = FastMCP("aacl")
            server.add_tool(obj)
        return lambda: Client(server)
    sdk_client = _sdk_client()
    if kind == "mcp_endpoint":
        return _remote(obj, sdk_client) if sdk_client is not None else _remote_fastmcp(obj)
    if sdk_client is not None:
        return lambda: sdk_client(obj)
    if kind == "mcp_lowlevel_server":
        raise TargetError("a low-level mcp.server.Server is called in memory with mcp >= 2; with this SDK pass "
                          "--aacl-target 'stdio:<the command that runs it>' instead")
    try:
        from fastmcp import Client
    except ImportError:
        raise TargetError(f"calling an MCP SDK server in memory needs mcp >= 2 or fastmcp; {_INSTALL}") from None
    return lambda: Client(obj)


def _sdk_client() -> Any:
    try:
        from mcp import Client
    except ImportError:
        return None
    return Client


def _remote_fastmcp(endpoint: Any) -> Callable[[], Any]:
    """The same with fastmcp's client, for MCP SDKs before 2 (no `mcp.Client`)."""
    try:
        from fastmcp import Client
        from fastmcp.client.transports import StdioTransport
    except ImportError:
        raise TargetError(f"fuzzing {endpoint} needs an MCP client (mcp >= 2 or fastmcp); {_INSTALL}") from None
    if endpoint.transport == "http":
        return lambda: Client(endpoint.url)
    command, *args = _in_scratch(endpoint.command)
    cwd = _scratch()  # here, not in the forked worker, whose exit skips the atexit removal
    return lambda: Client(StdioTransport(command, args, env=_server_env(), cwd=cwd, log_file=sys.stderr))


def _remote(endpoint: Any, client: Any) -> Callable[[], Any]:
    if endpoint.transport == "http":
        return lambda: client(endpoint.url)
    from mcp.client.stdio import StdioServerParameters, stdio_client

    command, *args = _in_scratch(endpoint.command)
    params = StdioServerParameters(command=command, args=args, env=_server_env(), cwd=_scratch())
    # the server's stderr goes where the worker's goes (a bounded pipe), not to the terminal
    return lambda: _watching(client, stdio_client(params, errlog=sys.stderr))


# -- where a stdio server runs -------------------------------------------------------------

_SCRATCH: list[str] = []


def _scratch() -> str:
    """An empty directory the server runs in, so files a fuzzed call creates (an archive named
    `report.zip`, a `.csv` export) land there and never in the user's working directory."""
    if not _SCRATCH:
        import atexit
        import shutil
        import tempfile

        _SCRATCH.append(tempfile.mkdtemp(prefix="aacl-server-"))
        site = _SCRATCH[0] + "-site"  # made now too: a forked worker's exit skips atexit
        os.makedirs(site)
        with open(os.path.join(site, "sitecustomize.py"), "w", encoding="utf-8") as out:
            out.write(_QUIET)
        # removed when the fuzzing process ends
        for folder in (_SCRATCH[0], site):
            atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return _SCRATCH[0]


def _in_scratch(command: tuple[str, ...]) -> list[str]:
    """The command with arguments naming files of the user's directory made absolute
    (`python server.py` still finds `server.py` from the scratch directory)."""
    out = []
    for i, part in enumerate(command):
        named = os.sep in part or (i > 0 and not part.startswith("-"))
        if named and not os.path.isabs(part) and os.path.exists(part):
            part = os.path.abspath(part)
        out.append(part)
    return out


def _server_env() -> dict[str, str]:
    """The user's environment, with their working directory importable (`python -m server`)
    and a Python server's MCP loggers quieted as they are in memory (`_QUIET`)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (_quiet_dir(), os.getcwd(), env.get("PYTHONPATH", "")) if p)
    return env


#: A `sitecustomize` for a Python stdio server: its `mcp`/`fastmcp`/`httpx` loggers at
#: CRITICAL, as `quiet_loggers` sets them in memory.  The MCP SDK's server logs every failing
#: call with a rich traceback; rendered, that took 0.8 s a call (the bench server: 0.85 s
#: against 3 ms quiet), which made a stdio run 20x the in-memory one.  The server's stderr
#: only feeds crash reports, and a crash's own traceback is not logging.  On Linux the server
#: also dies with the process that started it (PR_SET_PDEATHSIG): a run stopped by Ctrl-C or
#: `timeout` left a server busy in a 10**4000 computation running, orphaned.  A
#: `sitecustomize` of the user's, further along the path, still runs.
_QUIET = """\
import importlib.machinery, importlib.util, logging, os, sys
for _name in ("mcp", "fastmcp", "httpx"):
    logging.getLogger(_name).setLevel(logging.CRITICAL)
if sys.platform.startswith("linux"):
    try:
        import ctypes, signal
        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        if os.getppid() == 1:  # the parent was gone before that took effect
            os._exit(1)
    except Exception:
        pass
_here = os.path.dirname(os.path.abspath(__file__))
_rest = [p for p in sys.path if os.path.abspath(p or ".") != _here]
_spec = importlib.machinery.PathFinder.find_spec("sitecustomize", _rest)
if _spec is not None and _spec.loader is not None:
    _spec.loader.exec_module(importlib.util.module_from_spec(_spec))
"""


def _quiet_dir() -> str:
    return _scratch() + "-site"
