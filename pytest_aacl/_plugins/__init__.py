"""The pytest feature plugins, registered by `pytest_aacl.plugin` (the `aacl` entry point).

pytest glue only: hooks, options, fixtures, markers. The work they start lives with the
feature (`_fuzz_session`, `_integration`, `harness`), and each module here imports only
pytest and the standard library at import time (`integration` also its `_integration._state`,
which imports nothing more), so `-p aacl` stays cheap.

* `fuzz`: `aacl.fuzz`, `--aacl-target` items, the `aacl_tool` / `aacl_reset` fixtures
* `integration`: `aacl.integration`, recorded LLM tests (opt-in), cassettes, costs
* `harness`: `aacl.harness`, the `aacl_harness` / `aacl_provenance` fixtures
* `matrix`: `aacl.matrix`, the `aacl_model` fixture, the `aacl_matrix` marker
"""
