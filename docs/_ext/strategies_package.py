"""A griffe extension for the docs build: `strategies/` is the package `pytest_aacl.strategies`.

pyproject's `package-dir` installs the top-level `strategies/` folder as
`pytest_aacl.strategies`; griffe reads packages from the file tree, where that folder is not
under `pytest_aacl/`, so `::: pytest_aacl.strategies...` would not be found. This loads the
folder and attaches it to `pytest_aacl` under the installed name.
"""

from __future__ import annotations

from typing import Any

import griffe


class StrategiesPackage(griffe.Extension):
    """Attach `strategies/` to `pytest_aacl` as `pytest_aacl.strategies`."""

    def on_package(self, *, pkg: griffe.Module, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        if pkg.name != "pytest_aacl" or "strategies" in pkg.members:
            return
        strategies = loader.load("strategies")
        assert isinstance(strategies, griffe.Module)
        pkg.set_member("strategies", strategies)
