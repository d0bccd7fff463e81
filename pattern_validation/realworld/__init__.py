"""Real-world configuration schemas shipped inside PyPI packages (not written here).

`manifest.json` says, for each schema, the package and version it came from, its path
inside the package, its licence and its split (`tuning` or `held-out`, from a hash of the
name, fixed before anything was measured).  Permissively licensed schemas are vendored in
`schemas/`; the rest are read from the installed package, or skipped with a reason.
`build.py` rebuilds the corpus from downloaded wheels.  The first 39 schemas (check-jsonschema,
nbformat, openapi-spec-validator) were added in session 23; 48 more from eight other packages
(cibuildwheel, cyclonedx-python-lib, dbt-core, jsonschema-specifications, poetry-core,
validate-pyproject, aws-sam-translator, cfn-lint) on 2026-11-27, split the same way and
measured once before any change was made for them.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

__all__ = ["entries", "load"]


def entries(split: str | None = None) -> list[dict[str, Any]]:
    """The manifest's rows, optionally one split's."""
    rows = json.loads((HERE / "manifest.json").read_text(encoding="utf-8"))
    return [r for r in rows if split is None or r["split"] == split]


def source(entry: dict[str, Any]) -> Path | None:
    """Where the schema's file is: vendored here, or inside the installed package."""
    if entry["file"]:
        return HERE / entry["file"]
    try:
        spec = importlib.util.find_spec(entry["module"])
    except ModuleNotFoundError:  # a subpackage of a package that is not installed
        return None
    if spec is None or spec.origin is None:
        return None
    path = Path(spec.origin).parent / entry["path"]
    return path if path.is_file() else None


def load(entry: dict[str, Any]) -> tuple[Any, str | None]:
    """`(schema, None)`, or `(None, why it is absent)`."""
    path = source(entry)
    if path is None:
        return None, (f"{entry['package']} ({entry['licence']}, {entry['bytes']:,} bytes; not vendored) is not "
                      f"installed: pip install {entry['package']}=={entry['version']}")
    return json.loads(path.read_text(encoding="utf-8")), None
