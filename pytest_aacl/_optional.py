"""Optional dependencies: import one where a feature needs it, or say what to install."""

from __future__ import annotations

import importlib
from typing import Any

from ._errors import SpecError

__all__ = ["require"]


def require(module: str, package: str) -> Any:
    """`module`, imported; a `SpecError` naming the pip package when it is missing."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise SpecError(f"this needs the {package!r} package, which is not installed; "
                        f"pip install {package}") from None
