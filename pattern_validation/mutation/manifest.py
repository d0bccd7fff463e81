"""Which interface layers the mutation benchmark mutates, and the split each belongs to.

The generator may be tuned on the TUNING split only; the score that counts is the HELD-OUT
one, and a held-out layer is fuzzed blind: no mutant of it is looked at before it is scored.

First split (fixed before any mutant was fuzzed): `handwritten.py`, ha-mcp's and
workspace-mcp's sheet helpers for tuning; arxiv-mcp-server's id normaliser, mcp-server-time's
zone and HH:MM checks and workspace-mcp's calendar helpers held out.  Those three were scored
blind in sessions 24 and 29 (50.0 % both times, 68.2 % without the "stricter" survivors);
in session 29 their survivors were read to find what the generator never sends, so they are
TUNING layers from then on, and a new held-out split replaced them.

Second held-out split (session 29): four layers, each from a package and an author with no
layer in either split, none of them fuzzed before it was put here:
`jsm_customer_request` (mcp-atlassian: JSON-string objects, a JSON-array-or-comma-list of
participants, a JSON array of nested attachment objects), because JSON text inside string
arguments and nested objects are rare in the tuning split; `ga_annotation` (analytics-mcp:
a property id given as a number or `properties/N`, a case-folded colour enum, title and
description length caps, ISO dates and their order), because it mixes a union type with
enums and length bounds written in code rather than in the schema; `cwl_insights_batch`
(awslabs-cloudwatch-mcp-server: ISO 8601 date-times turned into epoch seconds, positive
integers, non-empty lists, log groups chunked by 50), because its bounds and time ordering
live only in the code while its schema is bare; `yf_performance` (mcp-yahoo-finance: a
de-duplicated, upper-cased symbol list capped at 10, YYYY-MM-DD dates compared as text, a
1-500 limit), because its schema, derived from a signature, states none of the limits the
code enforces.  They were scored blind in session 29; their survivors were then read, so they
are TUNING layers from session 29 on.

Third held-out split (session 30): four layers, each from a package and an author with no
layer in the manifest before, none of them fuzzed before it was put here:
`yfmcp_screen` (yfmcp: a string key or a recursive `{operator, operands}` query tree chosen by
a `query_type` enum, `size` or `count` by mode, bounds 1-250 and >= 0, case-folded operators),
because its schema states an enum and numeric bounds (none of the second split's did) while
the rules tying one argument to another and the shape of a nested tree live only in the code;
`opensearch_add_memories` (opensearch-mcp-server-py: a pydantic model with an enum, arrays of
nested message objects whose `type` key is an alias, and a validator requiring or forbidding
fields by `payload_type`), because no layer yet validates through a model with `$defs` and
cross-field rules; `rootly_list_shifts` (rootly-mcp-server: ISO 8601 dates or date-times, a
page size of 1-100 and a page number of at least 1 checked in code, comma-separated id lists,
a range over 366 days refused and longer than 60 split into windows), because its bare schema
(strings and integers) states none of it; `chroma_update_documents` (chroma-mcp: a non-empty id
list, at least one of three optional lists, each as long as the ids, embeddings as arrays of
number arrays, metadata as arrays of objects), because lengths that must agree across
arguments appear in no earlier layer and nowhere in its schema.  Their survivors are read in
session 31, so they are TUNING layers from session 31 on.

Fourth held-out split (session 31): four layers, each from a package and an author with no
layer in the manifest before, none of them fuzzed before it was put here:
`markitdown_convert` (markitdown-mcp with the markitdown helpers it calls: one URI string
dispatched on its scheme, `file:` URIs turned into paths with UNC and device paths and foreign
hosts refused, `data:` URIs split into a media type, `;key=value` attributes and a payload
decoded from base64 or percent-escapes), because URLs with structure inside one string appear
in no earlier layer; `loki_query` (grafana-loki-mcp: two time bounds, each a Grafana relative
time with a unit from seconds to years, a string of digits read as seconds or nanoseconds by
its length, or an ISO 8601 / RFC 3339 date-time, all normalised to nanosecond strings and
defaulted by which bound is given, an unreadable one silently "now"; its clock fixed by a
stand-in), because numbers and units inside strings, and a layer that never refuses but only
normalises, are new; `obsidian_add_tags` (obsidian-mcp: a vault-relative note path checked in
code beyond the schema's pattern, for `..`, reserved characters and the extension, then
trimmed, and a list of tags cleaned of `#` prefixes and blanks, next to an untyped `ctx`
argument the schema publishes), because file paths are new and its schema and code disagree
(`.markdown`); `cli_run_command` (cli-mcp-server: one command line split at shell operators
and by `shlex`, allow-listed commands and flags, explicit paths resolved inside a sandbox
directory, a length cap), because a command language inside a string, checked only in code
behind a schema that says "a string", is unlike anything before.  Their survivors are read in
session 32, so they are TUNING layers from session 32 on.

Fifth held-out split (session 32): four layers, each from a package and an author with no
layer in the manifest before, none of them fuzzed before it was put here:
`geo_route` (mcp-geo: waypoints as JSON text or an array of `[lon, lat]` pairs, each number
coerced with `float()`, longitude and latitude bounds, at least two waypoints and a profile
checked in code behind a schema that says "a string or an array"; every refusal returned as an
error result, never raised), because geographic coordinates, and a layer that refuses by
answering, are new; `frankfurter_history` (frankfurtermcp with pydantic-extra-types' `ISO4217`:
ISO 4217 currency codes upper-cased before they are checked, so the schema's upper-case enum is
stricter than the code, a list of codes or one code, and three optional dates of which the code
picks one form, a range, an open range or a single date, refusing an end date alone and never
checking the range's order), because money's currency codes and a precedence among arguments
that no schema keyword states are new; `pypi_python_compat` (pypi-query-mcp-server: a package
name checked by a pattern and normalised the PEP 503 way, a PEP 440 target version compared with
Requires-Python or, without it, with the trove classifiers; refusals returned as error results),
because version numbers and names normalised before use are new; `prometheus_targets`
(prometheus-mcp-server: a state among three values, a non-negative offset and limit, all checked
only in code, turned into server-side filters, and the answer paged by offset and limit), because
pagination bounds are new and its schema states none of them.  Their survivors are read in
session 32, so they are TUNING layers from session 32 on.

Sixth held-out split (session 32): four layers, each from a package and an author with no layer
in the manifest before, none of them fuzzed before it was put here:
`business_days_between` (business-day-mcp: two ISO 8601 dates read by `date.fromisoformat`, their
order and a span of at most 100 years checked in code, an ISO 3166-1 country code upper-cased
before the holiday calendar is asked for and a case-sensitive subdivision, both refused when the
calendar does not know them), because country and subdivision codes, and a lookup that refuses
for the layer, are new; `ibangen_us_routing` (ibangen-mcp: a list of 1-10 routing numbers, each a
non-blank string of at most 30 characters, checked type by type in code, stripped, and a consent
flag that must be exactly `True`; refusals returned as error results), because a boolean that
only one value of satisfies, and counts and lengths behind a schema of bare arrays, are new;
`jaeger_search_traces` (jaeger-mcp: length bounds, a 1-1500 limit and non-negative microsecond
times all stated in the schema, tags as JSON text checked in code, durations such as `1.5s`
never parsed, empty optional arguments left out and renamed), because a layer whose bounds are
all in its schema, the fuzzer's home ground, with one check in code, is a control no split had;
`zotero_search_items` (mcp-zotero: every argument inside one object argument validated by a
pydantic model under `$defs`, bounds on limit and start, a tag as a string or a list, keys renamed
and None dropped), because a tool whose whole input is one nested object is new.  Their survivors
are read in session 33, so they are TUNING layers from session 33 on.

Seventh held-out split (session 33): four layers, each from a package and an author with no layer
in the manifest before, none of them fuzzed before it was put here:
`btcpay_invoice` (btcpay-mcp: two tools, an invoice and a payment request, each with a money
amount given as a string that must be non-blank and readable by `float()` (so `1e3`, `nan` and
`inf` pass) and is sent stripped, a currency code stripped and upper-cased but never checked,
metadata built only from non-empty strings, an expiry in days sent only when positive; refusals
returned as text results), because money amounts as text, and a layer with two tools sharing one
backend, are new; `wa_send_message` (guarded-whatsapp-mcp: a recipient matched against an
allowlist by a case-insensitive name substring, a JID or the digits of a phone number, an
unlisted one accepted only when it looks like a number or a JID, the message scanned for
credentials and personal data by patterns and a Luhn check, and a send to an unlisted number held
until it is repeated with a token hashed from the JID and the message; refusals returned as
results), because phone numbers, free text screened for secrets, and a confirmation token the
caller cannot guess, are new; `fuel_find_cheapest` (fuel-prices-mcp: one location string read as
a `lat,lon` pair inside a UK box, a postcode or an outcode by patterns, upper-cased and looked up
without its space, a fuel named by one of thirteen aliases mapped to six codes, radius and count
bounds in the schema, and stations ranked by price against the area's median; refusals raised as
an `Exception` that is not a `ValueError`), because postal codes and enums with aliases are new;
`cal_create_event` (cal-scheduler-mcp: ISO 8601 starts and ends read in a zone with DST, a naive
time taken as wall time and an offset converted, all-day dates, an end after the start or a
default duration, and an RFC 5545 recurrence rule parsed and checked against its anchor, COUNT
and UNTIL exclusive, UNTIL moved to UTC), because recurrence rules, and wall times across a DST
change, are new.  Their survivors were read in session 34, so they are TUNING layers from
session 35 on.

Eighth held-out split (session 35): four layers, each from a package and an author with no layer
in the manifest before, none of them fuzzed before it was put here:
`dns_lookup` (dns-mcp: two tools over one HTTP backend, a domain name stripped, its trailing dots
dropped and lower-cased, refused only when empty or holding a space or a `/`, a DNS record type
upper-cased and checked among ten, and an IPv4 or IPv6 address read by `ipaddress`, private,
loopback and reserved ones refused and the address sent in its compressed form; refusals raised
as `ValueError`), because domain names and IP addresses are new; `wled_light` (the WLED MCP
server republished as iflow-mcp_mrkprdo-wled_mcp: a colour as three 0-255 integers checked in one
test, an effect id never checked next to an optional speed and intensity checked in 0-255 only
when given, an optional device host that falls back on an environment variable and is never
checked; refusals returned as "Error: " text), because colour components, and bounds checked
in code behind a schema of bare integers on a host-control tool, are new; `hermes_config_set`
(hermes-agent-mcp: a dotted key path with empty parts dropped, and a value given as a string read
by one of six types, `int()` and `float()`, booleans by eight spellings, null, or YAML for `json`,
written with a backup first; refusals returned as JSON with `ok` false, but a YAML error
escapes), because a value whose type is chosen by another argument, and key paths into a nested
configuration, are new; `pdf_render_pages` (benspdf-mcp with the benscore core it ships: a file
path or a workspace artifact id told apart by a pattern, a page range such as `1-3,5` or `all`
read in code with reversed ranges swapped, out-of-range pages clipped and a selection of none
refused, at most 20 pages, a resolution clamped to 36-600 and lowered per page by its size, never
refused; refusals returned as results with `success` false), because page-range strings, and
numbers clamped rather than refused, are new.  Their survivors are read in session 36, so they
are TUNING layers from session 36 on.

Ninth held-out split (session 36): four layers, each from a package and an author with no layer
in the manifest before, none of them fuzzed before it was put here:
`dbmcp_execute_sql` (database-mcp-core: one SQL statement checked by `jsonschema` and then
classified by hand, not parsed: a scan over quotes and comments refuses an empty statement and a
second one after a `;`, any `;` but trailing ones when the text holds what SQL engines lex
differently (backslashes, `$`, `#`, backticks, `[`, a lone CR, `--` without a blank, nested or
executable comments), the first word after blanks and comments, upper-cased, among seven read
verbs, and `INTO OUTFILE`/`DUMPFILE` refused; the statement handed on unchanged with a row cap
and a timeout; refusals returned as error results on a low-level server), because SQL, a
language inside a string checked by a hand-written lexer, is new; `vies_check_vat`
(honest-vies-mcp: an EU VAT number given either combined, `PL 525-234-40-78`, or as a country
code and a number, cleaned of blanks, dashes and dots and upper-cased, the country among the 28
VIES codes (`EL` for Greece, `XI`), an optional requester pair sent only when both halves are
given and one alone silently dropped, behind a hand-written schema of five optional strings with
no `required`; refusals raised as `ValueError`), because VAT numbers, and a choice between one
combined argument and two separate ones that no schema keyword states, are new; `pix_brcode`
(brasil-mcp-essentials: a static PIX payment code built as EMV tag-length-value fields with a
CRC16, the PIX key normalised by its shape, CPF and CNPJ masks stripped and an alphanumeric CNPJ
upper-cased, names and cities stripped of accents, upper-cased and cut to 25 and 15 characters,
defaults for blank ones, an amount in centavos written as reais only when positive, a
`qr_format` among four checked in code and a 99-character limit on the key and description
together; refusals returned as results with an `error` object), because a payload assembled
field by field with lengths and a checksum, and values truncated rather than refused, are new;
`vin_decode` (vin-decode-mcp: a vehicle identification number stripped and upper-cased, one under
11 characters answered as invalid and nothing else refused, the model year read from position 10
by a 30-character code table with position 7 choosing the 30-year cycle unless `model_year` is
given, the maker looked up by a 6- then a 3-character WMI and make and model matched by pattern
against an SQLite database standing in for vPIC; errors returned as results), because
identifiers decoded by the position of their characters are new.  Their survivors are read in
session 37, so they are TUNING layers from session 37 on.

Tenth held-out split (session 37): four layers, each from a package and an author with no layer
in the manifest before, none of them fuzzed before it was put here:
`cron_schedule_task` (mcpaisuite-schedulermcp: a job type checked by an enum in the schema and
again by `JobType()`, a five-field cron expression of `*`, `*/N`, `N`, `N-M` and `N,M,O` fields
read by `int()` only while the next run is searched for minute by minute over seven days, so a
field that never matches gives no next run rather than a refusal, a list holding a range or a
word raises, a step of 0 never matches and the weekday counts from Monday; a delay and an
interval used only when positive; the other arguments taken into a pydantic model as given,
behind the SDK's `jsonschema` check; refusals returned as text holding an `error`; the server's
wiring, its tool list and nine-tool dispatch, vendored but not mutated), because cron
expressions, and a check that happens only as a side effect of a search, are new; `dice_roll`
(mcp-dice-roller: dice notation such as `4d6kh3+2`, lower-cased and stripped, read by one
regular expression, 1-100 dice of 2-1000 sides and a kept count no more than the dice checked in
code, a kept count of 0 taken as none, a modifier of any size; `roll_multiple` rolling it 1-20
times; refusals returned as results with an `error`; the random draws handed to a stand-in),
because a notation for quantities with suffixes and signs inside one string is new;
`docker_hub_image` (docker-hub-mcp: a Docker image reference of at most two path segments, a
bare name given the `library` namespace, each segment 1-128 characters of a lower-case pattern so
that a tag, a digest, a registry host, upper case and blanks are refused, nothing normalised,
URL-quoted into the API path; a publisher checked as one segment and a limit clamped to 1-500 and
paged by 100; refusals returned as error results on a low-level mcp 2 server), because container
image references are new; `regex_test_cases` (mcpgex: a regular expression compiled with flags
given as letters anywhere in one case-folded string, a compile error answered as text and
nothing compiled while no test case is kept, and test cases whose lists of expected matches and
of group numbers must be as long as each other, the groups never checked to be integers or to
exist; behind the SDK's `jsonschema` check; other exceptions left to the SDK as error results),
because regular expressions and flag letters as arguments are new.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["HELD_OUT", "LAYERS", "TUNING", "Layer", "ToolRef"]

TUNING = "tuning"
HELD_OUT = "held-out"


@dataclass(frozen=True)
class ToolRef:
    """One tool of a layer: the interface function, its schema and the implementation it calls
    (attribute names in the layer module; `schema` may be `"module:attr"` for a shared one)."""

    function: str
    schema: str
    implementation: str
    example: str = "EXAMPLE"  # a valid call (attribute of the layer, or "module:attr")


@dataclass(frozen=True)
class Layer:
    name: str
    module: str                 # dotted module whose source is mutated
    split: str
    origin: str                 # where the code comes from
    tools: tuple[ToolRef, ...]
    reason: str = ""
    #: stand-ins for the package's surroundings (a config reader): not the tool's own code
    stand_ins: tuple[str, ...] = ()

    @property
    def exclude(self) -> tuple[str, ...]:
        """Top-level names never mutated: the contract (schema, example), the implementation
        and the stand-ins."""
        names = {"SCHEMA", "EXAMPLE", "ZONES", "SEARCH_EXAMPLE", "CREATE_EXAMPLE", *self.stand_ins}
        names.update(t.implementation for t in self.tools)
        return tuple(sorted(names))


_L = "pattern_validation.mutation.layers."
LAYERS: dict[str, Layer] = {layer.name: layer for layer in (
    Layer("handwritten", "pattern_validation.handwritten", TUNING,
          "pattern_validation/handwritten.py (the team's reconstruction of the AACL pattern)",
          (ToolRef("search_web", "pattern_validation.schemas:SEARCH_WEB_SCHEMA", "_search_backend",
                   "pattern_validation.mutation.examples:SEARCH_WEB"),
           ToolRef("create_json", "pattern_validation.schemas:CREATE_JSON_SCHEMA", "_write_json",
                   "pattern_validation.mutation.examples:CREATE_JSON"))),
    Layer("ha_mcp_params", _L + "ha_mcp_params", TUNING, "ha-mcp 3.5.1, tools/util_helpers.py (MIT)",
          (ToolRef("call_service", "SCHEMA", "call_service_impl"),)),
    Layer("ws_sheets_lists", _L + "ws_sheets_lists", TUNING, "workspace-mcp 2.2.1, core/utils.py (MIT)",
          (ToolRef("set_dropdown", "SCHEMA", "set_dropdown_impl"),)),
    Layer("ws_calendar_events", _L + "ws_calendar_events", TUNING,
          "workspace-mcp 2.2.1, gcalendar/calendar_helpers.py (MIT)",
          (ToolRef("create_event", "SCHEMA", "create_event_impl"),)),
    Layer("arxiv_paper_id", _L + "arxiv_paper_id", TUNING, "arxiv-mcp-server 0.8.2, tools/arxiv_ids.py (Apache-2.0)",
          (ToolRef("download_paper", "SCHEMA", "download_paper_impl"),)),
    Layer("time_convert", _L + "time_convert", TUNING, "mcp-server-time 2026.10.19, server.py (MIT)",
          (ToolRef("convert_time", "SCHEMA", "convert_time_impl"),)),
    Layer("jsm_customer_request", _L + "jsm_customer_request", TUNING,
          "mcp-atlassian 0.23.1, servers/jira.py (MIT)",
          (ToolRef("create_customer_request", "SCHEMA", "create_customer_request_impl"),)),
    Layer("ga_annotation", _L + "ga_annotation", TUNING,
          "analytics-mcp 0.8.0, tools/admin/info.py and tools/utils.py (Apache-2.0)",
          (ToolRef("create_property_annotation", "SCHEMA", "create_property_annotation_impl"),)),
    Layer("cwl_insights_batch", _L + "cwl_insights_batch", TUNING,
          "awslabs-cloudwatch-mcp-server 0.3.1, cloudwatch_logs/cwl_insights_batch.py (Apache-2.0)",
          (ToolRef("execute_cwl_insights_batch", "SCHEMA", "execute_cwl_insights_batch_impl"),)),
    Layer("yf_performance", _L + "yf_performance", TUNING,
          "mcp-yahoo-finance 0.2.0, utils.py and server.py (MIT)",
          (ToolRef("get_performance_analysis", "SCHEMA", "get_performance_analysis_impl"),)),
    Layer("yfmcp_screen", _L + "yfmcp_screen", TUNING,
          "yfmcp 0.14.0, screener.py, types.py and server.py (MIT)",
          (ToolRef("screen", "SCHEMA", "screen_impl"),),
          reason="enum and numeric bounds stated in the schema, while the string-or-object query, "
                 "the size/count rule by query_type and the recursive {operator, operands} tree "
                 "(nested objects in arrays) are checked only in code"),
    Layer("opensearch_add_memories", _L + "opensearch_add_memories", TUNING,
          "opensearch-mcp-server-py 0.12.0, tools/agentic_memory/params.py, tools/tool_params.py "
          "and opensearch/helper.py (Apache-2.0)",
          (ToolRef("add_agentic_memories", "SCHEMA", "add_agentic_memories_impl"),),
          stand_ins=("get_mode", "get_memory_container_id_from_config"),
          reason="validation by a pydantic model: an enum, arrays of nested objects under $defs "
                 "with an aliased key, and a model validator requiring or forbidding fields by "
                 "payload_type (cross-field rules no schema keyword states)"),
    Layer("rootly_list_shifts", _L + "rootly_list_shifts", TUNING,
          "rootly-mcp-server 2.3.22, validators.py, transport.py and tools/oncall.py (Apache-2.0)",
          (ToolRef("list_shifts", "SCHEMA", "list_shifts_impl"),),
          reason="checks in code only behind a bare schema: ISO 8601 dates or date-times, page "
                 "bounds (1-100, >= 1), comma-separated id lists, a 366-day cap and 60-day windows"),
    Layer("chroma_update_documents", _L + "chroma_update_documents", TUNING,
          "chroma-mcp 0.2.6, server.py (Apache-2.0)",
          (ToolRef("chroma_update_documents", "SCHEMA", "chroma_update_documents_impl"),),
          reason="lengths that must agree across arguments and an at-least-one-of rule, checked "
                 "only in code, over arrays of number arrays and arrays of objects"),
    Layer("markitdown_convert", _L + "markitdown_convert", TUNING,
          "markitdown-mcp 0.0.1a8, __main__.py, with markitdown 0.1.9, _markitdown.py, _uri_utils.py, "
          "_stream_info.py and _exceptions.py (MIT)",
          (ToolRef("convert_to_markdown", "SCHEMA", "convert_to_markdown_impl"),),
          stand_ins=("check_plugins_enabled", "requests", "_OfflineSession", "_ConverterBackend", "StreamInfo"),
          reason="one URI string checked only in code: dispatch on the scheme, file: URIs to paths "
                 "(UNC and device paths, foreign hosts refused), data: URIs parsed into a media type, "
                 "attributes and a base64- or percent-decoded payload"),
    Layer("loki_query", _L + "loki_query", TUNING, "grafana-loki-mcp 0.1.4, server.py (MIT)",
          (ToolRef("query_loki", "SCHEMA", "query_loki_impl"),),
          stand_ins=("datetime", "get_grafana_client"),
          reason="time bounds as strings in several notations (relative times with units from s "
                 "to y, digit strings read as seconds or nanoseconds by length, ISO 8601 / RFC 3339) "
                 "normalised to nanosecond strings and defaulted by which bound is given; nothing "
                 "is refused"),
    Layer("obsidian_add_tags", _L + "obsidian_add_tags", TUNING,
          "obsidian-mcp 2.1.6, server.py, tools/organization.py, utils/validators.py, "
          "utils/validation.py and constants.py (MIT)",
          (ToolRef("add_tags_tool", "SCHEMA", "add_tags_tool_impl"),),
          reason="a note path checked in code beyond the schema's pattern ('..', reserved "
                 "characters, extension) then trimmed, and tags cleaned of '#' prefixes and "
                 "blanks; an untyped ctx argument in the schema"),
    Layer("cli_run_command", _L + "cli_run_command", TUNING, "cli-mcp-server 0.2.5, server.py (MIT)",
          (ToolRef("run_command", "SCHEMA", "run_command_impl"),),
          stand_ins=("load_security_config", "_make_executor"),
          reason="one command line parsed only in code: shell operators, shlex quoting, "
                 "allow-listed commands and flags, explicit paths resolved inside a sandbox, a "
                 "length cap"),
    Layer("geo_route", _L + "geo_route", TUNING,
          "mcp-geo 0.3.0, geo_mcp/routing.py, validation.py and errors.py (MIT)",
          (ToolRef("route", "SCHEMA", "route_impl"),),
          stand_ins=("settings",),
          reason="[lon, lat] waypoints as JSON text or an array, float() coercion, coordinate bounds, "
                 "at least two waypoints and a profile checked only in code; refusals returned as "
                 "error results"),
    Layer("frankfurter_history", _L + "frankfurter_history", TUNING,
          "frankfurtermcp 0.5.0, server.py, with pydantic-extra-types 2.11.1, currency_code.py (MIT)",
          (ToolRef("get_historical_exchange_rates", "SCHEMA", "historical_rates_impl"),),
          stand_ins=("_CODES", "_CODE", "pycountry", "Context", "_Httpx2", "httpx2", "lru_cache", "hashkey",
                     "MCPMixin", "HTTPHelperMixin", "_server", "get_historical_exchange_rates"),
          reason="ISO 4217 codes upper-cased before the check (looser than the schema's enum), one code "
                 "or a list, and a precedence among three optional dates (range, open range, single "
                 "date; an end date alone refused) stated nowhere in the schema"),
    Layer("pypi_python_compat", _L + "pypi_python_compat", TUNING,
          "pypi-query-mcp-server 0.6.5, server.py, tools/compatibility_check.py, core/pypi_client.py, "
          "core/version_utils.py and core/exceptions.py (MIT)",
          (ToolRef("check_package_python_compatibility", "SCHEMA", "package_info_impl"),),
          stand_ins=("_REQUIRES_PYTHON",),
          reason="a package name checked by a pattern and normalised (PEP 503), a PEP 440 version "
                 "compared with Requires-Python or trove classifiers, behind a schema of bare strings; "
                 "refusals returned as error results"),
    Layer("prometheus_targets", _L + "prometheus_targets", TUNING,
          "prometheus-mcp-server 1.6.2, server.py (MIT)",
          (ToolRef("get_targets", "SCHEMA", "make_prometheus_request"),),
          stand_ins=("_TARGETS", "_Logger", "logger"),
          reason="a state among three values and non-negative offset and limit checked only in code, "
                 "server-side filter parameters, and paging of the answer by offset and limit"),
    Layer("business_days_between", _L + "business_days_between", TUNING,
          "business-day-mcp 0.1.0, server.py (MIT)",
          (ToolRef("business_days_between", "SCHEMA", "country_holidays_impl"),),
          stand_ins=("holidays", "_FIXED", "_SUBDIVS"),
          reason="ISO 8601 dates, their order and a 100-year span, an ISO 3166-1 country code "
                 "upper-cased and a case-sensitive subdivision refused when unknown, all checked "
                 "only in code behind a schema of bare strings"),
    Layer("ibangen_us_routing", _L + "ibangen_us_routing", TUNING,
          "ibangen-mcp 0.1.2, server.py and api.py (MIT)",
          (ToolRef("validate_us_routing_numbers", "SCHEMA", "_post"),),
          stand_ins=("api",),
          reason="1-10 non-blank strings of at most 30 characters checked type by type in code, "
                 "a consent flag that must be exactly True; refusals returned as error results"),
    Layer("jaeger_search_traces", _L + "jaeger_search_traces", TUNING,
          "jaeger-mcp 0.6.1, tools.py and shaping.py (MIT)",
          (ToolRef("jaeger_search_traces", "SCHEMA", "traces_impl"),),
          stand_ins=("get_client", "_shape_trace_summary", "_fail", "output", "SearchTracesOutput",
                     "TraceSummary"),
          reason="bounds stated in the schema (lengths, a 1-1500 limit, non-negative times), tags as "
                 "JSON text checked in code, durations handed on unparsed, empty arguments dropped"),
    Layer("zotero_search_items", _L + "zotero_search_items", TUNING,
          "mcp-zotero 0.3.0, server.py and models.py (MIT)",
          (ToolRef("search_items", "SCHEMA", "items_impl"),),
          stand_ins=("_get_client",),
          reason="the whole input is one object argument validated by a pydantic model under $defs "
                 "(bounds, a string-or-list tag), its keys renamed and None dropped"),
    Layer("btcpay_invoice", _L + "btcpay_invoice", TUNING,
          "btcpay-mcp 0.3.0, server.py and client.py (MIT)",
          (ToolRef("create_invoice", "SCHEMA", "greenfield_post"),
           ToolRef("create_payment_request", "PAYMENT_REQUEST_SCHEMA", "greenfield_post", "PAYMENT_REQUEST_EXAMPLE")),
          stand_ins=("PAYMENT_REQUEST_SCHEMA", "PAYMENT_REQUEST_EXAMPLE", "_Response", "_Session",
                     "_RequestsExceptions", "requests", "os", "logger"),
          reason="money amounts as strings checked only by float(), currency codes stripped and upper-cased "
                 "but never checked, optional fields sent only when non-empty or positive, two tools over "
                 "one backend; refusals returned as text results"),
    Layer("wa_send_message", _L + "wa_send_message", TUNING,
          "guarded-whatsapp-mcp 0.1.0, server.py, guard.py, config.py, audit.py and bridge.py (MIT)",
          (ToolRef("wa_send_message", "SCHEMA", "bridge_post"),),
          stand_ins=("_BridgeResponse", "_HTTPError", "httpx", "_record", "check_and_record_rate", "load_config",
                     "guard", "audit", "AUDIT_PATH", "RATE_PATH"),
          reason="a recipient matched against an allowlist by name, JID or phone digits, unlisted numbers "
                 "allowed only when they look like one, message text scanned for secrets (patterns, Luhn), "
                 "a confirmation token for unlisted sends; refusals returned as results"),
    Layer("fuel_find_cheapest", _L + "fuel_find_cheapest", TUNING,
          "fuel-prices-mcp 0.1.0, server.py, geo.py, store.py and fuelfinder.py (MIT)",
          (ToolRef("fuel_find_cheapest", "SCHEMA", "postcodes_get"),),
          stand_ins=("_PostcodesResponse", "_Client", "httpx", "_FIXED_PRICES", "get_stations", "fuelfinder", "store"),
          reason="one location string read as a lat,lon pair in a UK box, a postcode or an outcode by "
                 "patterns, upper-cased and looked up; a fuel among thirteen aliases; bounds in the schema; "
                 "refusals raised as a non-ValueError exception"),
    Layer("cal_create_event", _L + "cal_create_event", TUNING,
          "cal-scheduler-mcp 1.1.3, server.py, timezones.py and ical.py (MIT)",
          (ToolRef("create_event", "SCHEMA", "save_new_event"),),
          stand_ins=("vRecur", "Event", "_property", "event_calendar", "serialize", "new_uid", "_now", "_config",
                     "_Store", "_store", "ical"),
          reason="ISO 8601 times read in a DST zone (naive as wall time, offsets converted, all-day dates), "
                 "an end after the start or a default duration, an RFC 5545 recurrence rule checked against "
                 "its anchor, UNTIL moved to UTC"),
    Layer("dns_lookup", _L + "dns_lookup", TUNING, "dns-mcp 0.1.1, dns_mcp/__init__.py (MIT)",
          (ToolRef("resolve_dns", "SCHEMA", "http_get"),
           ToolRef("geo_ip", "GEO_IP_SCHEMA", "http_get", "GEO_IP_EXAMPLE")),
          stand_ins=("GEO_IP_SCHEMA", "GEO_IP_EXAMPLE", "_Response", "_AsyncClient", "httpx"),
          reason="a domain stripped, dot-trimmed and lower-cased (refused only when empty or with a space "
                 "or '/'), a record type upper-cased among ten, an IP address read by ipaddress with "
                 "private, loopback and reserved ones refused; two tools over one backend"),
    Layer("wled_light", _L + "wled_light", TUNING,
          "iflow-mcp_mrkprdo-wled_mcp 0.1.0, wled_mcp/server.py and wled_mcp/wled_client.py (MIT)",
          (ToolRef("wled_set_color", "SCHEMA", "wled_post"),
           ToolRef("wled_set_effect", "EFFECT_SCHEMA", "wled_post", "EFFECT_EXAMPLE")),
          stand_ins=("EFFECT_SCHEMA", "EFFECT_EXAMPLE", "_Response", "_AsyncClient", "httpx", "os", "_quiet",
                     "logger"),
          reason="RGB components 0-255 checked in code, an unchecked effect id with optional 0-255 speed and "
                 "intensity, an optional host falling back on the environment; refusals returned as text"),
    Layer("hermes_config_set", _L + "hermes_config_set", TUNING,
          "hermes-agent-mcp 0.1.1, hermes_mcp/server.py and hermes_mcp/configfile.py (MIT)",
          (ToolRef("config_set", "SCHEMA", "write_text"),),
          stand_ins=("_CONFIG_YAML", "_ConfigFile", "_Home", "settings", "configfile"),
          reason="a string value coerced by a value_type among six (int(), float(), eight boolean spellings, "
                 "null, YAML), a dotted key path with empty parts dropped; refusals returned as JSON, "
                 "a YAML error escaping"),
    Layer("pdf_render_pages", _L + "pdf_render_pages", TUNING,
          "benspdf-mcp 0.3.0, benspdf/mcp_server.py, benspdf/tools/render_pages.py, benspdf/tools/page_spec.py "
          "and benscore/store.py, results.py and errors.py (Apache-2.0)",
          (ToolRef("pdf_render_pages", "SCHEMA", "render_page"),),
          stand_ins=("_DOCUMENTS", "_PilImage", "_Bitmap", "_Page", "PdfiumError", "_PdfDocument", "pdfium",
                     "_WORKSPACE", "workspace", "save", "TextContent", "CallToolResult", "Image", "benscore"),
          reason="a page-range string ('1-3,5', 'all') parsed in code, reversed ranges swapped, pages "
                 "clipped, an empty selection refused, a 20-page cap, a dpi clamped to 36-600 and lowered "
                 "per page; an artifact id or a path; refusals returned as results"),
    Layer("dbmcp_execute_sql", _L + "dbmcp_execute_sql", TUNING,
          "database-mcp-core 0.3.1, database_mcp_core/sql_guard.py, server.py, secret.py and config.py (MIT)",
          (ToolRef("execute_sql", "SCHEMA", "run_query"),),
          stand_ins=("_Adapter", "Tool", "TextContent", "CallToolResult", "ListToolsResult", "types", "Server",
                     "_server", "execute_sql"),
          reason="one SQL statement classified by a hand-written scan, not parsed: empty and multiple "
                 "statements refused (any ';' when the text holds what engines lex differently), the first "
                 "word among seven read verbs, INTO OUTFILE refused; jsonschema first; refusals returned as "
                 "error results"),
    Layer("vies_check_vat", _L + "vies_check_vat", TUNING, "honest-vies-mcp 0.2.0, honest_vies_mcp.py (MIT)",
          (ToolRef("check_vat", "SCHEMA", "vies_post"),),
          stand_ins=("_Response", "_post", "requests", "Tool", "TextContent", "CallToolResult", "check_vat"),
          reason="an EU VAT number combined or as country + number, cleaned and upper-cased, a country among "
                 "28 VIES codes, a requester pair sent only when both are given; a schema of five optional "
                 "strings with no 'required'; refusals raised as ValueError"),
    Layer("pix_brcode", _L + "pix_brcode", TUNING,
          "brasil-mcp-essentials 0.3.0, brasil_mcp/adapters/mcp/tools.py, core/pix/parser.py, core/pix/brcode.py, "
          "core/pix/crc16.py, core/pix/qr.py and core/errors.py (MIT)",
          (ToolRef("generate_pix_brcode", "SCHEMA", "qr_make"),),
          stand_ins=("_QRCode", "_make", "segno", "track"),
          reason="an EMV tag-length-value payload with a CRC16: a PIX key normalised by its shape, names and "
                 "cities accent-stripped, upper-cased and truncated, centavos written as reais when positive, "
                 "a qr_format among four and a 99-character field limit checked in code; refusals returned "
                 "as results"),
    Layer("vin_decode", _L + "vin_decode", TUNING,
          "vin-decode-mcp 0.1.0, vin_decode_mcp/server.py and vin_decode_mcp/database.py (MIT)",
          (ToolRef("decode_vin", "SCHEMA", "sqlite_execute"),),
          stand_ins=("_VPIC_DDL", "_VPIC", "_Cursor", "_Connection", "_connect", "sqlite3", "_DbPath", "_Logger",
                     "logger", "_db_path"),
          reason="a VIN stripped and upper-cased, under 11 characters answered as invalid, a model year "
                 "decoded from position 10 by a code table and position 7, a 6- then 3-character WMI and "
                 "pattern matching; never refused, errors returned as results"),
    Layer("cron_schedule_task", _L + "cron_schedule_task", HELD_OUT,
          "mcpaisuite-schedulermcp 1.1.0, schedulermcp/mcp_server.py, pipeline.py, core/cron.py and "
          "core/models.py (Apache-2.0)",
          (ToolRef("schedule_task", "SCHEMA", "save_job"),),
          stand_ins=("_Store", "datetime", "uuid", "_Logger", "logger", "Tool", "TextContent", "CallToolResult",
                     "types", "Server", "call_tool_request", "BaseJobStore", "BaseExecutor", "_server", "schedule_task",
                     "create_mcp_server"),
          reason="a five-field cron expression read by int() only while the next run is searched for over "
                 "seven days (no match: no next run, not a refusal), a job type among four, a delay and an "
                 "interval used only when positive, a pydantic model; jsonschema first; refusals returned as "
                 "text"),
    Layer("dice_roll", _L + "dice_roll", HELD_OUT, "mcp-dice-roller 0.1.0, mcp_dice_roller/server.py (MIT)",
          (ToolRef("roll_dice", "SCHEMA", "draw_die"),
           ToolRef("roll_multiple", "MULTIPLE_SCHEMA", "draw_die", "MULTIPLE_EXAMPLE")),
          stand_ins=("MULTIPLE_SCHEMA", "MULTIPLE_EXAMPLE", "_FACES", "_draws", "random"),
          reason="dice notation (XdY, kh/kl, +/-M) lower-cased, stripped and read by one regex, 1-100 dice of "
                 "2-1000 sides and a kept count checked in code, 1-20 repeats; refusals returned as results; "
                 "two tools over one backend"),
    Layer("docker_hub_image", _L + "docker_hub_image", HELD_OUT,
          "docker-hub-mcp 0.2.2, docker_hub_mcp/server.py (MIT)",
          (ToolRef("get_image_stats", "SCHEMA", "hub_get"),
           ToolRef("get_publisher_images", "PUBLISHER_SCHEMA", "hub_get", "PUBLISHER_EXAMPLE")),
          stand_ins=("PUBLISHER_SCHEMA", "PUBLISHER_EXAMPLE", "_REPOSITORIES", "_RequestError", "_HTTPStatusError",
                     "_Response", "_AsyncClient", "httpx", "_shared_client", "asyncio", "_Logger", "logger",
                     "TextContent", "CallToolResult", "ServerRequestContext", "CallToolRequestParams",
                     "TOOL_HANDLERS", "get_image_stats", "get_publisher_images"),
          reason="a Docker image reference of one or two segments, library/ prepended, each segment 1-128 "
                 "characters of a lower-case pattern (tags, digests, hosts refused), URL-quoted; a limit "
                 "clamped to 1-500 and paged; refusals returned as error results; two tools over one backend"),
    Layer("regex_test_cases", _L + "regex_test_cases", HELD_OUT, "mcpgex 0.1.4, mcpgex/server.py (MIT)",
          (ToolRef("add_test_case", "SCHEMA", "keep_test_case"),
           ToolRef("test_regex", "TEST_REGEX_SCHEMA", "compile_pattern", "TEST_REGEX_EXAMPLE")),
          stand_ins=("TEST_REGEX_SCHEMA", "TEST_REGEX_EXAMPLE", "compile_pattern", "keep_test_case", "_TestCases",
                     "test_cases", "re", "Tool", "TextContent", "CallToolResult", "types", "Server", "call_tool_request",
                     "add_test_case", "test_regex"),
          reason="a regex compiled with flag letters found anywhere in one case-folded string, compile errors "
                 "answered as text, test cases whose expected matches and group numbers must be as many; "
                 "jsonschema first; refusals returned as text"),
)}


def resolve(module: Any, ref: str) -> Any:
    """`ref` as an attribute of `module`, or a `"module:attr"` reference."""
    import importlib

    if ":" in ref:
        mod, _, attr = ref.partition(":")
        return getattr(importlib.import_module(mod), attr)
    return getattr(module, ref)
