"""Schema-valid values built by construction, for every keyword a tool schema may use.

The schema is first rewritten to the draft-07 form hypothesis-jsonschema's canonicaliser
reads (local `$ref`s inlined to a depth bound), canonicalised and merged by its pure
helpers (`canonicalish`, `merged`: they do not touch the `many().more()` internals that
current Hypothesis removed), then built here: types, bounds, float `multipleOf`, formats,
patterns, tuples, `contains`, unique items, objects with pattern and additional
properties, dependencies, `anyOf`/`oneOf`/`not`.  A filter is used only where no
construction exists (`not`, `oneOf` exclusivity, an `allOf` that cannot be merged); such
a strategy is marked `approximate` so the caller re-checks whole values.
"""

from __future__ import annotations

import copy
import json
import math
import re
from collections.abc import Callable, Iterator
from typing import Any

import jsonschema
from hypothesis import reject
from hypothesis import strategies as st

from . import _realistic as R
from ._examples import described_in
from ._formatcheck import format_checker as _format_checker
from ._hjs import FALSEY, get_type, merged
from ._hjs import canonical as _canonicalish
from ._hjs import draft7_only as _draft7_only
from ._intersect import (
    absent_key,
    accepts_all,
    merge,
    merged_by_property,
    picks,
    with_others_keys,
    without,
    without_others_keys,
)
from ._numeric import integers as _integers
from ._numeric import numbers as _numbers
from ._patterns import compiles, length, regex, regexes

__all__ = ["Solver", "draft7_validator", "unique_key"]

_V7 = jsonschema.Draft7Validator
_DEFAULT_EXTRA_ITEMS = 3
#: draft-07 keywords that can reject a value (anything else is an annotation or unknown)
_ASSERTING = frozenset((
    "type enum const multipleOf maximum exclusiveMaximum minimum exclusiveMinimum maxLength "
    "minLength pattern format items additionalItems maxItems minItems uniqueItems contains "
    "maxProperties minProperties required properties patternProperties additionalProperties "
    "dependencies propertyNames allOf anyOf oneOf not if minContains maxContains").split())


def draft7_validator(schema: Any, registry: Any = None) -> Any:
    """A format-checking draft-07 validator for a canonical (draft-07 form) schema;
    `registry` resolves the `LAZY` references of a form drafted part by part."""
    if registry is None:
        return _V7(schema, format_checker=_format_checker(_V7))
    return _V7(schema, format_checker=_format_checker(_V7), registry=registry)


def unique_key(value: Any) -> str:
    """JSON-equality key for uniqueItems (1 and 1.0 are equal, True and 1 are not)."""
    def norm(v: Any) -> Any:
        if isinstance(v, float) and v.is_integer():
            return int(v)
        if isinstance(v, list):
            return [norm(x) for x in v]
        if isinstance(v, dict):
            return {k: norm(x) for k, x in v.items()}
        return v

    return json.dumps(norm(value), sort_keys=True)


#: a subschema of a large form not drafted yet: `{"$ref": LAZY + "<n>"}` (see `Solver.expand`)
LAZY = "urn:aacl-lazy:"


#: keys whose value is one subschema / a list of them / a map of them (canonical forms)
_ONE = ("not", "if", "then", "else", "contains", "additionalProperties", "additionalItems", "propertyNames")
_MANY = ("allOf", "anyOf", "oneOf")
_MAP = ("properties", "patternProperties", "dependencies")


def _children(s: dict[str, Any]) -> Iterator[Any]:
    """The direct subschemas of a schema (canonicalish makes them canonical too)."""
    for key in _ONE:
        if isinstance(s.get(key), dict):
            yield s[key]
    for key in _MANY:
        if isinstance(s.get(key), list):
            yield from (b for b in s[key] if isinstance(b, dict))
    for key in _MAP:
        if isinstance(s.get(key), dict):
            yield from (v for v in s[key].values() if isinstance(v, dict))
    items = s.get("items")
    if isinstance(items, dict):
        yield items
    elif isinstance(items, list):
        yield from (i for i in items if isinstance(i, dict))


class Solver:
    """Builds strategies for canonical schemas; `nullish` strings are excluded from text
    that shares a field with null (the boundary reads them as null)."""

    def __init__(self, nullish: frozenset[str], lazy: bool = False, expand: Any = None) -> None:
        self.nullish = nullish
        self.approximate = False
        #: `expand(n)` drafts the subschema `{"$ref": LAZY + n}` stands for (a large form's
        #: properties and items are drafted when first built: inlining all of them up front
        #: multiplied azure-pipelines' 3,828 distinct subschemas into 247,187)
        self.expand = expand
        self._registry: Any = None
        #: parts retrieved since the registry was last rebuilt: a registry is immutable, and
        #: one that has to retrieve a part first crawls every resource it holds, the checked
        #: schema included, at every check (fiscal-data-package: no example in 40 s)
        self._retrieved: dict[str, Any] = {}
        self._version = 0
        if expand is not None:
            from referencing import Registry, Resource
            from referencing.jsonschema import DRAFT7

            def retrieve(uri: str) -> Resource[Any]:
                found = self._retrieved[uri] = Resource(contents=expand(int(uri[len(LAZY):])), specification=DRAFT7)
                return found

            self._registry = Registry(retrieve=retrieve)  # type: ignore[call-arg]
        #: build union branches and optional properties when first drawn, not up front: on
        #: a large configuration schema one example needs a small part of the whole tree
        self.lazy = lazy
        self._memo: dict[tuple[Any, str | None, bool], st.SearchStrategy[Any]] = {}
        # canonical schemas by identity (kept alive, so an id is never reused): a child of
        # a canonical schema is canonical, and canonicalising a large subtree again at each
        # level made building quadratic in the schema's size
        self._canonical: dict[int, tuple[Any, Any]] = {}

    def build(self, schema: Any, name: str | None = None, description: Any = None,
              nullable: bool = False) -> st.SearchStrategy[Any]:
        """Values of `schema` (any draft-07 form); `name`/`description` pick realistic text,
        `nullable` says null is also allowed here, so null words are not text."""
        with _draft7_only():
            schema = self._drafted(schema)
            known = self._canonical.get(id(schema))
            if known is not None and known[0] is schema:
                s = known[1]
            else:
                s = _canonicalish(schema)
                self._canonical[id(schema)] = (schema, s)
                for child in (s, *_children(s)):
                    self._canonical[id(child)] = (child, child)
            fast = (id(s), name, nullable)
            found = self._memo.get(fast)
            if found is None:
                key = (repr(s), name, nullable)
                found = self._memo.get(key)
                if found is None:
                    found = self._memo[key] = self._build(s, name, description, nullable)
                self._memo[fast] = found
            return found

    def _drafted(self, schema: Any) -> Any:
        """`schema` with a `LAZY` reference at its top replaced by what it stands for."""
        ref = schema.get("$ref") if isinstance(schema, dict) else None
        if not (isinstance(ref, str) and ref.startswith(LAZY)) or self.expand is None:
            return schema
        target = self.expand(int(ref[len(LAZY):]))
        rest = without(schema, "$ref")  # what a merge added beside it
        return {"allOf": [target, rest]} if rest else target

    def _check(self, schema: Any) -> Any:
        if self._registry is None:
            return draft7_validator(schema).is_valid
        built: dict[int, Any] = {}

        def valid(value: Any) -> bool:
            if self._retrieved:  # keep what was retrieved, so the next check finds it
                self._registry = self._registry.with_resources(self._retrieved.items()).crawl()
                self._retrieved.clear()
                self._version += 1
            check = built.get(self._version)
            if check is None:
                built.clear()
                check = built[self._version] = draft7_validator(schema, self._registry).is_valid
            return bool(check(value))

        return valid

    def _build(self, s: dict[str, Any], name: str | None, description: Any,
               nullable: bool) -> st.SearchStrategy[Any]:
        if s == FALSEY:
            return st.nothing()
        if not s:
            return R.any_json()
        description = s.get("description", description)
        if isinstance(s.get("x-aacl-values"), list) and s["x-aacl-values"]:  # fuzz(values=...): what the user gave
            # a fresh copy per draw: a rendering built in place from one draw must not change the next
            return st.sampled_from(s["x-aacl-values"]).map(copy.deepcopy)
        if "not" in s:
            if not set(s["not"]) & _ASSERTING:  # `not` of a schema that accepts everything
                return st.nothing()
            absent = absent_key(s)
            if absent is not None:  # "not both": leaving one key out meets it, nothing to filter
                props = {**s.get("properties", {}), absent: FALSEY}
                return self.build({**without(s, "not"), "properties": props}, name, description, nullable)
            self.approximate = True
            excluded = self._check(s["not"])
            return self.build(without(s, "not"), name, description, nullable).filter(lambda v: not excluded(v))
        if "anyOf" in s:
            rest = without(s, "anyOf")
            nullable = nullable or any(b.get("type") in ("null", ["null"]) for b in s["anyOf"])
            makers = [lambda b=b: self.build(merge(rest, b), name, description, nullable) for b in s["anyOf"]]
            if self.lazy:
                return _first_live(makers)
            if len(makers) > 3 and all(isinstance(b, dict) and set(b) == {"required"} for b in s["anyOf"]):
                # "at least one of these keys" (STIX: 15 keys over a 46 KB record, each branch a
                # merge of all of it, 2.5 s): built branch by branch as drawn, but the first
                # that admits a value is found now, so one admitting nothing is still refused
                return _first_live(makers, known_live=True)
            return st.one_of([make() for make in makers])
        if "allOf" in s:
            return self._all_of(s, name, description)
        if "oneOf" in s:
            return self._one_of(s, name, description)
        if "const" in s:
            return st.just(s["const"])
        if "enum" in s:
            return st.sampled_from(s["enum"])
        types = get_type(s)
        nullable = nullable or "null" in types
        return st.one_of([self._typed(s, t, name, description, nullable) for t in types])

    def _all_of(self, s: dict[str, Any], name: str | None, description: Any) -> st.SearchStrategy[Any]:
        rest, parts, todo = without(s, "allOf"), [], list(reversed(s["allOf"]))
        while todo:  # a part not drafted yet hides what it says (a second pattern, a type)
            part = self._drafted(todo.pop())
            if part is False or part == FALSEY:
                return st.nothing()
            if isinstance(part, dict) and list(part) == ["allOf"] and len(parts) + len(todo) < 64:
                todo += reversed(part["allOf"])
            elif isinstance(part, dict):
                parts.append(part)  # `true` parts say nothing
        if not parts:
            return self.build(rest, name, description)
        together = merged_by_property([rest, *parts])
        if together is not None:
            return self.build(together, name, description)
        patterns = list(dict.fromkeys(p["pattern"] for p in [rest, *parts] if isinstance(p.get("pattern"), str)))
        plain = merged([without(p, "pattern") for p in [rest, *parts]])
        if plain == FALSEY:  # already contradictory without the patterns (a string id where
            return st.nothing()  # a union offers an integer): no draw can pass the check
        if len(patterns) > 1 and plain is not None and get_type(plain) == ["string"]:
            self.approximate = True  # every pattern is checked; drawing meets them where it can
            return self._strings({**plain, "pattern": patterns[0], "x-more-patterns": patterns[1:]},
                                 name, description, False)
        contains = [p["contains"] for p in [rest, *parts] if isinstance(p, dict) and "contains" in p]
        plain = merged([without(p, "contains") for p in [rest, *parts]])
        if len(contains) > 1 and plain is not None and get_type(plain) == ["array"]:
            # every `contains` gets its own hits (merging would need one item to match all)
            self.approximate = True
            return self._arrays({**plain, "contains": contains[0], "x-more-contains": contains[1:]},
                                name, description)
        # no merge exists: build the first part, check the others
        self.approximate = True
        check = self._check(s)
        choices = [p for p in parts if isinstance(p, dict) and len(set(p) & {"oneOf", "anyOf"}) == 1]
        if choices:
            # an allOf of "exactly one of" parts (STIX's artifact: payload or url, and a key
            # with or without its algorithm): each pick of one branch per part is merged with
            # the rest and built; built from the first part alone, no value met them all
            fixed = [rest, *(p for p in parts if p not in choices)]
            combos = picks([[merge(without(without(c, "oneOf"), "anyOf"), b) for b in c.get("oneOf", c.get("anyOf"))]
                            for c in choices])
            makers = [lambda pick=pick: self.build(merge(*fixed, *pick), name, description) for pick in combos]
            return _first_live(makers).filter(check)
        first = merged([rest, parts[0]])
        if first is None:  # at least the types all parts allow (a closed dictionary has none)
            first = merged([parts[0], {"type": get_type(plain if plain is not None else rest)}])
            others = [rest, *parts[1:]]
        else:
            others = parts[1:]
        base = with_others_keys(parts[0] if first is None else first, others)
        return self.build(base, name, description).filter(check)

    def _one_of(self, s: dict[str, Any], name: str | None, description: Any) -> st.SearchStrategy[Any]:
        rest, branches = without(s, "oneOf"), s["oneOf"]
        self.approximate = True

        def branch(i: int) -> st.SearchStrategy[Any]:
            others = [b for j, b in enumerate(branches) if j != i]
            mine = merge(rest, branches[i])
            mine = without_others_keys(mine, others)
            if isinstance(mine, dict) and "allOf" not in mine:
                # a type every value of which another branch accepts can never be exclusive
                keep = [t for t in get_type(mine) if not any(accepts_all(o, t) for o in others)]
                mine = merged([mine, {"type": keep}]) if keep else FALSEY
            checks = [self._check(o) for o in others]
            return self.build(mine, name, description).filter(lambda v: not any(c(v) for c in checks))

        if self.lazy:
            return _first_live([lambda i=i: branch(i) for i in range(len(branches))])
        return st.one_of([branch(i) for i in range(len(branches))])

    # -- typed values -----------------------------------------------------------------

    def _typed(self, s: dict[str, Any], kind: str, name: str | None, description: Any,
               nullable: bool) -> st.SearchStrategy[Any]:
        if kind == "null":
            return st.none()
        if kind == "boolean":
            return st.booleans()
        if kind == "integer":
            return _integers(s)
        if kind == "number":
            return _numbers(s)
        if kind == "string":
            return self._strings(s, name, description, nullable)
        if kind == "array":
            return self._arrays(s, name, description)
        return self._objects(s)

    def _strings(self, s: dict[str, Any], name: str | None, description: Any,
                 nullable: bool) -> st.SearchStrategy[str]:
        lo, hi = int(s.get("minLength", 0)), s.get("maxLength")
        if hi is not None and lo > hi:
            return st.nothing()
        fmt, pattern = s.get("format"), s.get("pattern")
        more: list[str] = s.get("x-more-patterns", [])  # only beside `pattern`: `regexes` meets them
        checks = []
        if lo or hi is not None:
            checks.append(lambda v: lo <= len(v) <= (hi if hi is not None else math.inf))
        if nullable:
            checks.append(lambda v: v.strip().casefold() not in self.nullish)
        if fmt in R.FORMAT_STRATEGIES and isinstance(pattern, str):
            # a format and a pattern (swagger 1.2's basePath: a uri that starts `http://`)
            base = regexes([pattern, *more], lo, hi, also=[R.FORMAT_STRATEGIES[fmt]], check=self._check({"format": fmt}))
        elif fmt in R.FORMAT_STRATEGIES:
            base = R.FORMAT_STRATEGIES[fmt]
        elif isinstance(pattern, str):
            base = regexes([pattern, *more], lo, hi) if more else regex(pattern, lo, hi)
            if isinstance(fmt, str):
                checks.append(self._check({"format": fmt}))
        else:
            pool = R.named_pool(name, description)
            plain = R.text(lo, hi)
            own = _own_values(s, description, lo, hi)
            if own:  # the values the field's own words give ("driving", "walking"): half the draws,
                # as a model reading them would send (a tool checking them in code refuses the rest)
                plain = st.sampled_from(own) | plain
                pool = st.sampled_from(own) | pool if pool is not None else None
            if pool is None:
                base = plain
            elif lo <= 3 and (hi is None or hi >= 40):  # every pool value fits
                # the empty string stays possible where it is valid: tools mishandle it
                item = name is not None and name.endswith("[]")  # list items are never blank
                # (nor where null is allowed and "" reads as null: a branch the null-word
                # check refuses every time rejected a quarter of the examples)
                blank = lo == 0 and not item and not (nullable and "" in self.nullish)
                base = st.one_of(pool, pool, pool, st.just("")) if blank else pool
            else:
                base = pool.filter(length(lo, hi)) | plain
            if isinstance(fmt, str):  # an unknown format: anything passes the checker
                checks.append(self._check({"format": fmt}))
        for check in checks:
            base = base.filter(check)
        return base

    def _arrays(self, s: dict[str, Any], name: str | None, description: Any) -> st.SearchStrategy[list[Any]]:
        lo, hi = int(s.get("minItems", 0)), s.get("maxItems")
        items = s.get("items", {})
        prefix_schemas = items if isinstance(items, list) else []
        tail_schema = s.get("additionalItems", {}) if isinstance(items, list) else items
        n_prefix = len(prefix_schemas)
        hi = int(hi) if hi is not None else max(lo, n_prefix) + _DEFAULT_EXTRA_ITEMS
        if lo > hi:
            return st.nothing()
        name = name if name is None or name.endswith("[]") else name + "[]"  # items of `name`
        prefix = [self.build(p, name, description) for p in prefix_schemas]
        tail = self.build(tail_schema, name, description)
        contains = s.get("contains")
        c_lo = int(s.get("minContains", 1)) if contains is not None else 0
        c_hi = s.get("maxContains")
        hit: st.SearchStrategy[Any] = st.nothing()
        is_hit: Any = None
        more = [self.build(merge(tail_schema, c), name, description) for c in s.get("x-more-contains", [])]
        if contains is not None:
            hit = self.build(merge(tail_schema, contains), name, description)
            is_hit = self._check(contains)
            if c_hi is not None:
                tail = tail.filter(lambda v: not is_hit(v))
            self.approximate = True
        unique = bool(s.get("uniqueItems"))
        if unique:
            self.approximate = self.approximate or n_prefix > 0
        # the shortest list: every prefix item up to minItems must exist
        need_prefix = min(lo, n_prefix)
        if any(p.is_empty for p in prefix[:need_prefix]):
            return st.nothing()
        usable = next((i for i, p in enumerate(prefix) if p.is_empty), n_prefix)
        longest = usable if usable < n_prefix or tail.is_empty else hi
        if lo > min(longest, hi) or (c_lo and hit.is_empty):
            return st.nothing()

        def arrays(draw: st.DrawFn) -> list[Any]:
            out: list[Any] = []
            seen: set[str] = set()

            def take(strategy: st.SearchStrategy[Any]) -> None:
                value = _new(draw, strategy, lambda v: unique_key(v) not in seen) if unique else draw(strategy)
                if unique:
                    seen.add(unique_key(value))
                out.append(value)

            def take_if_new(strategy: st.SearchStrategy[Any]) -> bool:
                """An item past minItems: a few tries for a new one, else the list ends
                (filtering for uniqueness rejected the whole value when an item type has
                fewer distinct values than were asked for, e.g. `[{}]` or booleans)."""
                for _ in range(3):
                    value = draw(strategy)
                    if unique_key(value) not in seen:
                        seen.add(unique_key(value))
                        out.append(value)
                        return True
                return False

            top = min(usable, hi)
            count = top if lo >= top else draw(st.integers(lo, top))
            for strategy in prefix[:count]:
                take(strategy)
            if count < n_prefix:
                return out
            room = hi - n_prefix
            hits = 0
            if contains is not None:
                most = min(room, c_hi if c_hi is not None else c_lo + 1)
                hits = draw(st.integers(min(c_lo, most), max(c_lo, most)))
            rest_lo = max(0, lo - n_prefix - hits)
            rest_hi = max(0, room - hits) if not tail.is_empty else 0
            others = draw(st.integers(rest_lo, max(rest_lo, rest_hi)))
            for _ in range(hits):
                take(hit)
            for extra in more:
                if len(out) < hi:
                    take(extra)
            for _ in range(others):
                if unique and len(out) >= lo:
                    if not take_if_new(tail):
                        break
                else:
                    take(tail)
            return out

        return _drawn_by(arrays)

    def _objects(self, s: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
        required = list(dict.fromkeys(s.get("required", [])))
        props: dict[str, Any] = s.get("properties", {})
        patterns: dict[str, Any] = s.get("patternProperties", {})
        additional = s.get("additionalProperties", {})
        names = s.get("propertyNames", {})
        lo, hi = int(s.get("minProperties", 0)), s.get("maxProperties")
        hi = int(hi) if hi is not None else math.inf
        deps = s.get("dependencies", {})
        dep_names = {k: v for k, v in deps.items() if isinstance(v, list)}
        if patterns or names or any(not isinstance(v, list) for v in deps.values()):
            self.approximate = True
        usable = {p: v for p, v in patterns.items() if compiles(p)}
        if len(usable) < len(patterns):
            # a pattern Python cannot read (ECMA `\p{...}`) names no key drawn here; whole
            # values are checked, so an object only passes when no key meets that pattern
            self.approximate = True
            patterns = usable
        name_ok = self._check(names) if names else (lambda _k: True)

        built: dict[str, st.SearchStrategy[Any]] = {}

        def value(key: str) -> st.SearchStrategy[Any]:
            found = built.get(key)
            if found is None:
                with _draft7_only():  # called while drawing, too (lazy optional properties)
                    return _value(key)
            return found

        def _value(key: str) -> st.SearchStrategy[Any]:
            found = built.get(key)
            if found is None:
                schemas = [props[key]] if key in props else []
                schemas += [v for p, v in patterns.items() if re.search(p, key)]
                one = schemas[0] if len(schemas) == 1 else merge(*schemas) if schemas else additional
                found = built[key] = self.build(one, key)
            return found

        if len(required) > hi or any(not name_ok(k) or value(k).is_empty for k in required):
            return st.nothing()
        optional = [k for k in props if k not in required and name_ok(k) and props[k] != FALSEY
                    and (self.lazy or not value(k).is_empty)]
        closed = additional == FALSEY
        # a pattern whose schema admits nothing (a cut remote `$ref`) names no key to add
        fresh: list[st.SearchStrategy[str]] = [regex(p, 1, 24).filter(name_ok) for p, v in patterns.items()
                                               if not self.build(v).is_empty]
        if not closed:
            key_text = self.build(merge(names, {"type": "string"}), "key") if names else R.text(1, 12)
            fresh.append(key_text)
        new_key = st.one_of(fresh)
        if lo > len(required) + len(optional) and new_key.is_empty:
            return st.nothing()
        values = {k: value(k) for k in (required if self.lazy else [*required, *optional])}
        if self.lazy and lo > len(required):
            self.approximate = True  # an optional property found empty when drawn is left out
        if (not self.lazy and not patterns and not dep_names and lo <= len(required)
                and hi >= len(required) + len(optional)):
            # the common tool shape: named properties only, so Hypothesis' own builder does
            return st.fixed_dictionaries({k: values[k] for k in required},
                                         optional={k: values[k] for k in optional})

        if not required and (not optional or hi == 0) and lo == 0 and (not patterns or new_key.is_empty):
            return st.just({})  # no key could be drawn (a composite that never draws warns)

        def objects(draw: st.DrawFn) -> dict[str, Any]:
            keys = list(required)
            if optional and hi > len(keys):
                keys += draw(st.lists(st.sampled_from(optional), unique=True,
                                      max_size=int(min(len(optional), hi - len(keys)))))
            for k in list(keys):  # dependentRequired, one level at a time until stable
                keys += [d for d in dep_names.get(k, []) if d not in keys]
            extra = max(0, lo - len(keys))
            if patterns and not new_key.is_empty and hi > len(keys) + extra:
                extra += draw(st.integers(0, 1))
            for _ in range(extra):
                keys.append(_new(draw, new_key, lambda k: k not in keys))
            out: dict[str, Any] = {}
            for k in keys:
                strategy = values[k] if k in values else value(k)
                if k in required or not strategy.is_empty:
                    out[k] = draw(strategy)
            return out

        return _drawn_by(objects)


@st.composite  # module level: wrapping a function reads its source (to warn about an unused
def _drawn_by(draw: st.DrawFn, draws: Callable[[st.DrawFn], Any]) -> Any:  # `draw`), 4 ms a time
    """The one composite for the solver's per-node closures: wrapped one by one, they cost
    0.4 s of bids' metaschema build (88 wraps)."""
    return draws(draw)


def _new(draw: st.DrawFn, strategy: st.SearchStrategy[Any], accept: Callable[[Any], bool]) -> Any:
    """A value of `strategy` that `accept` takes: three tries, then the example is rejected,
    as `.filter` does; but `.filter` on a lazy strategy (`from_regex`'s) makes a new one
    that rebuilds its regex when drawn, and this runs at every draw (one CVE record: 778
    regex compilations, most of the 3 s to its first example)."""
    for _ in range(3):
        value = draw(strategy)
        if accept(value):
            return value
    reject()


def _first_live(makers: list[Any], known_live: bool = False) -> st.SearchStrategy[Any]:
    """One of the strategies `makers` build, each built when first drawn: a start index is
    drawn (shrinking to the first) and the first non-empty one from there is used.
    `known_live`: build them in order now until one is not empty (`st.nothing()` if none),
    so emptiness is known before drawing, at the cost of one build, not all."""
    built: dict[int, st.SearchStrategy[Any]] = {}

    def get(i: int) -> st.SearchStrategy[Any]:
        if i not in built:
            with _draft7_only():  # a maker merges schemas before it builds: same helpers
                built[i] = makers[i]()
        return built[i]

    if known_live and all(get(i).is_empty for i in range(len(makers))):  # stops at the first live one
        return st.nothing()

    def first_live(draw: st.DrawFn) -> Any:
        start = draw(st.integers(0, len(makers) - 1))
        for step in range(len(makers)):
            strategy = get((start + step) % len(makers))
            if not strategy.is_empty:
                return draw(strategy)
        return draw(st.nothing())

    return _drawn_by(first_live) if makers else st.nothing()


def _own_values(s: dict[str, Any], description: Any, lo: int, hi: Any) -> list[str]:
    """The strings a field's schema and description give as examples, that fit its length."""
    found = described_in(s, description)
    return list(dict.fromkeys(v for v in found if lo <= len(v) <= (hi if isinstance(hi, int) else math.inf)))
