"""Values that look like what a schema describes: formats, and pools chosen by field name.

A model calling `search(include_domains=[...])` writes `arxiv.org`, not random Unicode; a
tool's interface layer is exercised by values of that kind, and list renderings (comma- or
space-separated) only exist for items without separators.  Every value here is printable
ASCII without leading or trailing whitespace, and every format value passes jsonschema's
format checker (`time` and `date-time` carry a UTC offset, as RFC 3339 requires).
Exotic text belongs to `adversarial()`, not here.
"""

from __future__ import annotations

import datetime as dt
import re
import string
from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

__all__ = ["FORMAT_STRATEGIES", "WORD_TEXT", "any_json", "named_pool", "text"]

_DOMAINS = ("arxiv.org", "github.com", "wikipedia.org", "nature.com", "bbc.co.uk", "python.org",
            "nytimes.com", "example.com", "reuters.com", "stackoverflow.com", "who.int", "mit.edu")
_CITIES = ("Paris", "Berlin", "Tokyo", "New York", "San Francisco", "London", "Seattle", "Madrid",
           "Toronto", "Sydney", "Nairobi", "Mumbai", "Boston", "Lisbon", "Rome")
_QUERIES = ("climate change", "python asyncio tutorial", "best pizza near me", "weather tomorrow",
            "latest AI research", "how to bake bread", "stock market today", "jazz concerts",
            "flights to Lisbon", "transformer models", "vegan recipes", "news")
_FIRST = ("Alice", "Bob", "Maria", "Wei", "Fatima", "John", "Priya", "Lukas", "Sofia", "Kenji")
_LAST = ("Smith", "Garcia", "Chen", "Okafor", "Müller", "Rossi", "Tanaka", "Khan", "Novak", "Silva")
_LAST = tuple(n for n in _LAST if n.isascii())
_COUNTRY_CODES = ("US", "GB", "DE", "FR", "JP", "IN", "BR", "CA", "AU", "ES", "IT", "NL")
_COUNTRIES = ("France", "Germany", "Japan", "Brazil", "Canada", "India", "Spain", "Kenya", "Mexico")
_LANGUAGES = ("en", "fr", "de", "es", "ja", "pt", "it", "zh", "nl")
_CURRENCIES = ("USD", "EUR", "GBP", "JPY", "CHF", "CAD", "AUD", "INR")
_TIMEZONES = ("UTC", "Europe/Paris", "America/New_York", "Asia/Tokyo", "Australia/Sydney")
_WORDS = ("report", "meeting", "summary", "project", "budget", "travel", "notes", "update",
          "review", "draft", "plan", "invoice", "weekly", "sales", "team", "alpha", "data")
_PATHS = ("README.md", "src/main.py", "docs/index.md", "data/report.csv", "notes.txt")
_TLDS = ("com", "org", "net", "io", "dev")

_word = st.sampled_from(_WORDS)
_label = st.text(string.ascii_lowercase, min_size=1, max_size=8)
_name = st.builds(lambda f, last: f"{f} {last}", st.sampled_from(_FIRST), st.sampled_from(_LAST))
_email = st.builds(lambda f, last, d: f"{f.lower()}.{last.lower()}@{d}",
                   st.sampled_from(_FIRST), st.sampled_from(_LAST), st.sampled_from(_DOMAINS))
_domain = st.sampled_from(_DOMAINS) | st.builds(lambda a, t: f"{a}.{t}", _label, st.sampled_from(_TLDS))
_url = st.builds(lambda d, p: f"https://{d}/{p}", _domain, st.sampled_from(("", "about", "docs/intro", "search?q=news", "a/b")))

#: printable ASCII text: mostly a few words, sometimes arbitrary printable characters
WORD_TEXT = st.lists(_word, min_size=1, max_size=3).map(" ".join)
_PRINTABLE = string.ascii_letters + string.digits + ".-_'/:"


def _date() -> st.SearchStrategy[str]:
    return st.dates(dt.date(1970, 1, 1), dt.date(2040, 12, 31)).map(dt.date.isoformat)


def _offset(minutes: int) -> str:
    if minutes == 0:
        return "Z"
    sign = "+" if minutes > 0 else "-"
    return f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


_offsets = st.sampled_from([0, 60, 120, -300, -240, 330, 540, -480, 345, 600, -600]).map(_offset)
# tools mostly take whole minutes; seconds still appear, microseconds never do
_clock = (st.times().map(lambda t: t.replace(second=0)) | st.times()).map(lambda t: t.isoformat(timespec="seconds"))

#: format -> strategy of canonical strings the boundary passes through unchanged.
FORMAT_STRATEGIES: dict[str, st.SearchStrategy[str]] = {
    "date": _date(),
    "date-time": st.builds(lambda d, t, o: f"{d}T{t}{o}", _date(), _clock, _offsets),
    # numeric offsets: the boundary reads a time's "Z" back as "+00:00"
    "time": st.builds(lambda t, o: f"{t}{o.replace('Z', '+00:00')}", _clock, _offsets),
    "email": _email,
    "idn-email": _email,
    "hostname": _domain,
    "idn-hostname": _domain,
    "uri": _url,
    "url": _url,
    "iri": _url,
    "uri-reference": _url | st.sampled_from(("/docs/intro", "page.html", "#top")),
    "iri-reference": _url,
    "uri-template": st.sampled_from(("https://example.com/{id}", "/users/{user}/repos")),
    "ipv4": st.ip_addresses(v=4).map(str),
    "ipv6": st.ip_addresses(v=6).map(str),
    "uuid": st.uuids().map(str),
    "json-pointer": st.sampled_from(("", "/a", "/items/0", "/a~1b")),
    "relative-json-pointer": st.sampled_from(("0", "1/a", "0#")),
    "regex": st.sampled_from(("^[a-z]+$", "\\d{3}", "a|b")),
    "duration": st.sampled_from(("P1D", "PT1H", "P1Y2M", "PT30M", "P2W")),
}

#: (name fragment regex, pool): the first match of a property name (or its description) wins.
_POOLS: tuple[tuple[re.Pattern[str], st.SearchStrategy[str]], ...] = tuple(
    (re.compile(p, re.IGNORECASE), s) for p, s in (
        (r"expression|formula|equation|calculation", st.sampled_from(("2 + 3", "(4 * 5) / 2", "10 - 7", "2 * 3.5"))),
        # [longitude, latitude] pairs as JSON text (GeoJSON order), and "lat,lon" text, as the base call has
        (r"coordinates|coords|waypoints|polyline", st.sampled_from((
            "[[13.405, 52.52], [2.3522, 48.8566]]", "[[-0.1276, 51.5072], [2.3522, 48.8566], [13.405, 52.52]]",
            "52.52,13.405"))),
        (r"^package(_?name)?$", st.sampled_from(("requests", "numpy", "Django", "typing-extensions"))),
        (r"^(python_?|target_?)?version$|_version$", st.sampled_from(("3.11", "1.2.3", "2.0", "3.12.1"))),
        (r"e-?mail", _email),
        (r"url|uri\b|link|website|homepage|endpoint", _url),
        (r"domain|host|site", _domain),
        (r"city|location|place|destination|origin|town", st.sampled_from(_CITIES)),
        (r"country_?code|country_iso|iso_?country", st.sampled_from(_COUNTRY_CODES)),
        (r"country|nation", st.sampled_from(_COUNTRIES)),
        (r"lang|locale", st.sampled_from(_LANGUAGES)),
        (r"currency", st.sampled_from(_CURRENCIES)),
        (r"timezone|time_zone|\btz\b", st.sampled_from(_TIMEZONES)),
        (r"^q$|query|search|keyword|question|prompt|topic", st.sampled_from(_QUERIES)),
        (r"(^|_)(full_?)?name$|author|user|person|owner|customer", _name),
        (r"path|(?<!pro)file", st.sampled_from(_PATHS)),  # ("profile" is no file)
    )
)


def named_pool(name: str | None, description: Any = None) -> st.SearchStrategy[str] | None:
    """A realistic pool for a field called `name` (falling back to its description)."""
    for text_ in (name, description if isinstance(description, str) else None):
        if not text_:
            continue
        for pattern, pool in _POOLS:
            if pattern.search(text_):
                return pool
    return None


def text(min_size: int = 0, max_size: int | None = None,
         keep: Callable[[str], bool] | None = None) -> st.SearchStrategy[str]:
    """Short printable text: words most of the time, printable ASCII otherwise."""
    hi = max_size if max_size is not None else max(min_size, 24)
    words = WORD_TEXT.filter(lambda w: min_size <= len(w) <= hi) if min_size <= 20 and hi >= 3 else st.nothing()
    printable = st.text(_PRINTABLE, min_size=min_size, max_size=hi)
    out = words | printable if not words.is_empty else printable
    return out.filter(keep) if keep is not None else out


def any_json() -> st.SearchStrategy[Any]:
    """A small realistic JSON value, for schemas that allow anything."""
    scalars = st.none() | st.booleans() | st.integers(-100, 1000) | WORD_TEXT
    return scalars | st.lists(scalars, max_size=3) | st.dictionaries(_word, scalars, max_size=3)
