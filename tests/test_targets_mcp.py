"""MCP targets run the server's own tools through a real MCP client: in memory, over stdio
(a subprocess, as a host starts it) and over streamable HTTP on a local URL."""

from __future__ import annotations

import contextlib
import logging
import os
import shlex
import socket
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from pytest_aacl import TargetError
from pytest_aacl._targets import Target, load, resolve

fastmcp = pytest.importorskip("fastmcp")
mcpserver = pytest.importorskip("mcp.server.mcpserver")

SERVER = Path(__file__).parent / "servers" / "hotel_mcp.py"
STDIO = f"stdio:{shlex.quote(sys.executable)} {shlex.quote(str(SERVER))}"


def by_name(targets: list[Target]) -> dict[str, Target]:
    return {t.name: t for t in targets}


@contextlib.contextmanager
def closing_all(targets: list[Target]) -> Iterator[dict[str, Target]]:
    try:
        yield by_name(targets)
    finally:
        for t in targets:
            t.close()


# -- in memory ----------------------------------------------------------------------------------


class Room(BaseModel):
    number: int


class Booking(BaseModel):
    room: Room
    nights: int


class HotelServer(fastmcp.FastMCP):  # type: ignore[misc]
    """A user's FastMCP subclass: before, the target kind was decided by module name and it was refused."""


@pytest.mark.parametrize("server_class", [fastmcp.FastMCP, HotelServer])
def test_fastmcp_server_runs_the_real_tool(server_class: Any) -> None:
    server = server_class("hotel")
    calls: list[int] = []

    @server.tool
    def reserve(city: str, nights: int) -> str:
        """Reserve a room."""
        calls.append(nights)  # runs in the worker process: the parent's list stays empty
        if nights > 30:
            raise ValueError(f"TOO_LONG: expected at most 30 nights; received {nights}")
        return f"{nights} nights in {city}"

    with closing_all(resolve(server)) as tools:
        t = tools["reserve"]
        ok = t.call({"city": "Oslo", "nights": "3"})
        long = t.call({"city": "Oslo", "nights": 31})
        bad = t.call({"city": "Oslo", "nights": "three"})
    assert t.black_box and ok.received is None
    assert ok.outcome == "returned" and ok.result == {"result": "3 nights in Oslo"}
    assert long.outcome == "rejected" and "TOO_LONG" in long.message  # the tool's own code ran
    assert bad.outcome == "rejected" and "nights" in bad.message


def test_fastmcp_nested_output_model_needs_no_stub() -> None:
    # before: the spy's stub result failed output schemas with $ref (nested models): a false finding
    server = fastmcp.FastMCP("hotel")

    @server.tool
    def book(nights: int) -> Booking:
        """Book."""
        return Booking(room=Room(number=7), nights=nights)

    with closing_all(resolve(server)) as tools:
        call = tools["book"].call({"nights": 2})
    assert call.outcome == "returned" and call.result == {"room": {"number": 7}, "nights": 2}


def test_a_named_implementation_behind_an_mcp_server_is_spied() -> None:
    import tests.test_targets as module

    server = mcpserver.MCPServer("hotel")

    @server.tool()
    def reserve(city: str, nights: int) -> str:
        """Reserve."""
        module.book_backend(city.strip().title(), nights)
        return "ok"

    module.clear_bookings()
    [t] = resolve(server, implementation=(module, "book_backend"))
    with t.session():
        call = t.call({"city": " oslo ", "nights": 2})
    t.close()
    assert not t.black_box and call.received == [{"city": "Oslo", "nights": 2}] and module.booked() == []


def test_mcp_sdk_high_level_server_structured_content() -> None:
    server = mcpserver.MCPServer("hotel")

    @server.tool()
    def reserve(city: str, nights: int) -> dict[str, int]:
        """Reserve a room."""
        return {"nights": nights}

    with closing_all(resolve(server)) as tools:
        ok = tools["reserve"].call({"city": "Oslo", "nights": 2})
        missing = tools["reserve"].call({"city": "Oslo"})
    assert ok.outcome == "returned" and ok.result == {"nights": 2}
    assert missing.outcome == "rejected" and "nights" in missing.message


def test_mcp_sdk_low_level_server_is_called_in_memory() -> None:
    lowlevel = pytest.importorskip("mcp.server.lowlevel")
    import mcp.types as types

    if not hasattr(__import__("mcp"), "Client"):
        pytest.skip("in-memory low-level servers need mcp >= 2")

    async def list_tools(ctx: Any, params: Any) -> Any:
        schema = {"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}}, "required": ["a", "b"]}
        return types.ListToolsResult(tools=[types.Tool(name="add", input_schema=schema)])

    async def call_tool(ctx: Any, params: Any) -> Any:
        args = params.arguments or {}
        if not isinstance(args.get("a"), int):
            return types.CallToolResult(content=[types.TextContent(type="text", text="TYPE_ERROR: a must be an integer")], is_error=True)
        return types.CallToolResult(content=[types.TextContent(type="text", text=str(args["a"] + args["b"]))])

    server = lowlevel.Server("calc", on_list_tools=list_tools, on_call_tool=call_tool)
    with closing_all(resolve(server)) as tools:
        ok = tools["add"].call({"a": 2, "b": 3})
        bad = tools["add"].call({"a": "2", "b": 3})
    assert ok.outcome == "returned" and ok.result == ["5"]
    assert bad.outcome == "rejected" and bad.message == "TYPE_ERROR: a must be an integer"


def test_a_nan_only_in_the_text_is_said_to_be_there_not_in_the_structured_answer_shown() -> None:
    """Trial 12 (unit-converter): the text held `NaN`, the structured content null; the finding
    showed the structured answer, where no NaN is, without saying so."""
    lowlevel = pytest.importorskip("mcp.server.lowlevel")
    import mcp.types as types

    if not hasattr(__import__("mcp"), "Client"):
        pytest.skip("in-memory low-level servers need mcp >= 2")

    async def list_tools(ctx: Any, params: Any) -> Any:
        schema = {"type": "object", "properties": {"value": {"type": "number"}}, "required": ["value"]}
        return types.ListToolsResult(tools=[types.Tool(name="convert", input_schema=schema)])

    async def call_tool(ctx: Any, params: Any) -> Any:
        return types.CallToolResult(content=[types.TextContent(type="text", text='{"original_value": NaN}')],
                                    structured_content={"original_value": None})

    server = lowlevel.Server("units", on_list_tools=list_tools, on_call_tool=call_tool)
    with closing_all(resolve(server)) as tools:
        answer = tools["convert"].call({"value": 1})
    assert answer.non_finite.startswith("NaN at $") and "in the answer's text" in answer.non_finite, answer


def test_a_fastmcp_tool_function_points_at_its_server() -> None:
    server = fastmcp.FastMCP("t")

    @server.tool
    def add(a: int, b: int) -> int:
        return a + b

    with pytest.raises(TargetError, match="is a FastMCP tool function; pass its FastMCP server"):
        resolve(add)


# -- as a host reaches a server: stdio and HTTP -------------------------------------------------


def test_stdio_server_is_fuzzable_and_survives_a_hang() -> None:
    targets = resolve(STDIO, timeout=3.0)
    before = threading.active_count()
    with closing_all(targets) as tools:
        assert set(tools) == {"reserve", "linger", "chatter", "pid"}
        assert tools["reserve"].spec.parameters["properties"]["nights"]["type"] == "integer"
        ok = tools["reserve"].call({"city": "Oslo", "nights": 2})
        refused = tools["reserve"].call({"city": "Oslo", "nights": 0})
        first = tools["linger"].call({"seconds": 0})
        hung = tools["linger"].call({"seconds": 30})
        again = tools["linger"].call({"seconds": 0})  # a fresh worker and server
        noisy = tools["chatter"].call({"lines": 20000})
        server_pid = tools["pid"].call({}).result
    assert ok.outcome == "returned" and ok.result == {"result": "2 nights in Oslo"}
    assert refused.outcome == "rejected"
    assert first.outcome == "returned" and hung.outcome == "timeout" and again.outcome == "returned"
    assert noisy.outcome == "returned" and noisy.result == {"result": 20000}
    assert threading.active_count() == before
    pid = server_pid["result"]
    for _ in range(50):  # closing the target ends the server it started
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        pytest.fail(f"the stdio server {pid} outlived its target")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_streamable_http_on_a_local_url() -> None:
    port = _free_port()
    proc = subprocess.Popen([sys.executable, str(SERVER), "http", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), 0.2).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail("the HTTP test server did not start")
                time.sleep(0.1)
        with closing_all(resolve(f"http://127.0.0.1:{port}/mcp")) as tools:
            ok = tools["reserve"].call({"city": "Oslo", "nights": 2})
            bad = tools["reserve"].call({"city": "Oslo", "nights": 0})
        assert ok.outcome == "returned" and ok.result == {"result": "2 nights in Oslo"}
        assert bad.outcome == "rejected"
    finally:
        proc.kill()
        proc.wait()


@pytest.mark.parametrize(
    ("reference", "message"),
    [
        ("stdio:", "needs the command that starts the MCP server"),
        ("stdio:'unbalanced", "cannot split the command line"),
        ("https://example.com/mcp", "only a local MCP server is fuzzed over HTTP"),
    ],
)
def test_bad_endpoints_are_one_clear_error(reference: str, message: str) -> None:
    with pytest.raises(TargetError, match=message):
        load(reference)


def test_a_command_that_is_not_an_mcp_server_is_one_clear_error() -> None:
    # the process exits at once, so the connection closes: never the 60 s listing timeout
    with pytest.raises(TargetError, match=r"^the MCP server stdio:.* could not be reached: "):
        resolve(f"stdio:{shlex.quote(sys.executable)} -c 'import sys; sys.exit(2)'")


def test_a_server_answering_in_something_else_than_json_rpc_is_said_so_within_seconds(tmp_path: Path) -> None:
    """mcp-uuid-server (trial 10) answers every line at once, without `"jsonrpc"`; the run waited
    out the 60 s listing timeout and then quoted the tail of a pydantic link."""
    import time

    server = tmp_path / "not_jsonrpc.py"
    server.write_text(textwrap.dedent("""
        import json, sys
        for line in sys.stdin:
            request = json.loads(line)
            print(json.dumps({"id": request.get("id"), "result": None,
                              "error": {"code": -32602, "message": "Unknown method"}}), flush=True)
        """))
    started = time.monotonic()
    with pytest.raises(TargetError, match=r"could not be reached: NotJsonRpc: the server's answer is not JSON-RPC 2\.0 "
                                          r"\(.*input_value=\{'id': 1"):
        resolve(f"stdio:{shlex.quote(sys.executable)} {shlex.quote(str(server))}")
    assert time.monotonic() - started < 30


def test_a_server_listing_invalid_tools_is_told_its_listing_is_wrong_not_that_it_is_unreachable(tmp_path: Path) -> None:
    """Trial 11: a tool without `inputSchema` was reported as "could not be reached"."""
    server = tmp_path / "bad_listing.py"
    server.write_text(textwrap.dedent("""
        import json, sys
        for line in sys.stdin:
            request = json.loads(line)
            if "id" not in request:
                continue
            if request["method"] == "initialize":
                result = {"protocolVersion": request["params"]["protocolVersion"], "capabilities": {"tools": {}},
                          "serverInfo": {"name": "bad", "version": "1"}}
            else:
                result = {"tools": [{"name": "add", "description": "no schema"}]}
            print(json.dumps({"jsonrpc": "2.0", "id": request["id"], "result": result}), flush=True)
        """))
    with pytest.raises(TargetError) as caught:
        resolve(f"stdio:{shlex.quote(sys.executable)} {shlex.quote(str(server))}")
    message = str(caught.value)
    assert "could not be reached" not in message
    assert "started, but it answered tools/list with a tool list the MCP SDK rejects as invalid" in message
    assert "inputSchema" in message


def test_a_banner_on_stdout_before_the_server_answers_is_no_error(tmp_path: Path) -> None:
    pytest.importorskip("mcp.server.mcpserver", reason="the MCP SDK 2.x is an optional extra")
    server = tmp_path / "banner.py"
    server.write_text(textwrap.dedent("""
        from mcp.server.mcpserver import MCPServer

        print("*** banner server 1.0 ***", flush=True)
        mcp = MCPServer("banner")

        @mcp.tool()
        def add(a: int, b: int) -> int:
            \"\"\"Add two integers.\"\"\"
            return a + b

        mcp.run()
        """))
    [target] = resolve(f"stdio:{shlex.quote(sys.executable)} {shlex.quote(str(server))}")
    assert target.name == "add"


def test_a_server_that_dies_mid_run_is_one_finding_with_what_it_said_last(tmp_path: Path) -> None:
    """Not the client library's "Connection closed" with its frames: the server's own last words."""
    from pytest_aacl import fuzz

    pytest.importorskip("mcp.server.mcpserver", reason="the MCP SDK 2.x is an optional extra")
    server = tmp_path / "dies.py"
    server.write_text(textwrap.dedent("""
        import os, sys
        from mcp.server.mcpserver import MCPServer

        mcp = MCPServer("dies")
        CALLS = [0]

        @mcp.tool()
        def add(a: int, b: int) -> int:
            \"\"\"Add two integers.\"\"\"
            CALLS[0] += 1
            if CALLS[0] == 3:
                sys.stderr.write("fatal: database connection lost\\n")
                sys.stderr.flush()
                os._exit(3)
            return a + b

        mcp.run()
        """))
    report = fuzz(f"stdio:{shlex.quote(sys.executable)} {shlex.quote(str(server))}", checks=["total"],
                  max_examples=15, seed=0)
    deaths = [f for f in report.findings if "closed the connection" in f.message]
    assert len(deaths) == 1 and len(report.findings) == 1, str(report)
    assert "fatal: database connection lost" in deaths[0].error and "Connection closed" not in deaths[0].error
    assert "mcp/client" not in deaths[0].error  # no frames of the client library


def test_a_nan_the_server_cannot_round_is_a_crash_not_a_refusal() -> None:
    """mcp-korea-worklife (session 30) relayed `int(round(float("NaN")))` as an isError result
    ("cannot convert float NaN to integer"): the interpreter's words, so a crash (`total`),
    not a refusal whose wording merely lacks a field name."""
    from pytest_aacl import fuzz

    fastmcp = pytest.importorskip("fastmcp", reason="fastmcp is an optional extra")
    server = fastmcp.FastMCP("pay")  # relays the exception's text, as the server in question did

    @server.tool()
    def net_pay(salary: float) -> int:
        """Net monthly pay for a yearly salary."""
        return round(salary) * 9 // 120

    report = fuzz(server, checks=["total"], max_examples=60, seed=0)
    assert any("cannot convert float" in f.message for f in report.findings), [f.message for f in report.findings]


# -- through the plugin, as a user runs it ---------------------------------------------------------


def test_plugin_fuzzes_a_stdio_server(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_nothing="def test_nothing():\n    pass\n")
    result = pytester.runpytest("-p", "aacl", "--aacl-target", STDIO, "--aacl-checks", "total",
                                "--aacl-max-examples", "5", "-k", "reserve or pid", "-q")
    result.assert_outcomes(passed=2, deselected=3)  # reserve and pid, each `total` over real calls


def test_a_fastmcp_tool_object_alone_is_served_in_memory() -> None:
    from fastmcp.tools import FunctionTool

    def add(a: int, b: int) -> int:
        return a + b

    [t] = resolve(FunctionTool.from_function(add))
    call = t.call({"a": 1, "b": "2"})
    t.close()
    assert t.name == "add" and call.outcome == "returned" and call.result == {"result": 3}


@pytest.mark.parametrize("missing", ["mcp", "fastmcp"])
def test_a_missing_mcp_library_is_one_line_naming_the_extra(missing: str) -> None:
    code = textwrap.dedent(f"""
        import sys
        sys.modules[{missing!r}] = None  # as if not installed
        from pytest_aacl._targets import TargetError, resolve
        try:
            resolve({STDIO!r} if {missing!r} == "mcp" else __import__("mcp.server.mcpserver", fromlist=["x"]).MCPServer("s"))
        except TargetError as exc:
            print(exc)
    """)
    if missing == "fastmcp":  # with the SDK's own client an SDK server needs no fastmcp: hide that client too
        code = code.replace("sys.modules['fastmcp'] = None", "sys.modules['fastmcp'] = None; import mcp; del mcp.Client")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert "pip install 'pytest-aacl[mcp]'" in out.stdout, out.stdout + out.stderr[-1500:]
    assert len(out.stdout.strip().splitlines()) == 1


def test_without_the_sdk_2_client_stdio_goes_through_fastmcp(tmp_path: Path) -> None:
    # mcp 1.x has no `mcp.Client`: fastmcp's client speaks stdio instead
    code = textwrap.dedent(f"""
        import mcp
        del mcp.Client
        from pytest_aacl._targets import resolve
        tools = {{t.name: t for t in resolve({STDIO!r})}}
        print(tools["reserve"].call({{"city": "Oslo", "nights": 2}}).result)
        for t in tools.values():
            t.close()
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "TMPDIR": str(tmp_path)})
    assert out.stdout.strip() == "{'result': '2 nights in Oslo'}", out.stderr[-1500:]
    # the scratch directory is made before the worker forks (its exit skips atexit)
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("aacl-server-")] == []


def test_a_value_no_transport_can_carry_is_not_the_servers_defect_and_breaks_nothing() -> None:
    """A lone surrogate cannot be sent as UTF-8 JSON: a real host never delivers it, so the
    call counts as refused (never an escape blamed on the server), and the session lives on."""
    targets = resolve(STDIO, timeout=10.0)
    with closing_all(targets) as tools:
        unsendable = tools["reserve"].call({"city": "\ud800", "nights": 2})
        after = tools["reserve"].call({"city": "Oslo", "nights": 2})
    assert unsendable.outcome == "rejected" and "transport cannot carry" in unsendable.message
    assert after.outcome == "returned" and after.result == {"result": "2 nights in Oslo"}


_WRITER = '''
import os

from mcp.server.mcpserver import MCPServer

server = MCPServer("writer")


@server.tool()
def export(name: str) -> str:
    """Write a file where the server runs; answer where that is."""
    with open(name, "w") as handle:
        handle.write("x")
    return os.getcwd()


if __name__ == "__main__":
    server.run()
'''


def test_a_stdio_server_runs_in_a_scratch_directory_removed_at_exit(tmp_path: Path) -> None:
    """Files a fuzzed call creates never land in the user's directory, nor stay behind."""
    (tmp_path / "writer.py").write_text(_WRITER, encoding="utf-8")
    script = (
        "from pytest_aacl._targets import resolve\n"
        f"[t] = resolve('stdio:{sys.executable} writer.py')\n"
        "print(t.call({'name': 'report.csv'}).result['result'])\n"
        "t.close()\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    where = Path(done.stdout.strip().splitlines()[-1])
    assert where != tmp_path and where.name.startswith("aacl-server-")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["writer.py"]
    assert not where.exists()  # removed when the fuzzing process ended


def test_a_python_stdio_server_logs_quietly_and_keeps_the_users_sitecustomize(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The MCP SDK renders a rich traceback for every failing call (0.8 s each): a stdio
    server's MCP loggers are quieted as they are in memory, without hiding the user's own
    `sitecustomize`."""
    from pytest_aacl._targets._mcp import _server_env

    user = tmp_path / "usersite"
    user.mkdir()
    (user / "sitecustomize.py").write_text("import os\nos.environ['USER_SITE_RAN'] = 'yes'\n", encoding="utf-8")
    monkeypatch.setenv("PYTHONPATH", str(user))
    probe = "import logging, os; print(logging.getLogger('mcp').level, os.environ.get('USER_SITE_RAN'))"
    done = subprocess.run([sys.executable, "-c", probe], env=_server_env(), capture_output=True, text=True,
                          timeout=60, check=True)
    assert done.stdout.split() == [str(logging.CRITICAL), "yes"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_a_python_stdio_server_dies_with_the_process_that_started_it() -> None:
    """A run stopped by `timeout` or Ctrl-C must not leave a busy server running, orphaned
    (mcp-number-theory went on computing at 66 % CPU)."""
    from pytest_aacl._targets._mcp import _server_env

    starter = ("import subprocess, sys, time; "
               "child = subprocess.Popen([sys.executable, '-c', 'while True: pass']); "
               "print(child.pid, flush=True); time.sleep(120)")
    parent = subprocess.Popen([sys.executable, "-c", starter], env=_server_env(), stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    child = int(parent.stdout.readline())
    assert _alive(child)
    parent.kill()
    parent.wait(timeout=30)
    deadline = time.monotonic() + 30
    while _zombie_or_running(child) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _zombie_or_running(child)


def _zombie_or_running(pid: int) -> bool:
    """Is `pid` still running?  One that exited but was not reaped yet (a zombie) is not."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def _servers_running() -> list[int]:
    """The pids of this file's test server started from this test process (Linux: /proc;
    another xdist worker's servers are not ours)."""
    def parent(pid: int) -> int:
        status = Path(f"/proc/{pid}/status").read_text()
        return int(next(line.split()[1] for line in status.splitlines() if line.startswith("PPid:")))

    found = []
    for entry in Path("/proc").iterdir():
        with contextlib.suppress(OSError, ValueError, StopIteration):
            if entry.name.isdigit() and str(SERVER).encode() in (entry / "cmdline").read_bytes():
                ancestor = int(entry.name)
                for _ in range(6):
                    ancestor = parent(ancestor)
                    if ancestor == os.getpid():
                        found.append(int(entry.name))
                        break
    return found


def test_the_tools_of_a_stdio_server_share_one_server_until_the_last_is_closed() -> None:
    """One server process per run, not per tool (each start cost 1.3 s of a stdio run)."""
    if not Path("/proc/self/cmdline").exists():
        pytest.skip("counts server processes through /proc (Linux)")
    before = set(_servers_running())  # an earlier test's server may still be on its way out
    targets = resolve(STDIO, timeout=3.0)
    tools = by_name(targets)
    assert tools["reserve"].call({"city": "Oslo", "nights": 2}).outcome == "returned"
    server = tools["pid"].call({}).result["result"]
    assert set(_servers_running()) - before == {server}  # one process served both tools
    tools["reserve"].close()  # done with one tool: the others still use the server
    assert _alive(server)
    assert tools["pid"].call({}).result["result"] == server
    for t in targets:
        t.close()
    for _ in range(50):
        if not _alive(server):
            break
        time.sleep(0.1)
    else:
        pytest.fail(f"the stdio server {server} outlived the last of its targets")


def test_a_json_rpc_error_answer_keeps_the_session_and_its_one_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An error answer (-32603) is an answer: the session lives on.  Dropping it on every such
    answer started a server per call and never ended the old ones (trial 8, math-mcp-learning-
    server: 30 servers, 3.5 GB after two minutes); here 23 starts for 30 examples before."""
    from pytest_aacl import fuzz

    starts = tmp_path / "starts.txt"
    monkeypatch.setenv("AACL_TEST_STARTS", str(starts))
    server = Path(__file__).parent / "servers" / "error_answer_mcp.py"
    report = fuzz(f"stdio:{shlex.quote(sys.executable)} {shlex.quote(str(server))}", checks=["total"],
                  max_examples=30, seed=0)
    assert any("no such key" in f.message for f in report.findings), str(report)
    assert starts.read_text().count("start") <= 2  # one to list the tools, one for the run


def test_a_rate_limited_run_stops_and_says_so_without_findings() -> None:
    """"Rate limit exceeded" says nothing about the input: such answers are never judged, the
    tool's run stops there, and a WARNING says what was not tested (trial 8: 11 false findings)."""
    from mcp.server.mcpserver.exceptions import ToolError

    from pytest_aacl import fuzz

    server = mcpserver.MCPServer("limited")
    calls = [0]

    @server.tool()
    def echo(text: str, times: int = 1) -> str:
        """Repeat a text."""
        calls[0] += 1
        if calls[0] > 40:
            raise ToolError("Rate limit exceeded: 40 requests per 1 minutes for client: global")
        return text * max(0, min(times, 3))

    report = fuzz(server, max_examples=100, seed=0)
    text = str(report)
    assert report.findings == [], text
    assert "WARNING echo: the server rate-limited the run after" in text and "Rate limit exceeded" in text, text
    assert any("not run, the server rate-limited the run" in line for line in report.not_applicable), text


def test_a_quota_answered_as_a_result_stops_the_run_too() -> None:
    """Trial 12 (encoder-ai-mcp): after 50 calls every tool answered `{"error": "Limit 50/day.
    Upgrade: ..."}` as a plain result; counted as refusals, they drew "give example values"."""
    from pytest_aacl import fuzz

    server = mcpserver.MCPServer("quota")
    calls = [0]

    @server.tool()
    def shout(text: str) -> dict:
        """The text in capitals."""
        calls[0] += 1
        if calls[0] > 30:
            return {"error": "Limit 30/day. Upgrade: example.com"}
        return {"text": text.upper()}

    report = fuzz(server, checks=["no_silent_corruption", "total"], max_examples=60, seed=0)
    text = str(report)
    assert report.findings == [], text
    assert "WARNING shout: the server rate-limited the run after" in text and "Limit 30/day" in text, text


def test_a_server_that_never_lists_its_tools_is_quoted_from_its_first_error() -> None:
    """mcp-uuid-server (trial 10) answers without `"jsonrpc"`: the client's first complaint says
    what is wrong, the last 500 characters were the tail of a pydantic link."""
    from pytest_aacl._targets._mcp import _first_error

    detail = "starting\nValidationError: 7 validation errors for JSONRPCMessage\nJSONRPCRequest.jsonrpc\n" + \
             "  Field required\n" + "    For further information visit https://errors.pydantic.dev\n" * 20
    said = _first_error(detail)
    assert said.startswith("; it said:\nValidationError: 7 validation errors for JSONRPCMessage"), said
    assert "starting" not in said and len(said) <= 812
    assert _first_error("") == ""
