# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from awslabs-cloudwatch-mcp-server 0.3.1 (PyPI), the file at
awslabs/cloudwatch_mcp_server/cloudwatch_logs/cwl_insights_batch.py: `MAX_LOG_GROUPS_PER_QUERY`,
`_chunk_list`, `_convert_time`, and the input validation at the top of
`execute_cwl_insights_batch` (non-empty lists, positive `max_timeout` and `limit`, ISO 8601
times, start before end, log groups chunked by 50).  Apache License 2.0, Copyright
Amazon.com, Inc. or its affiliates (awslabs/mcp); see http://www.apache.org/licenses/LICENSE-2.0.
Verbatim; what follows the validation in the tool (the progress message, the per-region
clients, the query runs, the merge) is replaced by the implementation layer, which receives
the validated arguments, the epoch times and the chunks.

The implementation layer is ours; the interface `execute_cwl_insights_batch` is the package's
signature (its `ctx` left out, the `Field` descriptions moved to SCHEMA), validated by pydantic
as the MCP SDK's server does, then the package's validation as described.
"""

from __future__ import annotations

import datetime
from typing import Any, Dict, List, Optional

from pydantic import validate_call

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "log_group_names": {
            "type": "array", "items": {"type": "string"},
            "description": "List of CloudWatch log group names or ARNs to query. These will be automatically "
                           "chunked into batches of 50 per StartQuery call.",
        },
        "regions": {
            "type": "array", "items": {"type": "string"},
            "description": 'List of AWS regions to query (e.g. ["us-east-1", "eu-west-1"]).',
        },
        "start_time": {"type": "string", "description": 'ISO 8601 start time (e.g. "2025-04-19T20:00:00+00:00").'},
        "end_time": {"type": "string", "description": 'ISO 8601 end time (e.g. "2025-04-19T21:00:00+00:00").'},
        "query_string": {"type": "string", "description": "CloudWatch Logs Insights query string."},
        "limit": {"type": ["integer", "null"], "default": None,
                  "description": "Max log events per chunk. Use this or a `| limit N` clause in the query."},
        "max_timeout": {"type": "integer", "default": 120,
                        "description": "Max seconds to poll each chunk before giving up (default 120)."},
        "account_label": {"type": ["string", "null"], "default": None,
                          "description": "Optional account identifier to annotate results with."},
        "profile_name": {"type": ["string", "null"], "default": None,
                         "description": "AWS CLI profile name (e.g., \"prod-readonly\", \"default\")."},
    },
    "required": ["log_group_names", "regions", "start_time", "end_time", "query_string"],
}
EXAMPLE: dict[str, Any] = {
    "log_group_names": ["/aws/lambda/checkout", "/aws/lambda/payments"],
    "regions": ["us-east-1", "eu-west-1"],
    "start_time": "2025-04-19T20:00:00+00:00",
    "end_time": "2025-04-19T21:00:00+00:00",
    "query_string": "fields @timestamp, @message | filter @message like /ERROR/",
    "limit": 100,
    "max_timeout": 120,
    "account_label": "prod-123456789012",
}

MAX_LOG_GROUPS_PER_QUERY = 50


def _chunk_list(lst: List, size: int) -> List[List]:
    """Split *lst* into sub-lists of at most *size* elements."""
    return [lst[i : i + size] for i in range(0, len(lst), size)]


def _convert_time(time_str: str) -> int:
    """ISO 8601 string → Unix epoch seconds.

    Note: This is a standalone function separate from CloudWatchLogsTools._convert_time_to_timestamp
    because it includes enhanced error handling with actionable error messages for the batch tool.

    Raises:
        ValueError: If time_str is not a valid ISO 8601 timestamp.
    """
    try:
        return int(datetime.datetime.fromisoformat(time_str).timestamp())
    except (ValueError, AttributeError, TypeError) as e:
        raise ValueError(
            f"Invalid ISO 8601 timestamp '{time_str}'. "
            f"Expected format: '2025-04-19T20:00:00+00:00'. Error: {e}"
        ) from e


def execute_cwl_insights_batch_impl(log_group_names: List[str], regions: List[str], start_ts: int, end_ts: int,
                                    query_string: str, limit: Optional[int], max_timeout: int,
                                    account_label: Optional[str], profile_name: Optional[str],
                                    chunks_per_region: List[List[str]]) -> Dict[str, Any]:
    """The implementation layer (ours): where the package dispatches the query chunks."""
    return {"log_group_names": log_group_names, "regions": regions, "start_ts": start_ts, "end_ts": end_ts,
            "query_string": query_string, "limit": limit, "max_timeout": max_timeout,
            "account_label": account_label, "profile_name": profile_name, "chunks_per_region": chunks_per_region}


@validate_call
def execute_cwl_insights_batch(
    log_group_names: List[str],
    regions: List[str],
    start_time: str,
    end_time: str,
    query_string: str,
    limit: int | None = None,
    max_timeout: int = 120,
    account_label: str | None = None,
    profile_name: str | None = None,
) -> Dict[str, Any]:
    """The interface layer: the package's validation, then the implementation."""
    # Validate inputs
    if not log_group_names:
        raise ValueError('log_group_names cannot be empty')

    if not regions:
        raise ValueError('regions cannot be empty')

    if max_timeout <= 0:
        raise ValueError(f'max_timeout must be positive, got {max_timeout}')

    if limit is not None and limit <= 0:
        raise ValueError(f'limit must be positive, got {limit}')

    # Convert and validate time range
    try:
        start_ts = _convert_time(start_time)
        end_ts = _convert_time(end_time)
    except ValueError as e:
        raise ValueError(f'Invalid time parameter: {e}') from e

    if start_ts >= end_ts:
        raise ValueError(
            f'start_time must be before end_time. Got start_time={start_time}, end_time={end_time}'
        )

    chunks_per_region = _chunk_list(log_group_names, MAX_LOG_GROUPS_PER_QUERY)

    return execute_cwl_insights_batch_impl(
        log_group_names=log_group_names, regions=regions, start_ts=start_ts, end_ts=end_ts,
        query_string=query_string, limit=limit, max_timeout=max_timeout, account_label=account_label,
        profile_name=profile_name, chunks_per_region=chunks_per_region,
    )
