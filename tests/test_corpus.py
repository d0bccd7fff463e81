"""The planted-defect corpus stays honest, and the fuzzer keeps passing its cheapest bar.

The manifest is checked against the code (every trigger shows its defect, the shape's
correct layer and the boundary handle every trigger), the controls are fuzzed with a small
budget and must come out clean, and a few defects the fuzzer finds quickly must be found.
The full measurement is `python -m pattern_validation.benchmarks.bench_fuzzer`.
"""

from __future__ import annotations

import copy
import importlib
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from pattern_validation import corpus
from pattern_validation.benchmarks.bench_fuzzer import judge
from pattern_validation.corpus._verify import shows_defect
from pytest_aacl import CHECKS, CorrectionError, fuzz

_HANDWRITTEN = {e.shape: e for e in corpus.CONTROLS if e.implementation is not None}
_BOUNDARY = {e.shape: e for e in corpus.CONTROLS if e.implementation is None}


def _schema_at(schema: dict[str, Any], path: str) -> dict[str, Any] | None:
    node: Any = schema
    for part in path.split("."):
        props = node.get("properties", {}) if isinstance(node, dict) else {}
        if part not in props:
            return None
        node = props[part]
    return node


def test_the_corpus_has_the_promised_size_and_a_control_per_shape() -> None:
    shapes = Counter(e.shape for e in corpus.DEFECTS)
    assert len(corpus.DEFECTS) >= 40
    assert len(shapes) >= 6
    assert set(_HANDWRITTEN) == set(shapes) == set(_BOUNDARY)
    assert len({e.id for e in corpus.ENTRIES}) == len(corpus.ENTRIES)
    assert corpus.by_id("seed.results_no_maximum").defect.field == "max_results"


@pytest.mark.parametrize("entry", corpus.ENTRIES, ids=lambda e: e.id)
def test_every_entry_loads_and_names_real_fields_and_checks(entry: corpus.Entry) -> None:
    kwargs = entry.fuzz_kwargs()
    assert callable(kwargs["target"])
    if entry.defect is None:
        return
    schema = kwargs["schema"]
    assert _schema_at(schema, entry.defect.field) is not None, entry.defect.field
    assert set(entry.defect.checks) <= set(CHECKS), entry.defect.checks
    module = importlib.import_module(entry.target.partition(":")[0])
    assert callable(getattr(module, entry.defect.reader, None)), f"no defective function {entry.defect.reader}"


@pytest.mark.parametrize("entry", corpus.DEFECTS, ids=lambda e: e.id)
def test_every_trigger_shows_its_defect_and_the_correct_layers_do_not(entry: corpus.Entry) -> None:
    shown, why = shows_defect(entry)
    assert shown, f"{entry.id}: the documented trigger does not show the defect ({why})"
    control_shows, control_why = shows_defect(entry, _HANDWRITTEN[entry.shape].target)
    assert not control_shows, f"the correct layer of {entry.shape} mishandles {entry.id}'s trigger: {control_why}"
    tool = corpus.load(_BOUNDARY[entry.shape].target)
    defect = entry.defect
    assert defect is not None
    try:
        got = tool.normalise(copy.deepcopy(defect.trigger))
    except CorrectionError:
        return  # refusing is always allowed
    assert defect.intended is not None, f"the boundary accepts {entry.id}'s trigger, documented as invalid: {got}"
    assert got == defect.intended


@pytest.mark.parametrize("entry", corpus.CONTROLS, ids=lambda e: e.id)
def test_controls_come_out_clean(entry: corpus.Entry) -> None:
    report = fuzz(**entry.fuzz_kwargs(), max_examples=15, seed=1)
    assert report.examples_run >= 15, str(report)  # clean because it was judged, not because nothing ran
    run = judge(entry, report, 1, 0.0)
    assert not run.false, "\n".join(run.false)


#: Defects that most calls trigger (the fuzzer found each with every seed of the baseline run);
#: a regression here is loud.  Rarely triggered defects are the benchmark's job.
MUST_FIND = ("seed.safe_search_strip", "dates.start_seconds_lost", "dates.deadline_offset_dropped",
             "lists.tags_deduplicated", "enums.mode_unknown_auto")


@pytest.mark.parametrize("entry_id", MUST_FIND)
def test_easy_defects_are_found(entry_id: str) -> None:
    entry = corpus.by_id(entry_id)
    assert entry.defect is not None
    report = fuzz(**entry.fuzz_kwargs(), checks=entry.defect.checks, max_examples=100, seed=0)
    run = judge(entry, report, 0, 0.0)
    assert run.found_by, f"{entry_id} missed: {entry.defect.description}\n{report}"
    assert not run.false, "\n".join(run.false)


_DOC = Path(__file__).resolve().parent.parent / "docs" / "how-to" / "regression-corpus.md"


def test_the_docs_example_adds_a_defect_that_shows() -> None:
    """The page's planted-defect example runs from the repository root (the docs runner, in a
    temporary directory, cannot import pattern_validation) and prints what it shows."""
    text = _DOC.read_text(encoding="utf-8")
    blocks = [(code, shown) for code, shown in
              re.findall(r"```python\n(.*?)```\s*prints\s*```text\n(.*?)```", text, re.S)
              if "pattern_validation" in code]
    assert blocks, "docs/how-to/regression-corpus.md lost its planted-defect example"
    for code, shown in blocks:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                              cwd=_DOC.parents[2])
        assert done.returncode == 0, done.stderr[-2000:]
        assert done.stdout.strip() == shown.strip()
