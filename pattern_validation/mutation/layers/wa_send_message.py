# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from guarded-whatsapp-mcp 0.1.0 (PyPI), file wa_guard/server.py: the
`wa_send_message` tool and `_reload`; file wa_guard/guard.py: `evaluate` (the gate every send
passes), `scan_secrets` with `_SECRET_PATTERNS`, `_luhn` and `_luhn_like_13`, `Verdict`,
`_mask_jid` and `_payload_token`; file wa_guard/config.py: `Recipient` (with `normalized_jid`)
and `Config` (with `find_recipient`); file wa_guard/audit.py: `preview_text`; file
wa_guard/bridge.py: `BridgeError` and `Bridge` (`__init__`, `_post_send`, `send_message`).  The
tool sends a WhatsApp text to a recipient named as an allowlist entry's name (case-insensitive,
a substring of it is enough), its JID, or a phone number compared digit by digit (spaces, `+`
and dashes ignored); an unlisted recipient is accepted only when it looks like a number (digits
after an optional `+`) or a JID (it has an `@`) and the policy allows unlisted recipients, the
`+` then stripped.  The message is scanned for credentials and personal data (private keys, AWS,
Slack, GitHub and OpenAI keys, bearer tokens, `password=...`-style assignments, JWTs, 13-digit
Thai national ids, and 13-19-digit card numbers that pass the Luhn check): a high-severity hit
blocks the send, a medium one is a warning.  A send that the policy says needs confirmation
(here: to an unlisted recipient) is blocked until it is repeated with the token the refusal
returned, a hash of the JID and the message.  Nothing is raised to the caller: a refusal comes
back as a result `{"sent": False, "ok": False, "blocked_reason": ...}`.  MIT License, Copyright
(c) 2026 Peter / FutureFarm AI (guarded-whatsapp-mcp); see https://opensource.org/licenses/MIT.
The functions are verbatim, but for the changes below (checked by comparing ASTs with the
wheel's source: each vendored function, class and constant, and each vendored method of
`Bridge` one by one, unparsed from both and compared with `ast.dump`, the tool's decorator set
aside, is equal).

Changes: the tool, registered with `@mcp.tool()` on the MCP SDK's FastMCP, is validated by
pydantic against its signature, as FastMCP does (not reproduced: FastMCP's parsing of JSON text
given for a non-string argument, and its ignoring of unknown arguments, which pydantic refuses
here).  `guard` and `audit` (the package's modules, as the server names them) are namespaces
over the vendored functions; `audit.record` (which appends a JSON line to
~/.guarded-whatsapp-mcp/audit.jsonl) is a stand-in that keeps nothing.  `load_config` (which
reads the allowlist from a YAML file and merges it over the package's defaults) is a stand-in
answering a fixed `Config`: the package's defaults but for `allow_unlisted`, true here (the
default refuses every unlisted recipient, so numbers outside the allowlist reach the
confirmation gate only with it), a shorter list of file extensions, and three recipients.  `check_and_record_rate` (a sliding window of send times kept in
~/.guarded-whatsapp-mcp/ratestate.json: ten sends a minute, sixty an hour) is a stand-in that
always allows: a real one would refuse every call after the tenth of a run, whatever it says.
`evaluate`'s file branch (file checks, `sanitize_filename`, `file_sha256`) is kept but never
taken, since this tool passes no file; those helpers are left out.  `httpx` is a stand-in whose
`post` hands the call on to the implementation layer.

The implementation layer is ours: `bridge_post` is where the package POSTs the send to the Go
WhatsApp bridge (`<bridge_url>/send`); it receives the URL and the JSON payload (recipient JID
and message) and answers as the bridge does.  SCHEMA is what the package's FastMCP derives:
`inputSchema` of the tool as `@mcp.tool()` registers it, under mcp 1.30.0 (the package asks for
mcp >= 1.2.0 and imports `mcp.server.fastmcp`, which mcp 2 removed), in a throwaway venv with
the package's own module imported.  It states no number format and nothing of the secret scan.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from pydantic import validate_call

SCHEMA: dict[str, Any] = {
    "properties": {
        "recipient": {"title": "Recipient", "type": "string"},
        "message": {"title": "Message", "type": "string"},
        "confirm_token": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None, "title": "Confirm Token"},
    },
    "required": ["recipient", "message"],
    "title": "wa_send_messageArguments",
    "type": "object",
}
EXAMPLE: dict[str, Any] = {"recipient": "alice", "message": "The October invoice is in the shared folder; "
                                                             "call me on +66 81 234 5678 if anything is off."}


def bridge_post(url: str, json: Any = None, timeout: Any = None) -> Any:
    """The implementation layer (ours): where the package POSTs a send to the WhatsApp bridge.
    Answers as the bridge does: HTTP 200 with `{"success": true, "message": ...}`."""
    payload = dict(json or {})
    return _BridgeResponse({"success": True, "message": f"Message sent to {payload.get('recipient')}"})


class _BridgeResponse:
    """Stands in for an httpx response."""

    def __init__(self, data: Any) -> None:
        self.status_code = 200
        self._data = data
        self.text = str(data)

    def json(self) -> Any:
        return self._data


class _HTTPError(Exception):
    pass


#: stands in for httpx: `post` hands the call on to the implementation layer
httpx = SimpleNamespace(post=lambda url, json=None, timeout=None: bridge_post(url, json=json, timeout=timeout),
                        HTTPError=_HTTPError)

@dataclass
class Recipient:
    name: str
    jid: str
    note: str = ""

    @property
    def normalized_jid(self) -> str:
        """Bridge accepts a bare number or a full JID. Keep groups (@g.us) as-is,
        strip a leading + from phone numbers."""
        j = self.jid.strip()
        if "@" in j:
            return j
        return j.lstrip("+")


@dataclass
class Config:
    bridge_url: str
    allow_unlisted: bool
    require_confirm_for: list[str]
    rate_limit: dict[str, int]
    files: dict[str, Any]
    secrets: dict[str, Any]
    recipients: list[Recipient] = field(default_factory=list)
    source_path: str = ""

    # ---- lookup helpers -------------------------------------------------
    def find_recipient(self, query: str) -> Recipient | None:
        """Match an allowlist entry by friendly name (case-insensitive,
        substring) or by exact/numeric JID."""
        q = (query or "").strip()
        if not q:
            return None
        ql = q.lower()
        q_digits = "".join(ch for ch in q if ch.isdigit())
        for r in self.recipients:
            if r.name.lower() == ql or ql in r.name.lower():
                return r
            rj = r.normalized_jid
            if rj == q or rj.lstrip("+") == q.lstrip("+"):
                return r
            r_digits = "".join(ch for ch in rj if ch.isdigit())
            if q_digits and r_digits and q_digits == r_digits:
                return r
        return None


_SECRET_PATTERNS: list[tuple[str, str, re.Pattern]] = [
    ("private_key_block", "high", re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----")),
    ("aws_access_key", "high", re.compile(r"\bAKIA[0-9A-Z]{16}\b")),
    ("aws_secret", "high", re.compile(r"(?i)aws_secret_access_key\s*[:=]\s*\S{20,}")),
    ("slack_token", "high", re.compile(r"\bxox[baprs]-[0-9A-Za-z-]{10,}\b")),
    ("github_pat", "high", re.compile(r"\bghp_[0-9A-Za-z]{30,}\b")),
    ("openai_key", "high", re.compile(r"\bsk-[0-9A-Za-z]{20,}\b")),
    ("bearer_token", "high", re.compile(r"\bBearer\s+[0-9A-Za-z._\-]{20,}")),
    ("generic_secret_assignment", "high", re.compile(
        r"(?i)\b(api[_-]?key|secret|access[_-]?token|password|passwd|pwd|private[_-]?key)\b\s*[:=]\s*['\"]?\S{8,}")),
    ("jwt", "medium", re.compile(r"\beyJ[A-Za-z0-9_\-]{10,}\.[A-Za-z0-9_\-]{10,}\.[A-Za-z0-9_\-]{10,}\b")),
    ("thai_national_id", "medium", re.compile(r"(?<!\d)\d{13}(?!\d)")),
]


def scan_secrets(text: str | None) -> list[dict[str, str]]:
    """Return a list of {label, severity, sample} for anything that looks like a
    credential or sensitive PII. Empty list => clean."""
    if not text:
        return []
    findings: list[dict[str, str]] = []
    for label, severity, rx in _SECRET_PATTERNS:
        m = rx.search(text)
        if not m:
            continue
        if label == "thai_national_id" and not _luhn_like_13(m.group(0)):
            # keep it as a soft PII flag regardless; thai ID has its own checksum
            pass
        sample = m.group(0)
        masked = sample[:4] + "…" + sample[-2:] if len(sample) > 8 else "…"
        findings.append({"label": label, "severity": severity, "sample": masked})
    # credit-card: digits 13-19 that pass Luhn
    for cand in re.findall(r"(?<!\d)(?:\d[ \-]?){13,19}(?!\d)", text):
        digits = re.sub(r"\D", "", cand)
        if 13 <= len(digits) <= 19 and _luhn(digits):
            findings.append({"label": "credit_card", "severity": "high", "sample": "…" + digits[-4:]})
            break
    return findings


def _luhn(num: str) -> bool:
    total, alt = 0, False
    for ch in reversed(num):
        d = ord(ch) - 48
        if alt:
            d *= 2
            if d > 9:
                d -= 9
        total += d
        alt = not alt
    return total % 10 == 0


def _luhn_like_13(num: str) -> bool:
    return len(num) == 13 and num.isdigit()


@dataclass
class Verdict:
    ok: bool
    recipient_jid: str | None = None
    recipient_name: str | None = None
    is_listed: bool = False
    blocked_reason: str | None = None
    warnings: list[str] = field(default_factory=list)
    secret_findings: list[dict] = field(default_factory=list)
    needs_confirm: bool = False
    confirm_token: str | None = None
    send_path: str | None = None      # sanitized temp path to hand the bridge
    display_filename: str | None = None
    file_sha256: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "recipient": {"name": self.recipient_name, "jid": _mask_jid(self.recipient_jid), "allowlisted": self.is_listed},
            "blocked_reason": self.blocked_reason,
            "warnings": self.warnings,
            "secret_findings": self.secret_findings,
            "needs_confirm": self.needs_confirm,
            "confirm_token": self.confirm_token,
            "display_filename": self.display_filename,
        }


def _mask_jid(jid: str | None) -> str | None:
    if not jid:
        return jid
    if "@" in jid:
        return jid
    return jid[:4] + "…" + jid[-3:] if len(jid) > 7 else jid


def _payload_token(jid: str, message: str | None, file_hash: str | None) -> str:
    h = hashlib.sha256()
    h.update((jid or "").encode())
    h.update(b"|")
    h.update((message or "").encode())
    h.update(b"|")
    h.update((file_hash or "").encode())
    return h.hexdigest()[:10]


def evaluate(
    cfg: Config,
    *,
    recipient: str,
    message: str | None = None,
    file_path: str | None = None,
    confirm_token: str | None = None,
    state_path: Path,
    dry_run: bool = False,
) -> Verdict:
    """Run all checks and return a Verdict. dry_run=True never mutates rate state
    and never copies files for sending (preview only)."""
    v = Verdict(ok=False)

    # 1) recipient allowlist
    rec: Recipient | None = cfg.find_recipient(recipient)
    if rec:
        v.recipient_jid, v.recipient_name, v.is_listed = rec.normalized_jid, rec.name, True
    else:
        # unlisted: accept a raw JID/number only if policy allows
        looks_like_jid = "@" in recipient or recipient.lstrip("+").isdigit()
        if not looks_like_jid:
            v.blocked_reason = (f"recipient '{recipient}' is not in the allowlist and is not a "
                                f"valid number/JID. Add them to config/allowlist.yaml.")
            return v
        if not cfg.allow_unlisted:
            v.blocked_reason = (f"recipient '{recipient}' is not allowlisted and allow_unlisted=false. "
                                f"Add them to config/allowlist.yaml or enable allow_unlisted to send.")
            return v
        v.recipient_jid = recipient.lstrip("+") if "@" not in recipient else recipient
        v.recipient_name = "(unlisted)"
        v.is_listed = False
        v.warnings.append("recipient is NOT allowlisted (allowed only because allow_unlisted=true)")

    # 2) secret / PII scan on message text
    findings = scan_secrets(message)
    if findings:
        v.secret_findings = findings
        high = [f for f in findings if f["severity"] == "high"]
        mode = cfg.secrets.get("on_detect", "block")
        if high and mode == "block":
            v.blocked_reason = ("message appears to contain secrets/credentials: "
                                + ", ".join(f["label"] for f in high)
                                + ". Remove them or set secrets.on_detect=warn to override.")
            return v
        v.warnings.append("possible sensitive content: " + ", ".join(f["label"] for f in findings))

    # 3) file validation + sanitisation
    if file_path:
        p = Path(file_path).expanduser()
        if not p.is_file():
            v.blocked_reason = f"file not found: {file_path}"
            return v
        ext = p.suffix.lower()
        allowed = [e.lower() for e in cfg.files.get("allowed_ext", [])]
        if allowed and ext not in allowed:
            v.blocked_reason = f"file type '{ext}' not allowed. Allowed: {', '.join(allowed)}"
            return v
        max_mb = float(cfg.files.get("max_size_mb", 100))
        size_mb = p.stat().st_size / (1024 * 1024)
        if size_mb > max_mb:
            v.blocked_reason = f"file is {size_mb:.1f} MB, over the {max_mb:.0f} MB limit"
            return v
        v.display_filename = sanitize_filename(p.name)
        v.file_sha256 = file_sha256(p)
        if not dry_run:
            tmp_dir = Path(tempfile.mkdtemp(prefix="waguard_"))
            safe = tmp_dir / v.display_filename
            shutil.copy2(p, safe)
            v.send_path = str(safe)
        else:
            v.send_path = str(p)

    # 4) rate limit
    ok, reason = check_and_record_rate(cfg, state_path, dry=dry_run)
    if not ok:
        v.blocked_reason = reason
        return v

    # 5) confirmation gate
    token = _payload_token(v.recipient_jid or "", message, v.file_sha256)
    triggers = set(cfg.require_confirm_for or [])
    needs = (
        "all" in triggers
        or ("unlisted" in triggers and not v.is_listed)
        or ("files" in triggers and bool(file_path))
        or ("messages" in triggers and message is not None and not file_path)
    )
    if needs and confirm_token != token:
        v.needs_confirm = True
        v.confirm_token = token
        v.blocked_reason = ("confirmation required for this send. Re-call with confirm_token to proceed "
                            "(this proves the send was previewed, not accidental).")
        return v

    v.ok = True
    return v


def preview_text(message: str | None) -> dict[str, Any]:
    if not message:
        return {"preview": None, "len": 0, "sha256": None}
    sha = hashlib.sha256(message.encode("utf-8")).hexdigest()[:16]
    preview = message if len(message) <= 80 else message[:77] + "..."
    return {"preview": preview, "len": len(message), "sha256": sha}


class BridgeError(RuntimeError):
    pass


class Bridge:
        def __init__(self, base_url: str, timeout: float = 30.0) -> None:
            self.base_url = base_url.rstrip("/")
            self.timeout = timeout


        def _post_send(self, payload: dict) -> tuple[bool, str]:
            url = f"{self.base_url}/send"
            try:
                resp = httpx.post(url, json=payload, timeout=self.timeout)
            except httpx.HTTPError as e:
                raise BridgeError(
                    f"cannot reach WhatsApp bridge at {url}: {e}. "
                    f"Is the Go bridge running? (cd ~/whatsapp-mcp/whatsapp-bridge && ./whatsapp-bridge)"
                ) from e
            if resp.status_code != 200:
                raise BridgeError(f"bridge returned HTTP {resp.status_code}: {resp.text[:200]}")
            try:
                data = resp.json()
            except Exception:
                return True, resp.text
            return bool(data.get("success", False)), str(data.get("message", ""))


        def send_message(self, recipient: str, message: str) -> tuple[bool, str]:
            return self._post_send({"recipient": recipient, "message": message})


def _record(audit_path: Any, entry: dict[str, Any]) -> None:
    """Stands in for `audit.record`: the audit log is not kept."""
    return None


def check_and_record_rate(cfg: Config, state_path: Any, *, dry: bool) -> tuple[bool, str | None]:
    """Stands in for the package's rate limiter (send times kept on disk): always allows."""
    return True, None


def load_config() -> Config:
    """Stands in for the package's YAML loader: its defaults, unlisted recipients allowed, and
    three recipients (a person, a group JID, another person)."""
    return Config(
        bridge_url="http://localhost:8080/api",
        allow_unlisted=True,
        require_confirm_for=["unlisted"],
        rate_limit={"per_minute": 10, "per_hour": 60},
        files={"max_size_mb": 100, "allowed_ext": [".pdf", ".png", ".jpg", ".txt", ".csv"]},
        secrets={"on_detect": "block"},
        recipients=[Recipient(name="Alice Wongsakul", jid="+66812345678", note="accounts"),
                    Recipient(name="Ops team", jid="120363025246125888@g.us", note="group"),
                    Recipient(name="Bob Jones", jid="447700900123", note="")],
        source_path="allowlist.yaml",
    )


guard = SimpleNamespace(evaluate=evaluate, _mask_jid=_mask_jid)
audit = SimpleNamespace(preview_text=preview_text, record=_record)
AUDIT_PATH = Path("audit.jsonl")
RATE_PATH = Path("ratestate.json")
CFG = load_config()
BRIDGE = Bridge(CFG.bridge_url)


def _reload() -> None:
    """Pick up edits to the allowlist without restarting the server."""
    global CFG, BRIDGE
    CFG = load_config()
    BRIDGE = Bridge(CFG.bridge_url)


@validate_call
def wa_send_message(recipient: str, message: str, confirm_token: str | None = None) -> dict[str, Any]:
    """Send a WhatsApp text message to an allowlisted recipient. Passes through the
    full security gate (allowlist, secret scan, rate limit, confirmation). If the
    result has needs_confirm=true, re-call with the returned confirm_token."""
    _reload()
    v = guard.evaluate(
        CFG, recipient=recipient, message=message, confirm_token=confirm_token,
        state_path=RATE_PATH, dry_run=False,
    )
    base = {"tool": "wa_send_message", **audit.preview_text(message),
            "recipient_name": v.recipient_name, "recipient_jid": guard._mask_jid(v.recipient_jid),
            "allowlisted": v.is_listed}
    if not v.ok:
        audit.record(AUDIT_PATH, {**base, "result": "blocked", "reason": v.blocked_reason,
                                  "warnings": v.warnings})
        return {"sent": False, **v.to_dict()}
    try:
        sent, msg = BRIDGE.send_message(v.recipient_jid, message)
    except BridgeError as e:
        audit.record(AUDIT_PATH, {**base, "result": "error", "reason": str(e)})
        return {"sent": False, "error": str(e), **v.to_dict()}
    audit.record(AUDIT_PATH, {**base, "result": "sent" if sent else "failed", "bridge_msg": msg})
    return {"sent": sent, "bridge_message": msg, **v.to_dict()}
