"""The boundary's options (`date_order`, `naive_datetime`, `synonyms`), checked in one place.

`boundary(..., date_order=...)` writes them into the schema as `x-aacl-*` keywords and the
compiler reads them back from any schema node: both check them here, so an option is
refused with the same message whichever way it arrives.
"""

from __future__ import annotations

from typing import Any

from .._errors import SpecError

__all__ = ["DATE_ORDERS", "NAIVE_DATETIME", "check_date_order", "check_naive_datetime", "check_node_options", "check_synonyms"]

DATE_ORDERS = {"DMY": "day first", "MDY": "month first", "YMD": "year first"}
NAIVE_DATETIME = {"reject": "ask for an offset", "utc": "assume UTC", "keep": "pass naive values"}


def _choices(table: dict[str, str]) -> str:
    return ", ".join(f"{k!r} ({v})" for k, v in table.items())


def check_date_order(value: Any, *, pointer: str, name: str = "date_order") -> None:
    if value not in DATE_ORDERS:
        raise SpecError(f"{name}={value!r} is not supported; pass {_choices(DATE_ORDERS)}", pointer=pointer)


def check_naive_datetime(value: Any, *, pointer: str, name: str = "naive_datetime") -> None:
    if value not in NAIVE_DATETIME:
        raise SpecError(f"{name}={value!r} is not supported; pass {_choices(NAIVE_DATETIME)}", pointer=pointer)


def check_synonyms(synonyms: Any, values: list[Any], *, pointer: str) -> None:
    """`{allowed value: [synonyms]}` for an enum with `values`; one word never means two values."""
    if not isinstance(synonyms, dict):
        raise SpecError('synonyms must map an allowed value to a list of synonyms, e.g. {"advanced": ["deep"]}', pointer=pointer)
    members = {v.casefold() for v in values if isinstance(v, str)}
    owners: dict[str, Any] = {}
    for target, words in synonyms.items():
        if target not in values:
            raise SpecError(f"synonyms name {target!r}, which is not one of the allowed values {values!r}", pointer=pointer)
        here = f"{pointer}/{str(target).replace('~', '~0').replace('/', '~1')}"
        if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
            raise SpecError(f"the synonyms of {target!r} must be a list of strings", pointer=here)
        clash = [w for w in words if w.casefold() in members and w.casefold() != str(target).casefold()]
        if clash:
            raise SpecError(f"synonym {clash[0]!r} of {target!r} is itself an allowed value; remove it", pointer=here)
        for word in words:  # one word for two values would be a silent guess at call time
            other = owners.setdefault(word.strip().casefold(), target)
            if other != target:
                raise SpecError(f"synonym {word!r} is declared for both {other!r} and {target!r}; keep it for one", pointer=here)


def check_node_options(schema: dict[str, Any], pointer: str) -> None:
    """The `x-aacl-*` options of one schema node (synonyms are checked with their enum)."""
    if "x-aacl-synonyms" in schema and "enum" not in schema:
        raise SpecError("x-aacl-synonyms applies only next to an enum (the values the synonyms map to); "
                        "move it into the enum schema", pointer=f"{pointer}/x-aacl-synonyms")
    if "x-aacl-date-order" in schema and schema["x-aacl-date-order"] is not None:
        check_date_order(schema["x-aacl-date-order"], pointer=f"{pointer}/x-aacl-date-order", name="x-aacl-date-order")
    if "x-aacl-naive-datetime" in schema and schema["x-aacl-naive-datetime"] is not None:
        check_naive_datetime(schema["x-aacl-naive-datetime"], pointer=f"{pointer}/x-aacl-naive-datetime", name="x-aacl-naive-datetime")
