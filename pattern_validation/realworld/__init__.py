"""Real-world configuration schemas shipped inside PyPI packages (not written here).

`manifest.json` says, for each schema, the package and version it came from, its path
inside the package, its licence and its split (`tuning` or `held-out`, from a hash of the
name, fixed before anything was measured).  Permissively licensed schemas are vendored in
`schemas/`; the rest are read from the installed package, or skipped with a reason.
`build.py` rebuilds the corpus from downloaded wheels.  The first 39 schemas (check-jsonschema,
nbformat, openapi-spec-validator) were added in session 23; 48 more from eight other packages
(cibuildwheel, cyclonedx-python-lib, dbt-core, jsonschema-specifications, poetry-core,
validate-pyproject, aws-sam-translator, cfn-lint) on 2026-11-27, split the same way and
measured once before any change was made for them.  Batch 3 (56 schemas, seven packages,
at most 10 per package) was measured once and then worked on; batch 4 (25 schemas, six
packages) was chosen and downloaded before that work and measured only after it, as the
fresh check.  Batch 5 (12 schemas, six packages) was added after all of that and measured
once, with no change made for it.  Batch 6 (six packages, chosen and downloaded before any change
of session 27) was measured once before anything was changed.  `validator()` is the benchmark's oracle.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

__all__ = ["entries", "load", "validator"]


def entries(split: str | None = None, *, references: bool = False) -> list[dict[str, Any]]:
    """The manifest's measured rows, optionally one split's; `references=True` adds the rows
    kept only so other schemas' `$ref`s resolve (a capped package's files left out of the sample)."""
    rows = json.loads((HERE / "manifest.json").read_text(encoding="utf-8"))
    return [r for r in rows if (split is None or r["split"] == split) and (references or r["split"] != "reference")]


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


def validator(schema: Any, registry: Any = None) -> Any:
    """The schema's own draft's validator, format checker on: the one its `$schema` names;
    without one, 2020-12, unless the schema is only a valid draft-07 schema (pydantic v1
    and many catalogs write tuple `items` and `definitions` with no `$schema`); `registry`
    (a `referencing.Registry`) holds the schemas its remote `$ref`s name."""
    import jsonschema

    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    if isinstance(schema, dict) and "$schema" not in schema:
        try:
            cls.check_schema(schema)
        except jsonschema.SchemaError:
            if jsonschema.Draft7Validator(jsonschema.Draft7Validator.META_SCHEMA).is_valid(schema):
                cls = jsonschema.Draft7Validator
    from jsonschema_specifications import REGISTRY
    from referencing import Registry

    # the drafts published at http:// are the same documents at https:// (schemas write both);
    # written here rather than imported from strategies/_refs.py: the oracle stays apart from
    # the code it judges
    aliases = Registry().with_resources((uri.replace("http://", "https://", 1), REGISTRY[uri])
                                        for uri in REGISTRY if uri.startswith("http://json-schema.org/"))
    registry = aliases if registry is None else registry.combine(aliases)
    return cls(schema, format_checker=cls.FORMAT_CHECKER, registry=registry)
