"""Fuzz targets: one tool made callable under a time bound, in a worker process.

`Target.call(args) -> Call` runs the tool's own code (nothing replaces it) and reports what
a host would see.  The layers, bottom up:

* `_worker` (the forked worker process, killed on timeout) and `_pickling` (exceptions
  carried back from it);
* `_target`: the `Target` record and its exceptions;
* `_load`: reading references (`"module:object"`, `stdio:`, local MCP URLs), the layer
  `implementation=` names, and the spec a `schema=` gives;
* `_python` (functions, boundary Tools, OpenAI specs, LangChain) and `_mcp` (MCP servers
  in memory, over stdio, over HTTP): one adapter per kind of tool;
* `_resolve`: everything `fuzz()` accepts -> its targets.
"""

from __future__ import annotations

from .._errors import TargetError
from .._jsonvalue import observable
from ._load import McpEndpoint, load, spec_for
from ._resolve import check_call_options, resolve
from ._target import McpError, McpFault, Refused, Target, ToolCrashed

__all__ = ["McpEndpoint", "McpError", "McpFault", "Refused", "Target", "TargetError", "ToolCrashed",
           "check_call_options", "load", "observable", "resolve", "spec_for"]
