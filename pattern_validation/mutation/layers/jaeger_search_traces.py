# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from jaeger-mcp 0.6.1 (PyPI), file jaeger_mcp/tools.py: the `jaeger_search_traces`
tool, and from jaeger_mcp/shaping.py the constant `_MD_ITEM_LIMIT` and `truncation_hint`
(imported by tools.py as `_truncation_hint`).  The tool searches Jaeger's traces: a service name
(1-500 characters), an optional operation (at most 500), tags given as JSON text (at most 2000
characters, which must parse as JSON: checked in code), start and end as microseconds since the
epoch (at least 0, their order never checked), minimum and maximum durations given as strings
such as `100ms` or `1.5s` (at most 20 characters, never parsed: handed on as they are), and a
limit of 1-1500; the bounds are stated in the schema and enforced by pydantic, only the JSON
check lives in code.  Optional arguments that are empty or absent are left out of the query, the
durations renamed `minDuration` and `maxDuration`.  MIT License, Copyright (c) 2026 Mikhail
Shchegolev (jaeger-mcp); see https://opensource.org/licenses/MIT.  The functions are verbatim,
but for the changes below (copied with ast.get_source_segment from the wheel; no AST comparison was run).

Changes: the tool, `async` in the package, is a plain function (`await` dropped twice).
Registered with `@mcp.tool(name=..., annotations=..., structured_output=True)` on the MCP SDK's
FastMCP, it is validated by pydantic against its annotated signature, as FastMCP does (not
reproduced: FastMCP's parsing of JSON text given for a non-string argument, and its ignoring of
unknown arguments, which pydantic refuses).  Stand-ins: `get_client` (the package's httpx
client for JAEGER_URL) returns a client whose `aget(path, params=...)` hands the call on to the
implementation layer; `_shape_trace_summary` (shaping.py's summary of one trace, 30-odd lines
walking spans) keeps the five keys the tool reads; `output` builds the result (the package's
`CallToolResult` with text and structured content) as a dict, and its `fail` raises the
package's ToolError as a ValueError carrying the same action; `SearchTracesOutput` and
`TraceSummary` (TypedDicts) are `dict`.

The implementation layer is ours: it answers as Jaeger's `GET /api/traces` does, `limit`
traces of the service at most, each naming the parameters it was asked with.  SCHEMA is what
the package's FastMCP derives: `inputSchema` of the registered tool under mcp 1.30.0 (the
package asks for mcp >= 1.2, < 2), in a throwaway venv with the package's own modules imported.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Annotated, Any

from pydantic import Field, validate_call

_S = {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}
SCHEMA: dict[str, Any] = {
    "properties": {
        "service": {"description": "Service name to search traces for (required). Use jaeger_list_services to "
                                   "discover valid names.", "maxLength": 500, "minLength": 1, "title": "Service",
                    "type": "string"},
        "operation": {"anyOf": [{"maxLength": 500, "type": "string"}, {"type": "null"}], "default": None,
                      "description": "Operation name filter (optional). Use jaeger_list_operations to discover "
                                     "valid names. Example: 'GET /api/orders' or 'grpc.health.v1.Health/Check'.",
                      "title": "Operation"},
        "tags": {"anyOf": [{"maxLength": 2000, "type": "string"}, {"type": "null"}], "default": None,
                 "description": "JSON string of tag key-value pairs to filter by (optional). Example: "
                                "'{\"http.status_code\":\"500\"}' to find 5xx errors, or '{\"error\":\"true\"}' "
                                "for any error spans.", "title": "Tags"},
        "start": {"anyOf": [{"minimum": 0, "type": "integer"}, {"type": "null"}], "default": None,
                  "description": "Start time in microseconds since Unix epoch UTC (optional). Example: "
                                 "1713400000000000 for 2024-04-18 00:00:00 UTC.", "title": "Start"},
        "end": {"anyOf": [{"minimum": 0, "type": "integer"}, {"type": "null"}], "default": None,
                "description": "End time in microseconds since Unix epoch UTC (optional). If omitted and start "
                               "is set, defaults to now.", "title": "End"},
        "min_duration": {"anyOf": [{"maxLength": 20, "type": "string"}, {"type": "null"}], "default": None,
                         "description": "Minimum trace duration filter (optional). Format: '100ms', '1.5s', "
                                        "'2m'. Use to find slow traces.", "title": "Min Duration"},
        "max_duration": {"anyOf": [{"maxLength": 20, "type": "string"}, {"type": "null"}], "default": None,
                         "description": "Maximum trace duration filter (optional). Format: '100ms', '500ms'. "
                                        "Use to find fast traces or exclude outliers.", "title": "Max Duration"},
        "limit": {"default": 20, "description": "Maximum number of traces to return (1-1500, default 20).",
                  "maximum": 1500, "minimum": 1, "title": "Limit", "type": "integer"},
    },
    "required": ["service"],
    "title": "jaeger_search_tracesArguments",
    "type": "object",
}
EXAMPLE: dict[str, Any] = {"service": "checkout", "operation": "POST /checkout",
                           "tags": "{\"http.status_code\":\"500\"}", "start": 1713400000000000,
                           "end": 1713403600000000, "min_duration": "1.5s", "max_duration": "10s", "limit": 3}


def traces_impl(path: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    """The implementation layer (ours): where the package GETs `/api<path>` from Jaeger."""
    params = dict(params or {})
    n = min(int(params.get("limit", 20)), 4)
    return {"data": [{"traceID": f"t{i}", "asked": params,
                      "spans": [{"operationName": params.get("operation", "op"), "duration": 1000 * (i + 1)}]}
                     for i in range(n)]}


def get_client() -> Any:
    """Stands in for the package's Jaeger HTTP client: `aget` hands the call on."""
    return SimpleNamespace(aget=lambda path, params=None: traces_impl(path, params=params))


def _shape_trace_summary(t: dict[str, Any]) -> dict[str, Any]:
    """Stands in for shaping.shape_trace_summary: the keys the tool reads."""
    spans = t.get("spans") or []
    return {"trace_id": t.get("traceID"), "root_operation": spans[0]["operationName"] if spans else None,
            "duration_us": sum(s.get("duration", 0) for s in spans), "span_count": len(spans),
            "errors_count": 0, "asked": t.get("asked")}


def _fail(exc: Exception, action: str) -> Any:
    raise ValueError(f"Error while {action}: {exc}") from exc


#: stands in for the package's `output` module
output = SimpleNamespace(ok=lambda data, markdown: {"structuredContent": dict(data), "text": markdown}, fail=_fail)
SearchTracesOutput = dict
TraceSummary = dict

_MD_ITEM_LIMIT = 20


def _truncation_hint(total: int, shown: int, noun: str) -> str:
    """Return a markdown truncation hint when items are capped."""
    return f"\n\n_Showing first {shown} of {total} {noun} — see the structured content for the full list._"


@validate_call
def jaeger_search_traces(
    service: Annotated[
        str,
        Field(
            min_length=1,
            max_length=500,
            description=(
                "Service name to search traces for (required). Use jaeger_list_services to discover valid names."
            ),
        ),
    ],
    operation: Annotated[
        str | None,
        Field(
            default=None,
            max_length=500,
            description=(
                "Operation name filter (optional). Use jaeger_list_operations to discover valid names. "
                "Example: 'GET /api/orders' or 'grpc.health.v1.Health/Check'."
            ),
        ),
    ] = None,
    tags: Annotated[
        str | None,
        Field(
            default=None,
            max_length=2000,
            description=(
                "JSON string of tag key-value pairs to filter by (optional). "
                'Example: \'{"http.status_code":"500"}\' to find 5xx errors, '
                'or \'{"error":"true"}\' for any error spans.'
            ),
        ),
    ] = None,
    start: Annotated[
        int | None,
        Field(
            default=None,
            ge=0,
            description=(
                "Start time in microseconds since Unix epoch UTC (optional). "
                "Example: 1713400000000000 for 2024-04-18 00:00:00 UTC."
            ),
        ),
    ] = None,
    end: Annotated[
        int | None,
        Field(
            default=None,
            ge=0,
            description=(
                "End time in microseconds since Unix epoch UTC (optional). "
                "If omitted and start is set, defaults to now."
            ),
        ),
    ] = None,
    min_duration: Annotated[
        str | None,
        Field(
            default=None,
            max_length=20,
            description=(
                "Minimum trace duration filter (optional). Format: '100ms', '1.5s', '2m'. Use to find slow traces."
            ),
        ),
    ] = None,
    max_duration: Annotated[
        str | None,
        Field(
            default=None,
            max_length=20,
            description=(
                "Maximum trace duration filter (optional). Format: '100ms', '500ms'. "
                "Use to find fast traces or exclude outliers."
            ),
        ),
    ] = None,
    limit: Annotated[
        int,
        Field(
            default=20,
            ge=1,
            le=1500,
            description="Maximum number of traces to return (1-1500, default 20).",
        ),
    ] = 20,
) -> SearchTracesOutput:
    """Search Jaeger traces with rich filters.

    Wraps ``GET /api/traces``. Returns a list of trace summaries — use
    ``jaeger_get_trace`` to drill into a specific trace for span details.

    The ``tags`` parameter accepts a JSON string so the LLM can construct
    arbitrary tag filters. Durations (``min_duration``/``max_duration``) are
    forwarded as-is to Jaeger (e.g. ``'100ms'``, ``'1.5s'``).

    Examples:
        - Use when: "Show me recent 500 errors in `order-service`"
          → ``service='order-service'``, ``tags='{"http.status_code":"500"}'``.
        - Use when: "Find slow traces (>1s) for `checkout` endpoint"
          → ``service='checkout'``, ``operation='POST /checkout'``,
          ``min_duration='1s'``.
        - Use when: "Give me the last 5 traces in the last hour"
          → ``limit=5``, set ``start`` to (now - 3600s) in microseconds.
        - Don't use when: You already have a traceID and want full details
          (call ``jaeger_get_trace`` directly — one fewer round trip).
        - Don't use when: You want service dependency topology
          (call ``jaeger_get_dependencies``).

    Returns:
        dict with ``service`` / ``operation`` / ``returned`` / ``truncated`` /
        ``traces`` (list of :class:`TraceSummary`).
    """
    try:
        import json

        client = get_client()
        params: dict[str, Any] = {
            "service": service,
            "limit": limit,
        }
        if operation:
            params["operation"] = operation
        if tags:
            # Validate it's parseable JSON — raise ValueError with a clear message.
            try:
                json.loads(tags)
            except json.JSONDecodeError as e:
                raise ValueError(
                    f'tags must be a valid JSON string (e.g. \'{{"error":"true"}}\'), got: {tags!r}. '
                    f"JSON parse error: {e}"
                ) from e
            params["tags"] = tags
        if start is not None:
            params["start"] = start
        if end is not None:
            params["end"] = end
        if min_duration:
            params["minDuration"] = min_duration
        if max_duration:
            params["maxDuration"] = max_duration

        data = client.aget("/traces", params=params) or {}
        raw_traces: list[dict[str, Any]] = data.get("data") or []

        summaries: list[TraceSummary] = [_shape_trace_summary(t) for t in raw_traces]
        truncated = len(summaries) >= limit

        result: SearchTracesOutput = {
            "service": service,
            "operation": operation,
            "returned": len(summaries),
            "truncated": truncated,
            "traces": summaries,
        }
        heading = (
            f"## Traces for `{service}`"
            + (f" / `{operation}`" if operation else "")
            + f" — {len(summaries)} returned"
            + (" (may be more — increase limit)" if truncated else "")
        )
        md_traces = summaries[:_MD_ITEM_LIMIT]
        rows = [
            f"- `{t['trace_id']}` — {t['root_operation'] or '?'} "
            f"| {t['duration_us']}µs | {t['span_count']} spans"
            + (f" | **{t['errors_count']} error(s)**" if t["errors_count"] else "")
            for t in md_traces
        ]
        md = heading + "\n\n" + "\n".join(rows)
        if len(summaries) > _MD_ITEM_LIMIT:
            md += _truncation_hint(len(summaries), _MD_ITEM_LIMIT, "traces")
        return output.ok(result, md)
    except Exception as exc:
        output.fail(exc, f"searching traces for service {service!r}")
