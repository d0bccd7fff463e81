"""`SimulatedModel`: a deterministic test double of a model for offline convergence runs.

It is not a model and never claims to be one (its runs say `simulated`). It intends a
correct call (the task's `intended` arguments), writes some fields the way models do (the
`hallucinated` families of `pytest_aacl.strategies`), and on a correction repairs only what
the correction tells it: a field whose path and expected form the message states is fixed
with probability `fix_probability`; a field it names without the expected form, or every
field it wrote when the message names none, is guessed again (re-rendered); fields the
message does not mention while naming others stay as they were. So a vague correction measurably converges slower than a precise one, which
is what it exists to show.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Mapping
from typing import Any

from .. import _argcheck
from .._boundary import Tool
from .._errors import InvalidArgument
from ._records import Task, ToolCall, ToolResult, Turn

__all__ = ["SimulatedModel", "read_correction"]

_LINE = re.compile(r"^([A-Z_]+) at ([^:\s]+): expected (.+?); received", re.M)
_MARKED = re.compile(r'^\s*"([^"]+)":.*//\s*❌\s*(.*)$', re.M)
_TRAILING = re.compile(r"^//\s*([\w.\[\]<>]+):\s*(.*)$", re.M)


def read_correction(message: str) -> dict[str, bool]:
    """What a careful reader learns from a correction: `{field path: expected form stated?}`.

    Reads the boundary's line format, the annotated-arguments format and the pydantic-style
    error list; a message in none of them (a vague one) teaches nothing.
    """
    _argcheck.text("read_correction", "message", message, empty=True,
               example="the correction message a tool returned (str(error))")
    found: dict[str, bool] = {}
    for _code, path, expected in _LINE.findall(message):
        found[path] = found.get(path, False) or bool(expected.strip())
    for key, note in _MARKED.findall(message):
        found[key] = found.get(key, False) or "expected" in note
    for path, note in _TRAILING.findall(message):
        found[path] = found.get(path, False) or "expected" in note
    start = message.find("[")
    if start >= 0 and not found:
        try:
            errors = json.loads(message[start:])
        except ValueError:
            errors = []
        for error in errors if isinstance(errors, list) else []:
            if isinstance(error, dict) and isinstance(error.get("loc"), list):
                path = _join(error["loc"])
                found[path] = found.get(path, False) or str(error.get("msg", "")).startswith("expected")
    return found


def _join(loc: list[Any]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


class _State:
    def __init__(self, task: Task, tool: Tool, rng: random.Random) -> None:
        self.task, self.tool, self.rng = task, tool, rng
        self.args: dict[str, Any] = {}
        self.labels: dict[str, dict[str, Any]] = {}
        self.turns = 0
        self.done = False


def _check_weights(weights: Any) -> None:
    from ..strategies import FAMILIES  # lazy: hypothesis costs start-up

    expected = 'a mapping of family names to weights >= 0, e.g. weights={"int_string": 2.0, "enum_case": 1.0}'
    _argcheck.mapping("SimulatedModel", "weights", weights, expected=expected)
    unknown = sorted(str(k) for k in weights if k not in FAMILIES)
    if unknown:
        raise _argcheck.invalid("SimulatedModel", "weights", weights, f"family names from FAMILIES (unknown: "
                            f"{', '.join(unknown)}), e.g. int_thousands, enum_case, date_text")
    _argcheck.each("SimulatedModel", "weights", list(weights.values()),
               lambda w: not isinstance(w, bool) and isinstance(w, (int, float)) and w >= 0 and w == w,
               expected="non-negative numbers as weights, e.g. 1.0")


class SimulatedModel:
    """A seeded, deterministic stand-in for a model (a test double, not a model).

    `weights` maps hallucination family names to relative weights (a family missing from a
    given mapping is never used; `None` weighs every family alike). `render_probability` is
    the chance that a field is written in a model-style rendering instead of canonically;
    `mistake_probability` the chance that it is written as a value no reading can fix (an
    enum value that does not exist, words for a number, a list sent as `true`: family
    `mistake`), which only a correction can repair;
    `fix_probability` the chance that a field whose correction states the path and the
    expected form is fixed; `give_up_probability` the chance of stopping after a correction.
    """

    simulated = True
    provider = "simulated"

    def __init__(self, *, seed: int = 0, weights: Mapping[str, float] | None = None,
                 render_probability: float = 0.5, mistake_probability: float = 0.2,
                 fix_probability: float = 0.9, give_up_probability: float = 0.0,
                 name: str = "simulated") -> None:
        for label, p in (("render_probability", render_probability), ("fix_probability", fix_probability),
                         ("mistake_probability", mistake_probability),
                         ("give_up_probability", give_up_probability)):
            _argcheck.number("SimulatedModel", label, p, low=0.0, high=1.0,
                         expected=f"a probability between 0 and 1, e.g. {label}=0.5")
        _argcheck.whole("SimulatedModel", "seed", seed, minimum=None, example="seed=1")
        _argcheck.text("SimulatedModel", "name", name, example='name="simulated"')
        if weights is not None:
            _check_weights(weights)
        self.seed, self.weights = seed, dict(weights) if weights is not None else None
        self.render_probability, self.fix_probability = render_probability, fix_probability
        self.give_up_probability, self.name = give_up_probability, name
        self.mistake_probability = mistake_probability
        self._completions = 0

    def __repr__(self) -> str:
        return f"SimulatedModel(seed={self.seed}) [a test double, not a real model]"

    # -- the Model protocol ----------------------------------------------------------

    def start(self, task: Task, tools: list[Tool]) -> _State:
        if task.tool is None or task.intended is None:
            raise InvalidArgument(f"SimulatedModel needs a Task with tool= and intended= (the call it should make), "
                                  f"got {_argcheck.shown(task)}; pass e.g. Task(prompt, tool='add', intended={{'a': 2}})")
        tool = next((t for t in tools if t.name == task.tool), None)
        if tool is None:
            raise InvalidArgument(f"SimulatedModel: the task's tool {task.tool!r} is not among the tools; pass a Task "
                                  f"whose tool= is one of {', '.join(repr(t.name) for t in tools)}")
        salt = sum(ord(c) * (i + 1) for i, c in enumerate(task.name or task.prompt))
        state = _State(task, tool, random.Random(self.seed * 1_000_003 + salt))
        for field, value in task.intended.items():
            self._write(state, field, value)
        return state

    def turn(self, state: _State) -> Turn:
        state.turns += 1
        if state.done:
            return Turn(calls=[], text="I could not make the call work.", model=self.name)
        call = ToolCall(f"call_{state.turns}", state.task.tool or "", copy.deepcopy(state.args))
        return Turn(calls=[call], model=self.name, labels=tuple(state.labels.values()))

    async def aturn(self, state: _State) -> Turn:
        return self.turn(state)

    def reply(self, state: _State, turn: Turn, results: list[ToolResult]) -> None:
        for result in results:
            if not result.is_error:
                continue
            if state.rng.random() < self.give_up_probability:
                state.done = True
                return
            learned = read_correction(result.content)
            assert state.task.intended is not None
            for field, value in state.task.intended.items():
                if field not in state.labels:
                    continue  # written canonically: nothing to repair
                stated = next((ok for path, ok in learned.items() if path == field or path.startswith((field + ".", field + "["))), None)
                if stated is None and learned:
                    continue  # the correction is about other fields: this one stays as it was
                if stated and state.rng.random() < self.fix_probability:
                    state.args[field] = copy.deepcopy(value)
                    del state.labels[field]
                else:  # named without the expected form, or nothing named at all: guess again
                    self._write(state, field, value)

    # -- structured responses (respond) ------------------------------------------------

    def complete(self, messages: list[dict[str, Any]], schema: dict[str, Any] | None = None) -> Turn:
        """A JSON response for `respond()`: it aims at a schema-valid value, breaks top-level
        fields with `mistake_probability`, and fixes a field a VALIDATION ERROR names with
        `fix_probability` (it reads the schema and its previous answer from the prompt)."""
        prompt = str(messages[-1]["content"])
        retry = "\nYOUR RESPONSE:\n" in prompt
        request = prompt.split("ORIGINAL REQUEST:\n", 1)[-1].split("\n\nYOUR RESPONSE:\n", 1)[0] if retry else prompt
        fence = re.search(r"```json\n(.*?)\n```", request, re.S)
        target_schema = schema or (json.loads(fence.group(1)) if fence else {"type": "object"})
        self._completions += 1
        rng = random.Random(self.seed * 7919 + self._completions)
        intended = _example(target_schema, self.seed)
        if not retry:
            value = copy.deepcopy(intended)
            if isinstance(value, dict):
                for key in list(value):
                    if rng.random() < self.mistake_probability:
                        value[key] = _break(value[key])
        else:
            previous = prompt.split("\nYOUR RESPONSE:\n", 1)[1].split("\n\nVALIDATION ERROR:\n", 1)[0]
            errors = prompt.split("\n\nVALIDATION ERROR:\n", 1)[1]
            try:
                value = json.loads(previous)
            except ValueError:
                value = None
            if not isinstance(value, dict) or not isinstance(intended, dict):
                value = intended if rng.random() < self.fix_probability else value
            else:
                for key in _named_keys(errors, intended):
                    if rng.random() < self.fix_probability:
                        if key in intended:
                            value[key] = copy.deepcopy(intended[key])
                        else:
                            value.pop(key, None)
        return Turn([], json.dumps(value, ensure_ascii=False), model=self.name)

    async def acomplete(self, messages: list[dict[str, Any]], schema: dict[str, Any] | None = None) -> Turn:
        return self.complete(messages, schema)

    # -- rendering ---------------------------------------------------------------------

    def _write(self, state: _State, field: str, value: Any) -> None:
        mistake = _mistake(_field_schema(state.tool.spec.parameters, field) or {})
        if mistake is not _NONE and state.rng.random() < self.mistake_probability:
            state.args[field] = mistake
            state.labels[field] = {"path": field, "family": "mistake", "rendered": mistake}
            return
        options = self._options(state.tool, field, value)
        if options and state.rng.random() < self.render_probability:
            weights = [self._weight(r.family) for r in options]
            if sum(weights) > 0:
                chosen = state.rng.choices(options, weights=weights)[0]
                state.args[field] = copy.deepcopy(chosen.rendered)
                state.labels[field] = {"path": field, "family": chosen.family, "rendered": chosen.rendered}
                return
        state.args[field] = copy.deepcopy(value)
        state.labels.pop(field, None)

    def _weight(self, family: str) -> float:
        return 1.0 if self.weights is None else float(self.weights.get(family, 0.0))

    def _options(self, tool: Tool, field: str, value: Any) -> list[Any]:
        schema = _field_schema(tool.spec.parameters, field)
        key = (json.dumps(schema, sort_keys=True, default=str), json.dumps(value, sort_keys=True, default=str))
        if key not in _RENDERINGS:
            from ..strategies import all_renderings  # lazy: hypothesis costs start-up

            try:
                _RENDERINGS[key] = [r for r in all_renderings(value, schema) if r.rendered != value] if schema else []
            except Exception:  # a value the families cannot render: written canonically
                _RENDERINGS[key] = []
        return _RENDERINGS[key]


_NONE = object()
#: (field schema, value) -> its renderings; the same for every seed, so computed once
_RENDERINGS: dict[tuple[str, str], list[Any]] = {}
_EXAMPLES: dict[tuple[str, int], Any] = {}
_REQUIRED = re.compile(r"'([^']+)' is a required property")
_UNEXPECTED = re.compile(r"\('([^)]*)' (?:was|were) unexpected\)")


def _named_keys(errors: str, intended: dict[str, Any]) -> list[str]:
    """The top-level keys a VALIDATION ERROR block names (paths, missing or unexpected keys)."""
    keys: list[str] = []
    for line in errors.splitlines():
        found = re.match(r"at /([^/:]+)", line)
        if found:
            keys.append(found.group(1))
        keys += _REQUIRED.findall(line)
        for group in _UNEXPECTED.findall(line):
            keys += [k.strip().strip("'") for k in group.split(",")]
    return list(dict.fromkeys(keys))


def _break(value: Any) -> Any:
    """The same field, wrong: what a careless answer looks like to a validator."""
    if isinstance(value, bool) or isinstance(value, (int, float)):
        return "unknown"
    if isinstance(value, str):
        return None
    return "see above"


def _example(schema: dict[str, Any], seed: int) -> Any:
    """One schema-valid value: the simplest, so the same for every seed (computed once)."""
    key = (json.dumps(schema, sort_keys=True, default=str), 0)
    if key not in _EXAMPLES:
        from hypothesis import HealthCheck, find, settings

        from ..strategies import conforming  # lazy: hypothesis costs start-up

        quiet = settings(database=None, max_examples=50, suppress_health_check=list(HealthCheck))
        _EXAMPLES[key] = find(conforming(schema), lambda value: True, settings=quiet, random=random.Random(seed))
    return copy.deepcopy(_EXAMPLES[key])


def _mistake(schema: dict[str, Any]) -> Any:
    """A value no careful reader could take for a valid one, by the field's schema."""
    types = schema.get("type")
    types = set(types) if isinstance(types, list) else {types}
    for branch in schema.get("anyOf", []):
        if isinstance(branch, dict):
            types.add(branch.get("type"))
    if "enum" in schema:
        return "something else"
    if types & {"integer", "number"}:
        return "a few"
    if "boolean" in types:
        return "maybe"
    if "array" in types or "object" in types:
        return True
    if schema.get("format") in ("date", "date-time"):
        return "sometime soon"
    return _NONE


def _field_schema(parameters: dict[str, Any], field: str) -> dict[str, Any] | None:
    node = parameters.get("properties", {}).get(field)
    if not isinstance(node, dict):
        return None
    if "$defs" in parameters:
        return {**node, "$defs": parameters["$defs"]}
    return node
