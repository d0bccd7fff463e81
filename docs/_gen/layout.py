"""docs/ARCHITECTURE.md: the module map and the layers, read from the source's imports.

The import graph is read with `ast` (nothing is imported) over `pytest_aacl/` and
`strategies/` (importable as `pytest_aacl.strategies`).  tests/test_layout.py uses the same
walk to keep the graph free of circles.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from ._md import cell

ROOT = Path(__file__).resolve().parent.parent.parent
PACKAGES = ("pytest_aacl", "strategies")


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    lazy: bool  # inside a function: runs when called, not at import
    line: str  # the import statement's source line(s), comment included


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


MODULES = _modules()


def _known(name: str) -> str | None:
    name = name.replace("pytest_aacl.strategies", "strategies", 1)
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _targets(module: str, is_package: bool, node: ast.Import | ast.ImportFrom) -> set[str]:
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        if node.level:
            base = module.split(".") if is_package else module.split(".")[:-1]
            base = base[: len(base) - node.level + 1]
            stem = ".".join(base + ([node.module] if node.module else []))
        else:
            stem = node.module or ""
        names = [stem] + [f"{stem}.{alias.name}" for alias in node.names]
    return {t for t in map(_known, names) if t and t != module and not module.startswith(t + ".")}


def edges() -> list[Edge]:
    return [edge for module, path in MODULES.items() for edge in _edges_of(module, path)]


def _edges_of(module: str, path: Path) -> list[Edge]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    is_package = path.name == "__init__.py"
    found: list[Edge] = []

    def visit(node: ast.AST, lazy: bool, typing_only: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)) and not typing_only:
                text = "\n".join(lines[child.lineno - 1: child.end_lineno])
                for target in _targets(module, is_package, child):
                    found.append(Edge(module, target, lazy, text))
            inner_lazy = lazy or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            inner_typing = typing_only or (isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test))
            visit(child, inner_lazy, inner_typing)

    visit(ast.parse(source), False, False)
    return found


def circles(edges: list[Edge]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    graph: dict[str, set[str]] = {}
    for edge in edges:
        graph.setdefault(edge.source, set()).add(edge.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    circles.append(sorted(component))
    return circles


def units() -> dict[str, str]:
    """module -> the unit it belongs to: a sub-package as a whole, or a top-level module."""
    out = {}
    for module in MODULES:
        parts = module.split(".")
        path = MODULES[module]
        is_sub = len(parts) > 2 or (len(parts) == 2 and path.name == "__init__.py")
        out[module] = ".".join(parts[:2]) if is_sub or (parts[0] == "strategies") else module
        if parts[0] == "strategies":
            out[module] = "strategies"
    return out


def unit_graph(lazy: bool = False) -> dict[str, set[str]]:
    """unit -> the units it imports (at import time; with `lazy`, inside functions only)."""
    of = units()
    graph: dict[str, set[str]] = {u: set() for u in of.values()}
    for edge in edges():
        a, b = of[edge.source], of[edge.target]
        if a != b and edge.lazy == lazy:
            graph[a].add(b)
    if lazy:  # a lazy import already made at import time is no news
        eager = unit_graph(False)
        graph = {u: targets - eager[u] for u, targets in graph.items()}
    return graph


def layers() -> list[list[str]]:
    """Units bottom-up: each layer imports only the layers before it (eager and lazy imports)."""
    eager, lazy = unit_graph(False), unit_graph(True)
    deps = {u: eager[u] | lazy[u] for u in eager}
    done: set[str] = set()
    out = []
    while len(done) < len(deps):
        layer = sorted(u for u in deps if u not in done and deps[u] <= done)
        if not layer:  # a circle: tests/test_layout.py names it
            raise AssertionError("import circle among: " + ", ".join(sorted(set(deps) - done)))
        out.append(layer)
        done |= set(layer)
    return out


def _name(unit: str) -> str:
    path = MODULES[unit]
    rel = path.relative_to(ROOT).as_posix()
    return rel.removesuffix("/__init__.py") + "/" if path.name == "__init__.py" else rel


def layers_table() -> str:
    eager, lazy = unit_graph(False), unit_graph(True)
    lines = ["| layer | unit | imports when imported | imports when used (lazily) |", "|---|---|---|---|"]
    for number, layer in enumerate(layers()):
        for unit in layer:
            now = ", ".join(f"`{_name(u)}`" for u in sorted(eager[unit])) or "(stdlib and third-party only)"
            later = ", ".join(f"`{_name(u)}`" for u in sorted(lazy[unit])) or ""
            lines.append(f"| {number} | `{_name(unit)}` | {now} | {later} |")
    return "\n".join(lines)


def summary(path: Path) -> str:
    """The first sentence of a module's docstring: its one job."""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    first = doc.strip().split("\n\n")[0].replace("\n", " ")
    return first or "(no docstring)"


def modules_table() -> str:
    lines = ["| module | job |", "|---|---|"]
    for module in sorted(MODULES, key=lambda m: MODULES[m].relative_to(ROOT).as_posix()):
        lines.append(f"| `{MODULES[module].relative_to(ROOT).as_posix()}` | {cell(summary(MODULES[module]))} |")
    return "\n".join(lines)


SECTIONS = {"layers": layers_table, "modules": modules_table}
