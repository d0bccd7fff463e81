"""docs/reference/normalisation.md: the kinds table, the limits and the correction codes.

Every example is run through the real boundary when the page is generated: the output
column is what the boundary produced, and `expect` (written here, next to the prose that
promises it) must agree, so a change in behaviour fails `python docs/_generate.py --check`
naming the row instead of silently rewriting the page.  Limits are read from the constants
the boundary uses; codes from `pytest_aacl.CODES`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from pytest_aacl import CODES, CorrectionError, boundary
from pytest_aacl import _errors as errors
from pytest_aacl._normalise import _base as base
from pytest_aacl._normalise import _lenient as lenient

from . import _md
from ._md import json_code

#: an example's expected outcome: the key is dropped (the implementation's default applies)
DROPPED = object()


@dataclass(frozen=True)
class Refused:
    """An example's expected outcome: a correction with this code."""

    code: str


@dataclass(frozen=True)
class Ex:
    """One example: `sent` for the field `v` (or, with `raw=True`, the raw argument text)."""

    sent: Any
    expect: Any
    schema: dict[str, Any] | None = None  # overrides the row's schema
    required: bool = True
    raw: bool = False


@dataclass(frozen=True)
class Row:
    kind: str
    schema: dict[str, Any]
    accepts: str
    examples: tuple[Ex, ...] = field(default_factory=tuple)


INT = {"type": "integer"}
N = {"type": "number"}
B = {"type": "boolean"}
S = {"type": "string"}
DATE = {"type": "string", "format": "date"}
DATETIME = {"type": "string", "format": "date-time"}
TIME = {"type": "string", "format": "time"}
ENUM = {"enum": ["celsius", "fahrenheit"]}
LIST = {"type": "array", "items": S}
OBJ = {"type": "object", "properties": {"max_results": INT}, "additionalProperties": False}

ROWS: tuple[Row, ...] = (
    Row("boolean", B, "`true/false/yes/no/y/n/on/off/t/f/1/0` in any case, with surrounding whitespace or "
        "one layer of quotes; JSON booleans; the numbers 0 and 1 (also 0.0 and 1.0). Anything else is `TYPE_ERROR`.",
        (Ex("Yes", True), Ex(" 'off' ", False), Ex(1, True), Ex("maybe", Refused("TYPE_ERROR")))),
    Row("integer", INT, "ints (never bools); integral floats; text with whitespace, `+`, leading zeros, `\"5.0\"`, "
        "one layer of quotes, an integral exponent form (`\"1e3\"`), consistent thousands separators "
        "(`,` space or `_`, groups of exactly three); number words from zero to one hundred (`twenty-one`, "
        "`a hundred`), optionally after `minus ` or `negative `. `\"5.5\"`, NaN, infinities and a bad grouping (`\"1,5\"`) are `TYPE_ERROR`.",
        (Ex("1,000", 1000), Ex(" +05 ", 5), Ex("1e3", 1000), Ex(4.0, 4), Ex("twenty-one", 21),
         Ex("minus three", -3), Ex("negative a hundred", -100), Ex("5.5", Refused("TYPE_ERROR")),
         Ex("1,5", Refused("TYPE_ERROR")))),
    Row("number", N, "as integer, plus decimals (`\"3.14\"`, `\".5\"`), exponents and thousands with a decimal "
        "point (`\"1,000.5\"`). A comma followed by anything but groups of exactly three digits (`\"3,5\"`) "
        "is `AMBIGUOUS_VALUE`: a decimal comma or a thousands separator? NaN and infinities are `TYPE_ERROR`.",
        (Ex(".5", 0.5), Ex("1,000.5", 1000.5), Ex("3,500", 3500), Ex("3,5", Refused("AMBIGUOUS_VALUE")),
         Ex("inf", Refused("TYPE_ERROR")))),
    Row("null", {"type": ["integer", "null"]},
        f"for a nullable field: `None` and the words {', '.join(f'`{json.dumps(w)}`' for w in sorted(base.NULL_WORDS))} "
        "(any case, surrounding whitespace) mean null, so for a nullable string field these words are "
        "never kept as text. For an optional non-nullable field, null and those words (except in a string "
        "field, where a string is a string) mean absent: the key is dropped and the implementation's default "
        "applies. For a required non-nullable field: `MISSING_REQUIRED`.",
        (Ex("n/a", None), Ex("None", None, schema={"type": ["string", "null"]}),
         Ex(None, DROPPED, schema=INT, required=False), Ex("null", "null", schema=S, required=False),
         Ex(None, Refused("MISSING_REQUIRED"), schema=INT))),
    Row("string", S, "unchanged: never stripped, lowercased or altered. An int or finite float becomes its exact "
        "decimal text; a bool is `TYPE_ERROR`. With a `format` (email, uri, hostname, ipv4, uuid) "
        "surrounding whitespace is stripped before the format is checked.",
        (Ex("  keep  ", "  keep  "), Ex(94102, "94102"), Ex(True, Refused("TYPE_ERROR")),
         Ex(" a@b.org ", "a@b.org", schema={"type": "string", "format": "email"}))),
    Row("enum", ENUM, "exact; case-insensitive when that is unambiguous; surrounding whitespace and one layer of "
        "quotes removed; the synonyms of `x-aacl-synonyms`; numeric enums accept numeric text. Unknown: "
        "`INVALID_ENUM`, listing the allowed values and the closest one.",
        (Ex("Celsius", "celsius"), Ex(" 'fahrenheit' ", "fahrenheit"),
         Ex("centigrade", "celsius", schema={**ENUM, "x-aacl-synonyms": {"celsius": ["centigrade"]}}),
         Ex("2", 2, schema={"enum": [1, 2, 3]}), Ex("kelvin", Refused("INVALID_ENUM")))),
    Row("array", LIST, "lists (and tuples); a JSON list in a string; a Python-literal list in a string "
        f"(`ast.literal_eval`, at most {base.MAX_PARSE_CHARS:,} characters); text split on the "
        "strongest separator it holds: newlines (`-`, `*`, `•` or `1.` bullets removed), else `;`, else `,` "
        "(items stripped, one layer of quotes removed; a quoted item keeps its separators); split on "
        "whitespace, `and` and `&` as well only when the item schema rules out spaces (numbers, booleans, "
        "enums without spaces, the formats hostname, email, uri and ipv4, an anchored pattern that excludes "
        "spaces); a single scalar becomes a one-item list. Text holding brackets or parentheses outside "
        "quotes (code such as `\"f(a, b)\"`), or an unclosed quote, is never split: "
        "`AMBIGUOUS_VALUE`; so is `\"1,000\"` for a list of numbers (one number or two?). Items are normalised by the item schema; then `minItems`, `maxItems`, `uniqueItems`.",
        (Ex("a, b", ["a", "b"]), Ex("- a, b\n- c", ["a, b", "c"]), Ex("['a', 'b']", ["a", "b"]), Ex("x", ["x"]),
         Ex("1 2 3", [1, 2, 3], schema={"type": "array", "items": INT}),
         Ex("a.org and b.org", ["a.org", "b.org"], schema={"type": "array", "items": {"type": "string", "format": "hostname"}}),
         Ex("f(a, b)", Refused("AMBIGUOUS_VALUE")),
         Ex("1,000", Refused("AMBIGUOUS_VALUE"), schema={"type": "array", "items": INT}))),
    Row("wrapped value", S, "any field, tried only after the value as sent is refused, one layer, and the inner "
        "value must read cleanly: a one-item list of a scalar; an object whose only key is the parameter's "
        "own name; `{\"type\": ..., \"value\": ...}` whose type word agrees with the value produced. See "
        "[How the boundary reads model output](../explanation/reading-model-output.md).",
        (Ex(["New York City"], "New York City"), Ex({"v": "Seattle"}, "Seattle"),
         Ex({"type": "float", "value": 1}, 1, schema=N))),
    Row("object", OBJ, "dicts; a JSON object in a string, also inside a Markdown code fence; nested "
        "normalisation; camelCase, kebab-case or PascalCase keys map to a snake_case property when "
        "unambiguous; unknown keys under `additionalProperties: false` are `UNEXPECTED_FIELD`, listing the "
        "allowed keys and the closest one.",
        (Ex('{"maxResults": "5"}', {"max_results": 5}), Ex({"max-results": 5}, {"max_results": 5}),
         Ex('```json\n{"max_results": 5}\n```', {"max_results": 5}),
         Ex({"limit": 5}, Refused("UNEXPECTED_FIELD")))),
    Row("date", DATE, "output `YYYY-MM-DD`. ISO; `2025-4-3`; `2025/04/03`; `20250403`; month names (`April 3, 2025`, "
        "`3 April 2025`, `Apr. 3, 2025`, `3rd April 2025`, `Thursday, April 3, 2025`). Numeric day/month "
        "dates (separators `/ . -`) are read only when one part is over 12, both parts are equal, or "
        "`x-aacl-date-order` says the order; otherwise, and for two-digit years, `AMBIGUOUS_DATE`. "
        "Impossible and relative dates are `INVALID_DATE`.",
        (Ex("April 3, 2025", "2025-04-03"), Ex("25/04/2025", "2025-04-25"),
         Ex("03/04/2025", "2025-04-03", schema={**DATE, "x-aacl-date-order": "DMY"}),
         Ex("03/04/2025", Refused("AMBIGUOUS_DATE")), Ex("2025-02-30", Refused("INVALID_DATE")),
         Ex("tomorrow", Refused("INVALID_DATE")))),
    Row("date-time", DATETIME, "a valid RFC 3339 string passes unchanged. Other readable forms (a space "
        "separator, no seconds, `+0200`, a readable date part) are output as `datetime.isoformat()`; the "
        "offset is kept exactly, never dropped or converted. A value without an offset follows "
        "`x-aacl-naive-datetime`: `reject` (default, `AMBIGUOUS_VALUE`), `utc` or `keep`.",
        (Ex("2025-04-03T14:30:00Z", "2025-04-03T14:30:00Z"), Ex("2025-04-03 14:30+0200", "2025-04-03T14:30:00+02:00"),
         Ex("2025-04-03 14:30", Refused("AMBIGUOUS_VALUE")),
         Ex("2025-04-03 14:30", "2025-04-03T14:30:00+00:00", schema={**DATETIME, "x-aacl-naive-datetime": "utc"}))),
    Row("time", TIME, "`HH:MM[:SS[.ffffff]]` with an optional offset; `3pm`, `3:30 PM`, `15h30` are output as `HH:MM:SS`.",
        (Ex("3:30 PM", "15:30:00"), Ex("15h30", "15:30:00"))),
    Row("raw argument text", INT, f"`Tool.invoke(str)`: strict JSON up to {lenient.MAX_ARGUMENT_CHARS:,} characters; "
        f"otherwise (up to {lenient.MAX_LENIENT_CHARS:,} characters) a fence, prose around one object, trailing "
        "commas, single quotes, `True`/`False`/`None`, comments, double encoding. Truncated text, two values "
        "or a repeated key are a correction.",
        (Ex('{"v": "5", }', {"v": 5}, raw=True), Ex('Sure! {"v": 3}', {"v": 3}, raw=True),
         Ex('{"v": 1', Refused("TYPE_ERROR"), raw=True), Ex('{"v": 1, "v": 2}', Refused("AMBIGUOUS_VALUE"), raw=True))),
    Row("bounds", {"type": "integer", "minimum": 1, "maximum": 10}, "`minimum`, `maximum`, the exclusive bounds, "
        "`multipleOf`, `minLength`, `maxLength`, `pattern`: a violation is a correction, never clamped, "
        "rounded or cut. Missing required and unexpected fields are corrections. All problems of one call "
        "are collected into one `CorrectionError`.",
        (Ex("7", 7), Ex("11", Refused("OUT_OF_RANGE")))),
)

#: code -> (field schema, value sent): the example shown for each correction code
CODE_EXAMPLES: dict[str, tuple[dict[str, Any], Any]] = {
    "TYPE_ERROR": (INT, "5.5"),
    "INVALID_ENUM": (ENUM, "kelvin"),
    "INVALID_VALUE": ({"const": "v1"}, "v2"),
    "OUT_OF_RANGE": ({"type": "integer", "minimum": 1, "maximum": 10}, 11),
    "NOT_MULTIPLE": ({"type": "integer", "multipleOf": 5}, 7),
    "TOO_LONG": ({"type": "string", "maxLength": 3}, "abcd"),
    "TOO_SHORT": ({"type": "array", "items": S, "minItems": 2}, ["a"]),
    "PATTERN_MISMATCH": ({"type": "string", "pattern": "^[A-Z]{3}$"}, "abc"),
    "DUPLICATE_ITEMS": ({"type": "array", "items": INT, "uniqueItems": True}, [1, 1]),
    "MISSING_REQUIRED": (INT, None),
    "UNEXPECTED_FIELD": (OBJ, {"limit": 5}),
    "AMBIGUOUS_VALUE": (N, "3,5"),
    "AMBIGUOUS_DATE": (DATE, "03/04/2025"),
    "INVALID_DATE": (DATE, "2025-02-30"),
    "INVALID_FORMAT": ({"type": "string", "format": "email"}, "alice at example.com"),
    "TOO_DEEP": ({}, "nested"),  # built below: deeper than MAX_DEPTH
}

#: (constant, value, what it bounds, where it lives)
LIMITS: tuple[tuple[str, Any, str, str], ...] = (
    ("MAX_DEPTH", base.MAX_DEPTH, "nesting deeper than this is `TOO_DEEP`", "pytest_aacl._normalise._base"),
    ("MAX_PARSE_CHARS", base.MAX_PARSE_CHARS, "longer strings are never parsed as anything but strings "
     "(no JSON or Python-literal lists or objects)", "pytest_aacl._normalise._base"),
    ("MAX_SCALAR_CHARS", base.MAX_SCALAR_CHARS, "longest text still read as a number, date or boolean",
     "pytest_aacl._normalise._base"),
    ("MAX_ARGUMENT_CHARS", lenient.MAX_ARGUMENT_CHARS, "longest raw argument text `Tool.invoke(str)` reads at all",
     "pytest_aacl._normalise._lenient"),
    ("MAX_LENIENT_CHARS", lenient.MAX_LENIENT_CHARS, "longest raw argument text that is not strict JSON and is "
     "still repaired", "pytest_aacl._normalise._lenient"),
    ("PATTERN_TIMEOUT", base.PATTERN_TIMEOUT, "seconds one match of a schema's own `pattern` may take",
     "pytest_aacl._normalise._base"),
    ("CALL_BUDGET", base.CALL_BUDGET, "seconds all pattern matches of one call may take together",
     "pytest_aacl._normalise._base"),
    ("MAX_CORRECTIONS", base.MAX_CORRECTIONS, "corrections kept per call", "pytest_aacl._normalise._base"),
    ("MAX_RECEIVED_CHARS", errors.MAX_RECEIVED_CHARS, "characters of a received value echoed in a correction",
     "pytest_aacl._errors"),
    ("MAX_MESSAGE_CHARS", errors.MAX_MESSAGE_CHARS, "characters of a whole correction message",
     "pytest_aacl._errors"),
)


class ExampleError(AssertionError):
    """A row's documented outcome is not what the boundary does."""


def _tool(field_schema: dict[str, Any], required: bool) -> Any:
    schema = {"type": "object", "properties": {"v": field_schema}, "additionalProperties": False}
    if required:
        schema["required"] = ["v"]
    def tool(**kwargs: Any) -> dict[str, Any]:
        return kwargs
    return boundary(tool, schema=schema, name="tool")


def outcome(field_schema: dict[str, Any], ex: Ex) -> tuple[Any, str]:
    """(what reached the implementation or a `Refused`, the first correction line or "")."""
    tool = _tool(field_schema, ex.required)
    try:
        if ex.raw:
            result = tool.invoke(ex.sent)
            if isinstance(result, dict) and result.get("error") == "INVALID_ARGUMENTS":
                first = result["corrections"][0]
                return Refused(first["code"]), result["message"].splitlines()[1]
            return result, ""
        got = tool.normalise({"v": ex.sent})
    except CorrectionError as error:
        return Refused(error.codes[0]), str(error).splitlines()[1]
    return (got["v"] if "v" in got else DROPPED), ""


def _shown(value: Any) -> str:
    if value is DROPPED:
        return "*key dropped*"
    if isinstance(value, Refused):
        return f"`{value.code}`"
    return json_code(value)


def _example(row: Row, ex: Ex) -> str:
    got, _line = outcome(ex.schema or row.schema, ex)
    if got != ex.expect or type(got) is not type(ex.expect):
        raise ExampleError(f"normalisation row {row.kind!r}: {ex.sent!r} gives {_shown(got)}, "
                           f"the page promises {_shown(ex.expect)}")
    note = f" (schema {json_code(ex.schema)})" if ex.schema else ""
    note += " (optional)" if not ex.required else ""
    sent = _md.code(ex.sent) if ex.raw else json_code(ex.sent)  # raw text is shown as the text itself
    return f"{sent} → {_shown(got)}{note}"


def kinds_table() -> str:
    lines = ["| kind | schema | accepts | examples: sent → reaches the tool |", "|---|---|---|---|"]
    for row in ROWS:
        examples = "<br>".join(_example(row, ex) for ex in row.examples)
        lines.append(f"| {row.kind} | {json_code(row.schema)} | {row.accepts} | {examples} |")
    return "\n".join(lines)


def limits_table() -> str:
    return _md.limits_table(LIMITS)


def _code_example(code: str) -> tuple[dict[str, Any], Any]:
    schema, sent = CODE_EXAMPLES[code]
    if code == "TOO_DEEP":
        for _ in range(base.MAX_DEPTH + 1):
            sent = [sent]
    return schema, sent


def codes_table() -> str:
    missing = sorted(set(CODES) - set(CODE_EXAMPLES))
    stale = sorted(set(CODE_EXAMPLES) - set(CODES))
    if missing or stale:
        raise ExampleError(f"correction codes without an example in docs/_gen/normalisation.py: {missing}; "
                           f"examples of codes that do not exist: {stale}")
    lines = ["| code | means | example: schema, sent | the correction line |", "|---|---|---|---|"]
    for code, meaning in CODES.items():
        schema, sent = _code_example(code)
        got, line = outcome(schema, Ex(sent, Refused(code)))
        if got != Refused(code):
            raise ExampleError(f"the example of {code} gives {_shown(got)}")
        shown = f"{json_code(schema)}, {json_code(sent)}" if code != "TOO_DEEP" else (
            f"{json_code(schema)}, a list nested {base.MAX_DEPTH + 1} deep")
        line = line if len(line) <= 160 else line[:159] + "…"
        lines.append(f"| `{code}` | {meaning} | {shown} | {_md.code(line)} |")
    return "\n".join(lines)


SECTIONS = {
    "normalisation-kinds": kinds_table,
    "normalisation-limits": limits_table,
    "correction-codes": codes_table,
}
