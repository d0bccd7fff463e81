"""Shape `lists`: a tagging tool taking a list of ids, a list of tags and a list of scores.

The defects are the ways hand-written list handling goes wrong: `split(",")` without strip,
`list("news")`, items never converted or checked, `sorted(set(x))`, brackets stripped but
quotes kept, `int()` on every score.
"""

from __future__ import annotations

from typing import Any

from . import _kit as k
from ._manifest import Shape

TAG = "^[a-z0-9-]{1,20}$"

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "ids": {"type": "array", "items": {"type": "integer", "minimum": 1}, "minItems": 1, "maxItems": 5,
                "description": "Item ids to tag."},
        "tags": {"type": "array", "items": {"type": "string", "pattern": TAG}, "minItems": 1, "maxItems": 5,
                 "uniqueItems": True, "description": "Tags such as news, tech-talk."},
        "scores": {"type": "array", "items": {"type": "number", "minimum": 0, "maximum": 1}, "maxItems": 5,
                   "description": "Optional confidence per tag, 0 to 1."},
    },
    "required": ["ids", "tags"],
    "additionalProperties": False,
}

_ID = k.integer(1)
_TAG = k.text(pattern=TAG)
_SCORE = k.number(0, 1)

SHAPE = Shape(
    __name__, "tag_items", SCHEMA,
    readers={
        "ids": k.listing(_ID, 1, 5),
        "tags": k.listing(_TAG, 1, 5, split=True, unique=True),
        "scores": k.listing(_SCORE, 0, 5),
    },
    required=("ids", "tags"), backend="tag_items", doc="Tag items; returns which items got which tags.",
)
ENTRIES = SHAPE.entries

SHAPE.controls("correct hand-written readers (tags also as comma-separated text)")  # module attributes tag_items and tag_items_boundary


def _tags_split_no_strip(field: str, value: Any) -> Any:
    if isinstance(value, str):
        value = value.split(",")  # "news, tech" -> ["news", " tech"], never checked again
        return value
    return k.listing(_TAG, 1, 5, unique=True)(field, value)


def _tags_list_of_text(field: str, value: Any) -> Any:
    items = list(value) if not isinstance(value, list) else value  # list("news") -> ["n", "e", "w", "s"]
    return k.listing(_TAG, 1, 5)(field, items)


def _ids_unconverted(field: str, value: Any) -> Any:
    if not isinstance(value, list) or not 1 <= len(value) <= 5:
        raise k.refuse("TYPE_ERROR", field, "a list of 1 to 5 ids", value)
    return value  # ["1", "2"] passes as strings


def _ids_no_max_items(field: str, value: Any) -> Any:
    return k.listing(_ID, 1)(field, value)  # maxItems forgotten


def _tags_deduplicated(field: str, value: Any) -> Any:
    return sorted(set(k.listing(_TAG, 1, 5, split=True)(field, value)))  # "helpfully" de-duplicated, order lost


def _tags_brackets_stripped(field: str, value: Any) -> Any:
    if isinstance(value, str):
        return [part.strip() for part in value.strip("[]").split(",")]  # '["a", "b"]' -> ['"a"', '"b"']
    return k.listing(_TAG, 1, 5, unique=True)(field, value)


def _ids_min_items_forgotten(field: str, value: Any) -> Any:
    return k.listing(_ID, 0, 5)(field, value)  # [] passes


def _scores_int(field: str, value: Any) -> Any:
    return [int(x) for x in k.listing(_SCORE, 0, 5)(field, value)]  # 0.75 -> 0


_CALL = {"ids": [1, 2], "tags": ["news", "tech"]}

SHAPE.planted("tags_split_no_strip", "tags", _tags_split_no_strip,
              trigger={"ids": [1], "tags": "news, tech"}, intended={"ids": [1], "tags": ["news", "tech"]},
              checks=("no_silent_corruption", "typed_implementation"), why='split(",") without strip: " tech" reaches the backend')
SHAPE.planted("tags_list_of_text", "tags", _tags_list_of_text,
              trigger={"ids": [1], "tags": "news"}, intended={"ids": [1], "tags": ["news"]},
              checks=("no_silent_corruption",), why='list("news") splits one tag into letters')
SHAPE.planted("ids_unconverted", "ids", _ids_unconverted,
              trigger={"ids": ["1", "2"], "tags": ["news"]}, intended={"ids": [1, 2], "tags": ["news"]},
              checks=("no_silent_corruption", "typed_implementation", "rejects_invalid"),
              why="list items are never converted or checked: strings reach the backend")
SHAPE.planted("ids_no_max_items", "ids", _ids_no_max_items,
              trigger={"ids": [1, 2, 3, 4, 5, 6], "tags": ["news"]}, intended=None,
              checks=("rejects_invalid",), why="maxItems is never checked: six ids reach the backend")
SHAPE.planted("tags_deduplicated", "tags", _tags_deduplicated,
              trigger={"ids": [1], "tags": ["tech", "news"]}, intended={"ids": [1], "tags": ["tech", "news"]},
              checks=("identity_on_canonical", "no_silent_corruption"), why="sorted(set(tags)) reorders valid tags",
              blackbox=False)
SHAPE.planted("tags_brackets_stripped", "tags", _tags_brackets_stripped,
              trigger={"ids": [1], "tags": '["news", "tech"]'}, intended={"ids": [1], "tags": ["news", "tech"]},
              checks=("no_silent_corruption", "typed_implementation"), why="a JSON list in a string keeps its quotes per item")
SHAPE.planted("ids_min_items_forgotten", "ids", _ids_min_items_forgotten,
              trigger={"ids": [], "tags": ["news"]}, intended=None,
              checks=("rejects_invalid",), why="minItems is never checked: an empty id list reaches the backend")
SHAPE.planted("scores_truncated", "scores", _scores_int,
              trigger={**_CALL, "scores": [0.75, 1]}, intended={**_CALL, "scores": [0.75, 1]},
              checks=("identity_on_canonical", "no_silent_corruption"), why="int() on every score: 0.75 becomes 0",
              blackbox=False)
