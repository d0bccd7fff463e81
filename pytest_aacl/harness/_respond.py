"""`respond()`: the validation-retry loop for structured (JSON Schema) responses.

Every response is validated against the schema (the validator is compiled once per schema);
on failure the model gets one retry prompt holding the ORIGINAL REQUEST, YOUR RESPONSE and
the VALIDATION ERROR with its path, and a focus line naming the field and what to fix. After
the last retry `RespondError` carries every attempt, the last error and the last response.
The ORIGINAL REQUEST in a retry is the whole first prompt, schema included: each retry is
one self-contained message, so it works the same with every provider and every history.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from .. import _args

__all__ = ["RespondError", "Responded", "ResponseAttempt", "arespond", "respond", "retry_prompt"]

_FENCE = re.compile(r"^\s*```(?:json)?\s*\n(.*?)\n\s*```\s*$", re.S)
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


class RespondError(Exception):
    """No valid response within the retries: every attempt, the last error and response."""

    def __init__(self, attempts: list[ResponseAttempt]) -> None:
        self.attempts = attempts
        self.last_error = attempts[-1].error if attempts else ""
        self.last_response = attempts[-1].text if attempts else ""
        super().__init__(f"no valid response after {len(attempts)} attempt(s); last error: {self.last_error}")


def _validator(schema: dict[str, Any]) -> Any:
    key = json.dumps(schema, sort_keys=True, default=str)
    found = _VALIDATORS.get(key)
    if found is None:
        from jsonschema import FormatChecker, validators

        from .._errors import SpecError

        cls = validators.validator_for(schema)
        try:
            cls.check_schema(schema)
        except Exception as exc:
            raise SpecError(f"the response schema is not valid JSON Schema ({getattr(exc, 'message', exc)}); "
                            "pass a schema that validates against its draft's metaschema") from None
        found = _VALIDATORS[key] = cls(schema, format_checker=FormatChecker())
    return found


def _problems(schema: dict[str, Any], text: str) -> tuple[Any, list[tuple[str, str]]]:
    """The parsed value and its problems as `(JSON pointer, message)`, best first."""
    from jsonschema.exceptions import relevance

    fenced = _FENCE.match(text)
    body = fenced.group(1) if fenced else text.strip()
    try:
        value = json.loads(body)
    except ValueError as exc:
        return None, [("", f"the response is not JSON ({exc.msg} at character {exc.pos}); send only the JSON value")]
    errors = sorted(_validator(schema).iter_errors(value), key=relevance)
    return value, [("/" + "/".join(str(p) for p in e.absolute_path), e.message) for e in errors]


def retry_prompt(request: str, response: str, problems: list[tuple[str, str]]) -> str:
    """The retry message: the request, the response and the validation error, then one focus line."""
    _args.text("retry_prompt", "request", request, example='request="Extract the invoice total"')
    _args.text("retry_prompt", "response", response, empty=True, example="response=turn.text")
    listed = _args.items("retry_prompt", "problems", problems, expected="a non-empty list of (path, message) pairs")
    _args.each("retry_prompt", "problems", listed, lambda p: isinstance(p, tuple) and len(p) == 2,
               expected="a non-empty list of (path, message) pairs")
    if not listed:
        raise _args.invalid("retry_prompt", "problems", problems, "a non-empty list of (path, message) pairs")
    lines = [f"at {path or '/'}: {message}" for path, message in problems[:5]]
    if len(problems) > 5:
        lines.append(f"... and {len(problems) - 5} more")
    path, message = problems[0]
    focus = f"the field {path}" if path not in ("", "/") else "the response as a whole"
    return (f"ORIGINAL REQUEST:\n{request}\n\nYOUR RESPONSE:\n{response}\n\nVALIDATION ERROR:\n" + "\n".join(lines)
            + f"\n\nFix {focus}: {message}. Respond again with only the corrected JSON, nothing else.")


def _first_prompt(request: str, schema: dict[str, Any]) -> str:
    return (f"{request}\n\nRespond with only a JSON value that validates against this JSON Schema, nothing else:\n"
            f"```json\n{json.dumps(schema, ensure_ascii=False)}\n```")


def _check(where: str, model: Any, request: Any, schema: Any, max_retries: Any, native: Any, interceptors: Any,
           context: Any) -> None:
    """Every argument of `respond`/`arespond`, before the model is asked anything."""
    from ._interceptors import Context, Stack

    hook = "acomplete" if where == "arespond" else "complete"
    if not callable(getattr(model, hook, None)):
        raise _args.invalid(where, "model", model, f"a model adapter with {hook}(), e.g. "
                            "harness.model('openai:gpt-4o-mini') or SimulatedModel(seed=1)")
    _args.text(where, "request", request, example='request="Extract the invoice total"')
    _args.mapping(where, "schema", schema, expected='a JSON Schema dict, e.g. {"type": "object", "properties": {...}}')
    _args.whole(where, "max_retries", max_retries, minimum=0, example="max_retries=3")
    _args.flag(where, "native", native)
    if interceptors is not None and not isinstance(interceptors, Stack):
        raise _args.invalid(where, "interceptors", interceptors, "a Stack([...interceptors]) or None")
    if context is not None and not isinstance(context, Context):
        raise _args.invalid(where, "context", context, "the Context() of the previous turn (responded.context) or None")


def respond(model: Any, request: str, schema: dict[str, Any], *, max_retries: int = 3, native: bool = False,
            interceptors: Any = None, context: Any = None) -> Responded:
    """Ask `model` for a response to `request` that validates against `schema`.

    `native=True` also asks the provider's own structured-output mode where the adapter has
    one (OpenAI, Gemini); the prompt always carries the schema, so it is the fallback.
    `interceptors` (a `Stack`) extend the schema and the prompt first and act on the valid
    response after; `context` carries their state from one turn to the next.
    """
    _check("respond", model, request, schema, max_retries, native, interceptors, context)
    composed, messages, context = _prepare(request, schema, interceptors, context)
    attempts: list[ResponseAttempt] = []
    first = messages[-1]["content"]
    for number in range(1, max_retries + 2):
        turn = model.complete(messages, composed if native else None)
        done, retry = _judge(attempts, number, turn, first, composed)
        if done is not None:
            return _finish(done, composed, interceptors, context)
        messages = [{"role": "user", "content": retry}]
    raise RespondError(attempts)


async def arespond(model: Any, request: str, schema: dict[str, Any], *, max_retries: int = 3, native: bool = False,
                   interceptors: Any = None, context: Any = None) -> Responded:
    """`respond` for async code."""
    _check("arespond", model, request, schema, max_retries, native, interceptors, context)
    composed, messages, context = _prepare(request, schema, interceptors, context)
    attempts: list[ResponseAttempt] = []
    first = messages[-1]["content"]
    for number in range(1, max_retries + 2):
        turn = await model.acomplete(messages, composed if native else None)
        done, retry = _judge(attempts, number, turn, first, composed)
        if done is not None:
            return _finish(done, composed, interceptors, context)
        messages = [{"role": "user", "content": retry}]
    raise RespondError(attempts)


def _prepare(request: str, schema: dict[str, Any], interceptors: Any, context: Any) -> tuple[dict[str, Any], list[dict[str, Any]], Any]:
    """The composed schema (validated once), and the first messages after every pre_prompt."""
    if interceptors is not None and context is None:
        from ._interceptors import Context

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


def _judge(attempts: list[ResponseAttempt], number: int, turn: Any, request: str, schema: dict[str, Any]) -> tuple[Responded | None, str]:
    value, problems = _problems(schema, turn.text)
    attempt = ResponseAttempt(number, turn.text, value, "", turn.input_tokens, turn.output_tokens)
    attempts.append(attempt)
    if not problems:
        return Responded(value, attempts), ""
    attempt.error = "; ".join(f"at {p or '/'}: {m}" for p, m in problems[:5])
    return None, retry_prompt(request, turn.text, problems)
