"""Which arguments a layer still reads after it has called its implementation.

The fuzzer stubs the named implementation (it answers `None`), so a layer that applies an
argument to the backend's answer (a page size sliced off the rows, a format) shows that
argument nowhere: different values of it reach the implementation as one call.  Only where
the layer's own code never reads the argument again after that call is "every value reached
the implementation as the same call" evidence that it is dropped.  This is a conservative
reading of the layer function's source: a name assigned from the argument counts as the
argument; anything it cannot follow (no source, the call inside a loop or in a helper,
`**kwargs`, `locals()`) answers "unknown".
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Callable
from typing import Any

__all__ = ["read_after_call"]

_OPAQUE = {"locals", "vars", "globals", "eval", "exec"}


def read_after_call(layer: Callable[..., Any], implementation: str) -> dict[str, bool] | None:
    """{argument: read again after the call of `implementation`} for the layer function's own
    parameters, or None when that cannot be told."""
    try:
        func = inspect.unwrap(layer)
        tree = ast.parse(textwrap.dedent(inspect.getsource(func)))
    except (TypeError, OSError, SyntaxError, ValueError):
        return None
    node = next((n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))), None)
    if node is None or node.args.kwarg is not None:
        return None
    params = [a.arg for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)]
    calls = [n for n in ast.walk(node) if isinstance(n, ast.Call) and _callee(n) == implementation]
    if len(calls) != 1 or _in_loop(node, calls[0]):
        return None
    if any(isinstance(n, ast.Call) and _callee(n) in _OPAQUE for n in ast.walk(node)):
        return None
    after = (calls[0].end_lineno or calls[0].lineno, calls[0].end_col_offset or 0)
    flows = _flows(node, calls[0])
    out: dict[str, bool] = {}
    nested = [n for n in ast.walk(node) if n is not node and isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                                          ast.Lambda))]
    for name in params:
        tainted = _closure(name, flows)
        # a read after the call, or inside a nested function (which may run after it)
        out[name] = any(isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id in tainted
                        and (n.lineno, n.col_offset) >= after for n in ast.walk(node)) or any(
            isinstance(n, ast.Name) and n.id in tainted for f in nested for n in ast.walk(f))
    return out


def _callee(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _in_loop(root: ast.AST, target: ast.AST) -> bool:
    for loop in ast.walk(root):
        if isinstance(loop, (ast.For, ast.AsyncFor, ast.While, ast.ListComp, ast.SetComp, ast.DictComp,
                             ast.GeneratorExp)) and any(
                n is target for n in ast.walk(loop)):
            return True
    return False


def _names(tree: ast.AST, skip: ast.AST) -> set[str]:
    """The names read in `tree`, leaving out the implementation's call: its answer is the
    backend's, not something the layer made of what it sent."""
    out: set[str] = set()
    todo = [tree]
    while todo:
        n = todo.pop()
        if n is skip:
            continue
        if isinstance(n, ast.Name):
            out.add(n.id)
        todo.extend(ast.iter_child_nodes(n))
    return out


def _flows(node: ast.AST, skip: ast.AST) -> list[tuple[set[str], set[str]]]:
    """(names read, names written) of every binding statement: `a = f(b)`, `for a in b`, `with b as a`."""
    out = []
    for n in ast.walk(node):
        if isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.NamedExpr)):
            targets = n.targets if isinstance(n, ast.Assign) else [n.target]
            value = n.value
        elif isinstance(n, (ast.For, ast.AsyncFor, ast.comprehension)):
            targets, value = [n.target], n.iter
        elif isinstance(n, ast.withitem) and n.optional_vars is not None:
            targets, value = [n.optional_vars], n.context_expr
        else:
            continue
        if value is None:
            continue
        read = _names(value, skip)
        written = {m.id for t in targets for m in ast.walk(t) if isinstance(m, ast.Name)}
        # `x.attr = value` and `x[k] = value` write into x: x now carries what value held
        if isinstance(n, ast.AugAssign):
            read |= written
        out.append((read, written))
    return out


def _closure(name: str, flows: list[tuple[set[str], set[str]]]) -> set[str]:
    tainted = {name}
    changed = True
    while changed:
        changed = False
        for read, written in flows:
            if read & tainted and not written <= tainted:
                tainted |= written
                changed = True
    return tainted
