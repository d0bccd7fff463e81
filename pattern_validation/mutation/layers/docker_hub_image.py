# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from docker-hub-mcp 0.2.2 (PyPI), file docker_hub_mcp/server.py: the
`get_image_stats` and `get_publisher_images` tools (`get_image_stats_impl`,
`get_publisher_images_impl` and the `call_tool` handler they are dispatched by), `_normalize_image`,
`_validate_image_segment`, `_fetch_json`, `_sleep_with_jitter`, `_extract_retry_after`,
`_extract_image_info`, `_fmt_num`, `_text` and the constants they use.  `get_image_stats` looks
an image up on Docker Hub by a reference of one or two path segments: more than one `/` is
refused, a bare name gets the `library` namespace, and each segment must be 1-128 characters
matching `[a-z0-9]+(?:[._-][a-z0-9]+)*` (so upper case, a tag `:latest`, a digest `@sha256:...`,
a registry host and blanks around the name are all refused, nothing being stripped or
lower-cased), then URL-quoted into the repository path; the answer is Markdown with the counts
shortened (`1.2M`, `3.4B`, thousands with commas).  `get_publisher_images` lists a namespace's
repositories: the publisher checked as one segment, the limit clamped to 1-500 (never refused),
pages of at most 100 asked for until the limit or an empty page.  A missing or 404 answer is
"not found" text; 429 and 5xx answers are retried three times with jittered backoff.  Refusals
come back as a result with `isError` true ("Invalid input for ...: ..."), and so does any other
exception, unknown arguments included (a `TypeError` from the call), never raised.  MIT License
(docker-hub-mcp by GeniusTechnoMystic: the wheel's metadata says `License: MIT` and it ships no
licence file); see https://opensource.org/licenses/MIT.  The functions are verbatim, but for
the changes below (checked by comparing ASTs with the wheel's source: each vendored function and
constant, unparsed from both and compared with `ast.dump` after `async def` was read as `def`
and `await` dropped, is equal).

Changes: the handler and the tools are `async` in the package and plain functions here (`await`
dropped).  The package registers `call_tool` on the MCP SDK's low-level `Server` (mcp 2.x:
`on_call_tool`), which hands it the raw request without checking the arguments against the
schema; `get_image_stats` and `get_publisher_images` (ours) are that dispatch of a `tools/call`
request to `call_tool`, the arguments as given.  The SDK's `TextContent` and `CallToolResult`
are stand-ins keeping what they are given (shared with the split's other layers, in
`_mcp_stand_ins`); `httpx` (its exception classes) and the shared
`httpx.AsyncClient` are stand-ins whose `get` hands the URL and the query parameters on to the
implementation layer and answers a response with its status code, `Retry-After` header and
JSON; `asyncio` is a stand-in whose `sleep` returns at once; `logger` is a stand-in that drops
what it is given.  `TOOL_HANDLERS` holds the two tools (the package's holds four):
`search_images`, `batch_image_stats`, the tool list, the server and `main` are left out.

The implementation layer is ours: `hub_get` is where the package GETs a Docker Hub API URL; it
receives the URL and the query parameters and answers as Docker Hub does for one repository
(`/v2/repositories/NAMESPACE/REPO`) and for a namespace's repositories, paged
(`/v2/repositories/NAMESPACE`), here three, or None (a 404) for any other URL.  SCHEMA and
PUBLISHER_SCHEMA are what the package's server publishes: `input_schema` of the tools as its
tool list holds them, read from the package's own module under mcp 2.3.0 (the package asks for
mcp >= 1.0.0 and imports the mcp 2 `Server` with `on_call_tool`) in a throwaway venv with the
package installed.  They state a string, and a string with an integer: no name rule, no limit
bound (only the descriptions say "1-500").
"""

from __future__ import annotations

import random
import re
from types import SimpleNamespace
from typing import Any
from urllib.parse import quote

from pattern_validation.mutation.layers._mcp_stand_ins import CallToolResult, TextContent

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "image": {"type": "string", "description": "Docker image name: 'nginx', 'python', 'grafana/grafana', etc."}
    },
    "required": ["image"],
}
EXAMPLE: dict[str, Any] = {"image": "grafana/grafana"}
PUBLISHER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "publisher": {
            "type": "string",
            "description": "Docker Hub namespace/publisher (e.g. 'library', 'grafana', 'nginx').",
        },
        "limit": {"type": "integer", "description": "Max results (1-500, default: 100).", "default": 100},
    },
    "required": ["publisher"],
}
PUBLISHER_EXAMPLE: dict[str, Any] = {"publisher": "grafana", "limit": 2}

_REPOSITORIES: dict[str, list[dict[str, Any]]] = {
    ns: [{"name": name, "namespace": ns, "description": f"The {name} image.", "pull_count": pulls,
          "star_count": stars, "is_official": ns == "library", "is_verified": ns != "library",
          "is_automated": False, "last_updated": "2026-11-20T08:15:00.000000Z",
          "date_registered": "2015-06-01T10:00:00.000000Z", "affiliation": "", "user": ns}
         for name, pulls, stars in repos]
    for ns, repos in {"library": [("nginx", 12_345_678_901, 20950), ("python", 8_765_432_100, 9870),
                                  ("postgres", 1_234_567_890, 14100)],
                      "grafana": [("grafana", 4_321_098_765, 3400), ("loki", 987_654_321, 560),
                                  ("tempo", 54_321, 75)]}.items()}


def hub_get(url: str, params: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """The implementation layer (ours): where the package GETs `url` with `params` on Docker
    Hub.  Answers one repository, a page of a namespace's repositories, or None (a 404)."""
    path = url.removeprefix("https://hub.docker.com/v2/repositories/").split("/")
    repos = _REPOSITORIES.get(path[0], [])
    if len(path) == 2:
        return next((r for r in repos if r["name"] == path[1]), None)
    if len(path) == 1 and repos:
        size = int((params or {}).get("page_size", 10))
        page = int((params or {}).get("page", 1))
        return {"count": len(repos), "results": repos[(page - 1) * size:page * size]}
    return None


class _RequestError(Exception):
    """Stands in for `httpx.RequestError`."""


class _HTTPStatusError(Exception):
    """Stands in for `httpx.HTTPStatusError`."""


class _Response:
    """Stands in for an `httpx.Response`: the implementation's answer, or a 404 for None."""

    def __init__(self, data: Any) -> None:
        self._data = data
        self.status_code = 404 if data is None else 200
        self.headers: dict[str, str] = {}

    def raise_for_status(self) -> None:
        if self.status_code >= 400:
            raise _HTTPStatusError(f"HTTP {self.status_code}")

    def json(self) -> Any:
        return self._data


class _AsyncClient:
    """Stands in for the shared `httpx.AsyncClient`: `get` hands the call on to the
    implementation layer."""

    def get(self, url: str, params: dict[str, Any] | None = None, timeout: float | None = None) -> _Response:
        return _Response(hub_get(url, params=params))


#: stands in for httpx (the exception classes the package catches, the response type)
httpx = SimpleNamespace(RequestError=_RequestError, HTTPStatusError=_HTTPStatusError, Response=_Response,
                        AsyncClient=_AsyncClient)
_shared_client = _AsyncClient()
#: stands in for asyncio: `sleep` returns at once
asyncio = SimpleNamespace(sleep=lambda delay: None)


class _Logger:
    """Stands in for the package's logging logger: drops what it is given."""

    def warning(self, *args: Any, **kwargs: Any) -> None:
        return None

    error = exception = warning


logger = _Logger()


ServerRequestContext = Any
CallToolRequestParams = Any

DOCKER_HUB_BASE = "https://hub.docker.com"
MAX_RETRIES = 3
BASE_BACKOFF = 1.0   # seconds
MAX_BACKOFF = 30.0   # seconds — cap for exponential growth


VALID_IMAGE_SEGMENT = re.compile(r"^[a-z0-9]+(?:[._-][a-z0-9]+)*$")


def _validate_image_segment(name: str, label: str) -> str:
    """Validate a single Docker Hub image name segment (namespace or repo).

    Raises ValueError with a clear message if the segment is invalid.
    """
    if not name:
        raise ValueError(f"{label} cannot be empty")
    if len(name) > 128:
        raise ValueError(f"{label} too long: {len(name)} chars (max 128)")
    if not VALID_IMAGE_SEGMENT.fullmatch(name):
        raise ValueError(
            f"Invalid {label} '{name}': must match [a-z0-9]+(?:[._-][a-z0-9]+)*"
        )
    return name


def _normalize_image(image: str) -> tuple[str, str]:
    """Return (namespace, repo) for a Docker image reference.

    Validates both segments against Docker Hub naming rules and URL-quotes them.
    Raises ValueError if the image name is invalid.
    """
    if not image or not isinstance(image, str):
        raise ValueError("Image name must be a non-empty string")
    if image.count("/") > 1:
        raise ValueError(
            f"Invalid image name '{image}': too many path segments (expected 1 or 0 slashes)"
        )
    parts = image.split("/")
    if len(parts) == 1:
        namespace = "library"
        repo = parts[0]
    else:
        namespace = parts[0]
        repo = parts[1]
    namespace = _validate_image_segment(namespace, "namespace")
    repo = _validate_image_segment(repo, "repo")
    return namespace, repo


def _sleep_with_jitter(base: float, attempt: int, cap: float = MAX_BACKOFF) -> float:
    """Full Jitter (AWS recommended): random(0, min(cap, base * 2^attempt)).

    Per Marc Brooker's canonical analysis (AWS Architecture Blog, 2015):
    - Full Jitter has the lowest server load and fastest completion time
    - No state needed between retries
    - Maximum randomization prevents thundering herd synchronization
    - See: http-backoff-algorithms.md §3a
    """
    temp = min(cap, base * (2**attempt))
    return random.uniform(0, temp)


def _extract_retry_after(resp: httpx.Response) -> float | None:
    """Extract Retry-After header value (seconds or HTTP-date)."""
    val = resp.headers.get("Retry-After")
    if val is None:
        return None
    try:
        return float(val)
    except ValueError:
        # Could be an HTTP-date — fall back to exponential backoff
        return None


def _fetch_json(
    client: httpx.AsyncClient, url: str, params: dict[str, Any] | None = None
) -> dict[str, Any] | list[dict[str, Any]] | None:
    """GET a URL and return parsed JSON, with retry/backoff for transient errors.

    Retries up to *MAX_RETRIES* times on 429 (rate-limited) or 5xx
    (server error) responses, using exponential backoff with jitter.
    Honors the ``Retry-After`` header when present.
    """
    last_exc: Exception | None = None
    for attempt in range(MAX_RETRIES):
        try:
            resp = client.get(url, params=params, timeout=15.0)
        except httpx.RequestError as exc:
            last_exc = exc
            if attempt < MAX_RETRIES - 1:
                delay = _sleep_with_jitter(BASE_BACKOFF, attempt)
                logger.warning(
                    "Request error on attempt %d/%d: %s — retrying in %.1fs",
                    attempt + 1, MAX_RETRIES, exc, delay,
                )
                asyncio.sleep(delay)
                continue
            break

        if resp.status_code == 429:
            if attempt < MAX_RETRIES - 1:
                retry_after = _extract_retry_after(resp) or _sleep_with_jitter(
                    BASE_BACKOFF, attempt
                )
                logger.warning(
                    "Rate limited (429) on attempt %d/%d — retrying in %.1fs",
                    attempt + 1, MAX_RETRIES, retry_after,
                )
                asyncio.sleep(retry_after)
                continue
            logger.error(
                "Rate limited (429) on final attempt %d/%d for %s",
                attempt + 1, MAX_RETRIES, url,
            )
            return None

        if 500 <= resp.status_code < 600:
            if attempt < MAX_RETRIES - 1:
                delay = _sleep_with_jitter(BASE_BACKOFF, attempt)
                logger.warning(
                    "Server error %d on attempt %d/%d — retrying in %.1fs",
                    resp.status_code, attempt + 1, MAX_RETRIES, delay,
                )
                asyncio.sleep(delay)
                continue
            logger.error(
                "Server error %d on final attempt %d/%d for %s",
                resp.status_code, attempt + 1, MAX_RETRIES, url,
            )
            return None

        if resp.status_code == 404:
            return None  # not found — not retryable

        # Any other status code — raise so caller can handle it
        try:
            resp.raise_for_status()
        except httpx.HTTPStatusError as exc:
            last_exc = exc
            if attempt < MAX_RETRIES - 1:
                delay = _sleep_with_jitter(BASE_BACKOFF, attempt)
                logger.warning(
                    "HTTP error %d on attempt %d/%d — retrying in %.1fs",
                    resp.status_code, attempt + 1, MAX_RETRIES, delay,
                )
                asyncio.sleep(delay)
                continue
            break

        return resp.json()

    logger.error(
        "All %d retries exhausted for %s — last error: %s",
        MAX_RETRIES, url, last_exc or "unknown",
    )
    return None


def _extract_image_info(data: Any) -> dict[str, Any] | None:
    """Normalise a v2 single-repo response into a flat dict."""
    if not isinstance(data, dict):
        return None
    return {
        "name": data.get("name", ""),
        "namespace": data.get("namespace", ""),
        "description": data.get("description", ""),
        "pull_count": data.get("pull_count", 0),
        "star_count": data.get("star_count", 0),
        "is_official": data.get("is_official", False),
        "is_verified": data.get("is_verified", False),
        "is_automated": data.get("is_automated", False),
        "last_updated": data.get("last_updated", ""),
        "date_registered": data.get("date_registered", ""),
        "affiliation": data.get("affiliation", ""),
        "hub_user": data.get("user", ""),
    }


def _fmt_num(n: Any) -> str:
    """Format large numbers with friendly suffixes."""
    try:
        n_int = int(n)
    except (ValueError, TypeError):
        return str(n)
    if n_int >= 1_000_000_000:
        return f"{n_int / 1_000_000_000:.1f}B"
    if n_int >= 1_000_000:
        return f"{n_int / 1_000_000:.1f}M"
    if n_int >= 1_000:
        return f"{n_int:,}"
    return str(n_int)


def _text(content: str) -> list[TextContent]:
    """Wrap text in a list of TextContent for MCP tool results."""
    return [TextContent(type="text", text=content)]


def get_image_stats_impl(image: str) -> str:
    namespace, repo = _normalize_image(image)
    url = f"{DOCKER_HUB_BASE}/v2/repositories/{quote(namespace, safe='')}/{quote(repo, safe='')}"
    data = _fetch_json(_shared_client, url)
    if not isinstance(data, dict):
        return f"Image '{image}' not found on Docker Hub."
    info = _extract_image_info(data)
    lines = [
        f"# {info['namespace']}/{info['name']}",
        f"**Description:** {info['description'] or '(none)'}",
        f"**Pull count:** {_fmt_num(info['pull_count'])}",
        f"**Star count:** {_fmt_num(info['star_count'])}",
        f"**Official:** {'✓ Yes' if info['is_official'] else 'No'}",
        f"**Verified:** {'✓ Yes' if info['is_verified'] else 'No'}",
        f"**Automated build:** {'Yes' if info['is_automated'] else 'No'}",
        f"**Last updated:** {info['last_updated']}",
        f"**Registered:** {info['date_registered']}",
        f"**Affiliation:** {info['affiliation'] or '(none)'}",
        f"**Hub user:** {info['hub_user'] or '(none)'}",
    ]
    return "\n".join(lines)


def get_publisher_images_impl(publisher: str, limit: int = 100) -> str:
    limit = min(max(limit, 1), 500)
    results: list[dict[str, Any]] = []
    page = 1
    fetched = 0
    page_size = min(limit, 100)

    while fetched < limit:
        url = f"{DOCKER_HUB_BASE}/v2/repositories/{quote(_validate_image_segment(publisher, 'publisher'), safe='')}"
        params = {"page": page, "page_size": min(page_size, limit - fetched)}
        data = _fetch_json(_shared_client, url, params)
        if data is None:
            break
        items = data.get("results", []) if isinstance(data, dict) else []
        if not items:
            break
        for item in items:
            info = _extract_image_info(item)
            if info is not None:
                results.append(info)
            fetched += 1
            if fetched >= limit:
                break
        page += 1

    if not results:
        return f"No images found for publisher '{publisher}'."

    lines = [f"# Images by {publisher} ({len(results)} total)\n"]
    lines.append("| # | Name | Pulls | Stars | Official | Verified | Description |")
    lines.append("|---|------|-------|-------|----------|----------|-------------|")
    for i, info in enumerate(results, 1):
        if info is None:
            continue
        official = "✓" if info["is_official"] else ""
        verified = "✓" if info["is_verified"] else ""
        desc = (info["description"] or "")[:60]
        lines.append(
            f"| {i} | {info['name']} | {_fmt_num(info['pull_count'])} | {_fmt_num(info['star_count'])} | {official} | {verified} | {desc} |"
        )
    return "\n".join(lines)


def call_tool(
    ctx: ServerRequestContext, params: CallToolRequestParams
) -> CallToolResult:
    name = params.name
    args = params.arguments or {}

    handler = TOOL_HANDLERS.get(name)
    if handler is None:
        return CallToolResult(
            content=_text(f"Unknown tool: {name}"),
            isError=True,
        )

    try:
        result = handler(**args)
        return CallToolResult(content=_text(result))
    except ValueError as exc:
        return CallToolResult(
            content=_text(f"Invalid input for {name}: {exc}"),
            isError=True,
        )
    except Exception as exc:
        logger.exception("Tool %s failed", name)
        return CallToolResult(
            content=_text(f"Error executing {name}: {exc}"),
            isError=True,
        )


TOOL_HANDLERS = {
    "get_image_stats": get_image_stats_impl,
    "get_publisher_images": get_publisher_images_impl,
}


def get_image_stats(**arguments: Any) -> Any:
    """The interface (ours): the SDK's dispatch of a `tools/call` request for `get_image_stats`
    to the server's `call_tool` handler, the arguments as given."""
    return call_tool(None, SimpleNamespace(name="get_image_stats", arguments=arguments))


def get_publisher_images(**arguments: Any) -> Any:
    """The interface (ours): the SDK's dispatch of a `tools/call` request for
    `get_publisher_images` to the server's `call_tool` handler, the arguments as given."""
    return call_tool(None, SimpleNamespace(name="get_publisher_images", arguments=arguments))
