"""The package layout stays readable: no import circles, lazy imports say why.

The walk over the source lives in docs/_gen/layout.py, which also draws the module map and
the layers on docs/ARCHITECTURE.md (kept current by tests/test_docs_reference.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "docs"))

from _gen.layout import MODULES, Edge, circles, edges, layers


def test_the_walk_sees_the_package() -> None:
    found = edges()
    assert {"pytest_aacl._fuzz", "pytest_aacl._targets", "strategies._space"} <= set(MODULES)
    assert Edge("pytest_aacl._fuzz", "pytest_aacl._targets", False, "from ._targets import Target, ToolCrashed, check_call_options, resolve") in found
    # the circle finder finds a circle when there is one
    made_up = [Edge("a", "b", False, ""), Edge("b", "c", True, ""), Edge("c", "a", False, ""), Edge("c", "d", False, "")]
    assert circles(made_up) == [["a", "b", "c"]]


def test_no_import_circles_between_modules() -> None:
    """Counting imports inside functions too: a lazy import that closes a circle is a circle."""
    found = edges()
    shown = []
    for circle in circles(found):
        inside = [f"  {e.source} -> {e.target}{' (in a function)' if e.lazy else ''}" for e in found
                  if e.source in circle and e.target in circle]
        shown.append(" / ".join(circle) + "\n" + "\n".join(sorted(set(inside))))
    assert not shown, "import circles:\n" + "\n".join(shown)


def test_every_lazy_import_of_our_own_modules_says_why() -> None:
    """An import inside a function is for start-up time (or an optional dependency): its line says so."""
    silent = sorted({f"{e.source}: {e.line.strip()}" for e in edges() if e.lazy and "#" not in e.line})
    assert not silent, "function-level imports without a reason comment:\n" + "\n".join(silent)


def test_layers_put_the_boundary_runtime_below_the_fuzzer() -> None:
    order = [unit for layer in layers() for unit in layer]
    assert order.index("pytest_aacl._boundary") < order.index("pytest_aacl._fuzz")
    assert order.index("pytest_aacl._targets") < order.index("pytest_aacl._fuzz")
    assert order.index("pytest_aacl._call") < order.index("pytest_aacl._checks")
