"""Exceptions across the worker's process boundary: the exception itself when it pickles,
else its type name and message; always its frames, rebuilt into a real traceback so
reports and defect grouping see where in the tool it was raised."""

from __future__ import annotations

import pickle
import traceback
import types
from collections.abc import Callable
from typing import Any

__all__ = ["RemoteError", "pack_exception", "unpack_exception"]


class RemoteError(Exception):
    """An exception raised in the worker whose class cannot be rebuilt here (say one
    defined inside a test function); its message starts with the original type name."""


def pack_exception(exc: BaseException, skip: Callable[[str], bool]) -> dict[str, Any]:
    """What of an exception crosses the pipe: itself if it pickles, its frames as data."""
    frames = [(f.filename, f.lineno or 0, f.name) for f in traceback.extract_tb(exc.__traceback__) if not skip(f.filename)]
    try:
        blob = pickle.dumps(exc)
        pickle.loads(blob)
    except BaseException:
        blob = b""
    return {"blob": blob, "type": type(exc).__qualname__, "text": _text(exc), "frames": frames}


def unpack_exception(packed: dict[str, Any]) -> BaseException:
    """The exception again, with a traceback whose frames point where it was raised."""
    error: BaseException
    try:
        error = pickle.loads(packed["blob"]) if packed["blob"] else RemoteError(f"{packed['type']}: {packed['text']}")
    except BaseException:
        error = RemoteError(f"{packed['type']}: {packed['text']}")
    return error.with_traceback(_traceback(packed["frames"]))


def _text(error: BaseException) -> str:
    try:
        return str(error)
    except Exception:  # a hostile __str__ must not break the report
        return f"<{type(error).__name__} with an unprintable message>"


class _Marker(Exception):
    pass


def _traceback(frames: list[tuple[str, int, str]]) -> types.TracebackType | None:
    """A real traceback object with the given (file, line, function) frames, built the way
    `tblib` does: by raising from code compiled at that file and line."""
    tb: types.TracebackType | None = None
    for filename, lineno, name in reversed(frames):
        try:
            code = compile("\n" * (max(lineno, 1) - 1) + "raise __marker__", filename, "exec")
            code = code.replace(co_name=name)
            exec(code, {"__marker__": _Marker, "__name__": "__aacl_remote__", "__file__": filename})
        except _Marker as exc:
            frame_tb = exc.__traceback__
            while frame_tb is not None and frame_tb.tb_frame.f_code.co_filename != filename:
                frame_tb = frame_tb.tb_next
            if frame_tb is not None:
                tb = types.TracebackType(tb, frame_tb.tb_frame, frame_tb.tb_lasti, frame_tb.tb_lineno)
        except Exception:
            continue
    return tb
