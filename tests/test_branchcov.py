"""Branch coverage of the fuzzed tool's own code (pytest_aacl/_branchcov.py)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

from pytest_aacl import _branchcov, fuzz

SOURCE = '''
def classify(value, flags=()):
    if isinstance(value, str):
        value = value.strip()
    else:
        value = str(value)
    out = []
    for flag in flags:
        if flag == "upper":
            out.append(value.upper())
        elif flag == "lower":
            out.append(value.lower())
    while len(out) > 2:
        out.pop()
    return out or [value]
'''


def _module(tmp_path: Path, name: str) -> Any:
    path = tmp_path / f"{name}.py"
    path.write_text(SOURCE)
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sys.modules[name] = module
    return module


def _traced(module: Any, calls: list[tuple[Any, ...]]) -> _branchcov.Coverage:
    files = _branchcov.files_of(module.classify)
    tracer, coverage = _branchcov.ArcTracer(files), _branchcov.Coverage(files)
    previous = sys.gettrace()
    tracer.start()
    try:
        for args in calls:
            module.classify(*args)
    finally:
        sys.settrace(previous)
    coverage.merge(tracer.take())
    return coverage


def test_every_branch_outcome_counts_once_and_reached_never_exceeds_total(tmp_path: Path) -> None:
    module = _module(tmp_path, "aacl_cov_sample")
    assert _branchcov.files_of(module.classify) == {str(tmp_path / "aacl_cov_sample.py")}
    partial = _traced(module, [("a",)])
    reached, total = partial.branches()
    assert 0 < reached < total
    full = _traced(module, [("a", ("upper", "lower", "x", "upper")), (5, ())])
    assert full.branches() == (total, total)
    assert "branches of the tool's own code reached" in full.line()


def test_fuzz_reports_coverage_per_tool(tmp_path: Path) -> None:
    module = _module(tmp_path, "aacl_cov_tool")
    schema = {"type": "object", "properties": {"value": {"type": "string"},
                                               "flags": {"type": "array", "items": {"enum": ["upper", "lower"]}}},
              "required": ["value"], "additionalProperties": False}
    report = fuzz(module.classify, schema=schema, checks=["total"], max_examples=30, seed=0)
    line = report.coverage["classify"]
    reached, total = (int(n) for n in line.split(" ")[0].split("/"))
    assert 0 < reached <= total
    assert f"coverage: classify: {line}" in str(report)


def test_pytest_aacl_itself_and_the_standard_library_are_never_traced() -> None:
    import json

    from pytest_aacl import boundary

    assert _branchcov.files_of(boundary, json.dumps) == frozenset()
