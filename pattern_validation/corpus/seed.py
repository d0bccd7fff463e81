"""Shape `seed`: a search tool in the style of seed FastMCP tools, with hand-written normalisers.

`search_web(query, search_depth, max_results, include_domains, time_range, safe_search)`:
the defects are the ones such normalisers carry in practice (`_normalize_search_depth`
defaulting, `int(float(x))`, a missing maximum, `bool(flag)`, `split(",")` without strip).
"""

from __future__ import annotations

from typing import Any

from . import _kit as k
from ._manifest import Shape

DEPTHS = ("basic", "advanced")
PERIODS = ("day", "week", "month", "year")

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "query": {"type": "string", "minLength": 1, "maxLength": 400, "description": "What to search for."},
        "search_depth": {"type": "string", "enum": list(DEPTHS), "default": "basic", "description": "basic or advanced."},
        "max_results": {"type": "integer", "minimum": 1, "maximum": 20, "default": 5, "description": "1 to 20 results."},
        "include_domains": {"type": ["array", "null"], "items": {"type": "string", "format": "hostname"}, "maxItems": 10,
                            "default": None, "description": "Only results from these domains."},
        "time_range": {"type": ["string", "null"], "enum": [*PERIODS, None], "default": None,
                       "description": "Only results from this period."},
        "safe_search": {"type": "boolean", "default": True, "description": "Filter explicit results."},
    },
    "required": ["query"],
    "additionalProperties": False,
}

SHAPE = Shape(
    __name__, "search_web", SCHEMA,
    readers={
        "query": k.text(1, 400),
        "search_depth": k.choice(DEPTHS),
        "max_results": k.integer(1, 20),
        "include_domains": k.optional(k.listing(k.hostname(), max_items=10)),
        "time_range": k.optional(k.choice(PERIODS)),
        "safe_search": k.boolean(),
    },
    required=("query",), backend="search", doc="Search the web; returns the request it ran.",
)
ENTRIES = SHAPE.entries

SHAPE.controls("correct hand-written normalisers")  # module attributes search_web and search_web_boundary


def _normalize_search_depth(field: str, value: Any) -> Any:
    if str(value).strip().lower() in ("advanced", "deep", "thorough"):
        return "advanced"
    return "basic"  # anything unrecognised means the default


def _max_results_int_float(field: str, value: Any) -> Any:
    try:
        number = int(float(value))  # accepts "5", "5.0" ... and 2.5
    except (TypeError, ValueError):
        raise k.refuse("TYPE_ERROR", field, "an integer from 1 to 20", value) from None
    if not 1 <= number <= 20:
        raise k.refuse("OUT_OF_RANGE", field, "an integer from 1 to 20", value)
    return number


def _max_results_no_maximum(field: str, value: Any) -> Any:
    number = k.integer()(field, value)
    if number < 1:
        raise k.refuse("OUT_OF_RANGE", field, "an integer of at least 1", value)
    return number  # the upper bound lives only in the description


def _max_results_clamped(field: str, value: Any) -> Any:
    return min(max(k.integer()(field, value), 1), 20)  # "be forgiving": clamp instead of refusing


def _safe_search_bool(field: str, value: Any) -> Any:
    return bool(value)  # bool("false") is True


def _safe_search_strip(field: str, value: Any) -> Any:
    return value.strip().lower() in ("true", "1", "yes", "on")  # a JSON boolean has no .strip()


def _domains_split(field: str, value: Any) -> Any:
    if isinstance(value, str):
        return value.split(",")  # "a.org, b.org" -> ["a.org", " b.org"]
    return k.optional(k.listing(k.hostname(), max_items=10))(field, value)


def _time_range_optional_string(field: str, value: Any) -> Any:
    text = str(value).strip().lower()
    return text if text in PERIODS else None  # an unknown period silently means "any time"


def _query_cleaned(field: str, value: Any) -> Any:
    return k.text(1, 400)(field, value).strip().lower()  # "tidy" the query


SHAPE.planted("depth_unknown_default", "search_depth", _normalize_search_depth,
              trigger={"query": "python", "search_depth": "zzz_unknown"}, intended=None,
              checks=("rejects_invalid",), why="an unknown search_depth silently becomes 'basic'")
SHAPE.planted("results_int_float", "max_results", _max_results_int_float,
              trigger={"query": "python", "max_results": 2.5}, intended=None,
              checks=("rejects_invalid",), why="int(float(x)) truncates max_results=2.5 to 2")
SHAPE.planted("results_no_maximum", "max_results", _max_results_no_maximum,
              trigger={"query": "python", "max_results": 21}, intended=None,
              checks=("rejects_invalid",), why="no maximum check: max_results=21 reaches the backend")
SHAPE.planted("results_clamped", "max_results", _max_results_clamped,
              trigger={"query": "python", "max_results": 50}, intended=None,
              checks=("rejects_invalid",), why="max_results=50 is clamped to 20 instead of refused")
SHAPE.planted("safe_search_bool", "safe_search", _safe_search_bool,
              trigger={"query": "python", "safe_search": "false"}, intended={"query": "python", "safe_search": False},
              checks=("no_silent_corruption", "rejects_invalid"), why='bool("false") is True')
SHAPE.planted("safe_search_strip", "safe_search", _safe_search_strip,
              trigger={"query": "python", "safe_search": False}, intended={"query": "python", "safe_search": False},
              checks=("total", "identity_on_canonical", "rejects_invalid", "no_silent_corruption", "idempotent"),
              why="flag.strip() crashes on a JSON boolean (and any unknown word means False)")
SHAPE.planted("domains_split_no_strip", "include_domains", _domains_split,
              trigger={"query": "python", "include_domains": "python.org, pypi.org"},
              intended={"query": "python", "include_domains": ["python.org", "pypi.org"]},
              checks=("no_silent_corruption", "typed_implementation", "idempotent"),
              why='split(",") without strip: " pypi.org" reaches the backend')
SHAPE.planted("time_range_unknown_none", "time_range", _time_range_optional_string,
              trigger={"query": "python", "time_range": "zzz_unknown"}, intended=None,
              checks=("rejects_invalid", "no_silent_corruption"), why="an unknown time_range silently becomes None (no filter)")
SHAPE.planted("query_lowercased", "query", _query_cleaned,
              trigger={"query": "Python 3.13"}, intended={"query": "Python 3.13"},
              checks=("identity_on_canonical", "no_silent_corruption"), why="the query is stripped and lower-cased",
              blackbox=False)
