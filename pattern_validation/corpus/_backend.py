"""The implementation layers the corpus interfaces call: strict, deterministic, no I/O.

Each returns what it was asked to do, the way many APIs echo their request, so a corrupted
argument shows in the result: a black-box oracle comparing results can see it without
naming these functions.  `save_contact` keeps the age out of its result on purpose: a
defect there is visible only to a fuzzer that spies on the implementation.
"""

from __future__ import annotations

from typing import Any


def search(query: str, search_depth: str = "basic", max_results: int = 5, include_domains: list[str] | None = None,
           time_range: str | None = None, safe_search: bool = True) -> dict[str, Any]:
    """A search API: the request it ran and how many results it would return."""
    return {"query": query, "depth": search_depth, "limit": max_results, "domains": include_domains,
            "period": time_range, "safe": safe_search}


def schedule(title: str, day: str, start: str, deadline: str | None = None) -> dict[str, Any]:
    """A calendar API: the event it created."""
    return {"event": title, "on": day, "at": start, "rsvp_by": deadline}


def save_contact(person: dict[str, Any], address: dict[str, Any]) -> dict[str, Any]:
    """A CRM API: the stored contact (the age is kept but not shown)."""
    shown = {k: v for k, v in person.items() if k != "age"}
    return {"contact": shown, "address": address}


def tag_items(ids: list[int], tags: list[str], scores: list[float] | None = None) -> dict[str, Any]:
    """A tagging API: which items got which tags."""
    return {"items": ids, "tags": tags, "scores": scores}


def set_thermostat(mode: str, unit: str = "celsius", fan: str | None = None, priority: int = 2) -> dict[str, Any]:
    """A home-automation API: the state it set."""
    return {"mode": mode, "unit": unit, "fan": fan, "priority": priority}


def place_order(quantity: int, amount: float, discount_percent: float = 0.0, temperature_delta: float = 0.0,
                weight_kg: float | None = None) -> dict[str, Any]:
    """An ordering API: the order it placed."""
    return {"quantity": quantity, "amount": amount, "discount": discount_percent,
            "delta": temperature_delta, "weight": weight_kg}
