"""`CheckContext`: everything a check may use besides the case and the call.

A check is `check(case, call, ctx)`.  `ctx` is this public, stable object, not the
private target, so the call machinery can change without breaking user checks (as
schemathesis passes a `CheckContext`).  It keeps the attribute names checks written for the
old private target used (`spec`, `name`, `defaults`, `call`), so those keep working.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ._call import Call
    from ._toolspec import ToolSpec

__all__ = ["CheckContext"]


@dataclass
class CheckContext:
    """What a check knows about the tool it judges.

    * `tool`: the tool's name, as in reports.
    * `spec`: the strict contract (a `ToolSpec`; its JSON Schema is `spec.parameters`).
    * `black_box`: True when no implementation layer is observed: `call.received` is then
      `None` and a check judges only what the tool answered (`call.outcome`, `call.result`).
    * `defaults`: defaults the implementation (or the hand-written interface) fills in for
      absent fields, as JSON values; a field received only as its default is no difference.
    * `call(args)`: call the tool again (through the same machinery, reset hook included);
      returns a `Call` and never raises or hangs.
    * `result_of(args)`: the tool's answer to `args`, called once per distinct arguments and
      cached for the run; the metamorphic oracle's reference.
    """

    tool: str
    spec: ToolSpec
    black_box: bool
    defaults: Mapping[str, Any]
    _call: Callable[[dict[str, Any]], Call]
    _cache: dict[str, Any] = field(default_factory=dict, repr=False)

    def call(self, args: Mapping[str, Any]) -> Call:
        """Call the tool with `args`; the `Call` says what happened."""
        return self._call(dict(args))

    def result_of(self, args: Mapping[str, Any]) -> Call:
        """The cached `Call` for `args` (equal arguments, keys in the same order, share one entry:
        a tool may echo an object's keys in the order it got them, and hypothesis-jsonschema
        hands a given object back with its keys sorted; trial 14: clawlendar was called "not
        reproducible" for answering {"year", "month", "day"} and {"day", "month", "year"} so)."""
        try:
            key = "call:" + json.dumps(args, allow_nan=True)
        except (TypeError, ValueError):
            return self.call(args)
        if key not in self._cache:
            self._cache[key] = self.call(args)
        return self._cache[key]
