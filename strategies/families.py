"""Named families of model-style renderings: the vocabulary of hallucination labels.

`Family` names every family; a member is the string that appears in a label's `family`
field and in the `aacl family: <name>` Hypothesis event, and equals that string
(`Family.INT_THOUSANDS == "int_thousands"`), so labels, finding keys, reports and saved
corpus cases carry plain names.  `FAMILIES` describes each one, ordered simplest first:
shrinking moves towards the families listed earlier (`Family` iterates in the same order).
"""

from __future__ import annotations

from enum import Enum
from types import MappingProxyType

__all__ = ["FAMILIES", "Family"]


class Family(str, Enum):
    """A family of model-style renderings; equal to, and printed as, its name.

    `str()`, `format()`, `repr()` and JSON give the plain name (`'int_thousands'`), so a
    record holding a member reads as it did when families were plain strings.
    """

    INT_STRING = "int_string"
    NUM_STRING = "num_string"
    BOOL_STRING = "bool_string"
    ENUM_NUMERIC_STRING = "enum_numeric_string"
    STRING_FROM_NUMBER = "string_from_number"
    NULL_FOR_OPTIONAL = "null_for_optional"
    LIST_SINGLE_SCALAR = "list_single_scalar"
    LIST_JSON_STRING = "list_json_string"
    OBJECT_JSON_STRING = "object_json_string"
    ENUM_CASE = "enum_case"
    BOOL_WORDS = "bool_words"
    BOOL_NUMERIC = "bool_numeric"
    INT_LEADING_ZEROS = "int_leading_zeros"
    INT_PLUS_SIGN = "int_plus_sign"
    INT_DECIMAL_FORM = "int_decimal_form"
    INT_INTEGRAL_FLOAT = "int_integral_float"
    INT_PADDED = "int_padded"
    NUM_PADDED = "num_padded"
    BOOL_PADDED = "bool_padded"
    ENUM_PADDING = "enum_padding"
    STRING_FORMAT_PADDED = "string_format_padded"
    QUOTED_SCALAR = "quoted_scalar"
    ENUM_QUOTED = "enum_quoted"
    NULL_WORDS = "null_words"
    INT_THOUSANDS = "int_thousands"
    NUM_THOUSANDS = "num_thousands"
    INT_EXPONENT = "int_exponent"
    NUM_EXPONENT = "num_exponent"
    INT_WORDS = "int_words"
    ENUM_SYNONYM = "enum_synonym"
    LIST_CSV = "list_csv"
    LIST_SEMICOLON = "list_semicolon"
    LIST_NEWLINES = "list_newlines"
    LIST_SPACES = "list_spaces"
    LIST_AND = "list_and"
    LIST_PYTHON_LITERAL = "list_python_literal"
    LIST_PYTHON_ESCAPED = "list_python_escaped"
    LIST_TYPED_ITEMS = "list_typed_items"
    SCALAR_AS_LIST = "scalar_as_list"
    VALUE_NAMED_OBJECT = "value_named_object"
    OBJECT_PYTHON_LITERAL = "object_python_literal"
    OBJECT_CODE_FENCE = "object_code_fence"
    KEY_CASE = "key_case"
    DATE_ISO_VARIANT = "date_iso_variant"
    DATE_TEXT = "date_text"
    DATE_NUMERIC = "date_numeric"
    DATE_AMBIGUOUS_NUMERIC = "date_ambiguous_numeric"
    DATETIME_OFFSET = "datetime_offset"
    DATETIME_NAIVE_UTC = "datetime_naive_utc"
    TIME_FORMATS = "time_formats"
    INT_DOT_THOUSANDS = "int_dot_thousands"
    NUM_DECIMAL_COMMA = "num_decimal_comma"
    DATETIME_FOR_DATE = "datetime_for_date"
    DATETIME_FOR_TIME = "datetime_for_time"
    DATETIME_OFFSET_FORMS = "datetime_offset_forms"
    UUID_FORMS = "uuid_forms"
    DURATION_UNITS = "duration_units"

    def __str__(self) -> str:
        return str.__str__(self)

    def __format__(self, spec: str) -> str:
        return str.__format__(self, spec)

    def __repr__(self) -> str:
        return str.__repr__(self)


#: family -> one-line description, simplest first (the shrink order).
FAMILIES: MappingProxyType[Family, str] = MappingProxyType(
    {
        Family.INT_STRING: 'an integer as its decimal text: 5 -> "5"',
        Family.NUM_STRING: 'a number as text: 3.5 -> "3.5", 0.5 -> ".5"',
        Family.BOOL_STRING: 'a boolean as "true" / "false"',
        Family.ENUM_NUMERIC_STRING: 'a numeric enum value as text: 2 -> "2"',
        Family.STRING_FROM_NUMBER: 'a numeric string sent as a JSON number: "94102" -> 94102',
        Family.NULL_FOR_OPTIONAL: "an absent optional field sent as null (or a null word for a non-string field)",
        Family.LIST_SINGLE_SCALAR: 'a one-item list sent as the bare item: ["a"] -> "a"',
        Family.LIST_JSON_STRING: 'a list as a JSON string: \'["a", "b"]\'',
        Family.OBJECT_JSON_STRING: "an object as a JSON string",
        Family.ENUM_CASE: 'an enum value in another letter case: "celsius" -> "Celsius"',
        Family.BOOL_WORDS: 'a boolean as a word: "yes", "No", "on", "T", "FALSE"',
        Family.BOOL_NUMERIC: 'a boolean as 1 / 0, "1" / "0" or 1.0 / 0.0',
        Family.INT_LEADING_ZEROS: 'an integer with leading zeros: 5 -> "05"',
        Family.INT_PLUS_SIGN: 'a positive integer with a plus sign: 5 -> "+5"',
        Family.INT_DECIMAL_FORM: 'an integer in decimal form: 5 -> "5.0"',
        Family.INT_INTEGRAL_FLOAT: "an integer sent as an integral JSON float: 4 -> 4.0",
        Family.INT_PADDED: 'an integer with surrounding whitespace: " 5 "',
        Family.NUM_PADDED: 'a number with surrounding whitespace: " 3.5\\n"',
        Family.BOOL_PADDED: 'a boolean word with surrounding whitespace: " true "',
        Family.ENUM_PADDING: 'an enum value with surrounding whitespace: " celsius "',
        Family.STRING_FORMAT_PADDED: 'a formatted string (email, uri, date, ...) or one its pattern fixes, with surrounding whitespace',
        Family.QUOTED_SCALAR: "a scalar, or a string its format or pattern fixes, inside one layer of quotes: '\"5\"', \"'true'\", '\"2025-04-03\"'",
        Family.ENUM_QUOTED: "an enum value inside one layer of quotes: '\"celsius\"'",
        Family.NULL_WORDS: 'null for a nullable field as a word: "null", "None", "n/a", "" (a free-text field: only "null", "None", "NULL", "undefined")',
        Family.INT_THOUSANDS: 'an integer with thousands separators: "1,000", "1 000", "1_000"',
        Family.NUM_THOUSANDS: 'a number with thousands separators: "1,000.5"',
        Family.INT_EXPONENT: 'an integer in exponent form: 1000 -> "1e3"',
        Family.NUM_EXPONENT: 'a number in exponent form: 1500.0 -> "1.5e3"',
        Family.INT_WORDS: 'an integer from -100 to 100 in words: "five", "twenty-one", "minus three"',
        Family.ENUM_SYNONYM: "an enum value as a synonym declared in x-aacl-synonyms",
        Family.LIST_CSV: 'a list as comma-separated text: "a,b" or "a, b"',
        Family.LIST_SEMICOLON: 'a list as semicolon-separated text: "a;b"',
        Family.LIST_NEWLINES: "a list as one item per line",
        Family.LIST_SPACES: 'a list as space-separated text (only when items cannot hold spaces)',
        Family.LIST_AND: 'a list as prose: "a and b", "a, b and c" (only when items cannot hold spaces)',
        Family.LIST_PYTHON_LITERAL: "a list as a Python literal string: \"['Age', 'Income']\"",
        Family.LIST_PYTHON_ESCAPED: "a list as a Python literal with \\u escapes: \"['M\\u00fcnchen']\"",
        Family.LIST_TYPED_ITEMS: 'list items wrapped with their type: [{"type": "float", "value": 1}]',
        Family.SCALAR_AS_LIST: 'a single value sent as a one-item list: "Ticket to Ride" -> ["Ticket to Ride"]',
        Family.VALUE_NAMED_OBJECT: 'a value wrapped in an object keyed by its own parameter name: {"location": "Seattle"}',
        Family.OBJECT_PYTHON_LITERAL: "an object as a Python dict literal string: \"{'math': 90}\"",
        Family.OBJECT_CODE_FENCE: "an object as JSON inside a Markdown code fence",
        Family.KEY_CASE: "a snake_case property key in camelCase, kebab-case or PascalCase",
        Family.DATE_ISO_VARIANT: 'an ISO date written differently: "2025-4-3", "2025/04/03", "20250403"',
        Family.DATE_TEXT: 'a date with a month name: "April 3, 2025", "3rd April 2025", "Jan.1,2022"',
        Family.DATE_NUMERIC: 'a numeric day/month date whose order can be told: "25/04/2025"',
        Family.DATE_AMBIGUOUS_NUMERIC: 'a numeric date whose day/month order cannot be told: "03/04/2025" (ambiguous)',
        Family.DATETIME_OFFSET: 'a date-time written differently, offset kept: "2025-04-03 14:30+0200"',
        Family.DATETIME_NAIVE_UTC: "a UTC date-time without offset, where the schema says naive means UTC",
        Family.TIME_FORMATS: 'a time of day written loosely: "3pm", "3:30 PM", "15h30"',
        Family.INT_DOT_THOUSANDS: 'an integer with dots as thousands separators: 1500 -> "1.500" (may be refused; only where the decimal reading is not whole)',
        Family.NUM_DECIMAL_COMMA: 'a number with a decimal comma: 3.5 -> "3,5", 1000.5 -> "1.000,5" (may be refused)',
        Family.DATETIME_FOR_DATE: 'a date-time where a date is expected: "2025-04-03T00:00:00Z" (may be refused)',
        Family.DATETIME_FOR_TIME: 'a date-time where a time is expected: "2025-04-03T14:30:00+00:00" (may be refused)',
        Family.DATETIME_OFFSET_FORMS: 'a date-time offset written another way: "+02", " UTC", a lowercase "z" (may be refused)',
        Family.UUID_FORMS: 'a UUID without hyphens, in braces or as a urn:uuid: URN (may be refused)',
        Family.DURATION_UNITS: 'a duration in a smaller unit: "1h" -> "60m", "now-2d" -> "now-48h" (may be refused)',
    }
)

#: family -> position in the shrink order.
RANK: dict[str, int] = {name: index for index, name in enumerate(FAMILIES)}
