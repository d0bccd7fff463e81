# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from benspdf-mcp 0.3.0 (PyPI), file benspdf/mcp_server.py: the `pdf_render_pages` tool,
`_as_result` and `MAX_INLINE_IMAGES`; file benspdf/tools/render_pages.py: `render_pages`,
`_render_one`, `_clamp_dpi`, `fit_dpi`, `_read_error`, `_looks_encrypted`, `_summary` and their
constants; file benspdf/tools/page_spec.py: `FORMS`, `parse_pages`, `format_ranges` and `_span`;
and, from the `benscore` package the wheel ships beside it, file benscore/store.py: `resolve`,
`is_artifact`, `artifact_path` and their constants, file benscore/results.py: `ok` and `err`, and
file benscore/errors.py: `BensToolsError` and `ArtifactNotFound`.  The tool renders pages of a
PDF to PNG images.  `ref` is a file path (`~` expanded, a relative one resolved, a directory
refused) or, when it matches `art_` and eight lower-case hex digits with an optional extension,
a workspace artifact id.  `pages` is a page range in a string: `all`, or numbers and `a-b`
ranges separated by commas, case-folded and stripped, empty parts skipped, a reversed range
swapped (`9-3` is `3-9`), numbers outside the document clipped rather than refused (`0-100` of a
12-page file is 1-12); text that is not a number or range, and a spec selecting no page at all,
are refused, and an empty or missing one means every page (one of blanks alone is refused).  At most 20 pages are rendered, the
rest reported as truncated.  `dpi` is clamped to 36-600, never refused, and lowered for a page
whose longest edge would exceed 4000 pixels.  With `view`, the first five images come back with
the result.  Nothing is raised to the caller: every refusal is a result with `success` false and
an `error` saying what to do.  Apache License 2.0, Copyright (c) 2026 Benjamin Bergner
(benspdf-mcp); see https://www.apache.org/licenses/LICENSE-2.0.  The functions are verbatim, but
for the changes below (checked by comparing ASTs with the wheel's source: each vendored function,
class and constant, unparsed from both and compared with `ast.dump`, the tool's decorator set
aside, is equal).

Changes: the tool, registered with `@tool(mcp)` (benscore's decorator, which dedents the
docstring and calls `mcp.tool()` on the MCP SDK's `MCPServer`), is validated by pydantic against
its signature, as the SDK does (not reproduced: its parsing of JSON text given for a non-string
argument, and its ignoring of unknown arguments, which pydantic refuses here).  `benscore` (the
package, as the server names it) is a namespace over the vendored functions.  Stand-ins:
`workspace` (the artifact directory, ~/.benstools/work or BENSTOOLS_WORKSPACE) is a fixed
directory under the system's temporary one, holding two artifacts, a 12-page report whose page 7 is a 34 x 49 inch plan
and a password-protected file; `save` stores the PNG there under an id made from a hash of its
bytes instead of a random one; `pdfium` (pypdfium2) opens those two files by name, the first as
a document of page sizes whose pages `render` through the implementation layer, the second and
anything else failing as pdfium does ("Incorrect password error", "Data format error"); and
`Image`, `TextContent` and `CallToolResult` (the MCP SDK's image helper and result types) are
dataclasses keeping what they are given.

The implementation layer is ours: `render_page` is where the package rasterizes one page with
pdfium (`page.render(scale=...)`); it receives the file's name, the 1-based page number and the
scale, and answers a bitmap of the page's size at that scale.  SCHEMA is what the package's
server derives: `input_schema` of the tool registered with `mcp.tool()` on mcp 2.3.0's
`MCPServer` (the package asks for mcp >= 2.0.0), the tool's function copied from the wheel (the
package's own module, which imports pypdfium2 and Pillow, was not imported).  It states the
types and defaults only: no page syntax, no resolution bounds.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Dict, List, Optional, Sequence, Set, Union

from pydantic import validate_call

SCHEMA: dict[str, Any] = {
    "properties": {
        "ref": {"title": "Ref", "type": "string"},
        "pages": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None, "title": "Pages"},
        "dpi": {"default": 150, "title": "Dpi", "type": "integer"},
        "view": {"default": True, "title": "View", "type": "boolean"},
    },
    "required": ["ref"],
    "title": "pdf_render_pagesArguments",
    "type": "object",
}
EXAMPLE: dict[str, Any] = {"ref": "art_5e0c2a91.pdf", "pages": " 7, 3-1 ,", "dpi": 200, "view": True}

#: the two artifacts the stand-in workspace holds: page sizes in points, or pdfium's error
_DOCUMENTS: dict[str, Any] = {
    "art_5e0c2a91.pdf": [(595.28, 841.89)] * 6 + [(2448.0, 3528.0)] + [(595.28, 841.89)] * 5,
    "art_0b7d44e3.pdf": "Failed to load document (PDFium: Incorrect password error).",
}


def render_page(file_name: str, page: int, scale: float) -> Any:
    """The implementation layer (ours): where the package rasterizes page `page` (1-based) of
    the PDF `file_name` with pdfium at `scale` (pixels per point).  Answers a bitmap of the
    page's size at that scale."""
    width_pt, height_pt = _DOCUMENTS[file_name][page - 1]
    return _Bitmap(round(width_pt * scale), round(height_pt * scale), f"{file_name}#{page}@{scale:.4f}")


@dataclass
class _PilImage:
    """Stands in for the PIL image of a rendered page: its size, saved as PNG bytes."""

    width: int
    height: int
    label: str

    def save(self, buffer: Any, format: str = "PNG") -> None:
        buffer.write(b"\x89PNG\r\n\x1a\n" + f"{self.width}x{self.height} {self.label}".encode())


@dataclass
class _Bitmap:
    """Stands in for pypdfium2's `PdfBitmap`."""

    width: int
    height: int
    label: str

    def to_pil(self) -> _PilImage:
        return _PilImage(self.width, self.height, self.label)


class _Page:
    """Stands in for pypdfium2's `PdfPage`: its size, and `render` through the implementation."""

    def __init__(self, file_name: str, number: int) -> None:
        self._file_name, self._number = file_name, number

    def get_size(self) -> tuple[float, float]:
        return _DOCUMENTS[self._file_name][self._number - 1]

    def render(self, scale: float = 1) -> _Bitmap:
        return render_page(self._file_name, self._number, scale)


class PdfiumError(Exception):
    """Stands in for pypdfium2's `PdfiumError`."""


class _PdfDocument:
    """Stands in for `pypdfium2.PdfDocument`: the workspace's report opens, anything else fails
    as pdfium does."""

    def __init__(self, path: str) -> None:
        name = Path(path).name
        pages = _DOCUMENTS.get(name) if Path(path).parent == workspace() else None
        if not isinstance(pages, list):
            raise PdfiumError(pages if isinstance(pages, str) else "Failed to load document (PDFium: Data format error).")
        self._name, self._count = name, len(pages)

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index: int) -> _Page:
        if not 0 <= index < self._count:
            raise IndexError(index)
        return _Page(self._name, index + 1)

    def close(self) -> None:
        return None


#: stands in for pypdfium2
pdfium = SimpleNamespace(PdfDocument=_PdfDocument, PdfiumError=PdfiumError)

_WORKSPACE = Path(tempfile.gettempdir()) / "benstools-work-aacl"  # one path for every copy of the module


def workspace() -> Path:
    """Stands in for benscore's `workspace()`: a fixed temporary directory holding the two artifacts."""
    _WORKSPACE.mkdir(parents=True, exist_ok=True)
    for name in _DOCUMENTS:
        if not (_WORKSPACE / name).is_file():
            (_WORKSPACE / name).write_bytes(b"%PDF-1.7\n")
    return _WORKSPACE


def save(data: bytes, suffix: str = ".pdf") -> str:
    """Stands in for benscore's `save`: stores `data` in the workspace under an id made from its
    hash (the package's is random)."""
    artifact_id = f"art_{hashlib.sha1(data).hexdigest()[:8]}{suffix}"
    (workspace() / artifact_id).write_bytes(data)
    return artifact_id


@dataclass
class TextContent:
    """Stands in for `mcp.types.TextContent`."""

    type: str
    text: str


@dataclass
class CallToolResult:
    """Stands in for `mcp.types.CallToolResult`."""

    content: List[Any] = field(default_factory=list)
    structured_content: Optional[Dict[str, Any]] = None


@dataclass
class Image:
    """Stands in for the MCP SDK's `Image` helper."""

    data: bytes
    format: str

    def to_image_content(self) -> Dict[str, Any]:
        return {"type": "image", "data": base64.b64encode(self.data).decode(), "mimeType": f"image/{self.format}"}


Ref = Union[str, Path]


class BensToolsError(Exception):
    """Base class for all errors raised by the core layer and the tools on it."""


class ArtifactNotFound(BensToolsError):
    """A workspace artifact id was referenced but no longer exists."""



def ok(**fields: Any) -> Dict[str, Any]:
    """Build a successful result.

    Example:
        >>> ok(page_count=12)
        {'success': True, 'page_count': 12}
    """
    return {"success": True, **fields}


def err(message: str, **fields: Any) -> Dict[str, Any]:
    """Build a failed result.

    Args:
        message: Human and model readable explanation of what went wrong,
            ideally including what to do about it.
        **fields: Any extra context worth returning alongside the error.

    Example:
        >>> err("File not found: nope.pdf", file_exists=False)
        {'success': False, 'error': 'File not found: nope.pdf', 'file_exists': False}
    """
    return {"success": False, "error": message, **fields}



#: Prefix that marks a reference as a workspace artifact rather than a file path.
ARTIFACT_PREFIX = "art_"


#: Artifacts older than this are removed by :func:`prune`.
DEFAULT_MAX_AGE_DAYS = 7


# Deliberately strict: an 8 character hex body with an optional extension. A
# loose check would let a real file named "art_notes.pdf" in the current
# directory be mistaken for an artifact.
_ARTIFACT_RE = re.compile(r"^art_[0-9a-f]{8}(\.[A-Za-z0-9]+)?$")


def is_artifact(ref: Ref) -> bool:
    """True if ``ref`` looks like a workspace artifact id rather than a path."""
    return bool(_ARTIFACT_RE.match(str(ref).strip()))


def resolve(ref: Ref) -> Path:
    """Turn an artifact id *or* a filesystem path into a readable path.

    This is why every verb can take a single ``ref`` parameter: the first call
    in a chain gets a path from the user, and every later call gets an id.

    Args:
        ref: An artifact id like ``art_a1b2c3d4.pdf`` or any file path
            (``~`` is expanded, relative paths are resolved).

    Returns:
        Path to an existing file.

    Raises:
        ArtifactNotFound: The id is well formed but the artifact is gone,
            usually because it expired.
        FileNotFoundError: The path does not exist.
        IsADirectoryError: The path is a directory.
    """
    text = str(ref).strip()

    if is_artifact(text):
        path = workspace() / text
        if not path.exists():
            raise ArtifactNotFound(
                f"Artifact '{text}' no longer exists. Workspace artifacts expire "
                f"after {DEFAULT_MAX_AGE_DAYS} days. Re-run the operation from the "
                f"original source file."
            )
        return path

    path = Path(text).expanduser().resolve()
    if not path.exists():
        raise FileNotFoundError(f"File not found: {ref}")
    if path.is_dir():
        raise IsADirectoryError(f"Expected a file but got a directory: {ref}")
    return path


def artifact_path(artifact_id: str) -> Path:
    """Where an artifact lives, without requiring that it still does.

    ``resolve`` is the right call for reading, since it insists the file exists.
    This one is for *reporting*: a verb that has just produced an artifact returns
    both the id, which other tools take, and the path, which a person can open.
    Without the path, looking at a result means knowing the workspace convention
    and assembling the path by hand.
    """
    return workspace() / str(artifact_id).strip()



#: The forms accepted, quoted in every error message so a caller can recover.
FORMS = '"1-20", "3", "1,5,9-12", or "all"'


def parse_pages(spec: Any, page_count: int) -> Set[int]:
    """Read a page range spec into a set of 1-based page numbers.

    Out of range numbers are clipped to the document rather than refused, since a
    caller asking for "1-100" of a 12 page file has made their intent clear. A
    spec that selects nothing at all is an error, because silently returning
    nothing looks like a tool that does not work.

    Args:
        spec: A range string, or anything that reads as one.
        page_count: How many pages the document has.

    Returns:
        The selected page numbers, 1-based.

    Raises:
        ValueError: The spec cannot be read, or selects no pages.
    """
    text = str(spec).strip().lower()
    if not text:
        raise ValueError(f"pages was empty. Use a range like {FORMS}.")

    if text == "all":
        return set(range(1, page_count + 1))

    wanted: Set[int] = set()
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        try:
            if "-" in part.lstrip("-"):
                start_text, end_text = part.split("-", 1)
                start, end = int(start_text), int(end_text)
            else:
                start = end = int(part)
        except ValueError:
            raise ValueError(
                f"Could not read {part!r} as a page or page range. Use something "
                f"like {FORMS}."
            ) from None

        if start > end:
            start, end = end, start
        wanted.update(range(max(1, start), min(page_count, end) + 1))

    if not wanted:
        raise ValueError(
            f"pages={spec!r} selects no pages; the document has {page_count}."
        )
    return wanted


def format_ranges(numbers: Sequence[int]) -> str:
    """Page numbers as a range string: [1, 2, 3, 5] becomes "1-3,5".

    A group can cover thousands of pages, and a thousand integers is a poor way to
    say "all of them".
    """
    ordered = sorted(numbers)
    if not ordered:
        return ""

    parts: List[str] = []
    start = previous = ordered[0]

    for number in ordered[1:]:
        if number == previous + 1:
            previous = number
        else:
            parts.append(_span(start, previous))
            start = previous = number

    parts.append(_span(start, previous))
    return ",".join(parts)


def _span(start: int, end: int) -> str:
    return str(start) if start == end else f"{start}-{end}"



#: Most pages one call will render. Bulk work is a loop of calls, deliberately,
#: so the caller sees the cost.
_MAX_PAGES = 20


#: Default resolution. 150 dpi puts A4 at 1241 x 1754, which is comfortably above
#: what vision models keep after their own downscaling and still fine for a print
#: preview.
_DEFAULT_DPI = 150


#: Resolution bounds. Below 36 nothing is legible; above 600 the memory cost grows
#: faster than the usefulness.
_MIN_DPI = 36


_MAX_DPI = 600


#: Longest edge in pixels, whatever the resolution asked for. This is a memory
#: guard, not a quality choice: 4000 px on the long edge of an A4 is about 350 dpi.
_MAX_EDGE_PX = 4000


_PT_PER_INCH = 72.0


def render_pages(
    pdf_path: str,
    pages: Optional[str] = None,
    dpi: int = _DEFAULT_DPI,
) -> Dict[str, Any]:
    """Render pages of a PDF to PNG artifacts.

    Args:
        pdf_path: Path to an existing PDF file. Artifact ids are resolved by the
            caller, not here.
        pages: Which pages, as "1-20", "3", "1,5,9-12" or "all". Defaults to the
            first `_MAX_PAGES` pages.
        dpi: Resolution, clamped to a sane range and reduced per page if the
            result would be enormous.

    Returns:
        A result dict: ``pages`` with one entry per rendered page (its number,
        artifact id and pixel size), ``artifacts`` as a flat list ready for
        `export`, and a ``summary``.
    """
    path = Path(pdf_path).expanduser().resolve()

    if not path.exists():
        return err(
            f"File not found: {pdf_path}",
            file_path=str(path),
            file_exists=False,
        )

    requested_dpi = _clamp_dpi(dpi)

    try:
        document = pdfium.PdfDocument(str(path))
        page_count = len(document)
    except Exception as exc:  # noqa: BLE001 - return a reason, never raise
        return err(
            _read_error(path, exc),
            file_path=str(path),
            file_name=path.name,
            encrypted=_looks_encrypted(exc),
        )

    if page_count == 0:
        return err(
            f"{path.name} has no pages to render.",
            file_path=str(path),
            file_name=path.name,
            page_count=0,
        )

    try:
        wanted = (
            sorted(parse_pages(pages, page_count))
            if pages
            else list(range(1, page_count + 1))
        )
    except ValueError as exc:
        return err(
            str(exc),
            file_path=str(path),
            file_name=path.name,
            page_count=page_count,
        )

    selected, truncated = wanted[:_MAX_PAGES], len(wanted) > _MAX_PAGES

    rendered: List[Dict[str, Any]] = []
    failed: List[Dict[str, Any]] = []

    for number in selected:
        try:
            rendered.append(_render_one(document, number, requested_dpi))
        except Exception as exc:  # noqa: BLE001 - one bad page, not a bad document
            failed.append({"page": number, "error": f"{type(exc).__name__}: {exc}"})

    try:
        document.close()
    except Exception:  # noqa: BLE001 - nothing left to do about it
        pass

    if not rendered:
        return err(
            f"None of the {len(selected)} requested pages of {path.name} could be "
            f"rendered.",
            file_path=str(path),
            file_name=path.name,
            page_count=page_count,
            failed=failed,
        )

    return ok(
        file_path=str(path),
        file_name=path.name,
        page_count=page_count,
        format="png",
        dpi=requested_dpi,
        pages=rendered,
        artifacts=[entry["artifact"] for entry in rendered],
        rendered=len(rendered),
        truncated=truncated,
        failed=failed,
        summary=_summary(
            rendered=rendered,
            wanted=wanted,
            truncated=truncated,
            failed=failed,
            requested_dpi=requested_dpi,
            file_name=path.name,
        ),
    )


def _render_one(document: Any, number: int, dpi: int) -> Dict[str, Any]:
    """Rasterize one page and store it as a PNG artifact.

    The page pdfium draws is the page a reader sees — CropBox, with ``/Rotate``
    applied — which is the same page `pdf_page_layout` measures. Verified against
    it on rotated and cropped files, so the two verbs cannot disagree about what
    "the page" is.
    """
    page = document[number - 1]
    width_pt, height_pt = page.get_size()
    effective_dpi = fit_dpi(width_pt, height_pt, dpi)

    bitmap = page.render(scale=effective_dpi / _PT_PER_INCH)
    image = bitmap.to_pil()

    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    data = buffer.getvalue()

    artifact = save(data, ".png")
    entry: Dict[str, Any] = {
        "page": number,
        "artifact": artifact,
        # Both, deliberately: other tools take the id, a person opens the path.
        "path": str(artifact_path(artifact)),
        "width_px": image.width,
        "height_px": image.height,
        "dpi": effective_dpi,
        "size_bytes": len(data),
    }
    if effective_dpi != dpi:
        entry["dpi_reduced_from"] = dpi
    return entry


def _clamp_dpi(dpi: Any) -> int:
    """Keep the requested resolution inside the range that makes sense."""
    try:
        value = int(dpi)
    except (TypeError, ValueError):
        return _DEFAULT_DPI
    return max(_MIN_DPI, min(_MAX_DPI, value))


def fit_dpi(width_pt: float, height_pt: float, dpi: int) -> int:
    """Reduce resolution for a page whose render would be enormous.

    Large format pages are the case: a 34 x 49 inch plan at 150 dpi is 37.8
    megapixels, which is 113 MB of bitmap before it is even encoded.

    Public, unlike its neighbours, because `pdf_ocr` renders too and the two verbs
    must agree on how large a page is allowed to get.
    """
    longest_pt = max(abs(width_pt), abs(height_pt))
    if longest_pt <= 0:
        return dpi

    ceiling = int(_MAX_EDGE_PX * _PT_PER_INCH / longest_pt)
    return max(_MIN_DPI, min(dpi, ceiling))


def _read_error(path: Path, exc: Exception) -> str:
    """Turn a pdfium failure into something a caller can act on."""
    if _looks_encrypted(exc):
        return (
            f"{path.name} is encrypted and needs a password, so its pages cannot "
            f"be rendered. pdf_check_access reports its encryption and permissions "
            f"without opening it."
        )
    return f"Could not read {path.name} as a PDF: {type(exc).__name__}: {exc}"


def _looks_encrypted(exc: Exception) -> bool:
    """Is this failure a password problem?

    pdfium reports the reason in the message rather than in the exception type,
    so this reads the text. Wrong only in the direction of a less specific error
    message.
    """
    return "password" in str(exc).lower()


def _summary(
    *,
    rendered: List[Dict[str, Any]],
    wanted: List[int],
    truncated: bool,
    failed: List[Dict[str, Any]],
    requested_dpi: int,
    file_name: str,
) -> str:
    """One sentence: what was rendered, at what size, and where the limits bit."""
    numbers = format_ranges([entry["page"] for entry in rendered])
    first = rendered[0]
    count = len(rendered)
    subject = "1 page" if count == 1 else f"{count} pages"

    parts = [
        f"Rendered {subject} of {file_name} (page {numbers}) as PNG at "
        f"{first['dpi']} dpi, {first['width_px']} x {first['height_px']} px."
    ]

    reduced = [entry for entry in rendered if "dpi_reduced_from" in entry]
    if reduced:
        pages = format_ranges([entry["page"] for entry in reduced])
        parts.append(
            f"Page {pages} was too large to render at {requested_dpi} dpi and was "
            f"reduced to keep it under {_MAX_EDGE_PX} px on the longest edge."
        )

    if truncated:
        parts.append(
            f"{len(wanted)} pages were asked for and {_MAX_PAGES} is the limit per "
            f"call, so the rest were skipped; ask for a later range to continue."
        )

    if failed:
        pages = format_ranges([entry["page"] for entry in failed])
        parts.append(f"Page {pages} could not be rendered.")

    parts.append(
        "Pass the artifact ids to export to keep them, or open a page's path to "
        "look at it."
    )
    return " ".join(parts)



#: How many rendered pages come back as viewable images. Images cost roughly a
#: thousand tokens each, so the rest stay artifacts the caller can export or
#: render again in a narrower range.
MAX_INLINE_IMAGES = 5


def _as_result(
    payload: Dict[str, Any], images: Optional[List[str]] = None
) -> CallToolResult:
    """Wrap a tool payload, optionally with images the model can actually see.

    Returning a dict gets a tool structured output and nothing to look at.
    Returning image content gets something to look at and no structured output.
    A `CallToolResult` carries both, in the same ``{"result": ...}`` shape every
    other tool here produces, so the payload convention does not change just
    because this one verb has pictures.
    """
    blocks: List[Any] = []

    for artifact in images or []:
        try:
            data = benscore.resolve(artifact).read_bytes()
        except (benscore.ArtifactNotFound, OSError):
            continue  # the artifact id is still in the payload
        blocks.append(Image(data=data, format="png").to_image_content())

    blocks.append(
        TextContent(type="text", text=json.dumps(payload, indent=2, default=str))
    )
    return CallToolResult(content=blocks, structured_content={"result": payload})


@validate_call
def pdf_render_pages(
    ref: str,
    pages: Optional[str] = None,
    dpi: int = 150,
    view: bool = True,
) -> CallToolResult:
    """Render PDF pages to images, so a page can be looked at rather than read.

    Use it to see what a page looks like: checking a change landed (did a redaction
    remove content, did a split cut where intended), previewing, and pages where
    appearance is the content — handwriting, signatures, charts, checkbox state.

    For *reading* a scan prefer pdf_ocr, whose text layer is searchable and needs no
    vision model; render when OCR is unavailable or would mangle what matters.

    Every page is saved as a PNG artifact and its id returned. With `view`, the
    default, the first few images also come back to be looked at, since images are
    expensive in context. Limits are explicit: 20 pages per call, and resolution is
    reduced for a page that would be enormous — both reported, never silent.

    Args:
        ref: PDF file path, or a workspace artifact id.
        pages: Which pages: "1-20", "3", "1,5,9-12" or "all". Defaults to all, up
            to the per-call limit.
        dpi: Resolution, 36 to 600. 150 suits reading and previewing.
        view: Return the images to look at, not just artifact ids.
    """
    try:
        resolved = benscore.resolve(ref)
    except benscore.ArtifactNotFound as exc:
        return _as_result(benscore.err(str(exc), file_exists=False))
    except (FileNotFoundError, IsADirectoryError) as exc:
        return _as_result(benscore.err(str(exc), file_path=str(ref), file_exists=False))

    result = render_pages(str(resolved), pages=pages, dpi=dpi)

    if not (view and result.get("success")):
        return _as_result(result)

    shown = result["pages"][:MAX_INLINE_IMAGES]
    result["images_attached"] = len(shown)
    result["images_omitted"] = len(result["pages"]) - len(shown)
    if result["images_omitted"]:
        result["summary"] += (
            f" {result['images_attached']} of {len(result['pages'])} images are "
            f"shown here; the rest are artifacts."
        )

    return _as_result(result, images=[entry["artifact"] for entry in shown])



#: the package, as the server names it
benscore = SimpleNamespace(resolve=resolve, err=err, ok=ok, ArtifactNotFound=ArtifactNotFound)
