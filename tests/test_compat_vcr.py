"""vcrpy's private parts that `pytest_aacl/_compat/vcr.py` relies on, pinned on a real
`vcr.cassette.Cassette`: when a vcrpy release moves one, the failing test names vcrpy's
version and the attribute, and the fix goes in that one module."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import vcr
from vcr.cassette import Cassette
from vcr.persisters.filesystem import CassetteNotFoundError
from vcr.request import Request

from pytest_aacl._compat import vcr as compat

VCRPY = f"vcrpy {vcr.__version__}"


def _request(path: str = "/v1/chat") -> Request:
    return Request("POST", f"https://api.example.com{path}", b'{"a": 1}', {"content-type": "application/json"})


def _response(text: str) -> dict[str, Any]:
    return {"status": {"code": 200, "message": "OK"}, "headers": {}, "body": {"string": text.encode()}}


def test_cassette_path_reads_where_the_cassette_is_saved(tmp_path: Path) -> None:
    path = str(tmp_path / "x.yaml")
    cassette = Cassette(path)
    if not isinstance(getattr(Cassette, "path", None), property):  # vcrpy 8: only the private name
        assert vars(cassette).get("_path") == path, \
            f"{VCRPY}: Cassette has neither the property `path` nor the attribute `_path` holding its file"
    assert compat.cassette_path(cassette) == path, f"{VCRPY}: Cassette.path / Cassette._path is not the cassette's file"
    assert compat.cassette_path(None) is None  # pytest-recording's `vcr` under --disable-recording


def test_responses_is_the_scan_every_playback_uses(tmp_path: Path) -> None:
    cassette = Cassette(str(tmp_path / "x.yaml"), allow_playback_repeats=True)
    first, other = _response("first"), _response("other")
    cassette.append(_request(), first)
    cassette.append(_request("/v1/other"), other)
    cassette.rewound = True  # as after loading a file: playback allowed
    assert callable(getattr(Cassette, "_responses", None)), f"{VCRPY}: Cassette._responses is gone"
    found = list(cassette._responses(_request()))
    assert [index for index, _ in found] == [0] and found[0][1]["body"] == first["body"], \
        f"{VCRPY}: Cassette._responses(request) no longer yields (index, response) pairs"

    asked: list[Any] = []

    def responses(request: Any) -> Any:  # a lookup that answers with the other interaction
        asked.append(request)
        yield 1, cassette.data[1][1]

    compat.set_responses(cassette, responses)
    request = _request()
    assert request in cassette, f"{VCRPY}: `request in cassette` no longer asks Cassette._responses"
    assert cassette.can_play_response_for(request), \
        f"{VCRPY}: Cassette.can_play_response_for no longer asks Cassette._responses"
    assert cassette.responses_of(request) == [other], f"{VCRPY}: Cassette.responses_of no longer asks Cassette._responses"
    assert cassette.play_response(request) == other, f"{VCRPY}: Cassette.play_response no longer asks Cassette._responses"
    assert asked, f"{VCRPY}: the replaced Cassette._responses was never called"


def test_filter_request_applies_the_before_record_request_filters(tmp_path: Path) -> None:
    """Public, but the keyed lookup relies on it filtering exactly as vcrpy's own scan does."""
    dropped = Cassette(str(tmp_path / "x.yaml"), before_record_request=lambda request: None)
    assert not dropped.filter_request(_request()), f"{VCRPY}: Cassette.filter_request skips before_record_request"
    kept = Cassette(str(tmp_path / "y.yaml"))
    assert kept.filter_request(_request()).path == "/v1/chat", f"{VCRPY}: Cassette.filter_request changed the request"


class _Persister:
    saved: list[str]

    def __init__(self) -> None:
        self.saved = []

    def load_cassette(self, cassette_path: str, serializer: Any) -> Any:
        raise CassetteNotFoundError()

    def save_cassette(self, cassette_path: str, cassette_dict: dict[str, Any], serializer: Any) -> None:
        self.saved.append(str(cassette_path))


def test_persister_is_what_the_cassette_saves_through(tmp_path: Path) -> None:
    inner, replacement = _Persister(), _Persister()
    path = str(tmp_path / "x.yaml")
    with Cassette.use(path=path, persister=inner) as cassette:
        assert compat.persister(cassette) is inner, f"{VCRPY}: Cassette._persister is not the persister it was given"
        compat.set_persister(cassette, replacement)
        cassette.append(_request(), _response("new"))
    assert replacement.saved == [path] and not inner.saved, \
        f"{VCRPY}: saving no longer goes through Cassette._persister.save_cassette(path, dict, serializer)"

