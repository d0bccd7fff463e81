"""docs/reference/schema-keywords.md: which keywords the boundary enforces, ignores or refuses,
from the compiler's own keyword tables; each refusal is the real `SpecError`."""

from __future__ import annotations

from typing import Any

from pytest_aacl import SpecError, boundary
from pytest_aacl._normalise import _compile as compiler
from pytest_aacl._normalise import _keywords as keywords
from pytest_aacl._normalise._scalars import FORMAT_CHECKS

#: a value the meta-schema accepts for each refused keyword (others get `{}`)
_VALUES: dict[str, Any] = {"minContains": 1, "maxContains": 1, "$dynamicRef": "#a", "$recursiveRef": "#",
                           "dependencies": {"a": {"required": ["b"]}}}


#: draft-07 keywords the importer rewrites to their 2020-12 form before the compiler sees them
_REWRITTEN = {"additionalItems": "not refused: the importer rewrites draft-07 `additionalItems` to 2020-12 `items` "
                                 "(and drops it where it has no effect)"}


def _names(names: Any) -> str:
    return ", ".join(f"`{n}`" for n in sorted(names, key=str.casefold))


def enforced_table() -> str:
    rows = [
        ("any value", {"type"} | compiler._APPLICATORS),
        ("strings", keywords.STRING_KEYWORDS),
        ("numbers", keywords.NUMBER_KEYWORDS),
        ("arrays", keywords.ARRAY_KEYWORDS),
        ("objects", keywords.OBJECT_KEYWORDS),
    ]
    lines = ["| applies to | enforced keywords |", "|---|---|"]
    lines += [f"| {what} | {_names(names)} |" for what, names in rows]
    lines.append(f"| (annotations, never enforced) | {_names(compiler._ANNOTATIONS - {'format'})} |")
    asserted = {"date", "date-time", "time"} | set(FORMAT_CHECKS)
    lines += ["", f"`format` is an assertion for {_names(asserted)}, and an annotation for any other format."]
    return "\n".join(lines)


def _refusal(keyword: str) -> str:
    schema = {"type": "object", "properties": {"v": {keyword: _VALUES.get(keyword, {})}}}
    try:
        boundary(lambda v=None: v, schema=schema, name="t")
    except SpecError as error:
        return f"`{error.pointer}`: {str(error).split(': ', 1)[1]}"
    if keyword in _REWRITTEN:
        return _REWRITTEN[keyword]
    raise AssertionError(f"{keyword!r} is listed as refused but a tool using it was built")


def refused_table() -> str:
    lines = ["| keyword | the SpecError for `{\"properties\": {\"v\": {keyword: ...}}}` (pointer: message) |", "|---|---|"]
    for keyword in compiler._UNSUPPORTED:
        lines.append(f"| `{keyword}` | {_refusal(keyword).replace('|', chr(92) + '|')} |")
    return "\n".join(lines)


SECTIONS = {"enforced-keywords": enforced_table, "refused-keywords": refused_table}
