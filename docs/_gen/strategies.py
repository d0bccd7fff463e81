"""docs/reference/families.md: every family, mutation kind and hostile payload kind, each with
an example the strategies produced for one showcase schema.

The lists come from the registries (`FAMILIES`, `MUTATIONS`, the payload tables); the
examples from `coverage()`.  A registered name that the showcase schema cannot show, or a
name coverage produces that no registry lists, raises: add a field to `SHOWCASE` (or the
name to its registry).
"""

from __future__ import annotations

from typing import Any

from pytest_aacl.strategies import FAMILIES, coverage
from pytest_aacl.strategies._adversarial import JSON_PAYLOADS, PYTHON_PAYLOADS
from pytest_aacl.strategies._mutation_kinds import MUTATIONS
from pytest_aacl.strategies._records import ABSENT

from ._md import cell, code, json_code

#: one tool whose fields between them admit every family and every mutation kind
SHOWCASE: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["query", "max_results"],
    "properties": {
        "query": {"type": "string", "minLength": 1, "maxLength": 200},
        "max_results": {"type": "integer", "minimum": 1, "maximum": 5000},
        "threshold": {"type": "number", "description": "How sure a result must be, from 0 to 1."},
        "amount": {"type": "number"},
        "safe_search": {"type": "boolean"},
        "unit": {"enum": ["celsius", "fahrenheit"], "x-aacl-synonyms": {"celsius": ["centigrade"]}},
        "priority": {"enum": [1, 2, 3]},
        "zip_code": {"type": "string", "pattern": "^[0-9]{5}$"},
        "email": {"type": "string", "format": "email"},
        "note": {"type": ["string", "null"]},
        "window": {"type": "string", "description": "How far back to look, e.g. 'now-1h'"},
        "include_domains": {"type": "array", "items": {"type": "string", "format": "hostname"},
                            "minItems": 1, "maxItems": 5},
        "cities": {"type": "array", "items": {"type": "string"}},
        "filters": {"type": "object", "additionalProperties": False,
                    "properties": {"min_score": {"type": "integer"}}},
        "start_date": {"type": "string", "format": "date"},
        "end_date": {"type": "string", "format": "date"},
        "created_at": {"type": "string", "format": "date-time"},
        "updated_at": {"type": "string", "format": "date-time", "x-aacl-naive-datetime": "utc"},
        "alarm": {"type": "string", "format": "time"},
        "request_id": {"type": "string", "format": "uuid"},
        "theme": {"enum": ["dark_mode", "light_mode"]},
        "row_ids": {"type": "array", "items": {"type": "integer"}, "uniqueItems": True},
    },
}


class ShowcaseError(AssertionError):
    """The registries and what the strategies produce disagree."""


def _value(value: Any) -> str:
    return "*absent*" if value is ABSENT else json_code(value, 70)


def _first_by(records: list[Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for record in records:
        label = record.labels[0]
        out.setdefault(label.family, label)
    return out


def _shown(kind: str, registry: Any, what: str) -> dict[str, Any]:
    """The first coverage label of each name, after checking the registry lists exactly those."""
    shown = _first_by(coverage(kind, SHOWCASE))
    unknown = sorted(set(shown) - set(registry))
    missing = [name for name in registry if name not in shown]
    if unknown or missing:
        raise ShowcaseError(f"{what} that coverage produces but the registry lacks: {unknown}; {what} the "
                            f"showcase schema in docs/_gen/strategies.py cannot show: {missing}")
    return shown


def families_table() -> str:
    shown = _shown("hallucinated", FAMILIES, "families")
    lines = ["| family | member | what the model does | example: field: intended → sent |", "|---|---|---|---|"]
    for name, what in FAMILIES.items():
        label = shown[name]
        ambiguous = " (ambiguous: a correction is as good)" if label.ambiguous else ""
        lines.append(f"| `{name}` | `Family.{name.name}` | {cell(what)} | "
                     f"`{label.path}`: {_value(label.original)} → {_value(label.rendered)}{ambiguous} |")
    return "\n".join(lines)


def mutations_table() -> str:
    shown = _shown("invalid", MUTATIONS, "mutation kinds")
    lines = ["| mutation kind | what is sent | example: field: valid → sent |", "|---|---|---|"]
    for kind, what in MUTATIONS.items():
        label = shown[kind]
        lines.append(f"| `{kind}` | {what} | `{label.path}`: {_value(label.original)} → {_value(label.rendered)} |")
    return "\n".join(lines)


def _describe(value: Any) -> str:
    """A short, true description of a payload (some are a megabyte; some raise on repr)."""
    kind = type(value)
    if kind is int and value.bit_length() > 200:
        return f"an integer of about {int(value.bit_length() * 0.30103):,} digits"
    if kind is str and len(value) > 60:
        chars = sorted(set(value))
        if len(chars) == 1:
            return f"{code(repr(chars[0]))} repeated {len(value):,} times"
        return f"{code(repr(value[:30]) + '…')} ({len(value):,} characters)"
    if kind in (list, dict):
        depth, inner = 0, value
        while type(inner) in (list, dict) and len(inner) == 1:
            inner = inner[0] if type(inner) is list else next(iter(inner.values()))
            depth += 1
        if depth > 5:
            return f"a {kind.__name__} nested {depth:,} deep"
        if len(value) > 20:
            return f"a {kind.__name__} of {len(value):,} items"
    try:
        text = repr(value)
    except Exception:
        return f"a `{kind.__name__}` whose methods raise"
    return code(text if len(text) <= 60 else text[:59] + "…")


def payloads_table() -> str:
    shown = _first_by(coverage("adversarial", SHOWCASE, python_objects=True))
    lines = ["| payload kind | domain | example value |", "|---|---|---|"]
    seen: set[str] = set()
    for domain, table in (("JSON", JSON_PAYLOADS), ("`python_objects=True`", PYTHON_PAYLOADS)):
        for kind, factory in table:
            if kind in seen:
                continue
            seen.add(kind)
            if kind not in shown:
                raise ShowcaseError(f"adversarial payload kind {kind!r} is never planted in the showcase schema")
            lines.append(f"| `{kind}` | {domain} | {_describe(factory())} |")
    return "\n".join(lines)


SECTIONS = {
    "families": families_table,
    "mutation-kinds": mutations_table,
    "payload-kinds": payloads_table,
}
