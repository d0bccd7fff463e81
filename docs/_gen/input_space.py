"""docs/reference/input-space.md: the input-space model (`strategies/_space.py`), per type.

Each class with what it is and what the oracle expects; canonical classes with the values
the coverage phase sends (for a plain field of that type), renderings and invalid classes
with the family or mutation kind that carries them in labels.  The counts per type come
from the same table, so the page cannot claim a class the code does not have.
"""

from __future__ import annotations

from collections import Counter

from pytest_aacl.strategies._canonical import validator
from pytest_aacl.strategies._schema import build
from pytest_aacl.strategies._space import CATALOGUE, canonical_values

from ._md import cell, json_code

#: a plain field schema per catalogue type, to show the canonical values it gets
_FIELDS = {
    "integer": {"type": "integer", "minimum": 1, "maximum": 100},
    "number": {"type": "number", "minimum": 0, "exclusiveMaximum": 100},
    "boolean": {"type": "boolean"},
    "string": {"type": "string", "minLength": 2, "maxLength": 8},
    "enum": {"enum": ["celsius", "fahrenheit"]},
    "date": {"type": "string", "format": "date"},
    "time": {"type": "string", "format": "time"},
    "date-time": {"type": "string", "format": "date-time"},
    "email": {"type": "string", "format": "email"},
    "uri": {"type": "string", "format": "uri"},
    "hostname": {"type": "string", "format": "hostname"},
    "uuid": {"type": "string", "format": "uuid"},
    "ipv4": {"type": "string", "format": "ipv4"},
    "ipv6": {"type": "string", "format": "ipv6"},
    "array": {"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 4},
    "object": {"type": "object"},
}
_BASES = {"array": ["python", "testing"]}
_EXPECT = {"canonical": "must arrive unchanged", "rendering": "must arrive as the value meant, or be refused",
           "invalid": "must be refused"}


def _examples(type_: str) -> dict[str, list[object]]:
    schema = _FIELDS.get(type_)
    if schema is None:
        raise AssertionError(f"catalogue type {type_!r} has no example field in docs/_gen/input_space.py")
    out: dict[str, list[object]] = {}
    node = build(schema)
    valid = validator(node).is_valid  # what coverage sends: only values the field allows
    for cls, value in canonical_values(node, _BASES.get(type_)):
        if valid(value):
            out.setdefault(cls.name, []).append(value)
    return out


def counts_table() -> str:
    per = Counter((c.type, c.expect) for c in CATALOGUE)
    types = list(dict.fromkeys(c.type for c in CATALOGUE))
    lines = ["| type | canonical | rendering | invalid | classes |", "|---|---|---|---|---|"]
    for t in types:
        row = [per[(t, e)] for e in ("canonical", "rendering", "invalid")]
        lines.append(f"| {t} | {row[0]} | {row[1]} | {row[2]} | {sum(row)} |")
    total = [sum(per[(t, e)] for t in types) for e in ("canonical", "rendering", "invalid")]
    lines.append(f"| **all** | {total[0]} | {total[1]} | {total[2]} | {sum(total)} |")
    return "\n".join(lines)


def classes_table() -> str:
    lines: list[str] = []
    for type_ in dict.fromkeys(c.type for c in CATALOGUE):
        examples = _examples(type_)
        lines += [f"### {type_}", "", f"Example field: {json_code(_FIELDS[type_])}", "",
                  "| class | expect | what it is | sent for the example field |", "|---|---|---|---|"]
        for cls in (c for c in CATALOGUE if c.type == type_):
            if cls.expect == "canonical":
                shown = ", ".join(json_code(v, 40) for v in examples.get(cls.name, [])[:4]) or "(not for this field)"
            else:
                shown = f"family `{cls.label}`" if cls.expect == "rendering" else f"mutation kind `{cls.label}`"
            lines.append(f"| `{cls.name}` | {cls.expect}: {_EXPECT[cls.expect]} | {cell(cls.describe())} | {shown} |")
        lines.append("")
    return "\n".join(lines)


SECTIONS = {"input-space-counts": counts_table, "input-space-classes": classes_table}
