"""Hypothesis strategies that hallucinate like LLMs, knowing the value the model meant.

    >>> from pytest_aacl.strategies import hallucinated
    >>> schema = {"type": "object", "properties": {"n": {"type": "integer"}},
    ...           "required": ["n"], "additionalProperties": False}
    >>> call = hallucinated(schema).example()        # doctest: +SKIP
    >>> call.args, call.intended, call.labels         # doctest: +SKIP
    ({'n': '1,000'}, {'n': 1000}, (Label(path='n', family='int_thousands', ...),))

Every strategy takes a JSON Schema dict (draft-07 or 2020-12), a `ToolSpec` or a boundary
`Tool`; arguments are checked when the strategy is built, not when it is drawn from.
"""

from __future__ import annotations

from collections.abc import Iterable as _Iterable
from typing import Any as _Any

from hypothesis import event as _event
from hypothesis import strategies as st

from pytest_aacl._exports import check_exports as _check_exports

from ._adversarial import build_adversarial as _build_adversarial
from ._called import Called as _Called
from ._called import call_repr as _call_repr
from ._canonical import require_values as _require_values
from ._canonical import strategy as _canonical
from ._coverage import KINDS as _KINDS
from ._coverage import build_coverage as _build_coverage
from ._hallucinated import possible_families as _possible_families
from ._invalid import build_invalid as _build_invalid
from ._records import (
    ABSENT,
    AdversarialCall,
    HallucinatedCall,
    InvalidCall,
    Label,
    Mutation,
)
from ._render import key_variants as _key_variants
from ._render import render as _render
from ._scalars import Rendering
from ._schema import InvalidArgument as _InvalidArgument
from ._schema import Node as _Node
from ._schema import build as _build
from ._schema import tool_schema as _tool_schema
from ._stratify import build_hallucinated as _build_hallucinated
from .families import FAMILIES, Family

__all__ = [
    "ABSENT",
    "FAMILIES",
    "AdversarialCall",
    "Family",
    "HallucinatedCall",
    "InvalidCall",
    "Label",
    "Mutation",
    "Rendering",
    "adversarial",
    "all_renderings",
    "conforming",
    "coverage",
    "hallucinated",
    "invalid",
    "renderings",
]


def _root(schema: _Any, registry: _Any = None) -> tuple[dict[str, _Any], _Node]:
    params, _name = _tool_schema(schema, registry=registry)
    node = _build(params)
    _require_values(node)
    # an object with anyOf branches or a `$ref` beside its type (OpenAPI's root) is one too
    if node.types not in (("object",), ()) or params.get("type") != "object":
        raise _InvalidArgument(
            "the tool schema must describe an object of arguments "
            '({"type": "object", "properties": {...}}), got one that does not'
        )
    return params, node


def conforming(schema: _Any, *, registry: _Any = None) -> st.SearchStrategy[dict[str, _Any]]:
    """Schema-valid argument dicts in canonical form (what the boundary passes unchanged).

    Typed properties, enums, bounds, formats, lists and `$ref`s (recursive ones cut at
    depth 3) are built directly; keywords that need a solver (`pattern`, `multipleOf` on
    floats, `allOf`/`not` on scalars) are delegated to hypothesis-jsonschema after the
    schema is adapted to the draft-07 it reads.  Remote `$ref`s are looked up in
    `registry` (a `referencing.Registry`); one that is not there is never drawn into, and
    the schema is refused when every value would need it.
    """
    if registry is not None and type(registry).__name__ != "Registry":
        raise _InvalidArgument(f"conforming() got registry={registry!r:.80}; pass a referencing.Registry, e.g. "
                               "Registry().with_resource(uri, DRAFT202012.create_resource(schema))")
    _params, node = _root(schema, registry)
    options = {"registry": registry} if registry is not None else {}
    return _Called(lambda: _canonical(node), _call_repr("conforming", schema=schema, **options))


def _families(value: _Iterable[str] | None) -> frozenset[str]:
    if value is None:
        return frozenset(FAMILIES)
    if isinstance(value, str) or not isinstance(value, _Iterable):
        raise _InvalidArgument(f"families={value!r} must be a collection of family names, e.g. {{Family.INT_THOUSANDS}}")
    chosen = frozenset(value)
    unknown = sorted(str(v) for v in chosen - set(FAMILIES))
    if unknown:
        raise _InvalidArgument(f"families={sorted(chosen, key=str)!r:.80} names unknown famil"
                              f"{'y' if len(unknown) == 1 else 'ies'} {', '.join(unknown)}; pass names from FAMILIES; "
                              f"valid names are: {', '.join(FAMILIES)}")
    if not chosen:
        raise _InvalidArgument("families must name at least one family (or be None for all)")
    return chosen


def hallucinated(schema: _Any, *, families: _Iterable[str] | None = None,
                 min_fields: int = 1) -> st.SearchStrategy[HallucinatedCall]:
    """Calls as a model writes them: `.args` sent, `.intended` meant, `.labels` saying how.

    At least `min_fields` fields are re-rendered (the rest stay canonical); `families`
    restricts the renderings to those families (`Family` members or their names, see
    `FAMILIES`).
    """
    allowed = _families(families)
    if isinstance(min_fields, bool) or not isinstance(min_fields, int) or min_fields < 1:
        raise _InvalidArgument(f"min_fields={min_fields!r} must be an integer of at least 1")
    _params, node = _root(schema)
    possible = _possible_families(node) & allowed
    if not _possible_families(node):
        raise _InvalidArgument("no argument of this schema can be written differently by a model (it has no "
                              "properties, or only free-form ones); use conforming() for this tool")
    if not possible:
        raise _InvalidArgument(
            f"no field of this schema can be rendered in families {sorted(allowed)}; families "
            f"possible here: {sorted(_possible_families(node)) or 'none (use conforming())'}"
        )
    capacity = _capacity(node, allowed)
    if min_fields > capacity:
        raise _InvalidArgument(f"min_fields={min_fields} but this schema has at most {capacity} "
                              "field(s) that can be re-rendered together; pass a smaller min_fields")
    options = {"families": families} if families is not None else {}
    options.update({"min_fields": min_fields} if min_fields != 1 else {})
    return _Called(lambda: _build_hallucinated(node, allowed, min_fields),
                   _call_repr("hallucinated", schema=schema, **options))


def _capacity(node: _Node, allowed: frozenset[str]) -> int:
    total = 0
    for name, child in node.props.items():
        nested = _capacity(child, allowed) if child.kind == "object" else 0
        renamed = Family.KEY_CASE in allowed and bool(_key_variants(name, node))
        own = 1 if renamed or _possible_families(child, name in node.required, node) & allowed else 0
        total += max(nested, own)
    return total


def invalid(schema: _Any) -> st.SearchStrategy[InvalidCall]:
    """Arguments no valid value could mean, each with its mutation record.

    A correct boundary rejects every one with a `CorrectionError`.
    """
    _params, node = _root(schema)
    return _Called(lambda: _build_invalid(node), _call_repr("invalid", schema=schema))


def adversarial(schema: _Any, *, python_objects: bool = False) -> st.SearchStrategy[AdversarialCall]:
    """Hostile arguments for totality checks: deep nesting, 1 MB strings, confusable digits,
    control characters, lone surrogates, prompt injections, huge numbers.

    By default every value is one JSON decoding can yield (what a tool receives from a
    model).  `python_objects=True` adds values no JSON document carries: NaN and Infinity,
    bytes, sets, tuples, non-string keys, objects whose methods raise; use it to test code
    that promises totality for any Python input (the boundary itself does).
    """
    if not isinstance(python_objects, bool):
        raise _InvalidArgument(f"python_objects={python_objects!r} must be True or False")
    _params, node = _root(schema)
    options = {"python_objects": True} if python_objects else {}
    return _Called(lambda: _build_adversarial(node, python_objects), _call_repr("adversarial", schema=schema, **options))


def coverage(kind: str, schema: _Any, *, python_objects: bool = False) -> list[_Any]:
    """The deterministic cases a check runs before random exploration, most revealing first.

    One realistic base call, changed in one place at a time: for `"hallucinated"` every
    applicable family of every field (nested fields and first list items too), for
    `"invalid"` and `"adversarial"` every mutation or payload kind of every field; for
    `"conforming"` the base call, its required-only form, each enum member, boolean and
    null of it, and every canonical class of the input-space model for every field
    (docs/reference/input-space.md; those calls carry a `labels` attribute naming the class).  Records are those the strategy of the same name yields; the list is the
    same on every call and round-robin over top-level fields, so any prefix is balanced.

    >>> calls = coverage("hallucinated", {"type": "object", "required": ["n"],
    ...                  "properties": {"n": {"type": "integer"}}})
    >>> calls[0].args, calls[0].intended, calls[0].families
    ({'n': '5'}, {'n': 5}, ('int_string',))
    """
    if kind not in _KINDS:
        raise _InvalidArgument(f"kind={kind!r} must be one of {', '.join(map(repr, _KINDS))}")
    if not isinstance(python_objects, bool):
        raise _InvalidArgument(f"python_objects={python_objects!r} must be True or False")
    _params, node = _root(schema)
    return _build_coverage(kind, node, python_objects)


def _value_node(value: _Any, schema: _Any) -> _Node:
    if not isinstance(schema, dict):
        raise _InvalidArgument(f"schema={schema!r} must be a JSON Schema dict for one value")
    import jsonschema

    try:
        cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
        error = jsonschema.exceptions.best_match(cls(schema).iter_errors(value))
    except jsonschema.exceptions.SchemaError as err:
        raise _InvalidArgument(f"schema is not a valid JSON Schema: {err.message}") from None
    if error is not None:
        raise _InvalidArgument(f"value={value!r} is not valid under the schema ({error.message}); "
                              "renderings start from a canonical value, pass one")
    return _build(schema)


def all_renderings(value: _Any, schema: _Any) -> list[Rendering]:
    """Every `(family, rendered, ambiguous)` the boundary must read back as `value`.

    Examples:
        >>> all_renderings(True, {"type": "boolean"})[:2]
        [Rendering(family='bool_string', rendered='true', ambiguous=False), Rendering(family='bool_words', rendered='y', ambiguous=False)]
    """
    return _render(value, _value_node(value, schema))


def renderings(value: _Any, schema: _Any) -> st.SearchStrategy[Rendering]:
    """One model-style rendering of `value` under `schema`, shrinking to the simplest."""
    options = all_renderings(value, schema)
    if not options:
        raise _InvalidArgument(f"value={value!r} has no model-style rendering under this schema "
                              "(a free-form string is only ever itself); pick another value or field")

    def tag(r: Rendering) -> Rendering:
        _event(f"aacl family: {r.family}")
        return r

    return _Called(lambda: st.sampled_from(options).map(tag), _call_repr("renderings", value=value, schema=schema))


_check_exports(globals(), __all__)
