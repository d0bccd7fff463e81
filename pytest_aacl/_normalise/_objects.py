"""`object` nodes, compiled to Python source once per schema.

The generated function fetches each property with one dict lookup, in straight-line
code: an already-canonical value is recognised by an inline test and kept (no call), so
canonical arguments cost one lookup and a few `type()` checks per field, at any position
in any size of schema, and the received dict itself is returned when nothing changed.
Unknown, aliased or non-string keys take the general walk, one dict lookup per key.
"""

from __future__ import annotations

import re
from typing import Any

from .._errors import Correction, CorrectionError, render_value
from ._base import (
    ABSENT,
    BAD,
    MAX_CORRECTIONS,
    Node,
    UserPattern,
    child_path,
    closest,
    fail,
    is_null_word,
    plain_str,
)
from ._bulk import bulk_check, object_bulk
from ._containers import any_node, parse_literal
from ._recover import recover
from ._source import describe, load

__all__ = ["object_node", "runner"]

_FOLD = re.compile(r"[-_\s]")


def _fold(key: str) -> str:
    """camelCase, PascalCase, kebab-case and snake_case spellings of a key fold together."""
    return _FOLD.sub("", key).lower()


def _has_key(v: dict[Any, Any], name: str) -> bool:
    """`name in v` without hashing or comparing the caller's (possibly hostile) keys."""
    return any(type(k) is str and k == name for k in v)


def object_node(
    schema: dict[str, Any],
    props: dict[str, Node],
    additional: Node | bool | None,
    patterns: list[tuple[UserPattern, Node]],
    *,
    fold: bool = True,
) -> Node:
    """`additional` is a Node (validate extra values), True (free JSON) or False (forbid).
    `fold=False` (a schema without `type`) keeps every key as sent: no camelCase aliases."""
    required = [name for name in schema.get("required", []) if isinstance(name, str)]
    names = list(props)
    expected = f"an object with keys {render_value(names, 200)}" if names else "an object"
    folds: dict[str, list[str]] = {}
    for name in names:
        folds.setdefault(_fold(name), []).append(name)
    aliases = {f: group[0] for f, group in folds.items() if len(group) == 1} if fold else {}
    suggest = {name.lower(): name for name in names}
    free = any_node() if additional is True else None
    lo, hi = schema.get("minProperties"), schema.get("maxProperties")
    depends: dict[str, list[str]] = schema.get("dependentRequired", {})

    def missing(out: dict[str, Any], v: dict[Any, Any], path: str, errs: list[Correction]) -> None:
        for name in required:
            if name not in out:
                given = _has_key(v, name)
                received = render_value(next(x for k, x in dict.items(v) if type(k) is str and k == name)) if given else "nothing"
                hint = f"Send {name}; it is required and cannot be null." if given else f"Add {name}; it is required."
                errs.append(Correction("MISSING_REQUIRED", child_path(path, name), props[name].expected, received, hint))

    def extra(k: Any, x: Any, v: dict[Any, Any], out: dict[str, Any], path: str, errs: list[Correction]) -> bool:
        """Handle a key that is not a property; True when the output differs from the input."""
        key = plain_str(k)
        if key is None:
            fail(errs, "UNEXPECTED_FIELD", path, f"string keys {render_value(names, 200)}", k)
            return True
        name = aliases.get(_fold(key)) if len(key) <= 200 else None
        if name is not None:
            if name in out or _has_key(v, name):
                fail(errs, "AMBIGUOUS_VALUE", child_path(path, name), f"{name} given once", key, f"Send {name} only once.")
                return True
            fn, where = props[name].fn, child_path(path, name)
            y = fn(x, where, errs)
            if y is BAD:
                y = recover(fn, x, name, where, errs)
            if y is not ABSENT:
                out[name] = y
            return True
        y = x
        matched = False
        for pattern, node in patterns:
            try:
                hit = len(key) <= 1000 and pattern.search(key) is not None
            except TimeoutError:
                fail(errs, "UNEXPECTED_FIELD", child_path(path, key), "a key the tool's patterns can check in time", key, "Use a shorter key.")
                return True
            if hit:
                matched = True
                y = node.fn(y, child_path(path, key), errs)
                if y is ABSENT or y is BAD:
                    break
        if not matched and additional is False:
            if len(errs) >= MAX_CORRECTIONS:  # the call already fails; bound its cost
                return True
            guess = closest(key, suggest) if names else None
            hint = f'Did you mean "{guess}"? Use one of the expected keys.' if guess else ("Remove this field." if names else "This tool takes no arguments.")
            errs.append(Correction("UNEXPECTED_FIELD", child_path(path, key), f"one of the keys {render_value(names, 300)}", render_value(key), hint))
            return True
        if not matched:
            node = free if free is not None else additional
            y = node.fn(x, child_path(path, key), errs)  # type: ignore[union-attr]
        if y is ABSENT:
            return True
        out[key] = y
        return y is not x or key is not k

    def post(out: dict[str, Any], path: str, errs: list[Correction]) -> None:
        n = len(out)
        if lo is not None and n < lo:
            fail(errs, "TOO_SHORT", path, f"an object with at least {lo} keys", out)
        if hi is not None and n > hi:
            fail(errs, "TOO_LONG", path, f"an object with at most {hi} keys", out)
        for trigger, needed in depends.items():
            if trigger in out:
                for name in needed:
                    if name not in out:
                        errs.append(Correction("MISSING_REQUIRED", child_path(path, name), f"{name} (required with {trigger})", "nothing", f"Add {name}; it is required when {trigger} is given."))

    def coerce(v: Any, path: str, errs: list[Correction]) -> Any:
        kind = type(v)
        if issubclass(kind, dict):  # re-keyed without hashing the caller's keys again
            plain: dict[str, Any] = {}
            for k, x in dict.items(v):
                key = plain_str(k)
                if key is None:
                    fail(errs, "UNEXPECTED_FIELD", path, f"string keys {render_value(names, 200)}", k)
                else:
                    plain[key] = x
            return obj(plain, path, errs)
        if v is None:
            return ABSENT
        text = plain_str(v)
        if text is not None:
            if is_null_word(text):
                return ABSENT
            parsed = parse_literal(text)
            if type(parsed) is dict:
                return obj(parsed, path, errs)
        return fail(errs, "TYPE_ERROR", path, expected, v, "Send a JSON object.")


    table = {name: (props[name].fn, child_path("", name), child_path("x", name)[1:], name in required) for name in names}
    n_required = sum(1 for name in names if name in required)
    check_post = lo is not None or hi is not None or bool(depends)

    def walk(v: dict[Any, Any], path: str, errs: list[Correction]) -> Any:
        """The general reading: any keys (aliases, extras, non-strings), one dict lookup per key."""
        out: dict[str, Any] = {}
        changed = False
        req = 0
        for k, x in dict.items(v):
            entry = table.get(k) if type(k) is str else None
            if entry is None:
                if extra(k, x, v, out, path, errs):
                    changed = True
                continue
            fn, own, suffix, is_required = entry
            where = own if not path else path + suffix
            y = fn(x, where, errs)
            if y is not x:
                changed = True
                if y is BAD:
                    y = recover(fn, x, k, where, errs)
                if y is ABSENT:
                    continue
            out[k] = y
            if is_required:
                req += 1
        if req != n_required:
            changed = True
            missing(out, v, path, errs)
        if check_post:
            post(out, path, errs)
        return out if changed else v

    namespace: dict[str, Any] = {
        "ABSENT": ABSENT, "BAD": BAD, "M": _MISSING, "coerce": coerce, "walk": walk,
        "post": post, "recover": recover,
    }
    free_fast = None
    if not patterns and not names:
        free_node = free if free is not None else additional if isinstance(additional, Node) else None
        free_fast = _rename(free_node.fast, free_node.consts, "A", namespace) if free_node is not None and free_node.fast else None
    # every field canonical-testable in C: one C call recognises canonical arguments whole
    bulk = object_bulk([(name, name in required, props[name].bulk if props[name].fast else None) for name in names]) if not check_post else None
    c_check = bulk_check(bulk)
    if c_check is not None:
        namespace["CCHK"] = c_check
    src = _generate(names, props, set(required), namespace, check_post=check_post, free_fast=free_fast, closed=additional is False)
    title = f"object {render_value(names, 60)}"
    obj = load(src, title, namespace, "obj")
    check = namespace.get("check")
    obj._aacl_namespace = namespace  # for `runner`; on the function, so it lives and dies with it
    children = [(f".{name}", props[name]) for name in names]
    if isinstance(additional, Node):
        children.append((".*", additional))
    describe(obj, "object", children, src)
    if check is None:
        return Node(obj, expected)
    return Node(obj, expected, fast="type(V) is dict and CHK(V)", consts={"CHK": c_check or check}, bulk=bulk)


_MISSING: Any = object()


def runner(fn: Any, slow: Any, tool: str) -> Any:
    """For a root object node: `run(arguments)`, the object's straight-line reading as
    one generated function that returns the canonical arguments itself and calls
    `slow(arguments)` for anything else (None when the root is not such an object)."""
    namespace = getattr(fn, "_aacl_namespace", None)
    if namespace is None or "ROOT_SOURCE" not in namespace:
        return None
    ns = {**namespace, "SLOW": slow, "CorrectionError": CorrectionError, "TOOL": tool}
    return load(namespace["ROOT_SOURCE"], "arguments", ns, "run")


def _rename(fast: str, consts: dict[str, Any], tag: str, ns: dict[str, Any]) -> str:
    """A node's inline test with its constants bound under names unique to this object."""
    for const, value in consts.items():
        ns[f"{const}_{tag}"] = value
        fast = re.sub(rf"\b{const}\b", f"{const}_{tag}", fast)
    return re.sub(r"\bV\b", "x", fast)


def _generate(
    names: list[str], props: dict[str, Node], required: set[str], ns: dict[str, Any],
    *, check_post: bool, free_fast: str | None, closed: bool,
) -> str:
    """Source of `obj(v, path, errs)` (and of the pure test `check(v)` when every property
    has an inline test); the root's `run(v)` source goes to `ns["ROOT_SOURCE"]`.

    Each property is fetched by one `dict.get` on its own name, in straight-line code, so a
    field costs the same at any position and the dispatch never grows with the schema.
    Canonical values pass their inline test and are kept (no call, no copy: the received
    dict is returned).  Anything the straight line cannot decide alone (keys that are not
    exact strings, unknown or aliased keys, a missing required field) goes to `walk`, the
    general reading; corrections already recorded are dropped first, so none is doubled.
    """
    if not names:
        body = ["    for k, x in v.items():"]
        test = f"type(k) is not str or not ({free_fast})" if free_fast else "True"
        if closed:
            test = "True"
        body += [f"        if {test}:", "            return walk(v, path, errs)"]
        tail = ["    post(v, path, errs)"] if check_post else []
        lines = ["def obj(v, path, errs):", "    if type(v) is not dict:", "        return coerce(v, path, errs)", *body, *tail, "    return v"]
        if free_fast and not check_post and not closed:
            lines += ["", "def check(v):", *[line.replace("return walk(v, path, errs)", "return False") for line in body], "    return True"]
        elif closed and not check_post:
            lines += ["", "def check(v):", "    return not v"]
        return "\n".join(lines) + "\n"
    lines = _straight(names, props, required, ns, check_post=check_post, root=False)
    ns["ROOT_SOURCE"] = "\n".join(_straight(names, props, required, ns, check_post=check_post, root=True)) + "\n"
    checks = ["def check(v):", "    for k in v:", "        if type(k) is not str:", "            return False", "    n = 0"]
    all_fast = not check_post
    for i, name in enumerate(names):
        node = props[name]
        if not node.fast:
            all_fast = False
            break
        key = repr(name)
        checks += [f"    x = v.get({key}, M)", "    if x is not M:", "        n += 1", f"        if not ({_rename(node.fast, node.consts, str(i), ns)}):", "            return False"]
        if name in required:
            checks += ["    else:", "        return False"]
    if all_fast:
        lines += ["", *checks, "    return n == len(v)"]
    return "\n".join(lines) + "\n"


def _text_reading(fn: Any, i: int, ns: dict[str, Any]) -> str | None:
    """A node's inline reading of its most common text rendering (an expression over a
    str `x` giving the canonical value, or None to call the node), when it has one."""
    text = getattr(fn, "_aacl_text", None)
    if text is None:
        return None
    for const, value in getattr(fn, "_aacl_consts", {}).items():
        ns[f"{const}_{i}"] = value
        text = re.sub(rf"\b{const}\b", f"{const}_{i}", text)
    return re.sub(r"\bN\b", f"n_{i}", re.sub(r"\bV\b", "x", text))


def _straight(names: list[str], props: dict[str, Node], required: set[str], ns: dict[str, Any], *, check_post: bool, root: bool) -> list[str]:
    """The straight-line reading: `obj(v, path, errs)`, or for the root `run(v)`, which
    returns the canonical arguments itself (no plan frame, no list unless a field needs a
    call) and hands everything else (a correction, a key to walk) to the plan's `SLOW`."""
    walk = "return SLOW(v)" if root else "return walk(v, path, errs)"
    lines = [
        "def run(v):" if root else "def obj(v, path, errs):",
        "    if type(v) is not dict:",
        "        return SLOW(v)" if root else "        return coerce(v, path, errs)",
        "    for k in v:",
        "        if type(k) is not str:",
        f"            {walk}",
        "    errs = None" if root else "    mark = len(errs)",
        "    out = None",
        "    bad = False",
        "    known = False",  # every key of v is a property name (checked before the first call)
        f"    n = {len([name for name in names if name in required])}",  # required fields are present or walked
    ]
    ns["KEYS"] = frozenset(names)
    drop = [] if root else ["del errs[mark:]"]
    for i, name in enumerate(names):
        node = props[name]
        ns[f"F{i}"] = node.fn
        ns[f"P{i}"] = child_path("", name)
        ns[f"S{i}"] = child_path("x", name)[1:]
        key = repr(name)
        fast = _rename(node.fast, node.consts, str(i), ns) if node.fast else None
        on_absent = [*("        " + d for d in drop), f"        {walk}"] if name in required else [
            "        if out is None:", "            out = dict(v)", f"        del out[{key}]"]
        call = [
            # before the first call: unknown or aliased keys go to the general walk now,
            # so no field is read twice
            "if not known:",
            "    if not KEYS.issuperset(v):",
            f"        {walk}",
            "    known = True",
            *(["if errs is None:", "    errs = []", f"p = P{i}"] if root else [f"p = P{i} if not path else path + S{i}"]),
            f"y = F{i}(x, p, errs)",
            "if y is not x:",
            "    if y is BAD:",
            f"        y = recover(F{i}, x, {key}, p, errs)",
            "    if y is BAD:",
            "        bad = True",
            "    elif y is ABSENT:",
            *on_absent,
            "    else:",
            "        if out is None:",
            "            out = dict(v)",
            f"        out[{key}] = y",
        ]
        lines += [f"    x = v.get({key}, M)", "    if x is not M:"] + ([] if name in required else ["        n += 1"])
        text = _text_reading(node.fn, i, ns)
        if fast and text:  # the common text rendering ("5", "true") read without a call
            lines += [f"        if not ({fast}):", f"            y = {text} if type(x) is str else None", "            if y is not None:",
                      "                if out is None:", "                    out = dict(v)", f"                out[{key}] = y", "            else:"]
            lines += ["                " + line for line in call]
        elif fast:
            lines.append(f"        if not ({fast}):")
            lines += ["            " + line for line in call]
        else:
            lines += ["        " + line for line in call]
        if name in required:
            lines += ["    else:", *("        " + d for d in drop), f"        {walk}"]
    lines += ["    if n != len(v):", *("        " + d for d in drop), f"        {walk}", "    result = v if out is None else out"]
    if root:
        if check_post:
            lines += ["    if errs is None:", "        errs = []", '    post(result, "", errs)']
        lines += ["    if errs:", "        raise CorrectionError(errs, tool=TOOL)", "    if bad:", "        return SLOW(v)", "    return result"]
        # a boundary bug in a node surfaces through the plan's own safety net, not here
        body = ["    " + line for line in lines[1:]]
        head = ["    if CCHK(v):", "        return v"] if "CCHK" in ns else []  # canonical arguments, tested whole in C
        return ["def run(v):", *head, "    try:", *body, "    except CorrectionError:", "        raise", "    except Exception:", "        return SLOW(v)"]
    if check_post:
        lines.append("    post(result, path, errs)")
    return [*lines, "    return BAD if bad else result"]
