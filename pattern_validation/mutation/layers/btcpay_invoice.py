# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from btcpay-mcp 0.3.0 (PyPI), file btcpay_mcp/server.py: the `create_invoice` and
`create_payment_request` tools and `_get_client`; file btcpay_mcp/client.py: `BTCPayClient`
(its `__init__`, `create_invoice`, `create_payment_request` and `_post`) and `BTCPayAPIError`.
Both tools take a money amount as a string ("precision is preserved because amounts are sent as
strings") and a currency code: the amount must not be empty or blank and must be readable by
`float()` (so `1e3`, ` 12 `, `1_000`, `nan` and `inf` pass, a comma does not), and is sent
stripped; the currency is stripped and upper-cased, never checked against a list; an invoice's
order id and item description become a `metadata` object only when not empty, a payment
request's title must not be blank, its description is sent only when not empty, its expiry in
days only when above 0 (0 or a negative number: no expiry) and the custom-amount flag only when
true.  Nothing is raised to the caller: a refusal, and any error of the call, comes back as a
text result starting with "Error" (or "Unexpected error").  MIT License, Copyright (c) 2026 Omnis
Vir Lupus (btcpay-mcp); see https://opensource.org/licenses/MIT.  The functions are verbatim, but
for the changes below (checked by comparing ASTs with the wheel's source: each vendored function,
constant and class, and each vendored method of `BTCPayClient` one by one, unparsed from both and
compared with `ast.dump` after `async def` was read as `def` and decorators were set aside, is
equal).

Changes: both tools are `async` in the package and plain functions here (they await nothing).
They are registered with `@mcp.tool()` on the MCP SDK's FastMCP and validated by pydantic
against their signatures, as FastMCP does (not reproduced: FastMCP's parsing of JSON text given
for a non-string argument, and its ignoring of unknown arguments, which pydantic refuses here).
`requests` (the HTTP library: a `Session` with headers, whose `post` answers a response with
`raise_for_status` and `json`, and its exception classes) and `os` (whose `environ` the client
is configured from: BTCPAY_BASE_URL, BTCPAY_API_KEY and BTCPAY_STORE_ID) are stand-ins; the
session's `post` hands the call on to the implementation layer.  The client's other endpoints
and `close` are left out.

The implementation layer is ours: `greenfield_post` is where the package POSTs JSON to the
Greenfield API; it receives the URL and the payload and answers as BTCPay Server does, echoing
the payload (an id, a status, the amount and currency, the metadata, a checkout link).  SCHEMA
and PAYMENT_REQUEST_SCHEMA are what the package's FastMCP derives: `inputSchema` of the tools as
`@mcp.tool()` registers them, under mcp 1.30.0 (the package asks for mcp[cli] >= 1.0.0 and
imports `mcp.server.fastmcp`, which mcp 2 removed), in a throwaway venv with the package's own
module imported.  They state no amount format, no currency format and no expiry rule.
"""

from __future__ import annotations

import logging
from datetime import datetime, timezone
from types import SimpleNamespace
from typing import Any, Optional

from pydantic import validate_call

SCHEMA: dict[str, Any] = {
    "properties": {
        "amount": {"title": "Amount", "type": "string"},
        "currency": {"default": "BTC", "title": "Currency", "type": "string"},
        "order_id": {"default": "", "title": "Order Id", "type": "string"},
        "item_desc": {"default": "", "title": "Item Desc", "type": "string"},
    },
    "required": ["amount"],
    "title": "create_invoiceArguments",
    "type": "object",
}
EXAMPLE: dict[str, Any] = {"amount": " 12.50 ", "currency": "eur ", "order_id": " ORD-2026-0042 ",
                           "item_desc": "Annual membership"}
PAYMENT_REQUEST_SCHEMA: dict[str, Any] = {
    "properties": {
        "title": {"title": "Title", "type": "string"},
        "amount": {"title": "Amount", "type": "string"},
        "currency": {"default": "BTC", "title": "Currency", "type": "string"},
        "description": {"default": "", "title": "Description", "type": "string"},
        "expiry_days": {"default": 0, "title": "Expiry Days", "type": "integer"},
        "allow_custom_amounts": {"default": False, "title": "Allow Custom Amounts", "type": "boolean"},
    },
    "required": ["title", "amount"],
    "title": "create_payment_requestArguments",
    "type": "object",
}
PAYMENT_REQUEST_EXAMPLE: dict[str, Any] = {"title": " Workshop ticket ", "amount": "0.00042", "currency": "btc",
                                           "description": "Seat for 2026-12-03", "expiry_days": 14,
                                           "allow_custom_amounts": True}

logger = logging.getLogger("btcpay-mcp")


def greenfield_post(url: str, json: Any = None, timeout: Any = None) -> dict[str, Any]:
    """The implementation layer (ours): where the package POSTs `json` to BTCPay Server's
    Greenfield API at `url`.  Answers as the API does, echoing what it received."""
    payload = dict(json or {})
    return {"id": "7XqGzQ2bqSLm1y9dQm3u1H", "status": "New", "url": url,
            "amount": payload.get("amount"), "currency": payload.get("currency"),
            "title": payload.get("title"), "metadata": payload.get("metadata", {}),
            "checkoutLink": "https://btcpay.example.org/i/7XqGzQ2bqSLm1y9dQm3u1H",
            "checkoutURL": "https://btcpay.example.org/i/7XqGzQ2bqSLm1y9dQm3u1H",
            "expiresAt": "2026-12-01T12:15:00Z", "monitoringExpiration": 3600}


class _Response:
    """Stands in for a `requests` response: its JSON is what the implementation answered."""

    def __init__(self, data: Any) -> None:
        self._data = data

    def raise_for_status(self) -> None:
        return None

    def json(self) -> Any:
        return self._data


class _Session:
    """Stands in for `requests.Session`: headers, and a `post` handing the call on to the
    implementation layer."""

    def __init__(self) -> None:
        self.headers: dict[str, str] = {}

    def post(self, url: str, json: Any = None, timeout: Any = None) -> _Response:
        return _Response(greenfield_post(url, json=json, timeout=timeout))


class _RequestsExceptions:
    class HTTPError(Exception):
        response: Any = None

    class ConnectionError(Exception):
        pass

    class Timeout(Exception):
        pass

    class JSONDecodeError(Exception):
        pass


#: stands in for the requests library
requests = SimpleNamespace(Session=_Session, exceptions=_RequestsExceptions)
#: stands in for `os`: the client's configuration, as the package reads it from the environment
os = SimpleNamespace(environ={"BTCPAY_BASE_URL": "https://btcpay.example.org",
                              "BTCPAY_API_KEY": "3f1c0a5e9b7d4e2f8a6c",
                              "BTCPAY_STORE_ID": "9CiNzKoANXxmk5ayZngSXrHTiVvvgCrwrpFQd4m2K776"})

DEFAULT_BASE_URL = "https://testnet.demo.btcpayserver.org"
DEFAULT_TIMEOUT = 30  # seconds


class BTCPayClient:
    """Thin wrapper around requests for the BTCPay Server Greenfield REST API.

    All methods are synchronous (wrapped by FastMCP's async tool dispatcher).
    Authentication uses Bearer token via the ``Authorization`` header.
    """

    def __init__(
        self,
        base_url: str = DEFAULT_BASE_URL,
        api_key: str = "",
        store_id: str = "",
        timeout: int = DEFAULT_TIMEOUT,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.store_id = store_id
        self.timeout = timeout
        self._session = requests.Session()
        self._session.headers.update({
            "Accept": "application/json",
            "Content-Type": "application/json",
        })
        if api_key:
            self._session.headers.update({
                "Authorization": f"token {api_key}",
            })

    def create_invoice(
        self,
        amount: str,
        currency: str = "BTC",
        order_id: str = "",
        item_desc: str = "",
        store_id: Optional[str] = None,
    ) -> dict[str, Any]:
        """POST /api/v1/stores/{storeId}/invoices — create a new invoice."""
        sid = store_id or self.store_id
        payload: dict[str, Any] = {
            "amount": amount,
            "currency": currency,
        }
        if order_id:
            payload["metadata"] = {"orderId": order_id}
        if item_desc:
            if "metadata" not in payload:
                payload["metadata"] = {}
            payload["metadata"]["itemDesc"] = item_desc
        return self._post(f"/api/v1/stores/{sid}/invoices", payload)

    def create_payment_request(
        self,
        title: str,
        amount: str,
        currency: str = "BTC",
        description: str = "",
        expiry_days: Optional[int] = None,
        email: str = "",
        allow_custom_amounts: bool = False,
        store_id: Optional[str] = None,
    ) -> dict[str, Any]:
        """POST /api/v1/stores/{storeId}/payment-requests — create payment request."""
        sid = store_id or self.store_id
        payload: dict[str, Any] = {
            "title": title,
            "amount": amount,
            "currency": currency,
        }
        if description:
            payload["description"] = description
        if expiry_days:
            payload["expiryDate"] = expiry_days
        if email:
            payload["email"] = email
        if allow_custom_amounts:
            payload["allowCustomPaymentAmounts"] = True
        return self._post(f"/api/v1/stores/{sid}/payment-requests", payload)

    def _post(self, path: str, payload: dict[str, Any]) -> dict[str, Any]:
        url = f"{self.base_url}{path}"
        logger.debug("POST %s", url)
        try:
            resp = self._session.post(url, json=payload, timeout=self.timeout)
            resp.raise_for_status()
            return resp.json()
        except requests.exceptions.HTTPError as exc:
            status = exc.response.status_code if exc.response is not None else "?"
            body = exc.response.text[:200] if exc.response is not None else ""
            raise BTCPayAPIError(
                f"HTTP {status} from BTCPay Server: {body}"
            ) from exc
        except requests.exceptions.ConnectionError as exc:
            raise BTCPayAPIError(
                f"Cannot connect to BTCPay Server at {self.base_url} — network error"
            ) from exc
        except requests.exceptions.Timeout as exc:
            raise BTCPayAPIError(
                f"Request to BTCPay Server timed out ({self.timeout}s)"
            ) from exc
        except requests.exceptions.JSONDecodeError as exc:
            raise BTCPayAPIError(
                f"Invalid JSON from BTCPay Server: {exc}"
            ) from exc


class BTCPayAPIError(Exception):
    """Raised when the BTCPay Server API returns an error."""


# Global client reference
_client: Optional[BTCPayClient] = None


def _get_client() -> BTCPayClient:
    """Get or create the BTCPayClient singleton."""
    global _client
    if _client is None:
        base_url = os.environ.get("BTCPAY_BASE_URL", "")
        api_key = os.environ.get("BTCPAY_API_KEY", "")
        store_id = os.environ.get("BTCPAY_STORE_ID", "")
        _client = BTCPayClient(
            base_url=base_url or "https://testnet.demo.btcpayserver.org",
            api_key=api_key,
            store_id=store_id,
        )
    return _client


@validate_call
def create_invoice(
    amount: str,
    currency: str = "BTC",
    order_id: str = "",
    item_desc: str = "",
) -> str:
    """Create a new BTCPay invoice.

    Args:
        amount: Payment amount as a string (e.g., '0.001' or '10.00').
                Precision is preserved because amounts are sent as strings.
        currency: Currency code (e.g., 'BTC', 'USD', 'EUR'). Default: 'BTC'.
        order_id: Optional order ID for tracking (stored in metadata).
        item_desc: Optional item description (stored in metadata).

    Returns the invoice ID, status, checkout URL, and expiration time.
    Use the checkout URL to direct users to the payment page.
    """
    if not amount or not amount.strip():
        return "Error: amount parameter is required."

    try:
        float(amount)  # Validate it's a number
    except ValueError:
        return f"Error: '{amount}' is not a valid numeric amount."

    client = _get_client()
    try:
        data = client.create_invoice(
            amount=amount.strip(),
            currency=currency.strip().upper(),
            order_id=order_id.strip(),
            item_desc=item_desc.strip(),
        )

        invoice_id = data.get("id", "unknown")
        status = data.get("status", "unknown")
        checkout_url = data.get("checkoutURL", "N/A")
        amount_val = data.get("amount", amount)
        currency_val = data.get("currency", currency)
        expires = data.get("expiresAt", "")
        monitoring = data.get("monitoringExpiration", 0)

        # Parse expiration timestamp
        expires_str = ""
        if expires:
            try:
                dt = datetime.fromisoformat(expires.replace("Z", "+00:00"))
                expires_str = dt.strftime("%Y-%m-%d %H:%M UTC")
            except (ValueError, AttributeError):
                expires_str = str(expires)

        result = (
            f"Invoice Created:\n"
            f"  ID: {invoice_id}\n"
            f"  Amount: {amount_val} {currency_val}\n"
            f"  Status: {status}\n"
            f"  Checkout URL: {checkout_url}\n"
            f"  Expires: {expires_str} ({monitoring}s)\n"
        )

        # Show metadata
        metadata = data.get("metadata", {})
        if metadata:
            result += "  Metadata:\n"
            for key, val in metadata.items():
                result += f"    {key}: {val}\n"

        return result
    except BTCPayAPIError as e:
        return f"Error creating invoice: {e}"
    except Exception as e:
        return f"Unexpected error: {e}"


@validate_call
def create_payment_request(
    title: str,
    amount: str,
    currency: str = "BTC",
    description: str = "",
    expiry_days: int = 0,
    allow_custom_amounts: bool = False,
) -> str:
    """Create a new payment request (reusable payment link).

    Args:
        title: Title for the payment request.
        amount: Payment amount as a string (e.g., '0.001').
        currency: Currency code (e.g., 'BTC', 'USD'). Default: 'BTC'.
        description: Optional description shown to payers.
        expiry_days: Days until expiration (0 = no expiry). Default: 0.
        allow_custom_amounts: Allow payers to set custom amounts. Default: False.

    Returns the payment request ID and a payment link.
    """
    if not title or not title.strip():
        return "Error: title parameter is required."
    if not amount or not amount.strip():
        return "Error: amount parameter is required."

    try:
        float(amount.strip())
    except ValueError:
        return f"Error: '{amount}' is not a valid numeric amount."

    client = _get_client()
    try:
        data = client.create_payment_request(
            title=title.strip(),
            amount=amount.strip(),
            currency=currency.strip().upper(),
            description=description.strip(),
            expiry_days=expiry_days if expiry_days > 0 else None,
            allow_custom_amounts=allow_custom_amounts,
        )

        pr_id = data.get("id", "unknown")
        pr_title = data.get("title", title)
        pr_amount = data.get("amount", amount)
        pr_currency = data.get("currency", currency)
        pr_link = data.get("redirectUrl", data.get("checkoutLink", "N/A"))

        result = (
            f"Payment Request Created:\n"
            f"  ID: {pr_id}\n"
            f"  Title: {pr_title}\n"
            f"  Amount: {pr_amount} {pr_currency}\n"
        )
        if pr_link != "N/A":
            result += f"  Link: {pr_link}\n"
        return result
    except BTCPayAPIError as e:
        return f"Error creating payment request: {e}"
    except Exception as e:
        return f"Unexpected error: {e}"
