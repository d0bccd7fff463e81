"""Named families of model-style renderings: the vocabulary of hallucination labels.

Each constant is the string that appears in a label's `family` field and in the
`aacl family: <name>` Hypothesis event.  `FAMILIES` is ordered simplest first: shrinking
moves towards the families listed earlier.
"""

from __future__ import annotations

from types import MappingProxyType

__all__ = [
    "BOOL_NUMERIC",
    "BOOL_PADDED",
    "BOOL_STRING",
    "BOOL_WORDS",
    "DATETIME_FOR_DATE",
    "DATETIME_FOR_TIME",
    "DATETIME_NAIVE_UTC",
    "DATETIME_OFFSET",
    "DATETIME_OFFSET_FORMS",
    "DATE_AMBIGUOUS_NUMERIC",
    "DATE_ISO_VARIANT",
    "DATE_NUMERIC",
    "DATE_TEXT",
    "ENUM_CASE",
    "ENUM_NUMERIC_STRING",
    "ENUM_PADDING",
    "ENUM_QUOTED",
    "ENUM_SYNONYM",
    "FAMILIES",
    "INT_DECIMAL_FORM",
    "INT_DOT_THOUSANDS",
    "INT_EXPONENT",
    "INT_INTEGRAL_FLOAT",
    "INT_LEADING_ZEROS",
    "INT_PADDED",
    "INT_PLUS_SIGN",
    "INT_STRING",
    "INT_THOUSANDS",
    "INT_WORDS",
    "KEY_CASE",
    "LIST_AND",
    "LIST_CSV",
    "LIST_JSON_STRING",
    "LIST_NEWLINES",
    "LIST_PYTHON_ESCAPED",
    "LIST_PYTHON_LITERAL",
    "LIST_SEMICOLON",
    "LIST_SINGLE_SCALAR",
    "LIST_SPACES",
    "LIST_TYPED_ITEMS",
    "NULL_FOR_OPTIONAL",
    "NULL_WORDS",
    "NUM_DECIMAL_COMMA",
    "NUM_EXPONENT",
    "NUM_PADDED",
    "NUM_STRING",
    "NUM_THOUSANDS",
    "OBJECT_CODE_FENCE",
    "OBJECT_JSON_STRING",
    "OBJECT_PYTHON_LITERAL",
    "QUOTED_SCALAR",
    "SCALAR_AS_LIST",
    "STRING_FORMAT_PADDED",
    "STRING_FROM_NUMBER",
    "TIME_FORMATS",
    "UUID_FORMS",
    "VALUE_NAMED_OBJECT",
]

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
OBJECT_CODE_FENCE = "object_code_fence"
KEY_CASE = "key_case"
DATE_ISO_VARIANT = "date_iso_variant"
DATE_TEXT = "date_text"
DATE_NUMERIC = "date_numeric"
DATE_AMBIGUOUS_NUMERIC = "date_ambiguous_numeric"
DATETIME_OFFSET = "datetime_offset"
DATETIME_NAIVE_UTC = "datetime_naive_utc"
TIME_FORMATS = "time_formats"
INT_INTEGRAL_FLOAT = "int_integral_float"
SCALAR_AS_LIST = "scalar_as_list"
VALUE_NAMED_OBJECT = "value_named_object"
OBJECT_PYTHON_LITERAL = "object_python_literal"
LIST_TYPED_ITEMS = "list_typed_items"
LIST_PYTHON_ESCAPED = "list_python_escaped"
UUID_FORMS = "uuid_forms"
DATETIME_OFFSET_FORMS = "datetime_offset_forms"
DATETIME_FOR_TIME = "datetime_for_time"
DATETIME_FOR_DATE = "datetime_for_date"
NUM_DECIMAL_COMMA = "num_decimal_comma"
INT_DOT_THOUSANDS = "int_dot_thousands"

#: family name -> one-line description, simplest first (the shrink order).
FAMILIES: MappingProxyType[str, str] = MappingProxyType(
    {
        INT_STRING: 'an integer as its decimal text: 5 -> "5"',
        NUM_STRING: 'a number as text: 3.5 -> "3.5", 0.5 -> ".5"',
        BOOL_STRING: 'a boolean as "true" / "false"',
        ENUM_NUMERIC_STRING: 'a numeric enum value as text: 2 -> "2"',
        STRING_FROM_NUMBER: 'a numeric string sent as a JSON number: "94102" -> 94102',
        NULL_FOR_OPTIONAL: "an absent optional field sent as null (or a null word for a non-string field)",
        LIST_SINGLE_SCALAR: 'a one-item list sent as the bare item: ["a"] -> "a"',
        LIST_JSON_STRING: 'a list as a JSON string: \'["a", "b"]\'',
        OBJECT_JSON_STRING: "an object as a JSON string",
        ENUM_CASE: 'an enum value in another letter case: "celsius" -> "Celsius"',
        BOOL_WORDS: 'a boolean as a word: "yes", "No", "on", "T", "FALSE"',
        BOOL_NUMERIC: 'a boolean as 1 / 0, "1" / "0" or 1.0 / 0.0',
        INT_LEADING_ZEROS: 'an integer with leading zeros: 5 -> "05"',
        INT_PLUS_SIGN: 'a positive integer with a plus sign: 5 -> "+5"',
        INT_DECIMAL_FORM: 'an integer in decimal form: 5 -> "5.0"',
        INT_INTEGRAL_FLOAT: "an integer sent as an integral JSON float: 4 -> 4.0",
        INT_PADDED: 'an integer with surrounding whitespace: " 5 "',
        NUM_PADDED: 'a number with surrounding whitespace: " 3.5\\n"',
        BOOL_PADDED: 'a boolean word with surrounding whitespace: " true "',
        ENUM_PADDING: 'an enum value with surrounding whitespace: " celsius "',
        STRING_FORMAT_PADDED: 'a formatted string (email, uri, date, ...) or one its pattern fixes, with surrounding whitespace',
        QUOTED_SCALAR: "a scalar, or a string its format or pattern fixes, inside one layer of quotes: '\"5\"', \"'true'\", '\"2025-04-03\"'",
        ENUM_QUOTED: "an enum value inside one layer of quotes: '\"celsius\"'",
        NULL_WORDS: 'null for a nullable field as a word: "null", "None", "n/a", "" (a free-text field: only "null", "None", "NULL", "undefined")',
        INT_THOUSANDS: 'an integer with thousands separators: "1,000", "1 000", "1_000"',
        NUM_THOUSANDS: 'a number with thousands separators: "1,000.5"',
        INT_EXPONENT: 'an integer in exponent form: 1000 -> "1e3"',
        NUM_EXPONENT: 'a number in exponent form: 1500.0 -> "1.5e3"',
        INT_WORDS: 'an integer from -100 to 100 in words: "five", "twenty-one", "minus three"',
        ENUM_SYNONYM: "an enum value as a synonym declared in x-aacl-synonyms",
        LIST_CSV: 'a list as comma-separated text: "a,b" or "a, b"',
        LIST_SEMICOLON: 'a list as semicolon-separated text: "a;b"',
        LIST_NEWLINES: "a list as one item per line",
        LIST_SPACES: 'a list as space-separated text (only when items cannot hold spaces)',
        LIST_AND: 'a list as prose: "a and b", "a, b and c" (only when items cannot hold spaces)',
        LIST_PYTHON_LITERAL: "a list as a Python literal string: \"['Age', 'Income']\"",
        LIST_PYTHON_ESCAPED: "a list as a Python literal with \\u escapes: \"['M\\u00fcnchen']\"",
        LIST_TYPED_ITEMS: 'list items wrapped with their type: [{"type": "float", "value": 1}]',
        SCALAR_AS_LIST: 'a single value sent as a one-item list: "Ticket to Ride" -> ["Ticket to Ride"]',
        VALUE_NAMED_OBJECT: 'a value wrapped in an object keyed by its own parameter name: {"location": "Seattle"}',
        OBJECT_PYTHON_LITERAL: "an object as a Python dict literal string: \"{'math': 90}\"",
        OBJECT_CODE_FENCE: "an object as JSON inside a Markdown code fence",
        KEY_CASE: "a snake_case property key in camelCase, kebab-case or PascalCase",
        DATE_ISO_VARIANT: 'an ISO date written differently: "2025-4-3", "2025/04/03", "20250403"',
        DATE_TEXT: 'a date with a month name: "April 3, 2025", "3rd April 2025", "Jan.1,2022"',
        DATE_NUMERIC: 'a numeric day/month date whose order can be told: "25/04/2025"',
        DATE_AMBIGUOUS_NUMERIC: 'a numeric date whose day/month order cannot be told: "03/04/2025" (ambiguous)',
        DATETIME_OFFSET: 'a date-time written differently, offset kept: "2025-04-03 14:30+0200"',
        DATETIME_NAIVE_UTC: "a UTC date-time without offset, where the schema says naive means UTC",
        TIME_FORMATS: 'a time of day written loosely: "3pm", "3:30 PM", "15h30"',
        INT_DOT_THOUSANDS: 'an integer with dots as thousands separators: 1500 -> "1.500" (may be refused; only where the decimal reading is not whole)',
        NUM_DECIMAL_COMMA: 'a number with a decimal comma: 3.5 -> "3,5", 1000.5 -> "1.000,5" (may be refused)',
        DATETIME_FOR_DATE: 'a date-time where a date is expected: "2025-04-03T00:00:00Z" (may be refused)',
        DATETIME_FOR_TIME: 'a date-time where a time is expected: "2025-04-03T14:30:00+00:00" (may be refused)',
        DATETIME_OFFSET_FORMS: 'a date-time offset written another way: "+02", " UTC", a lowercase "z" (may be refused)',
        UUID_FORMS: 'a UUID without hyphens, in braces or as a urn:uuid: URN (may be refused)',
    }
)

#: family -> position in the shrink order.
RANK: dict[str, int] = {name: index for index, name in enumerate(FAMILIES)}
