"""The pytest entry point (`-p aacl`): registers the feature plugins, nothing else.

Each feature plugin is a module that only imports pytest at import time, so loading
this costs almost nothing; heavy libraries are imported when a feature is used.
"""

from __future__ import annotations

import importlib

import pytest

_FEATURES = {
    "aacl.fuzz": "pytest_aacl._plugins.fuzz",
    "aacl.integration": "pytest_aacl._plugins.integration",
    "aacl.harness": "pytest_aacl._plugins.harness",
    "aacl.matrix": "pytest_aacl._plugins.matrix",
}


def pytest_addoption(parser: pytest.Parser, pluginmanager: pytest.PytestPluginManager) -> None:
    # Registering here (not at configure time) lets each feature add its own options:
    # pytest_addoption is a historic hook, so late registrants still receive it.
    for name, module in _FEATURES.items():
        if not pluginmanager.has_plugin(name):
            pluginmanager.register(importlib.import_module(module), name)
