"""The pages whose Python examples tests/test_docs.py runs, parsed into examples.

The rules (block kinds, markers, the session mode) are in tests/test_docs.py's docstring.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


def documents() -> list[Path]:
    """README.md and every page under docs/, in a stable order."""
    return [README, *sorted((ROOT / "docs").rglob("*.md"))]


DOCUMENTS = documents()

_FENCE = re.compile(r"^```([\w-]*)\s*$")
_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*$")
MARKER = re.compile(r"^<!--\s*docs-test:\s*([\w-]+)\s*(?:\((.*)\))?\s*-->$")
OLD_MARKER = re.compile(r"^<!--\s*readme-test:")
_MODULE = re.compile(r"^#\s*([A-Za-z_]\w*)\.py\s*$")
_OUTPUT_LANGS = ("", "text", "console")
_DIRECTIVES = ("skip", "xfail", "continues", "outcomes")
SESSION = "session"


@dataclass(frozen=True)
class Block:
    """One fenced block of a page, with what surrounds it."""

    lang: str
    line: int
    code: str
    heading: str
    marker: tuple[str, str] | None
    after: int  # index (0-based) of the line after the closing fence


def page_of(document: Path) -> str:
    return document.relative_to(ROOT).as_posix()


def parse(text: str, page: str = "README.md") -> list[Block]:
    lines = text.splitlines()
    blocks: list[Block] = []
    heading = "top"
    i = 0
    while i < len(lines):
        fence = _FENCE.match(lines[i])
        if fence is None:
            found = _HEADING.match(lines[i])
            if found:
                heading = found.group(1)
            i += 1
            continue
        start = i
        i += 1
        while i < len(lines) and lines[i].rstrip() != "```":
            i += 1
        if i == len(lines):
            raise AssertionError(f"{page}:{start + 1}: code fence never closed")
        previous = next((ln.strip() for ln in reversed(lines[:start]) if ln.strip()), "")
        marker = MARKER.match(previous)
        if marker and marker.group(1) == SESSION:
            marker = None  # the page-level marker, not this block's
        blocks.append(
            Block(
                lang=fence.group(1),
                line=start + 1,
                code="\n".join(lines[start + 1 : i]) + "\n",
                heading=heading,
                marker=(marker.group(1), marker.group(2) or "") if marker else None,
                after=i + 1,
            )
        )
        i += 1
    return blocks


def is_session(text: str) -> bool:
    """Whether the page says ``<!-- docs-test: session -->`` on a line before its first fence."""
    for line in text.splitlines():
        if _FENCE.match(line):
            return False
        found = MARKER.match(line.strip())
        if found and found.group(1) == SESSION:
            return True
    return False


def _expected_output(block: Block, blocks: list[Block], lines: list[str]) -> str | None:
    """The output block right after ``block`` (only blank lines or ``prints`` between)."""
    later = [b for b in blocks if b.line > block.line]
    if not later or later[0].lang not in _OUTPUT_LANGS:
        return None
    between = [ln.strip() for ln in lines[block.after : later[0].line - 1] if ln.strip()]
    if between not in ([], ["prints"], ["prints:"]):
        return None
    return later[0].code


def _slug(heading: str) -> str:
    """A readable test id: the heading's words, cut at a word boundary."""
    words = re.findall(r"[a-z0-9]+", heading.lower())
    slug = words[0] if words else "top"
    for word in words[1:]:
        if len(slug) + 1 + len(word) > 40:
            break
        slug += "-" + word
    return slug


@dataclass(frozen=True)
class Example:
    """A Python block ready to run (or a whole session page): code, kind, output, modules."""

    id: str
    block: Block
    code: str
    kind: str
    expected: str | None
    modules: tuple[tuple[str, str], ...]
    document: str = "README.md"
    blocks: int = 1  # a session: how many doctest blocks it joins


def kind_of(code: str) -> str:
    first = code.lstrip().splitlines()[0] if code.strip() else ""
    if _MODULE.match(first):
        return "module"
    if first.startswith(">>>"):
        return "doctest"
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return "script"  # a partial snippet: it fails when run, unless a marker skips it
    if any(isinstance(n, ast.FunctionDef) and n.name.startswith("test_") for n in tree.body):
        return "pytest"
    return "script"


def _check_marker(block: Block, page: str, allowed: tuple[str, ...]) -> None:
    if block.marker is None:
        return
    if block.marker[0] not in allowed:
        raise AssertionError(
            f"{page}:{block.line}: docs-test directive {block.marker[0]!r} is not allowed here; "
            f"use one of {', '.join(allowed)}"
        )
    if not block.marker[1].strip():
        raise AssertionError(
            f"{page}:{block.line}: say why in the marker, e.g. "
            f"<!-- docs-test: {block.marker[0]} (needs a live API key) -->"
        )


def session(page: str, text: str, blocks: list[Block]) -> list[Example]:
    """A session page as one example: its doctest blocks, at their own line numbers."""
    lines = text.splitlines()
    keep = [False] * len(lines)
    joined = 0
    for block in blocks:
        if block.lang != "python":
            continue
        _check_marker(block, page, ("skip",))
        if block.marker:
            continue
        if kind_of(block.code) != "doctest":
            raise AssertionError(
                f"{page}:{block.line}: a session page's python blocks are >>> doctests; "
                "write this one as >>> lines, or mark it <!-- docs-test: skip (reason) -->"
            )
        for index in range(block.line, block.after - 1):
            keep[index] = True
        joined += 1
    if not joined:
        raise AssertionError(f"{page}: a session page without a runnable python block")
    # Lines outside the blocks are blanked, so doctest's line numbers are the page's.
    code = "\n".join(line if keep[n] else "" for n, line in enumerate(lines)) + "\n"
    first = next(b for b in blocks if b.lang == "python")
    return [Example(id=f"{page}:session", block=first, code=code, kind="session",
                     expected=None, modules=(), document=page, blocks=joined)]


def examples(document: Path = README) -> list[Example]:
    page = page_of(document)
    text = document.read_text(encoding="utf-8")
    lines = text.splitlines()
    blocks = parse(text, page)
    if is_session(text):
        return session(page, text, blocks)
    examples: list[Example] = []
    modules: list[tuple[str, str]] = []
    per_heading: dict[str, int] = {}
    previous: Block | None = None
    for block in blocks:
        if block.lang != "python":
            continue
        _check_marker(block, page, _DIRECTIVES)
        code = block.code
        if block.marker and block.marker[0] == "continues":
            if previous is None:
                raise AssertionError(f"{page}:{block.line}: 'continues' needs a block above")
            code = previous.code + "\n" + code
        kind = kind_of(code)
        if kind == "module":
            name = _MODULE.match(code.lstrip().splitlines()[0])
            assert name is not None
            modules.append((f"{name.group(1)}.py", code))
        slug = _slug(block.heading)
        per_heading[slug] = per_heading.get(slug, 0) + 1
        examples.append(
            Example(
                id=f"{page}:{slug}-{per_heading[slug]}",
                document=page,
                block=block,
                code=code,
                kind=kind,
                expected=_expected_output(block, blocks, lines),
                modules=tuple(modules),
            )
        )
        previous = block
    return examples
