"""Generated code made debuggable: compiled once, registered with `linecache`, explained.

Object and array nodes are compiled to Python source.  Registering that source under
a unique file name lets tracebacks, `pdb` and `inspect.getsource` show the generated
lines; the entry is dropped when the generated function is garbage collected, so
compiling many schemas does not grow `linecache` for ever.  `describe` records what a
node function is made of (its children), so `explain` can print the plan of a schema.
"""

from __future__ import annotations

import itertools
import linecache
import weakref
from typing import Any

from ._base import Node

__all__ = ["describe", "explain", "load"]

_COUNTER = itertools.count(1)
#: the attribute of a node function holding (label, [(".property" or "[item]", child
#: Node)], generated source or ""): on the function itself, so it lives and dies with it
_PARTS = "_aacl_parts"


def load(source: str, title: str, namespace: dict[str, Any], name: str) -> Any:
    """Compile `source`, register it with `linecache`, and return `namespace[name]`."""
    filename = f"<aacl {title} #{next(_COUNTER)}>"
    exec(compile(source, filename, "exec"), namespace)
    fn = namespace[name]
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    weakref.finalize(fn, linecache.cache.pop, filename, None)
    return fn


def describe(fn: Any, label: str, children: list[tuple[str, Node]], source: str = "") -> None:
    """Record the parts of a compiled node so that `explain` can show them."""
    try:
        setattr(fn, _PARTS, (label, children, source))
    except AttributeError:  # pragma: no cover - every node function takes attributes
        pass


def explain(node: Node, *, source: bool = False) -> str:
    """The plan of a compiled schema, one line per node: path, what is expected, and the
    inline test that lets an already-canonical value through without a call."""
    lines: list[str] = []
    sources: list[str] = []
    seen: set[int] = set()

    def walk(node: Node, path: str, depth: int) -> None:
        parts = getattr(node.fn, _PARTS, None)
        label = f"{parts[0]}: " if parts else ""
        fast = f"   [canonical when: {node.fast}]" if node.fast else ""
        lines.append(f"{'  ' * depth}{path or '(arguments)'}: {label}{node.expected}{fast}")
        if parts is None or id(node.fn) in seen or depth > 32:
            return
        seen.add(id(node.fn))
        if parts[2]:
            sources.append(parts[2])
        for child_label, child in parts[1]:
            # property labels start with "." ("filters.tags"), item labels with "[" ("tags[]")
            walk(child, child_label[1:] if child_label[:1] == "." and not path else path + child_label, depth + 1)

    walk(node, "", 0)
    text = "\n".join(lines)
    if source and sources:
        text += "\n\n" + "\n\n".join(sources)
    return text + "\n"
