"""Docstrings -> tool and parameter descriptions (Google, NumPy and Sphinx styles).

A model chooses arguments from these descriptions, so the words a developer already wrote
next to the code are carried into the schema instead of being typed twice.
"""

from __future__ import annotations

import inspect
import re
from typing import Any

__all__ = ["documented", "parse_docstring"]

_GOOGLE = re.compile(
    r"^(?:args|arguments|parameters|params|keyword args|keyword arguments|attributes|"
    r"other parameters)\s*:\s*$", re.IGNORECASE)
_GOOGLE_ANY = re.compile(r"^[A-Z][A-Za-z ]*:\s*$")
_GOOGLE_ENTRY = re.compile(r"^\*{0,2}(\w+)\s*(?:\([^)]*\))?\s*:\s*(.*)$")
_NUMPY = re.compile(r"^(?:parameters|other parameters|attributes)$", re.IGNORECASE)
_NUMPY_ENTRY = re.compile(r"^\*{0,2}(\w+)\s*(?::.*)?$")
_SPHINX = re.compile(r"^:(?:param|parameter|arg|argument|key|keyword)\s+(?:[^:]*\s)?\*{0,2}(\w+)\s*:\s*(.*)$")
_SPHINX_ANY = re.compile(r"^:\w+")


def parse_docstring(doc: str | None) -> tuple[str, dict[str, str]]:
    """`(summary, {parameter: description})`; missing parts are empty, never an error."""
    if not doc:
        return "", {}
    lines = inspect.cleandoc(doc).splitlines()
    params: dict[str, str] = {}
    _google(lines, params)
    _numpy(lines, params)
    _sphinx(lines, params)
    return _summary(lines), params


def _summary(lines: list[str]) -> str:
    head: list[str] = []
    for line in lines:
        text = line.strip()
        if not text or _GOOGLE_ANY.match(text) or _SPHINX_ANY.match(text):
            break
        head.append(text)
    if len(head) >= 2 and set(lines[len(head) - 1].strip()) == {"-"}:
        head = head[:-2]  # the paragraph ran into a NumPy section title
    return " ".join(head)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _google(lines: list[str], params: dict[str, str]) -> None:
    i = 0
    while i < len(lines):
        if not _GOOGLE.match(lines[i].strip()):
            i += 1
            continue
        base = _indent(lines[i])
        i += 1
        entry_indent: int | None = None
        current: str | None = None
        while i < len(lines):
            line = lines[i]
            if line.strip() and _indent(line) <= base:
                break
            if line.strip():
                if entry_indent is None:
                    entry_indent = _indent(line)
                match = _GOOGLE_ENTRY.match(line.strip()) if _indent(line) == entry_indent else None
                if match:
                    current = match.group(1)
                    params[current] = match.group(2).strip()
                elif current:
                    params[current] = (params[current] + " " + line.strip()).strip()
            i += 1


def _numpy(lines: list[str], params: dict[str, str]) -> None:
    for i, line in enumerate(lines[:-1]):
        underline = lines[i + 1].strip()
        if not (_NUMPY.match(line.strip()) and underline and set(underline) == {"-"}):
            continue
        base = _indent(line)
        current: str | None = None
        for j in range(i + 2, len(lines)):
            text = lines[j].strip()
            nxt = lines[j + 1].strip() if j + 1 < len(lines) else ""
            if text and nxt and set(nxt) == {"-"}:
                break  # the next section's title
            if not text:
                continue
            if _indent(lines[j]) <= base:
                match = _NUMPY_ENTRY.match(text)
                current = match.group(1) if match else None
                if current:
                    params.setdefault(current, "")
            elif current:
                params[current] = (params[current] + " " + text).strip()


def _sphinx(lines: list[str], params: dict[str, str]) -> None:
    current: str | None = None
    for line in lines:
        text = line.strip()
        match = _SPHINX.match(text)
        if match:
            current = match.group(1)
            params[current] = match.group(2).strip()
        elif _SPHINX_ANY.match(text) or not text:
            current = None
        elif current and _indent(line) > 0:
            params[current] = (params[current] + " " + text).strip()


def documented(parameters: dict[str, Any], description: str) -> dict[str, Any]:
    """`parameters` with each top-level property that has no description given the one the
    tool's description writes for it ("Args: limit: at most 100", ":param limit:", or a line
    "limit: at most 100").  FastMCP puts a function's whole docstring in the tool's
    description and none of it in the properties: the rules a model reads ("JSON array of
    [lon, lat] pairs", "one of driving, walking") were invisible to the fuzzer."""
    props = parameters.get("properties")
    if not description or not isinstance(props, dict):
        return parameters
    parameters = _called_examples(parameters, description)
    props = parameters["properties"]
    missing = [k for k, v in props.items() if isinstance(v, dict) and not v.get("description")]
    if not missing:
        return parameters
    _, docs = parse_docstring(description)
    lines = inspect.cleandoc(description).splitlines()
    found: dict[str, str] = {}
    for name in missing:
        text = docs.get(name, "").strip() or _plain_entry(lines, name) or _sentences_naming(description, name)
        if text:
            found[name] = text
    if not found:
        return parameters
    return {**parameters, "properties": {k: ({**v, "description": found[k]} if k in found else v) for k, v in props.items()}}


def _plain_entry(lines: list[str], name: str) -> str:
    """The text after `name:` (or `- name:`, `` `name` -- ``) at the start of a line, with the
    lines indented under it."""
    entry = re.compile(rf"^([-*•]\s*)?`?{re.escape(name)}`?\s*(?:\([^)]*\))?\s*(?::|--|—|-)\s+(\S.*)$")
    for i, line in enumerate(lines):
        match = entry.match(line.strip())
        if not match:
            continue
        text, base = match.group(2).strip(), _indent(line)
        for more in lines[i + 1:]:
            if not more.strip() or _indent(more) <= base:
                break
            text += " " + more.strip()
        return text
    return ""


def _sentences_naming(description: str, name: str) -> str:
    """The sentences of a prose description that name `name` in backticks ("`rrule` is a raw
    RRULE body, e.g. "FREQ=WEEKLY;COUNT=12"": cal-scheduler-mcp documents it only so)."""
    text = " ".join(description.split())
    sentences = re.split(r"(?<=[.!?])\s+(?=[A-Z`(])", text)
    return " ".join(s for s in sentences if f"`{name}`" in s)[:500]


#: `name='value'`, `name="value"`, `name=5`, `name=true` as a description writes an example call
_ASSIGNED = r"(?<![\w.]){name}\s*=\s*(?:'([^'\n]{{0,200}})'|\"([^\"\n]{{0,200}})\"|(-?\d+(?:\.\d+)?)(?![\w.])|(true|false|True|False)\b)"


def _called_examples(parameters: dict[str, Any], description: str) -> dict[str, Any]:
    """Each property given, as `examples`, the values an example call in the tool's description
    assigns it ("value='#ff0000' source='hex' target='rgb' -> 'rgb(255, 0, 0)'"): the base call
    is built from them.  Trial 12: color-mcp-server's convert tool wrote its examples so, the
    fuzzer sent 'example' as the source format, and 190 of 190 calls were refused."""
    props = parameters["properties"]
    found: dict[str, list[Any]] = {}
    for name, prop in props.items():
        if not isinstance(prop, dict) or not isinstance(name, str) or not name.isidentifier():
            continue
        kind = prop.get("type")
        for match in re.finditer(_ASSIGNED.format(name=re.escape(name)), description):
            single, double, number, boolean = match.groups()
            text = single if single is not None else double
            if text is not None and kind in (None, "string"):
                value: Any = text
            elif number is not None and kind in ("integer", "number"):
                value = float(number) if kind == "number" or "." in number else int(number)
                if kind == "integer" and isinstance(value, float):
                    continue
            elif boolean is not None and kind == "boolean":
                value = boolean.lower() == "true"
            else:
                continue
            found.setdefault(name, [])
            if value not in found[name]:
                found[name].append(value)
    if not found:
        return parameters
    out = {}
    for name, prop in props.items():
        if name in found:
            given = prop.get("examples") if isinstance(prop.get("examples"), list) else []
            prop = {**prop, "examples": [*given, *(v for v in found[name] if v not in given)]}
        out[name] = prop
    return {**parameters, "properties": out}
