# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from database-mcp-core 0.3.1 (PyPI), file database_mcp_core/sql_guard.py: `guard_sql`,
`_scan`, `_first_word` and their constants; file database_mcp_core/server.py: `build_server`
(the `execute_sql` tool's schema and its `call_tool` handler), `_execute_sql`,
`_sanitize_error`, `_json_default`, `_ToolError`, `_error` and their patterns; file
database_mcp_core/secret.py: `redact` and its patterns; file database_mcp_core/config.py:
`Guardrails`.  `execute_sql` runs one SQL statement, read-only by default: the arguments are
checked by `jsonschema` against the tool's own schema (`sql` a string, required), then the
statement is classified by hand, not parsed: CRLF folded to LF, a scan over quotes and comments
(single, double and back quotes, `--` line comments, `/* */` block comments) finds an empty statement
(only whitespace, comments or nothing) and a second statement after a `;`, and when the text
holds anything the engines lex differently (a backslash, `$`, `#`, a backtick, `[`, a lone CR,
`--` not followed by a space, tab or newline, a nested or executable `/*!` comment) any `;`
before the trailing run of blanks and `;` counts as a second statement; then, read-only, the
first word after leading blanks and comments, upper-cased, must be one of SELECT, WITH, EXPLAIN,
VALUES, SHOW, DESCRIBE or DESC (so `WITH x AS (...) DELETE ...` passes, as the package says, left
to the database session), and `INTO OUTFILE`/`INTO DUMPFILE` anywhere is refused.  The
statement is handed on unchanged (CRLF included) with the row cap (1000) and the timeout
(30000 ms); the answer is a summary line and compact JSON.  Refusals, and any error of the
query, come back as a result with `is_error` true and a stable prefix (`read-only:`,
`multi-statement:`, `timeout:`, "Input validation error: ..."), never raised.  MIT License
(database-mcp-core by Ariful Islam: the wheel's metadata says `License-Expression: MIT` and it
ships no licence file); see https://opensource.org/licenses/MIT.  The functions are
verbatim, but for the changes below (checked by comparing ASTs with the wheel's source: each
vendored function, class and constant, unparsed from both and compared with `ast.dump` after
`async def` was read as `def`, is equal).

Changes: `build_server`'s two handlers, `list_tools` and `call_tool`, are `async` in the
package and plain functions here (they await nothing).  The package registers them on the MCP
SDK's low-level `Server` (mcp 2.x: `on_list_tools`, `on_call_tool`), which hands `call_tool`
the raw request; `Server` and `types` (the SDK's `Tool`, `TextContent`, `CallToolResult` and
`ListToolsResult`) are stand-ins keeping what they are given, and `execute_sql` (ours) is the
SDK's dispatch of a `tools/call` request for that tool to `call_tool`, the arguments as given.
The adapter (`PostgresAdapter` in database-mcp-postgres, over psycopg) is a stand-in whose
`query` hands the call on to the implementation layer; the server is built as `serve()` builds
it, with the default `Guardrails` (read-only, 1000 rows, 30000 ms: no `--allow-write`, no
limits given).  `jsonschema` is the real library.  The `search_objects` tool, the secret
registry's other functions and the transports are left out.

The implementation layer is ours: `run_query` is where the adapter runs the statement on the
database (in a read-only transaction rolled back after); it receives the SQL text, the row cap
and the timeout and answers as the adapter does, one row echoing them.  SCHEMA is what the
package's server publishes: `input_schema` of `execute_sql` as its `tools/list` handler answers
it, from `build_server` under mcp 2.3.0 (the package asks for mcp >= 2.0, < 3) in a throwaway
venv with the package installed.  It states a string and nothing of what a statement may be.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, Optional

import jsonschema

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"sql": {"type": "string", "description": "A single SQL statement"}},
    "required": ["sql"],
}
EXAMPLE: dict[str, Any] = {
    "sql": "-- biggest customers\r\nSELECT name, total FROM customers WHERE note <> 'a;b' ORDER BY total DESC LIMIT 5;  "
}


def run_query(sql: str, *, max_rows: int, timeout_ms: int) -> dict[str, Any]:
    """The implementation layer (ours): where the adapter runs `sql` on the database with
    `max_rows` and `timeout_ms`.  Answers as the adapter does, one row echoing the call."""
    return {"columns": ["sql", "max_rows", "timeout_ms"],
            "rows": [{"sql": sql, "max_rows": max_rows, "timeout_ms": timeout_ms}],
            "rowCount": 1, "truncated": False}


class _Adapter:
    """Stands in for database-mcp-postgres's `PostgresAdapter`: `query` hands the call on to
    the implementation layer."""

    engine = "postgres"

    def query(self, sql: str, *, max_rows: int, timeout_ms: int) -> dict[str, Any]:
        return run_query(sql, max_rows=max_rows, timeout_ms=timeout_ms)


@dataclass
class Tool:
    """Stands in for `mcp.types.Tool`."""

    name: str
    description: str = ""
    input_schema: dict[str, Any] = field(default_factory=dict)


@dataclass
class TextContent:
    """Stands in for `mcp.types.TextContent`."""

    type: str
    text: str


@dataclass
class CallToolResult:
    """Stands in for `mcp.types.CallToolResult`."""

    content: list[Any] = field(default_factory=list)
    is_error: bool = False


@dataclass
class ListToolsResult:
    """Stands in for `mcp.types.ListToolsResult`."""

    tools: list[Any] = field(default_factory=list)


#: stands in for `mcp.types`
types = SimpleNamespace(Tool=Tool, TextContent=TextContent, CallToolResult=CallToolResult,
                        ListToolsResult=ListToolsResult)


class Server:
    """Stands in for the MCP SDK's low-level `Server`: keeps its name and handlers."""

    def __init__(self, name: str, version: Optional[str] = None, on_list_tools: Any = None,
                 on_call_tool: Any = None) -> None:
        self.name = name
        self.version = version
        self.on_list_tools = on_list_tools
        self.on_call_tool = on_call_tool


# --- database_mcp_core/secret.py
_secrets: set[str] = set()
_URI_CREDENTIALS = re.compile(r"([a-z][a-z0-9+.-]*://[^:@/\s]*):[^@/\s]+@", re.IGNORECASE)
_KV_PASSWORD = re.compile(r"\b(password\s*=\s*)('(?:[^'\\]|\\.)*'|[^\s']+)", re.IGNORECASE)


def redact(text: str) -> str:
    """Masks every registered secret and anything shaped like URI credentials.

    Belt and suspenders for logs from dependencies we don't control.
    """
    out = _KV_PASSWORD.sub(r"\1***", _URI_CREDENTIALS.sub(r"\1:***@", text))
    for s in _secrets:
        out = out.replace(s, "***")
    return out


# --- database_mcp_core/config.py
@dataclass
class Guardrails:
    read_only: bool = True
    max_rows: int = 1000
    query_timeout_ms: int = 30000


# --- database_mcp_core/sql_guard.py
_READ_PREFIXES = {"SELECT", "WITH", "EXPLAIN", "VALUES", "SHOW", "DESCRIBE", "DESC"}
_WHITESPACE = " \t\n\v\f"
_FIRST_WORD = re.compile(r"[A-Za-z]+")
_INTO_FILE = re.compile(r"\bINTO\s+(OUTFILE|DUMPFILE)\b", re.IGNORECASE)
_TRAILING = re.compile(r"[ \t\n\v\f;]+$")


def _first_word(sql: str) -> str:
    """First keyword after leading whitespace and comments, or "" when the
    lead is anything an engine could read differently: a lone CR, `#`, an
    executable comment (`/*!`, `/*M!`), a nested or unterminated comment."""
    i = 0
    while True:
        while i < len(sql) and sql[i] in _WHITESPACE:
            i += 1
        if sql.startswith("--", i):
            end = sql.find("\n", i)
            if end == -1 or "\r" in sql[i:end]:
                return ""
            i = end + 1
        elif sql.startswith("/*", i):
            end = sql.find("*/", i + 2)
            if end == -1:
                return ""
            body = sql[i + 2 : end]
            if body.startswith(("!", "M!")) or "/*" in body:
                return ""
            i = end + 2
        else:
            break
    m = _FIRST_WORD.match(sql, i)
    return m.group(0).upper() if m else ""


def _scan(sql: str) -> tuple[bool, bool]:
    """Returns (empty, multi). Scans quotes and comments the way SQLite, MySQL
    and Postgres all agree on. Text they lex differently (backslash escapes,
    dollar quotes, `#` comments, backticks, `[identifiers]`, a lone CR ending
    a comment, `--` without a space, nested or executable comments) makes the
    scan ambiguous; then any semicolon before the end counts as a second
    statement."""
    quote: str | None = None
    comment: str | None = None
    ambiguous = False
    empty = True
    after_semi = False
    multi = False
    i = 0
    while i < len(sql):
        ch = sql[i]
        nxt = sql[i + 1 : i + 2]
        if ch in "\\$#[`\r":
            ambiguous = True
        if comment == "line":
            if ch == "\n":
                comment = None
        elif comment == "block":
            if ch == "/" and nxt == "*":
                ambiguous = True
            if ch == "*" and nxt == "/":
                comment = None
                i += 1
        elif quote:
            if ch == quote:
                quote = None
        elif ch == "-" and nxt == "-":
            if sql[i + 2 : i + 3] not in (" ", "\t", "\n"):
                ambiguous = True
            comment = "line"
            i += 1
        elif ch == "/" and nxt == "*":
            if sql.startswith(("!", "M!"), i + 2):
                ambiguous = True
            comment = "block"
            i += 1
        elif ch == ";":
            empty = False
            after_semi = True
        elif ch not in _WHITESPACE:
            empty = False
            if after_semi:
                multi = True
            if ch in ("'", '"', "`"):
                quote = ch
        i += 1
    if ambiguous:
        multi = ";" in _TRAILING.sub("", sql)
    return empty, multi


def guard_sql(sql: str, read_only: bool) -> str | None:
    """Returns an error message (with its stable prefix) or None.

    Conservative: anything not obviously a read is treated as a write. Writes
    that sneak past (e.g. `WITH x AS (...) DELETE ...`) are stopped by the
    adapter's session-level read-only enforcement, layer two.
    """
    normalized = sql.replace("\r\n", "\n")
    empty, multi = _scan(normalized)
    if empty:
        return "read-only: empty statement"
    if multi:
        return "multi-statement: only a single SQL statement is allowed"
    if read_only:
        first = _first_word(normalized)
        if first not in _READ_PREFIXES:
            return f"read-only: statement '{first}' is blocked (start the server with --allow-write to enable writes)"
        # MySQL writes files on the server from a plain SELECT.
        if _INTO_FILE.search(normalized):
            return "read-only: SELECT ... INTO OUTFILE/DUMPFILE is blocked (start the server with --allow-write to enable writes)"
    return None


# --- database_mcp_core/server.py
_PREFIXED = re.compile(r"timeout:|read-only:|multi-statement:|unknown table:")
_LAYER2_READONLY = re.compile(r"readonly database|query_only|read.only transaction", re.IGNORECASE)
_LAYER2_TIMEOUT = re.compile(r"inactivity timeout|PROTOCOL_SEQUENCE_TIMEOUT|statement timeout", re.IGNORECASE)


def _sanitize_error(e: Exception) -> str:
    """Maps session-level write rejections (layer two) to the stable prefix."""
    message = str(e)
    if _PREFIXED.search(message):
        return message
    if _LAYER2_READONLY.search(message):
        return "read-only: statement blocked by the database session (start the server with --allow-write to enable writes)"
    if _LAYER2_TIMEOUT.search(message):
        return "timeout: query exceeded the configured queryTimeoutMs"
    # Tool results travel over stdout (the MCP stream), which the stderr
    # redaction filter cannot cover; mask driver messages here too.
    return redact(message)


class _ToolError(Exception):
    """Raised with the exact tool error text; call_tool returns str(e) with isError."""


def _error(text: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=True)


def build_server(adapter: DatabaseAdapter, guardrails: Guardrails, version: str) -> Server:
    tools = [
        types.Tool(
            name="execute_sql",
            description=(
                f"Run a single SQL statement against the {adapter.engine} database. "
                "Returns a summary line followed by compact JSON {columns, rows}. "
                + ("The connection is read-only. " if guardrails.read_only else "")
                + f"Results are capped at {guardrails.max_rows} rows."
            ),
            input_schema={
                "type": "object",
                "properties": {"sql": {"type": "string", "description": "A single SQL statement"}},
                "required": ["sql"],
            },
        ),
        types.Tool(
            name="search_objects",
            description=(
                "Explore the schema progressively. Without arguments: list all tables with "
                "estimated row counts. With a table name: full detail, columns, indexes, "
                "and foreign keys."
            ),
            input_schema={
                "type": "object",
                "properties": {
                    "table": {"type": "string", "description": "Table name for detail; omit to list tables"}
                },
            },
        ),
    ]
    schemas = {t.name: t.input_schema for t in tools}

    def list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tools)

    def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        # SDK 2.x hands the raw request to this handler; input validation and
        # exception-to-isError mapping (the 1.x decorator's job) happen here.
        name, arguments = params.name, params.arguments or {}
        try:
            if name in schemas:
                try:
                    jsonschema.validate(instance=arguments, schema=schemas[name])
                except jsonschema.ValidationError as e:
                    return _error(f"Input validation error: {e.message}")
            if name == "execute_sql":
                text = _execute_sql(adapter, guardrails, arguments["sql"])
            elif name == "search_objects":
                text = _search_objects(adapter, arguments.get("table"))
            else:
                raise _ToolError(f"unknown tool: {name}")
        except Exception as e:
            return _error(str(e))
        return types.CallToolResult(content=[types.TextContent(type="text", text=text)])

    return Server(
        f"database-mcp-{adapter.engine}", version=version, on_list_tools=list_tools, on_call_tool=call_tool
    )


def _json_default(value: Any) -> Any:
    """Binary values (BLOB, BYTEA, BINARY) are returned as lowercase hex in
    every language (issue #39); json.dumps calls this only for values it
    cannot serialize itself."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        return value.hex()
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


def _execute_sql(adapter: DatabaseAdapter, guardrails: Guardrails, sql: str) -> str:
    blocked = guard_sql(sql, guardrails.read_only)
    if blocked:
        raise _ToolError(blocked)
    try:
        r = adapter.query(sql, max_rows=guardrails.max_rows, timeout_ms=guardrails.query_timeout_ms)
    except Exception as e:
        raise _ToolError(_sanitize_error(e)) from None
    if not r["columns"]:
        summary = f"OK ({r['rowCount']} affected)"
    elif r["truncated"]:
        summary = f"truncated to {r['rowCount']} rows"
    else:
        summary = f"{r['rowCount']} rows"
    payload = json.dumps({"columns": r["columns"], "rows": r["rows"]}, separators=(",", ":"), default=_json_default)
    return f"{summary}\n{payload}"


#: the server as `serve()` builds it, with the default guardrails (a stand-in's wiring)
_server = build_server(_Adapter(), Guardrails(), "0.3.1")


def execute_sql(**arguments: Any) -> Any:
    """The interface (ours): the SDK's dispatch of a `tools/call` request for `execute_sql` to
    the server's `call_tool` handler, the arguments as given."""
    return _server.on_call_tool(None, SimpleNamespace(name="execute_sql", arguments=arguments))
