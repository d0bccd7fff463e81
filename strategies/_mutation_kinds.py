"""The mutation kinds of `invalid()`: the vocabulary of its records' `family` field.

Each kind names one way to break a field that no reading of the normalisation table can
rescue (`_invalid` makes them, `_space` lists them among each type's invalid classes).
"""

from __future__ import annotations

__all__ = ["MUTATIONS"]

#: Every mutation kind `invalid()` makes, most revealing first (the coverage pass's order),
#: with what it sends.  `_invalid.mutations()` refuses to make a kind not listed here, so
#: this table (rendered in docs/reference/families.md) is complete by construction.
MUTATIONS: dict[str, str] = {
    "non_integral": "a number with a fractional part for an integer field",
    "out_of_bounds": "a number just outside minimum / maximum / an exclusive bound",
    "not_a_number": "the text NaN or inf for a number field (float() reads both)",
    "missing_offset": "a date-time without a UTC offset where naive date-times are refused",
    "unknown_enum": "a value outside the enum that no case change or synonym can reach",
    "type_change": "a value of another JSON type that no reading turns into the field's type",
    "null_required": "null for a required, non-nullable field",
    "missing_required": "a required field left out",
    "too_long": "a string one character over maxLength",
    "too_short": "a string one character under minLength",
    "pattern_mismatch": "a string the field's pattern does not match",
    "impossible_date": "a date that does not exist (2025-02-30)",
    "bad_format": "a string that is not the field's format (email, ipv4, uuid, date-time)",
    "too_many_items": "a list one item over maxItems",
    "too_few_items": "a list one item under minItems",
    "typo_boolean": "a misspelt or non-boolean word for a boolean (ture, maybe, 2)",
    "unexpected_field": "a key the schema does not allow (additionalProperties: false)",
    "overflow": "number text past the largest double (\"1e400\": float() reads infinity)",
    "bool_for_number": "a JSON boolean for a number field (int(True) is 1)",
    "enum_contains_member": "text that merely contains an enum member: \"celsius please\", \"not celsius\"",
    "enum_separator_variant": "an enum member with its separators swapped: dark_mode -> \"dark-mode\", \"dark mode\"",
    "enum_prefix": "an enum member cut short: \"fahrenhe\"",
    "non_leap_day": "29 February of a century year that is not a leap year (1900-02-29)",
    "impossible_time": "a time of day that does not exist (24:00:00)",
    "duplicate_items": "a repeated item where uniqueItems is true",
    "described_bound": "a value the schema allows but the field's description rules out (\"from 1 to 500\": 501; \"at most 60 characters\": 61; \"One to 10 symbols\": 11 or none); judged by the advice check honours_description, not rejects_invalid",
    "reversed_range": "a closing field a day (or one) before its opening one: end_date before start_date, max_price below min_price; valid by the schema, judged by rejects_invalid as advice",
    "invalid_json_text": "a list or object sent as JSON text with one invalid item or property inside ('[1, \"a\"]' for a list of strings), or JSON text of another type ('{\"zz_unknown\": 1}' for a list)",
}
