"""Content-encoding of recorded bodies: decoded before scrubbing, so cassettes hold text.

A compressed body cannot be scrubbed (the key is inside the compressed bytes) and is not
readable in review, so every encoding a provider may send is decoded: gzip, deflate,
br (with the ``brotli`` or ``brotlicffi`` package) and zstd (``zstandard``, or Python
3.14's ``compression.zstd``).  A body that cannot be decoded here is refused with
:class:`UndecodableBody`, never stored as raw binary.
"""

from __future__ import annotations

import gzip
import importlib
import zlib
from collections.abc import Callable, Iterable


class UndecodableBody(Exception):
    """A compressed body this machine cannot decode; the message says what to install."""


class CorruptBody(UndecodableBody):
    """A compressed body that is not valid data in its claimed encoding."""


def _gzip(data: bytes) -> bytes:
    return gzip.decompress(data)


def _deflate(data: bytes) -> bytes:
    try:
        return zlib.decompress(data)
    except zlib.error:  # some servers send raw deflate without the zlib header
        return zlib.decompress(data, -zlib.MAX_WBITS)


def _module(*names: str) -> object | None:
    for name in names:
        try:
            return importlib.import_module(name)
        except ImportError:
            continue
    return None


def _brotli(data: bytes) -> bytes:
    module = _module("brotli", "brotlicffi")
    if module is None:
        raise UndecodableBody("a 'br' (brotli) compressed response cannot be decoded: "
                              "pip install brotli, then record again")
    return module.decompress(data)  # type: ignore[attr-defined,no-any-return]


def _zstd(data: bytes) -> bytes:
    stdlib = _module("compression.zstd")
    if stdlib is not None:
        return stdlib.decompress(data)  # type: ignore[attr-defined,no-any-return]
    module = _module("zstandard")
    if module is None:
        raise UndecodableBody("a 'zstd' compressed response cannot be decoded: "
                              "pip install zstandard (or use Python 3.14+), then record again")
    reader = module.ZstdDecompressor().stream_reader(data)  # type: ignore[attr-defined]
    return reader.read()  # type: ignore[no-any-return]


_DECODERS: dict[str, Callable[[bytes], bytes]] = {
    "gzip": _gzip, "x-gzip": _gzip, "deflate": _deflate, "br": _brotli, "zstd": _zstd,
}


def encodings(headers: dict[str, object]) -> list[str]:
    """The ``content-encoding`` tokens of a header mapping (values may be lists), in order."""
    found: list[str] = []
    for name, value in headers.items():
        if str(name).lower() != "content-encoding":
            continue
        for item in value if isinstance(value, list) else [value]:
            text = item.decode("latin-1") if isinstance(item, bytes) else str(item)
            found.extend(t.strip().lower() for t in text.split(",") if t.strip())
    return [t for t in found if t != "identity"]


def decode(data: bytes, codings: Iterable[str]) -> bytes:
    """Undo ``codings`` (applied in order by the server, so undone in reverse)."""
    for coding in reversed(list(codings)):
        decoder = _DECODERS.get(coding)
        if decoder is None:
            raise UndecodableBody(f"a response compressed with {coding!r} cannot be decoded, "
                                  "so it cannot be scrubbed; it is not recorded")
        try:
            data = decoder(data)
        except UndecodableBody:
            raise
        except Exception as exc:
            if _is_text(data):  # the client stack decoded it already
                continue
            raise CorruptBody(f"the {coding!r} compressed body is corrupt ({exc})") from None
    return data


def _is_text(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True
