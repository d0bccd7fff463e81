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
