"""What fuzzing an MCP server over stdio costs against the same server in memory.

One MCPServer module with `--tools N` tools (each reads a few typed arguments and answers
text), fuzzed twice with the same seed and budget: in memory (`fuzz(server)`, the baseline)
and as a host starts it (`fuzz("stdio:python server.py")`). Prints both wall times, the
ratio (target: at most 2x) and the time per tool. With `--tools 50` and the default budget
it is the "50-tool server within 3 minutes on 2 cores" measurement.

    python pattern_validation/benchmarks/bench_stdio.py [--tools 3] [--max-examples 100] [--only stdio|memory]

Each side runs in a fresh process, timed from its start to its exit (imports included, as a
user's run pays them).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

TARGET_RATIO = 2.0

_HEAD = '''
from mcp.server.mcpserver import MCPServer

server = MCPServer("bench")
'''

_TOOL = '''

@server.tool()
def lookup_{i}(city: str, nights: int, pets: bool = False, note: str = "") -> str:
    """Look up rooms in a city for some nights."""
    if nights < 1:
        raise ValueError("INVALID_NIGHTS: expected at least 1 night; received " + str(nights))
    return f"{{nights}} nights in {{city}}" + (" with pets" if pets else "") + note[:10]
'''

_TAIL = '''

if __name__ == "__main__":
    server.run()
'''


def _write_server(folder: Path, tools: int) -> Path:
    path = folder / "bench_server.py"
    path.write_text(textwrap.dedent(_HEAD) + "".join(_TOOL.format(i=i) for i in range(tools)) + _TAIL)
    return path


def _timed(target: object, max_examples: int) -> tuple[float, int, int]:
    from pytest_aacl import fuzz

    start = time.perf_counter()
    report = fuzz(target, max_examples=max_examples, seed=0)
    return time.perf_counter() - start, report.examples_run, len(report.findings)


def _fresh(kind: str, args: argparse.Namespace) -> tuple[float, int, int]:
    """One run in a process of its own, timed from start to exit as a user's run is: each side
    pays its own imports (the server module's `mcp` for one, the client's for the other) and
    cold caches (in one process the second run found the first's strategies built)."""
    start = time.perf_counter()
    out = subprocess.run([sys.executable, __file__, "--only", kind, "--tools", str(args.tools),
                          "--max-examples", str(args.max_examples), "--quiet"],
                         capture_output=True, text=True, check=True).stdout.split()
    return time.perf_counter() - start, int(out[-2]), int(out[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tools", type=int, default=3)
    parser.add_argument("--max-examples", type=int, default=100)
    parser.add_argument("--only", choices=("both", "stdio", "memory"), default="both")
    parser.add_argument("--quiet", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.only != "both":
        seconds, examples, findings = _measure(args.only, args.tools, args.max_examples)
        print(f"{args.only}: {seconds:.3f} {examples} {findings}" if args.quiet else
              f"{args.only}: {seconds:.1f} s  {examples} examples  {findings} finding(s)  "
              f"{seconds / args.tools:.1f} s per tool")
        return
    print(f"server: {args.tools} tool(s); budget {args.max_examples} examples per check and tool; "
          f"{os.cpu_count()} cpu(s), load average {os.getloadavg()[0]:.1f}; each run a fresh process, timed start to exit")
    stdio, n_stdio, f_stdio = _fresh("stdio", args)
    print(f"stdio:      {stdio:7.1f} s  {n_stdio} examples  {f_stdio} finding(s)  {stdio / args.tools:.1f} s per tool")
    memory, n_memory, f_memory = _fresh("memory", args)
    print(f"in memory:  {memory:7.1f} s  {n_memory} examples  {f_memory} finding(s)  (baseline)")
    ratio = stdio / memory
    print(f"stdio / in-memory: {ratio:.2f}x (target <= {TARGET_RATIO:g}x: {'met' if ratio <= TARGET_RATIO else 'NOT met'})")


def _measure(kind: str, tools: int, max_examples: int) -> tuple[float, int, int]:
    with tempfile.TemporaryDirectory() as folder:
        path = _write_server(Path(folder), tools)
        sys.path.insert(0, folder)
        os.chdir(folder)
        if kind == "stdio":
            return _timed(f"stdio:{sys.executable} {path}", max_examples)
        import bench_server  # type: ignore[import-not-found]

        return _timed(bench_server.server, max_examples)


if __name__ == "__main__":
    main()
