"""Branch (arc) coverage of a fuzzed tool's own code, measured in its worker process.

Why: a fuzzer that cannot see which branches of the interface layer its inputs reached
cannot say how much of it was tested, nor steer towards what it has not reached.  This is
a deliberately small tracer (no dependency): `sys.settrace` in the worker, a local trace
function only on frames whose code lives in the tool's own source files (its module, not
site-packages around it, the standard library or pytest-aacl), recording line-to-line
arcs.  Python 3.12's `sys.monitoring` would be cheaper; this machine's 3.11 has settrace.

The branches counted are static: every conditional jump of the compiled code whose two
outcomes start on different lines (an `if`, a loop test, a `for` running out, an `except`
match) gives one arc per outcome.  A traced arc counts when it is one of those, so
`reached <= total` always.  The total is taken over the functions the run entered (the
tool's other functions in the same file are not its interface layer).
"""

from __future__ import annotations

import dis
import inspect
import os
import sys
import sysconfig
from dataclasses import dataclass, field
from types import CodeType
from typing import Any

__all__ = ["ArcTracer", "Coverage", "attach", "files_of", "static_branches"]

Arc = tuple[str, int, int]  # (file, from line, to line)
CodeId = tuple[str, int, str]  # (file, first line, name)

_OURS = os.path.dirname(os.path.abspath(__file__))
_STRATEGIES = os.path.join(os.path.dirname(_OURS), "strategies")
_STDLIB = {os.path.abspath(p) for p in (sysconfig.get_paths()["stdlib"], sysconfig.get_paths()["platstdlib"])}


class ArcTracer:
    """In the worker: records arcs of frames whose file is in `files`; `take()` returns
    what is new since the last `take` (so each reply carries only what this call found)."""

    def __init__(self, files: frozenset[str]) -> None:
        self.files = files
        self._arcs: set[Arc] = set()
        self._codes: set[CodeId] = set()
        self._new_arcs: list[Arc] = []
        self._new_codes: list[CodeId] = []

    def start(self) -> None:
        sys.settrace(self._call)

    def stop(self) -> None:
        sys.settrace(None)

    def take(self) -> tuple[list[Arc], list[CodeId]]:
        arcs, codes = self._new_arcs, self._new_codes
        self._new_arcs, self._new_codes = [], []
        return arcs, codes

    def _call(self, frame: Any, event: str, arg: Any) -> Any:
        code = frame.f_code
        name = code.co_filename
        if name not in self.files:
            return None
        ident = (name, code.co_firstlineno, code.co_qualname)
        if ident not in self._codes:
            self._codes.add(ident)
            self._new_codes.append(ident)
        arcs, new = self._arcs, self._new_arcs
        prev = [-code.co_firstlineno]

        def line(frame: Any, event: str, arg: Any) -> Any:
            if event == "line":
                now = frame.f_lineno
                arc = (name, prev[0], now)
                if arc not in arcs:
                    arcs.add(arc)
                    new.append(arc)
                prev[0] = now
            return line

        return line


@dataclass
class Coverage:
    """In the parent: what the worker's tracer reported for one tool, accumulated."""

    files: frozenset[str]
    arcs: set[Arc] = field(default_factory=set)
    codes: set[CodeId] = field(default_factory=set)
    #: arcs first seen by the parent, over the run: a call that raises it reached new code
    found: int = 0

    def merge(self, news: tuple[list[Arc], list[CodeId]]) -> int:
        """Add one reply's arcs; the number of arcs not seen before."""
        arcs, codes = news
        before = len(self.arcs)
        self.arcs.update(arcs)
        self.codes.update(codes)
        fresh = len(self.arcs) - before
        self.found += fresh
        return fresh

    def branches(self) -> tuple[int, int]:
        """(reached, total) branch arcs of the functions the run entered."""
        total: set[Arc] = set()
        for path in self.files:
            for ident, arcs in static_branches(path).items():
                if ident in self.codes:
                    total |= arcs
        return len(total & self.arcs), len(total)

    def line(self) -> str:
        reached, total = self.branches()
        names = ", ".join(sorted(os.path.basename(f) for f in self.files))
        functions = len(self.codes)
        if not total:
            return f"no branch in the {functions} function(s) it ran ({names})"
        return (f"{reached}/{total} branches of the tool's own code reached "
                f"({reached / total:.0%}; {functions} function(s) in {names})")


_STATIC: dict[str, dict[CodeId, set[Arc]]] = {}
_CONDITIONAL = ("FOR_ITER",)
_UNCONDITIONAL = frozenset({"JUMP_FORWARD", "JUMP_BACKWARD", "JUMP_BACKWARD_NO_INTERRUPT", "JUMP_ABSOLUTE", "JUMP"})


def static_branches(path: str) -> dict[CodeId, set[Arc]]:
    """Every function of the file -> its branch arcs (cached per file)."""
    found = _STATIC.get(path)
    if found is None:
        found = {}
        try:
            with open(path, encoding="utf-8") as source:
                code = compile(source.read(), path, "exec")
        except (OSError, SyntaxError, ValueError, UnicodeDecodeError):
            code = None
        todo = [code] if code is not None else []
        while todo:
            here = todo.pop()
            todo += [c for c in here.co_consts if isinstance(c, CodeType)]
            found[(path, here.co_firstlineno, here.co_qualname)] = _arcs_of(here, path)
        _STATIC[path] = found
    return found


def _is_branch(opname: str) -> bool:
    return opname in _CONDITIONAL or "JUMP_IF" in opname or (opname.startswith("POP_JUMP") and "IF" in opname)


def _arcs_of(code: CodeType, path: str) -> set[Arc]:
    instrs = list(dis.get_instructions(code))
    at = {ins.offset: index for index, ins in enumerate(instrs)}

    def first_line(index: int | None) -> int | None:
        seen: set[int] = set()
        while index is not None and index < len(instrs) and index not in seen:
            seen.add(index)
            ins = instrs[index]
            line = ins.positions.lineno if ins.positions is not None else None
            if line is not None:
                return line
            index = at.get(ins.argval) if ins.opname in _UNCONDITIONAL else index + 1
        return None

    out: set[Arc] = set()
    for index, ins in enumerate(instrs):
        if not _is_branch(ins.opname) or ins.positions is None or ins.positions.lineno is None:
            continue
        src = ins.positions.lineno
        for dst in (first_line(index + 1), first_line(at.get(ins.argval))):
            if dst is not None and dst != src:
                out.add((path, src, dst))
    return out


# -- which files are the tool's own ------------------------------------------------------


def _own(path: str | None, installed: bool) -> bool:
    """A source file of the tool: not pytest-aacl's, not the standard library's; an
    installed package's only when `installed` (the function itself lives there)."""
    if not path or not path.endswith(".py") or not os.path.exists(path):
        return False
    path = os.path.abspath(path)
    if path.startswith((_OURS, _STRATEGIES)):
        return False
    library = "site-packages" in path or "dist-packages" in path
    return installed if library else not path.startswith(tuple(_STDLIB))


def files_of(*objects: Any) -> frozenset[str]:
    """The source files of the functions behind `objects` (unwrapped; closures followed
    one level, as a tool's `lambda args: func(**args)` holds its function)."""
    out: set[str] = set()
    todo = list(objects)
    seen: set[int] = set()
    depth = 0
    while todo and depth < 3:
        later: list[Any] = []
        for obj in todo:
            if obj is None or id(obj) in seen:
                continue
            seen.add(id(obj))
            func = inspect.unwrap(obj) if callable(obj) else obj
            func = getattr(func, "__func__", func)
            code = getattr(func, "__code__", None)
            if isinstance(code, CodeType):
                path = code.co_filename
                if _own(path, depth == 0):
                    out.add(os.path.abspath(path))
                later += [c.cell_contents for c in (getattr(func, "__closure__", None) or ()) if _filled(c)]
            elif callable(obj) and not isinstance(obj, type):
                call = type(obj).__dict__.get("__call__")
                if getattr(call, "__code__", None) is not None and _own(call.__code__.co_filename, depth == 0):
                    out.add(os.path.abspath(call.__code__.co_filename))
        todo, depth = later, depth + 1
    return frozenset(out)


def _filled(cell: Any) -> bool:
    try:
        cell.cell_contents  # noqa: B018
    except ValueError:
        return False
    return True


def attach(target: Any) -> Coverage | str:
    """Start measuring `target`'s own code in its worker; the `Coverage` to read after the
    run, or the sentence saying why it is not measured."""
    worker = getattr(target, "_worker", None)
    if not hasattr(worker, "trace_files"):
        return "not measured (the tool runs on a thread, not in a worker process)"
    spy = getattr(target, "spy", None)
    spec = getattr(target, "spec", None)
    files = files_of(getattr(spec, "implementation", None), getattr(spy, "original", None),
                     getattr(target, "_invoke", None))
    if not files:
        if getattr(target, "_warmup", None) is not None or type(target).__module__.endswith("_remote"):
            return "not measured (out-of-process target)"
        return "not measured (no Python source of the tool found in this process)"
    if worker.started:
        worker.close()  # the tracer starts with the worker process
    coverage = Coverage(files)
    worker.trace_files = files
    worker.coverage = coverage
    return coverage


#: the coverage of the tool being fuzzed now (read by the run loop to steer), or None
ACTIVE: list[Coverage | None] = [None]
