"""The worker that runs user code: a forked process killed on timeout, or (without fork) a thread."""

from __future__ import annotations

import os
import sys
import threading
import time
from typing import Any

import pytest

from pytest_aacl._targets import Target, resolve
from pytest_aacl._targets._worker import OUTPUT_TAIL, ProcessWorker, ThreadWorker

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the process worker needs os.fork")


def job(payload: Any) -> Any:
    kind, value = payload
    if kind == "print-then-exit":
        for i in range(value):
            print(f"line {i}", flush=True)
        sys.stderr.write("last words\n")
        sys.stderr.flush()
        os._exit(7)
    if kind == "sleep":
        time.sleep(value)
    return {"pid": os.getpid(), "value": value}


def test_a_crash_names_the_exit_code_and_keeps_only_the_last_output() -> None:
    worker = ProcessWorker(job)
    crashed = worker.run(("print-then-exit", 50_000), 30)
    assert crashed.status == "crashed" and "exit code 7" in crashed.detail
    assert crashed.detail.rstrip().endswith("last words") and len(crashed.detail) < OUTPUT_TAIL
    again = worker.run(("echo", 1), 30)  # a fresh child after the crash
    worker.close()
    assert again.status == "done" and again.reply["value"] == 1 and again.reply["pid"] != os.getpid()


def test_a_timeout_kills_the_child_and_the_next_job_gets_a_new_one() -> None:
    worker = ProcessWorker(job)
    first = worker.run(("echo", 0), 30).reply["pid"]
    hung = worker.run(("sleep", 60), 0.3)
    second = worker.run(("echo", 0), 30).reply["pid"]
    worker.close()
    assert hung.status == "timeout" and first != second
    with pytest.raises(ProcessLookupError):
        os.kill(first, 0)


def test_without_fork_a_thread_worker_still_bounds_a_hang() -> None:
    release = threading.Event()

    def slow(city: str) -> str:
        if city == "hang":
            release.wait(30)
        return city

    [t] = resolve(slow)
    threaded = Target(t.name, t.spec, t._invoke, black_box=True, timeout=0.2, isolate=False)
    assert isinstance(threaded._worker, ThreadWorker)
    hung = threaded.call({"city": "hang"})
    fine = threaded.call({"city": "Oslo"})
    threaded.close()
    release.set()
    assert hung.outcome == "timeout" and fine.outcome == "returned" and fine.result == "Oslo"


def _starts_a_hungry_program(_: Any) -> str:
    """What a stdio MCP server with an unbounded size argument does: grow until stopped."""
    import subprocess

    grow = "import time\nheap = []\nwhile True:\n    heap.append(bytearray(32 * 2**20))\n    time.sleep(0.02)\n"
    subprocess.run([sys.executable, "-c", grow], check=False)
    return "never"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="resident memory is read from /proc")
def test_an_uncapped_worker_that_grows_without_bound_is_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stdio server runs without the address-space cap (it would inherit it): the worker
    and every program under it are watched, and stopped once they grow by MEMORY_HEADROOM
    in one call, long before the call's timeout and before the machine swaps."""
    from pytest_aacl._targets import _worker

    monkeypatch.setattr(_worker, "MEMORY_HEADROOM", 300 * 2**20)
    worker = ProcessWorker(_starts_a_hungry_program, cap_memory=False)
    try:
        start = time.monotonic()
        outcome = worker.run("go", 60.0)
        assert outcome.status == "crashed" and "memory during one call" in outcome.detail, outcome
        assert time.monotonic() - start < 30
    finally:
        worker.close()
    time.sleep(1.5)  # the programs a worker started get a moment to exit, then are killed
    assert not _hungry_alive(), "the hungry program outlived its worker"


def _hungry_alive() -> list[str]:
    alive = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                text = cmdline.read().decode(errors="replace")
            with open(f"/proc/{pid}/stat") as stat:
                zombie = stat.read().rsplit(")", 1)[1].split()[0] == "Z"
        except OSError:
            continue
        if "heap.append(bytearray(32" in text and not zombie:
            alive.append(pid)
    return alive
