"""docs/fuzz-checks.md: its runnable example prints exactly what the page shows."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs" / "fuzz-checks.md"


def test_the_custom_check_example_runs_and_prints_what_the_page_shows(tmp_path: Path) -> None:
    blocks = re.findall(r"```(\w*)\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.DOTALL)
    runnable = [code for lang, code in blocks if lang == "python" and "(shown, not run here)" not in code]
    [code] = runnable
    shown = blocks[[c for _, c in blocks].index(code) + 1]
    assert shown[0] == "text"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip() == shown[1].rstrip()
