"""The public surface: a misspelt name is an AttributeError, and importing the package is cheap
(tests/test_exports.py checks the export lists themselves)."""

from __future__ import annotations

import subprocess
import sys

import pytest_aacl


def test_unknown_attribute_is_an_attribute_error() -> None:
    try:
        pytest_aacl.boundry  # type: ignore[attr-defined]  # noqa: B018
    except AttributeError as error:
        assert "boundry" in str(error)
    else:
        raise AssertionError("a misspelt name must not resolve")


def test_importing_the_package_loads_nothing_heavy() -> None:
    code = (
        "import sys, pytest_aacl, pytest_aacl.plugin\n"
        "heavy = {'hypothesis', 'jsonschema', 'vcr', 'yaml', 'pydantic', 'httpx'}\n"
        "print(sorted(heavy & {m.split('.')[0] for m in sys.modules}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
