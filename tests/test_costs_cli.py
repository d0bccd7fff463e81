"""``python -m pytest_aacl costs``: per-interaction usage and cost of recorded cassettes."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from pytest_aacl.__main__ import main

REPO_CASSETTES = Path(__file__).resolve().parents[1] / "cassettes"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's own exits (--help, usage errors)
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_help_lists_the_subcommands_through_the_real_entry_point() -> None:
    result = subprocess.run([sys.executable, "-m", "pytest_aacl", "--help"], capture_output=True,
                            text=True, check=False, timeout=60)
    assert result.returncode == 0 and "costs" in result.stdout and "token usage and cost" in result.stdout


@pytest.mark.parametrize(("argv", "message"), [
    ([], "pytest-aacl: error: missing command (see --help)"),
    (["bill"], "pytest-aacl: error: argument COMMAND: invalid choice: 'bill'"),
    (["costs"], "pytest-aacl costs: error: the following arguments are required: CASSETTE"),
    (["costs", "nope.yaml"], "pytest-aacl costs: error: cassette not found: nope.yaml"),
    (["costs", str(REPO_CASSETTES), "--prices", "missing.json"],
     "pytest-aacl costs: error: price file not found: missing.json"),
])
def test_bad_arguments_give_one_error_line_and_status_2(capsys: pytest.CaptureFixture[str],
                                                         argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(message)


def test_corrupt_cassette_is_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("interactions:\n  - {request: [\n")
    code, _, err = run(capsys, "costs", str(broken))
    assert code == 2 and err.startswith(f"pytest-aacl costs: error: cannot read cassette {broken}: invalid YAML")
    assert "Traceback" not in err


def test_prices_this_repositorys_cassettes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "costs", str(REPO_CASSETTES / "test_llm_tool_calls"))
    assert code == 0
    assert re.search(r"POST api\.openai\.com/v1/chat/completions +200 +gpt-4o-mini-2024-07-18 +78 +19 +0 +"
                     r"\$0\.000023", out)
    assert "all: 4 cassette(s), 4 interactions (4 with usage), 1298 input / 157 output / 531 cached tokens" in out
    code, out, _ = run(capsys, "costs", "--json", str(REPO_CASSETTES / "test_llm_tool_calls"))
    document = json.loads(out)
    stream = next(c for c in document["cassettes"] if c["path"].endswith("test_anthropic_streaming_tool_use.yaml"))
    usage = stream["interactions"][0]["usage"]
    assert (usage["input_tokens"], usage["cached_tokens"], usage["output_tokens"]) == (571, 531, 61)
    # claude-haiku-4-5: $1/M input, $0.10/M cache read, $5/M output (bundled litellm snapshot)
    assert Decimal(stream["interactions"][0]["cost"]) == Decimal("0.000040") + Decimal("0.0000531") + Decimal("0.000305")


def test_price_overlay_prices_an_unknown_model(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    cassette = tmp_path / "c.yaml"
    cassette.write_text(
        "interactions:\n- request: {method: POST, uri: 'https://llm.example/v1/chat/completions', body: null,"
        " headers: {}}\n  response:\n    status: {code: 200, message: OK}\n    headers: {}\n"
        "    body: {string: '{\"model\": \"house-model\", \"usage\": {\"prompt_tokens\": 1000,"
        " \"completion_tokens\": 100}}'}\nversion: 1\n")
    _, out, _ = run(capsys, "costs", str(cassette))
    assert re.search(r"house-model +1000 +100 +0 +unknown", out) and "cost unknown" in out
    prices = tmp_path / "prices.json"
    prices.write_text(json.dumps({"house-model": {"input_cost_per_token": 1e-06, "output_cost_per_token": 1e-05}}))
    _, out, _ = run(capsys, "costs", "--prices", str(prices), str(cassette))
    assert "$0.002000" in out


def test_headers_as_a_list_is_named_in_one_error_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # before: AttributeError: 'list' object has no attribute 'items', with a traceback
    cassette = tmp_path / "c.yaml"
    cassette.write_text(
        "interactions:\n- request: {method: POST, uri: 'https://api.openai.com/v1/chat/completions',"
        " body: null, headers: [[content-type, application/json]]}\n  response:\n"
        "    status: {code: 200, message: OK}\n    headers: {}\n    body: {string: ''}\nversion: 1\n")
    code, out, err = run(capsys, "costs", str(cassette))
    assert code == 2 and out == ""
    assert err == (f"pytest-aacl costs: error: {cassette}: interaction 0: request.headers: "
                   "[['content-type', 'application/json']] is not a mapping or null\n"
                   "pytest-aacl costs: error: fix the cassette(s) named above, or delete them and "
                   "record them again\n")


def test_an_alias_bomb_is_refused_by_costs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 9)}]" for n in range(1, 9)]
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text("\n".join(lines) + "\ninteractions: *a8\n")
    code, out, err = run(capsys, "costs", str(bomb))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "it uses YAML anchors/aliases" in err
