"""docs/boundary-reading.md: its Python examples run as one doctest and show what they print."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs" / "boundary-reading.md"


def test_the_examples_run_as_shown() -> None:
    blocks = re.findall(r"^```python\n(.*?)^```", DOC.read_text(encoding="utf-8"), re.MULTILINE | re.DOTALL)
    assert len(blocks) >= 5
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(blocks), {}, DOC.name, str(DOC), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 20
