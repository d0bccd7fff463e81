"""Every Python example of README.md and docs/**/*.md runs, and prints exactly what the page shows.

Every fenced ```python block is run in its own subprocess (a fresh interpreter, so an example
that registers a check or imports ``tools`` cannot leak into another one), in a temporary
working directory:

* a block whose first line is ``# name.py`` is a module: it is written to ``name.py`` for every
  later block of the page, and its own test only imports it;
* a block of ``>>>`` lines is a doctest (its output is inline);
* a block defining top-level ``test_*`` functions is a test module: it is run with
  ``pytest -p aacl`` (plus Hypothesis's and pytest-recording's plugins, nothing else
  autoloaded) and must pass;
* any other block is a script. When it is followed by an output block (```text, ``` or
  ```console), optionally introduced by a line ``prints``, its stdout must equal that block.

Comparison is exact after stripping trailing whitespace. The one normalisation: an output block
whose last line is ``...`` shows only the beginning of the output, and the stdout must start
with the lines shown. Nothing in the examples varies per run (they print seeds they were given).

A block that cannot run here carries a marker on the line before its fence:

* ``<!-- docs-test: skip (reason) -->``: not run, reported as skipped with the reason;
* ``<!-- docs-test: xfail (bug: ...) -->``: a known code bug, a strict xfail;
* ``<!-- docs-test: continues (reason) -->``: a snippet continuing the previous Python block,
  run with that block's code in front of it;
* ``<!-- docs-test: outcomes (1 passed, 1 failed) -->``: a test module whose pytest outcome
  is not all-passed, as the page explains next to it.

A reference-style page may instead say, on a line of its own before its first fence::

    <!-- docs-test: session -->

Then all its ```python blocks are ``>>>`` doctests run as ONE test, in order, in one
interpreter sharing state, with ``ELLIPSIS``; a block marked ``skip`` is left out, and a
block that is not a doctest is an error (doctest would silently ignore it).

Select one page with ``-k``: ``pytest tests/test_docs.py -k tutorial``.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from _docs_pages import (
    DOCUMENTS,
    MARKER,
    OLD_MARKER,
    SESSION,
    Example,
    examples,
    is_session,
    page_of,
    parse,
    session,
)

_OUTCOME = re.compile(r"(\d+) (passed|failed|errors?|skipped|xfailed|xpassed)")
_TIMEOUT = 120


def _readable(document: Path) -> list[Example]:
    """A page's examples; a page the runner cannot read fails its own markers test instead,
    so one broken page does not stop every other page's examples from being collected."""
    try:
        return examples(document)
    except AssertionError:
        return []


def _params() -> list[object]:
    params = []
    for example in (e for document in DOCUMENTS for e in _readable(document)):
        marks: list[pytest.MarkDecorator] = []
        directive, reason = example.block.marker or ("", "")
        if example.kind == "session":
            directive = ""
        if directive == "skip":
            marks.append(pytest.mark.skip(reason=f"{example.document}:{example.block.line}: {reason}"))
        elif directive == "xfail":
            marks.append(pytest.mark.xfail(strict=True, reason=reason))
        params.append(pytest.param(example, id=example.id, marks=marks))
    return params


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    # CI too: the pages show what a user sees at their desk (under CI, pytest prints full
    # summary lines and fuzz() takes Hypothesis's ci profile), the same in CI as here
    env = {k: v for k, v in os.environ.items() if k not in ("PYTEST_ADDOPTS", "PYTHONPATH", "CI")}
    # Test-module examples load exactly the plugins they use (-p below): the venv's other
    # entry points (langsmith, anyio, ...) cost about 2 s per run and are no part of them.
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    return subprocess.run(
        [sys.executable, *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=_TIMEOUT,
        check=False,
    )


def _normalised(text: str) -> list[str]:
    return [line.rstrip() for line in text.rstrip().splitlines()]


def _compare(stdout: str, expected: str, where: str) -> None:
    got, want = _normalised(stdout), _normalised(expected)
    if want and want[-1] == "...":
        want = want[:-1]
        got = got[: len(want)]
    assert got == want, (
        f"{where}: the output differs from the page.\n--- page\n"
        + "\n".join(want)
        + "\n--- actual\n"
        + "\n".join(got)
    )


def _counts(summary: str) -> dict[str, int]:
    """Outcome counts of a pytest summary line such as ``1 failed, 1 passed in 3.08s``."""
    return {
        kind.rstrip("s") if kind.startswith("error") else kind: int(n)
        for n, kind in _OUTCOME.findall(summary)
    }


_DOCTEST = (
    "import doctest, sys\n"
    "result = doctest.testfile({name!r}, module_relative=False, optionflags={flags})\n"
    "print(f'docs-test: {{result.attempted}} tried')\n"
    "sys.exit(1 if result.failed else 0)\n"
)


def _run_doctest(example: Example, tmp_path: Path, where: str) -> subprocess.CompletedProcess[str]:
    name = Path(example.document).name if example.kind == "session" else "example.txt"
    (tmp_path / name).write_text(example.code, encoding="utf-8")
    flags = "doctest.ELLIPSIS" if example.kind == "session" else "0"
    result = _run(["-c", _DOCTEST.format(name=name, flags=flags)], tmp_path)
    tried = re.search(r"^docs-test: (\d+) tried$", result.stdout, re.MULTILINE)
    assert tried, f"{where}: the doctest did not run\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    assert int(tried.group(1)) >= example.blocks, f"{where}: a doctest block ran no example"
    return result


@pytest.mark.parametrize("example", _params())
def test_docs_example(example: Example, tmp_path: Path) -> None:
    where = f"{example.document}:{example.block.line} ({example.id})"
    for filename, source in example.modules:
        (tmp_path / filename).write_text(source, encoding="utf-8")
    if example.kind == "module":
        module = Path(example.modules[-1][0]).stem
        result = _run(["-c", f"import {module}"], tmp_path)
    elif example.kind in ("doctest", "session"):
        result = _run_doctest(example, tmp_path, where)
    elif example.kind == "pytest":
        (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
        (tmp_path / "test_example.py").write_text(example.code, encoding="utf-8")
        args = ["-m", "pytest", "-q", "-p", "aacl", "-p", "hypothesispytest", "-p", "recording"]
        args += ["-p", "no:cacheprovider", "test_example.py"]
        result = _run(args, tmp_path)
        directive, spec = example.block.marker or ("", "")
        if directive == "outcomes":
            summary = result.stdout.strip().splitlines()[-1] if result.stdout.strip() else ""
            counts = _counts(summary)
            assert counts == _counts(spec), f"{where}: {counts}\n{result.stdout[-3000:]}"
            return
    else:
        (tmp_path / "example.py").write_text(example.code, encoding="utf-8")
        result = _run(["example.py"], tmp_path)
    assert result.returncode == 0, (
        f"{where}: exited with {result.returncode}\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    )
    if example.expected is not None:
        if os.environ.get("AACL_DOCS_UPDATE") == "1":
            _update_page(example, result.stdout)
        _compare(result.stdout, example.expected, where)


def _update_page(example: Example, stdout: str) -> None:
    """``AACL_DOCS_UPDATE=1``: write the actual output into the page (then read the diff!)."""
    got, want = _normalised(stdout), _normalised(example.expected or "")
    if got == want or (want and want[-1] == "..."):
        return
    page = Path(__file__).resolve().parents[1] / example.document
    text = page.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    head, tail = "".join(lines[: example.block.line]), "".join(lines[example.block.line :])
    if tail.count(example.expected or "") >= 1 and example.expected:
        page.write_text(head + tail.replace(example.expected, "\n".join(got) + "\n", 1), encoding="utf-8")



def test_the_shown_outputs_are_found() -> None:
    """Guards the pairing rule: it must keep finding the pages' shown outputs."""
    compared = [e for d in DOCUMENTS for e in examples(d) if e.expected is not None]
    assert len(compared) >= 8, [e.id for e in compared]
    assert any(e.document == "README.md" for e in compared), "README.md shows no checked output"


def test_session_pages_are_found(tmp_path: Path) -> None:
    """Guards the session rule: the marker before the first fence makes one doctest of a page."""
    page = tmp_path / "page.md"
    page.write_text(
        "# Page\n\n<!-- docs-test: session -->\n\n```python\n>>> x = 2\n```\n\ntext\n\n"
        "```python\n>>> x + 1\n3\n```\n",
        encoding="utf-8",
    )
    text = page.read_text(encoding="utf-8")
    [example] = session("page.md", text, parse(text))
    assert example.kind == "session" and example.blocks == 2
    assert example.code.splitlines()[4:14] == ["", ">>> x = 2", *[""] * 5, ">>> x + 1", "3", ""]
    assert not is_session(text.replace("<!-- docs-test: session -->", ""))


@pytest.mark.parametrize("document", DOCUMENTS, ids=page_of)
def test_markers_sit_before_python_blocks(document: Path) -> None:
    """A marker before anything else (a moved or stale marker) would silently do nothing."""
    examples(document)  # a page's structural problem (unclosed fence, unknown directive) fails here
    page = page_of(document)
    text = document.read_text(encoding="utf-8")
    lines = text.splitlines()
    blocks = parse(text, page)
    python_lines = {b.line for b in blocks if b.lang == "python"}
    first_fence = min((b.line for b in blocks), default=len(lines) + 1)
    problems = []
    for number, line in enumerate(lines, start=1):
        if OLD_MARKER.match(line.strip()):
            problems.append(f"{page}:{number}: readme-test markers are now <!-- docs-test: ... -->")
        found = MARKER.match(line.strip())
        if not found:
            continue
        if found.group(1) == SESSION:
            if number > first_fence:
                problems.append(f"{page}:{number}: the session marker goes before the first fence")
            continue
        following = next(
            (n for n in range(number + 1, len(lines) + 1) if lines[n - 1].strip()), None
        )
        if following not in python_lines:
            problems.append(f"{page}:{number}: docs-test marker not directly before a ```python block")
    assert not problems, "\n".join(problems)
