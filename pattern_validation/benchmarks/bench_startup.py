"""What `-p aacl` costs a project that uses none of its features.

Runs `pytest --co -q` in an empty temporary project, alternating runs without and with
`-p aacl` (plugin autoloading disabled for both, so the baseline has no pytest-aacl at all),
and prints the median of each and their difference.  Target: at most 30 ms added.

    python pattern_validation/benchmarks/bench_startup.py [--runs 15]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_MS = 30.0


def _time_pytest(project: Path, extra: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pytest", "--co", "-q", "-p", "no:cacheprovider", *extra],
                          cwd=project, env=env, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 5):  # 5: nothing collected, which is the point
        raise SystemExit(f"pytest failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    return elapsed


def _heavy_modules(env: dict[str, str]) -> list[str]:
    """Which heavy libraries loading the plugin pulls in (should be none)."""
    code = ("import sys, pytest_aacl.plugin as p, importlib; [importlib.import_module(m) for m in p._FEATURES.values()];"
            "print(','.join(m for m in ('hypothesis', 'jsonschema', 'vcr', 'pytest_aacl._boundary', "
            "'pytest_aacl.strategies', 'pydantic') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    return [m for m in out.strip().split(",") if m]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each variant (default 15)")
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTEST_ADDOPTS")}
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        (project / "pyproject.toml").write_text("[project]\nname = 'empty'\nversion = '0'\n")
        _time_pytest(project, [], env)  # warm the OS file cache and .pyc files
        _time_pytest(project, ["-p", "aacl"], env)
        without, with_aacl = [], []
        for _ in range(args.runs):  # interleaved, so drift in machine load hits both equally
            without.append(_time_pytest(project, [], env))
            with_aacl.append(_time_pytest(project, ["-p", "aacl"], env))
    base, plugin = statistics.median(without), statistics.median(with_aacl)
    added_ms = (plugin - base) * 1000
    print(f"pytest --co -q on an empty project, {args.runs} runs each (median):")
    print(f"  without pytest-aacl : {base * 1000:7.1f} ms")
    print(f"  with -p aacl        : {plugin * 1000:7.1f} ms")
    print(f"  added               : {added_ms:7.1f} ms  (ratio {plugin / base:.3f}x; target <= {TARGET_MS:.0f} ms)")
    heavy = _heavy_modules(env)
    print(f"  heavy modules imported by the plugin: {', '.join(heavy) if heavy else 'none'}")
    print("  verdict:", "within target" if added_ms <= TARGET_MS else "OVER TARGET")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
