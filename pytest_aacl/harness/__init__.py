"""The self-healing harness: does a model converge when the boundary corrects it?

    >>> from pytest_aacl import boundary
    >>> from pytest_aacl.harness import SimulatedModel, Task, converge
    >>> @boundary
    ... def add(a: int, b: int = 1) -> int:
    ...     return a + b
    >>> run = converge(SimulatedModel(seed=1), [add], Task("Add 2 and 3", tool="add", intended={"a": 2, "b": 3}))
    >>> run.converged, run.silent_corruption
    (True, False)

`converge` runs the agent loop (every call through the boundary, every correction back to
the model as its provider's error tool result), `respond` the validation-retry loop for
structured responses, `summarise` turns many runs into metrics with confidence intervals.
Models: `model("openai:gpt-4o-mini")` and the adapter classes on the real SDKs, or
`SimulatedModel`, a seeded test double for offline runs (never a real model).
"""

from __future__ import annotations

import typing as _typing

from .. import _argcheck
from .._corpus import (  # a leaf module: fuzz() reads it without the harness
    CorpusCase,
    load_corpus,
    save_case,
)
from .._exports import check_exports as _check_exports
from ._anthropic import AnthropicMessages
from ._builtin import memory, state_machine, tool_calls
from ._formats import FORMATS, format_correction
from ._gemini import GeminiGenerateContent
from ._interceptors import AuditEntry, ConflictError, Context, Interceptor, InterceptorError, Stack
from ._loop import Model, aconverge, converge
from ._metrics import Metrics, summarise, wilson
from ._openai import OpenAIChat, OpenAIResponses
from ._records import Attempt, Run, Task, ToolCall, ToolResult, Turn
from ._respond import Responded, RespondError, ResponseAttempt, arespond, respond, retry_prompt
from ._simulated import SimulatedModel, read_correction

__all__ = [
    "FORMATS",
    "AnthropicMessages",
    "Attempt",
    "AuditEntry",
    "ConflictError",
    "Context",
    "CorpusCase",
    "GeminiGenerateContent",
    "Interceptor",
    "InterceptorError",
    "Metrics",
    "Model",
    "OpenAIChat",
    "OpenAIResponses",
    "RespondError",
    "Responded",
    "ResponseAttempt",
    "Run",
    "SimulatedModel",
    "Stack",
    "Task",
    "ToolCall",
    "ToolResult",
    "Turn",
    "aconverge",
    "arespond",
    "check_stack",
    "converge",
    "format_correction",
    "interceptor_stacks",
    "interceptor_test",
    "load_corpus",
    "memory",
    "model",
    "read_correction",
    "respond",
    "retry_prompt",
    "save_case",
    "state_machine",
    "summarise",
    "tool_calls",
    "wilson",
]

_PROVIDERS: dict[str, _typing.Any] = {
    "openai": OpenAIChat,
    "openai-chat": OpenAIChat,
    "openai-responses": OpenAIResponses,
    "anthropic": AnthropicMessages,
    "gemini": GeminiGenerateContent,
    "openrouter": lambda name, **kw: OpenAIChat(name, base_url=kw.pop("base_url", "https://openrouter.ai/api/v1"), provider="openrouter", **kw),
    "groq": lambda name, **kw: OpenAIChat(name, base_url=kw.pop("base_url", "https://api.groq.com/openai/v1"), provider="groq", **kw),
}


if _typing.TYPE_CHECKING:  # pragma: no cover
    from ._stacks import check_stack as check_stack
    from ._stacks import interceptor_stacks as interceptor_stacks
    from ._stacks import interceptor_test as interceptor_test

_LAZY = ("check_stack", "interceptor_stacks", "interceptor_test")  # they import hypothesis


def __getattr__(name: str) -> _typing.Any:
    if name in _LAZY:
        from . import _stacks  # lazy: it imports hypothesis

        return getattr(_stacks, name)
    raise AttributeError(f"module 'pytest_aacl.harness' has no attribute {name!r}")


def model(spec: str, **options: _typing.Any) -> Model:
    """An adapter from `"provider:model"`: `openai:`, `openai-responses:`, `anthropic:`,
    `gemini:`, `openrouter:`, `groq:`; `simulated` (or `simulated:SEED`) for the test double.

    `options` go to the adapter: `client=` (a ready SDK client), `base_url=` (any
    OpenAI-compatible server, e.g. vLLM or Ollama, with `openai:`), `api_key=`, `system=`,
    `timeout=` (seconds per call, for every provider: a recording run never hangs on one
    call), and extra request fields. They are checked now, not at the first request: a field the
    provider's request does not have (when its SDK is installed) is refused, and so is an
    option of the simulated model (`mistake_probability=`...) given to a real provider.
    """
    expected = (f"'provider:model' with a provider among {', '.join(sorted(_PROVIDERS))}, or 'simulated' "
                "(e.g. 'openai:gpt-4o-mini', 'anthropic:claude-haiku-4-5', 'simulated:1')")
    if not isinstance(spec, str):
        raise _argcheck.invalid("model", "spec", spec, expected)
    provider, _, name = spec.partition(":")
    if provider == "simulated":
        if name and not name.lstrip("-").isdigit():
            raise _argcheck.invalid("model", "spec", spec, "'simulated' or 'simulated:SEED' with an integer seed, e.g. 'simulated:1'")
        unknown = sorted(set(options) - {"weights", "render_probability", "mistake_probability", "fix_probability",
                                         "give_up_probability", "name"})
        if unknown:
            raise _argcheck.invalid("model", unknown[0], options[unknown[0]], "only SimulatedModel options to 'simulated' "
                                "(weights=, render_probability=, mistake_probability=, fix_probability=, "
                                "give_up_probability=, name=); the seed goes in the spec, e.g. 'simulated:1'")
        return SimulatedModel(seed=int(name) if name else 0, **options)
    if provider not in _PROVIDERS or not name:
        raise _argcheck.invalid("model", "spec", spec, expected)
    return _PROVIDERS[provider](name, **options)


_check_exports(globals(), __all__, lazy=_LAZY)
