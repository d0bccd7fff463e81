"""docs/fuzz-targets.md's Python examples run and print exactly what the page shows."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parent.parent / "docs" / "fuzz-targets.md"
_BLOCK = re.compile(r"```python\n(.*?)```\s*(?:```text\n(.*?)```)?", re.DOTALL)


def _examples() -> list[tuple[str, str | None]]:
    return [(m.group(1), m.group(2)) for m in _BLOCK.finditer(DOC.read_text(encoding="utf-8"))]


def test_the_page_has_examples() -> None:
    assert len(_examples()) >= 3


@pytest.mark.parametrize(("code", "shown"), _examples(), ids=lambda v: (v or "").split("\n")[-2][:30] if v else "")
def test_example_prints_what_the_page_shows(code: str, shown: str | None, tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    if shown is not None:
        got = [line.rstrip() for line in run.stdout.rstrip().splitlines()]
        assert got == [line.rstrip() for line in shown.rstrip().splitlines()]
