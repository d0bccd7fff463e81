"""The equivalence filter: run the original and a mutant on the same inputs, compare behaviour.

The inputs come from this module alone, never from pytest-aacl's generator: a filter built on
the generator would call every mutant it misses "equivalent" and hide exactly the gaps the
benchmark is there to show.  For every field of a tool's schema, each candidate value below
replaces that field in a valid example call (and the field is dropped once); then random
pairs of candidates are combined.  Candidates: the schema's enum members, bounds ±1 and
default; the example's value and generic renderings of it (text of a number, `+` sign, `.0`,
surrounding spaces, tabs and newlines, quotes, upper/title case, JSON text of a list or object,
comma-joined list, one-element list, the value wrapped in a list); the constants written in
the layer's own source (and the same renderings of them); the value cut at every boundary
between character classes; the value wrapped in a label, a URL, a query or a fragment built
from words of the layer's own string constants; and a fixed set of odd values
(None, booleans, 0, -1, 1.5, "", "null", "none", "abc", a 300-character string, [], {}).

Behaviour is what reached the implementation (its keyword arguments), the tool's return
value, and the type of exception raised (or "hang" after 2 s).  Exception *messages* are not
compared: the fuzzer's oracle judges values, so a mutant that only rewords an error is not a
defect it could be asked to find (the mutator does not mutate f-strings or `raise` arguments
for the same reason).  A mutant with identical behaviour on every input is "probably
equivalent"; one that differs comes with the first input that shows it (the witness).
"""

from __future__ import annotations

import ast
import json
import math
import random
import re
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["CRASH", "Behaviour", "behaviours", "differences", "inputs_for"]

#: marks an exception type that is not a correction (not a ValueError): a crash, not a refusal
CRASH = "crash:"

Behaviour = tuple[str, str, str]  # (exception type or "ok", implementation kwargs, return value)
_ODD: list[Any] = [None, True, False, 0, -1, 1.5, "", " ", "null", "none", "None", "abc", "x" * 300, [], {}]
_MISSING = object()
_SCHEMA_WORDS = frozenset({"type", "properties", "required", "additionalproperties", "object", "string", "array",
                           "integer", "number", "boolean", "null", "items", "enum", "pattern", "default",
                           "description", "format", "minimum", "maximum", "minlength", "maxlength", "maxitems",
                           "maxproperties"})


def _prefixes(text: str) -> list[str]:
    """`text` cut at every boundary between character classes (`2026-05-15T09:00:00+02:00` ->
    `2026`, `2026-05-15`, `2026-05-15T09:00:00`, ...)."""
    def kind(c: str) -> int:
        return 0 if c.isdigit() else 1 if c.isalpha() else 2

    return [text[:i] for i in range(1, len(text)) if kind(text[i]) != kind(text[i - 1])]


def _words(source: str) -> list[str]:
    """Words of three letters or more in the layer's string constants (regexes included,
    docstrings not), in order of first appearance."""
    seen: dict[str, None] = {}
    tree = ast.parse(source)
    docstrings = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            for word in re.findall(r"[A-Za-z]{3,}", node.value):
                if word.lower() not in _SCHEMA_WORDS:  # the contract's vocabulary, not the layer's
                    seen.setdefault(word.lower(), None)
    return list(seen)[:16]


def _wrapped(value: str, words: list[str]) -> list[str]:
    """`value` inside text built from the layer's own words: a label, a URL, a query, a fragment."""
    out = [f"{value}?x=1", f"{value}#x", f"{value}/", f"{value}.txt"]
    for w in words:
        out += [f"{w}:{value}", f"{w.upper()}: {value}", f"https://{w}.org/{value}"]
        out += [f"https://www.{w}.org/{w2}/{value}" for w2 in words]
    return out


def _renderings(value: Any) -> list[Any]:
    out: list[Any] = []
    if isinstance(value, bool):
        out += [str(value), str(value).lower(), int(value), "yes" if value else "no", "on" if value else "off",
                "1" if value else "0", " true " if value else " false "]
    elif isinstance(value, (int, float)) and math.isfinite(value):
        out += [str(value), f"+{value}", f"{value}.0", f" {value} ", float(value), value + 1, value - 1,
                -value, str(value) + "\n", f"{value:,}" if abs(value) >= 1000 else f"0{value}"]
    elif isinstance(value, str):
        out += [value.upper(), value.title(), value.lower(), f" {value} ", f"\t{value}\n", f'"{value}"', f"'{value}'",
                value + ".", value[:-1], value + value[-1:], [value], json.dumps(value), value.replace(" ", "_"),
                *_prefixes(value)]
    elif isinstance(value, list):
        out += [json.dumps(value), ", ".join(map(str, value)), [], value[:1], value * 6,
                str(value), [json.dumps(v) for v in value], [1, *value], json.dumps([1, *value]),
                json.dumps([value]), json.dumps({"items": value})]
        out += [value[0]] if value else []
    elif isinstance(value, dict):
        out += [json.dumps(value), str(value), [value], {}, {k: [v] for k, v in value.items()}, "{not json"]
    return out


def _schema_values(prop: dict[str, Any]) -> list[Any]:
    out: list[Any] = list(prop.get("enum", []))
    for key in ("minimum", "maximum"):
        if isinstance(prop.get(key), (int, float)):
            out += [prop[key], prop[key] - 1, prop[key] + 1]
    if "default" in prop:
        out.append(prop["default"])
    for key in ("minLength", "maxLength", "maxItems"):
        if isinstance(prop.get(key), int):
            out.append("y" * (prop[key] + 1))
    items = prop.get("items")
    if isinstance(items, dict):
        out += [[v] for v in items.get("enum", [])]
        props = items.get("properties") or {}
        if props:
            base = {k: (p.get("enum") or [0])[0] if "enum" in p else p.get("minimum", "x") for k, p in props.items()}
            out.append([base])
            for k, p in props.items():
                for v in _schema_values(p) + _ODD[:8]:
                    out.append([{**base, k: v}])
    return out


def _mined(source: str) -> list[Any]:
    """The constants written in the layer itself (strings and numbers), each once."""
    seen: dict[str, Any] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, (str, int, float)) and not isinstance(
                node.value, bool) and len(str(node.value)) <= 40:
            seen.setdefault(repr(node.value), node.value)
    return list(seen.values())


def inputs_for(schema: dict[str, Any], example: dict[str, Any], source: str, extra: int = 300,
               seed: int = 0, limit: int = 10000) -> list[dict[str, Any]]:
    """The differential inputs for one tool (deterministic for a given seed)."""
    props: dict[str, Any] = schema.get("properties", {})
    mined = _mined(source)
    words = _words(source)
    per_field: dict[str, list[Any]] = {}
    for name, prop in props.items():
        values = [example.get(name, _MISSING), *_schema_values(prop), *_ODD, *mined]
        values += _renderings(example.get(name))
        if isinstance(example.get(name), str):
            values += _wrapped(example[name], words)
        for v in list(values):
            if v is not _MISSING and not isinstance(v, (list, dict)):
                values += _renderings(v)[:6]
        per_field[name] = values
    calls: list[dict[str, Any]] = [dict(example)]
    for name, values in per_field.items():
        for v in values:
            args = dict(example)
            if v is _MISSING:
                args.pop(name, None)
            else:
                args[name] = v
            calls.append(args)
        if name in example:
            calls.append({k: v for k, v in example.items() if k != name})
    rng = random.Random(seed)
    names = list(per_field)
    for _ in range(extra if len(names) > 1 else 0):
        args = dict(example)
        for name in rng.sample(names, 2):
            v = rng.choice(per_field[name])
            if v is _MISSING:
                args.pop(name, None)
            else:
                args[name] = v
        calls.append(args)
    unique: dict[str, dict[str, Any]] = {}
    for args in calls:
        unique.setdefault(repr(sorted(args.items(), key=lambda kv: kv[0])), args)
    out = list(unique.values())
    if len(out) > limit:  # a deterministic sample, the example call first
        out = [out[0]] + [out[i] for i in sorted(rng.sample(range(1, len(out)), limit - 1))]
    return out


class _Hang(BaseException):
    pass


@contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    def _raise(*_: Any) -> None:
        raise _Hang

    old = signal.signal(signal.SIGALRM, _raise)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


#: seconds a differential call may take before it counts as a hang
CALL_SECONDS = 2.0
#: hangs after which a mutant's remaining calls are taken to hang too: a mutant looping on
#: every call (database-mcp-core's `_first_word` with its index never advanced) cost 2 s on
#: each of up to 10,000 calls, and the run never ended
GIVE_UP_AFTER_HANGS = 3


def behaviours(module: Any, function: str, implementation: str, calls: list[dict[str, Any]],
               give_up: bool = False, until: Callable[[int, Behaviour], bool] | None = None) -> list[Behaviour]:
    """What `module.function` does on each call, its implementation replaced by a recorder;
    with `give_up` (a mutant), after `GIVE_UP_AFTER_HANGS` hangs the rest count as hangs;
    `until(i, behaviour)` true ends the list there (the caller has seen enough)."""
    seen: list[dict[str, Any]] = []
    real = getattr(module, implementation)

    def spy(*args: Any, **kwargs: Any) -> None:  # like the fuzzer's spy: the backend never runs
        seen.append({"args": args, **kwargs})

    setattr(module, implementation, spy)
    out: list[Behaviour] = []
    try:
        fn: Callable[..., Any] = getattr(module, function)
        hangs = 0
        for args in calls:
            if give_up and hangs >= GIVE_UP_AFTER_HANGS:
                out.append(("hang", "[]", "null"))
                continue
            seen.clear()
            outcome, result = "ok", None
            try:
                with _time_limit(CALL_SECONDS):
                    result = fn(**args)
            except _Hang:
                outcome, hangs = "hang", hangs + 1
            except Exception as exc:  # the behaviour compared is the exception's type, marked
                # when it is not a correction (the fuzzer's default `correction=ValueError`)
                outcome = type(exc).__name__ if isinstance(exc, ValueError) else CRASH + type(exc).__name__
            out.append((outcome, _stable(seen), _stable(result)))
            if until is not None and until(len(out) - 1, out[-1]):
                break
    finally:
        setattr(module, implementation, real)
    return out


def _stable(value: Any) -> str:
    try:
        return json.dumps(value, sort_keys=True, default=repr)
    except (TypeError, ValueError):
        return repr(value)


def differences(calls: list[dict[str, Any]], original: list[Behaviour],
                mutant: list[Behaviour]) -> list[tuple[dict[str, Any], Behaviour, Behaviour]]:
    """Every call on which the two behave differently, in order (the first is the witness);
    `mutant` may be a prefix (its run stopped early)."""
    return [(args, a, b) for args, a, b in zip(calls[:len(mutant)], original[:len(mutant)], mutant, strict=True) if a != b]
