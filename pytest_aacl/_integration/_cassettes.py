"""Cassette files: safe YAML (de)serialisation, atomic writes, readable errors.

The serializer is registered on pytest-recording's VCR instance under the name ``yaml``,
so cassettes stay ordinary vcrpy cassettes (any vcrpy user can read them) while:

* loading uses PyYAML's *safe* loader only (no ``!!python/...`` tags at all);
* multi-line bodies (SSE streams) are written as literal blocks, so a reviewer can read
  a recorded stream line by line;
* pydantic-ai style ``parsed_body`` mappings and ``!!binary`` header values are accepted,
  so cassettes recorded by other tools replay too;
* a corrupt file raises :class:`CassetteError` naming the file, instead of vcrpy's
  default of treating it as empty and silently recording over it;
* YAML anchors / aliases are refused (a 519-byte alias bomb expands to gigabytes) and a
  file over :data:`MAX_BYTES` is refused before it is parsed;
* a save goes to ``.<name>.aacl-<pid>-<random>.tmp`` and replaces the cassette with ``os.replace``;
  temp files left by a killed process are removed by the next run.
"""

from __future__ import annotations

import json
import os
import re
import secrets
from pathlib import Path
from typing import Any

import yaml

from ._schema import binary_defects, defects
from ._scrub import Scrubber

try:  # the C implementations are much faster on big streamed bodies
    _SafeLoader: type = yaml.CSafeLoader
    _SafeDumper: type = yaml.CSafeDumper
except AttributeError:  # pragma: no cover - PyYAML built without libyaml
    _SafeLoader = yaml.SafeLoader
    _SafeDumper = yaml.SafeDumper


MAX_BYTES = 50 * 1024 * 1024
_TMP = re.compile(r"^\.(?P<name>.+)\.aacl-(?P<pid>\d+)-[0-9a-f]+\.tmp$")


class CassetteError(Exception):
    """A cassette exists but cannot be used; the message says which file and what to do."""

    def __init__(self, reason: str, path: str | os.PathLike[str] | None = None,
                 defects: list[str] | None = None) -> None:
        self.reason = reason
        self.path = None if path is None else os.fspath(path)
        self.defects = list(defects or [])
        super().__init__(self._message())

    def lines(self) -> list[str]:
        """One line per defect, each naming the file (the ``costs`` CLI prints these)."""
        where = self.path or "<cassette>"
        return [f"{where}: {d}" for d in self.defects] or [f"{where}: {self.reason}"]

    def _message(self) -> str:
        if self.defects:
            return "\n".join([f"cannot read cassette {self.path or '<text>'}: {self.reason}; fix the "
                              "file, or delete it and record it again:", *self.lines()])
        if self.path is None:
            return f"unreadable cassette: {self.reason}"
        return (
            f"cannot read cassette {self.path}: {self.reason}. "
            "Fix the file, or delete it and record it again."
        )

    def at(self, path: str | os.PathLike[str]) -> CassetteError:
        return CassetteError(self.reason, path, self.defects)


class _Dumper(_SafeDumper):  # type: ignore[misc,valid-type]
    """Safe dumper that writes multi-line strings as literal blocks."""


def _represent_str(dumper: Any, value: str) -> Any:
    style = "|" if "\n" in value and "\r" not in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _represent_str)


def dumps(data: Any) -> str:
    """YAML text for a cassette dict; falls back to plain style if a block would not round-trip."""
    text = yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=True, width=120)
    if yaml.load(text, Loader=_SafeLoader) != data:
        text = yaml.dump(data, Dumper=_SafeDumper, allow_unicode=True, sort_keys=True)
    return text


def _refuse_aliases(root: Any) -> None:
    """An alias makes the composed graph share a node: seeing one twice means an alias."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            raise CassetteError("it uses YAML anchors/aliases (&name / *name), which cassettes may "
                                "not use (an alias can expand a small file into gigabytes); "
                                "write the values out in full")
        seen.add(id(node))
        if isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
        elif isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                stack.extend((key, value))


def _safe_load(text: str) -> Any:
    loader = _SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _refuse_aliases(node)
        broken = binary_defects(node)
        if broken:
            raise CassetteError(f"{len(broken)} defect(s)", defects=broken)
        return loader.construct_document(node)
    finally:
        loader.dispose()


def _check_size(size: int, limit: int) -> None:
    if size > limit:
        raise CassetteError(f"it is {size / 1048576:.1f} MB, over the limit of "
                            f"{limit / 1048576:.0f} MB for a cassette; split the test or record "
                            "less (the limit is pytest_aacl._integration._cassettes.MAX_BYTES)")


def loads(text: str, limit: int | None = None) -> dict[str, Any]:
    """Parse and normalise cassette text; raises :class:`CassetteError` (no path) on bad input."""
    _check_size(len(text), MAX_BYTES if limit is None else limit)
    try:
        data = _safe_load(text)
    except yaml.constructor.ConstructorError as exc:
        raise CassetteError(f"unsafe or unknown YAML tag ({exc.problem}); cassettes are loaded "
                            "with a safe YAML loader only") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or type(exc).__name__
        raise CassetteError(f"invalid YAML{where} ({problem})") from None
    if not isinstance(data, dict) or not isinstance(data.get("interactions"), list):
        raise CassetteError("not a vcrpy cassette (no 'interactions' list at the top level)")
    problems = defects(data)
    if problems:
        raise CassetteError(f"{len(problems)} defect(s)", defects=problems)
    for interaction in data["interactions"]:
        _normalise(interaction["request"], is_request=True)
        _normalise(interaction["response"], is_request=False)
    return data


def _normalise(part: dict[str, Any], *, is_request: bool) -> None:
    headers = part.get("headers") or {}
    if not isinstance(headers, dict):
        side = "request" if is_request else "response"
        raise CassetteError(f"a {side}'s headers are a {type(headers).__name__}, not a mapping "
                            "of header name to values")
    part["headers"] = {
        str(name): [_text(v) for v in (values if isinstance(values, list) else [values])]
        for name, values in headers.items()
    }
    if "parsed_body" in part:  # pydantic-ai's serializer keeps JSON bodies as YAML mappings
        text = json.dumps(part.pop("parsed_body"), ensure_ascii=False)
        if is_request:
            part["body"] = text
        else:
            part["body"] = {"string": text}
    if is_request:
        part.setdefault("body", None)
        if not isinstance(part.get("method"), str) or not isinstance(part.get("uri"), str):
            raise CassetteError("a request has no method or uri")
    else:
        body = part.get("body")
        if not isinstance(body, dict):
            part["body"] = {"string": body if body is not None else ""}
        status = part.get("status")
        if not isinstance(status, dict) or "code" not in status:
            raise CassetteError("a response has no status code")
        status.setdefault("message", "")


def _text(value: Any) -> Any:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else value


def read(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Load a cassette file for inspection (the ``costs`` CLI); errors name the file."""
    try:
        _check_size(Path(path).stat().st_size, MAX_BYTES)
        text = Path(path).read_text(encoding="utf-8")
    except CassetteError as exc:
        raise exc.at(path) from None
    except FileNotFoundError:
        raise CassetteError("no such file", path) from None
    except IsADirectoryError:
        raise CassetteError("is a directory", path) from None
    except UnicodeDecodeError:
        raise CassetteError("not UTF-8 text", path) from None
    except OSError as exc:
        raise CassetteError(exc.strerror or str(exc), path) from None
    if not text.strip():
        raise CassetteError("the file is empty", path)
    try:
        return loads(text)
    except CassetteError as exc:
        raise exc.at(path) from None


class Serializer:
    """vcrpy serializer protocol (``serialize`` / ``deserialize``) over :func:`dumps` / :func:`loads`."""

    @staticmethod
    def deserialize(cassette_string: str) -> dict[str, Any]:
        from vcr.persisters.filesystem import CassetteNotFoundError

        if not cassette_string.strip():
            raise CassetteNotFoundError()  # vcrpy convention: an empty file is a missing one
        return loads(cassette_string)

    @staticmethod
    def serialize(cassette_dict: dict[str, Any]) -> str:
        return dumps(cassette_dict)


class Persister:
    """Wraps pytest-recording's persister: errors name the file, saves are scrubbed + atomic.

    ``fresh`` (record mode ``rewrite``) loads nothing, so the test records from scratch,
    while the committed file stays on disk until a complete recording replaces it.
    """

    def __init__(self, inner: Any, scrubber: Scrubber, fresh: bool = False) -> None:
        self.inner = inner
        self.scrubber = scrubber
        self.fresh = fresh

    def load_cassette(self, cassette_path: str, serializer: Any) -> Any:
        from vcr.persisters.filesystem import CassetteNotFoundError

        if self.fresh:
            raise CassetteNotFoundError()
        try:
            size = os.stat(cassette_path).st_size
        except OSError:
            size = 0
        try:
            _check_size(size, MAX_BYTES)
            return self.inner.load_cassette(cassette_path, serializer)
        except CassetteNotFoundError:
            raise
        except CassetteError as exc:
            raise exc.at(cassette_path) from None
        except UnicodeDecodeError:
            raise CassetteError("not UTF-8 text", cassette_path) from None
        except Exception as exc:  # vcrpy raises bare ValueError/KeyError on odd structures
            raise CassetteError(f"{type(exc).__name__}: {exc}", cassette_path) from None

    def save_cassette(self, cassette_path: str, cassette_dict: dict[str, Any], serializer: Any) -> None:
        from vcr.serialize import serialize

        text = serialize(cassette_dict, serializer)
        write_atomic(Path(cassette_path), dumps(_scrubbed(_safe_load(text), self.scrubber)))
        self.scrubber.written.append(str(cassette_path))


def _scrubbed(data: dict[str, Any], scrubber: Scrubber) -> dict[str, Any]:
    interactions = data.get("interactions", [])
    for interaction in interactions:  # learn every secret first ...
        scrubber.interaction_dict(interaction)
    for interaction in interactions:  # ... then replace what was learned late everywhere
        scrubber.interaction_dict(interaction)
    return data


def rescrub_written(scrubber: Scrubber) -> list[str]:
    """At the session's end, scrub again every cassette this process wrote whose text still
    holds a secret (or an encoded form of one) learned after it was written; returns them."""
    changed = []
    for path in dict.fromkeys(scrubber.written):
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError:
            continue
        if scrubber.text(text) != text:
            write_atomic(Path(path), dumps(_scrubbed(_safe_load(text), scrubber)))
            changed.append(path)
    return changed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # exists, owned by someone else
        return True
    return True


def remove_stale_temp_files(directory: Path) -> list[Path]:
    """Delete our temp files (``.<name>.aacl-<pid>-<random>.tmp``) whose writer is gone."""
    removed: list[Path] = []
    if not directory.is_dir():
        return removed
    for path in directory.rglob(".*.aacl-*.tmp"):
        match = _TMP.match(path.name)
        if match and not _alive(int(match["pid"])):
            try:
                path.unlink()
            except OSError:
                continue
            removed.append(path)
    return removed


def write_atomic(path: Path, text: str) -> None:
    """Write via a temp file in the same directory and ``os.replace``: all or nothing."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.parent / f".{path.name}.aacl-{os.getpid()}-{secrets.token_hex(4)}.tmp"
    try:
        with open(tmp, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
