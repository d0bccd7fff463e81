"""Valid calls of `handwritten`'s two tools (the vendored layers carry their own `EXAMPLE`):
the base every differential input varies one field of."""

from __future__ import annotations

from typing import Any

SEARCH_WEB: dict[str, Any] = {"query": "weather in Paris", "search_depth": "advanced", "max_results": 5,
                              "include_domains": ["arxiv.org"], "time_range": "week"}
CREATE_JSON: dict[str, Any] = {"filename": "report.json", "content": {"a": "b"}, "indent": 2, "overwrite": False}
