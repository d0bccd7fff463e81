"""docs/reference/ cannot drift from the code: generated parts are fresh, and the generator
itself refuses code it has no words for (a new code, family, keyword, option or check).

The pages' runnable examples run in tests/test_docs.py; this module checks what the runner
cannot: that what the page *lists* is what the code *has*, both ways.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from pytest_aacl.strategies import FAMILIES

from pytest_aacl import CODES

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "docs" / "reference"


def _generator() -> Any:
    spec = importlib.util.spec_from_file_location("docs_generate", ROOT / "docs" / "_generate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GENERATE = _generator()
from _gen import api, checks, normalisation, options, strategies  # noqa: E402  (docs/ is on sys.path now)


def _page(name: str) -> str:
    return (REFERENCE / name).read_text(encoding="utf-8")


def _first_column(text: str, header: str) -> list[str]:
    """The first cells of the Markdown table whose header row starts with `| header |`."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {header} |"))
    cells = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        cells.append(line.split("|")[1].strip())
    return cells


def test_the_generated_pages_are_what_the_code_says_now() -> None:
    stale = GENERATE.out_of_date()
    assert not stale, f"{', '.join(stale)} out of date: run python docs/_generate.py"


def test_every_generated_section_is_known_and_every_page_with_one_is_found() -> None:
    names = set(GENERATE.sections())
    used = {m for page in GENERATE.pages() for m in re.findall(r"<!-- generated: ([\w-]+) -->", page.read_text("utf-8"))}
    assert used == names
    with pytest.raises(KeyError, match="unknown generated section 'nope'"):
        GENERATE.render("<!-- generated: nope -->\n<!-- /generated -->", GENERATE.sections())


# -- normalisation.md --------------------------------------------------------------------------


def test_every_correction_code_has_a_row_and_a_new_code_without_one_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _first_column(_page("normalisation.md"), "code") == [f"`{code}`" for code in CODES]
    monkeypatch.setitem(normalisation.CODES, "BRAND_NEW", "a code added without an example")
    with pytest.raises(normalisation.ExampleError, match="BRAND_NEW"):
        normalisation.codes_table()


def test_a_row_whose_promised_output_is_not_what_the_boundary_does_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    row = normalisation.ROWS[1]
    wrong = normalisation.Row(row.kind, row.schema, row.accepts, (normalisation.Ex("1,000", 100),))
    monkeypatch.setattr(normalisation, "ROWS", (wrong,))
    with pytest.raises(normalisation.ExampleError, match="'1,000' gives `1000`, the page promises `100`"):
        normalisation.kinds_table()


def test_the_limits_on_the_page_are_the_constants_the_boundary_uses() -> None:
    text = _page("normalisation.md")
    limits = text.split("## Limits")[1].split("## ")[0]
    rows = {line.split("|")[1].strip(" `"): line.split("|") for line in limits.splitlines() if line.startswith("| `")}
    assert sorted(rows) == sorted(name for name, *_ in normalisation.LIMITS)
    for name, _value, _what, module in normalisation.LIMITS:
        value = getattr(importlib.import_module(module), name)  # read again: not the generator's copy
        shown = rows[name][2].strip()
        assert shown == (f"{value:,}" if isinstance(value, int) else f"{value:g} s"), name
    # the prose quotes the same constants: the literal limit the old table got wrong
    assert "at most 10,000 characters" in text and "100,000 characters" not in text.split("## Limits")[0]


# -- families.md ---------------------------------------------------------------------------------


def test_every_family_mutation_and_payload_kind_is_on_the_page() -> None:
    from pytest_aacl.strategies._adversarial import HOSTILE_PAYLOADS
    from pytest_aacl.strategies._invalid import MUTATIONS

    text = _page("families.md")
    assert _first_column(text, "family") == [f"`{f}`" for f in FAMILIES]
    assert _first_column(text, "mutation kind") == [f"`{k}`" for k in MUTATIONS]
    assert _first_column(text, "payload kind") == [f"`{k}`" for k in dict.fromkeys(k for k, _ in HOSTILE_PAYLOADS)]


def test_a_family_the_showcase_cannot_show_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strategies, "FAMILIES", {**FAMILIES, "brand_new_family": "never rendered"})
    with pytest.raises(strategies.ShowcaseError, match="brand_new_family"):
        strategies.families_table()


def test_a_mutation_kind_not_in_the_table_is_refused_where_it_is_made(monkeypatch: pytest.MonkeyPatch) -> None:
    from pytest_aacl.strategies import _invalid, coverage

    monkeypatch.delitem(_invalid.MUTATIONS, "typo_boolean")
    with pytest.raises(AssertionError, match=r"\['typo_boolean'.*not listed in MUTATIONS"):
        coverage("invalid", {"type": "object", "properties": {"b": {"type": "boolean"}}})


# -- checks.md -----------------------------------------------------------------------------------


def test_every_check_has_a_section_and_every_section_names_a_check() -> None:
    text = _page("checks.md")
    shipped = checks.builtin()
    assert set(shipped) >= {"no_silent_corruption", "total"}  # the filter keeps what ships
    sections = re.split(r"^## `(\w+)`\s*$", text, flags=re.MULTILINE)
    bodies = dict(zip(sections[1::2], sections[2::2], strict=True))
    assert sorted(bodies) == sorted(shipped)
    assert _first_column(text, "check") == [f"[`{name}`](#{name})" for name in shipped]
    for name, body in bodies.items():  # each shows a real finding and its fix, and how to fix it
        assert f'>>> show("{name}"' in body and "\n  Fix: " in body and "**How to fix:**" in body, name


# -- options.md ----------------------------------------------------------------------------------


def test_a_keyword_without_a_description_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    def fuzz(target: Any, *, brand_new: int = 1) -> None: ...

    monkeypatch.setitem(options.FUNCTIONS, "fuzz", fuzz)
    with pytest.raises(options.UndocumentedError, match=r"\['brand_new'\].*\['schema', 'implementation'"):
        options.keyword_tables()


def test_every_addoption_and_addini_in_the_source_is_on_the_options_page() -> None:
    """Also those registered only in some runs: read from the source, not from one parser."""
    source = "\n".join(p.read_text("utf-8") for p in (ROOT / "pytest_aacl").rglob("*.py"))
    registered_options = set(re.findall(r"addoption\(\s*\"(--[\w-]+)\"", source))
    registered_ini = set(re.findall(r"addini\(\s*\"(\w+)\"", source))
    assert registered_options and registered_ini
    text = _page("options.md")
    assert {c.strip("`") for c in _first_column(text, "option")} == registered_options
    assert {c.strip("`") for c in _first_column(text, "ini key")} == registered_ini


def test_every_environment_variable_the_code_reads_is_on_the_options_page() -> None:
    source = "\n".join(p.read_text("utf-8") for d in ("pytest_aacl", "strategies") for p in (ROOT / d).rglob("*.py"))
    read = set(re.findall(r"""environ(?:\.get)?\(\s*["'](AACL_\w+|CI)["']""", source))
    assert {"CI", "AACL_CONFIRM", "AACL_PURE_PYTHON"} <= read
    assert {c.strip("`") for c in _first_column(_page("options.md"), "variable")} == read


def test_the_options_page_lists_exactly_what_pytest_registers(pytester: pytest.Pytester) -> None:
    text = _page("options.md")
    listed_options = {c.strip("`") for c in _first_column(text, "option")}
    listed_ini = {c.strip("`") for c in _first_column(text, "ini key")}
    listed_fixtures = {c.strip("`") for c in _first_column(text, "fixture")}
    listed_markers = set(re.findall(r"^\* `@pytest\.mark\.(\w+)", text, flags=re.MULTILINE))

    help_text = pytester.runpytest_subprocess("-p", "aacl", "--help").stdout.str()
    assert set(re.findall(r"(--aacl-[\w-]+)", help_text)) == listed_options
    assert set(re.findall(r"^\s+(aacl_\w+) \(", help_text, flags=re.MULTILINE)) == listed_ini
    markers = pytester.runpytest_subprocess("-p", "aacl", "--markers").stdout.str()
    assert set(re.findall(r"^@pytest\.mark\.(aacl\w*)", markers, flags=re.MULTILINE)) == listed_markers
    pytester.makepyfile("def test_nothing(): pass")
    fixtures = pytester.runpytest_subprocess("-p", "aacl", "--fixtures").stdout.str()
    assert set(re.findall(r"^(aacl_\w+)", fixtures, flags=re.MULTILINE)) == listed_fixtures


# -- api.md --------------------------------------------------------------------------------------


def test_every_public_name_has_an_api_entry() -> None:
    import pytest_aacl.strategies

    import pytest_aacl
    import pytest_aacl.harness

    text = _page("api.md")
    for module in (pytest_aacl, pytest_aacl.strategies, pytest_aacl.harness):
        for name in module.__all__:
            if name.startswith("__"):
                continue
            qualified = f"{module.__name__}.{name}"
            named = f"### `{qualified}`\n\n::: " in text or f"| `{qualified}` |" in text or (
                module is pytest_aacl.strategies and f"`{name}`" in text and name in api.FAMILY_CONSTANTS)
            assert named, f"{module.__name__}.{name} is public but not in docs/reference/api.md"
    for target in re.findall(r"^### `([\w.]+)`$", text, flags=re.MULTILINE):
        module_name, _, name = target.rpartition(".")
        assert name in sys.modules[module_name].__all__, f"{target} is in api.md but not public"


def test_checks_generated_table_matches_the_registry_flags() -> None:
    table = checks.checks_table()
    for name, c in checks.builtin().items():
        row = next(line for line in table.splitlines() if line.startswith(f"| [`{name}`]"))
        assert ("yes: not applicable to a black box" in row) == c.needs_implementation
        assert f"| {c.severity} |" in row
