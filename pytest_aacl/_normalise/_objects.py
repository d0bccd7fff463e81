"""`object` nodes, compiled to Python source once per schema.

The generated function walks the received dict once, dispatching each key to inlined
code for its property: an already-canonical value is recognised by an inline type test
and kept (no call), so canonical arguments cost a dict walk and a few `type()` checks,
and the received dict itself is returned when nothing changed.
"""

from __future__ import annotations

import re
from typing import Any

from .._errors import Correction, render_value
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
from ._containers import any_node, parse_literal

__all__ = ["object_node"]

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
            y = props[name].fn(x, child_path(path, name), errs)
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

    namespace: dict[str, Any] = {
        "ABSENT": ABSENT, "BAD": BAD, "IDX": {name: i for i, name in enumerate(names)},
        "coerce": coerce, "extra": extra, "missing": missing, "post": post,
    }
    src = _generate(names, props, set(required), namespace, check_post=bool(lo is not None or hi is not None or depends))
    exec(compile(src, f"<aacl object {render_value(names, 60)}>", "exec"), namespace)
    obj = namespace["obj"]
    return Node(obj, expected)


def _generate(names: list[str], props: dict[str, Node], required: set[str], ns: dict[str, Any], *, check_post: bool) -> str:
    """Python source of `obj(v, path, errs)` for these properties (see the module docstring)."""
    lines = [
        "def obj(v, path, errs):",
        "    if type(v) is not dict:",
        "        return coerce(v, path, errs)",
        "    out = {}",
        "    changed = False",
        "    req = 0",
        "    for k, x in v.items():",
        "        i = IDX.get(k) if type(k) is str else None",
    ]
    for i, name in enumerate(names):
        node = props[name]
        ns[f"F{i}"] = node.fn
        ns[f"P{i}"] = child_path("", name)
        ns[f"S{i}"] = child_path("x", name)[1:]
        lines.append(f"        {'if' if i == 0 else 'elif'} i == {i}:")
        body = [
            f"y = F{i}(x, P{i} if not path else path + S{i}, errs)",
            "if y is not x:",
            "    changed = True",
            "    if y is ABSENT:",
            "        continue",
            "    x = y",
        ]
        if node.fast:
            fast = node.fast
            for const, value in node.consts.items():
                ns[f"{const}_{i}"] = value
                fast = re.sub(rf"\b{const}\b", f"{const}_{i}", fast)
            fast = re.sub(r"\bV\b", "x", fast)
            lines.append(f"            if not ({fast}):")
            lines.extend("                " + line for line in body)
        else:
            lines.extend("            " + line for line in body)
        lines.append("            out[k] = x")  # k is exactly the property name (an exact str)
        if name in required:
            lines.append("            req += 1")
    lines += [
        "        else:" if names else "        if True:",
        "            if extra(k, x, v, out, path, errs):",
        "                changed = True",
        f"    if req != {len(required)}:",
        "        changed = True",
        "        missing(out, v, path, errs)",
    ]
    if check_post:
        lines.append("    post(out, path, errs)")
    lines.append("    return out if changed else v")
    return "\n".join(lines) + "\n"
