"""docs/reference/checks.md: the table of registered checks, from `CHECKS` itself."""

from __future__ import annotations

from pytest_aacl import CHECKS


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def checks_table() -> str:
    lines = ["| check | runs on | needs the implementation | severity | judges | default `Fix:` line |",
             "|---|---|---|---|---|---|"]
    for name, c in CHECKS.items():
        box = "yes: not applicable to a black box" if c.needs_implementation else "no: black box too"
        lines.append(f"| [`{name}`](#{name}) | {', '.join(c.inputs)} | {box} | {c.severity} | "
                     f"{_cell(c.description)} | {_cell(c.fix) or '(the check gives its own)'} |")
    return "\n".join(lines)


SECTIONS = {"checks": checks_table}
