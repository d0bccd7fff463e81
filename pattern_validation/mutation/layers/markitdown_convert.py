# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from markitdown-mcp 0.0.1a8 (PyPI), file markitdown_mcp/__main__.py: the
`convert_to_markdown` tool and `check_plugins_enabled`; and from markitdown 0.1.9 (PyPI, the
library the tool calls, same authors), file markitdown/_markitdown.py: `MarkItDown.convert_uri`;
file markitdown/_uri_utils.py: `_is_unc_or_device_path`, `file_uri_to_path`, `parse_data_uri`;
file markitdown/_stream_info.py: `StreamInfo`; file markitdown/_exceptions.py: the exception
classes the tool catches.  The tool takes one URI and dispatches on its scheme: `file:` URIs
become local paths (UNC and Windows device paths refused, a host other than `localhost`
refused), `data:` URIs are split into a media type, `;key=value` attributes and a payload
(base64-decoded when marked `;base64`, percent-decoded otherwise), `http:` / `https:` URIs are
fetched, any other scheme is refused.  MIT License, SPDX-FileCopyrightText: 2024-present Adam
Fourney <adamfo@microsoft.com> (microsoft/markitdown; both wheels declare
`License-Expression: MIT` and ship no licence file); see https://opensource.org/licenses/MIT.
The tool and the helpers are verbatim, but for the changes below (checked by comparing ASTs
with the wheels' source).

Changes: the tool, an `async` function registered with `@mcp.tool()` on the MCP SDK's
`MCPServer`, is a plain function validated by pydantic against its signature (kept as
published), as `MCPServer` does (not reproduced: its parsing of JSON text given for a
non-string argument, and its ignoring of unknown arguments); its docstring (the tool's
description) is left out.  It returns what `convert_uri` returns instead of that result's
`.markdown` (the implementation layer stands in for the conversion, so there is no document to
take the text of).  `ToolError` (the SDK's, an `Exception`) is a local class deriving from
ValueError: the SDK turns it into an error result, a refusal the model reads.
`MarkItDown` keeps only `convert_uri` (verbatim); its constructor, its converters and its HTTP
session are the stand-in `_ConverterBackend`: where markitdown converts a local file
(`convert_local`), a byte stream (`convert_stream`) or a fetched response (`convert_response`),
the implementation layer receives the path, the decoded bytes with their media type and
charset, or the URL; nothing is read, fetched or converted.  `check_plugins_enabled` (it reads
MARKITDOWN_ENABLE_PLUGINS) is a stand-in returning False, the default.  `requests` is a
stand-in holding the two exception classes the tool catches (the project does not depend on
requests; nothing raises them here).  `FileConversionException` keeps its name and base but not
its constructor (it formats the failed converters' tracebacks).  `StreamInfo` is verbatim but
not mutated (a data class; its `copy_and_update` is reached only with a caller's `stream_info`,
which the tool never passes).  `file_uri_to_path` ends in `os.path.abspath`: a relative path
(`file:notes.txt`) becomes one under the working directory, as in the package.

The implementation layer is ours.  SCHEMA is what the package's `MCPServer` (mcp 2.3.0, in its
pinned range >= 2.1.1, < 3) derives from the signature: `inputSchema` of the registered tool.
The schema says only "a string": every rule on the URI lives in the code.
"""

from __future__ import annotations

import base64
import io
import ntpath
import os
from dataclasses import asdict, dataclass
from typing import Any, Dict, Optional, Tuple
from urllib.parse import unquote_to_bytes, urlparse
from urllib.request import url2pathname

from pydantic import validate_call

SCHEMA: dict[str, Any] = {
    "properties": {"uri": {"title": "Uri", "type": "string"}},
    "required": ["uri"],
    "title": "convert_to_markdownArguments",
    "type": "object",
}
EXAMPLE: dict[str, Any] = {"uri": "data:text/csv;charset=utf-8;base64,bmFtZSxxdHkKYXBwbGUsMwpwZWFyLDEyCg=="}


class ToolError(ValueError):
    """Stands in for the MCP SDK's `ToolError` (an error result, a refusal the model reads)."""


class requests:
    """Stand-in for the `requests` names the tool catches (nothing is fetched here)."""

    class exceptions:
        class RequestException(OSError):
            pass

        class HTTPError(RequestException):
            pass


class MarkItDownException(Exception):
    """
    Base exception class for MarkItDown.
    """

    pass


class UnsupportedFormatException(MarkItDownException):
    """
    Thrown when no suitable converter was found for the given file.
    """

    pass


class FileConversionException(MarkItDownException):
    """
    Thrown when a suitable converter was found, but the conversion
    process fails for any reason.
    """


def check_plugins_enabled() -> bool:
    """Stands in for the package's reader of MARKITDOWN_ENABLE_PLUGINS: the default, False."""
    return False


def convert_to_markdown_impl(**kwargs: Any) -> Any:
    """The implementation layer (ours): where markitdown converts a local file (`path`), a byte
    stream (`content`, `mimetype`, `charset`) or a fetched HTTP response (`url`) to markdown."""
    return kwargs


class _OfflineSession:
    """Stands in for markitdown's `requests.Session`: nothing is fetched; the response only
    knows its URL, and its status is never an error."""

    class _Response:
        def __init__(self, url: str) -> None:
            self.url = url

        def raise_for_status(self) -> None:
            return None

    def get(self, url: str, **kwargs: Any) -> Any:
        return self._Response(url)


class _ConverterBackend:
    """Stands in for the rest of markitdown's `MarkItDown`: its constructor, its HTTP session
    and its converters, each of which hands the implementation layer what it would convert."""

    def __init__(self, *, enable_plugins: bool = False, **kwargs: Any) -> None:
        self._requests_session = _OfflineSession()

    def convert_local(self, path: str, **kwargs: Any) -> Any:
        return convert_to_markdown_impl(path=path)

    def convert_stream(self, stream: io.BytesIO, *, stream_info: StreamInfo, **kwargs: Any) -> Any:
        return convert_to_markdown_impl(content=stream.getvalue(), mimetype=stream_info.mimetype,
                                        charset=stream_info.charset)

    def convert_response(self, response: Any, **kwargs: Any) -> Any:
        return convert_to_markdown_impl(url=response.url)


@dataclass(kw_only=True, frozen=True)
class StreamInfo:
    """The StreamInfo class is used to store information about a file stream.
    All fields can be None, and will depend on how the stream was opened.
    """

    mimetype: Optional[str] = None
    extension: Optional[str] = None
    charset: Optional[str] = None
    filename: Optional[str] = (
        None  # From local path, url, or Content-Disposition header
    )
    local_path: Optional[str] = None  # If read from disk
    url: Optional[str] = None  # If read from url

    def copy_and_update(self, *args, **kwargs):
        """Copy the StreamInfo object and update it with the given StreamInfo
        instance and/or other keyword arguments."""
        new_info = asdict(self)

        for si in args:
            assert isinstance(si, StreamInfo)
            new_info.update({k: v for k, v in asdict(si).items() if v is not None})

        if len(kwargs) > 0:
            new_info.update(kwargs)

        return StreamInfo(**new_info)


def _is_unc_or_device_path(path: str) -> bool:
    """Recognize Windows UNC and device namespace prefixes on any platform."""
    drive, _ = ntpath.splitdrive(path)
    return drive.replace("\\", "/").startswith("//")


def file_uri_to_path(file_uri: str) -> Tuple[str | None, str]:
    """Convert a file URI to a path, rejecting UNC and Windows device paths."""
    parsed = urlparse(file_uri)
    if parsed.scheme != "file":
        raise ValueError(f"Not a file URL: {file_uri}")

    decoded_path = unquote_to_bytes(parsed.path).replace(b"\\", b"/")
    if decoded_path.startswith(b"//"):
        raise ValueError(
            f"Unsupported file URI: {file_uri}. "
            "UNC and Windows device paths are not supported."
        )

    netloc = parsed.netloc if parsed.netloc else None
    path = url2pathname(parsed.path)
    if os.name == "nt" and path[:1] in "/\\" and path[2:3] == ":":
        path = path[1:]
    path = os.path.abspath(path)

    if _is_unc_or_device_path(path):
        raise ValueError(
            f"Unsupported file URI: {file_uri}. "
            "UNC and Windows device paths are not supported."
        )
    return netloc, path


def parse_data_uri(uri: str) -> Tuple[str | None, Dict[str, str], bytes]:
    if uri[:5].lower() != "data:":
        raise ValueError("Not a data URI")

    header, _, data = uri.partition(",")
    if not _:
        raise ValueError("Malformed data URI, missing ',' separator")

    meta = header[5:]  # Strip 'data:'
    parts = meta.split(";")

    is_base64 = False
    # Ends with base64?
    if parts[-1].lower() == "base64":
        parts.pop()
        is_base64 = True

    mime_type = None  # Normally this would default to text/plain but we won't assume
    if len(parts) and len(parts[0]) > 0:
        # First part is the mime type
        mime_type = parts.pop(0)

    attributes: Dict[str, str] = {}
    for part in parts:
        # Handle key=value pairs in the middle
        if "=" in part:
            key, value = part.split("=", 1)
            attributes[key.lower()] = value
        elif len(part) > 0:
            attributes[part.lower()] = ""

    content = base64.b64decode(data) if is_base64 else unquote_to_bytes(data)

    return mime_type, attributes, content


class MarkItDown(_ConverterBackend):
    """markitdown's converter, reduced to `convert_uri` (verbatim); the rest is the stand-in."""

    def convert_uri(
        self,
        uri: str,
        *,
        stream_info: Optional[StreamInfo] = None,
        file_extension: Optional[str] = None,  # Deprecated -- use stream_info
        mock_url: Optional[
            str
        ] = None,  # Mock the request as if it came from a different URL
        **kwargs: Any,
    ) -> DocumentConverterResult:
        uri = uri.strip()
        scheme = urlparse(uri).scheme.lower()

        # File URIs
        if scheme == "file":
            netloc, path = file_uri_to_path(uri)
            if netloc and netloc != "localhost":
                raise ValueError(
                    f"Unsupported file URI: {uri}. Netloc must be empty or localhost."
                )
            return self.convert_local(
                path,
                stream_info=stream_info,
                file_extension=file_extension,
                url=mock_url,
                **kwargs,
            )
        # Data URIs
        elif scheme == "data":
            mimetype, attributes, data = parse_data_uri(uri)

            base_guess = StreamInfo(
                mimetype=mimetype,
                charset=attributes.get("charset"),
            )
            if stream_info is not None:
                base_guess = base_guess.copy_and_update(stream_info)

            return self.convert_stream(
                io.BytesIO(data),
                stream_info=base_guess,
                file_extension=file_extension,
                url=mock_url,
                **kwargs,
            )
        # HTTP/HTTPS URIs
        elif scheme in ("http", "https"):
            response = self._requests_session.get(uri, stream=True)
            response.raise_for_status()
            return self.convert_response(
                response,
                stream_info=stream_info,
                file_extension=file_extension,
                url=mock_url,
                **kwargs,
            )
        else:
            raise ValueError(
                f"Unsupported URI scheme: {uri.split(':')[0]}. Supported schemes are: file:, data:, http:, https:"
            )


@validate_call
def convert_to_markdown(uri: str) -> str:
    """The interface layer: the package's tool, the conversion replaced by the implementation."""
    converter = MarkItDown(enable_plugins=check_plugins_enabled())
    try:
        return converter.convert_uri(uri)

    # SDK 2.x only exposes ToolError messages.
    except UnsupportedFormatException as exc:
        raise ToolError(str(exc)) from exc
    except requests.exceptions.HTTPError as exc:
        status = exc.response.status_code if exc.response is not None else "unknown"
        raise ToolError(
            f"Fetching the resource failed with HTTP status {status}."
        ) from exc
    except requests.exceptions.RequestException as exc:
        raise ToolError("Could not fetch the resource.") from exc
    except FileConversionException as exc:
        raise ToolError("File conversion failed.") from exc
    except OSError as exc:
        # str(exc) embeds the resolved path; errno's fixed strerror does not.
        detail = (
            os.strerror(exc.errno) if exc.errno else "the resource could not be read"
        )
        raise ToolError(f"Could not read the resource: {detail}.") from exc
    except ValueError as exc:
        # URI validation failures raised by convert_uri itself, which only
        # restate the URI the client supplied.
        raise ToolError(str(exc)) from exc
