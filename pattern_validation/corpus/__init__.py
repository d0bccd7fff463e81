"""A planted-defect corpus: hand-written interface layers with documented defects, and controls.

`ENTRIES` lists every entry (`Entry`, see `_manifest`); `DEFECTS` and `CONTROLS` split it.
Each defective layer is a correct layer with exactly one defective reader, so a finding on
it is either the planted defect or a false positive.  See docs/how-to/regression-corpus.md.
"""

from __future__ import annotations

from typing import Any

from . import dates, enums, lists, nested, numbers, seed
from ._manifest import Defect, Entry, load

__all__ = ["CONTROLS", "CONTROL_TARGETS", "DEFECTS", "DEFECT_TARGETS", "ENTRIES", "SHAPES", "Defect", "Entry", "by_id", "load", "manifest"]

#: shape modules in report order
SHAPES = (seed, dates, nested, lists, enums, numbers)
ENTRIES: list[Entry] = [entry for shape in SHAPES for entry in shape.ENTRIES]
DEFECTS: list[Entry] = [e for e in ENTRIES if not e.control]
CONTROLS: list[Entry] = [e for e in ENTRIES if e.control]

#: `--aacl-target pattern_validation.corpus:CONTROL_TARGETS` fuzzes the controls under pytest
#: (`DEFECT_TARGETS` the defective layers): one dict of `fuzz()` arguments per entry.
CONTROL_TARGETS: list[dict[str, Any]] = [e.fuzz_kwargs() for e in CONTROLS]
DEFECT_TARGETS: list[dict[str, Any]] = [e.fuzz_kwargs() for e in DEFECTS]


def by_id(entry_id: str) -> Entry:
    for entry in ENTRIES:
        if entry.id == entry_id:
            return entry
    raise KeyError(f"no corpus entry {entry_id!r}; known: {', '.join(e.id for e in ENTRIES)}")


def manifest() -> list[dict[str, Any]]:
    """Every entry as plain data (what `python -m pattern_validation.corpus` prints as JSON)."""
    return [entry.as_dict() for entry in ENTRIES]
