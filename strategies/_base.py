"""One realistic, deterministic value per schema node: the base of the coverage phase.

The coverage phase changes one field at a time of *one* call, so that call must look like
what a model sends (`"arxiv.org"` for a domain, `"weather in Paris"` for a query) and must
be the same on every run.  Values come from the format, the enum, the bounds and the
property name; `candidates` also offers the alternative values some families need
(`1500` for thousands separators, `"2025-04-25"` for a day/month order that can be told,
`False` because `bool("false")` is the classic defect).  Every value is checked against
the schema; when none of the realistic ones fits (a `pattern`, `allOf`, ...) the simplest
value Hypothesis can find for the node is used instead.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pytest_aacl._ranges import range_pairs

from ._canonical import validator
from ._described import after
from ._examples import described_in, described_number
from ._regex_walk import simplest_match
from ._schema import Node, build

__all__ = ["NoBase", "base_call", "base_value", "candidates", "described"]

_MAX_ITEMS_BASE = 2

#: (property-name pattern, realistic strings), first match wins
_NAMED: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = tuple(
    (re.compile(p), v) for p, v in (
        (r"expression|formula|equation|calculation", ("2 + 3", "(4 * 5) / 2")),
        # (before `query`: a `sql_query` is SQL; the ninth held-out split's database tool refused "example")
        (r"(?:^|_)sql(?:_?(?:query|statement|text))?$|^statement$",
         ("SELECT name, email FROM users WHERE id = 1", "SELECT COUNT(*) FROM orders")),
        # (before `address`: trials 13 and 14 sent "Seattle" as an `ip_address`, "example" as a `cidr`)
        (r"netmask|subnet_?mask|(?:^|_)mask$", ("255.255.255.0", "255.255.0.0")),
        (r"cidr|subnet|(?:^|_)network(?:_base)?$", ("192.168.1.0/24", "10.0.0.0/8")),
        (r"(?:^|_)ip(?:_?addr(?:ess)?)?(?:_|$)|^ipv4", ("192.168.1.10", "10.0.0.2")),
        (r"package|module|librar|dependenc|distribution", ("requests", "numpy")),
        (r"version", ("3.11", "1.2.3")),
        # [longitude, latitude] pairs as JSON text (GeoJSON order), and "lat,lon" text
        (r"coordinates|coords|waypoints|^points$|polyline", ("[[13.405, 52.52], [2.3522, 48.8566]]", "52.52,13.405")),
        (r"domain|host|site", ("arxiv.org", "nature.com", "example.com")),
        (r"e_?mail", ("alice@example.com", "bob@example.org")),
        (r"timestamp|datetime|_at$|^when$", ("2024-01-15T14:30:25+00:00", "2024-06-01")),
        (r"date|since|until|deadline|day$", ("2024-06-01", "2024-01-15T14:30:25+00:00")),
        (r"url|uri|link|website|endpoint", ("https://example.com/docs", "https://arxiv.org/abs/2401.00001")),
        (r"query|search|question|prompt|keyword|^q$", ("weather in Paris", "python asyncio tutorial")),
        (r"cit(y|ies)|location|place|destination|origin|town|address", ("Seattle", "Paris", "Tokyo")),
        (r"countr", ("France", "Japan")),
        (r"lang", ("en", "fr")),
        (r"currenc", ("USD", "EUR")),
        (r"(?<!pro)file|path", ("report.json", "notes.txt")),  # ("profile" is no file)
        (r"tag|label|categor|topic|genre", ("python", "testing", "news")),
        (r"name|title|author|user|person|owner", ("Alice Smith", "Bob Jones")),
        (r"(^|_)id$|_ids?$|^ids?$|key|code|sku", ("abc123", "xyz789")),
        (r"text|content|message|body|note|comment|description|summary", ("Meeting moved to Monday", "See you soon")),
    )
)
_DEFAULT_TEXT = ("example", "sample text")
#: items with letters outside ASCII (a Python literal with \u escapes needs one)
_NON_ASCII = ("München", "Zürich")

_FORMATS: dict[str, tuple[str, ...]] = {
    "date": ("2025-04-03", "2025-04-25", "2025-03-03"),
    "date-time": ("2025-04-03T14:30:00+02:00", "2025-04-03T14:30:00Z"),
    "time": ("14:30:00+00:00", "15:00:00+02:00", "12:30:00+00:00"),  # RFC 3339 full-time carries an offset
    "email": ("alice@example.com", "bob@example.org"),
    "hostname": ("arxiv.org", "nature.com", "example.com"),
    "idn-hostname": ("arxiv.org", "nature.com"),
    "uri": ("https://example.com/docs", "https://arxiv.org/abs/2401.00001"),
    "iri": ("https://example.com/docs",),
    "uri-reference": ("https://example.com/docs",),
    "ipv4": ("192.168.1.10", "10.0.0.2"),
    "ipv6": ("2001:db8::1", "fe80::1"),
    "uuid": ("123e4567-e89b-12d3-a456-426614174000", "9f0c2d1e-8a3b-4c5d-9e6f-0a1b2c3d4e5f"),
}
_INTS = (5, 10, 3, 1, 1500, 1000, 21, 2, 0, 100, -5)
#: (name pattern, the integer a model sends for it): a year of 5 is no model year
_NAMED_INTS = tuple((re.compile(p), v) for p, v in (
    (r"year", 2024), (r"month", 6), (r"(?:^|_)day$|day_of_month", 15), (r"hour", 14), (r"minute", 30), (r"port$", 8080),
))


def _named_int(name: str) -> tuple[int, ...]:
    low = name.lower()
    return next(((v,) for p, v in _NAMED_INTS if p.search(low)), ())
_NUMBERS = (2.5, 0.5, 1500, 1500.5, 3, 10.0, 99.99, 0, -5.5)


class NoBase(Exception):
    """No value of this node can be found (an unsatisfiable or hopelessly exotic schema)."""





def described(node: Node) -> list[str]:
    """Examples the schema gives itself: `examples`, its `default`, then quoted ones in the description."""
    return described_in(node.schema)


_EXTENSION = re.compile(r"(?<![\w/])\.([a-z][a-z0-9]{1,4})\b|\b(csv|tsv|json|xlsx|xls|docx|pptx|pdf|txt|"
                        r"md|yaml|yml|xml|html|zip|tar|png|jpe?g|parquet|sqlite|db)\b(?= files?\b)", re.I)


def _named_file(node: Node, name: str) -> list[str]:
    """A file name with the extension the description asks for ("path to the .xlsx workbook",
    "a CSV file"): a tool that checks the extension refuses every other path."""
    description = node.schema.get("description")
    if not re.search(r"(?<!pro)file|path", name.lower()) or not isinstance(description, str):
        return []
    found = _EXTENSION.search(description)
    return [f"data/report.{(found.group(1) or found.group(2)).lower()}"] if found else []


#: an exact length a description states: "(17 chars", "6-digit code", "exactly 8 characters"
_LENGTH = re.compile(r"\b(\d{1,3})[ -](chars?|characters?|digits?|letters?)\b", re.I)
#: words before it that make it a bound, not the length ("at most 17 characters", "up to 6 digits")
_BOUND_WORD = re.compile(r"(?:most|up to|max(?:imum)?|less than|fewer than|least|min(?:imum)?|more than|over|under|"
                         r"within|than|to|or|and|-|–)\s*$", re.I)
_FILL = {"digit": "1234567890", "letter": "ABCDEFGHJK"}


def _sized(node: Node) -> list[str]:
    """A string of the one length the description states (a 17-character VIN, a 6-digit code):
    the ninth held-out split's VIN decoder answered every shorter value "invalid" before
    decoding anything.  Digits for digits, capitals for letters, both for characters."""
    description = node.schema.get("description")
    if not isinstance(description, str):
        return []
    for found in _LENGTH.finditer(description):
        size = int(found.group(1))
        if not 1 <= size <= 64 or _BOUND_WORD.search(description[max(0, found.start() - 16):found.start()]):
            continue
        fill = _FILL.get(found.group(2).lower().rstrip("s"), "A1B2C3D4E5F6G7H8J9K0")
        return [(fill * (size // len(fill) + 1))[:size]]
    return []


def _words(name: str) -> tuple[str, ...]:
    low = name.lower()
    for pattern, values in _NAMED:
        if pattern.search(low):
            return values
    return _DEFAULT_TEXT


def _raw(node: Node, name: str) -> list[Any]:
    """Realistic values for `node`, most typical first, not yet checked against the schema;
    null comes last for a nullable node (the null-word families need it)."""
    values = _typed(node, name)
    examples = node.schema.get("examples")  # given values of any type (fuzz(values=...)) come first
    if isinstance(examples, list) and node.enum is None:
        values = [*(v for v in examples if not isinstance(v, str)), *values]
    return [*values, None] if node.nullable else values


def _typed(node: Node, name: str) -> list[Any]:
    if node.enum is not None:
        default = node.schema.get("default")
        return sorted(node.enum, key=lambda v: v == default)  # a non-default member first
    kind = node.kind
    if kind is None:
        if node.branches:  # the union's own examples first: its branches do not carry them
            return [*described(node), *(v for b in node.branches for v in _typed(b, name))]
        return [] if node.types else list(_DEFAULT_TEXT)
    if kind == "boolean":
        return [False, True]
    if kind == "integer":
        return _numbers(node, (*_named_int(name), *_INTS), integral=True)
    if kind == "number":
        return _numbers(node, _NUMBERS, integral=False)
    if kind == "string":
        if node.fmt in _FORMATS:
            return list(_FORMATS[node.fmt])
        # numeric text last (models send it as a number), first where the name asks for digits
        numeric = ["94102", "3.5"]
        # the tool's own examples ("e.g. '2024-01-15'") first, then a value of the length it states
        own = [*described(node), *_named_file(node, name), *_sized(node)]
        if re.search(r"zip|postal|code|number|amount|price", name.lower()):
            return [*own, *numeric, *_words(name), *_NON_ASCII]
        return [*own, *_words(name), *_NON_ASCII, *numeric]
    if kind == "array":
        return _arrays(node, name)
    if kind == "object":
        filled = _object(node)
        return [filled, {}] if not filled else [filled]
    return []


def _numbers(node: Node, preferred: tuple[float, ...], integral: bool) -> list[Any]:
    s = node.schema
    default = s.get("default")
    # the tool's own default first: a value it surely takes (trial 13: mathmethods' confidence
    # level, default 0.95, was sent 2.5 and every call was refused)
    own = [default] if isinstance(default, (int, float)) and not isinstance(default, bool) else []
    example = described_number(s.get("description"))  # "(e.g. 700)"
    own += [example] if example is not None and (not integral or example.is_integer()) else []
    out: list[Any] = [*own, *preferred]
    for key in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        bound = s.get(key)
        if isinstance(bound, (int, float)) and not isinstance(bound, bool) and abs(bound) < 1e15:
            nudge = 0 if key in ("minimum", "maximum") else (1 if "Min" in key else -1)
            out.append(int(bound) + nudge if integral else bound + nudge * 0.5)
    step = s.get("multipleOf")
    if isinstance(step, (int, float)) and not isinstance(step, bool) and step > 0:
        out = [step * k for k in (1, 2, 5, 10, 100)] + out
    if integral:
        out = [int(v) for v in out if float(v).is_integer()]
    return list(dict.fromkeys(out))


def _arrays(node: Node, name: str) -> list[Any]:
    item = node.items
    if node.prefix:
        try:
            head = [base_value(p, name) for p in node.prefix]
        except NoBase:
            return []
        return [head]
    if item is None:
        return [["example", "sample"]]
    if item.never:
        return [[]]
    values = candidates(item, name)
    s = node.schema
    lo = int(s.get("minItems", 0))
    hi = s.get("maxItems")
    scalar = item.kind in ("boolean", "integer", "number", "string")
    size = max(lo, _MAX_ITEMS_BASE if scalar else 1)
    if isinstance(hi, int):
        size = min(size, hi)
    out = []
    if len(values) >= size:
        out.append(values[:size])
    if values and lo <= 1 and (hi is None or hi >= 1):
        out.append(values[:1])
    ascii_only = [v for v in values if not (isinstance(v, str) and not v.isascii())]
    if ascii_only != values and len(ascii_only) >= size:
        out.insert(0, ascii_only[:size])  # the base list stays ASCII; the accented one is an alternative
    accented = [v for v in values if isinstance(v, str) and not v.isascii()]
    if accented and size <= len(accented):
        out.append(accented[:size])
    return out


def _object(node: Node) -> dict[str, Any]:
    if not node.props and not node.closed:  # a free-form object: one realistic entry
        if node.schema is node.root:  # a tool that declares no argument is called with none
            return {}
        extra = node.schema.get("additionalProperties", True)
        child = build(extra, node.root) if isinstance(extra, dict) else None
        try:
            return {"title": base_value(child, "title") if child is not None else "Quarterly report"}
        except NoBase:
            return {}
    out: dict[str, Any] = {}
    for key, child in node.props.items():
        try:
            if child.never:
                raise NoBase(key)
            out[key] = base_value(child, key)
        except NoBase:
            if key in node.required:
                raise
    return _ascending(out, node)


def _plain_number(node: Node) -> bool:
    """A number the schema gives no value of its own (no enum, default or example, in its
    keywords or its description)."""
    s = node.schema
    return (node.kind in ("integer", "number") and node.enum is None and "examples" not in s
            and not isinstance(s.get("default"), (int, float)) and described_number(s.get("description")) is None)


def _ascending(out: dict[str, Any], node: Node) -> dict[str, Any]:
    """Sibling numbers without values of their own made distinct and increasing in the order
    they are declared: one realistic number for all of them makes `a == b` and `t0 == t_end`,
    and a tool that needs `b > a` refuses every call (trial 13: 19 of mathmethods-mcp's 29
    tools).  A value that would break the field's schema stays as it was."""
    previous: Any = None
    for key, child in node.props.items():
        value = out.get(key)
        if key not in out or isinstance(value, bool) or not isinstance(value, (int, float)) or not _plain_number(child):
            continue
        if previous is not None and value <= previous:
            bumped = type(value)(previous + 1)
            if validator(child).is_valid(bumped):
                out[key] = value = bumped
        previous = value
    return out


def candidates(node: Node, name: str = "") -> list[Any]:
    """Realistic valid values of `node` (the base first); cached on the node."""
    found = node.cache.get(("candidates", name))
    if found is None:
        check = validator(node).is_valid
        found = []
        try:
            raw = _raw(node, name)
        except NoBase:
            raw = []
        for value in raw:
            # a collapsed nullable union validates its non-null branch only: null is valid too
            if ((value is None and node.nullable) or check(value)) and value not in found:
                found.append(value)
        if not found:
            fallback = _simplest(node)
            if fallback is not _NONE:
                found.append(fallback)
        node.cache[("candidates", name)] = found
    return found


def base_value(node: Node, name: str = "") -> Any:
    """The one realistic value the coverage phase builds its calls on."""
    found = candidates(node, name)
    if not found:
        raise NoBase(name or "value")
    return found[0]


#: schema (as JSON) -> the base call a run found the tool accepts (`pytest_aacl._probe`)
ACCEPTED: dict[str, dict[str, Any]] = {}


def accepted_key(root: Node) -> str:
    return json.dumps(root.schema, sort_keys=True, default=repr)


def base_call(root: Node) -> dict[str, Any] | None:
    """The realistic base call of a tool (None when no value of the schema can be found);
    the one a run found the tool accepts, when it had to look (`ACCEPTED`)."""
    if ACCEPTED:
        found = ACCEPTED.get(accepted_key(root))
        if found is not None:
            return json.loads(json.dumps(found))
    if "base" not in root.cache:
        try:
            value = base_value(root)
        except NoBase:
            value = None
        root.cache["base"] = _parallel(_ordered(value, root), root) if isinstance(value, dict) else None
    return root.cache["base"]


def _parallel(call: dict[str, Any], root: Node) -> dict[str, Any]:
    """The base call with its lists of one length: tools taking parallel lists (`ids` with
    `documents` and `metadatas`, `dates` with `amounts`) refuse lists of different lengths, and
    a base call that every such tool refuses tests nothing past that check.  A shorter list
    grows with other realistic items, else repeats its own (`[[2.5, 0.5]]` -> two embeddings);
    kept only if the call stays valid."""
    lists = [k for k, v in call.items() if isinstance(v, list) and v]
    if len({len(call[k]) for k in lists}) < 2:
        return call
    valid = validator(root).is_valid
    for size in (max(len(call[k]) for k in lists), min(len(call[k]) for k in lists)):
        candidate = {**call, **{k: _resized(call[k], size, root.props.get(k)) for k in lists}}
        if valid(candidate):
            return candidate
    return call


def _resized(items: list[Any], size: int, node: Node | None) -> list[Any]:
    if len(items) >= size:
        return items[:size]
    item = node.items if node is not None and not node.prefix else None
    more = [v for v in (candidates(item) if item is not None else []) if v not in items]
    grown = [*items, *more][:size]
    return [grown[i % len(grown)] for i in range(size)]


def _ordered(call: dict[str, Any], root: Node) -> dict[str, Any]:
    """The base call with every range its names imply ending after it starts: one realistic
    date for both `start_date` and `end_date` is a range a tool may refuse on every call."""
    valid = None
    for opening, closing in range_pairs(root.props):
        if opening in call and closing in call:
            later = after(call[opening], call[closing])
            if later is None or _sooner(call[opening], call[closing]) is not False:  # already in order
                continue
            candidate = {**call, closing: later}
            valid = valid or validator(root).is_valid
            if valid(candidate):
                call = candidate
    return call


def _sooner(opening: Any, closing: Any) -> bool | None:
    """Whether `closing` already comes after `opening` (None: they do not compare)."""
    try:
        return bool(closing > opening)
    except TypeError:
        return None


_NONE = object()


def _simplest(node: Node) -> Any:
    """A valid value when no realistic one fits: the simplest match of the node's pattern.
    (No Hypothesis here: `find` inside a user's `@given` would fail its nested-given check.)"""
    pattern = node.schema.get("pattern")
    if node.kind == "string" and isinstance(pattern, str):
        text = simplest_match(pattern)
        if text is not None and validator(node).is_valid(text):
            return text
    return _NONE


Path = tuple[str | int, ...]


def copy_json(value: Any) -> Any:
    """Deep copy of a JSON value (much faster than copy.deepcopy)."""
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    return value


def get_at(value: Any, path: Path) -> Any:
    for part in path:
        value = value[part]
    return value


def _has(holder: Any, part: str | int) -> bool:
    if isinstance(part, int):
        return isinstance(holder, list) and part < len(holder)
    return isinstance(holder, dict) and part in holder


def graft(target: dict[str, Any], base: dict[str, Any], path: Path) -> bool:
    """Make `path` reachable in `target`, copying from `base` whatever is missing on the way
    (a random call lacks the optional field the coverage pool needs).  False if `base` does
    not reach it either."""
    holder_t: Any = target
    holder_b: Any = base
    for index, part in enumerate(path):
        if not _has(holder_b, part):
            return False
        if not _has(holder_t, part):
            if isinstance(part, int):  # a list too short: take the base's whole list
                parent = get_at(target, path[: index - 1])
                parent[path[index - 1]] = copy_json(holder_b)
                holder_t = parent[path[index - 1]]
            else:
                holder_t[part] = copy_json(holder_b[part])
        child_t, child_b = holder_t[part], holder_b[part]
        if isinstance(child_b, (dict, list)) and type(child_t) is not type(child_b):
            holder_t[part] = child_t = copy_json(child_b)
        holder_t, holder_b = child_t, child_b
    return True
