"""`converge()`: the agent loop that measures whether corrections make a model converge.

Each tool call the model makes goes through the boundary. A correction goes back to the
model as its provider's error tool result (the adapter decides the wire form), worded in
the chosen correction format; the loop ends when a call reaches the implementation, the
attempts run out, or the model stops calling tools.
"""

from __future__ import annotations

import inspect
import json
import re
from collections.abc import Iterable
from decimal import Decimal
from typing import Any, Protocol

from .. import _argcheck
from .._boundary import Tool, boundary
from .._errors import CorrectionError, InvalidArgument
from .._kinds import classify
from .._normalise._lenient import read_arguments
from ._formats import FORMATS, format_correction
from ._records import Attempt, Run, Task, ToolCall, ToolResult, Turn

_CODE = re.compile(r"^([A-Z_]{4,}) at ", re.M)  # the boundary's correction lines, when a tool uses them

__all__ = ["Model", "aconverge", "converge"]


class Model(Protocol):
    """What `converge` needs of a model: start a conversation, take a turn, hear results.

    The adapters in `pytest_aacl.harness` (OpenAI Chat and Responses, Anthropic, Gemini) and
    `SimulatedModel` implement it; so can a user's own class.
    """

    name: str
    provider: str

    def start(self, task: Task, tools: list[Tool]) -> Any: ...
    def turn(self, state: Any) -> Turn: ...
    async def aturn(self, state: Any) -> Turn: ...
    def reply(self, state: Any, turn: Turn, results: list[ToolResult]) -> None: ...


def converge(model: Model, tools: Iterable[Any], task: Task | str, *, max_attempts: int = 4,
             correction_format: str = "lines", execute: bool = True) -> Run:
    """Run `model` on `task` with `tools` behind the boundary until a call goes through.

    `tools` are boundary `Tool`s (plain functions are wrapped with `boundary()`), or any
    target `fuzz()` accepts (an MCP server or tool, `"stdio:<command>"`, a LangChain tool,
    `"module:object"`): those run as they are, in a worker process, and their own refusals
    are the corrections. `execute` runs the implementation of the successful call (its
    result is `run.result`); without it the loop stops at the boundary. Returns the `Run`.
    """
    loop = _Loop(model, tools, task, max_attempts, correction_format, execute, "converge")
    try:
        state = model.start(loop.task, list(loop.tools.values()))
        while loop.more():
            turn = model.turn(state)
            results = [loop.settle(call, allow_async=False) for call in turn.calls]
            if loop.record(turn, results):
                model.reply(state, turn, results)
    finally:
        loop.close()
    return loop.finish()


async def aconverge(model: Model, tools: Iterable[Any], task: Task | str, *, max_attempts: int = 4,
                    correction_format: str = "lines", execute: bool = True) -> Run:
    """`converge` for async code: the model's turns and async implementations are awaited."""
    loop = _Loop(model, tools, task, max_attempts, correction_format, execute, "aconverge")
    try:
        state = model.start(loop.task, list(loop.tools.values()))
        while loop.more():
            turn = await model.aturn(state)
            results = []
            for call in turn.calls:
                result = loop.settle(call, allow_async=True)
                if isinstance(result, _Pending):
                    try:
                        value = await result.awaitable
                    except Exception as exc:  # the tool's own failure
                        value = exc
                    result = loop.finish_call(call, value, result.normalised)
                results.append(result)
            if loop.record(turn, results):
                model.reply(state, turn, results)
    finally:
        loop.close()
    return loop.finish()


class _Pending:
    def __init__(self, awaitable: Any, normalised: dict[str, Any]) -> None:
        self.awaitable, self.normalised = awaitable, normalised


class _Loop:
    """The bookkeeping shared by the sync and async loops."""

    def __init__(self, model: Model, tools: Iterable[Any], task: Task | str, max_attempts: int,
                 correction_format: str, execute: bool, where: str) -> None:
        if not all(callable(getattr(model, hook, None)) for hook in ("start", "turn", "reply")):
            raise _argcheck.invalid(where, "model", model, "a model adapter: harness.model('openai:gpt-4o-mini'), "
                                "SimulatedModel(seed=1) or your own class with start(), turn() and reply()")
        listed = _argcheck.items(where, "tools", tools, expected="a list of boundary Tools (or functions, or fuzz targets)")
        if not isinstance(task, (Task, str)):
            raise _argcheck.invalid(where, "task", task, 'a Task("Add 2 and 3", tool="add", intended={...}) or a prompt string')
        _argcheck.whole(where, "max_attempts", max_attempts, minimum=1, example="max_attempts=4")
        _argcheck.choice(where, "correction_format", correction_format, FORMATS)
        _argcheck.flag(where, "execute", execute)
        self.task = Task(task) if isinstance(task, str) else task
        self.tools = {t.name: t for t in (one for obj in listed for one in _as_tools(obj))}
        if not self.tools:
            raise _argcheck.invalid(where, "tools", listed, "at least one boundary Tool, e.g. tools=[add]")
        if self.task.tool is not None and self.task.tool not in self.tools:
            raise _argcheck.invalid(where, "task", self.task, f"a Task whose tool= is one of the tools: {', '.join(map(repr, sorted(self.tools)))}")
        self.model, self.format, self.execute, self.max = model, correction_format, execute, max_attempts
        self.run = Run(self.task, model.name, correction_format, simulated=bool(getattr(model, "simulated", False)))
        self._pending: list[Attempt] = []
        self._cost: Decimal | None = Decimal(0)

    def more(self) -> bool:
        return not (self.run.converged or self.run.gave_up) and len(self.run.attempts) < self.max

    def close(self) -> None:
        for tool in self.tools.values():
            if not _boundary_like(tool):
                tool.close()

    def settle(self, call: ToolCall, *, allow_async: bool) -> Any:
        tool = self.tools.get(call.name)
        if tool is None:
            text = f"There is no tool named {call.name!r}; the tools are: {', '.join(sorted(self.tools))}."
            self._pending.append(Attempt(0, as_text(call.arguments), "unknown_tool", call.name, correction=text))
            return ToolResult(call.id, call.name, text, is_error=True)
        if not _boundary_like(tool):
            return self._settle_target(tool, call)
        try:
            canonical = tool.normalise_json(call.arguments)
        except CorrectionError as error:
            text = format_correction(error, call.arguments, self.format)
            codes = tuple(c.code for c in error.corrections)
            self._pending.append(Attempt(0, as_text(call.arguments), "corrected", call.name, codes=codes, correction=text))
            return ToolResult(call.id, call.name, text, is_error=True)
        if not self.execute:
            return self.finish_call(call, None, canonical)
        try:
            value = tool.implementation(**tool.spec.to_python(canonical))
        except Exception as exc:  # the tool's own failure, told to the model as a tool error
            return self.finish_call(call, exc, canonical)
        if inspect.isawaitable(value):
            if not allow_async:
                getattr(value, "close", lambda: None)()
                raise InvalidArgument(f"converge() got tools containing the async tool {call.name!r}; use "
                                      "aconverge() for async tools")
            return _Pending(value, canonical)
        return self.finish_call(call, value, canonical)

    def _settle_target(self, target: Any, call: ToolCall) -> ToolResult:
        """A tool that is not a boundary `Tool`: called as it is, its refusals are the corrections."""
        arguments = call.arguments
        if isinstance(arguments, str):
            try:
                arguments = json.loads(arguments) if arguments.strip() else {}
            except ValueError:
                text = "The arguments are not valid JSON; send one JSON object."
                self._pending.append(Attempt(0, as_text(call.arguments), "corrected", call.name, correction=text))
                return ToolResult(call.id, call.name, text, is_error=True)
        observed = target.call(arguments if isinstance(arguments, dict) else {"arguments": arguments})
        if observed.outcome == "rejected":
            codes = tuple(_CODE.findall(observed.message))
            self._pending.append(Attempt(0, as_text(call.arguments), "corrected", call.name, codes=codes, correction=observed.message))
            return ToolResult(call.id, call.name, observed.message, is_error=True)
        if observed.outcome != "returned":
            text = observed.message or f"The tool failed ({observed.outcome})."
            self._pending.append(Attempt(0, as_text(call.arguments), "error", call.name, correction=text))
            return ToolResult(call.id, call.name, text, is_error=True)
        # what reached the implementation is known only when it was observed (a named
        # implementation); a black box's reading is unknown, so corruption is not judged
        received = observed.received[0] if observed.received else None
        return self.finish_call(call, observed.result, received)

    def finish_call(self, call: ToolCall, value: Any, canonical: dict[str, Any] | None) -> ToolResult:
        if isinstance(value, Exception):
            text = f"The tool failed: {type(value).__name__}: {value}"
            self._pending.append(Attempt(0, as_text(call.arguments), "error", call.name, normalised=canonical, correction=text))
            return ToolResult(call.id, call.name, text, is_error=True)
        self._pending.append(Attempt(0, as_text(call.arguments), "ok", call.name, normalised=canonical))
        if self.task.tool in (None, call.name):
            self.run.converged = True
            self.run.result = value
            if canonical is not None and self.task.intended is not None:
                tool = self.tools.get(call.name)
                spec = getattr(tool, "spec", None)
                self.run.judge(_sent(call.arguments), canonical, self.task.intended, getattr(spec, "parameters", None))
        content = value if isinstance(value, str) else json.dumps(value, default=str, ensure_ascii=False)
        return ToolResult(call.id, call.name, content)

    def record(self, turn: Turn, results: list[ToolResult]) -> bool:
        """Record one turn as one attempt; True when the conversation goes on."""
        number = len(self.run.attempts) + 1
        self._price(turn)
        if not turn.calls:
            self.run.attempts.append(Attempt(number, None, "no_call", None, input_tokens=turn.input_tokens,
                                             output_tokens=turn.output_tokens))
            self.run.gave_up = not self.run.converged
            return False
        mine = [a for a in self._pending if self.task.tool in (None, a.tool)] or self._pending
        main = next((a for a in mine if a.outcome == "ok"), mine[0])
        main.number, main.input_tokens, main.output_tokens, main.labels = number, turn.input_tokens, turn.output_tokens, turn.labels
        self.run.attempts.append(main)
        self._pending = []
        return not self.run.converged

    def _price(self, turn: Turn) -> None:
        self._cost = add_cost(self._cost, self.model, turn)

    def finish(self) -> Run:
        self.run.cost = None if self._cost is None else str(self._cost)
        return self.run


def add_cost(total: Decimal | None, model: Any, turn: Turn) -> Decimal | None:
    """`total` plus what `turn` cost at the bundled prices; None once any turn is unpriced
    (a model without a known price, or the simulated model, which costs nothing real)."""
    if total is None or getattr(model, "simulated", False):
        return None
    from .._integration._prices import (
        PriceTable,  # lazy: only a run with a priced real model has a cost
    )
    from .._integration._usage import Usage  # lazy: only a run with a priced real model has a cost

    cost = PriceTable.load().cost(Usage(getattr(model, "provider", ""), turn.model or getattr(model, "name", ""),
                                        turn.input_tokens, turn.output_tokens))
    return None if cost is None else total + cost


def _boundary_like(tool: Any) -> bool:
    return hasattr(tool, "normalise_json") and hasattr(tool, "implementation")


def _as_tools(obj: Any) -> list[Any]:
    """A boundary Tool as it is; a plain function behind `boundary()`; any other fuzz target
    (MCP server or tool, "stdio:...", LangChain tool, "module:object") as its targets."""
    kind = classify(obj)
    if kind == "boundary_tool":
        return [obj]
    if kind == "function" and inspect.isfunction(obj):
        return [boundary(obj)]
    from .._targets import (
        resolve,  # lazy: only a target that is not a boundary Tool needs the adapters
    )

    try:
        return list(resolve(obj))
    except InvalidArgument as exc:
        raise InvalidArgument(f"converge() got tools containing {_argcheck.shown(obj)}; pass boundary Tools, functions "
                              f"or fuzz targets ({exc})") from None


def as_text(arguments: Any) -> str:
    """A call's arguments as JSON text, whatever the provider carried: OpenAI's own text as
    the model wrote it (maybe not valid JSON), an object (Anthropic, Gemini, the simulated
    model) as `json.dumps` writes it. `Attempt.arguments` is this one type for all providers."""
    return arguments if isinstance(arguments, str) else json.dumps(arguments, ensure_ascii=False, default=str)


def _sent(arguments: Any) -> dict[str, Any] | None:
    """The arguments as the model sent them, as one object (its raw text read leniently)."""
    if isinstance(arguments, str):
        try:
            return read_arguments(arguments)
        except CorrectionError:
            return None
    return arguments if isinstance(arguments, dict) else None
