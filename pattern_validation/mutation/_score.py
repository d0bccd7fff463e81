"""Mutation score of `pytest_aacl.fuzz()` on one layer: mutate, filter equivalents, fuzz, compare.

For each layer: the original (unparsed from its AST, as every mutant is) is fuzzed at the
budget with two seeds, `seed` and `seed + 1`, in this process; the union of its finding keys
(without source locations) is the baseline (known findings).  Each mutant is first compared with the original by the differential run
(`_differential`): no difference on any input means "probably equivalent", and it is not
fuzzed.  The others (a deterministic sample of at most `max_mutants` of them) are fuzzed with
`seed`, each in a forked child under a wall-clock limit; a mutant is *killed* when its report
has a finding key the baseline does not have.  Mutants are loaded from source into a module
object registered in `sys.modules` under a throwaway name (so its exceptions pickle between
the fuzzer's worker and the run) and removed afterwards: no file is written.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import importlib
import inspect
import linecache
import os
import pickle
import random
import re
import signal
import sys
import tempfile
import time
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ._differential import CRASH, behaviours, differences, inputs_for
from ._mutate import Mutant, mutants
from .manifest import Layer, resolve

__all__ = ["STRICTER", "LayerResult", "MutantResult", "classify", "finding_keys", "load_source", "score_layer", "source_of"]

_LOCATION = re.compile(r"^(.*\.py|<[^>]*>):\d+$")
#: Prefix of a witness whose mutant only refuses more (see `_witness`).
STRICTER = "[stricter] "
#: Prefix of a key that is advice, not a finding (see `finding_keys`).
ADVICE = "advice:"


@dataclass
class MutantResult:
    mutant: Mutant
    status: str                       # killed | survived | equivalent | timeout | error
    new_keys: list[str] = field(default_factory=list)
    advised: bool = False             # survived, but the report gained advice of rejects_invalid
    witness: str = ""                 # the differential's first distinguishing call
    seconds: float = 0.0

    @property
    def stricter(self) -> bool:
        """The mutant differs only by raising where the original did something else."""
        return self.witness.startswith(STRICTER)


@dataclass
class LayerResult:
    layer: Layer
    generated: int
    results: list[MutantResult]
    baseline: list[str]
    seconds: float
    sampled_from: int = 0             # non-equivalent mutants before sampling

    def count(self, status: str) -> int:
        return sum(r.status == status for r in self.results)

    @property
    def stricter_survivors(self) -> int:
        return sum(r.status == "survived" and r.stricter for r in self.results)

    @property
    def advised_survivors(self) -> int:
        """Survivors the report still flags as advice (a bound only the description states, a
        reversed range let through): not kills, since advice never fails a run."""
        return sum(r.status == "survived" and r.advised for r in self.results)

    @property
    def score(self) -> float | None:
        fuzzed = self.count("killed") + self.count("survived")
        return self.count("killed") / fuzzed if fuzzed else None


def source_of(layer: Layer) -> str:
    return inspect.getsource(importlib.import_module(layer.module))


@contextlib.contextmanager
def load_source(layer: Layer, source: str, tag: str) -> Iterator[types.ModuleType]:
    """`source` executed as a module standing in for `layer.module`, registered while in use."""
    package = layer.module.rpartition(".")[0]
    name = f"{package}._aacl_mutant_{tag}"
    module = types.ModuleType(name)
    module.__package__ = package
    module.__file__ = f"<mutant {layer.name} {tag}>"
    sys.modules[name] = module
    _SOURCES[module.__file__] = source
    # its source readable as a file's is (`inspect.getsource`): the fuzzer reads a layer's code
    linecache.cache[module.__file__] = (len(source), None, source.splitlines(True), module.__file__)
    try:
        exec(compile(source, module.__file__, "exec"), module.__dict__)
        yield module
    finally:
        sys.modules.pop(name, None)
        _SOURCES.pop(module.__file__, None)
        linecache.cache.pop(module.__file__, None)


#: the source of each loaded mutant or original, by its module's file name
_SOURCES: dict[str, str] = {}


def _normalise(key: tuple[str, ...]) -> str:
    """A finding key with each source location as the function it is in: a mutant's lines are
    not the original's, but a crash in another function is another finding, as the fuzzer says."""
    return "/".join(_LOCATION.sub(_place, str(part)) for part in key)


def _place(match: re.Match[str]) -> str:
    file, line = match.group(1), int(match.group(0).rpartition(":")[2])
    source = _SOURCES.get(file)
    if source is None:
        return "<loc>"
    spans = [(start, name) for start, end, name in _functions(source) if start <= line <= end]
    return f"<in {max(spans)[1] if spans else '<module>'}>"  # the innermost: the last to start


@functools.lru_cache(maxsize=64)
def _functions(source: str) -> tuple[tuple[int, int, str], ...]:
    return tuple((n.lineno, n.end_lineno or n.lineno, n.name) for n in ast.walk(ast.parse(source))
                 if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))


def finding_keys(module: types.ModuleType, layer: Layer, seed: int, budget: int,
                 checks: list[str] | None = None) -> set[str]:
    """Finding keys of one fuzz run over every tool of the layer, prefixed by the tool
    (`checks`: the fuzzer's default, every check, unless given)."""
    from pytest_aacl import fuzz

    keys: set[str] = set()
    for tool in layer.tools:
        report = fuzz(getattr(module, tool.function), schema=resolve(module, tool.schema), checks=checks,
                      implementation=(module, tool.implementation), max_examples=budget, seed=seed)
        keys.update(f"{tool.function}:{_normalise(f.key)}" for f in report.findings)
        # advice of rejects_invalid (what only the prose or the names rule out) is kept apart:
        # it never makes a kill, it is counted as its own column
        keys.update(f"{ADVICE}{tool.function}:{_normalise(f.key)}" for f in report.advice if f.check == "rejects_invalid")
    return keys


def _in_child(fn: Callable[[], Any], timeout: float) -> tuple[str, Any]:
    """Run `fn` in a forked child (a mutant cannot disturb the next); ("ok", value),
    ("timeout", None) or ("error", text)."""
    fd, path = tempfile.mkstemp(prefix="aacl-mut-")
    os.close(fd)
    try:
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            code = 0
            try:
                os.setpgid(0, 0)
                out: tuple[str, Any] = ("ok", fn())
            except BaseException as exc:  # reported to the parent, never raised there
                out = ("error", f"{type(exc).__name__}: {str(exc)[:300]}")
            try:
                with open(path, "wb") as fh:
                    pickle.dump(out, fh)
            except BaseException:
                code = 1
            os._exit(code)
        deadline = time.monotonic() + timeout
        while True:
            done, _ = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() > deadline:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return "timeout", None
            time.sleep(0.05)
        try:
            with open(path, "rb") as fh:
                return pickle.load(fh)
        except (OSError, EOFError, pickle.UnpicklingError):
            return "error", "the child died without a result"
    finally:
        with contextlib.suppress(OSError):
            os.unlink(path)


def _sample(items: list[Any], limit: int | None, seed: int) -> list[Any]:
    if limit is None or len(items) <= limit:
        return items
    picked = sorted(random.Random(seed).sample(range(len(items)), limit))
    return [items[i] for i in picked]


def score_layer(layer: Layer, *, seed: int = 0, budget: int = 100, max_mutants: int | None = None,
                timeout: float = 300.0, log: Callable[[str], None] = lambda _: None) -> LayerResult:
    """Mutate `layer`, filter probable equivalents, fuzz the rest (sampled), compare with the baseline."""
    start = time.perf_counter()
    original, classified = classify(layer, seed)
    results = [MutantResult(m, "equivalent") for m, witness in classified if witness is None]
    distinct = [(m, witness) for m, witness in classified if witness is not None]
    all_mutants = [m for m, _ in classified]
    chosen = _sample(distinct, max_mutants, seed)
    log(f"{layer.name}: {len(all_mutants)} mutants, {len(all_mutants) - len(distinct)} probably equivalent, "
        f"fuzzing {len(chosen)} of {len(distinct)}")

    # The baseline runs here, in the parent: it is the unmutated code, and it leaves every lazy
    # import (jsonschema's format checkers alone take seconds) and cache warm for the children.
    with load_source(layer, original, "orig") as mod:
        base = finding_keys(mod, layer, seed, budget) | finding_keys(mod, layer, seed + 1, budget)
    for m, witness in chosen:
        t0 = time.perf_counter()

        def mutant_run(m: Mutant = m) -> set[str]:
            with load_source(layer, m.source, str(m.index)) as mod:
                return finding_keys(mod, layer, seed, budget)

        status, keys = _in_child(mutant_run, timeout)
        result = MutantResult(m, status, witness=witness, seconds=time.perf_counter() - t0)
        if status == "ok":
            result.new_keys = sorted(keys - base)
            defects = [k for k in result.new_keys if not k.startswith(ADVICE)]
            result.status = "killed" if defects else "survived"
            result.advised = not defects and bool(result.new_keys)
        elif status == "error":
            result.new_keys = [str(keys)]
        results.append(result)
        log(f"  {result.status:9} {m.label}  ({result.seconds:.0f} s)")
    results.sort(key=lambda r: r.mutant.index)
    return LayerResult(layer, len(all_mutants), results, sorted(base), time.perf_counter() - start, len(distinct))


def classify(layer: Layer, seed: int = 0, limit: int = 10000) -> tuple[str, list[tuple[Mutant, str | None]]]:
    """The layer's source (as unparsed) and each mutant with its differential witness
    (None: probably equivalent); `limit`: differential inputs per tool."""
    written = source_of(layer)
    original = ast.unparse(ast.parse(written))  # the same printer as every mutant
    with load_source(layer, original, "orig") as module:
        tools = [(t, inputs_for(resolve(module, t.schema), dict(resolve(module, t.example)), original, seed=seed,
                                limit=limit))
                 for t in layer.tools]
        expected = [behaviours(module, t.function, t.implementation, calls) for t, calls in tools]
    # mutated from the file as written, so a mutant's line is the file's line
    return original, [(m, _witness(layer, m, tools, expected)) for m in mutants(written, layer.exclude)]


def _witness(layer: Layer, m: Mutant, tools: list[Any], expected: list[Any]) -> str | None:
    """The first call telling the mutant apart, or None.  Marked `STRICTER` when on every
    differing call the mutant refused, with a correction (a ValueError, the fuzzer's default),
    a call its schema calls invalid: such a mutant never delivers anything the original did not
    and never refuses a valid call; it only sends more corrections back, which the fuzzer's
    contract allows, so no oracle kills it.  A crash or a refused valid call is not stricter."""
    found: list[tuple[str, dict[str, Any], Any, Any]] = []
    valid: dict[str, Callable[[dict[str, Any]], bool]] = {}
    try:
        with load_source(layer, m.source, f"d{m.index}") as module:
            for t, _ in tools:
                valid[t.function] = _validator(resolve(module, t.schema))
            for (t, calls), want in zip(tools, expected, strict=True):
                # the witness is the first difference that is not a refusal of an invalid call;
                # once one is met, the rest cannot change it (a stricter mutant needs them all)
                def other(i: int, got: Any, calls: Any = calls, want: Any = want, t: Any = t) -> bool:
                    return got != want[i] and not _refused_invalid(got, calls[i], valid[t.function])

                got = behaviours(module, t.function, t.implementation, calls, give_up=True, until=other)
                found += [(t.function, *d) for d in differences(calls, want, got)]
                if any(not _refused_invalid(d[3], d[1], valid[d[0]]) for d in found):
                    break
    except Exception as exc:  # the mutant does not even load: it differs
        return f"loading fails: {type(exc).__name__}: {exc}"
    if not found:
        return None
    # the mutant refused (the original did something else) a call the schema calls invalid
    refusals = [d for d in found if _refused_invalid(d[3], d[1], valid[d[0]])]
    other = [d for d in found if d not in refusals]
    function, args, a, b = (other or refusals)[0]
    mark = "" if other else STRICTER
    return f"{mark}{function}({_short(args)}): original {_short(a)}, mutant {_short(b)}"


def _refused_invalid(mutant: Any, args: dict[str, Any], valid: Callable[[dict[str, Any]], bool]) -> bool:
    """The mutant refused, with a correction, a call the schema calls invalid."""
    return mutant[0] not in ("ok", "hang") and not mutant[0].startswith(CRASH) and not valid(args)


def _validator(schema: dict[str, Any]) -> Callable[[dict[str, Any]], bool]:
    import jsonschema

    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    check = cls(schema, format_checker=cls.FORMAT_CHECKER)

    def is_valid(args: dict[str, Any]) -> bool:
        try:
            return bool(check.is_valid(args))
        except Exception:  # a value jsonschema cannot even look at is no valid call
            return False

    return is_valid


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 160 else text[:157] + "..."
