"""Generated code is debuggable: tracebacks show its lines, and the plan can be printed."""

from __future__ import annotations

import gc
import json
import linecache
import subprocess
import sys
import traceback
from pathlib import Path
from typing import Any

import pytest

from pytest_aacl import boundary
from pytest_aacl._normalise import Plan


def test_a_traceback_through_generated_code_shows_its_lines() -> None:
    def explode(v: Any, path: str, errs: list[Any]) -> Any:
        raise RuntimeError("boundary bug")

    plan = Plan({"type": "object", "properties": {"when": {"type": "string", "format": "date"}}}, debug=True)
    spaces = (plan._node.fn.__globals__, plan.run.__globals__)  # the object code and the root runner
    when = spaces[0]["F0"]  # the date node the generated code calls
    for space in spaces:
        space["F0"] = explode
    try:
        with pytest.raises(RuntimeError) as info:
            plan.run({"when": "tomorrow"})
    finally:
        for space in spaces:
            space["F0"] = when
    frames = traceback.extract_tb(info.value.__traceback__)
    generated = [f for f in frames if f.filename.startswith("<aacl object")]
    assert generated and generated[0].line == "y = F0(x, p, errs)"


def test_linecache_entries_go_with_their_plan() -> None:
    plan = Plan({"type": "object", "properties": {"q": {"type": "string"}}})
    filename = plan._node.fn.__code__.co_filename
    assert linecache.getline(filename, 1).startswith("def obj(v, path, errs):")
    del plan
    gc.collect()
    assert filename not in linecache.cache


def test_explain_lists_every_field_with_its_canonical_test() -> None:
    @boundary
    def search(query: str, tags: list[str] | None = None, limit: int = 5) -> None:
        """Search."""

    text = search.explain()
    assert text.splitlines()[:5] == [
        "plan for search",
        '(arguments): object: an object with keys ["query", "tags", "limit"]   [canonical when: type(V) is dict and CHK(V)]',
        "  query: a string   [canonical when: type(V) is str]",
        "  tags: a list of a string or null   [canonical when: V is None or ((type(V) is list and SCAN(V) == len(V)) and (type(V) is not str or not _NW(V)))]",
        "  limit: an integer   [canonical when: type(V) is int]",
    ]
    assert "def obj(v, path, errs):" in search.explain(source=True)


def test_cli_plan_reads_a_provider_tool_file(tmp_path: Path) -> None:
    tool = {"type": "function", "function": {"name": "lookup", "parameters": {"type": "object", "properties": {"ids": {"type": "array", "items": {"type": "integer"}}}}}}
    path = tmp_path / "lookup.json"
    path.write_text(json.dumps(tool), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pytest_aacl", "plan", str(path)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "plan for lookup"
    assert "    ids[]: an integer   [canonical when: type(V) is int]" in done.stdout.splitlines()
    bad = subprocess.run([sys.executable, "-m", "pytest_aacl", "plan", str(tmp_path / "missing.json")], capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "cannot read" in bad.stderr


def test_inline_text_readings_agree_with_their_nodes() -> None:
    """The generated object code reads "5" and "true" itself; it must agree with the node."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from pytest_aacl import CorrectionError

    schema = {"type": "object", "properties": {"n": {"type": "integer", "minimum": 1, "maximum": 20}, "b": {"type": "boolean"}, "m": {"type": "integer"}}}
    plan = Plan(schema)
    nodes = {name: plan._fn.__globals__[f"F{i}"] for i, name in enumerate(schema["properties"])}
    texts = st.text(alphabet="0123456789 +-.,²٣truefalsyYESNO", max_size=5) | st.sampled_from(["5", "05", "0", "21", "20", "007", "True", "yes", "N", "1" * 120])

    @settings(max_examples=300, deadline=None)
    @given(st.sampled_from(list(nodes)), texts)
    def check(name: str, text: str) -> None:
        errs: list[Any] = []
        alone = nodes[name](text, name, errs)
        try:
            inline = plan.run({name: text}).get(name, "ABSENT")
        except CorrectionError as error:
            assert errs and error.codes == tuple(e.code for e in errs)
            return
        if repr(alone) == "ABSENT":  # a null word for an optional field: the key is dropped
            assert not errs and inline == "ABSENT"
        else:
            assert not errs and inline == alone and type(inline) is type(alone)

    check()
