"""Shape `enums`: a thermostat tool with string enums (one with synonyms) and an integer enum.

The defects: an unknown value defaulting, a wrong synonym mapping, a value lower-cased but
never checked, `str(None)`, `int(x)` without a membership check, a `KeyError` escaping, and
`.get(x, default)`.
"""

from __future__ import annotations

from typing import Any

from . import _kit as k
from ._manifest import Shape

MODES = ("heat", "cool", "auto", "off")
SYNONYMS = {"heat": ["heating", "warm"], "cool": ["cooling", "ac"], "off": ["disabled"]}
UNITS = ("celsius", "fahrenheit")
FANS = ("low", "medium", "high")

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "mode": {"type": "string", "enum": list(MODES), "x-aacl-synonyms": SYNONYMS,
                 "description": "heat, cool, auto or off."},
        "unit": {"type": "string", "enum": list(UNITS), "default": "celsius"},
        "fan": {"type": ["string", "null"], "enum": [*FANS, None], "default": None},
        "priority": {"type": "integer", "enum": [1, 2, 3], "default": 2},
    },
    "required": ["mode"],
    "additionalProperties": False,
}

_WORDS = {word: mode for mode, words in SYNONYMS.items() for word in words}

SHAPE = Shape(
    __name__, "set_thermostat", SCHEMA,
    readers={"mode": k.choice(MODES, _WORDS), "unit": k.choice(UNITS), "fan": k.optional(k.choice(FANS)),
             "priority": k.choice((1, 2, 3))},
    required=("mode",), backend="set_thermostat", doc="Set the thermostat; returns the state set.",
)
ENTRIES = SHAPE.entries

SHAPE.controls("correct hand-written readers (case, padding, declared synonyms)")  # module attributes set_thermostat and set_thermostat_boundary


def _mode_default_auto(field: str, value: Any) -> Any:
    word = str(value).strip().lower()
    return word if word in MODES else _WORDS.get(word, "auto")  # unknown -> auto


def _mode_synonym_typo(field: str, value: Any) -> Any:
    words = {**_WORDS, "warm": "cool"}  # copy-paste slip in the synonym table
    return k.choice(MODES, words)(field, value)


def _unit_lowered(field: str, value: Any) -> Any:
    return k.text()(field, value).strip().lower()  # normalised, never checked against the enum


def _fan_str(field: str, value: Any) -> Any:
    fan = str(value).strip().lower()  # str(None) == "none"
    if fan not in (*FANS, "none"):
        raise k.refuse("INVALID_ENUM", field, f"one of {list(FANS)} or null", value)
    return fan


def _priority_int(field: str, value: Any) -> Any:
    try:
        return int(value)  # 4 passes; so does 2.7 (as 2)
    except (TypeError, ValueError):
        raise k.refuse("TYPE_ERROR", field, "1, 2 or 3", value) from None


def _mode_lookup(field: str, value: Any) -> Any:
    table = {**{m: m for m in MODES}, **_WORDS}
    return table[str(value).strip().lower()]  # KeyError escapes for anything unknown


_LEVELS = {"low": 1, "normal": 2, "high": 3, 1: 1, 2: 2, 3: 3}


def _priority_get(field: str, value: Any) -> Any:
    return _LEVELS.get(value, 2)  # anything else means "normal"


SHAPE.planted("mode_unknown_auto", "mode", _mode_default_auto, trigger={"mode": "zzz_unknown"}, intended=None,
              checks=("rejects_invalid",), why="an unknown mode silently becomes 'auto'")
SHAPE.planted("mode_synonym_typo", "mode", _mode_synonym_typo, trigger={"mode": "warm"}, intended={"mode": "heat"},
              checks=("no_silent_corruption",), why="the synonym table maps 'warm' to 'cool'")
SHAPE.planted("unit_unchecked", "unit", _unit_lowered, trigger={"mode": "heat", "unit": "zzz_unknown"}, intended=None,
              checks=("rejects_invalid", "typed_implementation"), why="unit is lower-cased but never checked: 'zzz_unknown' passes")
SHAPE.planted("fan_str_none", "fan", _fan_str, trigger={"mode": "heat", "fan": None}, intended={"mode": "heat", "fan": None},
              checks=("identity_on_canonical", "typed_implementation", "no_silent_corruption"),
              why='str(None): a null fan reaches the backend as the string "none"',
              blackbox=False)
SHAPE.planted("priority_not_member", "priority", _priority_int, trigger={"mode": "heat", "priority": 4}, intended=None,
              checks=("rejects_invalid", "typed_implementation"), why="int(x) without a membership check: priority 4 passes")
SHAPE.planted("mode_keyerror", "mode", _mode_lookup, trigger={"mode": "zzz_unknown"}, intended=None,
              checks=("total", "rejects_invalid"), why="a dict lookup raises KeyError for an unknown mode")
SHAPE.planted("priority_get_default", "priority", _priority_get, trigger={"mode": "heat", "priority": 4}, intended=None,
              checks=("rejects_invalid",), why="LEVELS.get(x, 2): an unknown priority silently becomes 2")
