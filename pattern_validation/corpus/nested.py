"""Shape `nested`: a contact tool taking two nested objects.

The defects are those of hand-written dict handling: indexing a JSON string as a dict,
nested keys never checked, `dict.get` silently ignoring a camelCase key, `or 0` defaults,
formats and enums of nested fields never checked, `int(None)`.
"""

from __future__ import annotations

import json
from typing import Any

from . import _kit as k
from ._manifest import Shape

COUNTRIES = ("US", "GB", "DE", "FR")

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "person": {
            "type": "object",
            "properties": {
                "name": {"type": "string", "minLength": 1, "maxLength": 80},
                "email": {"type": "string", "format": "email"},
                "age": {"type": "integer", "minimum": 0, "maximum": 150},
            },
            "required": ["name", "email"],
            "additionalProperties": False,
        },
        "address": {
            "type": "object",
            "properties": {
                "city": {"type": "string", "minLength": 1, "maxLength": 80},
                "postcode": {"type": "string", "pattern": "^[0-9]{5}$"},
                "country": {"type": "string", "enum": list(COUNTRIES)},
            },
            "required": ["city", "postcode", "country"],
            "additionalProperties": False,
        },
    },
    "required": ["person", "address"],
    "additionalProperties": False,
}

_PERSON = {"name": k.text(1, 80), "email": k.email(), "age": k.integer(0, 150)}
_ADDRESS = {"city": k.text(1, 80), "postcode": k.text(pattern="^[0-9]{5}$"), "country": k.choice(COUNTRIES)}
_PERSON_REQUIRED = ("name", "email")
_ADDRESS_REQUIRED = ("city", "postcode", "country")

SHAPE = Shape(
    __name__, "save_contact", SCHEMA,
    readers={"person": k.record(_PERSON, _PERSON_REQUIRED), "address": k.record(_ADDRESS, _ADDRESS_REQUIRED)},
    required=("person", "address"), backend="save_contact", doc="Save a contact; returns what was stored.",
)
ENTRIES = SHAPE.entries

SHAPE.controls("correct hand-written readers (dicts only, known keys only)")  # module attributes save_contact and save_contact_boundary


def _nested(fields: dict[str, k.Reader], required: tuple[str, ...], name: str, **swap: k.Reader) -> k.Reader:
    """The correct object reader with one nested reader swapped; tracebacks name the swapped one."""
    reader = k.record({**fields, **swap}, required)
    reader.defect_name = name  # type: ignore[attr-defined]
    return reader


def _person_indexed(field: str, value: Any) -> Any:
    out = {"name": value["name"], "email": value["email"]}  # a JSON string is indexed like a dict
    if "age" in value:
        out["age"] = value["age"]
    return k.record(_PERSON, _PERSON_REQUIRED)(field, out)


def _address_extra_keys(field: str, value: Any) -> Any:
    if not isinstance(value, dict):
        raise k.refuse("TYPE_ERROR", field, "an object", value)
    checked = k.record(_ADDRESS, _ADDRESS_REQUIRED)(field, {key: v for key, v in value.items() if key in _ADDRESS})
    return {**value, **checked}  # unknown keys ride along to the backend


def _address_get(field: str, value: Any) -> Any:
    if not isinstance(value, dict):
        raise k.refuse("TYPE_ERROR", field, "an object", value)
    known = {key: value.get(key) for key in _ADDRESS}  # "postCode" is silently ignored -> None
    return {key: None if v is None else _ADDRESS[key](f"{field}.{key}", v) for key, v in known.items()}


def _postcode_any_scalar(field: str, value: Any) -> Any:
    if isinstance(value, (int, str)) and len(str(value)) == 5:
        return value  # 94102 passes as an int
    raise k.refuse("PATTERN_MISMATCH", field, "five digits", value)


def _age_or_zero(field: str, value: Any) -> Any:
    return int(value or 0)  # "" / None / absent all become 0; "abc" crashes


def _age_digits_or_zero(field: str, value: Any) -> Any:
    return int(value) if str(value).isdigit() else 0  # "+30", " 30 ", "thirty" silently become 0


def _email_unchecked(field: str, value: Any) -> Any:
    return k.text()(field, value)  # the format is never checked


def _country_unchecked(field: str, value: Any) -> Any:
    return k.text()(field, value)  # "us", "USA", "zzz" all pass


def _person_age_by_key(field: str, value: Any) -> Any:
    if not isinstance(value, dict):
        raise k.refuse("TYPE_ERROR", field, "an object", value)
    person = k.record(_PERSON, _PERSON_REQUIRED)(field, {key: v for key, v in value.items() if key != "age"})
    if "age" in value:
        person["age"] = int(value["age"])  # the key is there but null: int(None) raises TypeError
    return person


_CONTACT = {"name": "Ada", "email": "ada@example.org"}
_HOME = {"city": "Berlin", "postcode": "10115", "country": "DE"}

SHAPE.planted("person_json_string_crash", "person", _person_indexed,
              trigger={"person": json.dumps(_CONTACT), "address": _HOME},
              intended={"person": _CONTACT, "address": _HOME},
              checks=("total", "no_silent_corruption", "rejects_invalid"),
              why="a person sent as a JSON string is indexed: TypeError escapes")
SHAPE.planted("address_extra_keys", "address", _address_extra_keys,
              trigger={"person": _CONTACT, "address": {**_HOME, "zz_extra": 1}}, intended=None,
              checks=("rejects_invalid", "typed_implementation"), why="unknown keys inside address reach the backend")
SHAPE.planted("address_camel_key_ignored", "address", _address_get,
              trigger={"person": _CONTACT, "address": {"city": "Berlin", "postCode": "10115", "country": "DE"}},
              intended={"person": _CONTACT, "address": _HOME},
              checks=("no_silent_corruption", "typed_implementation", "rejects_invalid"),
              why='dict.get ignores unknown keys such as "postCode": postcode None reaches the backend')
SHAPE.planted("postcode_int_passthrough", "address.postcode",
              _nested(_ADDRESS, _ADDRESS_REQUIRED, "_postcode_any_scalar", postcode=_postcode_any_scalar),
              trigger={"person": _CONTACT, "address": {**_HOME, "postcode": 10115}}, intended={"person": _CONTACT, "address": _HOME},
              checks=("no_silent_corruption", "typed_implementation"), why="a postcode sent as a number reaches the backend as an int")
SHAPE.planted("age_or_zero", "person.age", _nested(_PERSON, _PERSON_REQUIRED, "_age_or_zero", age=_age_or_zero),
              trigger={"person": {**_CONTACT, "age": 200}, "address": _HOME}, intended=None,
              checks=("rejects_invalid", "total", "no_silent_corruption"), why="int(value or 0): no bounds (age 200 passes), '' becomes 0")
SHAPE.planted("age_digits_or_zero", "person.age", _nested(_PERSON, _PERSON_REQUIRED, "_age_digits_or_zero", age=_age_digits_or_zero),
              trigger={"person": {**_CONTACT, "age": " 30 "}, "address": _HOME}, intended={"person": {**_CONTACT, "age": 30}, "address": _HOME},
              checks=("no_silent_corruption",), why='anything but plain digits becomes age 0 ("+30", " 30 ", "thirty")',
              blackbox=False)
SHAPE.planted("email_unchecked", "person.email", _nested(_PERSON, _PERSON_REQUIRED, "_email_unchecked", email=_email_unchecked),
              trigger={"person": {"name": "Ada", "email": "not an email"}, "address": _HOME}, intended=None,
              checks=("rejects_invalid", "no_silent_corruption"), why="the e-mail format is never checked (nor stripped)")
SHAPE.planted("country_unchecked", "address.country",
              _nested(_ADDRESS, _ADDRESS_REQUIRED, "_country_unchecked", country=_country_unchecked),
              trigger={"person": _CONTACT, "address": {**_HOME, "country": "de"}}, intended={"person": _CONTACT, "address": _HOME},
              checks=("no_silent_corruption", "rejects_invalid", "typed_implementation"),
              why='the country enum is never checked: "de" and "zzz_unknown" reach the backend')
SHAPE.planted("person_null_age_crash", "person.age", _person_age_by_key,
              trigger={"person": {**_CONTACT, "age": None}, "address": _HOME}, intended={"person": _CONTACT, "address": _HOME},
              checks=("total", "no_silent_corruption"), why="an explicit null age reaches int(None): TypeError escapes")
