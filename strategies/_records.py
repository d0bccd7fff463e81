"""What the strategies yield: arguments plus the record of how they were made.

The records are what turns a failing example into a readable report
(`search_web(max_results='1,000')`, intended 1000, family int_thousands), so they are
frozen, cheap to build and carry only JSON-like values.
"""

from __future__ import annotations

import keyword
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from pytest_aacl._repr import safe_repr

__all__ = [
    "ABSENT",
    "AdversarialCall",
    "Change",
    "HallucinatedCall",
    "InvalidCall",
    "Label",
    "Mutation",
    "format_path",
]

_REPR_LIMIT = 120


class _Absent:
    """The `original` of a field the intended call leaves out (see NULL_FOR_OPTIONAL)."""

    _instance: _Absent | None = None

    def __new__(cls) -> _Absent:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "<absent>"

    def __reduce__(self) -> str:
        return "ABSENT"


#: Marks a field that is not present in the intended arguments.
ABSENT = _Absent()


def format_path(parts: Sequence[str | int]) -> str:
    """`("filters", "tags", 0)` -> `filters.tags[0]`; odd keys are bracket-quoted."""
    out: list[str] = []
    for part in parts:
        if isinstance(part, int):
            out.append(f"[{part}]")
        elif part.isidentifier():
            out.append(f".{part}" if out else part)
        else:
            out.append(f"[{part!r}]")
    return "".join(out)


@dataclass(frozen=True)
class Change:
    """How one field of a generated call differs from the intended one: the shape every
    record shares (`Label` for a hallucination, `Mutation` for an invalid or hostile value).

    `family` names the change (a rendering family, a mutation or payload kind, a canonical
    input class), `original` is the value meant at `path` (`ABSENT` where the intended call
    leaves the field out) and `rendered` the value sent there.
    """

    path: str
    family: str
    original: Any
    rendered: Any
    #: True when a correction is as acceptable as `original` (an ambiguous rendering)
    ambiguous: bool = False
    #: True for invalid and adversarial records: no valid value is meant by `rendered`
    mutation: ClassVar[bool] = False


@dataclass(frozen=True)
class Label(Change):
    """How one field of a hallucinated call differs from what the model meant."""

    def __str__(self) -> str:
        flag = ", ambiguous" if self.ambiguous else ""
        return f"{self.path}: {_shortened(self.original)} -> {_shortened(self.rendered)} [{self.family}{flag}]"


@dataclass(frozen=True)
class Mutation(Change):
    """How one field of an invalid or adversarial call was broken (`family`: the mutation
    or payload kind; `rendered`: the value sent)."""

    ambiguous: bool = field(default=False, init=False, repr=False)
    mutation: ClassVar[bool] = True

    @property
    def kind(self) -> str:
        """The mutation or payload kind: `family` (the name of earlier releases)."""
        return self.family

    @property
    def mutated(self) -> Any:
        """The value sent: `rendered` (the name of earlier releases)."""
        return self.rendered

    def __str__(self) -> str:
        return f"{self.path or '<arguments>'}: {_shortened(self.original)} -> {_shortened(self.rendered)} [{self.family}]"


def call_repr(tool_name: str, args: Any) -> str:
    """One line of Python that reproduces the call, values truncated for reports."""
    if isinstance(args, dict) and all(isinstance(k, str) for k in args):
        if all(k.isidentifier() and not keyword.iskeyword(k) for k in args):
            inner = ", ".join(f"{k}={_shortened(v)}" for k, v in args.items())
        else:
            inner = "**{" + ", ".join(f"{k!r}: {_shortened(v)}" for k, v in args.items()) + "}"
        return f"{tool_name}({inner})"
    return f"{tool_name}(**{_shortened(args)})"


@dataclass(frozen=True)
class HallucinatedCall:
    """A call as a model wrote it (`args`), what it meant (`intended`), and how they differ."""

    args: dict[str, Any]
    intended: dict[str, Any]
    labels: tuple[Label, ...]

    @property
    def ambiguous(self) -> bool:
        """True when a correction is as acceptable as the intended value."""
        return any(label.ambiguous for label in self.labels)

    @property
    def families(self) -> tuple[str, ...]:
        return tuple(label.family for label in self.labels)

    def call_repr(self, tool_name: str) -> str:
        return call_repr(tool_name, self.args)

    def __repr__(self) -> str:
        labels = "; ".join(map(str, self.labels))
        return f"HallucinatedCall({call_repr('tool', self.args)}, intended={_shortened(self.intended)}, labels=[{labels}])"


@dataclass(frozen=True)
class InvalidCall:
    """Arguments no valid value could mean; a correct boundary rejects every one."""

    args: dict[str, Any]
    labels: tuple[Mutation, ...]

    def call_repr(self, tool_name: str) -> str:
        return call_repr(tool_name, self.args)


@dataclass(frozen=True, eq=False)
class AdversarialCall:
    """Hostile arguments for totality checks: only a correction may escape the boundary."""

    args: dict[str, Any]
    labels: tuple[Mutation, ...]

    def call_repr(self, tool_name: str) -> str:
        return call_repr(tool_name, self.args)

    def __repr__(self) -> str:
        return f"AdversarialCall({'; '.join(map(str, self.labels))})"


def _shortened(value: Any) -> str:
    return safe_repr(value, _REPR_LIMIT)
