"""How many calls reached the tool, and what stopped the others.

A run whose every call was refused by one argument (a path that must name an existing
`.xlsx` file, an id that must exist) tested nothing past that argument; reporting it as
"no findings" would be a false all-clear.  So each fuzzed call is tallied per tool: it
reached the tool (an answer), was refused (a correction, the server's own error), was not
sent (pytest-aacl cannot carry it over the transport), escaped or timed out.  A refusal is
attributed to the argument it names (its name as a word, else its value quoted back);
when nearly every call meant to be valid was refused because of one argument, the report
says which one and how to give it a value the tool accepts.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

__all__ = ["BLOCKED_SHARE", "OFFLINE", "OUTPUT_BROKEN", "PYTHON_FAULT", "RATE_LIMITED", "Tally", "blocker_line", "error_answer", "input_name_refused", "python_fault", "refused_argument"]

#: how the MCP client (`_targets._mcp`) words an answer the tool's own output schema refuses:
#: answered without isError, so not a crash answered as an error
OUTPUT_BROKEN = "the answer breaks the tool's own output schema"
#: the share of valid-intent calls refused for one argument from which a run is "blocked"
BLOCKED_SHARE = 0.9
#: below this many valid-intent calls nothing is concluded
_MIN_CALLS = 5
#: a run where at most this share of the schema-valid calls reached the tool tested little
#: past the tool's own checks (they ask more than the schema says: equal lengths, signs, ...)
LOW_REACH = 0.25
_MIN_SCHEMA_VALID = 10
_NOT_SENT = "pytest-aacl did not send"
# pydantic v2: "<field>\n  Input should be ... [type=..., input_value=..., input_type=...]",
# also inside "1 validation error for call[tool]" as the MCP SDKs relay it
_PYDANTIC_LOC = re.compile(r"^\s*([A-Za-z_][\w.\[\]]*)\s*\n\s+(?:Input should|Field required|Value error|"
                           r"Extra inputs|String should|List should|Assertion failed)", re.M)


#: a server refusing a call because of how many came before it, not because of what it held
#: ("Rate limit exceeded: 100 requests per 1 minutes", HTTP 429 "Too Many Requests")
#: or by a quota: "Limit 50/day. Upgrade: ..." (encoder-ai-mcp, trial 12), "daily quota exceeded"
RATE_LIMITED = re.compile(r"rate[ -]?limit (?:exceeded|reached)|\brate[ -]?limited\b|too many requests|\bthrottled\b"
                          r"|\blimit(?: of)?:? ?\d+ ?(?:/ ?|per |an? |each )(?:sec(?:ond)?|min(?:ute)?|hour|hr|day|week|month)\b"
                          r"|\bquota\b.{0,30}\b(?:exceeded|reached|exhausted|used up)|(?:daily|monthly|hourly|usage) "
                          r"(?:limit|quota) (?:exceeded|reached)", re.I)


#: a refusal that is the network's, not the tool's: a name that does not resolve, a refused
#: or unreachable connection (httpx, requests, aiohttp and the socket module's own words)
OFFLINE = re.compile(r"Name or service not known|Temporary failure in name resolution|nodename nor servname"
                     r"|getaddrinfo failed|Network is unreachable|No route to host|Connection refused"
                     r"|Failed to establish a new connection|Cannot connect to host|\bConnectError\b"
                     r"|Max retries exceeded with url", re.I)


#: an answer that reports an error in its text ("Error: ...", "Invalid arguments: ...",
#: "Database error: ..."), as many MCP servers answer with `isError` false
#: (the Chinese, Japanese and Korean words for "error" with a colon: mcp-chinese-time, trial 9)
_ERROR_TEXT = re.compile(r"^\s*(?:error\b|invalid (?:argument|input|parameter|value)s?\b|[A-Za-z ]{0,24}error:"
                         r"|(?:错误|錯誤|エラー|오류)\s*[:：])", re.I)


#: the interpreter's wording of a programming error (NameError, UnboundLocalError,
#: AttributeError, TypeError, IndexError, RecursionError), which FastMCP and the MCP SDK relay
#: as "Error executing tool X: <message>"; a tool's own refusal never reads like this (a
#: deliberate ValueError, a KeyError's bare key or "division by zero" are left as refusals)
PYTHON_FAULT = re.compile(
    r"name '\w+' is not defined|cannot access (?:local|free) variable '\w+'|local variable '\w+' referenced "
    r"before assignment|'\w+' object has no attribute '\w+'|module '[\w.]+' has no attribute '\w+'"
    r"|unsupported operand type\(s\) for|'\w+' object is not (?:subscriptable|callable|iterable)"
    r"|\w+\(\) (?:takes \d+ positional arguments? but \d+ (?:was|were) given|missing \d+ required "
    r"(?:positional|keyword-only) arguments?|got an unexpected keyword argument '\w+')"
    r"|can only concatenate \w+ \(not \\?\"\w+\\?\"\) to \w+|object of type '\w+' has no len\(\)"
    r"|'[<>]=?' not supported between instances of|(?:list|tuple|string) index out of range"
    r"|maximum recursion depth exceeded|'\w+' object cannot be interpreted as an integer"
    r"|slice indices must be integers|cannot convert float (?:NaN|infinity) to integer"
    # the interpreter's own words (a tool refusing a zero divisor writes its own): trial 13's
    # finance-calc answered loan_amortization(term_years=0.5) "Error: float division by zero"
    r"|float (?:division|modulo|floor division) by zero|integer (?:division or )?modulo by zero"
    # the math module's and the C library's words (trial 14: bp-percentile's log of a negative
    # height, "math domain error"; clawlendar's epoch 1e18, "[Errno 75] Value too large ...")
    r"|\bmath (?:domain|range) error\b|\(34, 'Numerical result out of range'\)|\[Errno (?:34|75)\]"
    # a result the host could not serialise: FastMCP 2+ and `json.dumps(allow_nan=False)`
    r"|result contains a non-finite float|Out of range float values are not JSON compliant"
    # a result that breaks the tool's own return type: the MCP SDK validates it against the model
    # it names `<tool>Output` (trial 12: encoder-ai-mcp failed every call this way, read as refusals)
    r"|tool '?(?P<tool>\w+)'?: \d+ validation errors? for (?P=tool)(?:Dict)?Output\b"
    # a KeyError relayed as its bare key, all the answer says (trial 13: loadbench's check_tipping
    # answered "Error executing tool check_tipping: 'mass'" for an item without that key); single
    # quotes only, as its repr has them: a JSON string in double quotes is any answer at all
    r"|\A\s*(?:Error (?:executing|calling) tool '?[\w.-]+'?: |Error: |KeyError: )?(?P<key>'[^'\n]{1,80}')\s*\Z")


_UNDEFINED = re.compile(r"name '(\w+)' is not defined")
#: an example of a valid call after the error: no host relays a crash with one
_GUIDANCE = re.compile(r"\b(?:Example|For example|Usage|Try)\s*:|\be\.g\.\s", re.I)


def python_fault(text: str, args: Any = None) -> bool:
    """Whether an answer's text is the interpreter's report of a programming error.  Two
    refusals read alike and are not: an expression tool evaluating `true` answers "name 'true'
    is not defined" about its input's own word (trial 11, a calculator), and a tool quoting an
    error then showing a valid call ("... Example: '2*x + 3'") wrote it for the model."""
    head = text[:2000]
    found = PYTHON_FAULT.search(head)
    if not found:
        return False
    if _GUIDANCE.search(head, found.end()):  # the tool's own refusal, quoting the error, then showing
        return False  # a valid call: written for the model (vibe-math-mcp: "... Error: ... Example: '2*x + 3'")
    if found.group("key") is not None:  # a lookup of what it was sent ("'example'") is a refusal of it
        return found.group("key")[1:-1].casefold() not in _sent(args)
    undefined = {unicodedata.normalize("NFKC", n) for n in _UNDEFINED.findall(head)}
    if not undefined or PYTHON_FAULT.search(_UNDEFINED.sub("", head)):
        return True
    return not undefined <= _words(args)


def _words(value: Any, depth: int = 0) -> set[str]:
    """Every identifier-like word in the strings of a sent value (short ones too: `x`)."""
    if isinstance(value, str):
        return set(re.findall(r"\w+", unicodedata.normalize("NFKC", value[:10_000])))  # as Python reads names
    if depth > 3 or not isinstance(value, (dict, list, tuple)):
        return set()
    items = value.values() if isinstance(value, dict) else value
    return {w for item in list(items)[:50] for w in _words(item, depth + 1)}


def _sent(value: Any, depth: int = 0) -> set[str]:
    """Every string a sent value holds, whole and word by word, and its keys, case-folded."""
    if isinstance(value, str):  # (a key is shown as its repr: 'a\\nb' for a newline)
        return {value.casefold(), repr(value)[1:-1].casefold(), *(w.casefold() for w in _words(value))}
    if depth > 3 or not isinstance(value, (dict, list, tuple)):
        return set()
    keys = [k.casefold() for k in value if isinstance(k, str)] if isinstance(value, dict) else []
    items = value.values() if isinstance(value, dict) else value
    return {*keys, *(w for item in list(items)[:50] for w in _sent(item, depth + 1))}


def input_name_refused(text: str, args: Any) -> bool:
    """Whether an answer read as the interpreter's wording is only about a name of the input."""
    return bool(PYTHON_FAULT.search(text[:2000])) and not python_fault(text, args)


def error_answer(result: Any) -> str:
    """The error an answer reports in-band, or "".  mcp-server-sqlite answers every refusal as
    plain text ("Error: Only SELECT queries are allowed"), mcp-abacus as `{"error": ...}`:
    counted as answers, a run where no query ever ran looked like a clean one, and two error
    answers were compared as if they were results."""
    if isinstance(result, dict):
        if isinstance(result.get("error"), str) and result["error"].strip():
            return _with_message(result)
        if result.get("isError") is True or result.get("is_error") is True:
            # an MCP CallToolResult a handler returned in process (a low-level server's call_tool:
            # the ninth split's database tool; every refusal had counted as an answer)
            texts = [c.get("text") for c in result.get("content") or [] if isinstance(c, dict)]
            return " ".join(t.strip() for t in texts if isinstance(t, str) and t.strip()) or "isError result without text"
        result = result.get("result")
    if isinstance(result, list) and len(result) == 1:
        result = result[0]
    if not isinstance(result, str):
        return ""
    if _ERROR_TEXT.match(result):
        return result.strip()
    if result.lstrip().startswith("{"):
        try:
            parsed = json.loads(result)
        except ValueError:
            return ""
        if isinstance(parsed, dict) and isinstance(parsed.get("error"), str) and parsed["error"].strip():
            return _with_message(parsed)
    return ""


_CODE = re.compile(r"[A-Za-z][\w.-]*")
_MESSAGE_KEYS = ("message", "detail", "details", "reason", "description", "msg")


def _with_message(answer: dict[str, Any]) -> str:
    """`error`, and the message beside it when `error` is only a code (mcp-mathematics answers
    `{"error": "conversion_failed", "message": "Unknown unit type: example"}`; the WARNING quoted
    "conversion_failed")."""
    code = answer["error"].strip()
    if _CODE.fullmatch(code):
        said = next((answer[k].strip() for k in _MESSAGE_KEYS if isinstance(answer.get(k), str) and answer[k].strip()), "")
        if said:
            return f"{code}: {said}"
    return code


def refused_argument(args: dict[str, Any], message: str, error: Any = None) -> str:
    """The argument a refusal is about, or "" when it names none of them."""
    names = [k for k in args if isinstance(k, str)]
    corrections = getattr(error, "corrections", None)  # a boundary CorrectionError knows its fields
    if corrections:
        top = str(getattr(corrections[0], "path", "")).lstrip("$./").split(".")[0].split("[")[0]
        if top in names:
            return top
    text = message or ""
    located = [m.split(".")[0].split("[")[0] for m in _PYDANTIC_LOC.findall(text)]
    for name in located:
        if name in names:
            return name
    mentioned = [k for k in names if re.search(rf"(?<![\w]){re.escape(k)}(?![\w])", text)]
    if not mentioned:  # a sentence starts with a capital: "Sex must be 'male' or 'female'" (trial 14);
        # only that ("Unsupported URI scheme" judges the value of `uri`, not its name: no blocker then)
        mentioned = [k for k in names if len(k) > 2 and re.search(rf"(?<![\w]){re.escape(k.capitalize())}(?![\w])", text)]
    if len(mentioned) == 1:
        return mentioned[0]
    quoted = [k for k in (mentioned or names) if any(t in _unlisted(text) for t in _texts(args[k]))]
    if len(quoted) == 1:
        return quoted[0]
    return mentioned[0] if mentioned else ""


#: what an MCP host puts before any refusal's own words
_HOST_WRAPPER = re.compile(r"^(?:Error (?:executing|calling) tool '?[\w.-]+'?:?\s*)?(?:Input validation error:?\s*)?")


#: a list of alternatives a refusal offers ("must be in ['hex', 'hsl', 'rgb']", "one of: a, b")
_OFFERED = re.compile(r"\[[^\]\n]*,[^\]\n]*\]|\{[^}\n]*,[^}\n]*\}|\([^)\n]*,[^)\n]*\)|one of:?[^.;\n]*", re.I)


def _unlisted(message: str) -> str:
    """A refusal without the alternatives it offers: a sent value among them is not what it
    refuses (trial 12: "Format muss in ['hex', 'hsl', 'hsv', 'rgb'] sein" refused a varied
    `target` and was blamed on the untouched `source='hex'`)."""
    return _OFFERED.sub(" ", message)


def _texts(value: Any, depth: int = 0) -> list[str]:
    """The strings inside a sent value (a path may arrive wrapped in a list), long enough to quote."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(value)
    if isinstance(value, str):
        return [value.strip()] if len(value.strip()) >= 3 else []
    if depth > 3:
        return []
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, (list, tuple)):
        return [t for item in value[:20] for t in _texts(item, depth + 1)]
    return []


def _quotes(message: str, value: Any) -> bool:
    """Whether a message quotes a short string value as Python or JSON would ('', " ")."""
    return isinstance(value, str) and len(value.strip()) < 3 and (repr(value) in message or json.dumps(value) in message)


@dataclass
class Tally:
    """The calls of one tool, by outcome; refusals of valid-intent calls by argument.

    A rendering of `path` refused because of `path` is the tool doing its job; a rendering
    of `sheet` (or a conforming call) refused because of `path` means `path` stopped the
    run.  So for each argument X this counts the valid-intent calls that did not render X
    (`without`) and those of them refused because of X (`stopped`).
    """

    reached: int = 0
    refused: int = 0
    not_sent: int = 0
    escaped: int = 0
    timeout: int = 0
    #: calls meant to be valid (conforming, or a rendering of an intended valid value)
    valid: int = 0
    valid_refused: int = 0
    unexplained: int = 0
    explained: int = 0
    #: valid-intent calls that varied nothing on purpose (conforming ones)
    plain: int = 0
    #: calls valid against the schema as sent (conforming), and how many of them reached the tool
    schema_valid: int = 0
    schema_valid_reached: int = 0
    #: schema-valid calls refused by a message naming the field they varied or quoting its value
    schema_valid_explained: int = 0
    #: of those not so explained, the refusals of a one-argument call (see `low_reach`)
    schema_valid_single: int = 0
    #: conforming calls that varied nothing on purpose (the base call) and reached the tool
    plain_reached: int = 0
    #: the user gave example values (`values=`): then a low reach is the tool's rule at work
    values_given: bool = False
    #: the server's rate-limit message that stopped the run ("" while it was not throttled)
    throttled: str = ""
    #: the plain call was refused and the coverage phase built on this accepted one (JSON)
    rebased: str = ""
    without: Counter[str] = field(default_factory=Counter)
    stopped: Counter[str] = field(default_factory=Counter)
    #: the first refusal message per argument ("" for refusals naming none), to quote
    said: dict[str, str] = field(default_factory=dict)
    #: the wording before the quoted value of a refusal attributed to an argument, so the same
    #: refusal of an empty or short value ("File not found: ") is attributed too
    _prefixes: dict[str, str] = field(default_factory=dict, repr=False, compare=False)
    #: the first refusal of a schema-valid call, to quote
    said_valid: str = ""
    #: said[""] quotes a call that rendered nothing (not a rendering refused for itself)
    _plain: bool = field(default=False, repr=False, compare=False)
    #: arguments whose `said` quotes a call that did not vary them
    _stopping: set[str] = field(default_factory=set, repr=False, compare=False)
    #: the case whose check is being judged (its calls of the intended value are counted)
    judging: Any = field(default=None, repr=False, compare=False)

    def _learn(self, name: str, value: Any, message: str) -> None:
        for text in _texts(value):
            at = message.find(text)
            prefix = message[:max(at, 0)].rstrip("'\"`[{(: ")
            # the host's wrapper ("Input validation error: ", "Error calling tool 'x': ") is every
            # field's: learnt as one field's wording, it blamed that field for all (trial 12)
            if len(_HOST_WRAPPER.sub("", prefix)) >= 8:
                self._prefixes[name] = prefix
                return

    def _by_wording(self, message: str) -> str:
        return next((name for name, prefix in self._prefixes.items() if message.startswith(prefix)), "")

    @property
    def calls(self) -> int:
        return self.reached + self.refused + self.not_sent + self.escaped + self.timeout

    def add(self, kind: str, args: dict[str, Any], outcome: str, message: str, error: Any = None,
            rendered: frozenset[str] = frozenset(), result: Any = None) -> None:
        """Count one generated call; `rendered` are the fields it varied on purpose (rendered,
        or set to a canonical class such as an empty or very long string)."""
        if outcome == "rejected" and message.startswith(_NOT_SENT):
            self.not_sent += 1
            return
        if outcome == "returned" and result is not None:
            in_text = error_answer(result)
            if in_text:  # refused in the answer's text: the call did not get past the tool's checks
                outcome, message = "rejected", in_text
        if outcome == "returned":
            self.reached += 1
        elif outcome == "rejected":
            self.refused += 1
        elif outcome == "timeout":
            self.timeout += 1
        else:
            self.escaped += 1
        if kind not in ("conforming", "hallucinated"):
            return  # an invalid input is meant to be refused
        if kind == "conforming":
            self.schema_valid += 1
            self.schema_valid_reached += outcome == "returned"
            self.plain_reached += outcome == "returned" and not rendered
        self.valid += 1
        self.plain += not rendered
        untouched = [k for k in args if isinstance(k, str) and k not in rendered]
        self.without.update(untouched)
        if outcome == "rejected":
            self.valid_refused += 1
            name = refused_argument(args, message, error) or self._by_wording(message)
            if not name:  # a message quoting the rendered value (and another field's equal one) is about it
                name = next((f for f in rendered if any(t in message for t in _texts(args.get(f)))), "")
            # the message names the varied field or quotes its value (an empty one as '' too)
            named = name in rendered or any(_quotes(message, args.get(f)) for f in rendered)
            # a call of a tool's one argument refused: the tool judging that value, once some
            # value of it got through (`low_reach`)
            self.schema_valid_single += kind == "conforming" and not named and len([k for k in args if isinstance(k, str)]) == 1
            if not name and len(rendered) == 1:  # naming nothing: about the one field varied on purpose
                name = next(iter(rendered))
            if kind == "conforming" and named:
                self.schema_valid_explained += 1
            elif kind == "conforming" and not self.said_valid:
                self.said_valid = " ".join(message.split())[:160]
            if name and not self._prefixes.get(name):
                self._learn(name, args.get(name), message)
            if name in untouched:
                self.stopped[name] += 1
            if name in rendered:  # the rendered field's own refusal: says nothing about getting past
                self.explained += 1
            else:
                self.unexplained += 1
            text = " ".join(message.split())[:160]
            if not name and not rendered and not self._plain:  # quote a refusal of a call that rendered nothing
                self.said[""], self._plain = text, True
            elif name in untouched and name not in self._stopping:
                # the words that stopped a call not varying it, over a refusal of a value sent on
                # purpose (trial 10 quoted `key_size: null` refused as why nothing got past key_size)
                self.said[name] = text
                self._stopping.add(name)
            else:
                self.said.setdefault(name, text)

    def merge(self, other: Tally) -> None:
        for name in ("reached", "refused", "not_sent", "escaped", "timeout", "valid", "valid_refused", "unexplained",
                     "explained", "plain", "schema_valid", "schema_valid_reached", "schema_valid_explained",
                     "schema_valid_single", "plain_reached"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.without.update(other.without)
        self.stopped.update(other.stopped)
        for key, text in other.said.items():
            self.said.setdefault(key, text)
        self.said_valid = self.said_valid or other.said_valid
        self.values_given = self.values_given or other.values_given
        self.throttled = self.throttled or other.throttled
        self.rebased = self.rebased or other.rebased

    def line(self) -> str:
        parts = [f"{self.reached} reached the tool", f"{self.refused} refused by it"]
        parts += [f"{n} {what}" for n, what in ((self.not_sent, "not sendable"), (self.escaped, "escaped"),
                                                (self.timeout, "timed out")) if n]
        rebased = f" (the realistic plain call was refused; the cases were built on {self.rebased})" if self.rebased else ""
        # said, as a run given values that reach no further looks as if they were ignored (trial 11)
        given = " (with the example values given)" if self.values_given else ""
        return f"{self.calls} calls{given}: " + ", ".join(parts) + rebased

    def blocker(self) -> tuple[str, int, int, str] | None:
        """`(argument, refused, out of, first message)` when one argument stopped nearly every
        valid-intent call that did not render it; `("", ...)` when nearly every valid-intent
        call was refused for no argument named."""
        share = {k: (self.stopped[k], n) for k, n in self.without.items() if n >= _MIN_CALLS}
        worst = max(share, key=lambda k: share[k][0] / share[k][1], default="")
        if worst and share[worst][0] >= BLOCKED_SHARE * share[worst][1]:
            return worst, *share[worst], self.said.get(worst, "")
        judged = self.valid - self.explained  # calls not refused for what they rendered
        unexplained = self.unexplained
        if self.reached == 0 and self.plain:
            # nothing got through, not even a call that varied nothing: then a refusal of what a
            # call varied explains nothing (a run of renderings only, as one check's rerun is,
            # may see every one refused for itself: that is the tool working)
            judged, unexplained = self.valid, self.valid_refused
        if judged >= _MIN_CALLS and unexplained >= BLOCKED_SHARE * judged:
            # quote a call that rendered nothing, else a schema-valid one: a rendering refused for
            # itself ("'1500' is not of type 'number'") is not what stopped the run
            return "", unexplained, judged, self.said.get("", self.said_valid or next(iter(self.said.values()), ""))
        return None

    def as_tuple(self) -> tuple[Any, ...]:
        """A plain, picklable form (pytest-xdist carries user properties between processes)."""
        return (self.reached, self.refused, self.not_sent, self.escaped, self.timeout, self.valid,
                self.valid_refused, self.unexplained, self.explained, self.plain, self.schema_valid,
                self.schema_valid_reached, self.schema_valid_explained, self.schema_valid_single, self.plain_reached, self.values_given,
                dict(self.without), dict(self.stopped), dict(self.said), self.said_valid, self.throttled)

    @classmethod
    def from_tuple(cls, data: Any) -> Tally:
        *counts, without, stopped, said, said_valid, throttled = data
        return cls(*counts, without=Counter(without), stopped=Counter(stopped), said=dict(said), said_valid=said_valid,
                   throttled=throttled)

    def low_reach(self) -> tuple[int, int, str] | None:
        """`(reached, out of, first refusal)` when few calls valid against the schema got past
        the tool's own checks: the rest of the run tested those checks, little behind them.
        A call refused by a message about the value it varied ("Invalid isoformat string: 'café'"
        for a date in a plain string) is the tool judging that value, left out; and nothing is
        said once the user gave example values: what else is refused then is the tool's rule."""
        judged = self.schema_valid - self.schema_valid_explained
        if self.plain_reached:  # the base value of its one argument got through: the others were judged
            # (a calculator's "invalid syntax" for drawn strings once "2 + 3" was read: trial 12's noise)
            judged -= self.schema_valid_single
        if not self.values_given and judged >= _MIN_SCHEMA_VALID and self.schema_valid_reached <= LOW_REACH * judged:
            return self.schema_valid_reached, judged, self.said_valid
        return None


def blocker_line(tool: str, tally: Tally) -> str:
    """One warning when a run tested nothing past one refusal, saying how to get past it."""
    if tally.throttled:
        when = f"after {tally.calls} calls" if tally.calls else "from its first call"
        return (f"{tool}: the server rate-limited the run {when} (\"{tally.throttled}\"); the rest of this tool was "
                "not tested and no throttled call was judged: lift or raise the server's limit while fuzzing")
    found = tally.blocker()
    if found is None:
        low = tally.low_reach()
        if low is None:
            return ""
        reached, out_of, said = low
        quote = f' (e.g. "{said}")' if said else ""
        if OFFLINE.search(said):
            return (f"{tool}: only {reached} of {out_of} schema-valid calls reached the tool; the others failed to reach "
                    f"a service it needs{quote}: fuzz where that service is reachable, or point it at a local stand-in")
        if tally.plain_reached:  # the plain call got through: what is refused is the schema's looseness
            # (trial 14: nwtools' CIDR fields, typed "string", refused "" and "café", rightly)
            return (f"{tool}: only {reached} of {out_of} schema-valid calls reached the tool (leaving out values "
                    f"refused for themselves); the others were refused by its own checks{quote}: the schema allows "
                    "much the tool refuses; state the rule in the schema (a `pattern`, a `format`, an `enum`) so a "
                    "model knows it, or give example values it accepts (ini `aacl_values` or fuzz(values=...))")
        return (f"{tool}: only {reached} of {out_of} schema-valid calls reached the tool (leaving out values refused "
                f"for themselves), the others were refused by its own checks{quote}: little was tested past them; give example values it accepts (ini "
                "`aacl_values` or fuzz(values=...)), or state the rule in the schema")
    name, refused, out_of, said = found
    quote = f' (e.g. "{said}")' if said else ""
    if OFFLINE.search(said):  # no value gets past a service the tool cannot reach (trial 12: a colour API)
        return (f"{tool}: {refused} of {out_of} calls meant to be valid failed to reach a service the tool needs{quote}; "
                "nothing was tested past it, and no example value helps: fuzz where that service is reachable, or "
                "point the tool at a local stand-in")
    if name:
        return (f"{tool}: {refused} of {out_of} calls meant to be valid were refused because of `{name}`{quote}; "
                f"nothing was tested past `{name}`: give an example value the tool accepts, e.g. ini "
                f"`aacl_values = {name}=...` or fuzz(values={{'{name}': ...}})")
    return (f"{tool}: {refused} of {out_of} calls meant to be valid (leaving out renderings refused for "
            f"themselves) were refused{quote}; nothing was tested past "
            "the tool's first check: give example values it accepts (ini `aacl_values` or fuzz(values=...)), "
            "or a reset= that creates what it needs")
