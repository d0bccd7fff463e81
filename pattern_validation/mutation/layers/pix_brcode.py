# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from brasil-mcp-essentials 0.3.0 (PyPI), file brasil_mcp/adapters/mcp/tools.py: the
`generate_pix_brcode` tool; file brasil_mcp/core/pix/parser.py: `generate_pix_brcode` (vendored
as `core_generate_pix`, the name tools.py imports it under), `_normalize_chave`,
`_strip_accents_upper`, `_truncate`, `_error_dict` and the constants they use; file
brasil_mcp/core/pix/brcode.py: `TLV` and `encode_tlvs`; file brasil_mcp/core/pix/crc16.py:
`crc16_ccitt_false` and `crc16_hex`; file brasil_mcp/core/pix/qr.py: `to_png_base64` and
`to_svg`; file brasil_mcp/core/errors.py: `ErrorCode` and `ErrorObj`.  The tool builds a static
PIX payment code (a Brazilian "BR Code": EMV tag-length-value fields ending in a CRC16) from a
PIX key, a payee name, a city, an amount in centavos, a transaction id and a description.  The
key must not be blank; it is stripped, and when it is shaped like a CPF (11 digits) or a CNPJ
(14 ASCII letters or digits, upper-cased) once `.`, `-`, `/` and blanks are removed it is sent
without them, while an e-mail (`@`), a phone number (a leading `+`) or anything else is sent
as it is (stripped): no key is checked against its kind.  `qr_format` must be one of `none`,
`png`, `svg`, `both` (case-sensitive, checked in code).  The name and the city, blank ones
replaced by `PAGAMENTO PIX` and `BRASIL`, are stripped, their accents removed (NFKD),
upper-cased and cut to 25 and 15 characters; the description and the transaction id are
stripped and cut to 72 and 25 characters (a blank transaction id becomes `***`); the amount is
written as reais with two decimals only when above 0 (0 or less: no amount); the
merchant-account field (the PIX identifier, the key and the description, each with its tag
and length) must fit the two-digit length of an EMV field (at most 99 characters, else
refused).  Nothing else is checked (a txid's characters, a name's non-Latin letters, a
huge amount).  Refusals come back as a result whose `error` is an object with a code and
Portuguese and English messages, never raised.  MIT License, Copyright (c) 2026 brasil-mcp
(brasil-mcp-essentials); see https://opensource.org/licenses/MIT.  The functions are verbatim,
but for the changes below (checked by comparing ASTs with the wheel's source: each vendored
function, class and constant, unparsed from both and compared with `ast.dump` after the tool's
decorator was set aside and `core_generate_pix` was read under its own name, is equal).

Changes: the tool is a function nested in `register_tools` in the package, decorated with
`@mcp.tool()` on the MCP SDK's FastMCP, which validates the arguments by pydantic against its
signature; here it is a module-level function under `@validate_call` (not reproduced:
FastMCP's parsing of JSON text given for a non-string argument, and its ignoring of unknown
arguments, which pydantic refuses here).  `track` (the package's opt-in telemetry, off unless
BRASIL_MCP_TELEMETRY is set) is a stand-in that does nothing; `segno` (the QR code library) is a
stand-in whose `make` hands the payload on to the implementation layer and answers a code whose
`save` writes a PNG or SVG rendering of it.  The package's other tools, the BR Code parser and
`_classify_chave` are left out.

The implementation layer is ours: `qr_make` is where the package hands the finished BR Code to
segno to draw its QR code (for `png`, `svg` or `both`); it receives the payload and the error
correction level and answers a code echoing the payload.  With `qr_format` `none` nothing is
drawn and the BR Code is only returned.  SCHEMA is what the package's FastMCP derives:
`inputSchema` of the tool as `build_server()` registers it, under mcp 1.30.0 (the package asks
for mcp >= 1.0.0 and imports `mcp.server.fastmcp`, which mcp 2 removed), in a throwaway venv with
the package installed.  It makes the name and the city required (the core function has defaults
for them) and states no key form, no length, no amount bound and no `qr_format` values (those
are in the description only).
"""

from __future__ import annotations

import base64
import io
import re
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from types import SimpleNamespace
from typing import Any

from pydantic import validate_call

SCHEMA: dict[str, Any] = {
    "properties": {
        "chave": {"title": "Chave", "type": "string"},
        "nome_beneficiario": {"title": "Nome Beneficiario", "type": "string"},
        "cidade": {"title": "Cidade", "type": "string"},
        "valor": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None, "title": "Valor"},
        "txid": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None, "title": "Txid"},
        "descricao": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None, "title": "Descricao"},
        "qr_format": {"default": "none", "title": "Qr Format", "type": "string"},
    },
    "required": ["chave", "nome_beneficiario", "cidade"],
    "title": "generate_pix_brcodeArguments",
    "type": "object",
}
EXAMPLE: dict[str, Any] = {"chave": " 529.982.247-25 ", "nome_beneficiario": "José da Conceição Araújo",
                           "cidade": "São João del-Rei", "valor": 1990, "txid": " PEDIDO2026X0042 ",
                           "descricao": "Pedido 42", "qr_format": "svg"}


class _QRCode:
    """Stands in for a `segno.QRCode`: `save` writes a rendering of the implementation's answer."""

    def __init__(self, drawn: dict[str, Any]) -> None:
        self.drawn = drawn

    def save(self, out: Any, kind: str = "png", scale: int = 1, xmldecl: bool = True, **kwargs: Any) -> None:
        text = self.drawn["content"]
        if kind == "svg":
            out.write(('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d"><desc>%s</desc></svg>'
                       % (self.drawn["size"] * scale, self.drawn["size"] * scale, text)).encode("utf-8"))
        else:
            out.write(b"\x89PNG\r\n\x1a\n" + text.encode("utf-8"))


def qr_make(content: str, error: str | None = None) -> dict[str, Any]:
    """The implementation layer (ours): where the package hands the BR Code to segno to draw its
    QR code.  Answers a code of the size segno picks for that length, echoing the payload."""
    return {"content": content, "error": error, "size": 45 if len(content) <= 180 else 57}


def _make(content: str, error: str | None = None, **kwargs: Any) -> _QRCode:
    return _QRCode(qr_make(content, error=error))


#: stands in for the segno library: `make` hands the payload on to the implementation layer
segno = SimpleNamespace(make=_make)


@contextmanager
def track(tool: str) -> Iterator[None]:
    """Stands in for the package's opt-in telemetry (`core/telemetry.py`), off by default."""
    yield


# --- brasil_mcp/core/errors.py
class ErrorCode(StrEnum):
    INVALID_FORMAT = "INVALID_FORMAT"
    INVALID_LENGTH = "INVALID_LENGTH"
    INVALID_CHECKSUM = "INVALID_CHECKSUM"
    EMPTY_INPUT = "EMPTY_INPUT"
    UNSUPPORTED_FORMAT = "UNSUPPORTED_FORMAT"
    MISSING_REQUIRED_FIELD = "MISSING_REQUIRED_FIELD"
    VALUE_TOO_LONG = "VALUE_TOO_LONG"
    INVALID_CHARACTER = "INVALID_CHARACTER"
    INVALID_DATE = "INVALID_DATE"
    REPEATED_DIGITS = "REPEATED_DIGITS"
    NETWORK_ERROR = "NETWORK_ERROR"
    UPSTREAM_ERROR = "UPSTREAM_ERROR"
    NOT_FOUND = "NOT_FOUND"


@dataclass(frozen=True, slots=True)
class ErrorObj:
    code: ErrorCode
    message_pt: str
    message_en: str
    suggestion: str | None = None

    def to_dict(self) -> dict[str, str | None]:
        return {
            "code": str(self.code),
            "message_pt": self.message_pt,
            "message_en": self.message_en,
            "suggestion": self.suggestion,
        }


# --- brasil_mcp/core/pix/crc16.py
def crc16_ccitt_false(data: bytes) -> int:
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if (crc & 0x8000) else (crc << 1) & 0xFFFF
    return crc


def crc16_hex(payload: str) -> str:
    """Returns the 4-char uppercase hex CRC for a PIX BR Code payload (excluding the CRC field)."""
    return f"{crc16_ccitt_false(payload.encode('utf-8')):04X}"


# --- brasil_mcp/core/pix/brcode.py
@dataclass(frozen=True)
class TLV:
    tag: str
    value: str

    def encode(self) -> str:
        return f"{self.tag}{len(self.value):02d}{self.value}"


def encode_tlvs(tlvs: list[TLV]) -> str:
    return "".join(t.encode() for t in tlvs)


# --- brasil_mcp/core/pix/qr.py
def to_png_base64(payload: str, scale: int = 8) -> str:
    qr = segno.make(payload, error="M")
    buf = io.BytesIO()
    qr.save(buf, kind="png", scale=scale)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def to_svg(payload: str, scale: int = 8) -> str:
    qr = segno.make(payload, error="M")
    buf = io.BytesIO()
    qr.save(buf, kind="svg", scale=scale, xmldecl=False)
    return buf.getvalue().decode("utf-8")


# --- brasil_mcp/core/pix/parser.py
_TAG_PAYLOAD_FORMAT = "00"
_TAG_MERCHANT_ACCOUNT = "26"
_TAG_MERCHANT_CATEGORY = "52"
_TAG_CURRENCY = "53"
_TAG_AMOUNT = "54"
_TAG_COUNTRY = "58"
_TAG_MERCHANT_NAME = "59"
_TAG_MERCHANT_CITY = "60"
_TAG_ADDITIONAL_DATA = "62"
_TAG_CRC = "63"

_MA_GUI = "00"
_MA_CHAVE = "01"
_MA_DESC = "02"
_MA_URL = "25"

_AD_TXID = "05"

_PIX_GUI = "BR.GOV.BCB.PIX"
_CURRENCY_BRL = "986"
_COUNTRY_BR = "BR"
_DEFAULT_MCC = "0000"
_PAYLOAD_FORMAT_VALUE = "01"

_MAX_NAME = 25
_MAX_CITY = 15
_MAX_TXID = 25
_MAX_DESC = 72

_VALID_QR_FORMATS = {"none", "png", "svg", "both"}


def _strip_accents_upper(s: str) -> str:
    nfkd = unicodedata.normalize("NFKD", s)
    no_combining = "".join(ch for ch in nfkd if not unicodedata.combining(ch))
    return no_combining.upper()


DEFAULT_NOME_BENEFICIARIO = "PAGAMENTO PIX"
DEFAULT_CIDADE = "BRASIL"

_CHAVE_MASK_CHARS = re.compile(r"[.\-/\s]")


def _normalize_chave(chave: str) -> str:
    """Strip mask separators when the chave shape is clearly CPF or CNPJ.

    - CPF (11 digits after stripping `.`, `-`, `/`, whitespace) → digits only.
    - CNPJ legacy (14 digits) → digits only.
    - CNPJ alfanumérico (14 alfanumeric ASCII chars) → uppercase, no separators.
    - Email (contains `@`), telefone (starts with `+`), UUID/random → returned
      stripped of leading/trailing whitespace, otherwise unchanged.
    """
    if not chave:
        return chave
    trimmed = chave.strip()
    if "@" in trimmed or trimmed.startswith("+"):
        return trimmed
    stripped = _CHAVE_MASK_CHARS.sub("", trimmed)
    if len(stripped) == 11 and stripped.isdigit():
        return stripped
    if len(stripped) == 14 and stripped.isalnum() and stripped.isascii():
        return stripped.upper()
    return trimmed


def _truncate(value: str, max_len: int) -> str:
    return value if len(value) <= max_len else value[:max_len]


def _error_dict(code: ErrorCode, pt: str, en: str, suggestion: str | None = None) -> dict[str, Any]:
    return ErrorObj(code, pt, en, suggestion).to_dict()


def core_generate_pix(
    chave: str,
    nome_beneficiario: str | None = None,
    cidade: str | None = None,
    valor: int | None = None,
    txid: str | None = None,
    descricao: str | None = None,
    qr_format: str = "none",
) -> dict[str, Any]:
    """Generate a static PIX BR Code from inputs. Returns a dict.

    nome_beneficiario and cidade are optional — when omitted (None or empty),
    defaults DEFAULT_NOME_BENEFICIARIO and DEFAULT_CIDADE are used. The chave
    is normalized: CPF and CNPJ keys have mask separators stripped; email,
    telefone, and random/UUID keys are preserved as provided.
    """
    result: dict[str, Any] = {
        "brcode": None,
        "qr_png_base64": None,
        "qr_svg": None,
        "error": None,
    }

    if not chave or not chave.strip():
        result["error"] = _error_dict(
            ErrorCode.MISSING_REQUIRED_FIELD,
            "Chave PIX é obrigatória.",
            "PIX key is required.",
        )
        return result

    if qr_format not in _VALID_QR_FORMATS:
        result["error"] = _error_dict(
            ErrorCode.INVALID_FORMAT,
            f"qr_format inválido: '{qr_format}'. Use one of: {sorted(_VALID_QR_FORMATS)}.",
            f"Invalid qr_format: '{qr_format}'. Use one of: {sorted(_VALID_QR_FORMATS)}.",
        )
        return result

    chave_clean = _normalize_chave(chave)
    nome_source = (nome_beneficiario or "").strip() or DEFAULT_NOME_BENEFICIARIO
    cidade_source = (cidade or "").strip() or DEFAULT_CIDADE
    nome_clean = _truncate(_strip_accents_upper(nome_source), _MAX_NAME)
    cidade_clean = _truncate(_strip_accents_upper(cidade_source), _MAX_CITY)
    desc_clean = _truncate(descricao.strip(), _MAX_DESC) if descricao else None
    txid_clean = _truncate(txid.strip(), _MAX_TXID) if txid else None

    # Build merchant-account sub-TLVs (tag 26).
    ma_tlvs: list[TLV] = [TLV(_MA_GUI, _PIX_GUI), TLV(_MA_CHAVE, chave_clean)]
    if desc_clean:
        ma_tlvs.append(TLV(_MA_DESC, desc_clean))
    merchant_account_value = encode_tlvs(ma_tlvs)
    # EMV TLV length field is 2 digits — any value > 99 chars produces a malformed
    # BR Code that won't parse. Guard against chaves longas + descricao longa.
    if len(merchant_account_value) > 99:
        result["error"] = _error_dict(
            ErrorCode.VALUE_TOO_LONG,
            f"Chave + descrição excedem o limite EMV (99 chars no TLV 26; recebido {len(merchant_account_value)}). Reduza chave ou descrição.",
            f"Chave + descrição exceed EMV limit (99 chars in TLV 26; got {len(merchant_account_value)}). Shorten chave or descricao.",
        )
        return result

    # Build additional-data sub-TLVs (tag 62) — txid (or "***" placeholder).
    ad_value = encode_tlvs([TLV(_AD_TXID, txid_clean if txid_clean else "***")])

    # Assemble top-level TLVs.
    top_tlvs: list[TLV] = [
        TLV(_TAG_PAYLOAD_FORMAT, _PAYLOAD_FORMAT_VALUE),
        TLV(_TAG_MERCHANT_ACCOUNT, merchant_account_value),
        TLV(_TAG_MERCHANT_CATEGORY, _DEFAULT_MCC),
        TLV(_TAG_CURRENCY, _CURRENCY_BRL),
    ]

    if valor is not None and valor > 0:
        amount_str = f"{valor / 100:.2f}"
        top_tlvs.append(TLV(_TAG_AMOUNT, amount_str))

    top_tlvs.extend(
        [
            TLV(_TAG_COUNTRY, _COUNTRY_BR),
            TLV(_TAG_MERCHANT_NAME, nome_clean),
            TLV(_TAG_MERCHANT_CITY, cidade_clean),
            TLV(_TAG_ADDITIONAL_DATA, ad_value),
        ]
    )

    body = encode_tlvs(top_tlvs)
    # CRC field: tag "63", length "04", then the 4 hex chars.
    crc_input = body + "6304"
    crc = crc16_hex(crc_input)
    brcode = crc_input + crc

    result["brcode"] = brcode

    if qr_format in ("png", "both"):
        result["qr_png_base64"] = to_png_base64(brcode)
    if qr_format in ("svg", "both"):
        result["qr_svg"] = to_svg(brcode)

    return result


# --- brasil_mcp/adapters/mcp/tools.py (nested in register_tools there)
@validate_call
def generate_pix_brcode(
    chave: str,
    nome_beneficiario: str,
    cidade: str,
    valor: int | None = None,
    txid: str | None = None,
    descricao: str | None = None,
    qr_format: str = "none",
) -> dict[str, Any]:
    """Gera BR Code PIX estático. qr_format: 'none' | 'png' | 'svg' | 'both'."""
    with track("generate_pix_brcode"):
        return core_generate_pix(
            chave, nome_beneficiario, cidade, valor, txid, descricao, qr_format
        )
