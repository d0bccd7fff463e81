"""Regenerate the parts of docs/reference/*.md that come from the code.

    python docs/_generate.py           # rewrite every generated section
    python docs/_generate.py --check   # exit 1 naming each page that is out of date

A generated section sits between `<!-- generated: NAME -->` and `<!-- /generated -->` on
lines of their own; everything else on a page is written by hand.  The renderers live in
docs/_gen/ (one module per page) and read the code's own tables: correction codes, limits,
families, mutation and payload kinds, checks, options, public names, the module map.  A renderer raises
when the code has something the page data does not describe (a new code without an
example, a new option without a description), so drift fails the test suite
(tests/test_docs_reference.py) instead of the page quietly going stale.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS))

_BLOCK = re.compile(r"(<!-- generated: ([\w-]+) -->\n)(.*?)(<!-- /generated -->)", re.DOTALL)


def sections() -> dict[str, Callable[[], str]]:
    """Every generated section by name (imported here: the renderers import the package)."""
    from _gen import api, checks, input_space, keywords, layout, normalisation, options, strategies

    out: dict[str, Callable[[], str]] = {}
    for module in (normalisation, keywords, strategies, input_space, checks, options, api, layout):
        out.update(module.SECTIONS)
    return out


def render(text: str, known: dict[str, Callable[[], str]], page: str = "") -> str:
    """`text` with every generated section replaced by what the code says now."""
    cache: dict[str, str] = {}

    def fill(match: re.Match[str]) -> str:
        name = match.group(2)
        if name not in known:
            raise KeyError(f"{page}: unknown generated section {name!r}; known: {', '.join(sorted(known))}")
        if name not in cache:
            cache[name] = known[name]().rstrip("\n") + "\n"
        return match.group(1) + cache[name] + match.group(4)

    return _BLOCK.sub(fill, text)


def pages() -> list[Path]:
    return sorted(p for p in DOCS.rglob("*.md") if "<!-- generated: " in p.read_text(encoding="utf-8"))


def out_of_date() -> list[str]:
    """Pages whose committed text differs from what would be generated now."""
    known = sections()
    stale = []
    for page in pages():
        text = page.read_text(encoding="utf-8")
        if render(text, known, str(page)) != text:
            stale.append(str(page.relative_to(DOCS.parent)))
    return stale


def main(argv: list[str]) -> int:
    if argv[1:] == ["--check"]:
        stale = out_of_date()
        for page in stale:
            print(f"{page} is out of date: run python docs/_generate.py")
        return 1 if stale else 0
    if argv[1:]:
        print(__doc__)
        return 2
    known = sections()
    for page in pages():
        text = page.read_text(encoding="utf-8")
        new = render(text, known, str(page))
        if new != text:
            page.write_text(new, encoding="utf-8")
            print(f"rewrote {page.relative_to(DOCS.parent)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
