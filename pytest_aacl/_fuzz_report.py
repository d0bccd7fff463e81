"""Readable failures: what a user sees first is the call to paste, not a Hypothesis dump.

Each finding reads, in order: the check and its one-line reason; the shrunk failing call as
one line of Python; per rendered field the rendered vs intended value and the family; what
the implementation received, or the escaped exception with its last frames; how to replay
the run.  Findings are grouped by tool, like schemathesis groups by operation.
"""

from __future__ import annotations

import traceback
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ._causes import cause_of, shared_causes
from ._errors import render_value
from ._reach import OUTPUT_BROKEN, blocker_line
from ._targets._target import machinery

if TYPE_CHECKING:  # pragma: no cover
    from ._fuzz import Finding, FuzzReport

__all__ = ["advice_lines", "format_exception", "format_finding", "format_report"]

_MAX_LINE = 2000


def _printable(line: str) -> str:
    """An exception line with control characters escaped and its length bounded: it may echo fuzz input."""
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in line[: _MAX_LINE + 1])
    return text if len(text) <= _MAX_LINE else text[:_MAX_LINE] + "…"


#: how a crash the tool answered as text (no exception crossed to pytest-aacl) is shown
_ANSWERED = {"McpFault": "the tool answered (isError)", "AnsweredFault": "the tool answered (as its result)"}


def format_exception(error: BaseException, frames: int = 3) -> str:
    """The exception line plus its last `frames` frames: enough to find the bug, no more."""
    said = _ANSWERED.get(type(error).__name__)
    if said and str(error).startswith(OUTPUT_BROKEN):  # answered without isError; the client refused it
        said = "the tool answered, and its answer breaks its own output schema"
    if said:  # not an exception of ours or the tool's: an answer whose text is a crash's
        return f"{said}: {_printable(str(error))}"
    try:
        tb = traceback.TracebackException.from_exception(error, limit=None)
        stack = [f for f in tb.stack if not machinery(f.filename)][-frames:]  # the tool's frames, not ours
        lines = ["Traceback (last frames):"] if stack else []
        lines += [part.rstrip("\n") for part in traceback.StackSummary.from_list(stack).format()]
        lines += [_printable(part) for line in tb.format_exception_only() for part in line.rstrip("\n").split("\n")]
        return "\n".join(lines)
    except Exception:
        return f"{type(error).__name__}: <unprintable>"


def _value(value: Any) -> str:
    return "<absent>" if type(value).__name__ == "_Absent" else render_value(value, 60, readable=True)


def _indent(text: str, prefix: str = "    ") -> str:
    return "\n".join(prefix + line if line else line for line in text.splitlines())


def format_finding(finding: Finding, *, replay: str = "") -> str:
    """One finding as a short block; `replay` is how to rerun it (a command or a call)."""
    note = "" if finding.shrunk else "   # first example found, not shrunk"
    out = [f"[{finding.check}] {finding.message}", "", f"    {finding.call}{note}", ""]
    for label in finding.labels:
        if label.get("mutation"):
            out.append(f"    {label['path']}: sent {_value(label['rendered'])} [mutation {label['family']}]")
            continue
        flag = " (ambiguous: a correction is also fine)" if label.get("ambiguous") else ""
        out.append(
            f"    {label['path']}: rendered {_value(label['rendered'])}, "
            f"intended {_value(label['original'])} [family {label['family']}]{flag}"
        )
    if finding.intended is not None and not finding.labels:
        out.append(f"    intended: {render_value(finding.intended, 240, readable=True)}")
    if finding.received:
        for got in finding.received:
            out.append(f"    implementation received: {render_value(got, 240, readable=True)}")
    elif finding.black_box and finding.outcome == "returned":
        out.append(f"    tool answered: {render_value(finding.result, 240, readable=True)}")
    elif finding.outcome == "returned":
        out.append("    the implementation was not called")
    if finding.error:
        out += ["", _indent(finding.error)]
    if finding.fix:
        out += ["", f"    Fix: {finding.fix}"]
    if replay:
        out += ["", f"    Reproduce: {replay}"]
    return "\n".join(out)


#: a failing item prints at most this many lines of findings (the rest is counted, not shown)
MAX_REPORT_LINES = 400


def format_report(report: FuzzReport, *, replay: str = "", advice: bool = True) -> str:
    """All findings, grouped by tool, then advice, ending with how to reproduce the run.

    Bounded: past `MAX_REPORT_LINES` the remaining findings are counted, not printed.
    """
    skipped = _not_applicable(report.not_applicable)
    skipped += _coverage_lines(getattr(report, "coverage", {}))
    notes = _advice(report.advice) if advice else []
    reach = _reach_lines(report)
    stopped = getattr(report, "interrupted", "")
    if stopped:  # said first: "no findings" of a run cut short is not a pass
        tools = list(getattr(report, "tools", ()))
        after = tools[tools.index(stopped) + 1:] if stopped in tools else []
        rest = f"; not fuzzed: {', '.join(after)}" if after else ""
        banner = [f"INTERRUPTED while fuzzing {stopped}: below is what was found before; the check that was "
                  f"running on {stopped} did not finish and its findings are not counted{rest}"]
    else:
        banner = []
    if not report.findings:
        blocked = any(line.startswith("WARNING") for line in reach)
        head = f"pytest-aacl: no findings ({report.examples_run} examples)"
        if stopped:
            head = f"pytest-aacl: no findings before the run was interrupted ({report.examples_run} examples)"
        elif blocked:
            head = f"pytest-aacl: no findings in what was tested, but see the WARNING ({report.examples_run} examples)"
        return "\n".join([*banner, head, *reach, *notes, *skipped])
    out: list[str] = [*banner]
    hidden = 0
    kinds: dict[str, int] = {}
    blocks = {id(f): format_finding(f).splitlines() for f in report.findings}
    cut = sum(len(b) + 1 for b in blocks.values()) > MAX_REPORT_LINES
    for tool in _ordered(f.tool for f in report.findings):
        mine = [f for f in report.findings if f.tool == tool]
        head = f"{tool}: {len(mine)} defect(s) found by {', '.join(_ordered(f.check for f in mine))}"
        out += [head, "=" * len(head)]
        for finding in sorted(mine, key=_gravity) if cut else mine:
            block = blocks[id(finding)]
            if out[2 + len(banner):] and len(out) + len(block) > MAX_REPORT_LINES:  # the first one always shows
                hidden += 1
                kinds[_what(finding)] = kinds.get(_what(finding), 0) + 1
                continue
            out += [*block, ""]
    if hidden:
        which = ", ".join(f"{n} {what}" for what, n in kinds.items())
        out.append(f"... {hidden} more finding(s) not shown (bounded report: {which}); fix the ones above first")
    out += shared_causes((f.tool, cause_of(f.tool, f.key)) for f in report.findings)
    if out and not out[-1] and reach and not reach[0]:
        out.pop()  # one blank line between the last finding and the calls section
    out += reach + notes + skipped
    out.append(f"{len(report.findings)} finding(s) in {report.examples_run} examples; seed={report.seed}")
    if replay:
        out.append(f"Reproduce: {replay}")
    return "\n".join(out)


_GRAVITY = {"timeout": 0, "escaped": 1}


def _gravity(finding: Finding) -> int:
    """Hangs and crashes first: a bounded report of a tool with a hundred findings of one
    cause must not cut the one hang away (trial 11: 119 findings on one server hid its hangs)."""
    if finding.outcome in _GRAVITY:
        return _GRAVITY[finding.outcome]
    return 1 if "escaped" in finding.key else 2  # a crash the tool answered as its result


def _what(finding: Finding) -> str:
    return ("hang(s)", "crash(es)", finding.check)[_gravity(finding)]


def _reach_lines(report: FuzzReport) -> list[str]:
    """Per tool, how many calls reached it; a WARNING when nothing got past one refusal."""
    out_of: list[str] = []
    for item in getattr(report, "unreproducible", None) or []:
        out_of += [f"  {item.tool}: {item.message}", f"      {item.call}"]
    if out_of:
        out_of = ["", "Not reproducible (answers change by themselves; does not fail the run):", *out_of[:20]]
    calls = getattr(report, "calls", None) or {}
    out = [f"  {tool}: {tally.line()}" for tool, tally in calls.items() if tally.calls]
    out = ["", "Calls:", *out] if out else []
    out += [f"WARNING {line}" for line in (blocker_line(t, tally) for t, tally in calls.items()) if line]
    return out_of + out


def _coverage_lines(coverage: dict[str, str]) -> list[str]:
    """Per tool; tools saying the same ("not measured (out-of-process target)") on one line."""
    same: dict[str, list[str]] = {}
    for tool, line in coverage.items():
        same.setdefault(line, []).append(tool)
    out = []
    for line, tools in same.items():
        if len(tools) == 1:
            out.append(f"coverage: {tools[0]}: {line}")
        else:
            out.append(f"coverage: {len(tools)} tools ({', '.join(tools[:4])}{', ...' if len(tools) > 4 else ''}): {line}")
    return out


def _not_applicable(lines: list[str]) -> list[str]:
    """`tool::check: why` lines, one per reason and set of checks: a black-box server of 16
    tools is one line, not 64 repeating the same sentence."""
    per_tool: dict[tuple[str, str], dict[str, None]] = {}
    for line in lines:
        where, _, why = line.partition(": ")
        tool, _, check = where.rpartition("::")
        per_tool.setdefault((why, tool), {})[check] = None
    groups: dict[tuple[str, tuple[str, ...]], list[str]] = {}
    for (why, tool), checks in per_tool.items():
        groups.setdefault((why, tuple(checks)), []).append(tool)
    out = []
    for (why, checks), tools in groups.items():
        if len(tools) == 1 and len(checks) == 1:
            out.append(f"not applicable: {tools[0]}::{checks[0]}: {why}")
            continue
        where = tools[0] if len(tools) == 1 else f"{len(tools)} tools ({', '.join(tools[:4])}{', ...' if len(tools) > 4 else ''})"
        out.append(f"not applicable: {', '.join(checks)} on {where}: {why}")
    return out


def _advice(advice: list[Finding]) -> list[str]:
    """Advice, one short block per kind of advice (over all tools, as it is one convention of
    the server): conventions that help a model retry, never a failure."""
    if not advice:
        return []
    return ["", f"Advice ({len(advice)}, does not fail the run):", *advice_lines(advice)]


def advice_lines(advice: list[Finding]) -> list[str]:
    """The advice blocks without their heading (the session summary prints them per tool)."""
    out: list[str] = []
    groups: dict[tuple[str, ...], list[Finding]] = {}
    for item in advice:
        groups.setdefault((item.check, *item.key[1:]), []).append(item)
    for shown, items in enumerate(groups.values()):
        if shown == 20:
            out.append(f"  ... {len(groups) - 20} more kinds")
            break
        first = items[0]
        tools = _ordered(i.tool for i in items)
        where = first.tool if len(tools) == 1 else f"{len(tools)} tools ({', '.join(tools[:4])}{', ...' if len(tools) > 4 else ''})"
        if len({i.message for i in items}) > 1:  # one tool's words are not every tool's (trial 10: a field
            # name of one tool printed for a group whose other tools have no such field)
            out += [f"  [{first.check}] {len(items)} on {where}; e.g. {first.tool}: {first.message}",
                    f"      e.g. {first.call}"]
        else:
            out += [f"  [{first.check}] {where}: {first.message}", f"      e.g. {first.call}"]
        if first.fix:
            out.append(f"      Fix: {first.fix}")
    return out


def _ordered(items: Iterable[str]) -> list[str]:
    seen: dict[str, None] = {}
    for item in items:
        seen.setdefault(item, None)
    return list(seen)
