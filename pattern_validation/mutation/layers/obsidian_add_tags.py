# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from obsidian-mcp 2.1.6 (PyPI), file obsidian_mcp/server.py: the `add_tags_tool`
tool; file obsidian_mcp/tools/organization.py: `add_tags`, up to its first vault access; file
obsidian_mcp/utils/validators.py: `validate_note_path` and `sanitize_path` (the ones
`organization.py` imports through `obsidian_mcp.utils`); file obsidian_mcp/utils/validation.py:
`validate_tags`; file obsidian_mcp/constants.py: `MARKDOWN_EXTENSIONS` and the `ERROR_MESSAGES`
these checks use.  The tool takes a note path and a list of tags: the path must be a relative
vault path of at most 255 characters ending in `.md` or `.markdown`, without `..` and without
any of `< > : " | ? *` (the schema's pattern also asks for `.md` and no leading `/`); it is
then stripped of spaces and slashes at both ends; every tag must still be non-empty once `#`
prefixes and spaces are stripped off, and the list may hold at most 50.  MIT License,
Copyright (c) 2024 Nate Strong (natestrong/obsidian-mcp); see
https://opensource.org/licenses/MIT.  The helpers are verbatim, and so are the tool's and
`add_tags`'s statements but those listed below (checked by comparing ASTs with the wheel's
source).

Changes: the tool and `add_tags`, both `async` in the package, are plain functions; the tool,
registered with `@mcp.tool()` on FastMCP, is validated by pydantic against its signature (kept
as published: `Annotated` types with `Field` constraints, and an unannotated `ctx=None` that
FastMCP publishes as an argument of any type), as FastMCP does (not reproduced: FastMCP's
parsing of JSON text given for a non-string argument, and its ignoring of unknown arguments);
its docstring (the tool's description) is left out, and so is its last handler,
`except Exception` turning any other error (the vault's) into "Failed to add tags: ...".
`ToolError` (FastMCP's, an `Exception`) is a local class deriving from ValueError: FastMCP
turns it into an error result, a refusal the model reads.  In `add_tags`, everything from
`get_vault()` on (reading the note, rewriting its front matter, writing it back, reading it
again) is replaced by the implementation layer, which receives the sanitised path and the
cleaned tags.  `ERROR_MESSAGES` keeps the three messages these checks use, verbatim.

The implementation layer is ours.  SCHEMA is what the package's FastMCP (fastmcp 2.8.1, its
minimum version, with pydantic 2.11) derives from the signature: `Tool.parameters` of the
registered tool, `ctx` included.
"""

from __future__ import annotations

from typing import Annotated, Any, List, Optional, Tuple

from pydantic import Field, validate_call

SCHEMA: dict[str, Any] = {
    "properties": {
        "path": {
            "description": "Path to the note",
            "maxLength": 255,
            "minLength": 1,
            "pattern": "^[^/].*\\.md$",
            "title": "Path",
            "type": "string",
        },
        "tags": {
            "description": "List of tags to add to the note. Don't include the # symbol - it will be added "
                           "automatically. Supports hierarchical tags with forward slashes.",
            "examples": [["project", "urgent"], ["project/web", "project/mobile"],
                         ["work/meetings/standup", "work/meetings/planning"]],
            "items": {"type": "string"},
            "maxItems": 50,
            "minItems": 1,
            "title": "Tags",
            "type": "array",
        },
        "ctx": {"default": None, "title": "Ctx"},
    },
    "required": ["path", "tags"],
    "type": "object",
}
EXAMPLE: dict[str, Any] = {"path": "Projects/Q3 Launch/Retro notes.md",
                           "tags": ["#project/launch", "retro", "  q3-2026 "]}


class ToolError(ValueError):
    """Stands in for FastMCP's `ToolError` (an error result, a refusal the model reads)."""


# File extensions
MARKDOWN_EXTENSIONS = {".md", ".markdown"}

# Error messages - Actionable and specific
ERROR_MESSAGES = {
    "invalid_path": (
        "Invalid note path: '{path}'. "
        "Valid paths must: 1) End with .md or .markdown, 2) Use forward slashes (e.g., 'folder/note.md'), "
        "3) Not contain '..' or start with '/', 4) Not exceed 255 characters. "
        "Example: 'Daily/2024-01-15.md' or 'Projects/My Project.md'"
    ),
    "invalid_tags": (
        "Invalid tags provided. "
        "Tags must be non-empty strings without the # prefix. "
        "Example: ['project', 'urgent', 'review'] not ['#project', '', ' ']"
    ),
    "path_too_long": (
        "Path too long: {length} characters (max: 255). "
        "To fix: Use shorter folder/file names or reduce nesting depth"
    ),
}


def add_tags_tool_impl(path: str, tags: list[str]) -> Any:
    """The implementation layer (ours): where the package reads the note at `path`, adds `tags`
    to its front matter and writes it back."""
    return {"path": path, "tags": tags}


def validate_note_path(path: str) -> tuple[bool, Optional[str]]:
    """
    Validate a note path.
    
    Args:
        path: Path to validate
        
    Returns:
        Tuple of (is_valid, error_message)
    """
    if not path:
        return False, "Path cannot be empty"
    
    # Check length
    if len(path) > 255:
        return False, ERROR_MESSAGES["path_too_long"].format(length=len(path))
    
    # Check for path traversal attempts
    if ".." in path or path.startswith("/"):
        return False, ERROR_MESSAGES["invalid_path"].format(path=path)
    
    # Check extension
    if not any(path.endswith(ext) for ext in MARKDOWN_EXTENSIONS):
        return False, ERROR_MESSAGES["invalid_path"].format(path=path)
    
    # Check for invalid characters
    invalid_chars = ["<", ">", ":", '"', "|", "?", "*"]
    for char in invalid_chars:
        if char in path:
            return False, ERROR_MESSAGES["invalid_path"].format(path=path)
    
    return True, None


def sanitize_path(path: str) -> str:
    """
    Sanitize a path for use with Obsidian.
    
    Args:
        path: Path to sanitize
        
    Returns:
        Sanitized path
    """
    # Remove leading/trailing slashes and whitespace
    path = path.strip().strip("/")
    
    # Ensure .md extension
    if not any(path.endswith(ext) for ext in MARKDOWN_EXTENSIONS):
        path += ".md"
    
    return path


def validate_tags(tags: List[str]) -> Tuple[bool, Optional[str]]:
    """
    Validate a list of tags.
    
    Args:
        tags: List of tags to validate
        
    Returns:
        Tuple of (is_valid, error_message)
    """
    if not tags:
        return False, ERROR_MESSAGES["invalid_tags"]
    
    # Check each tag
    cleaned_tags = []
    for tag in tags:
        # Remove # prefix and strip whitespace
        cleaned = tag.lstrip("#").strip()
        if not cleaned:
            return False, ERROR_MESSAGES["invalid_tags"]
        cleaned_tags.append(cleaned)
    
    # Check count constraints
    if len(cleaned_tags) > 50:
        return False, f"Too many tags: {len(cleaned_tags)} (max: 50). Consider organizing with folders instead."
    
    return True, None


def add_tags(
    path: str,
    tags: List[str],
    ctx: Context = None
) -> dict:
    """
    Add tags to a note's frontmatter.
    
    Use this tool to add organizational tags to notes. Tags are added
    to the YAML frontmatter and do not modify the note's content.
    
    Args:
        path: Path to the note
        tags: List of tags to add (without # prefix)
        ctx: MCP context for progress reporting
        
    Returns:
        Dictionary containing updated tag list
        
    Example:
        >>> await add_tags("Projects/AI.md", ["machine-learning", "research"], ctx=ctx)
        {
            "path": "Projects/AI.md",
            "tags_added": ["machine-learning", "research"],
            "all_tags": ["ai", "project", "machine-learning", "research"]
        }
    """
    # Validate path
    is_valid, error_msg = validate_note_path(path)
    if not is_valid:
        raise ValueError(f"Invalid path: {error_msg}")
    
    path = sanitize_path(path)
    
    # Validate tags
    is_valid, error = validate_tags(tags)
    if not is_valid:
        raise ValueError(error)
    
    # Clean tags (remove # prefix if present) - validation already does this
    tags = [tag.lstrip("#").strip() for tag in tags if tag.strip()]
    
    if ctx:
        ctx.info(f"Adding tags to {path}: {tags}")
    
    return add_tags_tool_impl(path=path, tags=tags)


@validate_call
def add_tags_tool(
    path: Annotated[str, Field(
        description="Path to the note",
        pattern=r"^[^/].*\.md$",
        min_length=1,
        max_length=255
    )],
    tags: Annotated[List[str], Field(
        description="List of tags to add to the note. Don't include the # symbol - it will be added automatically. Supports hierarchical tags with forward slashes.",
        min_length=1,
        max_length=50,
        examples=[["project", "urgent"], ["project/web", "project/mobile"], ["work/meetings/standup", "work/meetings/planning"]]
    )],
    ctx=None
):
    """The interface layer: the package's tool, the vault replaced by the implementation."""
    try:
        return add_tags(path, tags, ctx)
    except (ValueError, FileNotFoundError) as e:
        raise ToolError(str(e))
