"""vcrpy's private parts, in one place: the only module that touches a `vcr.cassette.Cassette`
attribute whose name starts with an underscore.

Supported: vcrpy >= 8.2.1 (the floor in pyproject.toml), written against 8.2.1 and 9.4.2
(the version installed here). `tests/test_compat_vcr.py` builds a real Cassette and checks
every attribute used below, so a vcrpy release that moves one fails there, naming vcrpy
and the attribute.

What is used, and why there is no public way:

* `Cassette._path`: where the cassette is saved. vcrpy 9.4.2 has the public read-only
  property `Cassette.path`, used when present; 8.2.1 has only `_path`.
* `Cassette._responses(request)`: the generator of `(index, response)` pairs that
  `play_response`, `responses_of` and `request in cassette` (so `can_play_response_for`)
  scan. Replaced on one cassette object by a keyed lookup (`_integration._matching`);
  vcrpy has no hook for matching.
* `Cassette._persister`: the object whose `save_cassette(path, dict, serializer=...)` the
  cassette calls when it saves. Wrapped on one cassette object so a saved recording is
  stamped with its provenance (`_integration._provenance`); the `VCR` persister (public,
  `register_persister`) is shared by every cassette of the session, this one is not.

vcrpy's request filters (`before_record_request`) are reached through the public
`Cassette.filter_request(request)`, not here.

Imports nothing (not even vcrpy): callers hold the cassette already.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any


def cassette_path(cassette: Any) -> Any:
    """Where `cassette` is saved and loaded from, as vcrpy holds it (usually a str); None
    for anything that is not a cassette (e.g. pytest-recording's `vcr` fixture under
    `--disable-recording`)."""
    path = getattr(cassette, "path", None)  # public since vcrpy 9
    if path is None:
        path = getattr(cassette, "_path", None)  # vcrpy 8
    return path


def set_responses(cassette: Any, responses: Callable[[Any], Iterator[tuple[int, Any]]]) -> None:
    """Make `responses(request) -> iter((index, response))` the lookup this one cassette's
    playback uses (`play_response`, `responses_of`, `in`) instead of its linear scan.
    `responses` gets the request as sent: it applies `cassette.filter_request` itself."""
    cassette._responses = responses


def persister(cassette: Any) -> Any:
    """The persister this cassette saves through (None if it has none)."""
    return getattr(cassette, "_persister", None)


def set_persister(cassette: Any, new: Any) -> None:
    """Save this one cassette through `new` (a vcrpy persister: `load_cassette`,
    `save_cassette`) from now on."""
    cassette._persister = new
