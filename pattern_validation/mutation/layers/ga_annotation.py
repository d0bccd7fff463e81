# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from analytics-mcp 0.8.0 (PyPI), file analytics_mcp/tools/utils.py:
`construct_property_rn`; and file analytics_mcp/tools/admin/info.py: the annotation
constants, `_parse_annotation_date`, and the argument checks of `create_property_annotation`.
Apache License 2.0, Copyright 2025 Google LLC (googleanalytics/google-analytics-mcp); see
http://www.apache.org/licenses/LICENSE-2.0.  Changes: `_VALID_ANNOTATION_COLORS`, which the
package computes from the `admin_v1alpha.ReportingDataAnnotation.Color` proto enum (every
member but COLOR_UNSPECIFIED and ORANGE), is written out as the tuple it evaluates to;
`date_pb2.Date` (google.type) is a local stand-in building a dict; in
`create_property_annotation` the proto request building and the API call are replaced by the
implementation layer, which receives what the package would put in the request (the parent
resource name, the stripped title, the colour name, the description, the dates in ISO form).
The checks themselves are verbatim and in the package's order.

The implementation layer is ours; the interface `create_property_annotation` is the
package's tool body as described.
"""

from __future__ import annotations

import datetime
import types
from typing import Any, Dict, Tuple

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "property_id": {
            "anyOf": [{"type": "integer"}, {"type": "string"}],
            "description": "The Google Analytics property ID: a number, or 'properties/' followed by a number.",
        },
        "title": {"type": "string", "description": "Human-readable title for the annotation (maximum 60 characters)."},
        "start_date": {"type": "string",
                       "description": "The date (or start date of a range) in YYYY-MM-DD format (inclusive)."},
        "color": {"type": "string", "default": "BLUE",
                  "description": "Color used for displaying the annotation. Valid values are: 'PURPLE', 'BROWN', "
                                 "'BLUE', 'GREEN', 'RED', 'CYAN'. Defaults to 'BLUE'."},
        "description": {"type": "string", "default": None,
                        "description": "Optional description or notes for the annotation (maximum 150 characters)."},
        "end_date": {"type": "string", "default": None,
                     "description": "Optional end date in YYYY-MM-DD format (inclusive); must be >= start_date."},
    },
    "required": ["property_id", "title", "start_date"],
}
EXAMPLE: dict[str, Any] = {"property_id": "properties/123456", "title": "Spring campaign launch",
                           "start_date": "2026-03-02", "color": "green", "description": "TV and social",
                           "end_date": "2026-03-15"}

date_pb2 = types.SimpleNamespace(Date=dict)  # stands in for google.type.date_pb2


def construct_property_rn(property_value: int | str) -> str:
    """Returns a property resource name in the format required by APIs."""
    property_num = None
    if isinstance(property_value, int):
        property_num = property_value
    elif isinstance(property_value, str):
        property_value = property_value.strip()
        if property_value.isdigit():
            property_num = int(property_value)
        elif property_value.startswith("properties/"):
            numeric_part = property_value.split("/")[-1]
            if numeric_part.isdigit():
                property_num = int(numeric_part)
    if property_num is None:
        raise ValueError(
            (
                f"Invalid property ID: {property_value}. "
                "A valid property value is either a number or a string starting "
                "with 'properties/' and followed by a number."
            )
        )

    return f"properties/{property_num}"


# Note: ReportingDataAnnotation.Color.ORANGE (7) is reserved by Google Analytics
# exclusively for system-generated annotations and cannot be used when creating
# annotations via the API.
_VALID_ANNOTATION_COLORS = ("PURPLE", "BROWN", "BLUE", "GREEN", "RED", "CYAN")
_MAX_ANNOTATION_TITLE_LENGTH = 60
_MAX_ANNOTATION_DESCRIPTION_LENGTH = 150


def _parse_annotation_date(
    date_str: str,
) -> Tuple[datetime.date, date_pb2.Date]:
    """Parses a YYYY-MM-DD string into a datetime.date and date_pb2.Date."""
    if not isinstance(date_str, str) or not date_str.strip():
        raise ValueError(
            f"Invalid date: {date_str!r}. Expected a string in YYYY-MM-DD format."
        )
    try:
        parsed = datetime.date.fromisoformat(date_str.strip())
    except ValueError as exc:
        raise ValueError(
            f"Invalid date '{date_str}'. Expected YYYY-MM-DD format."
        ) from exc
    return parsed, date_pb2.Date(
        year=parsed.year, month=parsed.month, day=parsed.day
    )


def create_property_annotation_impl(parent: str, title: str, color: str, description: str | None,
                                    start_date: str, end_date: str | None) -> dict[str, Any]:
    """The implementation layer (ours): where the package builds the request and calls the Admin API."""
    return {"parent": parent, "title": title, "color": color, "description": description,
            "start_date": start_date, "end_date": end_date}


def create_property_annotation(
    property_id: int | str,
    title: str,
    start_date: str,
    color: str = "BLUE",
    description: str = None,
    end_date: str = None,
) -> Dict[str, Any]:
    """The interface layer: the package's tool body, its proto building replaced as the header says."""
    if not title or not title.strip():
        raise ValueError("title must be a non-empty string.")
    stripped_title = title.strip()
    if len(stripped_title) > _MAX_ANNOTATION_TITLE_LENGTH:
        raise ValueError(
            f"title must be at most {_MAX_ANNOTATION_TITLE_LENGTH} characters "
            f"(got {len(stripped_title)})."
        )

    if (
        description is not None
        and len(description) > _MAX_ANNOTATION_DESCRIPTION_LENGTH
    ):
        raise ValueError(
            f"description must be at most {_MAX_ANNOTATION_DESCRIPTION_LENGTH} "
            f"characters (got {len(description)})."
        )

    normalized_color = (color or "").strip().upper()
    if normalized_color not in _VALID_ANNOTATION_COLORS:
        valid_str = ", ".join(_VALID_ANNOTATION_COLORS)
        raise ValueError(
            f"Invalid color '{color}'. Valid colors are: {valid_str}."
        )

    parsed_start, proto_start = _parse_annotation_date(start_date)

    parsed_end = None
    if end_date is not None and end_date.strip():
        parsed_end, proto_end = _parse_annotation_date(end_date)
        if parsed_end < parsed_start:
            raise ValueError(
                f"end_date ({end_date}) must be greater than or equal to "
                f"start_date ({start_date})."
            )

    return create_property_annotation_impl(
        parent=construct_property_rn(property_id),
        title=stripped_title,
        color=normalized_color,
        description=description,
        start_date=parsed_start.isoformat(),
        end_date=parsed_end.isoformat() if parsed_end is not None else None,
    )
