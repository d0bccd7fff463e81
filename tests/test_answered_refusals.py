"""A layer that answers its refusals as results (`{"error": ...}`), as most MCP servers do,
judged like one that raises them, once the implementation is named.

Before, such a layer (mcp-geo, pypi-query-mcp-server in the mutation benchmark) drew
"invalid arguments produced a normal return instead of a correction" for every refusal, and a
valid value it refused, or a crash it caught and answered as text, went unseen.
"""

from __future__ import annotations

import sys
from typing import Annotated, Any

from pydantic import Field

from pytest_aacl import fuzz

SCHEMA = {"type": "object", "additionalProperties": False, "required": ["points"], "properties": {
    "points": {"type": "array", "items": {"type": "number"}},
    "profile": {"type": "string", "default": "driving"}}}
PROFILES = {"driving", "walking", "cycling"}


def route_impl(points: list[float], profile: str) -> dict[str, Any]:
    return {"points": points, "profile": profile}


def _answering(check: Any) -> Any:
    """The layer's shape: every exception caught and answered as an error result."""
    def route(points: Any, profile: Any = "driving") -> dict[str, Any]:
        try:
            return check(points, profile)
        except Exception as exc:
            return {"error": str(exc), "hint": "check your input"}
    return route


def _strict(points: Any, profile: Any) -> dict[str, Any]:
    if not isinstance(points, list) or not all(isinstance(p, (int, float)) and not isinstance(p, bool) for p in points):
        raise ValueError("points must be a list of numbers")
    if profile not in PROFILES:
        raise ValueError(f"Invalid profile: {profile}. Supported: {sorted(PROFILES)}")
    return route_impl(points=points, profile=profile)


def _fuzz(layer: Any, checks: list[str]) -> Any:
    return fuzz(layer, schema=SCHEMA, implementation=(sys.modules[__name__], "route_impl"), checks=checks,
                max_examples=60, seed=0)


def test_an_answered_refusal_of_an_invalid_value_is_a_correction() -> None:
    report = _fuzz(_answering(_strict), ["rejects_invalid"])
    assert not [f for f in report.findings if "normal return" in f.message], str(report)
    assert report.calls["route"].refused > 0, str(report)


def test_a_valid_value_refused_in_the_answer_is_one_finding_per_rule() -> None:
    """Every string is a valid `profile`; the layer takes three.  "Invalid profile: notes.txt"
    and "Invalid profile: README.md" are one rule: one finding, about `profile`."""
    report = _fuzz(_answering(_strict), ["identity_on_canonical"])
    refused = [f for f in report.findings if "refused valid" in f.key]
    assert refused, str(report)
    assert all("profile" in f.key for f in refused), [f.key for f in refused]
    assert len({f.key for f in refused if "Invalid profile" in str(f.key)}) == 1, [f.key for f in refused]


def test_the_schemas_own_default_refused_is_a_finding_of_its_own() -> None:
    def lost_default(points: Any, profile: Any) -> dict[str, Any]:
        if profile not in PROFILES - {"driving"}:  # the default forgotten from the allowed set
            raise ValueError(f"Invalid profile: {profile}. Supported: {sorted(PROFILES)}")
        return route_impl(points=points, profile=profile)

    keys = {str(f.key) for f in _fuzz(_answering(lost_default), ["identity_on_canonical"]).findings}
    assert any("profile=default" in k for k in keys), keys
    assert not any("profile=default" in str(f.key) for f in _fuzz(_answering(_strict), ["identity_on_canonical"]).findings)


def test_a_crash_the_layer_answers_as_text_is_a_crash() -> None:
    """`len(None)` on a valid call, caught and answered as {"error": "object of type 'NoneType'
    has no len()"}: the layer's own programming error, before the implementation was called
    (the stub's None cannot be its cause)."""
    def parse(points: Any) -> Any:
        return None  # the bug: the parsed list is lost

    def crashing(points: Any, profile: Any) -> dict[str, Any]:
        parsed = parse(points)
        if len(parsed) < 2:
            raise ValueError("at least two points")
        return route_impl(points=parsed, profile=profile)

    report = _fuzz(_answering(crashing), ["total"])
    assert [f for f in report.findings if f.check == "total" and "has no len()" in f.message], str(report)
    assert not [f for f in _fuzz(_answering(_strict), ["total"]).findings if "has no len()" in f.message]


def test_an_error_answered_after_the_implementation_is_the_backends_answer() -> None:
    """Once the implementation was called, an error in the answer is what the backend said
    (judged as an answer, as before), not the layer refusing."""
    def backend_says_no(points: Any, profile: Any) -> dict[str, Any]:
        route_impl(points=points, profile=profile)
        return {"error": "no route found"}

    report = _fuzz(_answering(backend_says_no), ["identity_on_canonical"])
    assert not [f for f in report.findings if "refused valid" in f.key], str(report)


def test_an_unknown_name_of_the_sent_expression_is_a_refusal_and_one_of_the_code_a_crash() -> None:
    """Trial 11: a calculator sent `true` answered "name 'true' is not defined", its refusal
    of a word of the expression; it was reported as a crash.  A name the input does not hold
    is still the tool's own bug (mcp-chinese-time's `timezone`)."""
    import pytest

    fastmcp = pytest.importorskip("fastmcp")
    server = fastmcp.FastMCP("calc")

    @server.tool()
    def evaluate(expression: str) -> float:
        """Evaluate an arithmetic expression such as "2 * (3 + 4)"."""
        return float(eval(expression, {"__builtins__": {}}, {}))

    @server.tool()
    def evaluate_in_zone(expression: str) -> float:
        """Evaluate an arithmetic expression such as "2 * (3 + 4)" in the local zone."""
        return float(eval(expression, {"__builtins__": {}}, {})) + timezone_offset  # type: ignore[name-defined]  # noqa: F821

    report = fuzz(server, checks=["total"], max_examples=40, seed=0)
    crashes = [f for f in report.findings if "is not defined" in f.message + f.error]
    assert crashes and {f.tool for f in crashes} == {"evaluate_in_zone"}, str(report)
    assert all("timezone_offset" in f.message + f.error for f in crashes), str(report)
    assert report.calls["evaluate"].refused > 0, str(report)


def test_an_answer_breaking_the_tools_own_return_type_is_one_crash_not_a_refusal() -> None:
    """Trial 12 (encoder-ai-mcp): every call failed on the tool's own output ("1 validation
    error for encode_base64Output"); read as refusals, the report advised giving values."""
    import pytest

    from pytest_aacl._reach import python_fault

    fastmcp = pytest.importorskip("fastmcp")
    server = fastmcp.FastMCP("hex")

    @server.tool()
    def to_hex(text: str) -> str:
        """The text's UTF-8 bytes in hex."""
        return {"hex": text.encode().hex()}  # type: ignore[return-value]

    report = fuzz(server, checks=["total"], max_examples=20, seed=0)
    [finding] = report.findings
    assert finding.outcome == "escaped" and "output schema" in finding.message, str(report)
    # the MCP SDK 1.x / FastMCP 2 wording of the same fault; an input model that happens to be
    # named ...Output is the tool's input refused, not its answer
    assert python_fault("Error executing tool encode_base64: 1 validation error for encode_base64Output\n"
                        "result\n  Input should be a valid string [type=string_type]")
    assert not python_fault("Error executing tool report: 1 validation error for ReportOutput\nformat\n  Field required")


def test_a_refusal_quoting_an_error_then_showing_a_valid_call_is_a_refusal() -> None:
    """The trial 11 re-run (vibe-math-mcp): "Failed to evaluate expression 'true'. Error:
    'BooleanTrue' object has no attribute 'evalf'. Example: '2*x + 3'" is the tool's refusal,
    written for the model; the same words without the example read as a relayed crash."""
    import pytest

    mcpserver = pytest.importorskip("mcp.server.mcpserver", reason="the MCP SDK is an optional extra")
    from mcp.server.mcpserver.exceptions import (
        ToolError,  # its text reaches the client (a ValueError's does not)
    )

    def server(example: str) -> Any:
        built = mcpserver.MCPServer("calc")

        @built.tool()
        def evaluate(expression: str) -> float:
            """Evaluate an arithmetic expression such as "2 * (3 + 4)"."""
            try:
                if expression.strip().lower() in ("true", "false"):
                    return float(True.evalf())  # type: ignore[attr-defined]  # sympy's BooleanTrue has no evalf either
                return float(expression)
            except Exception as exc:
                raise ToolError(f"Failed to evaluate expression {expression!r}. Error: {exc}.{example}") from None

        return built

    def crashes(report: Any) -> list[Any]:
        return [f for f in report.findings if "has no attribute" in f.message + f.error]

    guided = fuzz(server(" Example: '2*x + 3'"), checks=["total"], max_examples=60, seed=0,
                  values={"expression": "true"})
    assert not crashes(guided), str(guided)
    bare = fuzz(server(""), checks=["total"], max_examples=60, seed=0, values={"expression": "true"})
    assert crashes(bare), str(bare)


def test_the_interpreters_zero_division_answered_as_text_is_a_crash_and_a_tools_own_words_are_not() -> None:
    """Trial 13: finance-calc-mcp answered loan_amortization(term_years=0.5) "Error: float
    division by zero" (int(0.5) months): counted as a refusal.  "float division by zero" is
    only ever the interpreter's; a tool refusing a zero divisor in its own words is not."""
    import pytest

    mcpserver = pytest.importorskip("mcp.server.mcpserver", reason="the MCP SDK is an optional extra")

    def server(guarded: bool) -> Any:
        built = mcpserver.MCPServer("loans")

        @built.tool()
        def monthly_payment(principal: float, term_years: float) -> str:
            """Monthly payment of a loan at 5 % a year."""
            months = int(term_years * 12) if not guarded else int(term_years * 12) or -1
            try:
                if months <= 0:
                    return "Error: the term must be at least one month, got " + str(term_years)
                return f"{principal * 0.05 / 12 / (1 - (1 + 0.05 / 12) ** -months):.2f}"
            except Exception as exc:
                return f"Error: {exc}"

        @built.tool()
        def split_bill(total: float, people: float) -> str:
            """Share of a bill."""
            try:
                return f"{total / people:.2f}"
            except Exception as exc:
                return f"Error: {exc}"

        return built

    report = fuzz(server(False), checks=["total"], max_examples=60, seed=0)
    assert any(f.tool == "split_bill" and "float division by zero" in f.message + f.error
               for f in report.findings), str(report)
    assert not [f for f in report.findings if f.tool == "monthly_payment"], str(report)


def test_a_key_error_relayed_as_its_bare_key_is_a_crash_unless_the_key_is_what_was_sent() -> None:
    """Trial 13: loadbench-mcp answered check_tipping(masses=[{}]) "Error executing tool
    check_tipping: 'mass'" (a KeyError, as mcp 1.x and FastMCP relay one): counted as a
    refusal, so a crash on valid input was the WARNING's example of what blocked the tool.
    A lookup of the value it was sent ("'parsec'" for an unknown unit) still reads as
    refusing that value."""
    import pytest

    fastmcp = pytest.importorskip("fastmcp")
    built = fastmcp.FastMCP("loads")
    factors = {"m": 1.0, "ft": 0.3048}

    @built.tool()
    def total_mass(masses: list[dict[str, Any]]) -> float:
        """Sum of the masses of the items ({"mass": kg, "x": metres})."""
        return sum(float(m["mass"]) for m in masses)

    @built.tool()
    def to_metres(unit: Annotated[str, Field(description="e.g. 'm' or 'ft'")]) -> float:
        """Metres in one unit."""
        return factors[unit]

    report = fuzz(built, checks=["total"], max_examples=60, seed=0)
    crashed = [f for f in report.findings if f.tool == "total_mass"]
    assert crashed and "'mass'" in crashed[0].message + crashed[0].error, str(report)
    assert not [f for f in report.findings if f.tool == "to_metres"], str(report)
    tally = report.calls["to_metres"]
    assert tally.reached > 0 and tally.refused > 0, tally  # unknown units were sent, and refused


def test_the_math_modules_and_the_c_librarys_words_answered_as_text_are_crashes() -> None:
    """Trial 14: bp-percentile answered a negative height "math domain error", clawlendar an
    epoch of 1e18 "[Errno 75] Value too large for defined data type", mcp-molecules a huge
    count "(34, 'Numerical result out of range')": each read as the tool's own refusal."""
    from pytest_aacl._reach import python_fault

    for said in ("Error: math domain error", "math range error", "[Errno 75] Value too large for defined data type",
                 "(34, 'Numerical result out of range')"):
        assert python_fault(said, {"height": -1.0}), said
    for said in ("Error: height must be positive", "no such entry: 'Mars'", "[Errno 2] No such file or directory: 'a.txt'"):
        assert not python_fault(said, {"height": "Mars", "path": "a.txt"}), said


def test_an_mcp_error_result_a_handler_returns_in_process_is_a_refusal() -> None:
    """The ninth split's database tool is a low-level MCP server's call_tool handler, fuzzed in
    process: it answers every refusal as a CallToolResult with is_error true, and each counted
    as an answer (700 calls, 700 'reached', none refused)."""
    from pytest_aacl._reach import error_answer

    refused = {"content": [{"type": "text", "text": "read-only: empty statement"}], "is_error": True}
    assert error_answer(refused) == "read-only: empty statement"
    assert error_answer({**refused, "is_error": False}) == ""
    assert error_answer({"content": [], "isError": True}) == "isError result without text"
