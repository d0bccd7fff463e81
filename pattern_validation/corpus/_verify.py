"""Replay a defect's trigger by hand: does the planted layer misbehave, and the control not?

Used by tests/test_corpus.py to keep the manifest honest: every documented trigger must show
its defect, and the shape's correct layer must refuse it or deliver the intended value.
"""

from __future__ import annotations

import copy
from typing import Any

from . import _backend
from ._manifest import Entry, load

__all__ = ["outcome", "shows_defect"]


def outcome(target: str, backend: str, args: dict[str, Any]) -> tuple[str, Any]:
    """Call the interface `target` with `args`, recording what reaches `_backend.<backend>`.

    Returns `("refused", message)`, `("escaped", exception)`, `("received", kwargs)` or
    `("returned", None)` when it answered without calling the backend.
    """
    received: list[dict[str, Any]] = []
    original = getattr(_backend, backend)

    def spy(**kwargs: Any) -> Any:
        received.append(kwargs)
        return original(**kwargs)

    setattr(_backend, backend, spy)
    try:
        load(target)(**copy.deepcopy(args))
    except ValueError as exc:
        return "refused", str(exc)
    except Exception as exc:
        return "escaped", exc
    finally:
        setattr(_backend, backend, original)
    return ("received", received[0]) if received else ("returned", None)


def shows_defect(entry: Entry, target: str | None = None) -> tuple[bool, str]:
    """Whether `entry`'s trigger, sent to `target` (default: the entry's own layer), misbehaves."""
    assert entry.defect is not None and entry.implementation is not None
    kind, value = outcome(target or entry.target, entry.implementation.rpartition(":")[2], entry.defect.trigger)
    intended = entry.defect.intended
    if kind == "escaped":
        return True, f"{type(value).__name__} escaped: {value}"
    if kind == "received" and (intended is None or value != intended):
        return True, f"the backend received {value!r} (intended {intended!r})"
    return False, f"{kind}: {value!r}"
