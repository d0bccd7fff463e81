"""An answer holding NaN or Infinity is a `total` finding: JSON has neither, so a host writes
an invalid `NaN` token (the MCP SDK), `null`, or refuses the answer (FastMCP); the model
never gets a number.  Trial 7 met it on pyxirr-mcp-server (`"rate": NaN` echoed for
rate="NaN") and mcp-korea-worklife (FastMCP's "non-finite float" refusal)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from pytest_aacl import fuzz
from pytest_aacl._jsonvalue import non_finite_at
from pytest_aacl._reach import PYTHON_FAULT


@pytest.mark.parametrize(
    ("answer", "where"),
    [
        ({"ratio": math.inf}, "Infinity at $.ratio"),
        ([1.0, {"x": [2.0, -math.inf]}], "-Infinity at $[1].x[1]"),
        (['{\n  "npv": null,\n  "rate": NaN\n}'], "NaN at $[0].rate"),  # MCP text content, as the SDK writes it
        ({"ratio": 0.5, "note": "nan", "text": "Infinity is not a number"}, ""),  # words, not numbers
        (['{"name": "NaN bread"}'], ""),  # a string value holding the word
        (['[1, 2'], ""),  # not JSON at all
        (None, ""),
    ],
)
def test_where_an_answer_holds_a_non_finite_number(answer: Any, where: str) -> None:
    assert non_finite_at(answer) == where


def ratio(a: float, b: float) -> dict[str, float]:
    """Divide a by b."""
    if not isinstance(a, (int, float)) or not isinstance(b, (int, float)) or isinstance(a, bool) or isinstance(b, bool):
        raise ValueError("a and b: expected numbers")
    if b == 0:
        raise ValueError("b: expected a non-zero number; received 0")
    return {"ratio": a / b}


def test_an_overflowing_answer_is_a_total_finding() -> None:
    report = fuzz(ratio, checks=["total"], max_examples=60, seed=0)
    found = [f for f in report.findings if f.key[1:2] == ("non-finite answer",)]
    assert found, str(report)
    assert found[0].check == "total" and found[0].code == "AACL130"
    assert "Infinity (at $.ratio), which standard JSON has no token for" in found[0].message
    assert "finite" in found[0].fix


def test_a_finite_answer_is_not_a_finding() -> None:
    def bounded(a: float, b: float) -> dict[str, float]:
        if not isinstance(a, (int, float)) or not isinstance(b, (int, float)) or not all(map(math.isfinite, (a, b))):
            raise ValueError("a and b: expected finite numbers")
        return {"mean": a / 2 + b / 2}

    report = fuzz(bounded, checks=["total"], max_examples=60, seed=0)
    assert report.calls["bounded"].reached > 10, str(report)
    assert not [f for f in report.findings if any("non-finite" in part for part in f.key)], str(report)


def test_another_checks_non_finite_answer_reaches_total() -> None:
    """`total`'s own budget may never send the input; a check that met the answer leaves it to `total`."""
    report = fuzz(ratio, checks=["no_silent_corruption", "total"], max_examples=60, seed=0)
    assert any(f.check == "total" and "non-finite answer" in f.key for f in report.findings), str(report)


def scale_server(kind: str) -> Any:
    if kind == "mcp":
        server = pytest.importorskip("mcp.server.mcpserver").MCPServer("calc")
    else:
        server = pytest.importorskip("fastmcp").FastMCP("calc")

    @server.tool()
    def scale(x: float, factor: float = 2.0) -> dict:
        """Scale x by a factor."""
        return {"scaled": x * factor}

    return server


def test_mcp_sdk_answer_with_a_nan_token_is_found() -> None:
    """The MCP SDK writes the text content with `NaN` tokens no strict JSON parser reads."""
    report = fuzz(scale_server("mcp"), checks=["total"], max_examples=30, seed=0)
    assert any("the tool answered NaN (at $[0].scaled)" in f.message for f in report.findings), str(report)


def test_fastmcp_refusing_a_non_finite_result_is_a_crash_not_a_refusal() -> None:
    """FastMCP refuses to serialise the result; the model reads an error about the tool's
    answer, not about what it sent: a crash, not a correction."""
    report = fuzz(scale_server("fastmcp"), checks=["total"], max_examples=30, seed=0)
    assert any("non-finite float" in f.message and f.outcome == "escaped" for f in report.findings), str(report)
    assert PYTHON_FAULT.search("Out of range float values are not JSON compliant")


def test_non_finite_answers_at_several_places_are_one_finding_per_tool() -> None:
    """Trial 8 (axiom-calculator-mcp): one tool taking NaN and Infinity in showed up at every
    place of its answer, "(nan) at $.loan_amount", "(inf) at $.monthly_extras", ...: one cause."""
    for kind in ("mcp", "fastmcp"):
        if kind == "mcp":
            server = pytest.importorskip("mcp.server.mcpserver").MCPServer("calc")
        else:
            server = pytest.importorskip("fastmcp").FastMCP("calc")

        @server.tool()
        def loan(amount: float, rate: float, fees: float = 0.0) -> dict:
            """Echo a loan and its total."""
            return {"amount": amount, "rate": rate, "fees": fees, "total": amount * (1 + rate) + fees}

        report = fuzz(server, checks=["total"], max_examples=60, seed=0)
        odd = [f for f in report.findings if "non-finite" in f.message or "NaN" in f.message]
        assert len(odd) == 1, (kind, str(report))


def test_an_answer_breaking_the_tools_output_schema_reads_as_the_tools_fault() -> None:
    """Trial 9 (math-mcp-ay): a typed result holding NaN becomes `null` in the structured
    content, which the SDK 2.x client refuses against the tool's output schema with a
    RuntimeError; that was filed as the client's exception escaping, with the client's frames.
    It is the tool's answer at fault, said in one line without them."""
    server = pytest.importorskip("mcp.server.mcpserver").MCPServer("calc")

    @server.tool()
    def halve(values: list[float]) -> list[float]:
        """Halve every value."""
        return [v / 2 for v in values]

    report = fuzz(server, checks=["total"], max_examples=40, seed=0)
    broken = [f for f in report.findings if "breaks the tool's own output schema" in f.message]
    assert broken, str(report)
    assert "session.py" not in str(broken[0]) and broken[0].check == "total"
    # answered without isError: not "a crash the tool answered as an MCP error" (trial 13, gnomon-mcp)
    assert "as an MCP error" not in str(broken[0]) and "(isError)" not in str(broken[0]), str(broken[0])
    assert "an answer the client refused" in str(broken[0]), str(broken[0])


def test_a_nan_in_the_text_content_is_found_when_the_structured_content_says_null() -> None:
    """The structured content shows NaN as null; the text content still has the token."""
    from mcp.types import CallToolResult, TextContent

    answer = CallToolResult(content=[TextContent(type="text", text='{"discriminant": NaN}')],
                            structuredContent={"discriminant": None}, isError=False)
    assert non_finite_at(answer) == "NaN at $.content[0].discriminant"
    bare = CallToolResult(content=[TextContent(type="text", text="-Infinity")], structuredContent={"result": None},
                          isError=False)
    assert non_finite_at(bare) == "-Infinity at $.content[0]"
    echoed = CallToolResult(content=[TextContent(type="text", text="NaN")], structuredContent={"result": "NaN"},
                            isError=False)
    assert non_finite_at(echoed) == "" and non_finite_at("NaN") == ""  # a string "NaN" is a string
