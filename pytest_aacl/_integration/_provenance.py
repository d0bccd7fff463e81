"""Where a cassette's evidence came from: recorded from a live API, or synthetic.

A cassette may carry, beside vcrpy's ``interactions`` and ``version``, the top-level
mapping ``aacl: {provenance: {...}}``:

* ``kind: recorded``: recorded from a live API; ``date`` (ISO day of the recording),
  ``sdks`` (``[{name, version}]`` read from the recorded requests' user agents) and
  ``pytest_aacl`` (the plugin version that recorded it);
* ``kind: synthetic``: no byte came from a real model; ``script`` names what made it (e.g.
  ``cassettes/build_harness.py``), plus the same ``date``, ``sdks`` and ``pytest_aacl``.

It is written when the recording is saved: ``synthetic`` when the environment variable
``AACL_SYNTHETIC_SOURCE`` names the script driving the recording (the build scripts set
it), ``recorded`` otherwise. It is read back at replay (``read_provenance``), so a test, the
harness report and the compatibility matrix know what their evidence is; a cassette
without it is ``unlabelled``, and a malformed one is a `CassetteError` naming the file.
"""

from __future__ import annotations

import datetime as _dt
import email.utils
import os
import re
from pathlib import Path
from typing import Any

from .._compat.vcr import persister, set_persister
from ._cassettes import CassetteError, dumps, read, write_atomic

__all__ = ["ENV", "KINDS", "cassette_evidence", "check_provenance", "describe", "last_response_date",
           "read_provenance", "stamp", "stamping"]

#: set by a script that records synthetic traffic to its own path (``cassettes/build_harness.py``)
ENV = "AACL_SYNTHETIC_SOURCE"
KINDS = ("recorded", "synthetic")
# what the SDKs send: "OpenAI/Python 1.2.3", "AsyncAnthropic/Python 0.4", "google-genai-sdk/1.0 gl-python/3.11"
_AGENT = re.compile(r"^(?:Async)?(?P<name>OpenAI|Anthropic)/Python (?P<version>[\w.+-]+)|^(?P<google>google-genai-sdk)/(?P<gversion>[\w.+-]+)")
_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("pytest-aacl")
    except PackageNotFoundError:  # pragma: no cover - a source checkout without metadata
        return "unknown"


def _sdks(interactions: list[dict[str, Any]]) -> list[dict[str, str]]:
    """The SDKs (name, version) the recorded requests name in their user agent, in order seen."""
    found: dict[tuple[str, str], None] = {}
    for interaction in interactions:
        headers = {str(k).lower(): v for k, v in ((interaction.get("request") or {}).get("headers") or {}).items()}
        for value in headers.get("user-agent") or []:
            match = _AGENT.match(str(value))
            if match:
                name = match["name"].lower() if match["name"] else "google-genai"
                found[(name, match["version"] or match["gversion"])] = None
    return [{"name": name, "version": version} for name, version in found]


def stamp(interactions: list[dict[str, Any]], *, script: str | None = None) -> dict[str, Any]:
    """The provenance of a recording made now: synthetic when `script` (or ``$AACL_SYNTHETIC_SOURCE``)
    names what made it, else recorded."""
    script = script if script is not None else os.environ.get("AACL_SYNTHETIC_SOURCE", "").strip()
    made: dict[str, Any] = {"kind": "synthetic", "script": script} if script else {"kind": "recorded"}
    made.update(date=_dt.date.today().isoformat(), sdks=_sdks(interactions), pytest_aacl=_version())
    return made


def check_provenance(value: Any) -> dict[str, Any]:
    """`value` if it is a well-formed provenance mapping; else `CassetteError` saying what is wrong."""
    shape = ("aacl: {provenance: {kind: recorded, date: YYYY-MM-DD, ...}} or "
             "{kind: synthetic, script: <what made it>, ...}")
    if not isinstance(value, dict):
        raise CassetteError(f"its aacl.provenance is {type(value).__name__}, not a mapping; write {shape}")
    kind = value.get("kind")
    if kind not in KINDS:
        raise CassetteError(f"its aacl.provenance has kind={kind!r}; pass one of {', '.join(KINDS)} ({shape})")
    if kind == "synthetic" and not (isinstance(value.get("script"), str) and value["script"].strip()):
        raise CassetteError(f"its aacl.provenance is synthetic without a script; name what made it ({shape})")
    date = value.get("date")
    if kind == "recorded" and not (isinstance(date, str) and _DAY.match(date)):
        raise CassetteError(f"its aacl.provenance is recorded with date={date!r}; give the ISO day of the recording ({shape})")
    sdks = value.get("sdks", [])
    if not isinstance(sdks, list) or not all(isinstance(s, dict) and {"name", "version"} <= set(s) for s in sdks):
        raise CassetteError(f"its aacl.provenance sdks={sdks!r} is not a list of {{name, version}} mappings")
    return value


def provenance_of(data: dict[str, Any]) -> dict[str, Any] | None:
    """The checked provenance of a loaded cassette dict, or None when it has none."""
    block = data.get("aacl")
    if block is None:
        return None
    if not isinstance(block, dict) or "provenance" not in block:
        raise CassetteError("its top-level aacl key is not a mapping holding provenance")
    return check_provenance(block["provenance"])


def read_provenance(path: str | os.PathLike[str]) -> dict[str, Any] | None:
    """The provenance of the cassette at `path` (None: it has none); errors name the file."""
    data = read(path)
    try:
        return provenance_of(data)
    except CassetteError as exc:
        raise exc.at(path) from None


def describe(provenance: dict[str, Any] | None) -> str:
    """One short label: ``recorded 2026-11-27 (openai 1.2.3)``, ``synthetic (cassettes/x.py)``, ``unlabelled``."""
    if provenance is None:
        return "unlabelled"
    sdks = ", ".join(f"{s['name']} {s['version']}" for s in provenance.get("sdks", []))
    if provenance["kind"] == "synthetic":
        return f"synthetic ({provenance['script']})"
    return f"recorded {provenance['date']}" + (f" ({sdks})" if sdks else "")


def cassette_evidence(path: str | os.PathLike[str]) -> dict[str, Any]:
    """What a result replayed from the cassette at `path` rests on (a compatibility-matrix
    cell, see `harness._matrix`): ``evidence`` (its provenance kind, ``unlabelled``, or
    ``invalid`` with ``provenance_error``), the checked ``provenance`` and its
    ``provenance_label``, and for a recording the ``date`` it was recorded."""
    try:
        provenance = read_provenance(path)
    except CassetteError as exc:
        return {"evidence": "invalid", "provenance": None, "provenance_error": exc.reason}
    found = {"evidence": provenance["kind"] if provenance else "unlabelled", "provenance": provenance,
             "provenance_label": describe(provenance)}
    if provenance and provenance["kind"] == "recorded":
        found["date"] = provenance["date"]
    return found


def last_response_date(path: str | os.PathLike[str]) -> str | None:
    """The ISO day the cassette's last dated response was sent (its ``date`` header); None
    when no response has one, or the file cannot be read as a cassette."""
    try:
        interactions = read(path).get("interactions", [])
    except Exception:
        return None
    for interaction in reversed(interactions):
        headers = {str(k).lower(): v for k, v in (interaction.get("response", {}).get("headers") or {}).items()}
        value = headers.get("date")
        value = value[0] if isinstance(value, list) and value else value
        if isinstance(value, str):
            try:
                return email.utils.parsedate_to_datetime(value).date().isoformat()
            except (TypeError, ValueError):
                continue
    return None


class _Stamping:
    """A vcrpy persister that writes the recording's provenance into the file it saved."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def load_cassette(self, cassette_path: str, serializer: Any) -> Any:
        return self.inner.load_cassette(cassette_path, serializer)

    def save_cassette(self, cassette_path: str, cassette_dict: dict[str, Any], serializer: Any) -> None:
        self.inner.save_cassette(cassette_path, cassette_dict, serializer)
        path = Path(cassette_path)
        data = read(path)
        data["aacl"] = {"provenance": stamp(data["interactions"])}
        write_atomic(path, dumps(data))


def stamping(cassette: Any) -> None:
    """Make `cassette` (a vcrpy Cassette) stamp its provenance whenever it is saved."""
    inner = persister(cassette)
    if inner is not None and not isinstance(inner, _Stamping):
        set_persister(cassette, _Stamping(inner))
