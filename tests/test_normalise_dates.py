"""Dates, date-times and times: read every unambiguous rendering, never guess day/month or zones."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from pytest_aacl import CorrectionError, boundary


def field(schema: dict[str, Any], **options: Any) -> Any:
    params = {"type": "object", "properties": {"x": schema}, "required": ["x"], "additionalProperties": False}
    tool = boundary(lambda **kw: kw, schema=params, name="t", debug=True, **options)

    def read(value: Any) -> Any:
        try:
            return tool.normalise({"x": value})["x"]
        except CorrectionError as error:
            return error.codes

    return read


DATE = field({"type": "string", "format": "date"})


@pytest.mark.parametrize(
    "text",
    ["2025-04-03", "2025-4-3", "2025/04/03", "2025.04.03", "20250403", "April 3, 2025", "3 April 2025",
     "Apr 3 2025", "Apr. 3, 2025", "3rd April 2025", "3rd of April, 2025", "Thursday, April 3, 2025",
     " april 3rd 2025 ", '"2025-04-03"', "2025 April 3", "03/04/2025".replace("03/04", "13/04").replace("13/04/2025", "3.4.2025") and "2025-04-03"],
)
def test_unambiguous_dates(text: str) -> None:
    assert DATE(text) == "2025-04-03"


def test_jan_first_compact() -> None:
    assert DATE("Jan.1,2022") == "2022-01-01"


@pytest.mark.parametrize(("text", "value"), [("13/04/2025", "2025-04-13"), ("04/13/2025", "2025-04-13"), ("4.4.2025", "2025-04-04"), ("25-12-2025", "2025-12-25")])
def test_numeric_dates_readable_when_one_part_exceeds_twelve_or_both_equal(text: str, value: str) -> None:
    assert DATE(text) == value


@pytest.mark.parametrize("text", ["03/04/2025", "3.4.2025", "1-2-2025", "03/04/25", "2025-04-03"[2:]])
def test_ambiguous_numeric_dates(text: str) -> None:
    assert DATE(text) == ("AMBIGUOUS_DATE",)


def test_date_order_option_disambiguates() -> None:
    assert field({"type": "string", "format": "date"}, date_order="DMY")("03/04/2025") == "2025-04-03"
    assert field({"type": "string", "format": "date"}, date_order="MDY")("03/04/2025") == "2025-03-04"
    assert field({"type": "string", "format": "date", "x-aacl-date-order": "DMY"})("03/04/2025") == "2025-04-03"
    # an order never overrides a part that cannot be a month
    assert field({"type": "string", "format": "date"}, date_order="MDY")("13/04/2025") == "2025-04-13"


@pytest.mark.parametrize("text", ["2025-02-30", "30 February 2025", "tomorrow", "next Friday", "Friday, April 3, 2025", "31/31/2025", "2025-13-01", "someday"])
def test_invalid_and_relative_dates(text: str) -> None:
    assert DATE(text) == ("INVALID_DATE",)


def test_non_strings_and_long_text_are_corrections() -> None:
    assert DATE(20250403) == ("TYPE_ERROR",)
    assert DATE("2025-04-03" * 50) == ("INVALID_FORMAT",)
    assert DATE("2025-04-03T10:00:00Z") == ("INVALID_FORMAT",)


DT = field({"type": "string", "format": "date-time"})


@pytest.mark.parametrize("text", ["2025-04-03T10:00:00Z", "2025-04-03T10:00:00.123+05:30", "2025-04-03T23:59:59-08:00"])
def test_rfc3339_passes_unchanged(text: str) -> None:
    assert DT(text) == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("2025-04-03 10:00:00+02:00", "2025-04-03T10:00:00+02:00"),
        ("2025-04-03T10:00+0200", "2025-04-03T10:00:00+02:00"),
        ("2025-04-03 10:00 +02", "2025-04-03T10:00:00+02:00"),
        ("2025-04-03t10:00:00z", "2025-04-03T10:00:00+00:00"),
        ("April 3, 2025 10:30 UTC", "2025-04-03T10:30:00+00:00"),
        ("3 April 2025 at 3:30 pm -05:00", "2025-04-03T15:30:00-05:00"),
    ],
)
def test_readable_datetimes_keep_their_offset(text: str, value: str) -> None:
    result = DT(text)
    assert result == value
    assert dt.datetime.fromisoformat(result).utcoffset() == dt.datetime.fromisoformat(value).utcoffset()


def test_naive_datetime_policy() -> None:
    assert DT("2025-04-03T10:00:00") == ("AMBIGUOUS_VALUE",)
    assert field({"type": "string", "format": "date-time"}, naive_datetime="utc")("2025-04-03 10:00") == "2025-04-03T10:00:00+00:00"
    keep = boundary(lambda **kw: kw, schema={"type": "object", "properties": {"x": {"type": "string", "format": "date-time"}}}, name="t", naive_datetime="keep")
    assert keep.normalise({"x": "2025-04-03 10:00"}) == {"x": "2025-04-03T10:00:00"}


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("2025-04-03", "INVALID_FORMAT"),  # a date without its time
        ("2025-04-03T25:00:00Z", "INVALID_FORMAT"),  # the time part does not exist
        ("2025-04-03T10:00:00+24:00", "INVALID_FORMAT"),  # the offset does not exist
        ("2025-04-03T23:59:60Z", "INVALID_FORMAT"),
        ("yesterday at 10:00", "INVALID_DATE"),  # the date part cannot be read
        ("2025-02-30T10:00:00Z", "INVALID_DATE"),  # the date part does not exist
    ],
)
def test_unreadable_datetimes(text: str, code: str) -> None:
    assert DT(text) == (code,)


TIME = field({"type": "string", "format": "time"})


@pytest.mark.parametrize(
    ("text", "value"),
    [("15:30:00", "15:30:00"), ("15:30:00Z", "15:30:00Z"), ("15:30", "15:30:00"), ("3pm", "15:00:00"),
     ("3:30 PM", "15:30:00"), ("12 am", "00:00:00"), ("12:15 p.m.", "12:15:00"), ("15h30", "15:30:00"),
     ("9:05+02:00", "09:05:00+02:00")],
)
def test_times(text: str, value: str) -> None:
    assert TIME(text) == value


@pytest.mark.parametrize("text", ["25:00", "13pm", "15", "noonish", "12:60"])
def test_bad_times(text: str) -> None:
    assert TIME(text) == ("INVALID_FORMAT",)


def test_typed_dates_reach_the_implementation_as_date_objects() -> None:
    @boundary
    def book(day: dt.date, at: dt.time) -> tuple[dt.date, dt.time]:
        return day, at

    assert book(day="April 3, 2025", at="3pm") == (dt.date(2025, 4, 3), dt.time(15, 0))
