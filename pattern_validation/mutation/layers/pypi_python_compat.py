# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from pypi-query-mcp-server 0.6.5 (PyPI), file pypi_query_mcp/server.py: the
`check_package_python_compatibility` tool; file pypi_query_mcp/tools/compatibility_check.py:
`check_python_compatibility`; file pypi_query_mcp/core/pypi_client.py: `PyPIClient` (its
constructor, context-manager methods, `_validate_package_name`, the cache helpers and
`get_package_info`); file pypi_query_mcp/core/version_utils.py: `VersionCompatibility` (its
constructor, `parse_requires_python`, the two classifier extractors and
`check_version_compatibility`); file pypi_query_mcp/core/exceptions.py: the four exception
classes these use.  The tool takes a package name and a target Python version: an empty or
blank name or version is refused; the name is normalised the PEP 503 way (lower case, runs of
`-`, `_` and `.` to one `-`) after the original is checked against
`^[a-zA-Z0-9]([a-zA-Z0-9._-]*[a-zA-Z0-9])?$`, and the project's JSON is fetched under the
normalised name; the target is parsed as a PEP 440 version (an unparsable one gives a result
with a warning, not a refusal) and checked against the project's Requires-Python, or, when that
is absent, against the `Programming Language :: Python :: X[.Y]` classifiers (the full version,
its major.minor or its major must be listed).  Nothing is raised to the caller: a refusal comes
back as a result `{"error": ..., "error_type": ...}`.  MIT License, Copyright (c) 2024 Hal
(loonghao/pypi-query-mcp-server); see https://opensource.org/licenses/MIT.  The functions,
classes and methods are verbatim, but for the changes below (checked by comparing ASTs with the
wheel's source).

Changes: the tool, `check_python_compatibility`, `get_package_info`, `close` and the async
context-manager methods are `async` in the package and plain here (`await` dropped,
`__aenter__`/`__aexit__` renamed `__enter__`/`__exit__`, `async with` a `with`).  The tool,
registered with `@mcp.tool()` on FastMCP, is validated by pydantic against its signature, as
FastMCP does (not reproduced: FastMCP's parsing of JSON text given for a non-string argument;
unknown arguments, which this FastMCP refuses, are refused by pydantic too).  In
`PyPIClient.__init__` the httpx client is not made, and `close` has none to close; in
`get_package_info`, `self._make_request(url)` (the GET of `https://pypi.org/pypi/<name>/json`
with retries, a 404 raising PackageNotFoundError) is a call of the implementation layer with
the same URL.  `packaging`'s `Version` and `SpecifierSet` are imported as the package imports
them (it asks for packaging < 25; this runs under whichever `packaging` is installed).

The implementation layer is ours: it answers as PyPI does, for any name, with the project's
JSON: `django` declares Requires-Python `>=3.10` and `requests` `>=3.8` (the two names the tool's
description gives as examples); any other name is answered as an old release that declares no
Requires-Python, only the classifiers of Python 3, 3.9, 3.10, 3.11 and 3.12 and of CPython and
PyPy; the project's name is the name in the URL it was asked for.  SCHEMA is what the package's
FastMCP derives: `Tool.parameters` of the registered tool under fastmcp 2.14.7 (the package asks
for fastmcp >= 2.0.0, < 3.0.0).  It states types only: no name format, no version format.
"""

from __future__ import annotations

import logging
import re
from typing import Any
from urllib.parse import quote, unquote

from packaging.specifiers import SpecifierSet
from packaging.version import InvalidVersion, Version
from pydantic import validate_call

logger = logging.getLogger(__name__)

SCHEMA: dict[str, Any] = {
    "properties": {
        "package_name": {"type": "string"},
        "target_python_version": {"type": "string"},
        "use_cache": {"default": True, "type": "boolean"},
    },
    "required": ["package_name", "target_python_version"],
    "type": "object",
}
EXAMPLE: dict[str, Any] = {"package_name": "Django_REST.framework", "target_python_version": "3.11.4", "use_cache": False}

_REQUIRES_PYTHON = {"django": ">=3.10", "requests": ">=3.8"}


def package_info_impl(url: str) -> dict[str, Any]:
    """The implementation layer (ours): where the package GETs `url` from PyPI's JSON API.
    Answers with the project's JSON as the module docstring says."""
    name = unquote(url.rstrip("/").split("/")[-2])
    classifiers = [f"Programming Language :: Python :: {v}" for v in ("3", "3.9", "3.10", "3.11", "3.12")]
    classifiers += ["Programming Language :: Python :: Implementation :: CPython",
                    "Programming Language :: Python :: Implementation :: PyPy"]
    return {"info": {"name": name, "version": "1.0.0", "requires_python": _REQUIRES_PYTHON.get(name),
                     "classifiers": classifiers}, "requested": url}


class PyPIError(Exception):
    """Base exception for PyPI-related errors."""

    def __init__(self, message: str, status_code: int | None = None):
        super().__init__(message)
        self.message = message
        self.status_code = status_code


class PackageNotFoundError(PyPIError):
    """Raised when a package is not found on PyPI."""

    def __init__(self, package_name: str):
        message = f"Package '{package_name}' not found on PyPI"
        super().__init__(message, status_code=404)
        self.package_name = package_name


class NetworkError(PyPIError):
    """Raised when network-related errors occur."""

    def __init__(self, message: str, original_error: Exception | None = None):
        super().__init__(message)
        self.original_error = original_error


class InvalidPackageNameError(PyPIError):
    """Raised when package name is invalid."""

    def __init__(self, package_name: str):
        message = f"Invalid package name: '{package_name}'"
        super().__init__(message, status_code=400)
        self.package_name = package_name


class PyPIClient:
    """Async client for PyPI JSON API."""

    def __init__(
        self,
        base_url: str = "https://pypi.org/pypi",
        timeout: float = 30.0,
        max_retries: int = 3,
        retry_delay: float = 1.0,
    ):
        """Initialize PyPI client.

        Args:
            base_url: Base URL for PyPI API
            timeout: Request timeout in seconds
            max_retries: Maximum number of retry attempts
            retry_delay: Delay between retries in seconds
        """
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.max_retries = max_retries
        self.retry_delay = retry_delay

        # Simple in-memory cache
        self._cache: dict[str, dict[str, Any]] = {}
        self._cache_ttl = 300  # 5 minutes

    def __enter__(self):
        """Async context manager entry."""
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        """Async context manager exit."""
        self.close()

    def close(self):
        """Close the HTTP client."""
        pass  # no HTTP client to close: the request is the implementation layer

    def _validate_package_name(self, package_name: str) -> str:
        """Validate and normalize package name.

        Args:
            package_name: Package name to validate

        Returns:
            Normalized package name

        Raises:
            InvalidPackageNameError: If package name is invalid
        """
        if not package_name or not package_name.strip():
            raise InvalidPackageNameError(package_name)

        # Normalize package name (convert to lowercase, replace _ with -)
        normalized = re.sub(r"[-_.]+", "-", package_name.lower())

        # Basic validation - package names should contain only alphanumeric, hyphens, dots, underscores
        if not re.match(r"^[a-zA-Z0-9]([a-zA-Z0-9._-]*[a-zA-Z0-9])?$", package_name):
            raise InvalidPackageNameError(package_name)

        return normalized

    def _get_cache_key(self, package_name: str, endpoint: str = "info") -> str:
        """Generate cache key for package data."""
        return f"{endpoint}:{package_name}"

    def _is_cache_valid(self, cache_entry: dict[str, Any]) -> bool:
        """Check if cache entry is still valid."""
        import time

        return time.time() - cache_entry.get("timestamp", 0) < self._cache_ttl

    def get_package_info(
        self, package_name: str, use_cache: bool = True
    ) -> dict[str, Any]:
        """Get comprehensive package information from PyPI.

        Args:
            package_name: Name of the package to query
            use_cache: Whether to use cached data if available

        Returns:
            Dictionary containing package information

        Raises:
            InvalidPackageNameError: If package name is invalid
            PackageNotFoundError: If package is not found
            NetworkError: For network-related errors
        """
        normalized_name = self._validate_package_name(package_name)
        cache_key = self._get_cache_key(normalized_name, "info")

        # Check cache first
        if use_cache and cache_key in self._cache:
            cache_entry = self._cache[cache_key]
            if self._is_cache_valid(cache_entry):
                logger.debug(f"Using cached data for package: {normalized_name}")
                return cache_entry["data"]

        # Make API request
        url = f"{self.base_url}/{quote(normalized_name)}/json"
        logger.info(f"Fetching package info for: {normalized_name}")

        try:
            data = package_info_impl(url)

            # Cache the result
            import time

            self._cache[cache_key] = {"data": data, "timestamp": time.time()}

            return data

        except Exception as e:
            logger.error(f"Failed to fetch package info for {normalized_name}: {e}")
            raise


class VersionCompatibility:
    """Utility class for Python version compatibility checking."""

    def __init__(self):
        """Initialize version compatibility checker."""
        # Common Python version patterns in classifiers
        self.python_classifier_pattern = re.compile(
            r"Programming Language :: Python :: (\d+(?:\.\d+)*)"
        )

        # Implementation-specific classifiers
        self.implementation_pattern = re.compile(
            r"Programming Language :: Python :: Implementation :: (\w+)"
        )

    def parse_requires_python(self, requires_python: str) -> SpecifierSet | None:
        """Parse requires_python field into a SpecifierSet.

        Args:
            requires_python: The requires_python string from package metadata

        Returns:
            SpecifierSet object or None if parsing fails
        """
        if not requires_python or not requires_python.strip():
            return None

        try:
            # Clean up the version specification
            cleaned = requires_python.strip()
            return SpecifierSet(cleaned)
        except Exception as e:
            logger.warning(f"Failed to parse requires_python '{requires_python}': {e}")
            return None

    def extract_python_versions_from_classifiers(
        self, classifiers: list[str]
    ) -> set[str]:
        """Extract Python version information from classifiers.

        Args:
            classifiers: List of classifier strings

        Returns:
            Set of Python version strings
        """
        versions = set()

        for classifier in classifiers:
            match = self.python_classifier_pattern.search(classifier)
            if match:
                version = match.group(1)
                versions.add(version)

        return versions

    def extract_python_implementations(self, classifiers: list[str]) -> set[str]:
        """Extract Python implementation information from classifiers.

        Args:
            classifiers: List of classifier strings

        Returns:
            Set of Python implementation names (CPython, PyPy, etc.)
        """
        implementations = set()

        for classifier in classifiers:
            match = self.implementation_pattern.search(classifier)
            if match:
                implementation = match.group(1)
                implementations.add(implementation)

        return implementations

    def check_version_compatibility(
        self,
        target_version: str,
        requires_python: str | None = None,
        classifiers: list[str] | None = None,
    ) -> dict[str, Any]:
        """Check if a target Python version is compatible with package requirements.

        Args:
            target_version: Target Python version (e.g., "3.9", "3.10.5")
            requires_python: The requires_python specification
            classifiers: List of package classifiers

        Returns:
            Dictionary containing compatibility information
        """
        result = {
            "target_version": target_version,
            "is_compatible": False,
            "compatibility_source": None,
            "details": {},
            "warnings": [],
            "suggestions": [],
        }

        try:
            target_ver = Version(target_version)
        except InvalidVersion as e:
            result["warnings"].append(f"Invalid target version format: {e}")
            return result

        # Check requires_python first (more authoritative)
        if requires_python:
            spec_set = self.parse_requires_python(requires_python)
            if spec_set:
                is_compatible = target_ver in spec_set
                result.update(
                    {
                        "is_compatible": is_compatible,
                        "compatibility_source": "requires_python",
                        "details": {
                            "requires_python": requires_python,
                            "parsed_spec": str(spec_set),
                            "check_result": is_compatible,
                        },
                    }
                )

                if not is_compatible:
                    result["suggestions"].append(
                        f"Package requires Python {requires_python}, "
                        f"but target is {target_version}"
                    )

                return result

        # Fall back to classifiers if no requires_python
        if classifiers:
            supported_versions = self.extract_python_versions_from_classifiers(
                classifiers
            )
            implementations = self.extract_python_implementations(classifiers)

            if supported_versions:
                # Check if target version matches any supported version
                target_major_minor = f"{target_ver.major}.{target_ver.minor}"
                target_major = str(target_ver.major)

                is_compatible = (
                    target_version in supported_versions
                    or target_major_minor in supported_versions
                    or target_major in supported_versions
                )

                result.update(
                    {
                        "is_compatible": is_compatible,
                        "compatibility_source": "classifiers",
                        "details": {
                            "supported_versions": sorted(supported_versions),
                            "implementations": sorted(implementations),
                            "target_major_minor": target_major_minor,
                            "check_result": is_compatible,
                        },
                    }
                )

                if not is_compatible:
                    result["suggestions"].append(
                        f"Package supports Python versions: {', '.join(sorted(supported_versions))}, "
                        f"but target is {target_version}"
                    )

                return result

        # No version information available
        result["warnings"].append(
            "No Python version requirements found in package metadata"
        )
        result["suggestions"].append(
            "Consider checking package documentation for Python version compatibility"
        )

        return result


def check_python_compatibility(
    package_name: str, target_python_version: str, use_cache: bool = True
) -> dict[str, Any]:
    """Check if a package is compatible with a specific Python version.

    Args:
        package_name: Name of the package to check
        target_python_version: Target Python version (e.g., "3.9", "3.10.5")
        use_cache: Whether to use cached package data

    Returns:
        Dictionary containing compatibility information

    Raises:
        InvalidPackageNameError: If package name is invalid
        PackageNotFoundError: If package is not found
        NetworkError: For network-related errors
    """
    if not package_name or not package_name.strip():
        raise InvalidPackageNameError(package_name)

    if not target_python_version or not target_python_version.strip():
        raise ValueError("Target Python version cannot be empty")

    logger.info(
        f"Checking Python {target_python_version} compatibility for package: {package_name}"
    )

    try:
        with PyPIClient() as client:
            package_data = client.get_package_info(package_name, use_cache)

            info = package_data.get("info", {})
            requires_python = info.get("requires_python")
            classifiers = info.get("classifiers", [])

            # Perform compatibility check
            compat_checker = VersionCompatibility()
            result = compat_checker.check_version_compatibility(
                target_python_version, requires_python, classifiers
            )

            # Add package information to result
            result.update(
                {
                    "package_name": info.get("name", package_name),
                    "package_version": info.get("version", ""),
                    "requires_python": requires_python,
                    "supported_implementations": compat_checker.extract_python_implementations(
                        classifiers
                    ),
                    "classifier_versions": sorted(
                        compat_checker.extract_python_versions_from_classifiers(
                            classifiers
                        )
                    ),
                }
            )

            return result

    except PyPIError:
        # Re-raise PyPI-specific errors
        raise
    except Exception as e:
        logger.error(f"Unexpected error checking compatibility for {package_name}: {e}")
        raise NetworkError(f"Failed to check Python compatibility: {e}", e) from e


@validate_call
def check_package_python_compatibility(
    package_name: str, target_python_version: str, use_cache: bool = True
) -> dict[str, Any]:
    """Check if a package is compatible with a specific Python version.

    This tool analyzes a package's Python version requirements and determines
    if it's compatible with your target Python version.

    Args:
        package_name: The name of the PyPI package to check (e.g., 'django', 'requests')
        target_python_version: Target Python version to check (e.g., '3.9', '3.10.5', '3.11')
        use_cache: Whether to use cached package data (default: True)

    Returns:
        Dictionary containing detailed compatibility information including:
        - Compatibility status (True/False)
        - Source of compatibility information (requires_python or classifiers)
        - Detailed analysis and suggestions
        - Package version requirements

    Raises:
        InvalidPackageNameError: If package name is empty or invalid
        PackageNotFoundError: If package is not found on PyPI
        NetworkError: For network-related errors
    """
    try:
        logger.info(
            f"MCP tool: Checking Python {target_python_version} compatibility for {package_name}"
        )
        result = check_python_compatibility(
            package_name, target_python_version, use_cache
        )
        logger.info(f"Compatibility check completed for {package_name}")
        return result
    except (InvalidPackageNameError, PackageNotFoundError, NetworkError) as e:
        logger.error(f"Error checking compatibility for {package_name}: {e}")
        return {
            "error": str(e),
            "error_type": type(e).__name__,
            "package_name": package_name,
            "target_python_version": target_python_version,
        }
    except Exception as e:
        logger.error(f"Unexpected error checking compatibility for {package_name}: {e}")
        return {
            "error": f"Unexpected error: {e}",
            "error_type": "UnexpectedError",
            "package_name": package_name,
            "target_python_version": target_python_version,
        }
