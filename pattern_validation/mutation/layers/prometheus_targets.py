# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from prometheus-mcp-server 1.6.2 (PyPI), file prometheus_mcp_server/server.py: the
`get_targets` tool.  The tool lists Prometheus's scrape targets: `state` must be one of
active, dropped and any (checked in code; the schema says "a string"), `offset` must not be
negative and `limit`, when given, must not be negative either (both checked in code); a state
other than any and a scrape pool become the query parameters `state` and `scrapePool`
(Prometheus filters server-side); the two lists it answers are then paged alike, `offset`
skipping and `limit` keeping at most that many of each, with the totals before paging, the
counts returned and a `has_more` flag.  MIT License, Copyright (c) 2025 pab1it0
(pab1it0/prometheus-mcp-server); see https://opensource.org/licenses/MIT.  The tool is verbatim
but for the changes below (checked by comparing ASTs with the wheel's source).

Changes: the tool, `async` in the package, is a plain function; registered with
`@mcp.tool(name=..., description=..., annotations=...)` on FastMCP, it is validated by pydantic
against its signature, as FastMCP does (not reproduced: FastMCP's parsing of JSON text given
for a non-string argument; unknown arguments, which this FastMCP refuses, are refused by
pydantic too).  `make_prometheus_request("targets", ...)` (the package's GET of
`<PROMETHEUS_URL>/api/v1/targets` with authentication headers, returning the response's
`data`) is the implementation layer under the same name and arguments.  `logger` (structlog,
configured by the package's `logging_config`) is a stand-in that drops what it is given.

The implementation layer is ours: it answers as Prometheus does for a fixed set of five active
and three dropped targets in the scrape pools `node` and `api`, filtered by the `state` and
`scrapePool` parameters it receives, each target naming the parameters it was asked with.
SCHEMA is what the package's FastMCP derives: `Tool.parameters` of the registered tool under
fastmcp 3.4.11 (the package asks for fastmcp >= 3.1.0), descriptions taken from the docstring's
Args section; fastmcp 4.0.11 derives the same.  It states no values for `state`, and no bound
on `offset` or `limit`.
"""

from __future__ import annotations

from typing import Any, Dict, Optional

from pydantic import validate_call

SCHEMA: dict[str, Any] = {
    "additionalProperties": False,
    "properties": {
        "state": {"default": "active", "type": "string",
                  "description": "Which targets to request from Prometheus - \"active\" (default),\n\"dropped\", "
                                 "or \"any\". This is applied server-side by Prometheus."},
        "scrape_pool": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None,
                        "description": "Optional scrape pool name to restrict results to, applied\nserver-side by "
                                       "Prometheus."},
        "limit": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None,
                  "description": "Maximum number of targets to return per category (default: all)"},
        "offset": {"default": 0, "type": "integer",
                   "description": "Number of targets to skip for pagination (default: 0)"},
    },
    "type": "object",
}
EXAMPLE: dict[str, Any] = {"state": "any", "scrape_pool": "node", "limit": 2, "offset": 1}

_TARGETS = [("active", "node", "10.0.0.1:9100"), ("active", "node", "10.0.0.2:9100"),
            ("active", "node", "10.0.0.3:9100"), ("active", "api", "10.0.1.1:8080"),
            ("active", "api", "10.0.1.2:8080"), ("dropped", "node", "10.0.0.9:9100"),
            ("dropped", "api", "10.0.1.8:8080"), ("dropped", "api", "10.0.1.9:8080")]


def make_prometheus_request(endpoint: str, params: Any = None) -> Any:
    """The implementation layer (ours): where the package GETs /api/v1/<endpoint> from Prometheus.
    Answers `targets` for the fixed targets above, filtered as Prometheus filters."""
    params = dict(params or {})
    kept = [(state, pool, instance) for state, pool, instance in _TARGETS
            if params.get("state") in (None, state) and params.get("scrapePool") in (None, pool)]
    as_target = [{"scrapePool": pool, "labels": {"instance": instance}, "asked": params} for _, pool, instance in kept]
    return {"activeTargets": [t for t, (s, _, _) in zip(as_target, kept) if s == "active"],
            "droppedTargets": [t for t, (s, _, _) in zip(as_target, kept) if s == "dropped"]}


class _Logger:
    """Stands in for the package's structlog logger: drops what it is given."""

    def info(self, *args: Any, **kwargs: Any) -> None:
        pass

    debug = warning = error = info


logger = _Logger()


@validate_call
def get_targets(
    state: str = "active",
    scrape_pool: Optional[str] = None,
    limit: Optional[int] = None,
    offset: int = 0,
) -> Dict[str, Any]:
    """Get information about Prometheus scrape targets.

    Args:
        state: Which targets to request from Prometheus - "active" (default),
            "dropped", or "any". This is applied server-side by Prometheus.
        scrape_pool: Optional scrape pool name to restrict results to, applied
            server-side by Prometheus.
        limit: Maximum number of targets to return per category (default: all)
        offset: Number of targets to skip for pagination (default: 0)

    Returns:
        Dictionary containing:
        - activeTargets / droppedTargets: Target lists (after pagination)
        - total_active / total_dropped: Totals before pagination
        - returned_active / returned_dropped: Counts actually returned
        - offset: Current offset
        - has_more: Whether more targets are available
        - state: The state filter that was applied

    Note:
        The default is "active" rather than "any" deliberately. On a cluster of
        any size, service discovery finds far more targets than relabeling
        keeps, and each dropped target carries its full discoveredLabels map.
        Requesting dropped targets unfiltered can produce a response large
        enough to exhaust the server's memory before any pagination could be
        applied, since the whole payload is parsed first. Pass state="any" or
        "dropped" explicitly when you need them, ideally with scrape_pool.
    """
    valid_states = ("active", "dropped", "any")
    if state not in valid_states:
        raise ValueError(f"Invalid state '{state}'. Must be one of: {', '.join(valid_states)}")
    if offset < 0:
        raise ValueError("offset must be non-negative")
    if limit is not None and limit < 0:
        raise ValueError("limit must be non-negative")

    logger.info("Retrieving scrape targets information",
                state=state, scrape_pool=scrape_pool, limit=limit, offset=offset)

    # Filter server-side so Prometheus never sends what we do not need.
    params: Dict[str, str] = {}
    if state != "any":
        params["state"] = state
    if scrape_pool:
        params["scrapePool"] = scrape_pool

    data = make_prometheus_request("targets", params=params or None)

    active = data.get("activeTargets", []) or []
    dropped = data.get("droppedTargets", []) or []
    total_active, total_dropped = len(active), len(dropped)

    if limit is not None:
        end = offset + limit
        active, dropped = active[offset:end], dropped[offset:end]
    elif offset:
        active, dropped = active[offset:], dropped[offset:]

    result = {
        "activeTargets": active,
        "droppedTargets": dropped,
        "total_active": total_active,
        "total_dropped": total_dropped,
        "returned_active": len(active),
        "returned_dropped": len(dropped),
        "offset": offset,
        "has_more": offset + len(active) < total_active or offset + len(dropped) < total_dropped,
        "state": state,
    }

    logger.info("Scrape targets retrieved",
                active_targets=total_active,
                dropped_targets=total_dropped,
                returned_active=len(active),
                returned_dropped=len(dropped))

    return result
