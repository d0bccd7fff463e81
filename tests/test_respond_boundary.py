"""`respond()` reads a structured response as the boundary reads a tool call's arguments.

One table of renderings, run through both paths: `Tool.normalise_json(text)` (the tool path)
and `respond()` with a model that answers that text. Whatever the tool path reads, respond
reads to the same value on the first try; whatever the tool path corrects, respond corrects
with the same codes and retries. The table is the text renderings written out below plus
every field rendering the `hallucinated` families know for this schema (`all_renderings`).
"""

from __future__ import annotations

import json
from typing import Any, Literal

import pytest
from pytest_aacl.strategies import all_renderings

from pytest_aacl import CorrectionError, boundary
from pytest_aacl.harness import RespondError, Turn, respond


@boundary
def person(name: str, age: int, member: bool = False, level: Literal["basic", "advanced"] = "basic",
           tags: list[str] | None = None) -> dict[str, Any]:
    """Describe a person."""
    return {}


SCHEMA = person.spec.parameters
INTENDED = {"name": "Ada", "age": 36, "member": True, "level": "advanced", "tags": ["math", "engines"]}
STRICT = json.dumps(INTENDED)

#: how models write a whole response or call, around or instead of strict JSON
TEXTS = [
    ("strict JSON", STRICT),
    ("typed fields as text", '{"name": "Ada", "age": "36", "member": "yes", "level": "Advanced", "tags": "math, engines"}'),
    ("prose around one object", f"Sure! Here is the person:\n{STRICT}\nLet me know if you need more."),
    ("a json code fence", f"```json\n{STRICT}\n```"),
    ("a fence after prose", f"The answer:\n\n```\n{STRICT}\n```"),
    ("trailing commas", '{"name": "Ada", "age": 36, "member": true, "level": "advanced", "tags": ["math", "engines",],}'),
    ("a Python dict literal", "{'name': 'Ada', 'age': 36, 'member': True, 'level': 'advanced', 'tags': ['math', 'engines']}"),
    ("comments", '{\n  "name": "Ada", // her name\n  "age": 36, # years\n  "member": true, "level": "advanced", '
                 '"tags": ["math", "engines"] /* done */\n}'),
    ("JSON encoded twice", json.dumps(STRICT)),
    ("cut short", '{"name": "Ada", "age": 36, "member": tr'),
    ("two objects", f"{STRICT}\n{STRICT}"),
    ("words for a number", '{"name": "Ada", "age": "a few"}'),
    ("a made-up key", '{"name": "Ada", "age": 36, "nickname": "Countess"}'),
    ("a list, not an object", f"[{STRICT}]"),
]


def _field_renderings() -> list[tuple[str, str]]:
    out = []
    for field, value in INTENDED.items():
        for rendering in all_renderings(value, SCHEMA["properties"][field]):
            sent = {**INTENDED, field: rendering.rendered}
            out.append((f"{field}: {rendering.family} {json.dumps(rendering.rendered)}", json.dumps(sent)))
    return out


TABLE = TEXTS + _field_renderings()


class Answers:
    """A model that answers the given texts in order (our own respond protocol, no SDK)."""

    name, provider = "scripted", "scripted"

    def __init__(self, *texts: str) -> None:
        self.texts, self.prompts = list(texts), []

    def complete(self, messages: list[dict[str, Any]], schema: Any = None) -> Turn:
        self.prompts.append(messages[-1]["content"])
        return Turn([], self.texts.pop(0))


def test_the_table_covers_the_renderings() -> None:
    assert len(TABLE) > 60  # the written-out texts and every family rendering of every field
    assert {label.split(":")[1].split()[0] for label, _ in TABLE[len(TEXTS):]} >= {
        "int_string", "bool_words", "enum_case", "list_csv", "list_python_literal", "scalar_as_list"}


@pytest.mark.parametrize("text", [t for _, t in TABLE], ids=[label for label, _ in TABLE])
def test_respond_reads_what_the_tool_path_reads(text: str) -> None:
    try:
        expected = person.normalise_json(text)
    except CorrectionError as error:
        codes = tuple(dict.fromkeys(c.code for c in error.corrections))
        model = Answers(text, STRICT)
        answer = respond(model, "Describe Ada Lovelace.", SCHEMA, max_retries=1)
        first = answer.run.attempts[0]
        assert first.outcome == "corrected" and first.codes == codes  # the same correction, one retry
        assert answer.value == INTENDED and len(answer.attempts) == 2
        assert "VALIDATION ERROR:" in model.prompts[1] and codes[0] in model.prompts[1]
        return
    answer = respond(Answers(text), "Describe Ada Lovelace.", SCHEMA, max_retries=0)
    assert answer.value == expected and len(answer.attempts) == 1  # read on the first try, no retry


def test_the_written_out_texts_are_read_or_refused_as_intended() -> None:
    read = {label for label, text in TEXTS if _reads(text)}
    assert read == {"strict JSON", "typed fields as text", "prose around one object", "a json code fence",
                    "a fence after prose", "trailing commas", "a Python dict literal", "comments", "JSON encoded twice"}
    for label, text in TEXTS:
        if label in read:
            assert respond(Answers(text), "Describe Ada.", SCHEMA, max_retries=0).value == INTENDED, label


def _reads(text: str) -> bool:
    try:
        person.normalise_json(text)
    except CorrectionError:
        return False
    return True


def test_only_what_is_really_wrong_is_a_correction_and_it_says_where() -> None:
    with pytest.raises(RespondError) as caught:
        respond(Answers('{"name": "Ada", "age": "a few", "member": "yes"}'), "Describe Ada.", SCHEMA, max_retries=0)
    # member "yes" is read; only age is wrong, named by its pointer and the boundary's code
    assert caught.value.last_error == 'at /age: TYPE_ERROR: expected an integer; received "a few"'
    assert caught.value.run.attempts[0].codes == ("TYPE_ERROR",) and not caught.value.run.converged


def test_a_schema_that_is_not_an_object_is_read_as_strict_json() -> None:
    numbers = {"type": "array", "items": {"type": "integer"}}
    assert respond(Answers("```json\n[1, 2]\n```"), "Two numbers.", numbers).value == [1, 2]
    answer = respond(Answers("one and two", "[1, 2]"), "Two numbers.", numbers)
    assert "not JSON" in answer.attempts[0].error and answer.value == [1, 2]
