# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from mcp-atlassian 0.23.1 (PyPI), file mcp_atlassian/servers/jira.py:
`_parse_additional_fields`, `_parse_request_field_values`, `_parse_request_participants`,
`_parse_attachments`.  MIT License, Copyright (c) 2024 Hyeonsoo Lee
(sooperset/mcp-atlassian); the licence's permission notice applies to them.  Verbatim;
nothing else of the file is used.

The wrapper `create_customer_request` and its implementation layer are ours, shaped like the
package's `create_customer_request` tool (same argument names, types and defaults; its `ctx`
and the write-access decorator left out): pydantic validates the arguments against the
signature, as FastMCP does, then the three vendored parsers run, then the implementation
(where the package calls `jira.create_customer_request`) receives the parsed values.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import validate_call

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "service_desk_id": {"type": "string", "description": "Service desk ID (e.g., '4')"},
        "request_type_id": {"type": "string", "description": "Request type ID (e.g., '23')"},
        "request_field_values": {
            "type": "string",
            "description": (
                "JSON string of request field values keyed by field ID. Examples:\n"
                '- Summary and description: {"summary": "Access issue", "description": "Cannot log in"}\n'
                '- Multi-value field: {"customfield_10001": ["alice", "bob"]}'
            ),
        },
        "raise_on_behalf_of": {
            "type": ["string", "null"], "default": None,
            "description": "(Optional) Jira user identifier for raiseOnBehalfOf.",
        },
        "request_participants": {
            "type": ["string", "null"], "default": None,
            "description": (
                "(Optional) JSON array string or comma-separated list of request participants. "
                'Examples: ["user1","user2"] or "user1,user2"'
            ),
        },
        "attachments": {
            "type": ["string", "null"], "default": None,
            "description": (
                "(Optional) JSON array string of files to attach to the created request. "
                "Each object must contain 'filename', 'mime_type', and base64-encoded 'base64' content. "
                'Example: [{"filename": "log.txt", "mime_type": "text/plain", "base64": "aGVsbG8="}]'
            ),
        },
        "strict_on_behalf": {
            "type": "boolean", "default": False,
            "description": "If true, fail immediately when raiseOnBehalfOf cannot be applied.",
        },
    },
    "required": ["service_desk_id", "request_type_id", "request_field_values"],
}
EXAMPLE: dict[str, Any] = {
    "service_desk_id": "4",
    "request_type_id": "23",
    "request_field_values": '{"summary": "Access issue", "description": "Cannot log in"}',
    "request_participants": "alice, bob",
    "attachments": '[{"filename": "log.txt", "mime_type": "text/plain", "base64": "aGVsbG8="}]',
    "strict_on_behalf": False,
}


def _parse_additional_fields(
    additional_fields: dict[str, Any] | str | None,
) -> dict[str, Any]:
    """Parse additional_fields from dict or JSON string.

    Args:
        additional_fields: Dict, JSON string, or None.

    Returns:
        Parsed dict of additional fields.

    Raises:
        ValueError: If the input is not valid JSON or not a dict.
    """
    if additional_fields is None:
        return {}
    if isinstance(additional_fields, dict):
        return additional_fields
    if isinstance(additional_fields, str):
        try:
            parsed = json.loads(additional_fields)
            if not isinstance(parsed, dict):
                raise ValueError(
                    "Parsed additional_fields is not a JSON object (dict)."
                )
            return parsed
        except json.JSONDecodeError as e:
            raise ValueError(f"additional_fields is not valid JSON: {e}") from e
    raise ValueError("additional_fields must be a dictionary or JSON string.")


def _parse_request_field_values(
    request_field_values: dict[str, Any] | str,
) -> dict[str, Any]:
    """Parse request_field_values from dict or JSON string."""
    try:
        return _parse_additional_fields(request_field_values)
    except ValueError as e:
        msg = f"request_field_values is not valid JSON: {e}"
        raise ValueError(msg) from e


def _parse_request_participants(
    request_participants: str | list[str] | None,
) -> list[str] | None:
    """Parse request participants from a JSON array string or comma-separated list."""
    if request_participants is None:
        return None
    if isinstance(request_participants, list):
        return [
            str(value).strip() for value in request_participants if str(value).strip()
        ]
    if isinstance(request_participants, str):
        stripped = request_participants.strip()
        if not stripped:
            return None
        try:
            parsed = json.loads(stripped)
            if not isinstance(parsed, list):
                raise ValueError("request_participants JSON string must be an array.")
            return [str(value).strip() for value in parsed if str(value).strip()]
        except json.JSONDecodeError:
            return [value.strip() for value in stripped.split(",") if value.strip()]

    raise ValueError(
        "request_participants must be a JSON array string, a list of strings, or None."
    )


def _parse_attachments(
    attachments: str | list[dict[str, Any]] | None,
) -> list[dict[str, Any]] | None:
    """Parse customer request attachments from a JSON array string or list.

    Each attachment must be an object with ``filename``, ``mime_type`` and
    base64-encoded ``base64`` content.
    """
    if attachments is None:
        return None
    if isinstance(attachments, str):
        stripped = attachments.strip()
        if not stripped:
            return None
        try:
            parsed = json.loads(stripped)
        except json.JSONDecodeError as e:
            msg = f"attachments is not valid JSON: {e}"
            raise ValueError(msg) from e
    else:
        parsed = attachments

    if not isinstance(parsed, list):
        raise ValueError("attachments must be a JSON array of attachment objects.")
    if not all(isinstance(item, dict) for item in parsed):
        raise ValueError("attachments must be a JSON array of attachment objects.")
    return parsed


def create_customer_request_impl(service_desk_id: str, request_type_id: str, request_field_values: dict[str, Any],
                                 raise_on_behalf_of: str | None, request_participants: list[str] | None,
                                 attachments: list[dict[str, Any]] | None, strict_on_behalf: bool) -> dict[str, Any]:
    """The implementation layer (ours): where the package calls `jira.create_customer_request`."""
    return {"service_desk_id": service_desk_id, "request_type_id": request_type_id,
            "request_field_values": request_field_values, "raise_on_behalf_of": raise_on_behalf_of,
            "request_participants": request_participants, "attachments": attachments,
            "strict_on_behalf": strict_on_behalf}


@validate_call
def create_customer_request(service_desk_id: str, request_type_id: str, request_field_values: str,
                            raise_on_behalf_of: str | None = None, request_participants: str | None = None,
                            attachments: str | None = None, strict_on_behalf: bool = False) -> dict[str, Any]:
    """The interface layer (ours): the package's tool body, the Jira call replaced by the implementation."""
    parsed_field_values = _parse_request_field_values(request_field_values)
    parsed_request_participants = _parse_request_participants(request_participants)
    parsed_attachments = _parse_attachments(attachments)

    return create_customer_request_impl(
        service_desk_id=service_desk_id,
        request_type_id=request_type_id,
        request_field_values=parsed_field_values,
        raise_on_behalf_of=raise_on_behalf_of,
        request_participants=parsed_request_participants,
        attachments=parsed_attachments,
        strict_on_behalf=strict_on_behalf,
    )
