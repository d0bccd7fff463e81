"""The SDK clients adapters make on first use: one sync and one async client per adapter."""

from __future__ import annotations

import importlib
from typing import Any

from .. import _argcheck

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
    _argcheck.text(where, "model", model, example=f"model={example!r}")
    for name in ("system", "base_url", "api_key", "provider"):
        _argcheck.text(where, name, options.get(name), optional=True, example=f'{name}="..."')


#: options of the SimulatedModel test double: meaningless for a real provider's request
SIMULATED_ONLY = ("seed", "weights", "render_probability", "mistake_probability", "fix_probability",
                  "give_up_probability")


def check_request_options(where: str, options: dict[str, Any], sdk: tuple[str, str, str] | None,
                          own: tuple[str, ...], forbidden: tuple[str, ...] = ()) -> None:
    """Refuse, when the adapter is built, an option no request of this provider can carry:
    a simulated-model option, one the adapter sets itself, or (when the SDK is installed)
    a name that is not a field of its request (`sdk` = module, class, method)."""
    if "timeout" in options:  # the per-call timeout, in seconds, for every provider
        _argcheck.number(where, "timeout", options["timeout"], low=0, low_open=True,
                     expected="a positive number of seconds per call, e.g. timeout=30")
    for name, value in options.items():
        if name in SIMULATED_ONLY:
            raise _argcheck.invalid(where, name, value, f"{name}= only to the simulated model (model('simulated:1', "
                                f"{name}=...)): it is an option of the SimulatedModel test double, not of a real "
                                "provider's request")
        if name in forbidden:
            raise _argcheck.invalid(where, name, value, f"no {name}=: the adapter sets it itself from what it sends")
    fields = _request_fields(sdk) if sdk else None
    unknown = sorted(set(options) - set(fields) - {"timeout"}) if fields is not None else []
    if unknown and sdk is not None and fields is not None:
        name, label = unknown[0], f"{sdk[1]}.{sdk[2]}()" if sdk[2] else f"{sdk[1]}"
        some = ", ".join(f"{f}=" for f in sorted(fields - {"extra_headers", "extra_query", "extra_body"})[:5])
        raise _argcheck.invalid(where, name, options[name], f"a field of the installed SDK's {label} (such as {some} ...), "
                            f"or one of the adapter's own options: {', '.join(own)}")


def _request_fields(sdk: tuple[str, str, str]) -> set[str] | None:
    """The keyword fields of the SDK's request method or config class; None without the SDK."""
    import inspect

    module, cls, method = sdk
    try:
        target = getattr(importlib.import_module(module), cls)
    except (ImportError, AttributeError):
        return None
    if method:
        return {n for n in inspect.signature(getattr(target, method)).parameters if n != "self"}
    return set(getattr(target, "model_fields", {}))
