# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from hermes-agent-mcp 0.1.1 (PyPI), file hermes_mcp/server.py: the `config_set` tool
and `_result`; file hermes_mcp/configfile.py: `VALUE_TYPES`, `ConfigError`, `coerce`, `_split`,
`load` and `set_value`.  The tool writes one value into the Hermes Agent's `config.yaml` with an
explicit type, "to avoid the YAML trap where off, no and yes silently become booleans".  The key
is a dotted path split at `.`, empty parts dropped (`.a..b.` is `a.b`; a key of dots alone is
refused), each missing or non-mapping section on the way replaced by a new mapping.  The value
is a string read by `value_type`, which must be one of six, case-sensitive: `str` keeps it as
given, `int` and `float` read it with Python's `int()` and `float()` (so ` 42 `, `1_000`, `nan`,
`inf` and `1e3` pass), `bool` takes `true/yes/1/on` and `false/no/0/off` after stripping and
lower-casing and refuses anything else, `null` ignores it, and `json` reads it as YAML (so the
trap comes back there: `off` is false, `0x1F` is 31, a date is a date).  A backup of the file is
written before the file itself; the answer is JSON text with `ok`, the value, its type name and
the enclosing section.  Nothing is raised to the caller: a refusal (an unknown type, an
unreadable number or boolean, an empty key, bad YAML) comes back as JSON with `"ok": false`, but
for a YAML error, which is neither a `ConfigError` nor a `ValueError` and escapes.  MIT License,
Copyright (c) 2026 Woonyong Choi (hermes-agent-mcp); see https://opensource.org/licenses/MIT.
The functions are verbatim, but for the changes below (checked by comparing ASTs with the
wheel's source: each vendored function, class and constant, unparsed from both and compared with
`ast.dump`, the tool's decorator set aside, is equal).

Changes: the tool, registered with `@mcp.tool()` on the MCP SDK's FastMCP (the package imports
`mcp.server.mcpserver.MCPServer` under mcp 2 and `mcp.server.fastmcp.FastMCP` under mcp 1), is
validated by pydantic against its signature, as the SDK does (not reproduced: its parsing of JSON
text given for a non-string argument, and its ignoring of unknown arguments, which pydantic
refuses here).  `configfile` (the package's module, as the server names it) is a namespace over
the vendored functions.  `settings` stands in for the package's `Settings.from_env()`: writes
allowed (HERMES_MCP_ALLOW_WRITE defaults to on) and a home directory that is a stand-in `_Home`,
whose `/` gives a `_ConfigFile` in place of a `pathlib.Path`: `config.yaml` exists and holds a
fixed configuration (a model, display and agent sections), read afresh on each call, and a
write of any file is handed on to the implementation layer rather than made on disk.

The implementation layer is ours: `write_text` is where the package writes a file of the
Hermes home (`Path.write_text`): first the backup `config.yaml.bak` with the old text, then
`config.yaml` with the new YAML; it receives the file's name and the text.  SCHEMA is what the
package's FastMCP derives: `inputSchema` of the tool as registered, under mcp 1.30.0, in a
throwaway venv with the package's own module imported.  It states three strings, no type list,
no key form and no boolean spelling.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import yaml
from pydantic import validate_call

SCHEMA: dict[str, Any] = {
    "properties": {
        "key": {"title": "Key", "type": "string"},
        "value": {"title": "Value", "type": "string"},
        "value_type": {"default": "str", "title": "Value Type", "type": "string"},
    },
    "required": ["key", "value"],
    "title": "config_setArguments",
    "type": "object",
}
EXAMPLE: dict[str, Any] = {"key": "display.show_reasoning", "value": " Off ", "value_type": "bool"}

_CONFIG_YAML = """\
model:
  default: hermes-4-405b
  provider: nous
display:
  show_reasoning: true
  skin: default
agent:
  max_turns: 60
  reasoning_effort: medium
"""


def write_text(name: str, text: str) -> int:
    """The implementation layer (ours): where the package writes the file `name` of the Hermes
    home (`config.yaml.bak`, then `config.yaml`).  Answers as `Path.write_text` does, the number
    of characters written."""
    return len(text)


class _ConfigFile:
    """Stands in for a `pathlib.Path` in the Hermes home: `config.yaml` exists with a fixed
    text; writes go to the implementation layer."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.suffix = Path(name).suffix
        self.parent = SimpleNamespace(mkdir=lambda parents=False, exist_ok=False: None)

    def is_file(self) -> bool:
        return self.name == "config.yaml"

    def read_text(self, encoding: str | None = None) -> str:
        if self.name != "config.yaml":
            raise FileNotFoundError(self.name)
        return _CONFIG_YAML

    def write_text(self, data: str, encoding: str | None = None) -> int:
        return write_text(self.name, data)

    def with_suffix(self, suffix: str) -> "_ConfigFile":
        return _ConfigFile(str(Path(self.name).with_suffix(suffix)))


class _Home:
    """Stands in for the Hermes home directory (`~/.hermes`)."""

    def __truediv__(self, name: str) -> _ConfigFile:
        return _ConfigFile(name)


#: stands in for the package's `Settings.from_env()`
settings = SimpleNamespace(allow_write=True, home=_Home())

VALUE_TYPES = ("str", "int", "float", "bool", "null", "json")


class ConfigError(RuntimeError):
    """Raised for a malformed key path or an unusable value."""


def coerce(value: str, value_type: str) -> Any:
    """Turn the string ``value`` into the requested Python type."""
    if value_type not in VALUE_TYPES:
        raise ConfigError(f"unknown value_type {value_type!r}; use one of {', '.join(VALUE_TYPES)}")
    if value_type == "str":
        return value
    if value_type == "int":
        return int(value)
    if value_type == "float":
        return float(value)
    if value_type == "bool":
        lowered = value.strip().lower()
        if lowered in {"true", "yes", "1", "on"}:
            return True
        if lowered in {"false", "no", "0", "off"}:
            return False
        raise ConfigError(f"cannot read {value!r} as a boolean")
    if value_type == "null":
        return None
    return yaml.safe_load(value)


def _split(key: str) -> list[str]:
    parts = [part for part in key.split(".") if part]
    if not parts:
        raise ConfigError("key must not be empty")
    return parts


def load(path: Path) -> dict[str, Any]:
    if not path.is_file():
        return {}
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data if isinstance(data, dict) else {}


def set_value(path: Path, key: str, value: Any) -> dict[str, Any]:
    """Write ``value`` at ``key`` and return the enclosing section."""
    data = load(path)
    parts = _split(key)
    node = data
    for part in parts[:-1]:
        child = node.get(part)
        if not isinstance(child, dict):
            child = {}
            node[part] = child
        node = child
    node[parts[-1]] = value

    path.parent.mkdir(parents=True, exist_ok=True)
    backup = path.with_suffix(path.suffix + ".bak")
    if path.is_file():
        backup.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    path.write_text(
        yaml.safe_dump(data, allow_unicode=True, sort_keys=False),
        encoding="utf-8",
    )
    return {parts[-1]: value} if len(parts) == 1 else {parts[-2]: node}


configfile = SimpleNamespace(coerce=coerce, set_value=set_value, ConfigError=ConfigError)


def _result(payload: Any) -> str:
    return json.dumps(payload, ensure_ascii=False, indent=2, default=str)


@validate_call
def config_set(key: str, value: str, value_type: str = "str") -> str:
    """Write one config.yaml value with an explicit type.

    `value_type` is one of str, int, float, bool, null, json. Passing a type
    avoids the YAML trap where "off", "no" and "yes" silently become booleans -
    several Hermes options compare against the string, so an auto-parsed value
    quietly does nothing. A .bak copy is written before the file changes.
    """
    if not settings.allow_write:
        return _result({"ok": False, "error": "write tools are disabled"})
    try:
        parsed = configfile.coerce(value, value_type)
        section = configfile.set_value(settings.home / "config.yaml", key, parsed)
    except (configfile.ConfigError, ValueError) as exc:
        return _result({"ok": False, "error": str(exc)})
    return _result(
        {
            "ok": True,
            "key": key,
            "value": parsed,
            "type": type(parsed).__name__,
            "section": section,
            "note": "restart the gateway for messaging changes to take effect",
        }
    )
