"""The example tools built with the AACL boundary: the reference the campaign must find clean.

The implementation layer (`backend`) is strict and knows nothing about models; the
boundary is the whole interface layer, compiled from the shared schema.
"""

from __future__ import annotations

from pytest_aacl import boundary

from .backend import search, write_json
from .schemas import CREATE_JSON_SCHEMA, SEARCH_WEB_SCHEMA

__all__ = ["create_json", "search_web"]

search_web = boundary(search, schema=SEARCH_WEB_SCHEMA, name="search_web",
                      description="Search the web and return the matching pages.")
create_json = boundary(write_json, schema=CREATE_JSON_SCHEMA, name="create_json",
                       description="Create a JSON file from an object.")
