"""The compatibility matrix, written from test results: which model passes which feature.

A test is a cell when it takes the `aacl_model` fixture (parametrised over the ini list
`aacl_models`) or carries `@pytest.mark.aacl_matrix(model=..., feature=...)`. The feature is
the marker's `feature`, else the test function's name without `test_`. `--aacl-matrix PATH` writes the matrix
as Markdown to PATH and as JSON beside it (`.json`): pass / fail / not run per cell, with the
date (a replayed test keeps the date its cassette was recorded), what the evidence is (the
cassette's provenance: recorded or synthetic; live; simulated), the cassette and the cost.
"""

from __future__ import annotations

import datetime as _dt
import json
from pathlib import Path
from typing import Any

import pytest

_CELLS = pytest.StashKey[list[dict[str, Any]]]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("aacl-matrix", "pytest-aacl compatibility matrix")
    group.addoption("--aacl-matrix", metavar="PATH", default=None,
                    help="write the model x feature compatibility matrix as Markdown to PATH (and JSON beside it)")
    parser.addini("aacl_models", type="linelist", default=[],
                  help="models the aacl_model fixture is parametrised over, e.g. openai:gpt-4o-mini")


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_CELLS] = []
    config.addinivalue_line("markers", "aacl_matrix(model=None, feature=None): record this test as a "
                            "compatibility-matrix cell")
    path = config.getoption("aacl_matrix", None)
    if path and Path(path).is_dir():
        raise pytest.UsageError(f"--aacl-matrix {path} is a directory; pass a file path such as {Path(path) / 'MATRIX.md'}")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "aacl_model" not in metafunc.fixturenames:
        return
    models = metafunc.config.getini("aacl_models")
    if models:
        metafunc.parametrize("aacl_model", models, ids=models)
    else:
        metafunc.parametrize("aacl_model", [pytest.param(None, marks=pytest.mark.skip(
            reason="no models configured: list them in the ini option aacl_models"))], ids=["no-models"])


@pytest.fixture
def aacl_model(request: pytest.FixtureRequest) -> str:
    """The model string of this cell (from the ini list `aacl_models`)."""
    return str(request.param)


def _cell_of(item: pytest.Item) -> tuple[str, str] | None:
    marker = item.get_closest_marker("aacl_matrix")
    callspec = getattr(item, "callspec", None)
    model = marker.kwargs.get("model") if marker else None
    if model is None and callspec is not None:
        model = callspec.params.get("aacl_model")
    if model is None and marker is None:
        return None
    feature = (marker.kwargs.get("feature") if marker else None) or getattr(item, "originalname", item.name).removeprefix("test_")
    return str(model or "?"), str(feature)


_OUTCOME = pytest.StashKey[dict[str, Any]]()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Any:
    outcome = yield
    report = outcome.get_result()
    cell = _cell_of(item)
    if cell is None:
        return
    if report.when in ("setup", "call") and (report.when == "call" or not report.passed):
        status = "pass" if report.passed else ("not run" if report.skipped else "fail")
        reason = ""
        if report.failed:
            crash = getattr(report.longrepr, "reprcrash", None)
            text = crash.message if crash is not None else str(report.longrepr)
            reason = text.strip().splitlines()[0][:200] if text.strip() else "failed"
        elif report.skipped and isinstance(report.longrepr, tuple):
            reason = str(report.longrepr[2]).removeprefix("Skipped: ")
        item.stash[_OUTCOME] = {"status": status, "reason": reason, "cassette": _cassette(item)}
    if report.when != "teardown" or _OUTCOME not in item.stash:
        return
    # recorded at teardown: the cost is logged when the test's fixtures are torn down
    seen = item.stash[_OUTCOME]
    cassette = seen["cassette"]
    recorded = _recorded(item.config.rootpath / cassette) if cassette else None
    properties = dict(item.user_properties)
    evidence = _evidence(cell[0], item.config.rootpath / cassette if cassette else None)
    item.config.stash[_CELLS].append({
        "model": cell[0], "feature": cell[1], "status": seen["status"], "reason": seen["reason"],
        "test": item.nodeid, "date": evidence.pop("date", None) or recorded or _dt.date.today().isoformat(),
        "cassette": cassette, "cost": properties.get("aacl_cost_usd"), **evidence,
    })


def _evidence(model: str, cassette: Path | None) -> dict[str, Any]:
    """What a cell's evidence is (see `harness._matrix`): simulated by its model string, live
    without a cassette file, else what the cassette's provenance says (checked: a malformed
    one is named, not trusted)."""
    if model == "simulated" or model.startswith("simulated:"):
        return {"evidence": "simulated", "provenance": None}
    if cassette is None or not cassette.is_file():
        return {"evidence": "live", "provenance": None}
    from .._integration._provenance import cassette_evidence  # lazy: start-up (yaml)

    return cassette_evidence(cassette)


def _cassette(item: pytest.Item) -> str | None:
    """The test's cassette, relative to the rootdir when it lies inside it."""
    vcr = getattr(item, "funcargs", {}).get("vcr")
    if vcr is None:
        return None
    from .._compat.vcr import cassette_path  # lazy: start-up

    path = cassette_path(vcr)
    if not path:
        return None
    try:
        return Path(path).resolve().relative_to(item.config.rootpath.resolve()).as_posix()
    except ValueError:
        return str(path)


def _recorded(file: Path) -> str | None:
    """The date the cassette's last response was recorded (its `date` header)."""
    if not file.is_file():
        return None
    from .._integration._provenance import last_response_date  # lazy: start-up (yaml)

    return last_response_date(file)


def pytest_sessionfinish(session: pytest.Session) -> None:
    config = session.config
    cells = config.stash.get(_CELLS, [])
    workeroutput = getattr(config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["aacl_matrix_cells"] = json.dumps(cells)
        return
    path = config.getoption("aacl_matrix", None)
    if path and cells:
        from ..harness._matrix import matrix_json, matrix_markdown  # lazy: start-up

        command = "pytest " + " ".join(str(a) for a in config.invocation_params.args)
        Path(path).write_text(matrix_markdown(cells, command), encoding="utf-8")
        Path(path).with_suffix(".json").write_text(json.dumps(matrix_json(cells), indent=2), encoding="utf-8")


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    output = getattr(node, "workeroutput", None) or {}
    if "aacl_matrix_cells" in output:
        node.config.stash[_CELLS].extend(json.loads(output["aacl_matrix_cells"]))
