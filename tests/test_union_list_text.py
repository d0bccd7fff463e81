"""A field that takes a list or a text (`list[str] | str`): the relation "the text form of a
list means that list" is tested only where the schema declares it; otherwise advice."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from pytest_aacl.strategies import coverage, hallucinated

from pytest_aacl import fuzz

UNION = {"anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "string"}]}
SCHEMA = {
    "type": "object",
    "properties": {
        "tags": {**UNION, "description": "Tags: a list, or one comma-separated string."},
        "names": UNION,
    },
    "required": ["tags", "names"],
}


def _families(schema: dict[str, Any], field: str) -> set[str]:
    return {label.family for case in coverage("hallucinated", schema) for label in case.labels
            if label.path == field}


def test_a_declared_text_form_is_rendered_and_an_undeclared_one_is_not() -> None:
    assert "list_csv" in _families(SCHEMA, "tags")
    assert not {f for f in _families(SCHEMA, "names") if f.startswith("list_")}


def test_the_declaration_may_be_in_the_field_name_or_name_another_separator() -> None:
    schema = {"type": "object", "properties": {
        "ids_csv": UNION,
        "hosts": {**UNION, "description": "Hosts, one per line."}}, "required": ["ids_csv", "hosts"]}
    assert "list_csv" in _families(schema, "ids_csv")
    hosts = _families(schema, "hosts")
    assert "list_newlines" in hosts and "list_csv" not in hosts


@settings(max_examples=60, deadline=None)
@given(hallucinated(SCHEMA, families=["list_csv"]))
def test_the_text_is_the_intended_list_joined(call: Any) -> None:
    text, meant = call.args["tags"], call.intended["tags"]
    assert isinstance(text, str) and isinstance(meant, list)
    assert [part.strip() for part in text.split(",")] == meant


def _one_item(tags: Any, names: Any) -> dict[str, Any]:
    """Reads a text as one tag: wrong, since its schema says the text is comma-separated."""
    return {"tags": sorted([tags] if isinstance(tags, str) else tags), "names": names}


def _split(tags: Any, names: Any) -> dict[str, Any]:
    if isinstance(tags, str):
        tags = [t.strip() for t in tags.split(",")]
    return {"tags": sorted(tags), "names": names}


def test_a_tool_reading_the_declared_text_as_one_item_is_a_finding() -> None:
    report = fuzz(_one_item, schema=SCHEMA, checks=["no_silent_corruption"], max_examples=30, seed=0)
    families = {label["family"] for f in report.findings for label in f.labels}
    assert "list_csv" in families
    assert any(f.args.get("tags") == "python, testing" for f in report.findings)


def test_a_tool_splitting_it_passes_and_the_undeclared_field_gets_advice() -> None:
    report = fuzz(_split, schema=SCHEMA, checks=["no_silent_corruption"], max_examples=30, seed=0)
    assert not [f for f in report.findings for label in f.labels if label["family"].startswith("list_")]
    advice = [a for a in report.advice if a.check == "list_or_text"]
    assert [a.args for a in advice] == [{"names": "a,b"}]
    assert "comma-separated" in advice[0].fix
    assert "[list_or_text] _split: names takes a list or a text" in str(report)
