"""pytest-aacl: the Adaptive Anti-Corruption Layer for LLM tool calls.

The public API lives here; everything else is private.  Names are imported lazily so
that `pytest -p aacl` costs almost nothing in a project that uses none of them.
`_EXPORTS` is the one export list: `__all__` is derived from it, the `TYPE_CHECKING`
imports are checked against it by the test suite, and `_check_exports` fails the import
if the module and the list disagree.
"""

from __future__ import annotations

import importlib as _importlib
import typing as _typing

from ._exports import check_exports as _check_exports

__version__ = "0.1.0"

# public name -> private module that defines it
_EXPORTS: dict[str, str] = {
    # errors
    "CorrectionError": "._errors",
    "Correction": "._errors",
    "InvalidArgument": "._errors",
    "SpecError": "._errors",
    "TargetError": "._errors",
    "CODES": "._errors",
    # the boundary runtime
    "boundary": "._boundary",
    "Tool": "._boundary",
    "BoundaryInvariantError": "._boundary",
    # tool specs
    "ToolSpec": "._toolspec",
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
    "Case": "._call",
    "Call": "._call",
    "Defect": "._checks",
}

__all__ = sorted([*_EXPORTS, "__version__"])

if _typing.TYPE_CHECKING:  # pragma: no cover  (`X as X` re-exports; tests/test_exports.py checks them against _EXPORTS)
    from ._boundary import BoundaryInvariantError as BoundaryInvariantError
    from ._boundary import Tool as Tool
    from ._boundary import boundary as boundary
    from ._call import Call as Call
    from ._call import Case as Case
    from ._checks import CHECKS as CHECKS
    from ._checks import Defect as Defect
    from ._checks import check as check
    from ._context import CheckContext as CheckContext
    from ._errors import CODES as CODES
    from ._errors import Correction as Correction
    from ._errors import CorrectionError as CorrectionError
    from ._errors import InvalidArgument as InvalidArgument
    from ._errors import SpecError as SpecError
    from ._errors import TargetError as TargetError
    from ._fuzz import Finding as Finding
    from ._fuzz import FuzzReport as FuzzReport
    from ._fuzz import fuzz as fuzz
    from ._specs import as_spec as as_spec
    from ._specs import from_bfcl as from_bfcl
    from ._specs import from_function as from_function
    from ._specs import from_langchain as from_langchain
    from ._specs import from_mcp as from_mcp
    from ._specs import from_openai as from_openai
    from ._specs import from_schema as from_schema
    from ._specs import specs_from_mcp_server as specs_from_mcp_server
    from ._specs import specs_from_mcp_server_async as specs_from_mcp_server_async
    from ._toolspec import ToolSpec as ToolSpec


def __getattr__(name: str) -> _typing.Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'pytest_aacl' has no attribute {name!r}")
    value = getattr(_importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__


_check_exports(globals(), __all__, lazy=_EXPORTS)
