# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from arxiv-mcp-server 0.8.2 (PyPI), file arxiv_mcp_server/tools/arxiv_ids.py: the
regular expressions, `is_valid_arxiv_id`, `normalize_arxiv_id`, `parse_arxiv_id`.  Apache
License 2.0, Copyright Joseph Blazick and contributors (blazickjp/arxiv-mcp-server); see
http://www.apache.org/licenses/LICENSE-2.0.  Verbatim; nothing else of the file is used.

The wrapper `download_paper` and its implementation layer are ours, shaped like the
package's tools that take a `paper_id` and refuse one `parse_arxiv_id` cannot read.
"""

from __future__ import annotations

import re
from typing import Any, Optional

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "paper_id": {"type": "string", "pattern": "^[0-9]{4}\\.[0-9]{4,5}(v[0-9]+)?$",
                     "description": "arXiv id, e.g. 2404.18922 or 2404.18922v3."},
        "check_status": {"type": "boolean", "default": False, "description": "Only report whether it is cached."},
    },
    "required": ["paper_id"],
    "additionalProperties": False,
}
EXAMPLE: dict[str, Any] = {"paper_id": "2404.18922v3", "check_status": False}

# Matches both new-style (YYMM.NNNNN) and old-style (cat/YYMMNNN) arXiv IDs,
# with optional version suffix (v1, v2, …).
_ARXIV_ID_RE = re.compile(
    r"^(\d{4}\.\d{4,5}(v\d+)?"  # new-style: 2404.18922 or 2404.18922v3
    r"|[a-z\-]+(/[a-z\-]+)?/\d{7}(v\d+)?)$",  # old-style: hep-ph/9901234
    re.IGNORECASE,
)

_PREFIX_RE = re.compile(r"^arxiv:", re.IGNORECASE)

# Cheap wrappers: optional scheme, optional www, arxiv.org/(abs|pdf)/ID[.pdf]
_URL_RE = re.compile(
    r"^(?:https?://)?(?:www\.)?arxiv\.org/(?:abs|pdf)/([^?#]+?)(?:\.pdf)?/?$",
    re.IGNORECASE,
)


def is_valid_arxiv_id(stem: str) -> bool:
    """Return True if *stem* looks like a valid arXiv paper ID."""
    return bool(_ARXIV_ID_RE.match(stem))


def normalize_arxiv_id(raw: str) -> str:
    """Strip whitespace, ``arxiv:`` prefixes, and common abs/pdf URL wrappers.

    Version suffixes (e.g. ``v7``) are preserved. Invalid input is returned
    in best-effort stripped form so callers can validate separately.
    """
    value = raw.strip()
    url_match = _URL_RE.match(value)
    if url_match:
        value = url_match.group(1).strip()
    # Query/fragment may remain if the caller passed a bare ID?query — drop them.
    value = value.split("?", 1)[0].split("#", 1)[0].strip()
    value = _PREFIX_RE.sub("", value).strip()
    return value


def parse_arxiv_id(raw: str) -> Optional[str]:
    """Normalize *raw* and return it only if it is a valid arXiv ID."""
    if not isinstance(raw, str):
        return None
    normalized = normalize_arxiv_id(raw)
    if not normalized or not is_valid_arxiv_id(normalized):
        return None
    return normalized


def download_paper_impl(paper_id: str, check_status: bool) -> dict[str, Any]:
    """The implementation layer (ours): what would fetch the paper."""
    return {"paper_id": paper_id, "check_status": check_status}


def download_paper(paper_id: Any, check_status: Any = False) -> dict[str, Any]:
    """The interface layer (ours): refuse an id the package's parser cannot read."""
    parsed = parse_arxiv_id(paper_id)
    if parsed is None:
        raise ValueError(f"Invalid arXiv paper ID: {paper_id!r}")
    return download_paper_impl(paper_id=parsed, check_status=bool(check_status))
