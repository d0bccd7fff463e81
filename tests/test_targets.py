"""Every target kind runs the tool's own code; a spy sits only on a layer the user named."""

from __future__ import annotations

import atexit
import json
import os
import shutil
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path
from typing import Any

import pytest

from pytest_aacl import CorrectionError, TargetError, boundary
from pytest_aacl._targets import Target, load, observable, resolve

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"city": {"type": "string"}, "nights": {"type": "integer", "minimum": 1}},
    "required": ["city", "nights"],
    "additionalProperties": False,
}
#: the backend's real side effect, which the spy must prevent.  Tools run in a worker process,
#: so a list in this process would stay empty whatever happened: the bookings go to a file.
BOOKINGS = Path(tempfile.mkdtemp(prefix="aacl-test-bookings-")) / "bookings.jsonl"
atexit.register(shutil.rmtree, BOOKINGS.parent, ignore_errors=True)


def book_backend(city: str, nights: int) -> str:
    with BOOKINGS.open("a", encoding="utf-8") as handle:
        handle.write(json.dumps({"city": city, "nights": nights}) + "\n")
    return f"booked {nights} nights in {city}"


def booked() -> list[dict[str, Any]]:
    """What reached the real backend, in any process, since `clear_bookings()`."""
    return [json.loads(line) for line in BOOKINGS.read_text(encoding="utf-8").splitlines()] if BOOKINGS.exists() else []


def clear_bookings() -> None:
    BOOKINGS.unlink(missing_ok=True)


def book(city: Any, nights: Any) -> str:
    """Hand-written interface: int() and nothing else."""
    return book_backend(city, int(nights))


def this() -> Any:
    return sys.modules[__name__]


def one(target: Any, **kw: Any) -> Target:
    [t] = resolve(target, **kw)
    return t


# -- hand-written functions --------------------------------------------------------------------


@pytest.mark.parametrize("implementation", [f"{__name__}:book_backend", (this(), "book_backend")])
def test_handwritten_spy_records_and_is_removed_after_the_run(implementation: Any) -> None:
    clear_bookings()
    t = one(book, schema=SCHEMA, implementation=implementation)
    with t.session():
        call = t.call({"city": "Oslo", "nights": " 3"})
        rejected = t.call({"city": "Oslo", "nights": "three"})
    assert call.outcome == "returned" and call.received == [{"city": "Oslo", "nights": 3}]
    assert rejected.outcome == "rejected" and not rejected.received and "three" in rejected.message
    assert call.result is None and booked() == []  # the spy returned a stub instead of booking
    assert this().book_backend is not t.spy and book("Oslo", 1) == "booked 1 nights in Oslo"
    assert booked() == [{"city": "Oslo", "nights": 1}]  # the real backend again, once the run is over


def test_schema_defaults_to_the_implementations_type_hints() -> None:
    t = one(book, implementation=(this(), "book_backend"))
    assert t.spec.parameters["properties"]["nights"]["type"] == "integer"
    assert t.name == "book"


@pytest.mark.parametrize(
    ("target", "kwargs", "message"),
    [
        (book, {"schema": SCHEMA, "implementation": "nocolon"}, "must look like 'module:attr'"),
        (book, {"schema": SCHEMA, "implementation": (this(), "missing")}, "has no attribute 'missing'"),
        (book, {"schema": SCHEMA, "implementation": 42}, "does not name what the interface calls"),
        (3, {}, "target=3 is not a tool"),
        ({"type": "function", "function": {"name": "f", "parameters": SCHEMA}}, {}, "needs implementation="),
        (boundary(book_backend, schema=SCHEMA), {"schema": SCHEMA}, "carries its own schema"),
        (boundary(book_backend, schema=SCHEMA), {"implementation": (this(), "book_backend")}, "carries its own implementation"),
        (book, {"schema": SCHEMA, "reset": 3}, "reset=3; pass a function"),
        # before: a non-callable implementation was silently replaced by the spy and fuzzed
        (book, {"schema": SCHEMA, "implementation": (this(), "SCHEMA")}, "is a dict, not a function"),
    ],
)
def test_unusable_targets_get_one_clear_error(target: Any, kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(TargetError, match=message.replace("(", r"\(").replace("'", "'")):
        resolve(target, **kwargs)


@pytest.mark.parametrize(
    ("reference", "message"),
    [
        ("no_colon", "is not a reference to a tool; pass 'module:object'"),
        ("no_such_module_xyz:f", "cannot import module 'no_such_module_xyz'"),
        (f"{__name__}:nothing_here", "has no attribute 'nothing_here'"),
    ],
)
def test_load_names_what_is_missing(reference: str, message: str) -> None:
    with pytest.raises(TargetError, match=message):
        load(reference)
    assert load(f"{__name__}:SCHEMA") is SCHEMA


# -- time bound ---------------------------------------------------------------------------------


def test_hangs_spins_and_floods_are_timeouts_and_leave_no_thread_behind() -> None:
    # before: every timed-out call left a thread alive for good (1,201 after one run)
    def unruly(city: Any, nights: Any) -> str:
        if nights == "hang":
            time.sleep(60)
        while nights == "spin":
            pass
        while nights == "flood":
            print("x" * 1000)
        return book_backend(city, int(nights))

    t = one(unruly, schema=SCHEMA, implementation=(this(), "book_backend"), timeout=0.5)
    before = threading.active_count()
    with t.session():
        stuck = [t.call({"city": "a", "nights": how}) for how in ("hang", "spin", "flood") * 2]
        after = t.call({"city": "a", "nights": 2})
    t.close()
    assert [c.outcome for c in stuck] == ["timeout"] * 6  # each answered at its deadline, not after 60 s
    assert after.outcome == "returned" and after.received == [{"city": "a", "nights": 2}]
    assert threading.active_count() == before


def test_once_a_hang_is_confirmed_later_hangs_cost_a_short_bound_not_the_whole_timeout(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """mcp-hashlib's pbkdf2 hung on every huge `dklen`: 12 inputs, 10 s each, in a run of 496 s.
    The first timed-out call is repeated at once with 4x the timeout (a slow answer is not a
    hang); once that hangs too, a call gets 10x the slowest answer (here floored at 0.1 s)."""
    from pytest_aacl._targets import _target

    monkeypatch.setattr(_target, "_HUNG_FLOOR", 0.1)

    def sometimes_stuck(city: Any, nights: Any) -> str:
        if nights == "hang":
            time.sleep(60)
        return book_backend(city, int(nights))

    t = one(sometimes_stuck, schema=SCHEMA, implementation=(this(), "book_backend"), timeout=1.5)
    with t.session():
        fine = t.call({"city": "a", "nights": 2})
        start = time.perf_counter()
        first = t.call({"city": "a", "nights": "hang"})
        confirming = time.perf_counter() - start
        later = [t.call({"city": "b", "nights": "hang"}) for _ in range(3)]
        still = t.call({"city": "a", "nights": 3})
    t.close()
    assert fine.outcome == "returned" and first.outcome == "timeout"
    assert confirming >= 1.5 * 5 * 0.95  # the call, then its patient retry at 4x
    assert t.verdict == "hung" and t.retried({"city": "a", "nights": "hang"}).outcome == "timeout"
    assert [c.outcome for c in later] == ["timeout"] * 3
    # bounded at 0.1 s (a killed worker and its restart add some): far below the 1.5 s timeout
    assert all(c.seconds < 1.2 for c in later), [c.seconds for c in later]
    assert still.outcome == "returned"  # a call that answers still answers


def test_a_hang_found_with_a_short_bound_is_reported_with_the_whole_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hang finding's example may be a call cut short after another call's hang was
    confirmed: it is given the whole timeout once, so the report never calls a merely slow
    call a hang."""
    from pytest_aacl import fuzz
    from pytest_aacl._targets import _target

    monkeypatch.setattr(_target, "_HUNG_FLOOR", 0.2)

    def pick(n: int) -> int:
        if n > 1000:
            time.sleep(30)
        return n

    schema = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}
    report = fuzz(pick, schema=schema, checks=["total"], max_examples=40, seed=0, timeout=0.6)
    hangs = [f for f in report.findings if f.outcome == "timeout"]
    assert len(hangs) == 1, report
    assert "hung past the 0.6 s timeout" in hangs[0].message and hangs[0].args["n"] > 1000, hangs[0]


def test_a_slow_tool_keeps_its_whole_timeout() -> None:
    def slow_sometimes(city: Any, nights: Any) -> str:
        if city == "slow":
            time.sleep(0.5)
        return book_backend(city, int(nights))

    t = one(slow_sometimes, schema=SCHEMA, implementation=(this(), "book_backend"), timeout=0.3)
    with t.session():
        first = t.call({"city": "slow", "nights": 1})
        again = t.call({"city": "slow", "nights": 2})
    t.close()
    assert first.outcome == again.outcome == "timeout" and t.verdict == "slow"
    assert t.retried({"city": "slow", "nights": 1}).outcome == "returned"
    assert again.seconds >= 0.28  # never shortened: nothing hangs


def test_a_late_call_never_writes_into_the_next_calls_record() -> None:
    # before: `Target.received` was shared, so a call finishing after its timeout wrote into the next one
    def slow_after_reaching(city: Any, nights: Any) -> str:
        book_backend(city, int(nights))
        if city == "late":
            time.sleep(2)
            book_backend("late again", 99)
        return "ok"

    t = one(slow_after_reaching, schema=SCHEMA, implementation=(this(), "book_backend"), timeout=1)
    with t.session():
        late = t.call({"city": "late", "nights": 1})
        time.sleep(1.5)
        nxt = t.call({"city": "next", "nights": 2})
    t.close()
    assert late.outcome == "timeout"
    assert nxt.received == [{"city": "next", "nights": 2}]


def test_os_exit_and_memory_blow_up_cost_one_call_not_the_run() -> None:
    def fatal(city: Any, nights: Any) -> str:
        if city == "exit":
            os._exit(3)
        if city == "memory":
            return "x" * (64 * 1024**3)
        return f"{city} {nights}"

    t = one(fatal, schema=SCHEMA, timeout=5)
    exited = t.call({"city": "exit", "nights": 1})
    memory = t.call({"city": "memory", "nights": 1})
    fine = t.call({"city": "Oslo", "nights": 1})
    t.close()
    assert exited.outcome == "escaped" and "exit code 3" in exited.message
    assert memory.outcome == "escaped" and isinstance(memory.error, MemoryError)
    assert fine.outcome == "returned" and fine.result == "Oslo 1"


def test_a_reset_runs_in_the_worker_before_every_call() -> None:
    state: dict[str, list[int]] = {"seen": []}

    def remember(city: Any, nights: Any) -> list[int]:
        state["seen"].append(int(nights))
        return state["seen"]

    def reset() -> None:
        state["seen"] = []

    without = one(remember, schema=SCHEMA)
    with_reset = one(remember, schema=SCHEMA, reset=reset)
    assert [without.call({"city": "a", "nights": n}).result for n in (1, 2)] == [[1], [1, 2]]
    assert [with_reset.call({"city": "a", "nights": n}).result for n in (1, 2)] == [[1], [2]]
    failing = one(remember, schema=SCHEMA, reset=lambda: 1 / 0)
    with pytest.raises(TargetError, match="reset= raised ZeroDivisionError"):
        failing.call({"city": "a", "nights": 1})
    for t in (without, with_reset, failing):
        t.close()


def test_escaped_exceptions_keep_their_type_and_message() -> None:
    def broken(city: Any, nights: Any) -> str:
        return city.upper() + str(nights)

    class LocalError(Exception):
        pass

    def local(city: Any, nights: Any) -> str:
        raise LocalError(f"no {city}")

    t = one(broken, schema=SCHEMA, implementation=(this(), "book_backend"))
    call = t.call({"city": 5, "nights": 1})
    assert call.outcome == "escaped" and isinstance(call.error, AttributeError)
    assert "upper" in call.message
    # the traceback crosses the process boundary: its last frame is the tool's own line
    last = traceback.extract_tb(call.error.__traceback__)[-1]
    assert last.filename == __file__ and last.name == "broken" and "city.upper()" in (last.line or "")
    # an exception class no other process can import keeps its name and message
    odd = one(local, schema=SCHEMA).call({"city": "Oslo", "nights": 1})
    assert odd.outcome == "escaped" and str(odd.error) == "test_escaped_exceptions_keep_their_type_and_message.<locals>.LocalError: no Oslo"


# -- boundary tools, sync and async -----------------------------------------------------------


def test_boundary_tool_runs_its_implementation_and_records_what_reached_it() -> None:
    @boundary
    def nights(city: str, nights: int) -> str:
        return f"{nights} nights in {city}"

    t = one(nights)
    ok = t.call({"city": "Rome", "nights": "05"})
    bad = t.call({"city": "Rome", "nights": "five and a half"})
    assert not t.black_box
    assert ok.outcome == "returned" and ok.received == [{"city": "Rome", "nights": 5}] and ok.result == "5 nights in Rome"
    assert bad.outcome == "rejected" and isinstance(bad.error, CorrectionError) and bad.error.corrections


def test_async_boundary_tool() -> None:
    @boundary
    async def fetch(city: str, nights: int) -> str:
        return city

    call = one(fetch).call({"city": "Rome", "nights": "2"})
    assert call.outcome == "returned" and call.received == [{"city": "Rome", "nights": 2}] and call.result == "Rome"


def test_boundary_tool_with_python_objects_no_pipe_can_carry() -> None:
    # adversarial values (objects whose every method raises) reach the tool in a one-shot fork
    from pytest_aacl.strategies._adversarial import Hostile

    @boundary
    def nights(city: str, nights: int) -> str:
        return city

    class Unpicklable:
        def __reduce__(self) -> Any:
            raise TypeError("no")

    t = one(nights)
    hostile = t.call({"city": Hostile(), "nights": 1})
    local = t.call({"city": Unpicklable(), "nights": 1})
    t.close()
    assert hostile.outcome == "rejected" and local.outcome == "rejected"


# -- black boxes: nothing named, the tool's observable result is judged ------------------------


def test_a_function_without_implementation_is_a_black_box_with_its_result_normalised() -> None:
    import datetime as dt
    import enum

    class Size(enum.Enum):
        BIG = "big"

    def book_plain(city: str, nights: int) -> dict[str, Any]:
        if nights < 1:
            raise ValueError("INVALID_NIGHTS: expected at least 1")
        return {"city": city, "on": dt.date(2025, 1, nights), "size": Size.BIG, "tags": ("a", "b"), "x": object()}

    t = one(book_plain)  # the schema comes from its own type hints
    ok = t.call({"city": "Oslo", "nights": 2})
    bad = t.call({"city": "Oslo", "nights": 0})
    t.close()
    assert t.black_box and ok.received is None and bad.received is None
    assert ok.result == {"city": "Oslo", "on": "2025-01-02", "size": "big", "tags": ["a", "b"], "x": "<object object>"}
    assert bad.outcome == "rejected" and "INVALID_NIGHTS" in bad.message


def test_observable_is_a_json_round_trip_that_equal_meanings_share() -> None:
    import datetime as dt

    assert observable({"a": (1, 2), "b": {3, 1}, "c": dt.time(9, 30), "d": float("nan")}) == \
        {"a": [1, 2], "b": [1, 3], "c": "09:30:00", "d": "nan"}


# -- OpenAI tool spec with its implementation --------------------------------------------------


def test_openai_spec_dispatches_like_a_tool_loop() -> None:
    spec = {"type": "function", "function": {"name": "book", "description": "Book.", "parameters": SCHEMA}}

    def validating(city: str, nights: int) -> str:
        if not isinstance(nights, int):
            raise ValueError(f"TYPE_ERROR at nights: expected an integer; received {nights!r}")
        return "ok"

    t = one(spec, implementation=validating)
    assert t.name == "book" and t.black_box
    raw = t.call({"city": "a", "nights": "2"})
    assert raw.outcome == "rejected" and raw.received is None
    assert t.call({"city": "a", "nights": 2}).result == "ok"
    anthropic = one({"name": "book", "input_schema": SCHEMA}, implementation=validating)
    assert anthropic.call({"city": "a", "nights": 2}).result == "ok"


# -- LangChain (the real library) ---------------------------------------------------------------


def test_langchain_tool_runs_for_real_and_a_named_backend_is_spied() -> None:
    tools = pytest.importorskip("langchain_core.tools")
    calls: list[int] = []

    @tools.tool
    def reserve(city: str, nights: int) -> str:
        """Reserve a room."""
        calls.append(nights)
        return book_backend(city, nights)

    clear_bookings()
    t = one(reserve)
    ok = t.call({"city": "Oslo", "nights": "4"})
    bad = t.call({"city": "Oslo", "nights": "four"})
    t.close()
    assert t.black_box and ok.outcome == "returned" and ok.result == "booked 4 nights in Oslo" and ok.received is None
    assert booked() == [{"city": "Oslo", "nights": 4}]  # unspied, the worker booked for real
    assert bad.outcome == "rejected" and "nights" in bad.message
    spied = one(reserve, implementation=(this(), "book_backend"))
    with spied.session():
        seen = spied.call({"city": "Oslo", "nights": "4"})
    assert seen.received == [{"city": "Oslo", "nights": 4}] and booked() == [{"city": "Oslo", "nights": 4}]  # no second booking


def test_langchain_tool_exception_is_a_correction() -> None:
    tools = pytest.importorskip("langchain_core.tools")

    @tools.tool
    def reserve(city: str, nights: int) -> str:
        """Reserve a room."""
        raise tools.ToolException(f"UNKNOWN_CITY: expected a known city; received {city!r}")

    call = one(reserve).call({"city": "Atlantis", "nights": 1})
    assert call.outcome == "rejected" and "UNKNOWN_CITY" in call.message


def test_langchain_tool_gets_model_json_not_hostile_python_objects() -> None:
    # before: an object whose __str__ raises crashed LangChain's own error path, reported by
    # `total` as a defect of a correct tool (flaky: only when adversarial() drew it)
    tools = pytest.importorskip("langchain_core.tools")
    from pytest_aacl.strategies._adversarial import Hostile

    @tools.tool
    def reserve(city: str, nights: int) -> str:
        """Reserve a room."""
        return "done"

    t = one(reserve)
    hostile = t.call({"city": Hostile(), "nights": 2})
    tupled = t.call({"city": "Oslo", "nights": 2, "extra": (1, 2)})
    t.close()
    assert hostile.outcome == "rejected" and "NOT_JSON" in hostile.message
    assert tupled.outcome == "returned" and tupled.result == "done"
