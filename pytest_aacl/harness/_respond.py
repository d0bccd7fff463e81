"""`respond()`: the validation-retry loop for structured (JSON Schema) responses.

Every response is read through the boundary, as a tool call's arguments are (`_reading`:
the lenient reader, then the normalisation of the schema's plan), and validated against the
schema (compiled once per schema); only what is really wrong costs a retry: one prompt
holding the ORIGINAL REQUEST, YOUR RESPONSE and the VALIDATION ERROR with its path and code,
and a focus line naming the field and what to fix. After the last retry `RespondError`
carries every attempt, the last error and the last response. The ORIGINAL REQUEST in a
retry is the whole first prompt, schema included: each retry is one self-contained message,
so it works the same with every provider and every history. Each call is also a `Run`
(`.run`), so respond runs sit in the convergence table and the harness report.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from .. import _argcheck
from .._errors import SpecError
from ._interceptors import Context, Stack
from ._loop import add_cost
from ._reading import read_response
from ._records import Attempt, Run, Task

__all__ = ["RespondError", "Responded", "ResponseAttempt", "arespond", "respond", "retry_prompt"]

_VALIDATORS: dict[str, Any] = {}


@dataclass
class ResponseAttempt:
    """One response: its text, the value parsed from it (if any) and what was wrong."""

    number: int
    text: str
    value: Any = None
    error: str = ""
    input_tokens: int = 0
    output_tokens: int = 0


@dataclass
class Responded:
    """A response that validates, the attempts it took, and the interceptors' context."""

    value: Any
    attempts: list[ResponseAttempt] = field(default_factory=list)
    context: Any = None
    schema: dict[str, Any] | None = None
    run: Run | None = None  # the same call as a harness Run (reports, summarise)


class RespondError(Exception):
    """No valid response within the retries: every attempt, the last error and response."""

    def __init__(self, attempts: list[ResponseAttempt], run: Run | None = None) -> None:
        self.attempts, self.run = attempts, run
        self.last_error = attempts[-1].error if attempts else ""
        self.last_response = attempts[-1].text if attempts else ""
        super().__init__(f"no valid response after {len(attempts)} attempt(s); last error: {self.last_error}")


def _validator(schema: dict[str, Any]) -> Any:
    key = json.dumps(schema, sort_keys=True, default=str)
    found = _VALIDATORS.get(key)
    if found is None:
        from jsonschema import FormatChecker, validators

        cls = validators.validator_for(schema)
        try:
            cls.check_schema(schema)
        except Exception as exc:
            raise SpecError(f"the response schema is not valid JSON Schema ({getattr(exc, 'message', exc)}); "
                            "pass a schema that validates against its draft's metaschema") from None
        found = _VALIDATORS[key] = cls(schema, format_checker=FormatChecker())
    return found


def _problems(schema: dict[str, Any], text: Any) -> tuple[Any, list[tuple[str, str, str]]]:
    """The value read from `text` and its problems as `(JSON pointer, message, code)`, best first."""
    return read_response(schema, _validator(schema), text)


def retry_prompt(request: str, response: str, problems: list[tuple[str, str]]) -> str:
    """The retry message: the request, the response and the validation error, then one focus line."""
    _argcheck.text("retry_prompt", "request", request, example='request="Extract the invoice total"')
    _argcheck.text("retry_prompt", "response", response, empty=True, example="response=turn.text")
    listed = _argcheck.items("retry_prompt", "problems", problems, expected="a non-empty list of (path, message) pairs")
    _argcheck.each("retry_prompt", "problems", listed, lambda p: isinstance(p, tuple) and len(p) == 2,
               expected="a non-empty list of (path, message) pairs")
    if not listed:
        raise _argcheck.invalid("retry_prompt", "problems", problems, "a non-empty list of (path, message) pairs")
    lines = [f"at {path or '/'}: {message}" for path, message in problems[:5]]
    if len(problems) > 5:
        lines.append(f"... and {len(problems) - 5} more")
    path, message = problems[0]
    message = message.rstrip(".")
    focus = f"the field {path}" if path not in ("", "/") else "the response as a whole"
    return (f"ORIGINAL REQUEST:\n{request}\n\nYOUR RESPONSE:\n{response}\n\nVALIDATION ERROR:\n" + "\n".join(lines)
            + f"\n\nFix {focus}: {message}. Respond again with only the corrected JSON, nothing else.")


def _first_prompt(request: str, schema: dict[str, Any]) -> str:
    return (f"{request}\n\nRespond with only a JSON value that validates against this JSON Schema, nothing else:\n"
            f"```json\n{json.dumps(schema, ensure_ascii=False)}\n```")


def _check(where: str, model: Any, request: Any, schema: Any, max_retries: Any, native: Any, interceptors: Any,
           context: Any) -> None:
    """Every argument of `respond`/`arespond`, before the model is asked anything."""
    hook = "acomplete" if where == "arespond" else "complete"
    if not callable(getattr(model, hook, None)):
        raise _argcheck.invalid(where, "model", model, f"a model adapter with {hook}(), e.g. "
                            "harness.model('openai:gpt-4o-mini') or SimulatedModel(seed=1)")
    _argcheck.text(where, "request", request, example='request="Extract the invoice total"')
    _argcheck.mapping(where, "schema", schema, expected='a JSON Schema dict, e.g. {"type": "object", "properties": {...}}')
    _argcheck.whole(where, "max_retries", max_retries, minimum=0, example="max_retries=3")
    _argcheck.flag(where, "native", native)
    if interceptors is not None and not isinstance(interceptors, Stack):
        raise _argcheck.invalid(where, "interceptors", interceptors, "a Stack([...interceptors]) or None")
    if context is not None and not isinstance(context, Context):
        raise _argcheck.invalid(where, "context", context, "the Context() of the previous turn (responded.context) or None")


def respond(model: Any, request: str, schema: dict[str, Any], *, max_retries: int = 3, native: bool = False,
            interceptors: Any = None, context: Any = None) -> Responded:
    """Ask `model` for a response to `request` that validates against `schema`.

    `native=True` also asks the provider's own structured-output mode where the adapter has
    one (OpenAI `json_schema`, Gemini `response_json_schema`, Anthropic tool-forcing for an
    object schema); the prompt always carries the schema, so it is the fallback. Every
    response is read as a tool call is (prose around one object, fences, trailing commas,
    Python literals, `"5"` for an integer): only what is really wrong costs a retry.
    `interceptors` (a `Stack`) extend the schema and the prompt first and act on the valid
    response after; `context` carries their state from one turn to the next.
    """
    _check("respond", model, request, schema, max_retries, native, interceptors, context)
    composed, messages, context = _prepare(request, schema, interceptors, context)
    attempts: list[ResponseAttempt] = []
    first, tally = messages[-1]["content"], _Tally(model, request)
    for number in range(1, max_retries + 2):
        turn = model.complete(messages, composed if native else None)
        done, retry = _judge(attempts, number, turn, first, composed, tally)
        if done is not None:
            return _finish(done, composed, interceptors, context)
        messages = [{"role": "user", "content": retry}]
    raise RespondError(attempts, tally.finish(False))


async def arespond(model: Any, request: str, schema: dict[str, Any], *, max_retries: int = 3, native: bool = False,
                   interceptors: Any = None, context: Any = None) -> Responded:
    """`respond` for async code."""
    _check("arespond", model, request, schema, max_retries, native, interceptors, context)
    composed, messages, context = _prepare(request, schema, interceptors, context)
    attempts: list[ResponseAttempt] = []
    first, tally = messages[-1]["content"], _Tally(model, request)
    for number in range(1, max_retries + 2):
        turn = await model.acomplete(messages, composed if native else None)
        done, retry = _judge(attempts, number, turn, first, composed, tally)
        if done is not None:
            return _finish(done, composed, interceptors, context)
        messages = [{"role": "user", "content": retry}]
    raise RespondError(attempts, tally.finish(False))


def _prepare(request: str, schema: dict[str, Any], interceptors: Any, context: Any) -> tuple[dict[str, Any], list[dict[str, Any]], Any]:
    """The composed schema (validated once), and the first messages after every pre_prompt."""
    if interceptors is not None and context is None:
        context = Context()
    composed = interceptors.schema(schema, context) if interceptors is not None else schema
    _validator(composed)
    messages = [{"role": "user", "content": _first_prompt(request, composed)}]
    if interceptors is not None:
        messages = interceptors.prompts(messages, context)
    return composed, messages, context


def _finish(done: Responded, composed: dict[str, Any], interceptors: Any, context: Any) -> Responded:
    done.schema, done.context = composed, context
    if interceptors is not None:
        done.context = interceptors.after(done.value, context)
    return done


class _Tally:
    """The respond call as a harness `Run`: one attempt per response, priced as converge prices."""

    def __init__(self, model: Any, request: str) -> None:
        self.model = model
        self.run = Run(Task(request, name=request[:80]), getattr(model, "name", type(model).__name__), "respond",
                       simulated=bool(getattr(model, "simulated", False)), kind="respond")
        self.cost: Decimal | None = Decimal(0)

    def add(self, attempt: ResponseAttempt, turn: Any, codes: tuple[str, ...]) -> None:
        self.cost = add_cost(self.cost, self.model, turn)
        self.run.attempts.append(Attempt(
            attempt.number, attempt.text, "corrected" if attempt.error else "ok", None,
            normalised=attempt.value if not attempt.error and isinstance(attempt.value, dict) else None,
            codes=codes, correction=attempt.error, input_tokens=attempt.input_tokens, output_tokens=attempt.output_tokens))

    def finish(self, valid: bool) -> Run:
        self.run.converged = valid
        self.run.cost = None if self.cost is None else str(self.cost)
        return self.run


def _judge(attempts: list[ResponseAttempt], number: int, turn: Any, request: str, schema: dict[str, Any],
           tally: _Tally) -> tuple[Responded | None, str]:
    value, problems = _problems(schema, turn.text)
    attempt = ResponseAttempt(number, turn.text, value, "", turn.input_tokens, turn.output_tokens)
    attempts.append(attempt)
    if problems:
        attempt.error = "; ".join(f"at {p or '/'}: {m}" for p, m, _ in problems[:5])
    tally.add(attempt, turn, tuple(dict.fromkeys(code for _, _, code in problems if code)))
    if not problems:
        return Responded(value, attempts, run=tally.finish(True)), ""
    return None, retry_prompt(request, turn.text, [(p, m) for p, m, _ in problems])
