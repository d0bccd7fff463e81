"""The vcrpy cassette format as a JSON Schema: every defect of a cassette, one line each.

vcrpy itself checks almost nothing: ``status: {code: abc}`` replays and the client sees a
string status, ``body: {string: 5}`` fails deep inside with an ``AttributeError``,
``version: 99`` is accepted.  A cassette is validated when it is loaded, against the
format vcrpy writes (version 1) plus what other recorders write that we accept
(pydantic-ai's ``parsed_body``, ``!!binary`` values, pytest-aacl's optional top-level
``aacl:`` provenance mapping).  Each defect becomes one line naming the interaction number
and the field, e.g. ``interaction 3: response.status.code: 'abc' is not an integer``.
Checks the schema cannot express are here too: a compressed response body that does not
decode (a replayed client would fail on it) and a ``!!binary`` value that is not base64.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Iterator
from typing import Any

import yaml

from ._decode import CorruptBody, UndecodableBody, decode, encodings

VERSION = 1
_TEXT = {"type": ["string", "null"]}  # "string" includes bytes (!!binary), see _validator
_HEADERS = {"type": ["object", "null"], "additionalProperties": {
    "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}}
SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["interactions", "version"],
    "properties": {
        "version": {"const": VERSION},
        "interactions": {"type": "array", "items": {"$ref": "#/$defs/interaction"}},
        "aacl": {"type": "object", "properties": {"provenance": {
            "type": "object", "required": ["kind"],
            "properties": {"kind": {"enum": ["recorded", "synthetic"]}}}}},
    },
    "$defs": {
        "interaction": {
            "type": "object", "required": ["request", "response"],
            "properties": {"request": {"$ref": "#/$defs/request"},
                           "response": {"$ref": "#/$defs/response"}},
        },
        "request": {
            "type": "object", "required": ["method", "uri"],
            "properties": {"method": {"type": "string", "minLength": 1},
                           "uri": {"type": "string", "minLength": 1},
                           "headers": _HEADERS, "body": _TEXT},
        },
        "response": {
            "type": "object", "required": ["status"],
            "properties": {
                "status": {"type": "object", "required": ["code"], "properties": {
                    "code": {"type": "integer", "minimum": 100, "maximum": 599},
                    "message": _TEXT}},
                "headers": _HEADERS,
                "body": {"anyOf": [
                    {"type": "object", "required": ["string"], "properties": {"string": _TEXT}},
                    _TEXT]},
            },
        },
    },
}
_KINDS = {"integer": "an integer", "string": "text", "object": "a mapping", "array": "a list",
          "null": "null", "number": "a number", "boolean": "a boolean"}


def _validator() -> Any:
    from jsonschema import Draft202012Validator, validators

    checker = Draft202012Validator.TYPE_CHECKER.redefine(
        "string", lambda _checker, value: isinstance(value, (str, bytes)))
    return validators.extend(Draft202012Validator, type_checker=checker)(SCHEMA)


def _where(path: list[Any]) -> str:
    """``interaction 3: response.status.code`` from a JSON path into the cassette."""
    if len(path) >= 2 and path[0] == "interactions" and isinstance(path[1], int):
        fields = ".".join(str(p) for p in path[2:])
        return f"interaction {path[1]}" + (f": {fields}" if fields else "")
    return ".".join(str(p) for p in path) or "the top level"


def _kind(expected: Any) -> str:
    names = expected if isinstance(expected, list) else [expected]
    return " or ".join(_KINDS.get(n, n) for n in names)


def _line(error: Any) -> str:
    path = list(error.absolute_path)
    value = error.instance
    shown = repr(value) if len(repr(value)) <= 60 else repr(value)[:57] + "..."
    if error.validator == "required":
        missing = error.message.split("'")[1] if error.message.count("'") >= 2 else "?"
        return f"{_where([*path, missing])}: missing"
    if error.validator == "type":
        return f"{_where(path)}: {shown} is not {_kind(error.validator_value)}"
    if error.validator == "const" and path == ["version"]:
        return (f"version: {shown} is not a vcrpy cassette format version this plugin reads "
                f"(vcrpy writes {VERSION})")
    if error.validator in ("minimum", "maximum") and path[-1:] == ["code"]:
        return f"{_where(path)}: {shown} is not an HTTP status code (100-599)"
    if error.validator == "anyOf" and path[-1:] == ["body"]:
        inner = value.get("string") if isinstance(value, dict) else value
        return f"{_where([*path, 'string'] if isinstance(value, dict) else path)}: {inner!r:.60} is not text"
    if error.validator == "minLength":
        return f"{_where(path)}: empty"
    return f"{_where(path)}: {error.message}"


def defects(data: Any) -> list[str]:
    """Every defect of a loaded cassette (after YAML, before normalising), one line each."""
    if not isinstance(data, dict):
        return [f"the top level is {_kind(_json_type(data))}, not a mapping with 'interactions' "
                "and 'version'"]
    errors = sorted(_validator().iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path])
    found = [_line(e) for e in errors]
    if isinstance(data.get("interactions"), list):
        found.extend(_undecodable(data["interactions"]))
    return found


def _json_type(value: Any) -> str:
    return {list: "array", str: "string", int: "integer", float: "number", bool: "boolean",
            type(None): "null"}.get(type(value), type(value).__name__)


def _undecodable(interactions: list[Any]) -> Iterator[str]:
    """Compressed response bodies that do not decode: a replay would hand them to a client."""
    for number, interaction in enumerate(interactions):
        response = interaction.get("response") if isinstance(interaction, dict) else None
        if not isinstance(response, dict) or not isinstance(response.get("headers"), dict):
            continue
        body = response.get("body")
        raw = body.get("string") if isinstance(body, dict) else body
        codings = encodings(response["headers"])
        if not raw or not codings or not isinstance(raw, (str, bytes)):
            continue
        try:
            decode(raw.encode("utf-8") if isinstance(raw, str) else raw, codings)
        except CorruptBody as exc:
            yield f"interaction {number}: response.body.string: {exc}"
        except UndecodableBody:
            continue  # an encoding this machine cannot decode (brotli not installed): not a defect


def binary_defects(root: yaml.Node) -> list[str]:
    """``!!binary`` values that are not base64, found on the composed YAML (before PyYAML's
    constructor fails on the first one with a message that names no field)."""
    found: list[str] = []
    stack: list[tuple[yaml.Node, list[Any]]] = [(root, [])]
    while stack:
        node, path = stack.pop()
        if isinstance(node, yaml.ScalarNode):
            if node.tag == "tag:yaml.org,2002:binary":
                try:
                    base64.b64decode("".join(node.value.split()).encode("ascii"), validate=True)
                except (binascii.Error, ValueError, UnicodeEncodeError):
                    found.append(f"{_where(path)}: a !!binary value that is not base64 "
                                 f"(line {node.start_mark.line + 1})")
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((child, [*path, index]) for index, child in enumerate(node.value))
        elif isinstance(node, yaml.MappingNode):
            stack.extend((value, [*path, key.value if isinstance(key, yaml.ScalarNode) else "?"])
                         for key, value in node.value)
    return sorted(found)
