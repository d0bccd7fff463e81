"""One error vocabulary: every wrong argument to a public callable is one `InvalidArgument`.

One row per (public callable, bad argument).  Each must raise `pytest_aacl.InvalidArgument`
when called (not later, when a strategy is drawn from or a run starts), in one line that
names the argument and says what to pass instead.
"""

from __future__ import annotations

import asyncio
import math
import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis.errors import InvalidArgument as HypothesisInvalidArgument

import pytest_aacl
from pytest_aacl import (
    Correction,
    CorrectionError,
    InvalidArgument,
    SpecError,
    Tool,
    as_spec,
    boundary,
    check,
    from_bfcl,
    from_function,
    from_langchain,
    from_mcp,
    from_openai,
    from_schema,
    fuzz,
    specs_from_mcp_server,
    specs_from_mcp_server_async,
)
from pytest_aacl import harness as H
from pytest_aacl import serve as S
from pytest_aacl import strategies as st


@boundary
def add(a: int, b: int = 1) -> int:
    """Add two integers."""
    return a + b


def plain(a: int) -> int:
    return a


SCRATCH = Path(tempfile.gettempdir()) / "aacl-test-arguments"  # written to only if a check regresses
SCHEMA = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}
SIM = H.SimulatedModel(seed=1)
TASK = H.Task("Add 2 and 3", tool="add", intended={"a": 2, "b": 3})
NOTE = H.memory()
CORRECTION = CorrectionError([Correction("TYPE_ERROR", "a", "an integer", '"x"')], tool="add")


def _run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


# (id, call, the argument the message must name, a fragment of what to pass)
ROWS: list[tuple[str, Callable[[], Any], str, str]] = [
    # -- fuzz() --------------------------------------------------------------------------
    ("fuzz-timeout-str", lambda: fuzz(add, timeout="5"), "timeout", "number of seconds"),
    ("fuzz-timeout-negative", lambda: fuzz(add, timeout=-1), "timeout", "greater than 0"),
    ("fuzz-timeout-zero", lambda: fuzz(add, timeout=0), "timeout", "greater than 0"),
    ("fuzz-timeout-nan", lambda: fuzz(add, timeout=math.nan), "timeout", "greater than 0"),
    ("fuzz-timeout-bool", lambda: fuzz(add, timeout=True), "timeout", "number of seconds"),
    ("fuzz-max_examples-zero", lambda: fuzz(add, max_examples=0), "max_examples", "positive integer"),
    ("fuzz-max_examples-str", lambda: fuzz(add, max_examples="100"), "max_examples", "positive integer"),
    ("fuzz-max_examples-float", lambda: fuzz(add, max_examples=10.0), "max_examples", "positive integer"),
    ("fuzz-seed-str", lambda: fuzz(add, seed="1"), "seed", "seed=1234"),
    ("fuzz-seed-float", lambda: fuzz(add, seed=1.5), "seed", "seed=1234"),
    ("fuzz-correction-name", lambda: fuzz(add, correction="ValueError"), "correction", "correction=ValueError"),
    ("fuzz-correction-instance", lambda: fuzz(add, correction=ValueError()), "correction", "exception type"),
    ("fuzz-correction-empty", lambda: fuzz(add, correction=()), "correction", "exception type"),
    ("fuzz-checks-unknown", lambda: fuzz(add, checks=["no_such_check"]), "checks", "no_silent_corruption"),
    ("fuzz-checks-unknown-str", lambda: fuzz(add, checks="no_such_check"), "checks", "total"),
    ("fuzz-checks-empty", lambda: fuzz(add, checks=[]), "checks", "total"),
    ("fuzz-checks-int", lambda: fuzz(add, checks=5), "checks", "checks=['total']"),
    ("fuzz-checks-callable", lambda: fuzz(add, checks=[plain]), "checks", "names of registered checks"),
    ("fuzz-reset", lambda: fuzz(add, reset=5), "reset", "no arguments"),
    ("fuzz-corpus", lambda: fuzz(add, corpus=5), "corpus", "directory path"),
    ("fuzz-target", lambda: fuzz(42), "target", "boundary Tool"),
    ("fuzz-target-reference", lambda: fuzz("no_colon"), "target", "module:object"),
    ("fuzz-schema", lambda: fuzz(plain, schema=5), "schema", "JSON Schema"),
    ("fuzz-schema-with-tool", lambda: fuzz(add, schema=SCHEMA), "schema", "drop schema="),
    ("fuzz-implementation", lambda: fuzz(plain, implementation=5), "implementation", "module:attr"),
    # -- boundary() and Tool ---------------------------------------------------------------
    ("boundary-impl", lambda: boundary(5), "impl", "@boundary on a def"),
    ("boundary-schema", lambda: boundary(plain, schema=5), "schema", "JSON Schema"),
    ("boundary-name", lambda: boundary(plain, name=5), "name", "name="),
    ("boundary-name-empty", lambda: boundary(plain, name=""), "name", "name="),
    ("boundary-description", lambda: boundary(plain, description=5), "description", "description="),
    ("boundary-date_order", lambda: boundary(plain, date_order="XYZ"), "date_order", "DMY"),
    ("boundary-naive_datetime", lambda: boundary(plain, naive_datetime="local"), "naive_datetime", "reject"),
    ("boundary-synonyms", lambda: boundary(plain, synonyms=5), "synonyms", "search_depth"),
    ("boundary-synonyms-field", lambda: boundary(plain, synonyms={"zzz": {}}), "synonyms", "the fields are"),
    ("boundary-debug", lambda: boundary(plain, debug="yes"), "debug", "True or False"),
    ("boundary-decorator-debug", lambda: boundary(debug="yes"), "debug", "True or False"),
    ("Tool-spec", lambda: Tool(5), "spec", "ToolSpec"),
    ("Tool-debug", lambda: Tool(add.spec, debug="yes"), "debug", "True or False"),
    ("Tool.with_implementation", lambda: add.with_implementation(5), "implementation", "function"),
    ("Tool.explain", lambda: add.explain(source="yes"), "source", "True or False"),
    # -- importers --------------------------------------------------------------------------
    ("as_spec-obj", lambda: as_spec(5), "obj", "Accepted"),
    ("as_spec-name", lambda: as_spec(plain, name=5), "name", "name="),
    ("from_function-fn", lambda: from_function(5), "fn", "function"),
    ("from_function-name", lambda: from_function(plain, name=5), "name", "name="),
    ("from_function-description", lambda: from_function(plain, description=5), "description", "description="),
    ("from_schema-schema", lambda: from_schema(5), "schema", "JSON Schema"),
    ("from_schema-properties", lambda: from_schema({"type": "object", "properties": 5}), "properties", "object"),
    ("from_schema-name", lambda: from_schema(SCHEMA, name=5), "name", "name="),
    ("from_schema-name-empty", lambda: from_schema(SCHEMA, name=""), "name", "name="),
    ("from_schema-description", lambda: from_schema(SCHEMA, description=5), "description", "description="),
    ("from_schema-implementation", lambda: from_schema(SCHEMA, implementation=5), "implementation", "function"),
    ("from_bfcl-declaration", lambda: from_bfcl(5), "declaration", "parameters"),
    ("from_bfcl-implementation", lambda: from_bfcl({"name": "f", "description": "", "parameters": {
        "type": "dict", "properties": {}}}, implementation=5), "implementation", "function"),
    ("from_openai-tool", lambda: from_openai(5), "tool", "tool declaration dict"),
    ("from_openai-name", lambda: from_openai({"type": "function", "function": {"parameters": SCHEMA}}), "name", "name"),
    ("from_openai-implementation", lambda: from_openai({"name": "f", "parameters": SCHEMA}, implementation=5),
     "implementation", "function"),
    ("from_mcp-obj", lambda: from_mcp(5), "obj", "MCP"),
    ("from_mcp-name", lambda: from_mcp(5, name=5), "name", "name="),
    ("from_langchain-tool", lambda: from_langchain(5), "tool", "@tool"),
    ("specs_from_mcp_server-server", lambda: specs_from_mcp_server(5), "server", "FastMCP"),
    ("specs_from_mcp_server_async-server", lambda: _run(specs_from_mcp_server_async(5)), "server", "FastMCP"),
    # -- @check ------------------------------------------------------------------------------
    ("check-inputs", lambda: check(inputs=("nope",)), "inputs", "hallucinated"),
    ("check-inputs-empty", lambda: check(inputs=()), "inputs", "hallucinated"),
    ("check-severity", lambda: check(severity="fatal"), "severity", "'advice'"),
    ("check-func", lambda: check(5), "func", "function"),
    ("check-name", lambda: check(name=5), "name", "name="),
    ("check-replace", lambda: check(replace="yes"), "replace", "True or False"),
    ("check-needs_implementation", lambda: check(needs_implementation=1), "needs_implementation", "True or False"),
    ("check-fix", lambda: check(fix=5), "fix", "fix="),
    # -- errors users build ----------------------------------------------------------------
    ("CorrectionError-empty", lambda: CorrectionError([]), "corrections", "Correction("),
    ("CorrectionError-items", lambda: CorrectionError(["TYPE_ERROR"]), "corrections", "Correction("),
    ("CorrectionError-tool", lambda: CorrectionError(CORRECTION.corrections, tool=5), "tool", "tool="),
    ("Correction-code", lambda: Correction("NOT_A_CODE", "a", "x", "y"), "code", "TYPE_ERROR"),
    ("Correction-path", lambda: Correction("TYPE_ERROR", 5, "x", "y"), "path", "string"),
    # -- strategies ----------------------------------------------------------------------------
    ("hallucinated-schema", lambda: st.hallucinated(5), "schema", "JSON Schema dict"),
    ("hallucinated-families-str", lambda: st.hallucinated(SCHEMA, families="int_thousands"), "families",
     "collection of family names"),
    ("hallucinated-families-unknown", lambda: st.hallucinated(SCHEMA, families=["nope"]), "families", "int_thousands"),
    ("hallucinated-families-empty", lambda: st.hallucinated(SCHEMA, families=[]), "families", "None for all"),
    ("hallucinated-min_fields-zero", lambda: st.hallucinated(SCHEMA, min_fields=0), "min_fields", "at least 1"),
    ("hallucinated-min_fields-str", lambda: st.hallucinated(SCHEMA, min_fields="1"), "min_fields", "at least 1"),
    ("hallucinated-min_fields-capacity", lambda: st.hallucinated(SCHEMA, min_fields=5), "min_fields", "smaller"),
    ("conforming-schema", lambda: st.conforming(5), "schema", "JSON Schema dict"),
    ("conforming-not-object", lambda: st.conforming({"type": "string"}), "schema", '"type": "object"'),
    ("invalid-schema", lambda: st.invalid([]), "schema", "JSON Schema dict"),
    ("adversarial-schema", lambda: st.adversarial("x"), "schema", "JSON Schema dict"),
    ("adversarial-python_objects", lambda: st.adversarial(SCHEMA, python_objects="yes"), "python_objects",
     "True or False"),
    ("coverage-kind", lambda: st.coverage("nope", SCHEMA), "kind", "'hallucinated'"),
    ("coverage-python_objects", lambda: st.coverage("adversarial", SCHEMA, python_objects=1), "python_objects",
     "True or False"),
    ("coverage-schema", lambda: st.coverage("invalid", 5), "schema", "JSON Schema dict"),
    ("renderings-schema", lambda: st.renderings(1, 5), "schema", "JSON Schema dict"),
    ("renderings-value", lambda: st.renderings("x", {"type": "integer"}), "value", "canonical value"),
    ("renderings-free-form", lambda: st.renderings(None, {"type": "null"}), "value", "another value"),
    ("all_renderings-schema", lambda: st.all_renderings(1, None), "schema", "JSON Schema dict"),
    ("all_renderings-value", lambda: st.all_renderings("x", {"type": "integer"}), "value", "canonical value"),
    # -- harness: the loops ----------------------------------------------------------------
    ("converge-model", lambda: H.converge(5, [add], TASK), "model", "SimulatedModel"),
    ("converge-tools-empty", lambda: H.converge(SIM, [], TASK), "tools", "boundary Tool"),
    ("converge-tools-str", lambda: H.converge(SIM, add, TASK), "tools", "list"),
    ("converge-tools-item", lambda: H.converge(SIM, [42], TASK), "tools", "boundary Tool"),
    ("converge-task", lambda: H.converge(SIM, [add], 5), "task", "Task("),
    ("converge-task-tool", lambda: H.converge(SIM, [add], H.Task("p", tool="nope", intended={})), "task",
     "'add'"),
    ("converge-max_attempts", lambda: H.converge(SIM, [add], TASK, max_attempts=0), "max_attempts",
     "positive integer"),
    ("converge-correction_format", lambda: H.converge(SIM, [add], TASK, correction_format="xml"),
     "correction_format", "'lines'"),
    ("converge-execute", lambda: H.converge(SIM, [add], TASK, execute="no"), "execute", "True or False"),
    ("aconverge-max_attempts", lambda: _run(H.aconverge(SIM, [add], TASK, max_attempts=-2)), "max_attempts",
     "positive integer"),
    ("respond-model", lambda: H.respond(5, "hi", SCHEMA), "model", "complete"),
    ("respond-request", lambda: H.respond(SIM, 5, SCHEMA), "request", "request="),
    ("respond-schema", lambda: H.respond(SIM, "hi", 5), "schema", "JSON Schema"),
    ("respond-schema-invalid", lambda: H.respond(SIM, "hi", {"type": 5}), "schema", "JSON Schema"),
    ("respond-max_retries", lambda: H.respond(SIM, "hi", SCHEMA, max_retries=-1), "max_retries", ">= 0"),
    ("respond-native", lambda: H.respond(SIM, "hi", SCHEMA, native="yes"), "native", "True or False"),
    ("respond-interceptors", lambda: H.respond(SIM, "hi", SCHEMA, interceptors=5), "interceptors", "Stack("),
    ("respond-context", lambda: H.respond(SIM, "hi", SCHEMA, context=5), "context", "Context()"),
    ("arespond-max_retries", lambda: _run(H.arespond(SIM, "hi", SCHEMA, max_retries="3")), "max_retries", ">= 0"),
    # -- harness: metrics and formats ------------------------------------------------------
    ("summarise-runs", lambda: H.summarise(5), "runs", "converge()"),
    ("summarise-runs-item", lambda: H.summarise([5]), "runs", "converge()"),
    ("summarise-max_attempts", lambda: H.summarise([], max_attempts=0), "max_attempts", "positive integer"),
    ("wilson-successes", lambda: H.wilson(-1, 5), "successes", "between 0 and n"),
    ("wilson-successes-above-n", lambda: H.wilson(6, 5), "successes", "between 0 and n"),
    ("wilson-n", lambda: H.wilson(0, -1), "n", "integer >= 0"),
    ("wilson-z", lambda: H.wilson(1, 2, z=-1), "z", "1.96"),
    ("format_correction-error", lambda: H.format_correction(ValueError("x"), {}), "error", "CorrectionError"),
    ("format_correction-format", lambda: H.format_correction(CORRECTION, {}, "xml"), "correction_format", "'lines'"),
    ("retry_prompt-request", lambda: H.retry_prompt(5, "{}", [("", "bad")]), "request", "request="),
    ("retry_prompt-response", lambda: H.retry_prompt("r", 5, [("", "bad")]), "response", "response="),
    ("retry_prompt-problems", lambda: H.retry_prompt("r", "{}", []), "problems", "(path, message)"),
    ("read_correction-message", lambda: H.read_correction(5), "message", "correction message"),
    # -- harness: interceptors -------------------------------------------------------------
    ("Stack-interceptors", lambda: H.Stack([5]), "interceptors", "Interceptor("),
    ("Stack-interceptors-str", lambda: H.Stack("memory"), "interceptors", "Interceptor("),
    ("Stack-duplicate", lambda: H.Stack([NOTE, NOTE]), "interceptors", "unique names"),
    ("Stack-on_invalid", lambda: H.Stack([NOTE], on_invalid="ignore"), "on_invalid", '"warn"'),
    ("Stack.without", lambda: H.Stack([NOTE]).without("nope"), "name", "'memory'"),
    ("Stack.schema", lambda: H.Stack([NOTE]).schema(5), "base", "JSON Schema"),
    ("Stack-on_failure", lambda: H.Stack([NOTE], on_failure="ignore"), "on_failure", '"skip"'),
    ("Interceptor-name", lambda: H.Interceptor(5), "name", "name="),
    ("Interceptor-hook", lambda: H.Interceptor("x", pre_schema=5), "pre_schema", "function"),
    ("Interceptor-post_response", lambda: H.Interceptor("x", post_response="f"), "post_response", "function"),
    ("memory-key", lambda: H.memory(key=""), "key", "key="),
    ("memory-keep", lambda: H.memory(keep=0), "keep", "positive integer"),
    ("state_machine-states-empty", lambda: H.state_machine([]), "states", "state names"),
    ("state_machine-states-str", lambda: H.state_machine("abc"), "states", "state names"),
    ("state_machine-initial", lambda: H.state_machine(["a", "b"], initial="z"), "initial", "'a'"),
    ("state_machine-transitions", lambda: H.state_machine(["a"], transitions={"a": ["z"]}), "transitions", "'a'"),
    ("state_machine-key", lambda: H.state_machine(["a"], key=5), "key", "key="),
    ("tool_calls-tools-empty", lambda: H.tool_calls([]), "tools", "boundary Tool"),
    ("tool_calls-tools-item", lambda: H.tool_calls([plain]), "tools", "boundary Tool"),
    ("tool_calls-key", lambda: H.tool_calls([add], key=""), "key", "key="),
    ("interceptor_stacks-empty", lambda: H.interceptor_stacks([]), "interceptors", "Interceptor("),
    ("interceptor_stacks-item", lambda: H.interceptor_stacks([5]), "interceptors", "Interceptor("),
    ("interceptor_stacks-min_size", lambda: H.interceptor_stacks([NOTE], min_size=-1), "min_size", ">= 0"),
    ("interceptor_stacks-on_invalid", lambda: H.interceptor_stacks([NOTE], on_invalid="x"), "on_invalid", '"warn"'),
    ("interceptor_test-interceptors", lambda: H.interceptor_test([], SCHEMA), "interceptors", "Interceptor("),
    ("interceptor_test-base_schema", lambda: H.interceptor_test([NOTE], 5), "base_schema", "JSON Schema"),
    ("interceptor_test-max_examples", lambda: H.interceptor_test([NOTE], SCHEMA, max_examples=0), "max_examples",
     "positive integer"),
    ("interceptor_test-turns", lambda: H.interceptor_test([NOTE], SCHEMA, turns=0), "turns", "positive integer"),
    ("check_stack-stack", lambda: H.check_stack(5, SCHEMA, None), "stack", "Stack("),
    # -- harness: corpus -------------------------------------------------------------------
    ("load_corpus-directory", lambda: H.load_corpus(5), "directory", "directory path"),
    ("load_corpus-tool", lambda: H.load_corpus(SCRATCH, tool=5), "tool", "tool="),
    ("save_case-directory", lambda: H.save_case(5, kind="tool_call", tool="t", model="m", raw={}), "directory",
     "directory path"),
    ("save_case-kind", lambda: H.save_case(SCRATCH, kind="nope", tool="t", model="m", raw={}), "kind", "'tool_call'"),
    ("save_case-tool", lambda: H.save_case(SCRATCH, kind="tool_call", tool=5, model="m", raw={}), "tool", "tool="),
    ("save_case-model", lambda: H.save_case(SCRATCH, kind="tool_call", tool="t", model=5, raw={}), "model", "model="),
    # -- harness: models and records ---------------------------------------------------------
    ("SimulatedModel-seed", lambda: H.SimulatedModel(seed="1"), "seed", "seed="),
    ("SimulatedModel-probability", lambda: H.SimulatedModel(render_probability=2), "render_probability",
     "between 0 and 1"),
    ("SimulatedModel-probability-nan", lambda: H.SimulatedModel(fix_probability=math.nan), "fix_probability",
     "between 0 and 1"),
    ("SimulatedModel-weights", lambda: H.SimulatedModel(weights=5), "weights", "family names"),
    ("SimulatedModel-weights-unknown", lambda: H.SimulatedModel(weights={"nope": 1.0}), "weights", "int_thousands"),
    ("SimulatedModel-weights-negative", lambda: H.SimulatedModel(weights={"int_string": -1}), "weights",
     "non-negative"),
    ("SimulatedModel-name", lambda: H.SimulatedModel(name=""), "name", "name="),
    ("Task-prompt", lambda: H.Task(5), "prompt", "prompt="),
    ("Task-tool", lambda: H.Task("p", tool=5), "tool", "tool="),
    ("Task-intended", lambda: H.Task("p", intended=5), "intended", "intended="),
    ("model-spec", lambda: H.model("gpt-4o"), "spec", "openai:gpt-4o-mini"),
    ("model-spec-type", lambda: H.model(5), "spec", "openai:gpt-4o-mini"),
    ("model-simulated-seed", lambda: H.model("simulated:x"), "spec", "simulated:"),
    ("OpenAIChat-model", lambda: H.OpenAIChat(5), "model", "gpt-4o-mini"),
    ("OpenAIChat-system", lambda: H.OpenAIChat("gpt-4o-mini", system=5), "system", "system="),
    ("OpenAIResponses-model", lambda: H.OpenAIResponses(""), "model", "gpt-4o-mini"),
    ("AnthropicMessages-model", lambda: H.AnthropicMessages(None), "model", "claude"),
    ("AnthropicMessages-max_tokens", lambda: H.AnthropicMessages("claude-haiku-4-5", max_tokens=0), "max_tokens",
     "positive integer"),
    ("GeminiGenerateContent-model", lambda: H.GeminiGenerateContent(5), "model", "gemini"),
    # -- serve -------------------------------------------------------------------------------
    ("advertised_schema-tool", lambda: S.advertised_schema(plain), "tool", "@boundary"),
    ("openai_tool-tool", lambda: S.openai_tool(5), "tool", "@boundary"),
    ("openai_tool-api", lambda: S.openai_tool(add, api="assistants"), "api", 'api="chat"'),
    ("anthropic_tool-tool", lambda: S.anthropic_tool(5), "tool", "@boundary"),
    ("mcp_tool-tool", lambda: S.mcp_tool(5), "tool", "@boundary"),
    ("call_mcp-tool", lambda: _run(S.call_mcp(5, {})), "tool", "@boundary"),
    ("call_mcp-arguments", lambda: _run(S.call_mcp(add, [1])), "arguments", "dict"),
    ("to_langchain-tool", lambda: S.to_langchain(5), "tool", "@boundary"),
    ("to_fastmcp-tool", lambda: S.to_fastmcp(plain), "tool", "@boundary"),
    ("fastmcp_middleware-date_order", lambda: S.fastmcp_middleware(date_order="XYZ"), "date_order", "DMY"),
    ("fastmcp_middleware-naive_datetime", lambda: S.fastmcp_middleware(naive_datetime="x"), "naive_datetime",
     "reject"),
    ("fastmcp_middleware-synonyms", lambda: S.fastmcp_middleware(synonyms=5), "synonyms", "tool name"),
    ("add_to_mcp_server-server", lambda: S.add_to_mcp_server(5, add), "server", "MCPServer"),
    ("add_to_mcp_server-tool", lambda: S.add_to_mcp_server(object(), 5), "tool", "@boundary"),
]


@pytest.mark.parametrize(("call", "argument", "advice"), [row[1:] for row in ROWS], ids=[row[0] for row in ROWS])
def test_a_wrong_argument_is_one_invalid_argument(call: Callable[[], Any], argument: str, advice: str) -> None:
    with pytest.raises(InvalidArgument) as raised:
        call()
    message = str(raised.value)
    assert re.search(rf"\b{re.escape(argument)}\b", message), message
    assert advice in message, message
    assert "\n" not in message, message


def test_rows_cover_every_public_callable() -> None:
    """A public callable added without a row here is a callable whose misuse nobody checked."""
    covered = {row[0].split("-")[0] for row in ROWS}
    records = {  # plain records the library returns; users read them, they do not build them
        "BoundaryInvariantError", "Call", "Case", "CheckContext", "Defect", "Finding", "FuzzReport",
        "InvalidArgument", "SpecError", "TargetError", "ToolSpec",
        "AdversarialCall", "Family", "HallucinatedCall", "InvalidCall", "Label", "Mutation", "Rendering",
        "Attempt", "AuditEntry", "ConflictError", "Context", "CorpusCase", "InterceptorError", "Metrics",
        "Model", "RespondError", "Responded", "ResponseAttempt", "Run", "ToolCall", "ToolResult", "Turn",
    }
    public = {
        name
        for module in (pytest_aacl, st, H, S)
        for name in module.__all__
        if callable(getattr(module, name)) and not name.isupper() and name not in records
    }
    assert public - covered == set()


def test_the_hierarchy_is_one_vocabulary() -> None:
    """`except InvalidArgument` catches every misuse; the specific types stay distinguishable."""
    assert issubclass(SpecError, InvalidArgument)
    assert issubclass(pytest_aacl.TargetError, InvalidArgument)
    assert issubclass(InvalidArgument, TypeError) and issubclass(InvalidArgument, ValueError)
    assert not issubclass(CorrectionError, InvalidArgument)  # the runtime answer to a model, not a misuse


def test_strategy_errors_are_hypothesis_errors_too() -> None:
    """Code written for Hypothesis (`except hypothesis.errors.InvalidArgument`) keeps working."""
    with pytest.raises(HypothesisInvalidArgument):
        st.hallucinated(SCHEMA, min_fields=0)


def test_a_bad_strategy_argument_raises_when_built_not_when_drawn() -> None:
    with pytest.raises(InvalidArgument):
        st.hallucinated({"type": "object", "properties": {"n": {"type": "integer", "minimum": 5, "maximum": 1}},
                         "required": ["n"]})


def test_spec_errors_keep_their_pointer() -> None:
    with pytest.raises(SpecError) as raised:
        from_schema({"type": "object", "properties": {"n": {"type": 5}}})
    assert raised.value.pointer.startswith("/properties/n")


# -- command line and ini: one UsageError line each --------------------------------------------

TARGETS = '''
def add(a: int) -> int:
    return a

BAD_TIMEOUT = {"target": add, "timeout": "5"}
BAD_CORRECTION = {"target": add, "correction": "ValueError"}
UNKNOWN_ARGUMENT = {"target": add, "max_examples": 5}
'''

# (id, ini lines, command-line arguments, what the one line must say).  The options whose bad
# values other files already cover (tests/test_plugin.py: --aacl-target, --aacl-checks,
# --aacl-max-examples, --aacl-seed; test_integration_*: --aacl-budget, --aacl-cost-report,
# aacl_marker, a broken aacl_prices; test_harness_plugin: --aacl-harness-report) are not repeated.
OPTIONS: list[tuple[str, str, list[str], str]] = [
    ("ini-aacl_prices-missing", "aacl_marker = llm\naacl_prices = missing.json", [], "aacl_prices: price file not found"),
    ("aacl-matrix", "", ["--aacl-matrix=adir"], "is a directory; pass a file path"),
    ("ini-aacl_targets", "aacl_targets = nonsense", [], "pass 'module:object'"),
    # before: accepted, then failed later (every generated test, or the first corpus write), or
    # (aacl_advice_fails) an error line that did not name the option
    ("ini-aacl_corpus", "aacl_corpus = afile", [], "aacl_corpus = 'afile' is not a directory"),
    ("aacl-target-timeout", "", ["--aacl-target=targets:BAD_TIMEOUT"], "timeout='5'; pass a number of seconds"),
    ("aacl-target-correction", "", ["--aacl-target=targets:BAD_CORRECTION"], "correction='ValueError'; pass"),
    ("aacl-target-unknown", "", ["--aacl-target=targets:UNKNOWN_ARGUMENT"], "bad fuzz() arguments in the target dict"),
    ("ini-aacl_advice_fails", "aacl_advice_fails = maybe", [], "aacl_advice_fails: invalid truth value"),
]


@pytest.mark.parametrize(("ini", "args", "says"), [row[1:] for row in OPTIONS], ids=[row[0] for row in OPTIONS])
def test_a_bad_option_is_one_usage_error_line(pytester: pytest.Pytester, ini: str, args: list[str], says: str) -> None:
    pytester.makeini(f"[pytest]\naddopts = -p no:randomly -p no:cacheprovider\n{ini}\n")
    pytester.makepyfile(targets=TARGETS, test_x="def test_x():\n    pass\n")
    pytester.mkdir("adir")
    (pytester.path / "afile").write_text("x")
    result = pytester.runpytest(*args)
    assert result.ret == pytest.ExitCode.USAGE_ERROR, result.stdout.str() + result.stderr.str()
    said = [line for line in result.stderr.lines if says in line]
    assert len(said) == 1, result.stderr.str()
    assert "Traceback" not in result.stderr.str() + result.stdout.str()
