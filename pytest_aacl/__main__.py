"""Command line: ``python -m pytest_aacl <command>`` (also installed as ``pytest-aacl``).

Commands are argparse sub-commands, each a ``_cmd_<name>`` function, so adding one is a
parser block plus a function.  Bad arguments and unreadable files print one error line
and exit with status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any, NoReturn

_PROG = "pytest-aacl"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: error: {message} (see --help)\n")
        raise SystemExit(2)


class _Fatal(Exception):
    """A user error: printed as one line, exit status 2."""


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=_PROG, description="pytest-aacl tools for recorded LLM traffic.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    costs = commands.add_parser(
        "costs",
        help="token usage and cost of recorded cassettes",
        description="Print per-interaction token usage and cost of vcrpy cassettes "
        "(files, or directories searched for *.yaml / *.yml).",
    )
    costs.add_argument("cassettes", nargs="+", metavar="CASSETTE", help="cassette file or directory")
    costs.add_argument("--json", action="store_true", help="machine-readable output")
    costs.add_argument("--prices", metavar="PATH",
                       help="litellm-format price JSON overlaid on the bundled snapshot")
    costs.set_defaults(run=_cmd_costs)
    plan = commands.add_parser(
        "plan",
        help="print the boundary's compiled plan for a schema",
        description="Print how the boundary reads each field of a parameters JSON Schema "
        "(or an OpenAI / Anthropic / MCP tool JSON holding one).",
    )
    plan.add_argument("schema", metavar="SCHEMA", help="JSON file")
    plan.add_argument("--source", action="store_true", help="also print the generated Python")
    plan.set_defaults(run=_cmd_plan)
    return parser


def _cmd_plan(args: argparse.Namespace) -> int:
    from ._errors import SpecError  # lazy: a subcommand imports only its own part
    from ._normalise import Plan  # lazy: a subcommand imports only its own part
    from ._specs import from_schema  # lazy: a subcommand imports only its own part

    try:
        document = json.loads(Path(args.schema).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise _Fatal(f"cannot read {args.schema}: {exc}") from None
    holder = document.get("function", document) if isinstance(document, dict) else document
    schema = next((holder[k] for k in ("parameters", "input_schema", "inputSchema") if isinstance(holder, dict) and isinstance(holder.get(k), dict)), holder)
    name = holder.get("name") if isinstance(holder, dict) and isinstance(holder.get("name"), str) else Path(args.schema).stem
    try:
        spec = from_schema(schema, name=name or "tool")
        text = Plan(spec.parameters, tool=spec.name).explain(source=args.source)
    except SpecError as exc:
        raise _Fatal(str(exc)) from None
    sys.stdout.write(f"plan for {spec.name}\n{text}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.error("missing command")
    try:
        return int(args.run(args))
    except _Fatal as exc:
        for line in str(exc).splitlines():  # one line per problem, each self-contained
            sys.stderr.write(f"{_PROG} {args.command}: error: {line}\n")
        return 2
    except BrokenPipeError:  # `... | head`
        return 0


def _cassette_files(arguments: list[str]) -> list[Path]:
    files: list[Path] = []
    for argument in arguments:
        path = Path(argument)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())
            if not found:
                raise _Fatal(f"no *.yaml cassettes under directory {path}")
            files.extend(found)
        elif path.exists():
            files.append(path)
        else:
            raise _Fatal(f"cassette not found: {path}")
    return files


def cassette_costs(path: Path, prices: Any) -> dict[str, Any]:
    """Usage and cost of every interaction of one cassette (the JSON shape of ``costs``)."""
    from pytest_aacl._integration._cassettes import (
        read,  # lazy: a subcommand imports only its own part
    )
    from pytest_aacl._integration._usage import (  # lazy: a subcommand imports only its own part
        extract,
        response_text,
    )

    rows = []
    for index, interaction in enumerate(read(path)["interactions"]):
        request, response = interaction["request"], interaction["response"]
        usage = extract(request["uri"], response_text(response.get("body"), response["headers"]))
        cost = None if usage is None else prices.cost(usage)
        rows.append({
            "index": index,
            "method": request["method"],
            "uri": request["uri"],
            "status": response["status"]["code"],
            "usage": None if usage is None else usage.as_dict(),
            "cost": None if cost is None else str(cost),
        })
    return {"path": str(path), "interactions": rows, "totals": _totals(rows)}


def _totals(rows: list[dict[str, Any]]) -> dict[str, Any]:
    used = [r for r in rows if r["usage"]]
    priced = [Decimal(r["cost"]) for r in used if r["cost"] is not None]
    return {
        "interactions": len(rows),
        "with_usage": len(used),
        "input_tokens": sum(r["usage"]["input_tokens"] for r in used),
        "output_tokens": sum(r["usage"]["output_tokens"] for r in used),
        "cached_tokens": sum(r["usage"]["cached_tokens"] for r in used),
        "cost": str(sum(priced, Decimal(0))),
        "unpriced": len(used) - len(priced),
    }


def _cmd_costs(args: argparse.Namespace) -> int:
    from pytest_aacl._integration._cassettes import (
        CassetteError,  # lazy: a subcommand imports only its own part
    )
    from pytest_aacl._integration._prices import (  # lazy: a subcommand imports only its own part
        PriceError,
        PriceTable,
    )

    try:
        prices = PriceTable.load(args.prices)
    except PriceError as exc:
        raise _Fatal(str(exc)) from None
    reports, defects = [], []
    for path in _cassette_files(args.cassettes):  # every defect of every file, then fail
        try:
            reports.append(cassette_costs(path, prices))
        except CassetteError as exc:
            defects.extend(exc.lines() if exc.defects else [str(exc)])
    if defects:
        if any(not line.startswith("cannot read cassette") for line in defects):
            defects.append("fix the cassette(s) named above, or delete them and record them again")
        raise _Fatal("\n".join(defects))
    rows = [row for report in reports for row in report["interactions"]]
    document = {"prices": prices.sources, "cassettes": reports, "totals": _totals(rows)}
    if args.json:
        sys.stdout.write(json.dumps(document, indent=2) + "\n")
        return 0
    for report in reports:
        _print_report(report)
    total = document["totals"]
    print(f"all: {len(reports)} cassette(s), {_total_line(total)}")
    print(f"prices: {'; '.join(prices.sources)}")
    return 0


def _cost_text(cost: str | None) -> str:
    return "unknown" if cost is None else f"${Decimal(cost):.6f}"


def _total_line(total: dict[str, Any]) -> str:
    cost = f"${Decimal(total['cost']):.6f}"
    if total["unpriced"] and total["unpriced"] == total["with_usage"]:
        cost = "unknown"
    elif total["unpriced"]:
        cost += f" + {total['unpriced']} unpriced"
    return (f"{total['interactions']} interactions ({total['with_usage']} with usage), "
            f"{total['input_tokens']} input / {total['output_tokens']} output / "
            f"{total['cached_tokens']} cached tokens, cost {cost}")


def _print_report(report: dict[str, Any]) -> None:
    print(report["path"])
    header = ("#", "request", "status", "model", "input", "output", "cached", "cost")
    lines = [header]
    for row in report["interactions"]:
        usage = row["usage"] or {}
        where = row["uri"].split("://", 1)[-1].split("?", 1)[0]
        lines.append((
            str(row["index"]), f"{row['method']} {where}", str(row["status"]),
            str(usage.get("model") or "-"), str(usage.get("input_tokens", "-")),
            str(usage.get("output_tokens", "-")), str(usage.get("cached_tokens", "-")),
            _cost_text(row["cost"]) if usage else "-",
        ))
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    for line in lines:
        cells = [c.ljust(w) if i in (1, 3) else c.rjust(w) for i, (c, w) in enumerate(zip(line, widths, strict=True))]
        print("  " + "  ".join(cells).rstrip())
    print(f"  total: {_total_line(report['totals'])}")


if __name__ == "__main__":
    sys.exit(main())
