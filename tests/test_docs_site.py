"""The user guide builds: `mkdocs build --strict` over mkdocs.yml, as `./run docs` runs it.

A broken link or anchor, a nav entry without a page, a page outside the nav or an API page
whose object cannot be found fails here with mkdocs's own message.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_TIMEOUT = 300


def _build(config: Path, site: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["NO_MKDOCS_2_WARNING"] = "1"  # mkdocs-material's end-of-life banner
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(config),
         "--site-dir", str(site)],
        cwd=config.parent, env=env, capture_output=True, text=True, timeout=_TIMEOUT, check=False,
    )


def _problems(output: str) -> str:
    """mkdocs's own WARNING / ERROR lines (its INFO lines are noise here)."""
    lines = [ln for ln in output.splitlines() if re.match(r"\s*(WARNING|ERROR)\b", ln)]
    return "\n".join(lines) or output[-3000:]


def test_the_site_builds_strictly(tmp_path: Path) -> None:
    result = _build(ROOT / "mkdocs.yml", tmp_path / "site")
    assert result.returncode == 0, "mkdocs build --strict failed:\n" + _problems(result.stderr)
    assert (tmp_path / "site" / "index.html").is_file()
    assert (tmp_path / "site" / "tutorial" / "index.html").is_file()


def test_a_broken_link_fails_the_build(tmp_path: Path) -> None:
    """Guards the strict settings: a link to a page that does not exist must fail the build."""
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    for package in ("pytest_aacl", "strategies"):  # the API pages read the source (paths: [.])
        (tmp_path / package).symlink_to(ROOT / package)
    home = tmp_path / "docs" / "index.md"
    home.write_text(home.read_text(encoding="utf-8") + "\nSee [the gone page](gone.md).\n",
                    encoding="utf-8")
    result = _build(tmp_path / "mkdocs.yml", tmp_path / "site")
    assert result.returncode != 0
    assert "gone.md" in _problems(result.stderr), result.stderr[-3000:]
