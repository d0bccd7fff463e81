"""One crash in many tools: said once for the server, beside each tool's own finding.

Trial 13: mathmethods-mcp drew six findings of one crash, the mcp 1.x SDK's JSON pre-parse
recursing on `'[' * 50000`, one per tool that happened to be sent it; the report read as six
defects of six tools.  Each tool's finding stays (its item fails, its call reproduces it),
and one line names the crash and the tools it was met in.  The same place in process is one
cause; the same words from a server may be two tools dividing by zero, so the line says
when it is one fix, not that it is.

Plain data only: the xdist controller prints the session summary without the fuzzer.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["cause_of", "shared_causes"]

#: the MCP SDKs' and FastMCP's prefix naming the tool ("Error executing tool now: ...")
_PREFIX = re.compile(r"^\s*Error (?:executing|calling) tool '?[\w.-]+'?:\s*")
#: a finding key's outcome part for a crash: then the exception and where it was raised
_CRASH = "escaped"
#: key kinds of a crash the tool answered as text (`_run.failure_key`, `_checks.total`)
_ANSWERED = ("McpFault", "crash in the answer")


def cause_of(tool: str, key: Iterable[str]) -> str:
    """A crash finding's cause without the tool's name: its words, or the type and place it was
    raised at; "" for a finding that is no crash, or a dead process, which says nothing of
    what killed it."""
    parts = [str(p) for p in key]
    if parts[1:2] != [_CRASH] or parts[2:] == ["ToolCrashed"]:
        return ""
    kind, detail = parts[2] if len(parts) > 2 else "", [_PREFIX.sub("", p) for p in parts[3:]]
    # a crash answered as text is its words; one raised in process, its type and place
    said = " ".join(detail) if kind in _ANSWERED else f"{kind} at {' '.join(detail) or '<call>'}"
    return re.sub(rf"\b{re.escape(tool)}\b", "<tool>", said).strip()


def shared_causes(crashes: Iterable[tuple[str, str]]) -> list[str]:
    """Lines for the causes met in two tools or more, from (tool, cause) pairs."""
    tools: dict[str, list[str]] = {}
    for tool, cause in crashes:
        if cause and tool not in tools.setdefault(cause, []):
            tools[cause].append(tool)
    lines = []
    for cause, names in tools.items():
        if len(names) < 2:
            continue
        shown = ", ".join(names[:6]) + (", ..." if len(names) > 6 else "")
        lines.append(f"the same crash in {len(names)} tools ({shown}): {cause[:240]}; if they share the code "
                     "that raised it (or it is the server's framework), it is one fix")
    return lines
