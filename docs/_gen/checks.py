"""docs/reference/checks.md: the table of registered checks, from `CHECKS` itself."""

from __future__ import annotations

from pytest_aacl import CHECKS

from ._md import cell
from ._md import limits_table as limits


def builtin() -> dict[str, object]:
    """The checks pytest-aacl ships (a test or a conftest may have registered more)."""
    return {name: c for name, c in CHECKS.items() if c.func.__module__ == "pytest_aacl._checks"}


def checks_table() -> str:
    lines = ["| check | code | runs on | needs the implementation | severity | judges | default `Fix:` line |",
             "|---|---|---|---|---|---|---|"]
    for name, c in builtin().items():
        box = "yes: not applicable to a black box" if c.needs_implementation else "no: black box too"
        lines.append(f"| [`{name}`](#{name}) | `{c.code}` | {', '.join(c.inputs)} | {box} | {c.severity} | "
                     f"{cell(c.description)} | {cell(c.fix) or '(the check gives its own)'} |")
    return "\n".join(lines)


def limits_table() -> str:
    from pytest_aacl import _errors, _run

    rows = (("HANG_LIMIT", _run.HANG_LIMIT, "calls in a row a tool may hang before its remaining checks are skipped "
             "(one `total` finding)", "pytest_aacl._run"),
            ("MAX_MESSAGE_CHARS", _errors.MAX_MESSAGE_CHARS, "longest correction `correction_quality` accepts",
             "pytest_aacl._errors"))
    return limits(rows)


SECTIONS = {"checks": checks_table, "fuzz-limits": limits_table}
