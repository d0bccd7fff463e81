# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from iflow-mcp_mrkprdo-wled_mcp 0.1.0 (PyPI), file wled_mcp/server.py: the
`wled_set_color` and `wled_set_effect` tools and `get_wled_client`; file wled_mcp/wled_client.py:
`WLEDClient` (its `__init__`, `set_state`, `set_color` and `set_effect`).  The tools drive a WLED
LED controller over its JSON API.  `wled_set_color` takes a colour as three integers, red, green
and blue, each checked in the client to lie in 0-255 (all three in one test, so one message),
and sends them as the first colour of a segment; `wled_set_effect` takes an effect id, never
checked (negative ids and ids past the device's 100-odd effects pass), and an optional speed and
intensity, each checked in 0-255 only when given and sent as `sx` and `ix`.  The device's host
is optional: when it is missing or empty the WLED_HOST environment variable is used, and when
that is unset too the call is refused; a host is never checked, only stripped of trailing `/`
and put after `http://`.  Nothing is raised to the caller: a refusal, and any error of the call,
comes back as a text result starting with "Error: ".  MIT License, Copyright (c) 2025 WLED MCP
Server (mrkprdo); see https://opensource.org/licenses/MIT.  The functions are verbatim, but for
the changes below (checked by comparing ASTs with the wheel's source: each vendored function and
class, and each vendored method of `WLEDClient` one by one, unparsed from both and compared with
`ast.dump` after `async def` was read as `def`, `async with` as `with` and `await` dropped, the
tools' decorators set aside, is equal).

Changes: the tools and the client's methods are `async` in the package and plain functions here
(`await` dropped, `async with` a `with`).  The tools are registered with `@mcp.tool()` on the MCP
SDK's FastMCP and validated by pydantic against their signatures, as FastMCP does (not
reproduced: FastMCP's parsing of JSON text given for a non-string argument, and its ignoring of
unknown arguments, which pydantic refuses here).  `httpx` is a stand-in whose `AsyncClient()`,
used as a context manager, has a `post` handing the request on to the implementation layer;
`os` is a stand-in whose `getenv` answers the environment the server runs in (WLED_HOST set to
a device on the local network), and `logger`, the module's logger, which the package sends to
stderr with `logging.basicConfig`, is a quiet one.  The package's other tools and the client's other methods are
left out.

The implementation layer is ours: `wled_post` is where the package POSTs a state object to the
device's `/json/state`; it receives the URL and the state and answers as WLED does, the device's
state with the change applied.  SCHEMA and EFFECT_SCHEMA are what the package's FastMCP derives:
`inputSchema` of the tools as registered, under mcp 1.30.0 (the package asks for mcp >= 1.2.0
and imports `mcp.server.fastmcp`, which mcp 2 removed), in a throwaway venv with the package's
own module imported.  They state integers, with no bound, and an optional host string.
"""

from __future__ import annotations

import json
import logging
from types import SimpleNamespace
from typing import Any, Dict, Optional

from pydantic import validate_call

SCHEMA: dict[str, Any] = {
    "properties": {
        "r": {"title": "R", "type": "integer"},
        "g": {"title": "G", "type": "integer"},
        "b": {"title": "B", "type": "integer"},
        "host": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None, "title": "Host"},
    },
    "required": ["r", "g", "b"],
    "title": "wled_set_colorArguments",
    "type": "object",
}
EXAMPLE: dict[str, Any] = {"r": 255, "g": 140, "b": 0, "host": "wled-kitchen.local/"}
EFFECT_SCHEMA: dict[str, Any] = {
    "properties": {
        "effect_id": {"title": "Effect Id", "type": "integer"},
        "speed": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None, "title": "Speed"},
        "intensity": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None, "title": "Intensity"},
        "host": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None, "title": "Host"},
    },
    "required": ["effect_id"],
    "title": "wled_set_effectArguments",
    "type": "object",
}
EFFECT_EXAMPLE: dict[str, Any] = {"effect_id": 9, "speed": 200, "intensity": 0}

#: stands in for the package's module logger (which `logging.basicConfig` sends to stderr): a quiet one
def _quiet(log: logging.Logger) -> logging.Logger:
    log.addHandler(logging.NullHandler())
    log.propagate = False
    return log


logger = _quiet(logging.getLogger("wled_mcp.server"))


def wled_post(url: str, json: Any = None, timeout: Any = None) -> Dict[str, Any]:
    """The implementation layer (ours): where the package POSTs a state object to the WLED
    device at `url`.  Answers as WLED does, its state with the change applied."""
    state: Dict[str, Any] = {"on": True, "bri": 128, "transition": 7, "ps": -1, "pl": -1,
                             "seg": [{"id": 0, "start": 0, "stop": 60, "col": [[255, 160, 0], [0, 0, 0], [0, 0, 0]],
                                      "fx": 0, "sx": 128, "ix": 128, "pal": 0, "on": True}]}
    change = dict(json or {})
    for key, value in change.items():
        if key == "seg":
            for update in value:
                state["seg"][0].update(update)
        else:
            state[key] = value
    state["url"] = url
    return state


class _Response:
    """Stands in for an httpx response."""

    def __init__(self, data: Any) -> None:
        self._data = data

    def raise_for_status(self) -> None:
        return None

    def json(self) -> Any:
        return self._data


class _AsyncClient:
    """Stands in for `httpx.AsyncClient`, used as a context manager: `post` hands the request
    on to the implementation layer."""

    def __init__(self, **kwargs: Any) -> None:
        pass

    def __enter__(self) -> "_AsyncClient":
        return self

    def __exit__(self, *exc: Any) -> None:
        return None

    def post(self, url: str, json: Any = None, timeout: Any = None) -> _Response:
        return _Response(wled_post(url, json=json, timeout=timeout))


#: stands in for httpx
httpx = SimpleNamespace(AsyncClient=_AsyncClient)
#: stands in for `os`: the environment the server runs in
os = SimpleNamespace(getenv={"WLED_HOST": "192.168.1.50"}.get)


class WLEDClient:
    """Client for interacting with WLED devices via HTTP and JSON APIs."""
    
    def __init__(self, host: str, timeout: float = 10.0):
        """Initialize WLED client.
        
        Args:
            host: WLED device IP address or hostname
            timeout: Request timeout in seconds
        """
        self.host = host.rstrip('/')
        self.timeout = timeout
    
    def set_state(self, state: Dict[str, Any]) -> Dict[str, Any]:
        """Set device state via JSON API.
        
        Args:
            state: State object to apply
            
        Returns:
            Updated state from device
        """
        with httpx.AsyncClient() as client:
            response = client.post(
                f"http://{self.host}/json/state",
                json=state,
                timeout=self.timeout
            )
            response.raise_for_status()
            return response.json()
    
    def set_color(self, r: int, g: int, b: int) -> Dict[str, Any]:
        """Set RGB color (0-255 each)."""
        if not all(0 <= c <= 255 for c in [r, g, b]):
            raise ValueError("RGB values must be between 0 and 255")
        return self.set_state({"seg": [{"col": [[r, g, b]]}]})
    
    def set_effect(self, effect_id: int, speed: Optional[int] = None, 
                        intensity: Optional[int] = None) -> Dict[str, Any]:
        """Set lighting effect.
        
        Args:
            effect_id: Effect ID (0-101+)
            speed: Effect speed (0-255)
            intensity: Effect intensity (0-255)
        """
        seg_data = {"fx": effect_id}
        if speed is not None:
            if not 0 <= speed <= 255:
                raise ValueError("Speed must be between 0 and 255")
            seg_data["sx"] = speed
        if intensity is not None:
            if not 0 <= intensity <= 255:
                raise ValueError("Intensity must be between 0 and 255")
            seg_data["ix"] = intensity
            
        return self.set_state({"seg": [seg_data]})


def get_wled_client(host: Optional[str] = None) -> WLEDClient:
    """Get WLED client instance."""
    if not host:
        host = os.getenv("WLED_HOST")
        if not host:
            raise ValueError("WLED host must be provided or set via WLED_HOST environment variable")
    return WLEDClient(host)


@validate_call
def wled_set_color(r: int, g: int, b: int, host: Optional[str] = None) -> str:
    """Set WLED device color using RGB values.
    
    Args:
        r: Red component (0-255)
        g: Green component (0-255)
        b: Blue component (0-255)
        host: WLED device IP address or hostname (optional if WLED_HOST env var is set)
    
    Returns:
        JSON string with updated device state
    """
    try:
        client = get_wled_client(host)
        result = client.set_color(r, g, b)
        return json.dumps(result, indent=2)
    except Exception as e:
        logger.error(f"Error setting WLED color: {e}")
        return f"Error: {str(e)}"


@validate_call
def wled_set_effect(effect_id: int, speed: Optional[int] = None, 
                         intensity: Optional[int] = None, host: Optional[str] = None) -> str:
    """Set WLED lighting effect.
    
    Args:
        effect_id: Effect ID number (0 for solid color, 1+ for various effects)
        speed: Effect speed (0-255, optional)
        intensity: Effect intensity (0-255, optional)
        host: WLED device IP address or hostname (optional if WLED_HOST env var is set)
    
    Returns:
        JSON string with updated device state
    """
    try:
        client = get_wled_client(host)
        result = client.set_effect(effect_id, speed, intensity)
        return json.dumps(result, indent=2)
    except Exception as e:
        logger.error(f"Error setting WLED effect: {e}")
        return f"Error: {str(e)}"
