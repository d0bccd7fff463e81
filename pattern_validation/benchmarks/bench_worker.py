"""What timeouts and ordinary calls cost a fuzz target: the forked worker process against the
thread worker it replaced (the baseline), in the same run.

Run: `python pattern_validation/benchmarks/bench_worker.py [--timeouts N] [--calls M]`.
For each worker kind: N calls to a tool that hangs (each answered as a timeout after
`--timeout` seconds), then M ordinary calls.  Printed: threads alive afterwards, seconds
per timeout (bound + restart) and microseconds per ordinary call.  The thread worker
leaves one parked thread per timeout; the process worker none.
"""

from __future__ import annotations

import argparse
import platform
import threading
import time
from typing import Any

from pytest_aacl._targets import Target, resolve

SCHEMA = {"type": "object", "properties": {"seconds": {"type": "number"}}, "required": ["seconds"]}
_RELEASE = threading.Event()


def tool(seconds: float) -> str:
    """Sleeps (a hang when large); the thread worker's parked threads wait on `_RELEASE`."""
    if seconds > 0:
        _RELEASE.wait(seconds)
    return "ok"


def measure(isolate: bool, timeouts: int, calls: int, bound: float) -> dict[str, Any]:
    [t] = resolve(tool, schema=SCHEMA, timeout=bound)
    target = Target(t.name, t.spec, t._invoke, black_box=True, timeout=bound, isolate=isolate)
    before = threading.active_count()
    start = time.perf_counter()
    outcomes = [target.call({"seconds": 3600}).outcome for _ in range(timeouts)]
    per_timeout = (time.perf_counter() - start) / timeouts
    target.call({"seconds": 0})  # start the worker outside the timing
    start = time.perf_counter()
    for _ in range(calls):
        target.call({"seconds": 0})
    per_call = (time.perf_counter() - start) / calls
    threads = threading.active_count() - before
    target.close()
    assert outcomes == ["timeout"] * timeouts
    return {"threads_left": threads, "s_per_timeout": per_timeout, "us_per_call": per_call * 1e6}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--timeouts", type=int, default=50)
    parser.add_argument("--calls", type=int, default=500)
    parser.add_argument("--timeout", type=float, default=0.05)
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.system()}; {args.timeouts} timeouts "
          f"of {args.timeout}s, then {args.calls} ordinary calls")
    # the process worker first: the baseline's parked threads would otherwise end inside its count
    process = measure(True, args.timeouts, args.calls, args.timeout)
    rows = {"thread worker (baseline)": measure(False, args.timeouts, args.calls, args.timeout),
            "process worker": process}
    _RELEASE.set()
    for name, row in rows.items():
        print(f"{name:26} threads left {row['threads_left']:4d}   {row['s_per_timeout']:.3f} s/timeout   "
              f"{row['us_per_call']:8.0f} us/call")
    base, proc = rows["thread worker (baseline)"], rows["process worker"]
    print(f"ratio process/thread: {proc['us_per_call'] / base['us_per_call']:.2f}x per call, "
          f"{proc['s_per_timeout'] / base['s_per_timeout']:.2f}x per timeout")


if __name__ == "__main__":
    main()
