"""docs/reference/options.md: keywords, command-line options, ini keys, markers, fixtures.

Types and defaults are read from the signatures and from the registrations themselves (a
real pytest parser with the plugin loaded); the meaning of a keyword is written here, and a
keyword without one (or one described that no longer exists) raises.
"""

from __future__ import annotations

import argparse
import inspect
import re
from collections.abc import Callable
from typing import Any

import pytest_aacl.strategies as strategies

import pytest_aacl

from ._md import cell

#: function -> keyword -> what it means.  Types and defaults come from the signature.
KEYWORDS: dict[str, dict[str, str]] = {
    "fuzz": {
        "target": "what to fuzz: a boundary `Tool`, a function, a FastMCP / MCP SDK server or tool, a LangChain "
                  "tool, an OpenAI / Anthropic tool dict, a `stdio:` or `http://` MCP endpoint, or `\"module:object\"`",
        "schema": "the parameters (JSON Schema, tool dict or `ToolSpec`) of a hand-written interface; default: its type hints",
        "implementation": "the layer the interface calls (`\"module:attr\"` or `(obj, \"attr\")`), observed for the run; "
                          "without one the tool is judged as a black box",
        "checks": "names of registered checks to run; default: all of `CHECKS`",
        "max_examples": "generated calls per check",
        "seed": "seed for a reproducible run; default: random, printed in the report",
        "correction": "the exception type (or tuple of types) that counts as a correction for tools not built with the boundary",
        "timeout": "seconds each call may take; a hang is a `total` finding",
        "reset": "a function called before every call, in the process the tool runs in",
        "corpus": "a regression-corpus directory; its saved cases for the tool run first",
        "values": "argument name -> a value the tool accepts (an existing file, a known id): the intended "
                  "value of every argument so named; `\"tool.argument\"`: that tool's only (ini `aacl_values`)",
    },
    "boundary": {
        "impl": "the implementation (positional only); omitted for `@boundary(...)`",
        "schema": "the parameters as JSON Schema (draft-07 or 2020-12) or a whole OpenAI / Anthropic tool dict; default: type hints",
        "name": "the tool name; default: the function's name",
        "description": "the tool description; default: the docstring",
        "date_order": "`\"DMY\"`, `\"MDY\"` or `\"YMD\"`: how to read a numeric date whose order cannot be told (`x-aacl-date-order`)",
        "synonyms": "`{field: {allowed value: [synonyms]}}` for enum fields (`x-aacl-synonyms`)",
        "naive_datetime": "`\"reject\"`, `\"utc\"` or `\"keep\"`: date-times without an offset (`x-aacl-naive-datetime`)",
        "debug": "re-validate every normalised call against the strict schema",
    },
    "check": {
        "func": "the check function (positional); omitted for `@check(...)`",
        "name": "the registered name; default: the function's name",
        "inputs": "which generated calls it judges: `conforming`, `hallucinated`, `invalid`, `adversarial`",
        "replace": "replace a check already registered under the name (otherwise refused)",
        "needs_implementation": "it reads `call.received`: not applicable to a black box",
        "severity": "`\"defect\"` fails a run; `\"advice\"` is reported and passes unless `--aacl-advice-fails`",
        "fix": "the default `Fix:` line of its findings",
        "code": "the stable identifier its findings carry as `Finding.code` (letters, digits, `_`, `-`); default: its name",
    },
    "conforming": {"schema": "a JSON Schema dict, a `ToolSpec` or a boundary `Tool`",
                   "registry": "a `referencing.Registry` holding the schemas remote `$ref`s name"},
    "hallucinated": {
        "schema": "a JSON Schema dict, a `ToolSpec` or a boundary `Tool`",
        "families": "restrict renderings to these family names; default: all of `FAMILIES`",
        "min_fields": "at least this many fields are re-rendered in one call",
    },
    "invalid": {"schema": "a JSON Schema dict, a `ToolSpec` or a boundary `Tool`"},
    "adversarial": {
        "schema": "a JSON Schema dict, a `ToolSpec` or a boundary `Tool`",
        "python_objects": "also plant values no JSON document holds (NaN, bytes, sets, objects whose methods raise)",
    },
    "coverage": {
        "kind": "`\"conforming\"`, `\"hallucinated\"`, `\"invalid\"` or `\"adversarial\"`",
        "schema": "a JSON Schema dict, a `ToolSpec` or a boundary `Tool`",
        "python_objects": "as for `adversarial`",
    },
    "renderings": {"value": "a canonical value valid under `schema`", "schema": "a JSON Schema for one value"},
    "all_renderings": {"value": "a canonical value valid under `schema`", "schema": "a JSON Schema for one value"},
}

FUNCTIONS: dict[str, Callable[..., Any]] = {
    "fuzz": pytest_aacl.fuzz, "boundary": pytest_aacl.boundary, "check": pytest_aacl.check,
    **{name: getattr(strategies, name) for name in
       ("conforming", "hallucinated", "invalid", "adversarial", "coverage", "renderings", "all_renderings")},
}

_PRIVATE_ALIAS = re.compile(r"(?<![\w.])_([A-Z]\w*)")


class UndocumentedError(AssertionError):
    """A registration or keyword the page data does not describe (or describes but is gone)."""


def _default(value: Any) -> str:
    if value is inspect.Parameter.empty:
        return "required"
    if isinstance(value, type):
        return f"`{value.__name__}`"
    return f"`{value!r}`"


def keyword_tables() -> str:
    out = []
    for fname, func in FUNCTIONS.items():
        params = inspect.signature(func).parameters
        described = KEYWORDS[fname]
        missing = [p for p in params if p not in described]
        gone = [p for p in described if p not in params]
        if missing or gone:
            raise UndocumentedError(f"{fname}(): keywords without a description in docs/_gen/options.py: "
                                    f"{missing}; described but not in the signature: {gone}")
        module = "pytest_aacl.strategies" if func.__module__.startswith("pytest_aacl.strategies") else "pytest_aacl"
        out += [f"### `{module}.{fname}()`", "", "| keyword | type | default | meaning |", "|---|---|---|---|"]
        for name, p in params.items():
            # a module's private import aliases (`_Any`) read as the public names they stand for
            shown = _PRIVATE_ALIAS.sub(r"\1", str(p.annotation))
            kind = "" if p.annotation is inspect.Parameter.empty else f"`{cell(shown)}`"
            out.append(f"| `{name}` | {kind} | {_default(p.default)} | {cell(described[name])} |")
        out.append("")
    return "\n".join(out).rstrip("\n")


def _config() -> Any:
    """A pytest config with the plugin loaded and configured, as a run would have it."""
    from _pytest.config import _prepareconfig

    config = _prepareconfig(["-p", "no:cacheprovider", "-p", "aacl"])
    config._do_configure()
    return config


def registrations() -> tuple[list[Any], dict[str, tuple[str, str, Any]], list[str]]:
    """(the plugin's command-line options, its ini keys, its markers) from a real parser."""
    config = _config()
    try:
        parser = config._parser
        options = [o for g in parser._groups for o in g.options if any(n.startswith("--aacl") for n in o.names())]
        inis = {k: v for k, v in parser._inidict.items() if k.startswith("aacl")}
        markers = [m for m in config.getini("markers") if m.split(":")[0].split("(")[0].startswith("aacl")]
    finally:
        config._ensure_unconfigure()
    return options, inis, markers


def command_line_table() -> str:
    options, _inis, _markers = registrations()
    lines = ["| option | value | default | meaning |", "|---|---|---|---|"]
    for o in options:
        attrs = o.attrs()
        value = f"`{attrs['metavar']}`" if attrs.get("metavar") else "(flag)"
        default = attrs.get("default")
        lines.append(f"| `{o.names()[0]}` | {value} | `{default!r}` | {cell(attrs.get('help', ''))} |")
    return "\n".join(lines)


def ini_table() -> str:
    _options, inis, _markers = registrations()
    lines = ["| ini key | type | default | meaning |", "|---|---|---|---|"]
    for name, (help_text, kind, default) in inis.items():
        lines.append(f"| `{name}` | {kind or 'string'} | `{default!r}` | {cell(help_text)} |")
    return "\n".join(lines)


def markers_list() -> str:
    from pytest_aacl._plugins.integration import MARKER

    _options, _inis, markers = registrations()
    lines = [f"* `@pytest.mark.{m.split(':', 1)[0]}`: {cell(m.split(':', 1)[1].strip())}" for m in markers]
    lines.append("* `@pytest.mark.<aacl_marker>` (only when the ini key `aacl_marker` or `--aacl-marker` names it): "
                 + cell(MARKER.format(name="<aacl_marker>", folder="<aacl_cassette_dir>").split(": ", 1)[1]))
    return "\n".join(lines)


def fixtures() -> dict[str, str]:
    """Public fixture name -> the first paragraph of its docstring, from the feature plugins."""
    import importlib

    from _pytest.fixtures import FixtureFunctionDefinition

    from pytest_aacl.plugin import _FEATURES

    out: dict[str, str] = {}
    for module in (*_FEATURES.values(), "pytest_aacl._integration._active"):
        for name, value in vars(importlib.import_module(module)).items():
            if isinstance(value, FixtureFunctionDefinition) and not name.startswith("_"):
                out[name] = inspect.cleandoc(value.__doc__ or "").split("\n\n")[0].replace("\n", " ")
    return out


def fixtures_table() -> str:
    lines = ["| fixture | what it gives |", "|---|---|"]
    lines += [f"| `{name}` | {cell(doc)} |" for name, doc in sorted(fixtures().items())]
    return "\n".join(lines)


def cli_table() -> str:
    from pytest_aacl.__main__ import _parser

    parser = _parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    lines = ["| command | argument | meaning |", "|---|---|---|"]
    for name, sub in commands.choices.items():
        lines.append(f"| `python -m pytest_aacl {name}` | | {cell(sub.description)} |")
        for action in sub._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            shown = "/".join(action.option_strings) or action.metavar or action.dest
            lines.append(f"| | `{shown}` | {cell(action.help)} |")
    return "\n".join(lines)


SECTIONS = {
    "keywords": keyword_tables,
    "command-line": command_line_table,
    "ini": ini_table,
    "markers": markers_list,
    "fixtures": fixtures_table,
    "cli": cli_table,
}
