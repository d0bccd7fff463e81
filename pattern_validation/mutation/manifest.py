"""Which interface layers the mutation benchmark mutates, and the split each belongs to.

The split was fixed before any mutant of any layer was fuzzed (no score was seen when it
was chosen).  The generator may be tuned on the TUNING split only; the score that counts
is the HELD-OUT one.  Reason: the held-out split holds 3 of the 5 third-party layers: two
packages that have no layer in the tuning split (arxiv-mcp-server's id normaliser,
mcp-server-time's zone and HH:MM checks: patterns, enums and times, type classes the tuning
layers barely have) and one new layer from a package that is in the tuning split
(workspace-mcp's calendar helpers: dates, colour names, reminders), to see whether tuning
on one author's code carries over to other code of theirs.  `handwritten.py` is in the
tuning split because the team has looked at it for months.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["HELD_OUT", "LAYERS", "TUNING", "Layer", "ToolRef"]

TUNING = "tuning"
HELD_OUT = "held-out"


@dataclass(frozen=True)
class ToolRef:
    """One tool of a layer: the interface function, its schema and the implementation it calls
    (attribute names in the layer module; `schema` may be `"module:attr"` for a shared one)."""

    function: str
    schema: str
    implementation: str
    example: str = "EXAMPLE"  # a valid call (attribute of the layer, or "module:attr")


@dataclass(frozen=True)
class Layer:
    name: str
    module: str                 # dotted module whose source is mutated
    split: str
    origin: str                 # where the code comes from
    tools: tuple[ToolRef, ...]
    reason: str = ""

    @property
    def exclude(self) -> tuple[str, ...]:
        """Top-level names never mutated: the contract (schema, example) and the implementation."""
        names = {"SCHEMA", "EXAMPLE", "ZONES", "SEARCH_EXAMPLE", "CREATE_EXAMPLE"}
        names.update(t.implementation for t in self.tools)
        return tuple(sorted(names))


_L = "pattern_validation.mutation.layers."
LAYERS: dict[str, Layer] = {layer.name: layer for layer in (
    Layer("handwritten", "pattern_validation.handwritten", TUNING,
          "pattern_validation/handwritten.py (the team's reconstruction of the AACL pattern)",
          (ToolRef("search_web", "pattern_validation.schemas:SEARCH_WEB_SCHEMA", "_search_backend",
                   "pattern_validation.mutation.examples:SEARCH_WEB"),
           ToolRef("create_json", "pattern_validation.schemas:CREATE_JSON_SCHEMA", "_write_json",
                   "pattern_validation.mutation.examples:CREATE_JSON"))),
    Layer("ha_mcp_params", _L + "ha_mcp_params", TUNING, "ha-mcp 3.5.1, tools/util_helpers.py (MIT)",
          (ToolRef("call_service", "SCHEMA", "call_service_impl"),)),
    Layer("ws_sheets_lists", _L + "ws_sheets_lists", TUNING, "workspace-mcp 2.2.1, core/utils.py (MIT)",
          (ToolRef("set_dropdown", "SCHEMA", "set_dropdown_impl"),)),
    Layer("ws_calendar_events", _L + "ws_calendar_events", HELD_OUT,
          "workspace-mcp 2.2.1, gcalendar/calendar_helpers.py (MIT)",
          (ToolRef("create_event", "SCHEMA", "create_event_impl"),)),
    Layer("arxiv_paper_id", _L + "arxiv_paper_id", HELD_OUT, "arxiv-mcp-server 0.8.2, tools/arxiv_ids.py (Apache-2.0)",
          (ToolRef("download_paper", "SCHEMA", "download_paper_impl"),)),
    Layer("time_convert", _L + "time_convert", HELD_OUT, "mcp-server-time 2026.10.19, server.py (MIT)",
          (ToolRef("convert_time", "SCHEMA", "convert_time_impl"),)),
)}


def resolve(module: Any, ref: str) -> Any:
    """`ref` as an attribute of `module`, or a `"module:attr"` reference."""
    import importlib

    if ":" in ref:
        mod, _, attr = ref.partition(":")
        return getattr(importlib.import_module(mod), attr)
    return getattr(module, ref)
