"""The regression corpus: real failures captured once, replayed forever.

When a model run under the `aacl_harness` fixture in an integration test meets a real
failure (the boundary corrected a call, a structured response needed a retry, the model
gave up), the case is written to the corpus directory (ini `aacl_corpus`, default
`tests/aacl_corpus/`) as a small JSON file: the tool and its schema, the model's raw
arguments or response, what the boundary made of it (or which correction it gave), the
model and the date. Secrets are scrubbed before writing. A file is named by its content, so
the same failure seen again (a replayed cassette) is not written twice.

A team curates it like snapshots: review new files in the pull request, delete what is
noise, keep what is a real model habit. The boundary test suite asserts on the cases
(`case.check(tool)`), and the fuzzer replays each case for its tool before generating.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import _argcheck
from ._errors import CorrectionError, InvalidArgument

__all__ = ["CorpusCase", "load_corpus", "save_case"]

_SECRET_NAME = re.compile(r"(?i)(api[_-]?key|secret|token|password|passwd|authorization|bearer|credential|session)")
_SECRET_ENV = ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY", "GROQ_API_KEY",
               "OPENROUTER_API_KEY", "MISTRAL_API_KEY", "AZURE_OPENAI_API_KEY")


def _scrub(value: Any, secrets: tuple[str, ...]) -> Any:
    """Credential-named fields and any known secret value, wherever they appear, become REDACTED."""
    if isinstance(value, dict):
        return {k: ("REDACTED" if isinstance(k, str) and _SECRET_NAME.search(k) else _scrub(v, secrets)) for k, v in value.items()}
    if isinstance(value, list):
        return [_scrub(v, secrets) for v in value]
    if isinstance(value, str):
        for secret in secrets:
            value = value.replace(secret, "REDACTED")
    return value


@dataclass(frozen=True)
class CorpusCase:
    """One captured failure. `kind` is "tool_call", "response" or "give_up"."""

    path: Path
    kind: str
    tool: str | None
    model: str
    date: str
    raw: Any
    normalised: dict[str, Any] | None
    correction: dict[str, Any] | None
    schema: dict[str, Any] | None

    def check(self, tool: Any) -> None:
        """Assert `tool` still treats this case as it was reviewed: the same normalisation, or
        a correction with the same codes. Raises AssertionError naming the file otherwise."""
        try:
            got = tool.normalise_json(self.raw)
        except CorrectionError as error:
            codes = sorted({c.code for c in error.corrections})
            want = sorted(set((self.correction or {}).get("codes", [])))
            assert self.correction is not None, f"{self.path.name}: was normalised to {self.normalised}, now corrected: {codes}"
            assert codes == want, f"{self.path.name}: corrected with {want}, now with {codes}"
            return
        assert self.correction is None, f"{self.path.name}: was corrected ({self.correction.get('codes')}), now normalised to {got}"
        assert got == self.normalised, f"{self.path.name}: was normalised to {self.normalised}, now to {got}"


_KINDS = ("tool_call", "response", "give_up")


def save_case(directory: str | Path, *, kind: str, tool: str | None, model: str, raw: Any,
              normalised: dict[str, Any] | None = None, correction: dict[str, Any] | None = None,
              schema: dict[str, Any] | None = None, test: str = "", secrets: tuple[str, ...] = ()) -> Path:
    """Write one case (scrubbed) unless the same case is already there; return its path."""
    _argcheck.path("save_case", "directory", directory)
    _argcheck.choice("save_case", "kind", kind, _KINDS)
    _argcheck.text("save_case", "tool", tool, optional=True, example='tool="add"')
    _argcheck.text("save_case", "model", model, example='model="openai:gpt-4o-mini"')
    known = tuple(s for s in (*secrets, *(os.environ.get(v, "") for v in _SECRET_ENV)) if len(s) >= 8)
    body = _scrub({"kind": kind, "tool": tool, "model": model, "raw": raw, "normalised": normalised,
                   "correction": correction}, known)
    digest = hashlib.sha256(json.dumps(body, sort_keys=True, default=str).encode()).hexdigest()[:12]
    folder = Path(directory)
    target = folder / f"{_slug(tool or kind)}-{digest}.json"
    if target.exists():
        return target
    folder.mkdir(parents=True, exist_ok=True)
    document = {**body, "schema": schema, "date": _dt.date.today().isoformat(), "test": test}
    temporary = target.with_suffix(".json.tmp")
    temporary.write_text(json.dumps(document, indent=2, ensure_ascii=False, default=str) + "\n", encoding="utf-8")
    os.replace(temporary, target)
    return target


def load_corpus(directory: str | Path, tool: str | None = None) -> list[CorpusCase]:
    """Every case in `directory` (for one tool if named), in file-name order."""
    _argcheck.path("load_corpus", "directory", directory)
    _argcheck.text("load_corpus", "tool", tool, optional=True, example='tool="add"')
    folder = Path(directory)
    cases = []
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except ValueError as exc:
            raise InvalidArgument(f"load_corpus() got directory={str(directory)!r}, whose file {path.name} is not "
                                  f"valid JSON ({exc}); fix that file or delete it") from None
        if tool is not None and data.get("tool") != tool:
            continue
        cases.append(CorpusCase(path, data.get("kind", "tool_call"), data.get("tool"), data.get("model", ""),
                                data.get("date", ""), data.get("raw"), data.get("normalised"),
                                data.get("correction"), data.get("schema")))
    return cases


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text)[:60] or "case"
