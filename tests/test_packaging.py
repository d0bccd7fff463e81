"""The distribution users install: subpackages, the strategies mapping, the entry point."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import tomllib

ROOT = Path(__file__).resolve().parents[1]


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_every_package_directory_is_listed() -> None:
    listed = set(_pyproject()["tool"]["setuptools"]["packages"])
    found = {
        "pytest_aacl" + ("." + ".".join(p.parent.relative_to(ROOT / "pytest_aacl").parts) if p.parent != ROOT / "pytest_aacl" else "")
        for p in (ROOT / "pytest_aacl").rglob("__init__.py")
    }
    found |= {
        "pytest_aacl.strategies" + ("." + ".".join(p.parent.relative_to(ROOT / "strategies").parts) if p.parent != ROOT / "strategies" else "")
        for p in (ROOT / "strategies").rglob("__init__.py")
    }
    assert found <= listed, f"add to [tool.setuptools] packages: {sorted(found - listed)}"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[zipfile.ZipFile, str]:
    """The wheel, built by setuptools' own backend, and everything the build printed."""
    out = tmp_path_factory.mktemp("wheel")
    run = subprocess.run(
        [sys.executable, "-W", "always", "-c", "import sys, setuptools.build_meta as b; b.build_wheel(sys.argv[1])", str(out)],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    (wheel_path,) = out.glob("pytest_aacl-*.whl")
    return zipfile.ZipFile(wheel_path), run.stdout + run.stderr


@pytest.fixture(scope="module")
def wheel(built: tuple[zipfile.ZipFile, str]) -> zipfile.ZipFile:
    return built[0]


def test_the_build_has_no_package_warning_and_ships_the_price_table(built: tuple[zipfile.ZipFile, str]) -> None:
    archive, log = built
    assert "pytest_aacl.data" not in log, log[-2000:]
    assert "pytest_aacl/data/model_prices.json" in archive.namelist()


def test_wheel_maps_strategies_into_the_package(wheel: zipfile.ZipFile) -> None:
    names = wheel.namelist()
    assert "pytest_aacl/strategies/__init__.py" in names
    # nothing generic may land at the top level of site-packages
    tops = {n.split("/", 1)[0] for n in names}
    assert tops == {"pytest_aacl", next(t for t in tops if t.endswith(".dist-info"))}
    for module in ("_boundary.py", "_normalise/__init__.py", "_specs/__init__.py", "_plugins/integration.py"):
        assert f"pytest_aacl/{module}" in names


def test_wheel_declares_the_pytest_entry_point(wheel: zipfile.ZipFile) -> None:
    (entry_points,) = [n for n in wheel.namelist() if n.endswith("entry_points.txt")]
    text = wheel.read(entry_points).decode()
    assert "[pytest11]" in text
    assert "aacl = pytest_aacl.plugin" in text


def test_wheel_ships_the_c_scanners(wheel: zipfile.ZipFile) -> None:
    """Built where a compiler exists (here and in CI); `optional=True` keeps installs working without one."""
    assert any(n.startswith("pytest_aacl/_speedups.") and n.endswith((".so", ".pyd")) for n in wheel.namelist()), "the C extension was not built"
