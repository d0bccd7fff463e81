# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from mcp-yahoo-finance 0.2.0 (PyPI), file mcp_yahoo_finance/utils.py:
`validate_symbol`, `validate_date`; and file mcp_yahoo_finance/server.py:
`YahooFinance._validate_symbols` and the argument checks at the top of
`YahooFinance.get_performance_analysis` (up to the list of symbols to request).  MIT License,
Copyright (c) 2025 Max Scheijen (maxscheijen/mcp-yahoo-finance); the licence's permission
notice applies to them.  Changes: `_validate_symbols`, a `@staticmethod` of the `YahooFinance`
class, is a module-level function (its body verbatim); where the tool returns
`error_result("INVALID_ARGUMENT", ...)` (an MCP result with `isError` set) the interface
raises a local `ToolError` with the same message, as the tool's own `except` turns every
`ValueError` of the vendored helpers into that same error result; the price download and the
metrics are replaced by the implementation layer, which receives the symbols to request.

The implementation layer is ours.  SCHEMA is what the package's `generate_tool` derives from
the method's signature and docstring (no `additionalProperties`, no bounds).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "symbols": {"type": "array", "items": {"type": "string"},
                    "description": "One to 10 Yahoo Finance symbols to analyze."},
        "start_date": {"type": "string", "description": "Inclusive start date in YYYY-MM-DD format."},
        "end_date": {"type": "string", "description": "Inclusive end date in YYYY-MM-DD format."},
        "benchmark_symbol": {"type": "string", "default": None,
                             "description": "Optional symbol used for relative return and correlation."},
        "limit": {"type": "integer", "default": 100,
                  "description": "Maximum price rows returned per symbol, from 1 to 500."},
    },
    "required": ["symbols", "start_date", "end_date"],
}
EXAMPLE: dict[str, Any] = {"symbols": ["AAPL", "msft", "AAPL"], "start_date": "2026-01-02",
                           "end_date": "2026-03-31", "benchmark_symbol": "^GSPC", "limit": 250}


class ToolError(ValueError):
    """Stands in for the tool's `error_result("INVALID_ARGUMENT", ...)` (a refusal the model reads)."""


def validate_symbol(symbol: str) -> str:
    if not symbol or not isinstance(symbol, str):
        raise ValueError("Symbol must be a non-empty string")
    return symbol.upper().strip()


def validate_date(date_str: str, param_name: str = "date") -> str:
    try:
        datetime.strptime(date_str, "%Y-%m-%d")
    except (ValueError, TypeError):
        raise ValueError(f"{param_name} must be in YYYY-MM-DD format")
    return date_str


def _validate_symbols(symbols: list[str], limit: int = 20) -> list[str]:
    if not isinstance(symbols, list) or not symbols:
        raise ValueError("symbols must be a non-empty list")
    if len(symbols) > limit:
        raise ValueError(f"symbols must contain at most {limit} symbols")
    normalized = []
    for symbol in symbols:
        value = validate_symbol(symbol)
        if value not in normalized:
            normalized.append(value)
    return normalized


def get_performance_analysis_impl(symbols: list[str], start_date: str, end_date: str, benchmark: str | None,
                                  limit: int) -> dict[str, Any]:
    """The implementation layer (ours): where the package downloads the prices and computes the metrics."""
    return {"symbols": symbols, "start_date": start_date, "end_date": end_date, "benchmark": benchmark,
            "limit": limit}


def get_performance_analysis(
    symbols: list[str],
    start_date: str,
    end_date: str,
    benchmark_symbol: str | None = None,
    limit: int = 100,
) -> dict[str, Any]:
    """The interface layer: the package's checks, then the implementation."""
    normalized = _validate_symbols(symbols, limit=10)
    validate_date(start_date, "start_date")
    validate_date(end_date, "end_date")
    if start_date > end_date:
        raise ToolError("start_date must be on or before end_date")
    if not 1 <= limit <= 500:
        raise ToolError("limit must be between 1 and 500")
    benchmark = validate_symbol(benchmark_symbol) if benchmark_symbol else None
    requested = normalized + (
        [benchmark] if benchmark and benchmark not in normalized else []
    )
    return get_performance_analysis_impl(symbols=requested, start_date=start_date, end_date=end_date,
                                         benchmark=benchmark, limit=limit)
