"""What `-p aacl` costs a project that uses none of its features.

Runs `pytest --co -q` in an empty temporary project, alternating runs without and with
`-p aacl` (plugin autoloading disabled for both, so the baseline has no plugin at all and
other installed plugins add no noise), and prints the median of the paired differences.
Target: at most 30 ms added.

    python pattern_validation/benchmarks/bench_startup.py [--runs 40]
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


def _compare(project: Path, env: dict[str, str], runs: int, without: list[str], with_aacl: list[str]) -> float:
    base_runs, plugin_runs = [], []
    _time_pytest(project, without, env)  # warm the bytecode cache for both
    _time_pytest(project, with_aacl, env)
    for i in range(runs):
        # back-to-back pairs in alternating order (ABBA), so drift in machine load and
        # any first-run/second-run effect hit both variants equally
        if i % 2:
            plugin_runs.append(_time_pytest(project, with_aacl, env))
            base_runs.append(_time_pytest(project, without, env))
        else:
            base_runs.append(_time_pytest(project, without, env))
            plugin_runs.append(_time_pytest(project, with_aacl, env))
    base, plugin = statistics.median(base_runs), statistics.median(plugin_runs)
    # the median of the paired differences is far less sensitive to load spikes than the
    # difference of the medians on a shared machine
    added_ms = statistics.median(p - b for b, p in zip(base_runs, plugin_runs, strict=True)) * 1000
    spread = statistics.quantiles([(p - b) * 1000 for b, p in zip(base_runs, plugin_runs, strict=True)], n=4)
    print(f"  {' '.join(without) or '(nothing)':<12} {base * 1000:7.1f} ms   {' '.join(with_aacl) or '(autoloaded)':<12} "
          f"{plugin * 1000:7.1f} ms   (medians; ratio {plugin / base:.3f}x)")
    print(f"  added per paired run: median {added_ms:+.1f} ms (quartiles {spread[0]:+.1f} / {spread[2]:+.1f} ms)")
    return added_ms


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=40, help="paired runs (default 40)")
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTEST_ADDOPTS", "PYTHONDONTWRITEBYTECODE")}
    with tempfile.TemporaryDirectory() as tmp:
        # bytecode caching on, as in a user's environment, but kept out of the source tree
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        project = Path(tmp) / "project"
        project.mkdir()
        (project / "pyproject.toml").write_text("[project]\nname = 'empty'\nversion = '0'\n")
        env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"  # no other plugin's cost in either variant
        print(f"pytest --co -q on an empty project, {args.runs} paired runs")
        print("(-p aacl also pays pytest's entry-point lookup, which the baseline skips):")
        added = _compare(project, env, args.runs, [], ["-p", "aacl"])
    heavy = _heavy_modules(env)
    print(f"heavy modules imported by the plugin: {', '.join(heavy) if heavy else 'none'}")
    print(f"target <= {TARGET_MS:.0f} ms added:", "met" if added <= TARGET_MS else "NOT met")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
