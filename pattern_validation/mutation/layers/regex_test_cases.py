# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from mcpgex 0.1.4 (PyPI), file mcpgex/server.py: `handle_list_tools` and
`handle_call_tool` (the `add_test_case` and `test_regex` tools, and the two others it also
handles).  mcpgex lets a model build a regular expression against test cases.  `add_test_case`
keeps an input string, the substrings expected and the group numbers they should come from,
refusing only a case whose number of groups differs from the number of expected matches; the
groups are never checked to be whole numbers or to exist (the schema says `number`, so `1.5`
passes), an empty list of both is kept, and a missing argument is read as empty.  `test_regex`
compiles a pattern with flags given as letters in one string (`i`, `m`, `s`, `x`, each found
anywhere in the lower-cased string, so `"IM"`, `"ignorecase"` and `"xyz"` count and any other
letter is ignored) and runs it on every kept case with `search`: a pattern `re` cannot compile
is answered as "Invalid regex pattern: ...", no case kept is answered before the pattern is even
compiled, and each case reports the groups it names (group 0 when none), sorted and compared
with the expected ones.  Every refusal comes back as text, never raised; an exception (a group
that does not exist, a group number that is not an integer) escapes the handler, and the SDK
answers it as an error result.  MIT License, Copyright (c) 2025 Edward Ferrari (mcpgex, by
PatzEdi); see https://opensource.org/licenses/MIT.  The functions are verbatim, but for the
changes below (checked by comparing ASTs with the wheel's source: each vendored function,
unparsed from both and compared with `ast.dump` after `async def` was read as `def` and the
decorators were set aside, is equal).

Changes: the two handlers are `async` in the package and plain functions here (they await
nothing).  The package registers them on the MCP SDK's low-level `Server` (mcp 1.x:
`@server.list_tools()`, `@server.call_tool()`), whose dispatch of a `tools/call` request checks
the arguments against the tool's `inputSchema` with `jsonschema` (refusing with an "Input
validation error: ..." result) and then calls the handler, answering its exceptions as error
results; `add_test_case` and `test_regex` (ours) are that dispatch, and `Server` and `types`
(the SDK's `Tool` and `TextContent`, and `CallToolResult` for the SDK's answer) are stand-ins
keeping what they are given, as is that dispatch, `call_tool_request` (all shared with the
split's other layers, in `_mcp_stand_ins`).  `re` is a stand-in offering the real module's flags and `error`,
whose `compile` hands the pattern and the flags on to the implementation layer of `test_regex`;
`test_cases`, the package's global list, is a stand-in list holding two cases to start with,
whose `append` hands a new case on to the implementation layer of `add_test_case`.  `serve`,
`main` and the stdio transport are left out.

The implementation layers are ours: `compile_pattern` is where the package hands a pattern and
its flags to the regular expression engine (`re.compile`), and answers what the engine answers;
`keep_test_case` is where a new test case is stored, and keeps it.  SCHEMA and TEST_REGEX_SCHEMA
are what the package's server publishes: `inputSchema` of the tools as its `tools/list` handler
answers them, under mcp 1.30.0 (the package asks for mcp >= 0.1.0 and uses the mcp 1
decorators) in a throwaway venv with the package installed.  They state strings, an array of
strings and an array of numbers: nothing of what a pattern or a flag is, nor that the two
arrays must be as long as each other.
"""

from __future__ import annotations

import re as _re
from types import SimpleNamespace
from typing import Any, Dict, List

from pattern_validation.mutation.layers._mcp_stand_ins import CallToolResult, Server, TextContent, Tool, call_tool_request

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "input_string": {"type": "string", "description": "The input string to test the regex pattern against"},
        "expected_matches": {
            "type": "array",
            "items": {"type": "string"},
            "description": "Array of substrings that should be matched/extracted by the regex",
        },
        "groups": {
            "type": "array",
            "items": {"type": "number"},
            "description": "The groups that should be extracted by the regex. This is an array of numbers",
        },
        "description": {"type": "string", "description": "Optional description of what this test case is checking for"},
    },
    "required": ["input_string", "expected_matches", "groups"],
}
EXAMPLE: dict[str, Any] = {"input_string": "Order #A-1042 shipped 2026-11-30", "expected_matches": ["A", "1042"],
                           "groups": [1, 2], "description": "order prefix and number"}
TEST_REGEX_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "pattern": {"type": "string", "description": "The regex pattern to test"},
        "flags": {
            "type": "string",
            "description": "Optional regex flags (e.g., 'i' for case-insensitive, 'm' for multiline, 's' for dotall). Default is no flags.",
            "default": "",
        },
    },
    "required": ["pattern"],
}
TEST_REGEX_EXAMPLE: dict[str, Any] = {"pattern": r"#([a-z])-(\d+)", "flags": "i"}


def compile_pattern(pattern: str, flags: int = 0) -> Any:
    """The implementation layer of `test_regex` (ours): where the package hands `pattern` and
    `flags` to the regular expression engine.  Answers the compiled pattern."""
    return _re.compile(pattern, flags)


def keep_test_case(test_case: dict[str, Any]) -> None:
    """The implementation layer of `add_test_case` (ours): where a new test case is stored."""
    list.append(test_cases, test_case)


class _TestCases(list):
    """Stands in for the package's global list of test cases: `append` hands a new case on to
    the implementation layer."""

    def append(self, test_case: Any) -> None:
        keep_test_case(test_case)


#: the package's global test cases, two to start with (a stand-in)
test_cases: List[Dict[str, Any]] = _TestCases([
    {"input_string": "Order #A-1042 shipped", "expected_matches": ["A", "1042"], "groups": [1, 2], "description": ""},
    {"input_string": "see order #b-7 and #C-88", "expected_matches": ["b", "7"], "groups": [1, 2],
     "description": "the first of two"},
])

#: stands in for the re module: its flags and error, and `compile` handed on to the implementation layer
re = SimpleNamespace(IGNORECASE=_re.IGNORECASE, MULTILINE=_re.MULTILINE, DOTALL=_re.DOTALL, VERBOSE=_re.VERBOSE,
                     error=_re.error, compile=lambda pattern, flags=0: compile_pattern(pattern, flags))


#: stands in for `mcp.types`
types = SimpleNamespace(Tool=Tool, TextContent=TextContent)


# Initialize the MCP server
server = Server("mcpgex")


@server.list_tools()
def handle_list_tools() -> List[types.Tool]:
    """List available tools for regex pattern testing."""
    return [
        types.Tool(
            name="add_test_case",
            description="Add a test case for regex pattern validation. Each test case consists of an input string and the expected match/output.",
            inputSchema={
                "type": "object",
                "properties": {
                    "input_string": {
                        "type": "string",
                        "description": "The input string to test the regex pattern against"
                    },
                    "expected_matches": {
                        "type": "array",
                        "items": {
                            "type": "string"
                        },
                        "description": "Array of substrings that should be matched/extracted by the regex"
                    },
                    "groups": {
                        "type": "array",
                        "items": {
                            "type": "number"
                        },
                        "description": "The groups that should be extracted by the regex. This is an array of numbers"
                    },
                    "description": {
                        "type": "string",
                        "description": "Optional description of what this test case is checking for"
                    }
                },
                "required": ["input_string", "expected_matches", "groups"]
            }
        ),
        types.Tool(
            name="test_regex",
            description="Test a regex pattern against all current test cases to see if it satisfies the requirements.",
            inputSchema={
                "type": "object",
                "properties": {
                    "pattern": {
                        "type": "string",
                        "description": "The regex pattern to test"
                    },
                    "flags": {
                        "type": "string",
                        "description": "Optional regex flags (e.g., 'i' for case-insensitive, 'm' for multiline, 's' for dotall). Default is no flags.",
                        "default": ""
                    }
                },
                "required": ["pattern"]
            }
        ),
        types.Tool(
            name="get_test_cases",
            description="Get all current test cases to see what requirements the regex pattern needs to satisfy.",
            inputSchema={
                "type": "object",
                "properties": {},
                "additionalProperties": False
            }
        ),
        types.Tool(
            name="clear_test_cases",
            description="Clear all test cases to start fresh with new requirements.",
            inputSchema={
                "type": "object",
                "properties": {},
                "additionalProperties": False
            }
        )
    ]


@server.call_tool()
def handle_call_tool(
    name: str, arguments: dict | None
) -> List[types.TextContent]:
    """Handle tool calls for regex pattern testing."""

    if name == "add_test_case":
        input_string = arguments.get("input_string", "")
        expected_matches = arguments.get("expected_matches", [])
        groups = arguments.get("groups", [])
        description = arguments.get("description", "")

        if len(groups) != len(expected_matches):
            return [
                types.TextContent(
                    type="text",
                    text=f"Error: Invalid test case. Number of groups ({len(groups)}) does not match number of expected matches ({len(expected_matches)}). Perhaps, input string contains multiple matches?"
                )
            ]

        test_case = {
            "input_string": input_string,
            "expected_matches": expected_matches,
            "groups": groups,
            "description": description
        }

        test_cases.append(test_case)

        return [
            types.TextContent(
                type="text",
                text=f"Added test case:\n- Input: '{input_string}'\n- Expected matches: {expected_matches}\n- Groups: {groups}\n- Description: {description or 'None'}\n\nTotal test cases: {len(test_cases)}"
            )
        ]

    elif name == "test_regex":
        pattern = arguments.get("pattern", "")
        flags_str = arguments.get("flags", "")

        if not test_cases:
            return [
                types.TextContent(
                    type="text",
                    text="No test cases defined. Please add test cases first using add_test_case."
                )
            ]

        # Convert flags string to regex flags
        flags = 0
        if flags_str:
            if 'i' in flags_str.lower():
                flags |= re.IGNORECASE
            if 'm' in flags_str.lower():
                flags |= re.MULTILINE
            if 's' in flags_str.lower():
                flags |= re.DOTALL
            if 'x' in flags_str.lower():
                flags |= re.VERBOSE

        try:
            compiled_pattern = re.compile(pattern, flags)
        except re.error as e:
            return [
                types.TextContent(
                    type="text",
                    text=f"Invalid regex pattern: {e}"
                )
            ]

        results = []
        passed = 0
        failed = 0
        no_match = 0

        results.append(f"Testing regex pattern: {pattern}")
        if flags_str:
            results.append(f"Flags: {flags_str}")
        results.append("-" * 50)

        for i, test_case in enumerate(test_cases, 1):
            input_str = test_case["input_string"]
            groups = test_case["groups"]
            expected_matches = test_case["expected_matches"]
            description = test_case.get("description", "")

            # Try to find the expected match in the input string
            match = compiled_pattern.search(input_str)

            if match:
                # Check if the match contains the expected substring
                matched_texts = [match.group(g) for g in groups] if groups else [match.group(0)] # Where groups  = e.g. [1,2]
                if sorted(matched_texts) == sorted(expected_matches):
                    results.append(f"✅ Test case {i}: PASSED")
                    results.append(f"   Input: '{input_str}'")
                    results.append(f"   Expected: {expected_matches}")
                    results.append(f"   Groups: '{groups}'")
                    results.append(f"   Matched: {matched_texts}")
                    if description:
                        results.append(f"   Description: {description}")
                    passed += 1
                else:
                    results.append(f"🛑 Test case {i}: FAILED")
                    results.append(f"   Input: '{input_str}'")
                    results.append(f"   Expected: '{expected_matches}'")
                    results.append(f"   Groups: '{groups}'")
                    results.append(f"   Matched: '{matched_texts}' (doesn't match expected)")
                    if description:
                        results.append(f"   Description: {description}")
                    failed += 1
            else:
                results.append(f"0️⃣ Test case {i}: NO MATCHES FOUND")
                results.append(f"   Input: '{input_str}'")
                results.append(f"   Expected: '{expected_matches}'")
                results.append(f"   Groups: '{groups}'")
                results.append(f"   Matched: '{[]}'")
                if description:
                    results.append(f"   Description: {description}")
                no_match += 1

            results.append("")

        results.append("-" * 50)
        results.append(f"Summary: {passed} passed, {failed} failed, {no_match} with no match")

        if failed == 0:
            results.append("🎉 All test cases passed! The regex pattern is working correctly.")
        else:
            results.append("💡 Some test cases failed. Consider adjusting the regex pattern.")

        return [
            types.TextContent(
                type="text",
                text="\n".join(results)
            )
        ]

    elif name == "get_test_cases":
        if not test_cases:
            return [
                types.TextContent(
                    type="text",
                    text="No test cases defined yet. Use add_test_case to add requirements for your regex pattern."
                )
            ]

        result = ["Current test cases:"]
        result.append("=" * 40)

        for i, test_case in enumerate(test_cases, 1):
            result.append(f"Test case {i}:")
            result.append(f"  Input: '{test_case['input_string']}'")
            result.append(f"  Expected matches: {test_case['expected_matches']}")
            result.append(f"   Groups: '{test_case['groups']}'")
            if test_case.get("description"):
                result.append(f"  Description: {test_case['description']}")
            result.append("")

        result.append(f"Total: {len(test_cases)} test cases")

        return [
            types.TextContent(
                type="text",
                text="\n".join(result)
            )
        ]

    elif name == "clear_test_cases":
        count = len(test_cases)
        test_cases.clear()

        return [
            types.TextContent(
                type="text",
                text=f"Cleared all test cases. Removed {count} test case(s)."
            )
        ]

    else:
        raise ValueError(f"Unknown tool: {name}")


def add_test_case(**arguments: Any) -> Any:
    """The interface (ours): the SDK's dispatch of a `tools/call` request for `add_test_case`."""
    return call_tool_request(handle_list_tools(), handle_call_tool, "add_test_case", arguments)


def test_regex(**arguments: Any) -> Any:
    """The interface (ours): the SDK's dispatch of a `tools/call` request for `test_regex`."""
    return call_tool_request(handle_list_tools(), handle_call_tool, "test_regex", arguments)
