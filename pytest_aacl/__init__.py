"""pytest-aacl: the Adaptive Anti-Corruption Layer for LLM tool calls.

The public API lives here; everything else is private.  Names are imported lazily so
that `pytest -p aacl` costs almost nothing in a project that uses none of them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# public name -> private module that defines it
_EXPORTS: dict[str, str] = {
    # errors
    "CorrectionError": "._errors",
    "Correction": "._errors",
    "SpecError": "._errors",
    "InvalidArgument": "._errors",
    "CODES": "._errors",
    # the boundary runtime
    "boundary": "._boundary",
    "Tool": "._boundary",
    "BoundaryInvariantError": "._boundary",
    # tool specs
    "ToolSpec": "._spec",
    "as_spec": "._specs",
    "from_function": "._specs",
    "from_schema": "._specs",
    "from_bfcl": "._specs",
    "from_openai": "._specs",
    "from_mcp": "._specs",
    "from_langchain": "._specs",
    "specs_from_mcp_server": "._specs",
    "specs_from_mcp_server_async": "._specs",
    # fuzzing and checks
    "fuzz": "._fuzz",
    "CheckContext": "._context",
    "FuzzReport": "._fuzz",
    "Finding": "._fuzz",
    "check": "._checks",
    "CHECKS": "._checks",
    "Case": "._checks",
    "Call": "._checks",
    "Defect": "._checks",
}

__all__ = [
    "CHECKS",
    "CODES",
    "BoundaryInvariantError",
    "Call",
    "Case",
    "CheckContext",
    "Correction",
    "CorrectionError",
    "Defect",
    "Finding",
    "FuzzReport",
    "InvalidArgument",
    "SpecError",
    "Tool",
    "ToolSpec",
    "__version__",
    "as_spec",
    "boundary",
    "check",
    "from_bfcl",
    "from_function",
    "from_langchain",
    "from_mcp",
    "from_openai",
    "from_schema",
    "fuzz",
    "specs_from_mcp_server",
    "specs_from_mcp_server_async",
]

if TYPE_CHECKING:  # pragma: no cover
    from ._boundary import BoundaryInvariantError, Tool, boundary
    from ._checks import CHECKS, Call, Case, Defect, check
    from ._context import CheckContext
    from ._errors import CODES, Correction, CorrectionError, InvalidArgument, SpecError
    from ._fuzz import Finding, FuzzReport, fuzz
    from ._spec import ToolSpec
    from ._specs import (
        as_spec,
        from_bfcl,
        from_function,
        from_langchain,
        from_mcp,
        from_openai,
        from_schema,
        specs_from_mcp_server,
        specs_from_mcp_server_async,
    )


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'pytest_aacl' has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
