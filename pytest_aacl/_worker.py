"""Calling under a time bound: a hang in a tool becomes a finding, never a hung test run."""

from __future__ import annotations

import asyncio
import inspect
import queue
import threading
from collections.abc import Callable
from typing import Any

__all__ = ["Worker"]


class Worker:
    """One daemon thread (with its own event loop) that runs calls, so a hang can be abandoned.

    `run` waits at most `timeout` seconds.  A call that never returns keeps its daemon
    thread busy until the process exits (Python cannot kill a thread); the target then
    starts a fresh worker, so one hang costs one parked thread, not one per call.
    """

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[Any] = queue.SimpleQueue()
        threading.Thread(target=self._serve, name="aacl-call", daemon=True).start()

    def _serve(self) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        while (job := self._jobs.get()) is not None:
            fn, box, done = job
            try:
                value = fn()
                if inspect.isawaitable(value):
                    value = loop.run_until_complete(value)
                box.append((value, None))
            except BaseException as exc:
                box.append((None, exc))
            done.set()
        loop.close()

    def run(self, fn: Callable[[], Any], timeout: float) -> tuple[bool, Any, BaseException | None]:
        box: list[tuple[Any, BaseException | None]] = []
        done = threading.Event()
        self._jobs.put((fn, box, done))
        if not done.wait(timeout):
            self.close()  # the thread exits once the stuck call returns, if it ever does
            return False, None, None
        return True, *box[0]

    def close(self) -> None:
        self._jobs.put(None)
