"""A small AST mutator: one syntactic change at a time, each a `Mutant` with its own source.

Operators (the classic set of mutation testing, chosen for argument-normalisation code):

* `compare`: `<`↔`<=`, `>`↔`>=`, `==`↔`!=`, `in`↔`not in`, `is`↔`is not`
* `arith`: `+`↔`-`, `*`↔`/`, `//`→`/`, `%`→`*`
* `boolop`: `and`↔`or`;  `not`: `not x` → `x`
* `const`: a number ±1, a non-empty string emptied (an empty one becomes `"X"`), `True`↔`False`
* `call`: `x.strip()` / `.lower()` / `.upper()` / `.casefold()` / `.lstrip()` / `.rstrip()` → `x`
* `member`: one element removed from a literal tuple/list/set on the right of `in`
* `slice`: a slice bound dropped (`x[1:]` → `x`, `x[:5]` → `x`)
* `branch`: an `if` body replaced by `pass`, or its `else` removed
* `return`: `return expr` → `return None`
* `raise`: a `raise` statement replaced by `pass`
* `handler`: an `except` clause removed (the `try` replaced by its body when it was the only one)

Not mutated: docstrings, imports, f-strings and log calls (text only a person reads; the
fuzzer judges values, not wording), `raise` arguments, and whatever the caller excludes
(the implementation stub and the schema, which are the contract, not the layer).
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Callable, Iterable
from dataclasses import dataclass

__all__ = ["OPERATORS", "Mutant", "apply", "mutants"]

OPERATORS = ("compare", "arith", "boolop", "not", "const", "call", "member", "slice", "branch", "return",
             "raise", "handler")

_CMP_SWAP: dict[type, type] = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
                               ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
                               ast.Is: ast.IsNot, ast.IsNot: ast.Is}
_ARITH_SWAP: dict[type, type] = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult,
                                 ast.FloorDiv: ast.Div, ast.Mod: ast.Mult}
_DROPPABLE_CALLS = frozenset({"strip", "lower", "upper", "casefold", "lstrip", "rstrip"})
_LOG_NAMES = frozenset({"logger", "logging", "log", "warnings", "print"})


@dataclass(frozen=True)
class Mutant:
    """One mutation: where it is, what it changed, and the whole mutated module source."""

    index: int          # position among the module's mutants (stable for a given source)
    operator: str
    line: int
    original: str       # the mutated node before, as code
    mutated: str        # and after
    source: str

    @property
    def label(self) -> str:
        return f"#{self.index} line {self.line} [{self.operator}] {self.original} -> {self.mutated}"


Edit = tuple[str, Callable[[ast.AST], "ast.AST | list[ast.stmt] | None"]]


def _edits(node: ast.AST) -> list[Edit]:
    """The mutations of `node` itself (not of its children), as (operator, rewrite)."""
    out: list[Edit] = []
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            if type(op) in _CMP_SWAP:
                out.append(("compare", lambda n, i=i: _set_op(n, i)))
            right = node.comparators[i]
            if isinstance(op, (ast.In, ast.NotIn)) and isinstance(right, (ast.Tuple, ast.List, ast.Set)) \
                    and len(right.elts) >= 2:
                for j in range(len(right.elts)):
                    out.append(("member", lambda n, i=i, j=j: _drop_member(n, i, j)))
    elif isinstance(node, ast.BinOp) and type(node.op) in _ARITH_SWAP:
        out.append(("arith", lambda n: _replace(n, op=_ARITH_SWAP[type(n.op)]())))
    elif isinstance(node, ast.BoolOp):
        out.append(("boolop", lambda n: _replace(n, op=ast.Or() if isinstance(n.op, ast.And) else ast.And())))
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        out.append(("not", lambda n: n.operand))
    elif isinstance(node, ast.Constant):
        value = node.value
        if isinstance(value, bool):
            out.append(("const", lambda n: ast.Constant(not n.value)))
        elif isinstance(value, (int, float)):
            out.append(("const", lambda n: ast.Constant(n.value + 1)))
            out.append(("const", lambda n: ast.Constant(n.value - 1)))
        elif isinstance(value, str):
            out.append(("const", lambda n: ast.Constant("" if n.value else "X")))
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _DROPPABLE_CALLS:
        out.append(("call", lambda n: n.func.value))
    elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
        if node.slice.lower is not None or node.slice.upper is not None:
            out.append(("slice", lambda n: n.value))
    elif isinstance(node, ast.If):
        if not (len(node.body) == 1 and isinstance(node.body[0], ast.Pass)):
            out.append(("branch", lambda n: _replace(n, body=[ast.Pass()])))
        if node.orelse:
            out.append(("branch", lambda n: _replace(n, orelse=[])))
    elif isinstance(node, ast.Return) and node.value is not None and not (
            isinstance(node.value, ast.Constant) and node.value.value is None):
        out.append(("return", lambda n: ast.Return(ast.Constant(None))))
    elif isinstance(node, ast.Raise):
        out.append(("raise", lambda n: ast.Pass()))
    elif isinstance(node, ast.Try):
        for k in range(len(node.handlers)):
            out.append(("handler", lambda n, k=k: _drop_handler(n, k)))
    return out


def _replace(node: ast.AST, **fields: object) -> ast.AST:
    new = copy.copy(node)
    for name, value in fields.items():
        setattr(new, name, value)
    return new


def _set_op(node: ast.Compare, i: int) -> ast.AST:
    ops = list(node.ops)
    ops[i] = _CMP_SWAP[type(ops[i])]()
    return _replace(node, ops=ops)


def _drop_member(node: ast.Compare, i: int, j: int) -> ast.AST:
    comparators = list(node.comparators)
    right = comparators[i]
    comparators[i] = _replace(right, elts=[e for k, e in enumerate(right.elts) if k != j])
    return _replace(node, comparators=comparators)


def _drop_handler(node: ast.Try, k: int) -> ast.AST | list[ast.stmt]:
    handlers = [h for i, h in enumerate(node.handlers) if i != k]
    if handlers or node.finalbody:
        return _replace(node, handlers=handlers, orelse=node.orelse if handlers else [])
    return [*node.body, *node.orelse]


def _skipped(node: ast.AST) -> bool:
    """Subtrees whose change only a person could notice, or that are not code paths."""
    if isinstance(node, (ast.Import, ast.ImportFrom, ast.JoinedStr)):
        return True
    if isinstance(node, ast.Call):
        func = node.func
        root = func
        while isinstance(root, ast.Attribute):
            root = root.value
        if isinstance(root, ast.Name) and root.id in _LOG_NAMES:
            return True
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


class _Walker(ast.NodeTransformer):
    """Visits nodes in a fixed order, numbering each edit; rewrites the one numbered `target`."""

    def __init__(self, target: int = -1) -> None:
        self.target = target
        self.count = 0
        self.found: list[tuple[str, int, str, str]] = []  # operator, line, before, after

    def generic_visit(self, node: ast.AST) -> ast.AST:
        if _skipped(node):
            return node
        if isinstance(node, ast.Raise):  # the exception raised is the message: mutate only that it is raised
            return self._edit(node)
        node = self._edit(node)
        if isinstance(node, list):
            return node
        for field, old in ast.iter_fields(node):
            if field in ("annotation", "returns", "decorator_list", "type_comment"):
                continue  # annotations and decorators are not the layer's behaviour
            if isinstance(old, list):
                new_values: list[object] = []
                for item in old:
                    if isinstance(item, ast.AST):
                        res = self.visit(item)
                        if isinstance(res, list):
                            new_values.extend(res)
                        elif res is not None:
                            new_values.append(res)
                    else:
                        new_values.append(item)
                old[:] = new_values
            elif isinstance(old, ast.AST):
                setattr(node, field, self.visit(old))
        return node

    def _edit(self, node: ast.AST) -> ast.AST | list[ast.stmt]:
        result: ast.AST | list[ast.stmt] = node
        for operator, rewrite in _edits(node):
            if self.target < 0:
                after = rewrite(copy.deepcopy(node))
                self.found.append((operator, getattr(node, "lineno", 0), _code(node), _code(after)))
            elif self.count == self.target:
                result = rewrite(node)
            self.count += 1
        return result


def _code(node: object) -> str:
    if isinstance(node, list):
        text = "; ".join(ast.unparse(n) for n in node) or "pass"
    else:
        text = ast.unparse(node)  # type: ignore[arg-type]
    text = " ".join(text.split())
    return text if len(text) <= 120 else text[:117] + "..."


def _targets(tree: ast.Module, exclude: Iterable[str]) -> list[ast.stmt]:
    """Top-level statements to mutate: not imports, not the docstring, none defining an excluded name."""
    skip = set(exclude)
    out = []
    for stmt in tree.body:
        names: set[str] = set()
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(stmt.name)
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
        if names & skip or (names and all(n.startswith("__") for n in names)):
            continue
        out.append(stmt)
    return out


def _walk(source: str, exclude: Iterable[str], target: int) -> tuple[_Walker, ast.Module]:
    tree = ast.parse(source)
    walker = _Walker(target)
    keep = _targets(tree, exclude)
    for i, stmt in enumerate(tree.body):
        if any(stmt is k for k in keep):
            res = walker.visit(stmt)
            tree.body[i] = res  # a top-level statement is never replaced by a list
    return walker, tree


def mutants(source: str, exclude: Iterable[str] = ()) -> list[Mutant]:
    """Every single-change mutant of the module `source`, in a stable order.

    `exclude`: top-level names (functions, classes, assigned constants) left alone.
    """
    exclude = tuple(exclude)
    walker, _ = _walk(source, exclude, -1)
    return [Mutant(i, op, line, before, after, apply(source, i, exclude))
            for i, (op, line, before, after) in enumerate(walker.found)]


def apply(source: str, index: int, exclude: Iterable[str] = ()) -> str:
    """The source of mutant number `index` of `source`."""
    _, tree = _walk(source, tuple(exclude), index)
    return ast.unparse(ast.fix_missing_locations(tree))
