# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from yfmcp 0.14.0 (PyPI), file yfmcp/screener.py: `ScreenerQuery`, `LEAF_OPERATORS`,
`LOGICAL_OPERATORS`, `build_screener_query`, `_validate_node_shape`, `_build_equity_node`,
`_build_fund_node`, `_build_etf_node`; file yfmcp/types.py: `ScreenerQueryType`; and file
yfmcp/server.py: the `yfinance_screen` tool (`screen`): its signature and its checks (`size`
for custom queries and `count` for predefined ones, a predefined key or a query tree of
`{operator, operands}` nodes, case-folded operators, logical nodes holding only nodes and leaf
nodes holding none).  MIT License, Copyright (c) 2022 narumi (なるみ; narumiruna/yfinance-mcp);
the licence's permission notice applies to them.  The screener helpers are verbatim, and so
are the tool's statements but those listed below (checked by comparing ASTs with the wheel's
source).

Changes: the tool, an `async` function registered with `@mcp.tool(name="yfinance_screen")`, is a
plain function validated by pydantic against its signature (kept as published), as the MCP
SDK's FastMCP does (not reproduced: FastMCP's parsing of JSON text given for a non-string
argument such as `query`, and its ignoring of unknown arguments); its docstring is left out.
Where it returns `create_error_response(message, error_code="INVALID_PARAMS", ...)` (a JSON
error the model reads) it raises a local `ToolError` with the same message, and its
`except (TypeError, ValueError)`, which turns the helpers' errors into that same response,
raises one too (an added `except ToolError: raise` keeps the messages above); its handlers of
network and API errors are left out, and `asyncio.to_thread(yf.screen, ...)` is the
implementation layer, which receives the same arguments.  Two things of yfinance (Apache-2.0,
Ran Aroussi) stand in locally: `yf.PREDEFINED_SCREENER_QUERIES` is the dict of yfinance 1.7.0's
keys (its values, the saved query bodies, are not used by the checks), and `EquityQuery`,
`FundQuery`, `ETFQuery`, whose constructors in yfinance check field names and operand counts
against yfinance's tables, are dataclasses keeping the operator and the operands;
yfinance's `Operator` literal type is copied as published.

The implementation layer is ours.  SCHEMA is what the package's FastMCP (mcp 1.30.0; the
package needs mcp>=1.28.1,<2) advertises for the registered tool (`inputSchema`): the enum of
`query_type` and the bounds of `offset`, `size`, `count` are stated there; the rules tying
`query` to `query_type` and the shape of the query tree are not.
"""

from __future__ import annotations

import types
from dataclasses import dataclass
from typing import Annotated, Any, Literal, cast

from pydantic import Field, validate_call

SCHEMA: dict[str, Any] = {
    "properties": {
        "query": {
            "anyOf": [{"type": "string"}, {"additionalProperties": True, "type": "object"}],
            "description": "Screener query. For query_type='predefined': string key like 'day_gainers'. For "
                           "query_type='equity', 'fund', or 'etf': query tree object with {operator, operands} "
                           "nodes.",
            "title": "Query",
        },
        "query_type": {
            "default": "predefined",
            "description": "Query mode: 'predefined', 'equity', 'fund', or 'etf'.",
            "enum": ["predefined", "equity", "fund", "etf"],
            "title": "Query Type",
            "type": "string",
        },
        "offset": {
            "anyOf": [{"minimum": 0, "type": "integer"}, {"type": "null"}],
            "default": None,
            "description": "Result offset.",
            "title": "Offset",
        },
        "size": {
            "anyOf": [{"maximum": 250, "minimum": 1, "type": "integer"}, {"type": "null"}],
            "default": None,
            "description": "Rows to return for custom queries. Yahoo maximum is 250.",
            "title": "Size",
        },
        "count": {
            "anyOf": [{"maximum": 250, "minimum": 1, "type": "integer"}, {"type": "null"}],
            "default": None,
            "description": "Rows to return for predefined queries. Yahoo maximum is 250.",
            "title": "Count",
        },
        "sort_field": {
            "anyOf": [{"type": "string"}, {"type": "null"}],
            "default": None,
            "description": "Sort field, for example 'percentchange'.",
            "title": "Sort Field",
        },
        "sort_asc": {
            "anyOf": [{"type": "boolean"}, {"type": "null"}],
            "default": None,
            "description": "Sort ascending if true, descending if false.",
            "title": "Sort Asc",
        },
        "user_id": {
            "anyOf": [{"type": "string"}, {"type": "null"}],
            "default": None,
            "description": "Optional Yahoo user id.",
            "title": "User Id",
        },
        "user_id_type": {
            "anyOf": [{"type": "string"}, {"type": "null"}],
            "default": None,
            "description": "Optional Yahoo user id type, commonly 'guid'.",
            "title": "User Id Type",
        },
    },
    "required": ["query"],
    "title": "screenArguments",
    "type": "object",
}
EXAMPLE: dict[str, Any] = {  # the package's README example of a custom equity screener
    "query_type": "equity",
    "query": {"operator": "and", "operands": [
        {"operator": "gt", "operands": ["percentchange", 3]},
        {"operator": "eq", "operands": ["region", "us"]},
        {"operator": "gte", "operands": ["intradayprice", 5]},
        {"operator": "gt", "operands": ["dayvolume", 500000]},
    ]},
    "sort_field": "percentchange",
    "sort_asc": False,
    "size": 50,
}

# yfinance 1.7.0, yfinance/screener/screener.py: the keys of PREDEFINED_SCREENER_QUERIES
yf = types.SimpleNamespace(PREDEFINED_SCREENER_QUERIES=dict.fromkeys((
    "aggressive_small_caps", "day_gainers", "day_losers", "growth_technology_stocks", "most_actives",
    "most_shorted_stocks", "small_cap_gainers", "undervalued_growth_stocks", "undervalued_large_caps",
    "conservative_foreign_funds", "high_yield_bond", "portfolio_anchors", "solid_large_growth_funds",
    "solid_midcap_growth_funds", "top_mutual_funds", "top_etfs_us", "top_performing_etfs",
    "technology_etfs", "bond_etfs",
)))

# yfinance 1.7.0, yfinance/screener/query.py
Operator = Literal['eq', 'is-in', 'btwn', 'gt', 'lt', 'gte', 'lte', 'and', 'or']


@dataclass
class EquityQuery:
    """Stands in for yfinance's EquityQuery (keeps what it is given)."""

    operator: str
    operands: list


@dataclass
class FundQuery:
    """Stands in for yfinance's FundQuery (keeps what it is given)."""

    operator: str
    operands: list


@dataclass
class ETFQuery:
    """Stands in for yfinance's ETFQuery (keeps what it is given)."""

    operator: str
    operands: list


class ToolError(ValueError):
    """Stands in for the tool's `create_error_response(..., error_code="INVALID_PARAMS")` (a refusal the model reads)."""


ScreenerQueryType = Literal[
    "predefined",
    "equity",
    "fund",
    "etf",
]

ScreenerQuery = EquityQuery | FundQuery | ETFQuery

LEAF_OPERATORS = {"eq", "is-in", "btwn", "gt", "lt", "gte", "lte"}
LOGICAL_OPERATORS = {"and", "or"}


def build_screener_query(query_type: str, query: dict[str, Any]) -> ScreenerQuery:
    """Build a yfinance screener query object from a JSON-serializable query tree."""
    match query_type.lower():
        case "equity":
            return _build_equity_node(query)
        case "fund":
            return _build_fund_node(query)
        case "etf":
            return _build_etf_node(query)
        case _:
            raise ValueError("query_type must be 'equity', 'fund', or 'etf' for custom queries")


def _validate_node_shape(node: dict[str, Any]) -> tuple[Operator, list[Any]]:
    if not isinstance(node, dict):
        raise ValueError("Each query node must be an object with 'operator' and 'operands'")

    operator = node.get("operator")
    operands = node.get("operands")

    if not isinstance(operator, str) or not operator.strip():
        raise ValueError("Each query node must include a non-empty string 'operator'")
    if not isinstance(operands, list) or len(operands) == 0:
        raise ValueError("Each query node must include a non-empty list 'operands'")

    normalized_operator = operator.lower()
    if normalized_operator not in LEAF_OPERATORS.union(LOGICAL_OPERATORS):
        valid_operators = sorted(LEAF_OPERATORS.union(LOGICAL_OPERATORS))
        raise ValueError(f"Unsupported operator '{operator.upper()}'. Valid operators: {', '.join(valid_operators)}")

    return cast(Operator, normalized_operator), operands


def _build_equity_node(node: dict[str, Any]) -> EquityQuery:
    normalized_operator, operands = _validate_node_shape(node)

    if normalized_operator in LOGICAL_OPERATORS:
        nested_queries: list[EquityQuery] = []
        for operand in operands:
            if not isinstance(operand, dict):
                raise ValueError(f"Operator '{normalized_operator.upper()}' requires nested query objects")
            nested_queries.append(_build_equity_node(cast(dict[str, Any], operand)))
        return EquityQuery(normalized_operator, cast(Any, nested_queries))

    if normalized_operator in LEAF_OPERATORS:
        if any(isinstance(operand, dict) for operand in operands):
            raise ValueError(f"Operator '{normalized_operator.upper()}' does not accept nested query objects")
        return EquityQuery(normalized_operator, operands)
    raise ValueError(f"Unsupported operator '{normalized_operator.upper()}'")


def _build_fund_node(node: dict[str, Any]) -> FundQuery:
    normalized_operator, operands = _validate_node_shape(node)

    if normalized_operator in LOGICAL_OPERATORS:
        nested_queries: list[FundQuery] = []
        for operand in operands:
            if not isinstance(operand, dict):
                raise ValueError(f"Operator '{normalized_operator.upper()}' requires nested query objects")
            nested_queries.append(_build_fund_node(cast(dict[str, Any], operand)))
        return FundQuery(normalized_operator, cast(Any, nested_queries))

    if normalized_operator in LEAF_OPERATORS:
        if any(isinstance(operand, dict) for operand in operands):
            raise ValueError(f"Operator '{normalized_operator.upper()}' does not accept nested query objects")
        return FundQuery(normalized_operator, operands)
    raise ValueError(f"Unsupported operator '{normalized_operator.upper()}'")


def _build_etf_node(node: dict[str, Any]) -> ETFQuery:
    normalized_operator, operands = _validate_node_shape(node)

    if normalized_operator in LOGICAL_OPERATORS:
        nested_queries: list[ETFQuery] = []
        for operand in operands:
            if not isinstance(operand, dict):
                raise ValueError(f"Operator '{normalized_operator.upper()}' requires nested query objects")
            nested_queries.append(_build_etf_node(cast(dict[str, Any], operand)))
        return ETFQuery(normalized_operator, cast(Any, nested_queries))

    if normalized_operator in LEAF_OPERATORS:
        if any(isinstance(operand, dict) for operand in operands):
            raise ValueError(f"Operator '{normalized_operator.upper()}' does not accept nested query objects")
        return ETFQuery(normalized_operator, operands)
    raise ValueError(f"Unsupported operator '{normalized_operator.upper()}'")


def screen_impl(query: str | Any, offset: int | None = None, size: int | None = None, count: int | None = None,
                sortField: str | None = None, sortAsc: bool | None = None, userId: str | None = None,
                userIdType: str | None = None) -> dict[str, Any]:
    """The implementation layer (ours): where the package calls `yf.screen` (in a thread)."""
    return {"query": query, "offset": offset, "size": size, "count": count, "sortField": sortField,
            "sortAsc": sortAsc, "userId": userId, "userIdType": userIdType}


@validate_call
def screen(
    query: Annotated[
        str | dict[str, Any],
        Field(
            description=(
                "Screener query. For query_type='predefined': string key like 'day_gainers'. "
                "For query_type='equity', 'fund', or 'etf': query tree object with {operator, operands} nodes."
            )
        ),
    ],
    query_type: Annotated[
        ScreenerQueryType,
        Field(description="Query mode: 'predefined', 'equity', 'fund', or 'etf'."),
    ] = "predefined",
    offset: Annotated[int | None, Field(description="Result offset.", ge=0)] = None,
    size: Annotated[
        int | None,
        Field(description="Rows to return for custom queries. Yahoo maximum is 250.", ge=1, le=250),
    ] = None,
    count: Annotated[
        int | None,
        Field(description="Rows to return for predefined queries. Yahoo maximum is 250.", ge=1, le=250),
    ] = None,
    sort_field: Annotated[str | None, Field(description="Sort field, for example 'percentchange'.")] = None,
    sort_asc: Annotated[bool | None, Field(description="Sort ascending if true, descending if false.")] = None,
    user_id: Annotated[str | None, Field(description="Optional Yahoo user id.")] = None,
    user_id_type: Annotated[str | None, Field(description="Optional Yahoo user id type, commonly 'guid'.")] = None,
) -> str:
    """The interface layer: the package's tool, its error responses raised, yf.screen replaced."""
    try:
        if query_type == "predefined" and size is not None:
            raise ToolError("For query_type='predefined', use count instead of size.")
        if query_type in {"equity", "fund", "etf"} and count is not None:
            raise ToolError("For query_type='equity', 'fund', or 'etf', use size instead of count.")

        if query_type == "predefined":
            if not isinstance(query, str):
                raise ToolError("For query_type='predefined', query must be a string screener key.")

            predefined = getattr(yf, "PREDEFINED_SCREENER_QUERIES", {})
            if query not in predefined:
                raise ToolError(f"Unknown predefined screener '{query}'.")

            resolved_query: str | Any = query
        else:
            if not isinstance(query, dict):
                raise ToolError(
                    "For query_type='equity', 'fund', or 'etf', query must be an object with "
                    "'operator' and 'operands'."
                )

            resolved_query = build_screener_query(query_type=query_type, query=query)

        upstream_size = count if query_type == "predefined" else size
        result = screen_impl(
            resolved_query,
            offset=offset,
            size=upstream_size,
            count=None,
            sortField=sort_field,
            sortAsc=sort_asc,
            userId=user_id,
            userIdType=user_id_type,
        )
    except ToolError:
        raise
    except (TypeError, ValueError) as exc:
        raise ToolError(
            "Invalid screener query. Check operators, operands, and field values for the selected query_type."
        ) from exc

    return result
