# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from frankfurtermcp 0.5.0 (PyPI), file frankfurtermcp/server.py: the methods
`FrankfurterMCP.get_historical_exchange_rates` (the tool) and
`FrankfurterMCP._get_historical_exchange_rates`; with pydantic-extra-types 2.11.1, file
pydantic_extra_types/currency_code.py: `ISO4217`, the type of its currency arguments.  The tool
takes a base currency, optional target currencies (a list of codes or one code, which becomes a
one-item list) and dates: each code must be three characters and, once upper-cased, an ISO 4217
code (so `eur` passes as `EUR`, though the schema's enum lists upper case only); the dates are
ISO dates, and which of them counts is decided in code: a start and an end give the range
`start..end` (never checked to be in order), a start alone the open range `start..`, else a
specific date alone; with none of these (an end date alone included) the call is refused, and a
specific date next to a start date is silently ignored.  The codes become the query parameters
`base` and `symbols` (comma-joined), the range or date a path of Frankfurter's URL.  MIT
License, Copyright (c) 2025--present, The Project Contributors (anirbanbasu/frankfurtermcp), and
MIT License, Copyright (c) 2023 Samuel Colvin and other contributors (pydantic-extra-types); see
https://opensource.org/licenses/MIT.  The class and the methods are verbatim, but for the changes
below (checked by comparing ASTs with the wheels' sources).

Changes: the tool, an `async` method in the package, is a plain one (`await` dropped); the
package registers the bound method with `mcp.tool(tags=..., annotations=...)` on FastMCP, which
validates the arguments by pydantic against the signature and injects `ctx`: here the method is
validated by pydantic (`Context` is a stand-in class whose `info` drops its message), and the
interface `get_historical_exchange_rates` (ours) is that registered call, `ctx` injected (not
reproduced: FastMCP's parsing of JSON text given for a non-string argument; unknown arguments,
which the package strips in a middleware, are refused).  `_get_historical_exchange_rates` is
memoised in the package by cachetools' `@cached` on an LRU cache: the memo is left out, so every
call reaches the implementation layer (`lru_cache` is a stand-in that stays empty, `cache_hit`
is always false, and `hashkey` a stand-in building the same kind of key); in it, the HTTP
exchange (`with self.get_httpx_client() as client:` a GET of the URL with `params`,
`raise_for_status`, `.json()`) is one call of the implementation layer, which receives the URL
and the parameters; `httpx2` is a stand-in holding the `RequestError` class that is caught.
The class's bases, `MCPMixin` and `HTTPHelperMixin`, are stand-ins holding what the methods use:
`frankfurter_api_url` (the package's default, FRANKFURTER_API_URL unset) and
`get_response_content` (which wraps the answer in a ToolResult with metadata; here it returns
the answer).  In `ISO4217`, `pycountry` is a stand-in listing the 178 currency codes pycountry
26.2.16 lists (the version the schema was derived with), in its order.

The implementation layer is ours.  SCHEMA is what the package's FastMCP derives: `Tool.parameters`
of the tool as `FrankfurterMCP().register_features(app)` registers it, under fastmcp 4.0.11 (the
package asks for fastmcp >= 2.13.1, < 4.1), pydantic-extra-types 2.11.1 and pycountry 26.2.16
(the package's wheel needs Python >= 3.12 and was put on the path of a 3.11 environment, its
metadata given as its METADATA says).  It states the codes as an enum and the dates as
`format: date`; nothing of which date wins, or of their order.
"""

from __future__ import annotations

from datetime import date
from types import SimpleNamespace
from typing import Annotated, Any

from pydantic import ConfigDict, Field, GetCoreSchemaHandler, GetJsonSchemaHandler, validate_call
from pydantic_core import PydanticCustomError, core_schema

_CODES = [
    'AED', 'AFN', 'ALL', 'AMD', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BHD',
    'BIF', 'BMD', 'BND', 'BOB', 'BOV', 'BRL', 'BSD', 'BTN', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF',
    'CHE', 'CHF', 'CHW', 'CLF', 'CLP', 'CNY', 'COP', 'COU', 'CRC', 'CUP', 'CVE', 'CZK', 'DJF',
    'DKK', 'DOP', 'DZD', 'EGP', 'ERN', 'ETB', 'EUR', 'FJD', 'FKP', 'GBP', 'GEL', 'GHS', 'GIP',
    'GMD', 'GNF', 'GTQ', 'GYD', 'HKD', 'HNL', 'HTG', 'HUF', 'IDR', 'ILS', 'INR', 'IQD', 'IRR',
    'ISK', 'JMD', 'JOD', 'JPY', 'KES', 'KGS', 'KHR', 'KMF', 'KPW', 'KRW', 'KWD', 'KYD', 'KZT',
    'LAK', 'LBP', 'LKR', 'LRD', 'LSL', 'LYD', 'MAD', 'MDL', 'MGA', 'MKD', 'MMK', 'MNT', 'MOP',
    'MRU', 'MUR', 'MVR', 'MWK', 'MXN', 'MXV', 'MYR', 'MZN', 'NAD', 'NGN', 'NIO', 'NOK', 'NPR',
    'NZD', 'OMR', 'PAB', 'PEN', 'PGK', 'PHP', 'PKR', 'PLN', 'PYG', 'QAR', 'RON', 'RSD', 'RUB',
    'RWF', 'SAR', 'SBD', 'SCR', 'SDG', 'SEK', 'SGD', 'SHP', 'SLE', 'SOS', 'SRD', 'SSP', 'STN',
    'SVC', 'SYP', 'SZL', 'THB', 'TJS', 'TMT', 'TND', 'TOP', 'TRY', 'TTD', 'TWD', 'TZS', 'UAH',
    'UGX', 'USD', 'USN', 'UYI', 'UYU', 'UYW', 'UZS', 'VED', 'VES', 'VND', 'VUV', 'WST', 'XAD',
    'XAF', 'XAG', 'XAU', 'XBA', 'XBB', 'XBC', 'XBD', 'XCD', 'XCG', 'XDR', 'XOF', 'XPD', 'XPF',
    'XPT', 'XSU', 'XTS', 'XUA', 'XXX', 'YER', 'ZAR', 'ZMW', 'ZWG'
]
_CODE: dict[str, Any] = {"enum": _CODES, "maxLength": 3, "minLength": 3, "type": "string"}
SCHEMA: dict[str, Any] = {
    "additionalProperties": False,
    "properties": {
        "base_currency": {"description": "A base currency ISO4217 code for which rates are to be requested.", **_CODE},
        "symbols": {
            "anyOf": [{"items": dict(_CODE), "type": "array"}, dict(_CODE), {"type": "null"}],
            "default": None,
            "description": "A list of target currency ISO4217 codes for which rates against the base currency will be "
                           "provided. If not provided, all supported currencies will be shown.",
        },
        "specific_date": {
            "anyOf": [{"format": "date", "type": "string"}, {"type": "null"}],
            "default": None,
            "description": "The specific date for which the historical rates are requested in the YYYY-MM-DD format.",
        },
        "start_date": {
            "anyOf": [{"format": "date", "type": "string"}, {"type": "null"}],
            "default": None,
            "description": "The start date, of a date range, for which the historical rates are requested in the "
                           "YYYY-MM-DD format.",
        },
        "end_date": {
            "anyOf": [{"format": "date", "type": "string"}, {"type": "null"}],
            "default": None,
            "description": "The end date, of a date range, for which the historical rates are requested in the "
                           "YYYY-MM-DD format.",
        },
    },
    "required": ["base_currency"],
    "type": "object",
}
EXAMPLE: dict[str, Any] = {"base_currency": "EUR", "symbols": ["USD", "jpy", "CHF"],
                           "start_date": "2026-01-05", "end_date": "2026-01-30"}

#: stands in for pycountry 26.2.16: `pycountry.currencies`, the codes only
pycountry = SimpleNamespace(currencies=[SimpleNamespace(alpha_3=code) for code in _CODES])


class Context:
    """Stands in for FastMCP's `Context`: `info` drops its message."""

    def info(self, message: str) -> None:
        pass


class _Httpx2:
    """Stands in for the `httpx2` module: its `RequestError`."""

    class RequestError(Exception):
        pass


httpx2 = _Httpx2()
#: stands in for the package's LRU cache; never filled, the memo being left out
lru_cache: dict[Any, Any] = {}


def hashkey(*args: Any, **kwargs: Any) -> tuple[Any, ...]:
    """Stands in for `cachetools.keys.hashkey`: the arguments as a key."""
    return args + tuple(sorted(kwargs.items()))


def historical_rates_impl(url: str, params: dict[str, Any]) -> tuple[dict[str, Any], None]:
    """The implementation layer (ours): where the package GETs `url` from Frankfurter with
    `params`.  Answers with what it received, and no HTTP response."""
    return {"url": url, "params": params, "rates": {}}, None


class MCPMixin:
    """Stands in for the package's `MCPMixin`: the API URL and `get_response_content`."""

    frankfurter_api_url: str = "https://api.frankfurter.dev/v1"

    def get_response_content(self, response: Any, http_response: Any = None, cached_response: bool = False) -> Any:
        return response


class HTTPHelperMixin:
    """Stands in for the package's `HTTPHelperMixin` (an httpx2 client factory, not used here)."""


class ISO4217(str):
    """ISO4217 parses Currency in the [ISO 4217](https://en.wikipedia.org/wiki/ISO_4217) format.

    ```py
    from pydantic import BaseModel

    from pydantic_extra_types.currency_code import ISO4217


    class Currency(BaseModel):
        alpha_3: ISO4217


    currency = Currency(alpha_3='AED')
    print(currency)
    # > alpha_3='AED'
    ```
    """

    allowed_countries_list = [country.alpha_3 for country in pycountry.currencies]
    allowed_currencies = set(allowed_countries_list)

    @classmethod
    def _validate(cls, currency_code: str, _: core_schema.ValidationInfo) -> str:
        """Validate a ISO 4217 language code from the provided str value.

        Args:
            currency_code: The str value to be validated.
            _: The Pydantic ValidationInfo.

        Returns:
            The validated ISO 4217 currency code.

        Raises:
            PydanticCustomError: If the ISO 4217 currency code is not valid.
        """
        currency_code = currency_code.upper()
        if currency_code not in cls.allowed_currencies:
            raise PydanticCustomError(
                'ISO4217', 'Invalid ISO 4217 currency code. See https://en.wikipedia.org/wiki/ISO_4217'
            )
        return currency_code

    @classmethod
    def __get_pydantic_core_schema__(cls, _: type[Any], __: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        return core_schema.with_info_after_validator_function(
            cls._validate,
            core_schema.str_schema(min_length=3, max_length=3),
        )

    @classmethod
    def __get_pydantic_json_schema__(
        cls, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> dict[str, Any]:
        json_schema = handler(schema)
        json_schema.update({'enum': cls.allowed_countries_list})
        return json_schema



class FrankfurterMCP(MCPMixin, HTTPHelperMixin):
    """A FastMCP application that provides currency exchange rate functionalities using the Frankfurter API."""

    def _get_historical_exchange_rates(
        self,
        specific_date: str | None = None,
        start_date: str | None = None,
        end_date: str | None = None,
        base_currency: str | None = None,
        symbols: tuple[str, ...] | None = None,
    ):
        """Internal function to get historical exchange rates. This is a helper function for the main tool."""
        try:
            params = {}
            if base_currency:
                params["base"] = base_currency
            if symbols:
                params["symbols"] = ",".join(symbols)

            frankfurter_url = self.frankfurter_api_url
            if start_date and end_date:
                frankfurter_url += f"/{start_date}..{end_date}"
            elif start_date:
                # If only start_date is provided, we assume the end date is the latest available date
                frankfurter_url += f"/{start_date}.."
            elif specific_date:
                # If only specific_date is provided, we assume it is the date for which we want the rates
                frankfurter_url += f"/{specific_date}"
            else:
                raise ValueError("You must provide either a specific date, a start date, or a date range.")

            result, http_response = historical_rates_impl(frankfurter_url, params=params)
            return result, http_response
        except httpx2.RequestError as e:
            raise ValueError(f"Failed to fetch historical exchange rates from {self.frankfurter_api_url}. {e}")

    @validate_call(config=ConfigDict(arbitrary_types_allowed=True))
    def get_historical_exchange_rates(
        self,
        ctx: Context,
        base_currency: Annotated[
            ISO4217,
            Field(description="A base currency ISO4217 code for which rates are to be requested."),
        ],
        symbols: Annotated[
            list[ISO4217] | ISO4217 | None,
            Field(
                description="A list of target currency ISO4217 codes for which rates against the base currency will be provided. If not provided, all supported currencies will be shown."
            ),
        ] = None,
        specific_date: Annotated[
            date | None,
            Field(
                default=None,
                description="The specific date for which the historical rates are requested in the YYYY-MM-DD format.",
            ),
        ] = None,
        start_date: Annotated[
            date | None,
            Field(
                default=None,
                description="The start date, of a date range, for which the historical rates are requested in the YYYY-MM-DD format.",
            ),
        ] = None,
        end_date: Annotated[
            date | None,
            Field(
                default=None,
                description="The end date, of a date range, for which the historical rates are requested in the YYYY-MM-DD format.",
            ),
        ] = None,
    ):
        """Returns historical exchange rates for a specific date or date range.

        If the exchange rates for a specified date is not available, the rates available for
        the closest date before the specified date will be provided.
        Either a specific date, a start date, or a date range must be provided.
        The symbols can be used to filter the results to specific currencies.
        If symbols are not provided, all supported currencies will be returned.
        """
        ctx.info(f"Fetching historical exchange rates from Frankfurter API at {self.frankfurter_api_url}")
        # Some LLMs make this mistake of passing just one currency but not as a list!
        if type(symbols) is str:
            symbols = [symbols]
        cache_key = hashkey(
            self,
            specific_date=specific_date.isoformat() if specific_date else None,
            start_date=start_date.isoformat() if start_date else None,
            end_date=end_date.isoformat() if end_date else None,
            base_currency=base_currency,
            symbols=tuple(symbols) if symbols else None,
        )
        cache_hit = cache_key in lru_cache
        result, http_response = self._get_historical_exchange_rates(
            specific_date=specific_date.isoformat() if specific_date else None,
            start_date=start_date.isoformat() if start_date else None,
            end_date=end_date.isoformat() if end_date else None,
            base_currency=base_currency,
            symbols=tuple(symbols) if symbols else None,
        )
        if cache_hit:
            ctx.info(
                f"Historical exchange rates fetched for {len(result.get('rates', []))} dates from least-recently used (LRU) cache."
            )
        else:
            ctx.info(f"Historical exchange rates fetched for {len(result.get('rates', []))} dates.")
        return self.get_response_content(response=result, http_response=http_response, cached_response=cache_hit)


_server = FrankfurterMCP()


def get_historical_exchange_rates(**arguments: Any) -> Any:
    """The interface (ours): FastMCP's call of the registered bound method, `ctx` injected."""
    return _server.get_historical_exchange_rates(Context(), **arguments)
