"""The manifest's shape: what a corpus entry is, and how a shape module declares its entries.

An `Entry` names everything by `"module:attr"` so the manifest is plain data
(`python -m pattern_validation.corpus` prints it as JSON) and any entry can be fuzzed from
the command line (`--aacl-target`).  A `Shape` builds a shape's correct layer and, for each
planted defect, the same layer with one reader replaced, registered as a module attribute.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from . import _backend
from ._kit import Reader, layer

__all__ = ["Defect", "Entry", "Shape", "load"]

BACKEND = "pattern_validation.corpus._backend"


@dataclass(frozen=True)
class Defect:
    """One planted defect: where it is, what shows it, and what should catch it."""

    field: str                       # dotted path of the field the defect corrupts, e.g. "address.postcode"
    reader: str                      # the defective function's name (it appears in tracebacks)
    description: str                 # the bug, as a reviewer would describe it
    trigger: dict[str, Any]          # arguments that show the defect
    intended: dict[str, Any] | None  # what `trigger` means; None: `trigger` is invalid and must be refused
    checks: tuple[str, ...]          # the fuzzer checks that should report it
    #: findable without naming the implementation: it crashes, accepts invalid input, or answers a
    #: model-style rendering differently from the intended value.  Not so for a defect that changes
    #: every value the same way (lower-casing a query) or hides in a field the result does not show.
    blackbox: bool = True


@dataclass(frozen=True)
class Entry:
    """A fuzz target of the corpus: a defective layer (`defect` set) or a control (`defect` None)."""

    id: str
    shape: str
    target: str                      # "module:attr" of the interface (a function, or a boundary Tool)
    schema: str | None               # "module:attr" of its strict JSON Schema (None: the target carries it)
    implementation: str | None       # "module:attr" of what the interface calls (None: the target carries it)
    defect: Defect | None = None
    note: str = ""

    @property
    def control(self) -> bool:
        return self.defect is None

    def fuzz_kwargs(self) -> dict[str, Any]:
        """`target`, `schema`, `implementation` as `pytest_aacl.fuzz()` takes them."""
        kwargs: dict[str, Any] = {"target": load(self.target)}
        if self.schema is not None:
            kwargs["schema"] = load(self.schema)
        if self.implementation is not None:
            module, _, attr = self.implementation.partition(":")
            kwargs["implementation"] = (importlib.import_module(module), attr)
        return kwargs

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "control": self.control}


def load(reference: str) -> Any:
    module, _, attr = reference.partition(":")
    obj: Any = importlib.import_module(module)
    for part in attr.split("."):
        obj = getattr(obj, part)
    return obj


@dataclass
class Shape:
    """One tool shape: its schema, correct readers, and the entries built from them."""

    module: str                      # the shape module's __name__
    tool: str                        # the tool's name, as a model sees it
    schema: dict[str, Any]
    readers: dict[str, Reader]
    required: tuple[str, ...]
    backend: str                     # attribute of `_backend` the interface calls
    doc: str
    entries: list[Entry] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.module.rsplit(".", 1)[-1]

    def build(self, **defective: Reader) -> Callable[..., Any]:
        return layer(self.tool, self.readers, self.required, _backend, self.backend, self.doc, **defective)

    def controls(self, note: str) -> None:
        """The shape's two controls, as module attributes: the correct hand-written layer
        (`<tool>`) and the same tool built with `pytest_aacl.boundary` (`<tool>_boundary`)."""
        from pytest_aacl import boundary

        module = sys.modules[self.module]
        setattr(module, self.tool, self.build())
        setattr(module, f"{self.tool}_boundary", boundary(getattr(_backend, self.backend), schema=self.schema, name=self.tool))
        self.control(self.tool, note)
        self.control(f"{self.tool}_boundary", "built with pytest_aacl.boundary", boundary_built=True)

    def control(self, attr: str, note: str, *, boundary_built: bool = False) -> None:
        """Declare a correct module attribute `attr` (built already by the shape module)."""
        self.entries.append(Entry(
            id=f"{self.name}.{attr}", shape=self.name, target=f"{self.module}:{attr}",
            schema=None if boundary_built else f"{self.module}:SCHEMA",
            implementation=None if boundary_built else f"{BACKEND}:{self.backend}", note=note,
        ))

    def planted(self, attr: str, fieldpath: str, reader: Reader, *, trigger: dict[str, Any],
                intended: dict[str, Any] | None, checks: tuple[str, ...], why: str, blackbox: bool = True) -> None:
        """Build the layer with `reader` on the top-level field of `fieldpath`, as module attribute `attr`."""
        top = fieldpath.split(".")[0].split("[")[0]
        if getattr(self.readers[top], "nullable", False):  # null keeps its meaning for the planted reader
            reader.nullable = True  # type: ignore[attr-defined]
        setattr(sys.modules[self.module], attr, self.build(**{top: reader}))
        defect = Defect(fieldpath, _innermost_name(reader), why, trigger, intended, checks, blackbox)
        self.entries.append(Entry(
            id=f"{self.name}.{attr}", shape=self.name, target=f"{self.module}:{attr}",
            schema=f"{self.module}:SCHEMA", implementation=f"{BACKEND}:{self.backend}", defect=defect,
        ))


def _innermost_name(reader: Reader) -> str:
    """The defective function's own name: a `record(...)` wrapper reports the nested reader."""
    return getattr(reader, "defect_name", None) or reader.__name__
