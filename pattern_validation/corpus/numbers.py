"""Shape `numbers`: an ordering tool with integers and numbers that models write with
separators, signs and units.

The defects: a decimal comma assumed (`"1,000"` read as 1.0), the first run of digits taken
(`"1,000"` read as 1), a fraction taken as a percentage, `round()`, a missing minimum, NaN
passing every comparison, a minus sign stripped, units stripped and ignored.
"""

from __future__ import annotations

import re
from typing import Any

from . import _kit as k
from ._manifest import Shape

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "quantity": {"type": "integer", "minimum": 1, "maximum": 100000, "description": "How many units."},
        "amount": {"type": "number", "minimum": 0.01, "maximum": 1000000, "description": "Total price in EUR."},
        "discount_percent": {"type": "number", "minimum": 0, "maximum": 100, "default": 0,
                             "description": "Discount in percent, 0 to 100."},
        "temperature_delta": {"type": "number", "minimum": -50, "maximum": 50, "default": 0,
                              "description": "Storage temperature change in degrees Celsius."},
        "weight_kg": {"type": "number", "minimum": 0, "maximum": 10000, "description": "Weight in kilograms."},
    },
    "required": ["quantity", "amount"],
    "additionalProperties": False,
}

SHAPE = Shape(
    __name__, "place_order", SCHEMA,
    readers={"quantity": k.integer(1, 100000), "amount": k.number(0.01, 1000000), "discount_percent": k.number(0, 100),
             "temperature_delta": k.number(-50, 50), "weight_kg": k.number(0, 10000)},
    required=("quantity", "amount"), backend="place_order", doc="Place an order; returns the order placed.",
)
ENTRIES = SHAPE.entries

SHAPE.controls("correct hand-written readers (plain numbers and decimal text only)")  # module attributes place_order and place_order_boundary


def _amount_decimal_comma(field: str, value: Any) -> Any:
    if isinstance(value, str):
        value = value.strip().replace(",", ".")  # "1,000" -> "1.000" -> 1.0
        try:
            value = float(value)
        except ValueError:
            raise k.refuse("TYPE_ERROR", field, "a number", value) from None
    return k.number(0.01, 1000000)(field, value)


def _quantity_first_digits(field: str, value: Any) -> Any:
    if isinstance(value, str):
        match = re.search(r"[0-9]+", value)  # "1,000" -> 1
        if match is None:
            raise k.refuse("TYPE_ERROR", field, "an integer", value)
        value = int(match[0])
    return k.integer(1, 100000)(field, value)


def _discount_fraction(field: str, value: Any) -> Any:
    percent = k.number(0, 100)(field, value)
    return percent * 100 if percent <= 1 else percent  # 0.5 "must have meant" 50 %


def _quantity_rounded(field: str, value: Any) -> Any:
    if isinstance(value, float):
        value = round(value)  # 2.5 -> 2, banker's rounding, silently
    return k.integer(1, 100000)(field, value)


def _amount_no_minimum(field: str, value: Any) -> Any:
    return k.number(None, 1000000)(field, value)  # 0 and negative totals pass


def _weight_nan(field: str, value: Any) -> Any:
    try:
        weight = float(value)  # float("nan") is a float; every comparison with it is False
    except (TypeError, ValueError):
        raise k.refuse("TYPE_ERROR", field, "a number of kilograms", value) from None
    if weight < 0 or weight > 10000:
        raise k.refuse("OUT_OF_RANGE", field, "0 to 10000 kilograms", value)
    return weight


def _delta_sign_stripped(field: str, value: Any) -> Any:
    if isinstance(value, str):
        value = value.strip().lstrip("+-")  # "-5" -> 5: the sign "looked like noise"
    return k.number(-50, 50)(field, value)


def _weight_units_stripped(field: str, value: Any) -> Any:
    if isinstance(value, str):
        value = re.sub(r"[^0-9.]", "", value)  # "5 lb" -> 5 (kg)
    return k.number(0, 10000)(field, value)


_ORDER = {"quantity": 3, "amount": 29.9}

SHAPE.planted("amount_decimal_comma", "amount", _amount_decimal_comma,
              trigger={"quantity": 3, "amount": "1,000"}, intended={"quantity": 3, "amount": 1000},
              checks=("no_silent_corruption",), why='a decimal comma is assumed: "1,000" becomes 1.0')
SHAPE.planted("quantity_first_digits", "quantity", _quantity_first_digits,
              trigger={"quantity": "1,000", "amount": 29.9}, intended={"quantity": 1000, "amount": 29.9},
              checks=("no_silent_corruption", "rejects_invalid"), why='the first run of digits is taken: "1,000" becomes 1')
SHAPE.planted("discount_fraction_scaled", "discount_percent", _discount_fraction,
              trigger={**_ORDER, "discount_percent": 0.5}, intended={**_ORDER, "discount_percent": 0.5},
              checks=("identity_on_canonical", "no_silent_corruption"), why="a discount of 0.5 % is read as 50 %",
              blackbox=False)
SHAPE.planted("quantity_rounded", "quantity", _quantity_rounded,
              trigger={"quantity": 2.5, "amount": 29.9}, intended=None,
              checks=("rejects_invalid",), why="round(2.5) == 2: a non-integral quantity passes")
SHAPE.planted("amount_no_minimum", "amount", _amount_no_minimum,
              trigger={"quantity": 3, "amount": 0}, intended=None,
              checks=("rejects_invalid",), why="the minimum is never checked: amount 0 (or -5) passes")
SHAPE.planted("weight_nan", "weight_kg", _weight_nan,
              trigger={**_ORDER, "weight_kg": "nan"}, intended=None,
              checks=("rejects_invalid", "total"), why='float("nan") passes both bound checks')
SHAPE.planted("delta_sign_stripped", "temperature_delta", _delta_sign_stripped,
              trigger={**_ORDER, "temperature_delta": "-5"}, intended={**_ORDER, "temperature_delta": -5},
              checks=("no_silent_corruption",), why='the minus sign is stripped: "-5" becomes 5')
SHAPE.planted("weight_units_stripped", "weight_kg", _weight_units_stripped,
              trigger={**_ORDER, "weight_kg": "5 lb"}, intended=None,
              checks=("rejects_invalid",), why='units are stripped and ignored: "5 lb" becomes 5 kg')
