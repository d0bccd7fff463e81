"""What fuzzing an MCP server over stdio costs against the same server in memory.

One MCPServer module with `--tools N` tools (each reads a few typed arguments and answers
text), fuzzed twice with the same seed and budget: in memory (`fuzz(server)`, the baseline)
and as a host starts it (`fuzz("stdio:python server.py")`). Prints both wall times, the
ratio (target: at most 2x) and the time per tool. With `--tools 50` and the default budget
it is the "50-tool server within 3 minutes on 2 cores" measurement.

    python pattern_validation/benchmarks/bench_stdio.py [--tools 3] [--max-examples 100] [--only stdio]
"""

from __future__ import annotations

import argparse
import os
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tools", type=int, default=3)
    parser.add_argument("--max-examples", type=int, default=100)
    parser.add_argument("--only", choices=("both", "stdio"), default="both")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = _write_server(Path(folder), args.tools)
        sys.path.insert(0, folder)
        os.chdir(folder)
        print(f"server: {args.tools} tool(s); budget {args.max_examples} examples per check and tool; "
              f"{os.cpu_count()} cpu(s), load average {os.getloadavg()[0]:.1f}")
        import jsonschema  # noqa: F401  (imported before either run is timed: with the
        # format-nongpl extra it takes seconds, and whichever run came first paid for it)

        stdio, n_stdio, f_stdio = _timed(f"stdio:{sys.executable} {path}", args.max_examples)
        print(f"stdio:      {stdio:7.1f} s  {n_stdio} examples  {f_stdio} finding(s)  "
              f"{stdio / args.tools:.1f} s per tool")
        if args.only == "stdio":
            return
        import bench_server  # type: ignore[import-not-found]

        memory, n_memory, f_memory = _timed(bench_server.server, args.max_examples)
        print(f"in memory:  {memory:7.1f} s  {n_memory} examples  {f_memory} finding(s)  (baseline)")
        ratio = stdio / memory
        print(f"stdio / in-memory: {ratio:.2f}x (target <= {TARGET_RATIO:g}x: {'met' if ratio <= TARGET_RATIO else 'NOT met'})")


if __name__ == "__main__":
    main()
