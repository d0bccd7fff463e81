"""One resolver for `$ref` (`_specs._pointer`): every layer addresses a schema the same way."""

from __future__ import annotations

from typing import Any

import pytest

from pytest_aacl import SpecError, boundary
from pytest_aacl._specs._pointer import deref, join, lookup, split, to_ref

ROOT: dict[str, Any] = {
    "$defs": {"A B": {"type": "integer"}, "a/b~c": {"type": "string"}, "Named": {"$anchor": "named", "type": "boolean"}},
    "definitions": {"Old": {"type": "null"}},
    "properties": {"x": {"$ref": "#/$defs/A%20B"}},
}


@pytest.mark.parametrize(
    ("ref", "expected"),
    [
        ("#/$defs/A%20B", {"type": "integer"}),
        ("#/$defs/a~1b~0c", {"type": "string"}),
        ("#/$defs/a%7E1b%7E0c", {"type": "string"}),  # percent-decoded before ~ unescaping
        (to_ref(join("/$defs", "a/b~c")), {"type": "string"}),
        ("#named", ROOT["$defs"]["Named"]),
        ("#/definitions/Old", {"type": "null"}),
        ("#/$defs/Old", {"type": "null"}),  # a canonicalised copy keeps either name
        ("#/properties/x", {"$ref": "#/$defs/A%20B"}),
        ("#", ROOT),
    ],
)
def test_lookup_reads_every_spelling_of_a_local_ref(ref: str, expected: Any) -> None:
    assert lookup(ROOT, ref) == expected


@pytest.mark.parametrize(
    ("ref", "words"),
    [
        ("https://example.com/s.json#/$defs/A", "remote $ref"),
        ("#/$defs/Missing", "points to nothing"),
        ("#nowhere", "names no $anchor"),
        (5, "must be a string"),
    ],
)
def test_lookup_refuses_with_the_pointer_of_the_ref(ref: Any, words: str) -> None:
    with pytest.raises(SpecError) as info:
        lookup(ROOT, ref, at="/properties/y/$ref")
    assert words in str(info.value)
    assert info.value.pointer == "/properties/y/$ref"


def test_deref_follows_chains_and_refuses_cycles() -> None:
    assert deref(ROOT, ROOT["properties"]["x"]) == {"type": "integer"}
    loop = {"$defs": {"A": {"$ref": "#/$defs/B"}, "B": {"$ref": "#/$defs/A"}}}
    with pytest.raises(SpecError, match="cycle"):
        deref(loop, {"$ref": "#/$defs/A"}, at="/x")


def test_split_and_join_round_trip() -> None:
    assert split(join("", "a/b", "~c", 3)) == ["a/b", "~c", "3"]


def test_the_boundary_follows_escaped_refs() -> None:
    schema = {
        "type": "object",
        "properties": {"n": {"$ref": "#/$defs/A%20B"}, "s": {"$ref": "#/$defs/a~1b"}, "depth": {"$ref": "#/$defs/D%20E"}},
        "$defs": {"A B": {"type": "integer"}, "a/b": {"type": "string", "maxLength": 3}, "D E": {"enum": ["basic", "advanced"]}},
    }
    tool = boundary(lambda n, s, depth: (n, s, depth), schema=schema, name="t", synonyms={"depth": {"advanced": ["deep"]}})
    assert tool(n="5", s="abc", depth="deep") == (5, "abc", "advanced")
