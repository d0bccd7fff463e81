"""Replay cost of recorded LLM calls: pytest-aacl's cassettes against plain vcrpy and an
in-memory ``httpx.MockTransport``, 100 and 1,000 calls, in the same run.

Run: ``python pattern_validation/benchmarks/bench_replay.py [--repeat R] [--sizes 100,1000]``.

Each size builds one cassette of N distinct OpenAI-style chat requests (about 1 kB of JSON
each, as an SDK sends them) and their responses, then times opening it and replaying all
N calls through an ``httpx.Client``:

* ``mock``: ``httpx.MockTransport`` answering from a dict (no cassette at all: the floor);
* ``vcrpy``: plain vcrpy, its default matching (method, scheme, host, port, path, query)
  and its own YAML serializer;
* ``aacl``: the same file through pytest-aacl's configuration (safe loader with the alias
  check, JSON-aware body matching with volatile and credential fields, the replay index,
  the usage gate on the cassette), exactly as the plugin sets it up.

Figures are the best of R repeats, in milliseconds per run and microseconds per call;
the ratios printed are aacl / vcrpy and aacl / mock, and each engine's growth from the
smallest to the largest size (10.0x is linear for 100 -> 1,000).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import tempfile
import time
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import httpx
import vcr
import yaml

from pytest_aacl._integration._active import configure_vcr
from pytest_aacl._integration._confirm import LiveGate
from pytest_aacl._integration._matching import Canonical
from pytest_aacl._integration._prices import PriceTable
from pytest_aacl._integration._recorder import TestUsage, attach
from pytest_aacl._integration._scrub import Scrubber

URL = "https://api.openai.com/v1/chat/completions"
VOLATILE = ["user", "metadata.user_id", "prompt_cache_key", "safety_identifier"]


def _request(n: int) -> dict[str, Any]:
    return {
        "model": "gpt-4o-mini",
        "messages": [
            {"role": "system", "content": "You are a careful assistant that calls tools. " * 4},
            {"role": "user", "content": f"Question {n}: what is the weather in city number {n}?"},
        ],
        "tools": [{"type": "function", "function": {
            "name": "get_weather", "description": "Current weather for a city.",
            "parameters": {"type": "object", "properties": {
                "city": {"type": "string"}, "unit": {"enum": ["celsius", "fahrenheit"]}},
                "required": ["city"], "additionalProperties": False}}}],
        "temperature": 0,
        "user": f"run-{n}",
    }


def _response(n: int) -> dict[str, Any]:
    return {"id": f"chatcmpl-{n}", "object": "chat.completion", "model": "gpt-4o-mini-2024-07-18",
            "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
                "role": "assistant", "content": None, "tool_calls": [{
                    "id": f"call_{n}", "type": "function", "function": {
                        "name": "get_weather", "arguments": json.dumps({"city": f"city {n}"})}}]}}],
            "usage": {"prompt_tokens": 78, "completion_tokens": 19, "total_tokens": 97}}


def _bodies(size: int) -> list[bytes]:
    return [json.dumps(_request(n), separators=(",", ":")).encode() for n in range(size)]


def _write_cassette(path: Path, size: int) -> None:
    interactions = []
    for n, body in enumerate(_bodies(size)):
        interactions.append({
            "request": {"method": "POST", "uri": URL, "body": body.decode(), "headers": {
                "content-type": ["application/json"], "authorization": ["REDACTED"]}},
            "response": {"status": {"code": 200, "message": "OK"},
                         "headers": {"content-type": ["application/json"]},
                         "body": {"string": json.dumps(_response(n))}},
        })
    path.write_text(yaml.safe_dump({"interactions": interactions, "version": 1}), encoding="utf-8")


def _replay(client: httpx.Client, bodies: list[bytes]) -> None:
    for n, body in enumerate(bodies):
        answer = client.post(URL, content=body, headers={"content-type": "application/json"})
        assert answer.json()["id"] == f"chatcmpl-{n}", answer.text[:80]


def run_mock(path: Path, bodies: list[bytes]) -> None:
    answers = {body: _response(n) for n, body in enumerate(bodies)}

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json=answers[request.content])

    with httpx.Client(transport=httpx.MockTransport(handler)) as client:
        _replay(client, bodies)


def run_vcrpy(path: Path, bodies: list[bytes]) -> None:
    recorder = vcr.VCR(record_mode="none")
    with recorder.use_cassette(str(path)), httpx.Client() as client:
        _replay(client, bodies)


def run_aacl(path: Path, bodies: list[bytes]) -> None:
    recorder = vcr.VCR(record_mode="none")
    scrubber = Scrubber()
    configure_vcr(recorder, scrubber, VOLATILE)
    gate = LiveGate(ci=True, worker=False, preconfirmed=False, budget=Decimal(0), ask=lambda q: None)
    usage = TestUsage("bench", PriceTable({}, []))
    with recorder.use_cassette(str(path)) as cassette, httpx.Client() as client:
        attach(cassette, usage, gate, scrubber, Canonical(VOLATILE, scrubber),
               lambda c, r: f"unmatched {r}")
        _replay(client, bodies)
    assert len(usage.calls) == len(bodies)


ENGINES: dict[str, Callable[[Path, list[bytes]], None]] = {
    "mock": run_mock, "vcrpy": run_vcrpy, "aacl": run_aacl}


def measure(size: int, repeat: int, folder: Path) -> dict[str, float]:
    path = folder / f"replay_{size}.yaml"
    _write_cassette(path, size)
    bodies = _bodies(size)
    best = {name: float("inf") for name in ENGINES}
    for _ in range(repeat):
        for name, engine in ENGINES.items():  # interleaved, so load drifts hit all alike
            start = time.perf_counter()
            engine(path, bodies)
            best[name] = min(best[name], time.perf_counter() - start)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--sizes", default="100,1000")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"python {platform.python_version()}, vcrpy {vcr.__version__}, httpx {httpx.__version__}; "
          f"best of {args.repeat}")
    results: dict[int, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for size in sizes:
            results[size] = measure(size, args.repeat, Path(tmp))
    print(f"{'calls':>6}  {'engine':<6} {'ms/run':>9} {'us/call':>9}")
    for size, best in results.items():
        for name, seconds in best.items():
            print(f"{size:>6}  {name:<6} {seconds * 1e3:>9.1f} {seconds / size * 1e6:>9.1f}")
        print(f"{size:>6}  ratio aacl/vcrpy {best['aacl'] / best['vcrpy']:.2f}x, "
              f"aacl/mock {best['aacl'] / best['mock']:.2f}x")
    if len(sizes) > 1:
        low, high = sizes[0], sizes[-1]
        growth = {name: results[high][name] / results[low][name] for name in ENGINES}
        print(f"growth {low} -> {high} calls (linear = {high / low:.1f}x): "
              + ", ".join(f"{name} {value:.1f}x" for name, value in growth.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
