"""A fuzz target: one tool made callable under a time bound, in a worker process.

`Target.call(args) -> Call` runs the tool's own code (nothing replaces it) and reports what
a host would see: a return, a correction, an escaped exception, or nothing within the time
bound.  Two ways to observe what the tool did:

* **a named implementation layer** (`implementation=` in `fuzz()`, the target dict, or a
  boundary `Tool`'s own implementation): a spy records the keyword arguments of every call
  that reaches it, into `Call.received`.  A spy named with `implementation=` returns a
  stub (the backend's side effects are not wanted); a boundary Tool's spy calls through;
* **a black box** (nothing named): `Call.received` is `None` and `Call.result` holds the
  tool's observable result, normalised by `observable` so equal meanings compare equal:
  a JSON round trip (dates as ISO strings, enums as values, models and dataclasses as
  dicts, tuples as lists); for MCP tools the `structuredContent` when the server sent one,
  else the list of its text contents; an `isError` result is a correction whose message
  is its text.

Each call owns its record (a worker that outlives its timeout is killed before it could
write anywhere), and a `reset` callable, when given, runs in the worker before each call.
The adapters per kind of tool live in `_targets_py` (Python callables, LangChain) and
`_targets_mcp` (MCP servers in memory, over stdio, over HTTP).
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import json
import logging
import pickle
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from .._call import Call
from .._errors import TargetError
from .._jsonvalue import non_finite_at, observable
from .._reach import error_answer, input_name_refused, python_fault
from .._repr import safe_repr
from .._specs._docstrings import documented
from .._toolspec import ToolSpec
from ._pickling import pack_exception, unpack_exception
from ._worker import (
    ProcessWorker,
    ThreadWorker,
    Unpicklable,
    WorkerUnavailable,
    settle,
    worker_for,
)

__all__ = ["AnsweredFault", "AnsweredRefusal", "McpError", "McpFault", "Refused", "Target", "TargetError", "ToolCrashed", "as_json", "machinery", "recorder"]


class Refused(Exception):
    """A refusal on the host's side of the tool (arguments no JSON can carry): a correction."""


class McpError(Refused):
    """An `isError: true` tool result (or an invalid-params protocol error): an MCP correction."""


def _on_the_stub(exc: BaseException) -> bool:
    """An error of using `None` as a value (`'NoneType' object has no attribute 'get'`,
    `cannot unpack non-iterable NoneType object`), raised as it is or wrapped by the layer
    in its own refusal ("Failed to check: 'NoneType' object has no attribute 'get'")."""
    return "NoneType" in str(exc)


def _structured(raw: Any) -> bool:
    """Whether an MCP tool result carries structured content (what is shown of it)."""
    return any(getattr(raw, name, None) is not None for name in ("structured_content", "structuredContent"))


class AnsweredRefusal(Refused):
    """An error a layer answered as its result (`{"error": ...}`, "Error: ...") before it
    called the named implementation: the layer's refusal, as MCP servers commonly refuse.
    Judged as a correction, so a valid value refused this way is refused all the same."""


class AnsweredFault(Exception):
    """An error answered as a result, before the named implementation was called, whose text
    is the interpreter's own (`object of type 'NoneType' has no len()`): the layer crashed,
    caught the crash and answered its text; no layer means that as a correction."""


class McpFault(Exception):
    """An `isError: true` result whose text is the Python interpreter's own error message
    (`name 'timezone' is not defined`): the tool crashed and the server relayed the crash
    as an answer; no tool means that as a correction."""


class ToolCrashed(Exception):
    """The tool ended the process running it (`os._exit`, a signal, the memory limit)."""


_HERE = Path(__file__).parent
_MACHINERY = {str(_HERE / n) for n in ("_target.py", "_python.py", "_mcp.py", "_worker.py", "_pickling.py")}


_STARTUP_SECONDS = 60.0
#: a timed-out call is tried once more with this many times the timeout, to tell slow from hung
PATIENCE = 4
#: once a hang is confirmed, a call gets this many times the tool's slowest answer (at least
#: `_HUNG_FLOOR` s, at most the timeout): the hang is one finding already, and each further
#: input that hangs would cost the whole timeout (mcp-hashlib: 12 of them, 10 s each)
_HUNG_FACTOR, _HUNG_FLOOR = 10.0, 2.0


class _Recorder:
    """Where the spy writes: `calls` is replaced by each call, and a worker has its own."""

    calls: list[dict[str, Any]] | None = None


_RECORDER: contextvars.ContextVar[_Recorder | None] = contextvars.ContextVar("aacl_recorder", default=None)


def recorder() -> _Recorder:
    """This worker's recorder (the context is per thread and inherited by its tasks)."""
    rec = _RECORDER.get()
    if rec is None:
        rec = _Recorder()
        _RECORDER.set(rec)
    return rec


class Target:
    """One tool made fuzzable: `.spec` (the strict contract), `.call(args) -> Call`.

    `invoke(args)` runs in the worker and returns the tool's raw result (or an awaitable);
    `interpret(raw)` turns it into the observable result (raising `McpError` for an MCP
    correction).  `patch=(owner, attr)` with `spy` installs the spy for `session()`.
    """

    def __init__(
        self,
        name: str,
        spec: ToolSpec,
        invoke: Callable[[dict[str, Any]], Any],
        *,
        black_box: bool,
        correction: type[BaseException] | tuple[type[BaseException], ...] = ValueError,
        interpret: Callable[[Any], Any] | None = None,
        spy: Callable[..., Any] | None = None,
        patch: tuple[Any, str] | None = None,
        defaults: Mapping[str, Any] | None = None,
        reset: Callable[[], Any] | None = None,
        timeout: float = 5.0,
        quiet_loggers: tuple[str, ...] = (),
        isolate: bool = True,
        cap_memory: bool = True,
        warmup: Callable[[], Any] | None = None,
        layer: Callable[..., Any] | None = None,
    ) -> None:
        self.name = name
        self.layer = layer  # the hand-written interface function, when there is one (its source is read)
        # what the tool's description says of each argument, where its schema says nothing: the
        # generator reads those words as a model does
        params = documented(spec.parameters, spec.description)
        self.spec = spec if params is spec.parameters else dataclasses.replace(spec, parameters=params)
        self.black_box = black_box
        self.correction = correction
        self.spy = spy
        self.defaults = dict(defaults or {})
        self.reset = reset
        self.timeout = timeout
        #: what the one patient retry of a timed-out call showed: "" (none yet), "hung" or "slow"
        self.verdict = ""
        self._retried: tuple[dict[str, Any], Call] | None = None
        self._slowest = 0.0  # the slowest answer so far, in seconds
        self._invoke = invoke
        self._interpret = interpret or observable
        self._patch = patch
        self._quiet_loggers = quiet_loggers
        self._warmup = warmup
        self._worker: ProcessWorker | ThreadWorker = worker_for(self._serve, isolate, cap_memory)

    @contextlib.contextmanager
    def session(self) -> Iterator[Target]:
        """Install the spy on the named implementation (if any) for the duration of a run."""
        loggers = [logging.getLogger(name) for name in self._quiet_loggers]
        levels = [logger.level for logger in loggers]
        for logger in loggers:  # servers log every refused call; a thread worker shares them
            logger.setLevel(logging.CRITICAL)
        owner, attr = self._patch or (None, "")
        saved = getattr(owner, attr) if owner is not None else None
        if owner is not None:
            self._worker.close()  # a worker forked before the patch would not see the spy
            setattr(owner, attr, self.spy)
        try:
            yield self
        finally:
            if owner is not None:
                self._worker.close()
                setattr(owner, attr, saved)
            for logger, level in zip(loggers, levels, strict=True):
                logger.setLevel(level)

    def call(self, args: dict[str, Any], limit: float | None = None) -> Call:
        """Call the tool with the model's arguments; never raises for what the tool does.

        The first call that times out is repeated at once with `PATIENCE` times the timeout:
        a slow answer is not a hang.  Once a hang is confirmed, later calls are bounded by the
        tool's slowest answer instead of the whole timeout.  A `limit` given is kept as is."""
        if limit is not None:
            return self._call(args, limit)
        limit = self.timeout
        if self.verdict == "hung":
            limit = min(limit, max(_HUNG_FLOOR, _HUNG_FACTOR * self._slowest))
        call = self._call(args, limit)
        if call.outcome == "timeout" and not self.verdict:
            again = self._call(args, self.timeout * PATIENCE)
            # an answer, even a refusal, is slow; a timeout, or the worker stopped (its memory
            # limit, a fatal signal), is no answer at all
            self.verdict = "slow" if again.outcome in ("returned", "rejected") else "hung"
            self._retried = (dict(args), again)
        elif call.outcome != "timeout":
            self._slowest = max(self._slowest, call.seconds)
        return call

    def retried(self, args: dict[str, Any] | None = None) -> Call | None:
        """The patient retry of this call (of the one repeated, without `args`)."""
        if self._retried is None or (args is not None and self._retried[0] != args):
            return None
        return self._retried[1]

    def _call(self, args: dict[str, Any], limit: float) -> Call:
        if self._warmup is not None and not self._worker.started:
            self._start_up()
        start = time.perf_counter()
        try:
            try:
                outcome = self._worker.run(("call", args), limit)
            except Unpicklable:  # arguments no pipe can carry (hostile test objects): fork with them
                outcome = self._worker.run_once(("call", args), limit)
        except WorkerUnavailable as exc:
            raise TargetError(f"{self.name}: {exc}") from None
        seconds = time.perf_counter() - start
        nothing = None if self.black_box else []
        if outcome.status == "timeout":
            return Call(args, "timeout", nothing, None, "", seconds)
        if outcome.status == "crashed":
            error = ToolCrashed(outcome.detail)
            return Call(args, "escaped", nothing, error, outcome.detail, seconds)
        reply = outcome.reply
        if "internal" in reply:
            raise TargetError(f"{self.name}: pytest-aacl could not run the call ({reply['internal']})")
        if "reset" in reply:
            raise TargetError(f"{self.name}: reset= raised {reply['reset']['type']}: {reply['reset']['text']}")
        received = self._unpack_received(reply["received"])
        if reply["outcome"] == "returned":
            return Call(args, "returned", received, None, "", seconds, result=reply["result"],
                        non_finite=reply.get("non_finite", ""), stubbed=reply.get("stubbed", False))
        error = unpack_exception(reply["error"])
        text = reply["error"]["text"]
        said = "\n".join(outcome.detail.strip().splitlines()[-8:])
        if isinstance(error, ToolCrashed) and said:  # a server that died: what it said last is the clue
            text = f"{text}; its last output:\n{said}"
            error = ToolCrashed(text)
        return Call(args, reply["outcome"], received, error, text, seconds)

    def _start_up(self) -> None:
        """A fresh worker connects first (a stdio server may take seconds to start), so
        start-up time never counts against a call's timeout."""
        outcome = self._worker.run(("warmup", None), _STARTUP_SECONDS)
        if outcome.status != "done" or "internal" in outcome.reply:
            detail = outcome.reply["internal"] if outcome.status == "done" else f"{outcome.status} {outcome.detail[-300:]}"
            raise TargetError(f"{self.name}: the tool could not be started within {_STARTUP_SECONDS:.0f} s ({detail})")

    def close(self) -> None:
        """End the worker (and, for MCP, the client session and server living in it)."""
        self._worker.close()

    def __repr__(self) -> str:
        return f"<aacl target {self.name}>"

    # -- in the worker -------------------------------------------------------------------

    def _serve(self, payload: tuple[str, Any]) -> dict[str, Any]:
        what, args = payload
        if what == "warmup":
            assert self._warmup is not None
            settle(self._warmup())
            return {}
        rec = recorder()
        rec.calls = box = []
        for name in self._quiet_loggers:
            logging.getLogger(name).setLevel(logging.CRITICAL)
        if self.reset is not None:
            try:
                settle(self.reset())
            except BaseException as exc:
                return {"reset": pack_exception(exc, machinery)}
        try:
            raw = settle(self._invoke(args))
            result = self._interpret(raw)
        except BaseException as exc:
            if isinstance(exc, McpFault) and input_name_refused(str(exc), args):
                exc = McpError(str(exc))  # "name 'true' is not defined" of an expression it was sent
            corrections = self.correction if isinstance(self.correction, tuple) else (self.correction,)
            kind = "rejected" if isinstance(exc, (Refused, *corrections)) else "escaped"
            if box and self._patch is not None and _on_the_stub(exc):
                # the named implementation answers None instead of running; a layer that goes on to
                # read its answer fails on that None: the call reached the implementation, and what
                # the layer makes of a real answer is not judged (it was never given one)
                return {"outcome": "returned", "result": None, "received": self._pack_received(box), "stubbed": True}
            return {"outcome": kind, "error": pack_exception(exc, machinery), "received": self._pack_received(box)}
        finally:
            rec.calls = None
        said = error_answer(result) if self._patch is not None else ""
        if box and "NoneType" in said:
            # the same, caught by the layer and answered as an error ("Failed: 'NoneType' object ...")
            return {"outcome": "returned", "result": None, "received": self._pack_received(box), "stubbed": True}
        if said and not box:
            # refused (or crashed) in the answer before the implementation: judged as the raised
            # refusal (or escape) it stands for, as a server's in-band error is counted refused
            error = (AnsweredFault if python_fault(said, args) else AnsweredRefusal)(said)
            kind = "escaped" if isinstance(error, AnsweredFault) else "rejected"
            return {"outcome": kind, "error": pack_exception(error, machinery), "received": self._pack_received(box)}
        try:  # the observable result shows a non-finite float as text: look at what the tool returned
            odd = non_finite_at(result)
            if not odd and (odd := non_finite_at(raw)) and _structured(raw):  # an MCP answer: shown is its structured part
                odd += " in the answer's text; its structured content, shown below, says otherwise"
        except Exception:  # a hostile result object: judged by what it shows
            odd = ""
        return {"outcome": "returned", "result": result, "received": self._pack_received(box), "non_finite": odd}

    def _pack_received(self, box: list[dict[str, Any]]) -> Any:
        """What reached the implementation, as exact objects when they pickle (they are
        rebuilt in the parent), else in the spec's JSON form."""
        if self.black_box:
            return None
        try:
            pickle.loads(pickle.dumps(box))
            return ("objects", box)
        except BaseException:
            pass
        try:
            form = [self.spec.to_json(dict(kwargs)) for kwargs in box]
            pickle.dumps(form)  # a value nested too deep for pickle is too deep for JSON forms too
            return ("json", form)
        except BaseException:  # RecursionError included: a hostile value must never end the run
            return ("json", [{k: safe_repr(v) for k, v in kwargs.items()} for kwargs in box])

    def _unpack_received(self, packed: Any) -> list[dict[str, Any]] | None:
        if packed is None:
            return None
        form, calls = packed
        if form == "objects":
            return [dict(kwargs) for kwargs in calls]
        out = []
        for kwargs in calls:
            try:
                out.append(dict(self.spec.to_python(dict(kwargs))))
            except Exception:
                out.append(dict(kwargs))
        return out


def machinery(filename: str) -> bool:
    """Frames of the call machinery, left out of a tool's traceback."""
    return filename in _MACHINERY


def as_json(args: dict[str, Any]) -> Any:
    """The arguments as a host hands them to a tool: parsed from the model's JSON.

    A Python object no JSON can carry (say one whose `__str__` raises) never reaches a tool
    from a model; such a call is refused up front rather than crashing the framework's own
    error path, a finding the user could neither trust nor fix.
    """
    try:
        return json.loads(json.dumps(args))
    except (TypeError, ValueError, RecursionError) as exc:
        raise Refused(f"NOT_JSON: a model's tool call cannot carry these arguments ({type(exc).__name__})") from None
