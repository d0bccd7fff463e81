"""Running user code where it cannot hurt the run: one forked worker process per target.

A fuzzed tool may hang, spin the CPU, call `os._exit`, allocate without bound or print
without end.  Each of those must cost one finding and a bounded time, never the run (the
model pytest-timeout and Hypothesis's own runners use).  So calls run in a child process
forked from the test process (it inherits the tool, its server and any spy installed for
the session: nothing needs to be importable or picklable except the arguments and the
reply), and:

* a call that does not answer within its timeout gets the child's whole process group
  killed; the next call forks a fresh child.  No thread is ever left behind;
* a child that dies (`os._exit`, a signal, the kernel's OOM killer) is a `crashed` outcome;
* the child's address space is capped (`MEMORY_HEADROOM` above what it inherited), so a
  blow-up is a `MemoryError` in the tool, not a machine swapping.  A worker that starts a
  stdio server (which would inherit the cap) is watched instead: when it and everything it
  started grow by `MEMORY_HEADROOM` during one call, it is stopped (a `crashed` outcome);
* the child's stdout and stderr go to a pipe the parent drains while it waits, keeping only
  the last `OUTPUT_TAIL` bytes: a flood of output costs CPU for at most the timeout;
* the child dies with the parent (Linux `PR_SET_PDEATHSIG`), so a killed test run leaves
  no spinning orphans.

Where `os.fork` does not exist (Windows) `ThreadWorker` runs calls on a daemon thread: a
hang is still bounded, but the stuck thread stays parked until it returns.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import io
import os
import pickle
import queue
import selectors
import signal
import sys
import threading
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection, Pipe
from typing import Any, Literal

__all__ = ["MEMORY_HEADROOM", "OUTPUT_TAIL", "Outcome", "ProcessWorker", "ThreadWorker", "Unpicklable",
           "Worker", "WorkerUnavailable", "settle", "worker_for"]

#: Bytes of address space a worker may allocate beyond what it inherited (Linux only).
MEMORY_HEADROOM = 2 * 1024**3
#: Bytes of a worker's last output kept (for the message when it crashes).
OUTPUT_TAIL = 4096
_STARTUP = 30.0  # seconds a fresh worker may take to start (not counted as the tool's time)


class Unpicklable(Exception):
    """A payload that cannot be pickled (hostile test objects): run it with `run_once`."""


class WorkerUnavailable(RuntimeError):
    """No worker process could be started (out of memory or processes)."""


@dataclass
class Outcome:
    """How one job ended: `done` (with the handler's reply), `timeout`, or `crashed`."""

    status: Literal["done", "timeout", "crashed"]
    reply: Any = None
    detail: str = ""  # for `crashed`: how the worker ended, and its last output


_LOOP: asyncio.AbstractEventLoop | None = None


def settle(value: Any) -> Any:
    """Run an awaitable to completion on this worker's own event loop (kept across calls,
    so an MCP client session opened by one call serves the next); other values pass."""
    global _LOOP
    if not inspect.isawaitable(value):
        return value
    if _LOOP is None or _LOOP.is_closed():
        _LOOP = asyncio.new_event_loop()
    return _LOOP.run_until_complete(value)


class ProcessWorker:
    """A forked child running `handler(payload) -> reply` jobs, one at a time.

    `handler` and everything it refers to are inherited by `fork`; payloads and replies
    cross a pipe as pickles.  `run` never raises for what the handler does.
    """

    def __init__(self, handler: Callable[[Any], Any], *, cap_memory: bool = True) -> None:
        self._handler = handler
        self._cap_memory = cap_memory
        self._started: list[int] = []  # programs the worker started (a stdio server)
        self._pid = 0
        self._conn: Connection | None = None
        self._out = -1
        #: the tool's own source files to trace for branch coverage (`_branchcov`), and
        #: the parent-side `Coverage` each reply's new arcs are merged into
        self.trace_files: frozenset[str] = frozenset()
        self.coverage: Any = None
        self._traced = False

    @property
    def started(self) -> bool:
        return bool(self._pid)

    def run(self, payload: Any, timeout: float) -> Outcome:
        """Send `payload`; `Unpicklable` if it cannot cross the pipe (then use `run_once`)."""
        try:
            data = pickle.dumps(payload)
        except Exception as exc:  # a hostile object's __reduce__ may raise anything
            raise Unpicklable(str(exc)) from None
        if not self._pid:
            self._start(None)
        assert self._conn is not None
        try:
            self._conn.send_bytes(data)
        except OSError:  # the previous job killed it on the way out
            self._reap()
            self._start(None)
            self._conn.send_bytes(data)
        return self._wait(timeout)

    def run_once(self, payload: Any, timeout: float) -> Outcome:
        """Run a job whose payload cannot pickle: a one-shot child inherits it in memory."""
        self.close()
        self._start((payload,))
        try:
            return self._wait(timeout)
        finally:
            self.close()

    def close(self, grace: float = 2.0) -> None:
        """Ask the child to exit (closing its sessions), kill its group if it does not."""
        if not self._pid:
            return
        self._started = _children(self._pid)
        with contextlib.suppress(OSError):
            assert self._conn is not None
            self._conn.send_bytes(b"")
            deadline = time.monotonic() + grace
            while time.monotonic() < deadline:
                if os.waitpid(self._pid, os.WNOHANG)[0]:
                    self._pid = 0
                    break
                time.sleep(0.01)
        self._reap()

    def __del__(self) -> None:  # a forgotten target must not leave a process behind
        with contextlib.suppress(Exception):
            self._reap()

    # -- parent side --------------------------------------------------------------------

    def _start(self, once: tuple[Any] | None) -> None:
        parent_conn, child_conn = Pipe()
        out_r, out_w = os.pipe()
        for stream in (sys.stdout, sys.stderr):  # nothing buffered is written twice
            with contextlib.suppress(Exception):
                stream.flush()
        try:
            with warnings.catch_warnings():  # 3.12+: "process is multi-threaded, use of fork()"
                warnings.simplefilter("ignore", DeprecationWarning)
                pid = os.fork()
        except OSError as exc:
            for end in (parent_conn, child_conn):
                end.close()
            os.close(out_r)
            os.close(out_w)
            raise WorkerUnavailable(f"cannot start a worker process to run the tool ({exc})") from None
        if pid == 0:  # pragma: no cover (runs in the child; its coverage is not collected)
            parent_conn.close()
            os.close(out_r)
            _child(child_conn, out_w, self._handler, once, self._cap_memory, self.trace_files)
        child_conn.close()
        os.close(out_w)
        self._pid, self._conn, self._out = pid, parent_conn, out_r
        self._traced = bool(self.trace_files)
        # a busy machine may take a while to start a process: that is not the tool's time
        try:
            ready = parent_conn.poll(_STARTUP) and parent_conn.recv_bytes() == b"ready"
        except (EOFError, OSError):
            ready = False
        if not ready:
            self._reap()
            raise WorkerUnavailable(f"the worker process did not start within {_STARTUP:.0f} s")

    def _wait(self, timeout: float) -> Outcome:
        assert self._conn is not None
        tail = bytearray()
        deadline = time.monotonic() + timeout
        # without an address-space cap (a stdio server runs as a program of its own), the
        # memory of the worker and everything it started is watched instead
        limit = None if self._cap_memory else _resident(self._pid) + MEMORY_HEADROOM
        with selectors.DefaultSelector() as sel:
            sel.register(self._conn.fileno(), selectors.EVENT_READ, "reply")
            sel.register(self._out, selectors.EVENT_READ, "output")
            while True:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    self._reap()
                    return Outcome("timeout", detail=_decode(tail))
                if limit is not None and (used := _resident(self._pid)) > limit:
                    self._reap()
                    return Outcome("crashed", detail=(
                        f"the tool was stopped: it grew by {(used - limit + MEMORY_HEADROOM) / 1024**3:.1f} GiB of "
                        "memory during one call (is a size or count argument unbounded?)") + _shown(tail))
                for key, _ in sel.select(min(remaining, _MEMORY_POLL) if limit is not None else remaining):
                    if key.data == "output":
                        chunk = os.read(self._out, 65536)
                        if not chunk:
                            sel.unregister(self._out)
                        tail += chunk
                        del tail[:-OUTPUT_TAIL]
                        continue
                    try:
                        reply = pickle.loads(self._conn.recv_bytes())
                    except (EOFError, OSError):
                        return Outcome("crashed", detail=self._death() + _shown(tail))
                    if self._traced:  # (reply, the arcs this call reached first)
                        reply, news = reply
                        if self.coverage is not None:
                            self.coverage.merge(news)
                    # what was written before the reply but not yet read: a dead server's last words
                    # are in the pipe when its client notices (a test failed on this, by timing)
                    while self._out in sel.get_map() and any(k.data == "output" for k, _ in sel.select(0)):
                        chunk = os.read(self._out, 65536)
                        if not chunk:
                            break
                        tail += chunk
                        del tail[:-OUTPUT_TAIL]
                    return Outcome("done", reply, _decode(tail))

    def _death(self) -> str:
        status = 0
        with contextlib.suppress(ChildProcessError):
            _, status = os.waitpid(self._pid, 0)
        with contextlib.suppress(OSError):
            os.killpg(self._pid, signal.SIGKILL)  # what the tool started dies with it
        self._pid = 0
        self._reap()
        if os.WIFSIGNALED(status):
            sig = os.WTERMSIG(status)
            name = signal.Signals(sig).name if sig in signal.Signals._value2member_map_ else str(sig)
            why = " (the kernel's out-of-memory killer sends it)" if sig == signal.SIGKILL else ""
            return f"the worker process running the tool was killed by {name}{why}"
        return f"the tool ended the worker process (exit code {os.WEXITSTATUS(status)})"

    def _reap(self) -> None:
        if self._pid:
            self._started += _children(self._pid)
            with contextlib.suppress(OSError):
                os.killpg(self._pid, signal.SIGKILL)
            with contextlib.suppress(OSError):
                os.kill(self._pid, signal.SIGKILL)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(self._pid, 0)
            self._pid = 0
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        if self._out >= 0:
            with contextlib.suppress(OSError):
                os.close(self._out)
            self._out = -1
        _end(self._started)
        self._started = []


def _children(pid: int) -> list[int]:
    """The worker's child processes (Linux): a stdio MCP server starts in a session of its
    own, so killing the worker's group does not reach it."""
    found: list[int] = []
    with contextlib.suppress(OSError, ValueError):
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as children:
                found += [int(p) for p in children.read().split()]
    return found


#: seconds between two looks at an uncapped worker's memory
_MEMORY_POLL = 0.2


def _resident(pid: int) -> int:
    """Resident memory (bytes) of `pid` and every process under it (Linux; 0 elsewhere)."""
    total, seen, todo = 0, set(), [pid]
    while todo:
        current = todo.pop()
        if current in seen or not current:
            continue
        seen.add(current)
        with contextlib.suppress(OSError, ValueError, IndexError):
            with open(f"/proc/{current}/statm") as statm:
                total += int(statm.read().split()[1]) * _PAGE
        todo += _children(current)
    return total


_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def _end(pids: list[int], grace: float = 1.0) -> None:
    """Give programs the worker started a moment to exit on end of input, then kill them."""
    deadline = time.monotonic() + grace
    alive = list(pids)
    while alive and time.monotonic() < deadline:
        alive = [p for p in alive if _alive(p)]
        if alive:
            time.sleep(0.02)
    for pid in alive:
        with contextlib.suppress(OSError):
            os.killpg(pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def _decode(tail: bytes | bytearray) -> str:
    return bytes(tail).decode("utf-8", "replace")


def _shown(tail: bytearray) -> str:
    text = _decode(tail).strip()
    return f"; its last output:\n{text[-1500:]}" if text else ""


# -- child side -------------------------------------------------------------------------


def _child(conn: Connection, out: int, handler: Callable[[Any], Any], once: tuple[Any] | None,
           cap_memory: bool, trace_files: frozenset[str] = frozenset()) -> None:  # pragma: no cover
    """The worker's whole life; always ends in `os._exit` (never returns into pytest)."""
    code = 0
    try:
        _isolate(out, cap_memory)
        tracer = None
        if trace_files:
            from .._branchcov import ArcTracer  # lazy: only in a worker that traces coverage

            tracer = ArcTracer(trace_files)
            tracer.start()
        conn.send_bytes(b"ready")
        if once is not None:
            conn.send_bytes(_reply(handler, once[0], tracer))
            return
        while data := conn.recv_bytes():
            conn.send_bytes(_reply(handler, pickle.loads(data), tracer))
        _close_loop()
    except (EOFError, OSError, KeyboardInterrupt):
        pass
    except BaseException:
        code = 70
    finally:
        os._exit(code)


def _reply(handler: Callable[[Any], Any], payload: Any, tracer: Any = None) -> bytes:  # pragma: no cover
    """The pickled reply; with a tracer, `(reply, arcs first reached by this job)`."""
    try:
        reply = handler(payload)
        return pickle.dumps(reply if tracer is None else (reply, tracer.take()))
    except BaseException as exc:  # the handler itself failed or its reply does not pickle
        failed = {"internal": f"{type(exc).__name__}: {exc}"}
        return pickle.dumps(failed if tracer is None else (failed, tracer.take()))


def _isolate(out: int, cap_memory: bool) -> None:  # pragma: no cover
    os.setpgid(0, 0)  # killing the group also kills what the tool started
    if sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if cap_memory and sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):
            import resource

            with open("/proc/self/statm") as statm:
                size = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
            resource.setrlimit(resource.RLIMIT_AS, (size + MEMORY_HEADROOM, resource.RLIM_INFINITY))
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, signal.SIG_DFL)
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.dup2(out, 1)
    os.dup2(out, 2)
    for fd in (devnull, out):
        os.close(fd)
    sys.stdin = open(os.devnull)
    sys.stdout = io.TextIOWrapper(os.fdopen(1, "wb", closefd=False), errors="backslashreplace", line_buffering=True)
    sys.stderr = io.TextIOWrapper(os.fdopen(2, "wb", closefd=False), errors="backslashreplace", line_buffering=True)
    import logging

    for handler in logging.getLogger().handlers[:]:  # pytest's capture handlers hold the parent's buffers
        logging.getLogger().removeHandler(handler)


def _close_loop() -> None:  # pragma: no cover
    """A clean exit: let sessions opened on the loop shut down (stdio servers get to exit)."""
    if _LOOP is not None and not _LOOP.is_closed():
        with contextlib.suppress(BaseException):
            _LOOP.run_until_complete(asyncio.wait_for(_LOOP.shutdown_asyncgens(), 2))


# -- the fallback without fork ----------------------------------------------------------


class ThreadWorker:
    """`ProcessWorker`'s interface on one daemon thread (with its own event loop).

    A call that never returns keeps its thread until the process exits (Python cannot kill
    a thread); the worker then starts a fresh thread, so one hang costs one parked thread.
    """

    def __init__(self, handler: Callable[[Any], Any]) -> None:
        self._handler = handler
        self._jobs: queue.SimpleQueue[Any] | None = None

    @property
    def started(self) -> bool:
        return self._jobs is not None

    def _serve(self, jobs: queue.SimpleQueue[Any]) -> None:
        global _LOOP
        _LOOP = None  # each thread its own loop (settle is per worker)
        while (job := jobs.get()) is not None:
            payload, box, done = job
            try:
                box.append(self._handler(payload))
            except BaseException as exc:
                box.append({"internal": f"{type(exc).__name__}: {exc}"})
            done.set()

    def run(self, payload: Any, timeout: float) -> Outcome:
        if self._jobs is None:
            self._jobs = queue.SimpleQueue()
            threading.Thread(target=self._serve, args=(self._jobs,), name="aacl-call", daemon=True).start()
        box: list[Any] = []
        done = threading.Event()
        self._jobs.put((payload, box, done))
        if not done.wait(timeout):
            self.close()  # the thread exits once the stuck call returns, if it ever does
            return Outcome("timeout")
        return Outcome("done", box[0])

    run_once = run

    def close(self) -> None:
        if self._jobs is not None:
            self._jobs.put(None)
            self._jobs = None


Worker = ProcessWorker if hasattr(os, "fork") else ThreadWorker


def worker_for(handler: Callable[[Any], Any], isolate: bool = True, cap_memory: bool = True) -> ProcessWorker | ThreadWorker:
    """A process worker where the platform can fork (and `isolate`), else a thread worker.

    `cap_memory=False` for workers that start other programs (a stdio MCP server inherits
    the limit, and runtimes such as Node reserve far more address space than they use)."""
    if isolate and hasattr(os, "fork"):
        return ProcessWorker(handler, cap_memory=cap_memory)
    return ThreadWorker(handler)
