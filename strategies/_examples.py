"""The values a field's own words give: `examples`, its `default`, quoted examples in its
description ("e.g. 'ls -l' or 'cat file.txt'", a bare '"driving", "walking", or "cycling"'), a
shape it names ("YYYY-MM-DD") and JSON it writes out.

A model sends what the description shows; a tool that checks such a value in code refuses
every other one.  The base call (`_base`) puts these first, and the solver's draws (`_solve`)
take them for half of a plain string's values.  No strategy is built here: both import it.
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["described_format", "described_in", "described_number", "naive_template"]

#: a value shape a description names ("in YYYY-MM-DD format", "HH:MM", "ISO 8601"), most exact
#: first: a tool checking the shape in code refuses every other realistic value
_SHAPES: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = tuple((re.compile(p, re.I), v) for p, v in (
    (r"YYYY-MM-DD[T ]HH|date-?time|RFC ?3339", ("2024-01-15T14:30:25+00:00", "2024-01-15T14:30:25Z")),
    # ("ISO 8601 date string (YYYY-MM-DD)" is a date: business-day-mcp refused every date-time)
    (r"YYYY-MM-DD|yyyy-mm-dd|ISO[ -]?8601 date\b(?![ -]?time)", ("2024-06-01", "2024-01-15")),
    (r"ISO[ -]?8601", ("2024-01-15T14:30:25+00:00", "2024-01-15T14:30:25Z")),
    (r"\bHH:MM:SS\b", ("14:30:00",)),
    (r"\bHH:MM\b", ("14:30", "09:05")),
))


#: the JSON Schema format a description names for a plain string, by the shapes above
_FORMATS = (("date-time", _SHAPES[0][0]), ("date", _SHAPES[1][0]), ("date-time", _SHAPES[2][0]))
#: an ISO 8601 value that is not a date or a date-time
_NOT_A_MOMENT = re.compile(r"8601\s*(?:duration|interval|period|week|ordinal)|\bPT?\d+[HMSD]\b|"
                           r"\bor\s+(?:['\"`]|now\b|today\b|relative\b|a\s+(?:relative|natural))", re.I)


def described_format(description: Any) -> str | None:
    """"date-time" or "date" when a plain string's description says that is what it holds
    ("ISO 8601 datetime", "YYYY-MM-DD"); None when it names another ISO 8601 value or an
    alternative ("a date or 'today'"), whose other forms the format would leave out.

    Why: cal-scheduler-mcp's `start` ("ISO 8601 datetime ...") was sent "" and "  keep  " as
    canonical strings, and refusing them was reported as refusing valid input.  A template
    without a zone ("YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS") is no RFC 3339 date-time, which needs
    an offset: a plain date where the template offers one, else no format (its examples are
    naive; trial 12: mcp-datetimeday refused all 748 date-times sent with an offset)."""
    if not isinstance(description, str) or _NOT_A_MOMENT.search(description):
        return None
    if naive_template(description):
        return "date" if _DATE_ALONE.search(description) else None
    return next((fmt for fmt, shape in _FORMATS if shape.search(description)), None)


#: a date-time template ("YYYY-MM-DDTHH:MM:SS", "YYYY-MM-DD HH:MM") and what may follow it
_TEMPLATE = re.compile(r"YYYY-MM-DD[T ]HH:MM(?::SS)?(?:\.\w+)?(\S{0,8})", re.I)
#: words that put a zone in the value the template describes
_ZONED = re.compile(r"offset|time ?zone|\bUTC\b|\bGMT\b|RFC ?3339|ISO[ -]?8601|[+±]HH|\bZ\b|'Z'", re.I)
#: "YYYY-MM-DD" on its own, as one alternative of the template
_DATE_ALONE = re.compile(r"YYYY-MM-DD(?![T ]HH)(?![\w-])", re.I)


def naive_template(description: str) -> bool:
    """Whether a description's date-time template has no zone (the tool refuses one)."""
    found = _TEMPLATE.search(description)
    return found is not None and not found.group(1).strip(")].,;:'\"`") and not _ZONED.search(description)


_EXAMPLE = re.compile(r"(?:e\.g\.|\bexamples?:|for example|such as|like|(?:valid|allowed|accepted|supported|possible) "
                      r"(?:values|options|choices)(?: are| include)?|(?:must be )?one of)[,:]?\s*\(?\s*"
                      r"['\"`]([^'\"`\n]{1,80})['\"`]", re.I)
#: the further quoted alternatives after an example ("e.g. 'ls -l' or 'cat file.txt'", "'a', 'b' and 'c'")
#: two or more quoted values in a row, joined by commas, "or", "and" or slashes
#: "or" in the languages tool descriptions were met in ("'male' 또는 'female'": bp-percentile, trial 14)
_OR = r"\bor\b|\band\b|\boder\b|\bou\b|\bo\b|\bof\b|\bили\b|또는|または|或"
_ALTERNATIVES = re.compile(rf"['\"`][^'\"`\n]{{1,80}}['\"`](?:\s*(?:,|/|{_OR})\s*(?:or\s+|and\s+)?"
                           r"['\"`][^'\"`\n]{1,80}['\"`])+", re.I)
_MORE = re.compile(rf"\s*(?:,|{_OR}|/)\s*(?:or\s+|and\s+)?['\"`]([^'\"`\n]{{1,80}})['\"`]", re.I)


#: code standards a description names, and codes of each ("ISO 3166-1 alpha-2 code": a tool
#: that looks the code up refuses "France")
_STANDARDS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = tuple((re.compile(p, re.I), v) for p, v in (
    (r"ISO[ -]?3166|alpha-?2 (?:country )?code|(?:two|2)-letter (?:\w+ )?country", ("US", "DE", "GB")),
    (r"ISO[ -]?4217|(?:three|3)-letter currency", ("USD", "EUR", "GBP")),
    (r"ISO[ -]?639|(?:two|2)-letter language", ("en", "de", "fr")),
    # (trial 12: mcp-datetimeday's to_tz, "Target IANA timezone.", was sent "example")
    (r"\bIANA\b|tz ?database|\bzoneinfo\b|Olson", ("UTC", "Europe/Berlin", "America/New_York")),
))


def described_in(schema: dict[str, Any], description: Any = None) -> list[str]:
    """`described` of a schema dict (`description`: an enclosing one, for a union's branch)."""
    out = [v for v in schema.get("examples", []) if isinstance(v, str)] if isinstance(schema.get("examples"), list) else []
    default = schema.get("default")
    if isinstance(default, str) and default.strip():  # the tool's own choice ("utf-8"): a value it surely accepts
        out.append(default)
    description = schema.get("description", description)
    if isinstance(description, str):
        out += _examples(description)
        if naive_template(description):  # the template's own shape, without a zone
            out += ["2024-01-15T14:30:25", *(["2024-01-15 14:30:25"] if "DD HH" in description.upper() else []),
                    *(["2024-01-15"] if _DATE_ALONE.search(description) else [])]
        else:
            out += next((values for shape, values in _SHAPES if shape.search(description)), ())
        out += next((values for standard, values in _STANDARDS if standard.search(description)), ())
        out += _json_examples(description)
    return out


def _examples(description: str) -> list[str]:
    """The quoted examples a description gives, each with the alternatives quoted after it."""
    found: list[str] = []
    for match in _EXAMPLE.finditer(description):
        found.append(match.group(1))
        at = match.end()
        while len(found) < 8 and (more := _MORE.match(description, at)):
            found.append(more.group(1))
            at = more.end()
    if not found:  # a bare list of quoted values is one too ('"driving", "walking", or "cycling".')
        for match in _ALTERNATIVES.finditer(description):
            found += [v for v in re.findall(r"['\"`]([^'\"`\n]{1,80})['\"`]", match.group(0))][:8 - len(found)]
    if not found:  # unquoted words in a list no prose writes (trial 13: "single | married_jointly | ...",
        # "(mean, median, mode, stdev, etc.)", "(e.g., PL, DE, FR)"): each an identifier, all of them
        for match in (*_PIPED.finditer(description), *_LISTED.finditer(description), *_BARE_EG.finditer(description),
                      *_ONE_OF.finditer(description)):
            found += re.findall(r"[A-Za-z_][\w-]*", match.group("items"))[:8 - len(found)]
            found = [v for v in found if v.casefold() not in ("etc", "or", "and")]
    return found


_WORD = r"[A-Za-z_][\w-]*"
#: `a | b | c`: two pipes at least
_PIPED = re.compile(rf"(?P<items>{_WORD}(?:\s*\|\s*{_WORD}){{2,}})")
#: `(a, b, c)`, `(a, b, etc.)`: three single words, or two and "etc."
_LISTED = re.compile(rf"\((?P<items>{_WORD}(?:\s*,\s*{_WORD}){{2,}}|{_WORD}\s*,\s*{_WORD}\s*,\s*(?:etc\.?|\.\.\.|…))"
                     rf"(?:\s*,\s*(?:etc\.?|\.\.\.|…))?\s*\)")


#: "One of offset, flexo, gravure" (trial 14, mcp-print): bare words after "one of", two at least
_ONE_OF = re.compile(rf"\bone of:?\s+(?P<items>{_WORD}(?:\s*(?:,|\bor\b)\s*(?:or\s+)?{_WORD}){{1,7}})(?![\w-])", re.I)
#: "(e.g., PL, DE, FR)", "(e.g. PL or DE)": bare words after "e.g." filling the parentheses
_BARE_EG = re.compile(rf"\((?:e\.g\.|for example|such as),?\s*(?P<items>{_WORD}(?:\s*(?:,|\bor\b)\s*{_WORD}){{0,7}})"
                      rf"(?:\s*,\s*(?:etc\.?|\.\.\.|…))?\s*\)", re.I)


def _json_examples(description: str) -> list[str]:
    """JSON objects and arrays written out in a description ("Example: [{"filename": ...}]"),
    as text: a string field that takes JSON text refuses every other realistic value."""
    found: list[str] = []
    decoder = json.JSONDecoder()
    at = 0
    while len(found) < 2:
        starts = [i for i in (description.find("{", at), description.find("[", at)) if i >= 0]
        if not starts:
            break
        start = min(starts)
        try:
            value, end = decoder.raw_decode(description, start)
        except ValueError:
            at = start + 1
            continue
        if isinstance(value, (dict, list)) and value:
            found.append(description[start:end])
        at = end
    return found


#: a number a description gives as an example: "(e.g. 700)", "for example 2.5" (trial 14, mcp-print)
_NUMBER_EG = re.compile(r"(?:e\.g\.|for example|such as|example:)[,:]?\s*\(?\s*(-?\d+(?:\.\d+)?)(?![\w.])", re.I)


def described_number(description: Any) -> float | None:
    """The first number a description gives as an example, or None."""
    found = _NUMBER_EG.search(description) if isinstance(description, str) else None
    return float(found.group(1)) if found else None
