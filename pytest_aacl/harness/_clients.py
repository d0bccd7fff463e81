"""The SDK clients adapters make on first use: one sync and one async client per adapter."""

from __future__ import annotations

import importlib
from typing import Any

from .. import _args

__all__ = ["sdk_client"]


def sdk_client(adapter: Any, asynchronous: bool, package: str, classes: tuple[str, str], **options: Any) -> Any:
    """`adapter._client` / `adapter._async`, made from `package` when the user passed none."""
    slot = "_async" if asynchronous else "_client"
    made = getattr(adapter, slot)
    if made is None:
        try:
            module = importlib.import_module(package)
        except ImportError:
            raise ImportError(f"this adapter needs the {package} package: pip install {package}") from None
        made = getattr(module, classes[1] if asynchronous else classes[0])(**options)
        setattr(adapter, slot, made)
    return made


def check_adapter(where: str, model: Any, example: str, **options: Any) -> None:
    """The arguments every adapter shares, checked when it is built (not at its first request)."""
    _args.text(where, "model", model, example=f"model={example!r}")
    for name in ("system", "base_url", "api_key", "provider"):
        _args.text(where, name, options.get(name), optional=True, example=f'{name}="..."')
