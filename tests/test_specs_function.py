"""from_function: type hints -> JSON Schema, docstrings -> descriptions, materialise/dump."""

from __future__ import annotations

import copy
import dataclasses
import datetime as dt
import enum
import functools
import typing
import uuid
from collections.abc import Callable
from typing import Annotated, Any, Literal, NotRequired, Optional, Required, TypedDict

import jsonschema
import pytest
from annotated_types import Ge, Gt, Interval, Le, Len, Lt, MaxLen, MinLen, MultipleOf
from pydantic import BaseModel, ConfigDict, Field

from pytest_aacl import SpecError, from_function


class Depth(str, enum.Enum):
    BASIC = "basic"
    ADVANCED = "advanced"


class Level(enum.IntEnum):
    LOW = 1
    HIGH = 2


@dataclasses.dataclass
class Node:
    """A tree node.

    Attributes:
        value: the node's value
    """

    value: int
    children: list[Node] = dataclasses.field(default_factory=list)
    seen: dt.date | None = None


class Window(TypedDict, total=False):
    start: Required[dt.datetime]
    end: dt.datetime
    label: str


class Filters(TypedDict):
    tags: set[str]
    note: NotRequired[str]


class Booking(BaseModel):
    check_in: dt.date
    guests: int = Field(ge=1, le=8, description="people")
    level: Level = Level.LOW


class Tree(BaseModel):
    name: str
    kids: list[Tree] = []


def _schema(fn: Callable[..., Any]) -> dict[str, Any]:
    schema = from_function(fn).parameters
    jsonschema.Draft202012Validator.check_schema(schema)
    return schema


def test_scalars_defaults_required_and_docstring_descriptions() -> None:
    def search_web(query: str, max_results: int = 5, score: float = 0.5, safe: bool = True,
                   region: str | None = None) -> list[str]:
        """Search the web for pages.

        Results are ranked.

        Args:
            query: What to search for.
            max_results (int): How many results
                to return.
        """
        return []

    spec = from_function(search_web)
    assert spec.name == "search_web" and spec.description == "Search the web for pages."
    assert spec.implementation is search_web and spec.source == "function"
    assert spec.parameters == {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": {
            "query": {"type": "string", "description": "What to search for."},
            "max_results": {"type": "integer", "default": 5, "description": "How many results to return."},
            "score": {"type": "number", "default": 0.5},
            "safe": {"type": "boolean", "default": True},
            "region": {"type": ["string", "null"], "default": None},
        },
        "required": ["query"],
        "additionalProperties": False,
    }
    assert spec.materialise is None and spec.dump is None  # nothing to convert: no per-call cost
    assert from_function(search_web, name="web", description="Find.").name == "web"


def test_numpy_and_sphinx_docstrings() -> None:
    def numpy(a: int, b: str) -> None:
        """Do numpy things.

        Parameters
        ----------
        a : int
            The a.
            Still a.
        b
            The b.

        Returns
        -------
        None
        """

    def sphinx(a: int, b: str) -> None:
        """Do sphinx things.

        :param a: The a.
        :param str b: The b,
            continued.
        :returns: nothing
        """

    for fn, summary, b in ((numpy, "Do numpy things.", "The b."), (sphinx, "Do sphinx things.", "The b, continued.")):
        spec = from_function(fn)
        assert spec.description == summary
        assert spec.parameters["properties"]["b"]["description"] == b
    assert from_function(numpy).parameters["properties"]["a"]["description"] == "The a. Still a."


def test_literals_enums_formats_and_containers() -> None:
    def tool(depth: Depth, level: Level, mode: Literal["fast", "slow"], when: dt.date, at: dt.datetime,
             clock: dt.time, ident: uuid.UUID, tags: set[str], pair: tuple[int, str], many: tuple[float, ...],
             scores: dict[str, float], maybe: Optional[Depth] = None, anything: Any = None,  # noqa: UP045
             either: int | str = 0, frozen: frozenset[int] = frozenset()) -> None: ...

    props = _schema(tool)["properties"]
    assert props["depth"] == {"type": "string", "enum": ["basic", "advanced"], "title": "Depth"}
    assert props["level"] == {"type": "integer", "enum": [1, 2], "title": "Level"}
    assert props["mode"] == {"type": "string", "enum": ["fast", "slow"]}
    assert props["when"] == {"type": "string", "format": "date"}
    assert props["at"] == {"type": "string", "format": "date-time"}
    assert props["clock"] == {"type": "string", "format": "time"}
    assert props["ident"] == {"type": "string", "format": "uuid"}
    assert props["tags"] == {"type": "array", "uniqueItems": True, "items": {"type": "string"}}
    assert props["pair"] == {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}],
                             "minItems": 2, "maxItems": 2}
    assert props["many"] == {"type": "array", "items": {"type": "number"}}
    assert props["scores"] == {"type": "object", "additionalProperties": {"type": "number"}}
    assert props["maybe"]["anyOf"][1] == {"type": "null"} and props["maybe"]["default"] is None
    assert props["anything"] == {"default": None}
    assert props["either"] == {"type": ["integer", "string"], "default": 0}
    assert props["frozen"]["default"] == []


def test_annotated_constraints_and_descriptions() -> None:
    def tool(
        n: Annotated[int, Ge(1), Le(10)],
        x: Annotated[float, Gt(0), Lt(1), MultipleOf(0.25)],
        r: Annotated[int, Interval(ge=0, lt=100)],
        q: Annotated[str, MinLen(1), MaxLen(20), "the query"],
        items: Annotated[list[str], Len(1, 3)],
        p: Annotated[str, Field(pattern=r"^[a-z]+$", description="lower case")],
        maybe: Annotated[int | None, Ge(0)] = None,
    ) -> None: ...

    props = _schema(tool)["properties"]
    assert props["n"] == {"type": "integer", "minimum": 1, "maximum": 10}
    assert props["x"] == {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1, "multipleOf": 0.25}
    assert props["r"] == {"type": "integer", "minimum": 0, "exclusiveMaximum": 100}
    assert props["q"] == {"type": "string", "minLength": 1, "maxLength": 20, "description": "the query"}
    assert props["items"] == {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 3}
    assert props["p"] == {"type": "string", "description": "lower case", "pattern": "^[a-z]+$"}
    assert props["maybe"] == {"type": ["integer", "null"], "minimum": 0, "default": None}


def test_structures_go_to_defs_and_recursion_is_a_ref() -> None:
    def plan(root: Node, window: Window, filters: Filters, booking: Booking, tree: Tree | None = None) -> None: ...

    schema = _schema(plan)
    defs = schema["$defs"]
    assert schema["properties"]["root"] == {"$ref": "#/$defs/Node"}
    assert defs["Node"]["properties"]["children"] == {"type": "array", "items": {"$ref": "#/$defs/Node"}}
    assert defs["Node"]["required"] == ["value"] and defs["Node"]["additionalProperties"] is False
    assert defs["Node"]["description"] == "A tree node."
    assert defs["Node"]["properties"]["value"]["description"] == "the node's value"
    assert defs["Window"]["required"] == ["start"]
    assert defs["Filters"]["required"] == ["tags"]
    assert defs["Booking"]["properties"]["guests"]["minimum"] == 1
    assert defs["Booking"]["additionalProperties"] is False
    assert defs["Tree"]["properties"]["kids"]["items"] == {"$ref": "#/$defs/Tree"}
    validator = jsonschema.Draft202012Validator(schema)
    good = {"root": {"value": 1, "children": [{"value": 2}]}, "window": {"start": "2025-01-01T00:00:00Z"},
            "filters": {"tags": ["a"]}, "booking": {"check_in": "2025-04-03", "guests": 2},
            "tree": {"name": "t", "kids": [{"name": "u"}]}}
    assert validator.is_valid(good)
    assert not validator.is_valid({**good, "root": {"value": 1, "children": [{"valu": 2}]}})


def test_materialise_builds_python_objects_and_dump_inverts_it() -> None:
    def plan(root: Node, window: Window, filters: Filters, booking: Booking, depth: Depth, level: Level,
             ident: uuid.UUID, pair: tuple[dt.date, int], days: set[dt.date], clock: dt.time,
             tree: Tree | None = None, when: dt.date | None = None) -> None: ...

    spec = from_function(plan)
    canonical = {
        "root": {"value": 1, "children": [{"value": 2, "children": [], "seen": "2025-03-04"}], "seen": None},
        "window": {"start": "2025-01-01T10:00:00+02:00"},
        "filters": {"tags": ["a", "b"]},
        "booking": {"check_in": "2025-04-03", "guests": 2},
        "depth": "advanced", "level": 2, "ident": "12345678-1234-5678-1234-567812345678",
        "pair": ["2025-01-02", 3], "days": ["2025-01-01", "2025-01-02"], "clock": "10:30:00",
        "tree": {"name": "t", "kids": [{"name": "u"}]}, "when": None,
    }
    frozen = copy.deepcopy(canonical)
    py = spec.to_python(canonical)
    assert canonical == frozen  # never mutates its input
    assert py["root"] == Node(1, [Node(2, [], dt.date(2025, 3, 4))], None)
    assert py["window"] == {"start": dt.datetime(2025, 1, 1, 10, tzinfo=dt.timezone(dt.timedelta(hours=2)))}
    assert py["filters"] == {"tags": {"a", "b"}} and type(py["filters"]) is dict
    assert py["booking"] == Booking(check_in=dt.date(2025, 4, 3), guests=2)
    assert py["depth"] is Depth.ADVANCED and py["level"] is Level.HIGH
    assert py["ident"] == uuid.UUID(int=0x12345678123456781234567812345678)
    assert py["pair"] == (dt.date(2025, 1, 2), 3)
    assert py["days"] == {dt.date(2025, 1, 1), dt.date(2025, 1, 2)}
    assert py["clock"] == dt.time(10, 30)
    assert py["tree"] == Tree(name="t", kids=[Tree(name="u")])
    assert py["when"] is None
    assert spec.to_json(py) == canonical
    assert spec.to_json(py) == spec.to_json(spec.to_python(spec.to_json(py)))


def test_datetime_with_z_materialises_on_every_python() -> None:
    def tool(at: dt.datetime, union: dt.date | int) -> None: ...

    spec = from_function(tool)
    py = spec.to_python({"at": "2025-01-01T10:00:00Z", "union": "2025-01-01"})
    assert py["at"] == dt.datetime(2025, 1, 1, 10, tzinfo=dt.timezone.utc)
    assert py["union"] == dt.date(2025, 1, 1)
    assert spec.to_python({"at": "2025-01-01T10:00:00Z", "union": 5})["union"] == 5
    assert spec.to_json({"at": py["at"], "union": 7}) == {"at": "2025-01-01T10:00:00+00:00", "union": 7}


def test_kwargs_methods_partials_and_callables() -> None:
    def open_tool(q: str, **extra: int) -> None: ...

    def untyped_extra(q: str, **extra) -> None: ...  # type: ignore[no-untyped-def]

    class Service:
        def lookup(self, key: str) -> str:
            """Look a key up."""
            return key

        def __call__(self, when: dt.date) -> None: ...

    assert from_function(open_tool).parameters["additionalProperties"] == {"type": "integer"}
    assert from_function(untyped_extra).parameters["additionalProperties"] is True
    assert list(from_function(Service().lookup).parameters["properties"]) == ["key"]
    assert list(from_function(Service.lookup).parameters["properties"]) == ["key"]  # self skipped
    spec = from_function(Service())
    assert spec.name == "Service" and spec.to_python({"when": "2025-01-01"}) == {"when": dt.date(2025, 1, 1)}
    part = functools.partial(open_tool, "fixed")
    assert from_function(part).name == "open_tool"
    with pytest.raises(SpecError, match="pass name="):
        from_function(lambda: None)
    empty = from_function(lambda: None, name="ping")
    assert empty.name == "ping" and empty.parameters["properties"] == {} and "required" not in empty.parameters


class Strict(BaseModel):
    model_config = ConfigDict(strict=True)
    day: dt.date


def test_strict_pydantic_models_still_materialise_from_json() -> None:
    def tool(s: Strict) -> None: ...

    assert from_function(tool).to_python({"s": {"day": "2025-02-03"}})["s"].day == dt.date(2025, 2, 3)


class _Opaque:
    pass


@dataclasses.dataclass
class _HasOpaque:
    inner: _Opaque


def _args(*args: int) -> None: ...
def _positional(a: int, /) -> None: ...
def _unannotated(a) -> None: ...  # type: ignore[no-untyped-def]
def _object(a: object) -> None: ...
def _callable(a: Callable[[int], int]) -> None: ...
def _opaque(a: _Opaque) -> None: ...
def _nested(a: list[_HasOpaque]) -> None: ...
def _int_keys(a: dict[int, str]) -> None: ...
def _wrong_marker(a: Annotated[str, Ge(1)]) -> None: ...
def _unresolvable(a: NoSuchType) -> None: ...  # type: ignore[name-defined]  # noqa: F821
def _bytes(a: bytes) -> None: ...
def _empty_range(a: Annotated[int, Ge(5), Le(1)]) -> None: ...
def _bad_pattern(a: Annotated[str, Field(pattern="((")]) -> None: ...


class _Mixed(enum.Enum):
    A = "a"
    B = 2


def _mixed(a: _Mixed) -> None: ...


@pytest.mark.parametrize(
    ("fn", "pointer", "fragment"),
    [
        (_args, "args", "use a parameter typed list[...]"),
        (_positional, "a", "positional-only"),
        (_unannotated, "a", "no type annotation"),
        (_object, "a", "use typing.Any"),
        (_callable, "a", "a model sends JSON, not code"),
        (_opaque, "a", "unsupported annotation _Opaque"),
        (_nested, "a[].inner", "unsupported annotation _Opaque"),
        (_int_keys, "a", "use dict[str, ...]"),
        (_wrong_marker, "a", "does not apply to type 'string'"),
        (_unresolvable, "a", "cannot resolve the annotation 'NoSuchType'"),
        (_bytes, "a", "use str"),
        (_mixed, "a", "use a str or int Enum"),
        (_empty_range, "/properties/a/minimum", "no value fits"),
        (_bad_pattern, "/properties/a/pattern", "not a valid regular expression"),
    ],
)
def test_unsupported_signatures_fail_at_build_time_naming_the_parameter(
    fn: Callable[..., Any], pointer: str, fragment: str
) -> None:
    with pytest.raises(SpecError) as info:
        from_function(fn)
    assert info.value.pointer == pointer
    assert fragment in str(info.value)


def test_dump_returns_values_of_the_wrong_shape_unchanged_for_the_checks_to_judge() -> None:
    def tool(days: list[dt.date], pair: tuple[dt.date, int], window: Window, level: Level) -> None: ...

    spec = from_function(tool)
    garbage = {"days": "2025-01-01", "pair": (dt.date(2025, 1, 1), 2, "extra"), "window": [1], "level": 7}
    assert spec.to_json(garbage) == {"days": "2025-01-01", "pair": ["2025-01-01", 2, "extra"],
                                     "window": [1], "level": 7}


class Colour(str, enum.Enum):
    RED = "red"
    BLUE = "blue"


class Extra(TypedDict, total=False):
    when: dt.datetime
    rank: Level


@dataclasses.dataclass
class Leaf:
    at: dt.time
    ident: uuid.UUID
    colour: Colour


@dataclasses.dataclass
class Plan:
    name: str
    day: dt.date
    leaves: list[Leaf]
    pair: tuple[int, str]
    seen: set[int]
    by_name: dict[str, dt.date]
    extra: Extra
    mode: Literal["a", "b"]
    maybe: Leaf | None = None


def test_dump_then_materialise_is_the_identity_and_dump_validates() -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    def run(plan: Plan) -> None: ...

    spec = from_function(run)
    validator = jsonschema.Draft202012Validator(spec.parameters)

    @settings(max_examples=60, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.from_type(Plan))
    def roundtrip(plan: Plan) -> None:
        dumped = spec.to_json({"plan": plan})
        errors = list(validator.iter_errors(dumped))
        assert not errors, errors[0].message
        assert spec.to_python(dumped) == {"plan": plan}
        assert spec.to_json(spec.to_python(dumped)) == dumped

    roundtrip()


def test_a_union_of_datetime_and_date_keeps_a_bare_date_a_date() -> None:
    def tool(at: dt.datetime | dt.date) -> None: ...

    spec = from_function(tool)
    assert spec.to_python({"at": "2025-01-02"})["at"] == dt.date(2025, 1, 2)
    assert type(spec.to_python({"at": "2025-01-02"})["at"]) is dt.date
    assert spec.to_python({"at": "2025-01-02T03:04:05+01:00"})["at"].hour == 3


def test_a_pydantic_field_default_is_refused_outside_validate_call() -> None:
    # before: `qty: int = Field(default=1, ge=1)` lost its bound, and a call without qty
    # handed the implementation the FieldInfo object itself
    pydantic = pytest.importorskip("pydantic")

    def ship(qty: int = pydantic.Field(default=1, ge=1)) -> int:
        return qty

    with pytest.raises(SpecError, match=r"qty.*pydantic Field\(\.\.\.\) as its default.*Annotated") as info:
        from_function(ship)
    assert info.value.pointer == "qty"
    assert "qty" in from_function(pydantic.validate_call(ship)).parameters["properties"]  # it applies them


def test_the_empty_tuple_type_admits_only_the_empty_list() -> None:
    """`tuple[()]` is `()` to get_args since Python 3.11, like bare `tuple`; it must not widen to any array."""
    def f(a: tuple[()], b: typing.Tuple[()], c: tuple, d: typing.Tuple) -> None:  # noqa: UP006
        """Tuples."""

    props = from_function(f).parameters["properties"]
    assert props["a"] == props["b"] == {"type": "array", "maxItems": 0}
    assert props["c"] == props["d"] == {"type": "array"}
