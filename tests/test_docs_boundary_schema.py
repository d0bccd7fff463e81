"""docs/boundary-schema.md's examples run as doctests: the documented behaviour is real."""

from __future__ import annotations

import doctest
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs" / "boundary-schema.md"


def test_the_documented_examples_run() -> None:
    result = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted > 10
    assert result.failed == 0
