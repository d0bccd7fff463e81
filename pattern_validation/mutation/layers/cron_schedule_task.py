# ruff: noqa  (vendored third-party code, kept as published: the house lint rules do not apply)
"""Vendored from mcpaisuite-schedulermcp 1.1.0 (PyPI), file schedulermcp/mcp_server.py:
`create_mcp_server` (the tool list and the `call_tool` handler with its `_dispatch`); file
schedulermcp/pipeline.py: `SchedulerPipeline` (its `__init__`, `schedule` and
`_compute_next_run`); file schedulermcp/core/cron.py: `cron_matches`, `_field_matches` and
`next_cron_run`; file schedulermcp/core/models.py: `Job` (its fields), `JobResult`, `JobStatus`,
`JobType`, `_uuid` and `_now`.  `schedule_task` schedules a job of one of four types, checked
only by `JobType(job_type)` after the SDK's schema check: `once` (at most one run, after
`delay_seconds` when positive, else now), `cron` (a five-field expression, minute, hour, day,
month and weekday, each `*`, `*/N`, `N`, `N-M` or a list `N,M,O` of plain numbers, read by
`int()` only when the next run is looked for: the next minute matching is searched for minute
by minute over seven days, so a field that never matches (`61`, `0 0 31 2 *`, a date more than
a week away) gives no next run instead of a refusal, an empty expression gives none either, a
step of 0 never matches, a list holding a range or a step, or a word (`MON`, `@daily`), raises
and so is refused, and the weekday counts from 0 for Monday, not Sunday), `interval` (every
`interval_seconds` when positive, else no next run) and `watch`; the other arguments (priority,
maximum runs, the watch command, condition and interval, a webhook URL, tags) are taken into a
pydantic `Job` as given (lax: `"5"` for an integer passes) and never checked; a `namespace`
outside the schema is read too.  Refusals (an unknown job type, an unreadable cron field, a
value pydantic refuses) come back as a text result holding JSON with an `error`, never raised;
the SDK's own check refuses what the schema does not allow with an error result.  Apache
License 2.0, Copyright 2026 Gaël Gaussens (mcpaisuite-schedulermcp); see
http://www.apache.org/licenses/LICENSE-2.0.  The functions are verbatim, but for the changes
below (checked by comparing ASTs with the wheel's source: each vendored function, class and
method, unparsed from both and compared with `ast.dump` after `async def` was read as `def`
and `await` dropped, is equal).

Changes: the handlers and `schedule` are `async` in the package and plain functions here
(`await` dropped); `create_mcp_server` imports the SDK's `Server` and `types` in its body, and
those two imports are dropped so that the module's stand-ins serve; `Job`'s `record_run` (what a
run of the job records) is left out.  The package registers its handlers on the MCP SDK's
low-level `Server` (mcp 1.x: `@server.list_tools()`, `@server.call_tool()`), whose dispatch of
a `tools/call` request checks the arguments against the tool's `inputSchema` with `jsonschema`
(refusing with an "Input validation error: ..." result) and then calls the handler, answering
its exceptions as error results; `schedule_task` (ours) is that dispatch, and `Server` and
`types` (the SDK's `Tool` and `TextContent`, and `CallToolResult` for the SDK's answer) are
stand-ins keeping what they are given, as is that dispatch, `call_tool_request` (all shared with
the split's other layers, in `_mcp_stand_ins`).  The job store (`MemoryJobStore` or `SQLiteJobStore`) is
a stand-in whose `save` hands the job, as the JSON the SQLite store writes, on to the
implementation layer; the scheduler is built as the `serve` command builds it (its tick loop
not started); `datetime` is a stand-in subclass of `datetime.datetime` whose `now()` is
2026-11-30 08:00:00 UTC (a Monday), `uuid` a stand-in whose `uuid4()` is always the same, and
`logger` (structlog's) a stand-in that drops what it is given.  The other tools' branches are
kept (the handler is one function) but reach a scheduler without those methods; the tick loop,
the executors, the dead-letter queue, the CLI and the HTTP API are left out.  `create_mcp_server`
is vendored verbatim but not mutated (the manifest lists it among the stand-ins): it is the
server's wiring, the tool list (the contract, as SCHEMA is) and the dispatch of nine tools of
which this layer reaches one, and mutating it would have given some 300 mutants of other tools'
schemas and branches; what is mutated is the cron reading, the scheduler's `schedule` and
`_compute_next_run`, and the models.

The implementation layer is ours: `save_job` is where the scheduler persists a new job (the
store's `save`); it receives the job as JSON and keeps nothing.  SCHEMA is what the package's
server publishes: `inputSchema` of `schedule_task` as its `tools/list` handler answers it, from
`create_mcp_server` under mcp 1.30.0 (the package asks for mcp >= 1.0 and uses the mcp 1
decorators) in a throwaway venv with the package installed.  It states an enum of job types and
bare strings and integers: nothing of what a cron expression is, no bound on any number, no rule
tying `cron`, `interval_seconds` or `delay_seconds` to the job type.
"""

from __future__ import annotations

import asyncio
import json
import uuid as _uuid_module
from datetime import datetime as _datetime, timedelta, timezone
from enum import Enum
from types import SimpleNamespace
from typing import Any

from pydantic import BaseModel, Field

from pattern_validation.mutation.layers._mcp_stand_ins import CallToolResult, Server, TextContent, Tool, call_tool_request

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "goal": {"type": "string", "description": "What to execute when the job fires"},
        "job_type": {"type": "string", "enum": ["once", "cron", "interval", "watch"], "default": "once"},
        "cron": {"type": "string", "description": "Cron expression: '0 9 * * 1' = every Monday 9am"},
        "interval_seconds": {"type": "integer", "description": "Repeat every N seconds"},
        "delay_seconds": {"type": "integer", "description": "Fire once after N seconds"},
        "watch_command": {
            "type": "string",
            "description": "Shell command to evaluate for watch jobs (e.g. 'curl -s https://api.coinbase.com/v2/prices/BTC-USD/spot')",
        },
        "watch_condition": {
            "type": "string",
            "description": "Condition to trigger watch job (e.g. '$value < 20000', 'contains error', '$value != $last')",
        },
        "watch_interval": {"type": "integer", "default": 30, "description": "How often to check watch condition (seconds)"},
        "max_runs": {"type": "integer", "default": 0, "description": "Max executions (0=unlimited)"},
        "priority": {"type": "integer", "default": 0, "description": "Higher runs first when several jobs are due at once"},
        "webhook_url": {"type": "string", "description": "URL to POST when job fires"},
        "tags": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["goal"],
}
EXAMPLE: dict[str, Any] = {"goal": "Send the weekly report", "job_type": "cron", "cron": "30 9 * 1-11 0,2,4",
                           "max_runs": 10, "tags": ["reports"]}


def save_job(job: dict[str, Any]) -> None:
    """The implementation layer (ours): where the scheduler persists a new job, given as JSON."""
    return None


class _Store:
    """Stands in for the package's job store: `save` hands the job, as JSON, on to the
    implementation layer."""

    def save(self, job: Any) -> None:
        return save_job(json.loads(job.model_dump_json()))


class datetime(_datetime):
    """Stands in for `datetime.datetime` with a fixed clock: `now()` is 2026-11-30 08:00:00 UTC."""

    @classmethod
    def now(cls, tz: Any = None) -> _datetime:
        fixed = _datetime(2026, 11, 30, 8, 0, 0, tzinfo=timezone.utc)
        return fixed if tz is None else fixed.astimezone(tz)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        return handler.generate_schema(_datetime)


#: stands in for uuid: `uuid4()` is always the same
uuid = SimpleNamespace(uuid4=lambda: _uuid_module.UUID("0b7e6d2c-5a41-4c1f-9e3a-2d8f6b1c4e70"))


class _Logger:
    """Stands in for a structlog logger: drops what it is given."""

    def info(self, *args: Any, **kwargs: Any) -> None:
        return None


logger = _Logger()


#: stands in for `mcp.types`
types = SimpleNamespace(Tool=Tool, TextContent=TextContent, CallToolResult=CallToolResult)


BaseJobStore = Any
BaseExecutor = Any

def _uuid() -> str:
    return str(uuid.uuid4())


def _now() -> datetime:
    return datetime.now(timezone.utc)


class JobStatus(str, Enum):
    pending = "pending"
    active = "active"
    paused = "paused"
    completed = "completed"  # one-shot finished
    failed = "failed"
    cancelled = "cancelled"


class JobType(str, Enum):
    once = "once"           # fire once after delay or at absolute time
    cron = "cron"           # recurring cron expression
    interval = "interval"   # repeat every N seconds
    watch = "watch"         # fire when a condition becomes true (event-driven)


class JobResult(BaseModel):
    job_id: str = ""
    run_id: str = Field(default_factory=_uuid)
    success: bool = True
    output: str = ""
    error: str = ""
    started_at: datetime = Field(default_factory=_now)
    completed_at: datetime | None = None
    duration_ms: float = 0
    tokens_used: int = 0
    cost: float = 0


class Job(BaseModel):
    id: str = Field(default_factory=_uuid)
    goal: str
    job_type: JobType = JobType.once
    namespace: str = "default"

    # Scheduling params
    cron: str = ""                    # "0 9 * * 1" for cron type
    interval_seconds: int = 0        # for interval type
    delay_seconds: int = 0           # for once type (relative)
    run_at: datetime | None = None   # for once type (absolute)
    priority: int = 0                # higher runs first when several jobs are due at once

    # Watch params (event-driven)
    watch_command: str = ""           # shell command to evaluate (e.g. "curl -s https://api.coinbase.com/v2/prices/BTC-USD/spot")
    watch_condition: str = ""         # condition to trigger (e.g. "$value < 20000", "$count > 10", "contains error")
    watch_interval: int = 30          # how often to check in seconds
    watch_last_value: str = ""        # last observed value (for change detection)

    # State
    status: JobStatus = JobStatus.pending
    enabled: bool = True
    created_at: datetime = Field(default_factory=_now)
    last_run: datetime | None = None
    next_run: datetime | None = None
    run_count: int = 0
    max_runs: int = 0               # 0 = unlimited (cron/interval), 1 for once
    consecutive_failures: int = 0
    max_failures: int = 3            # auto-pause after N consecutive failures
    retry_count: int = 0             # current retry attempt for the latest failure
    max_retries: int = 3             # max retries before marking permanently failed
    retry_base_delay: float = 10.0   # base delay in seconds for exponential backoff
    next_retry_at: datetime | None = None  # scheduled retry time

    # Results
    last_result: JobResult | None = None
    history: list[JobResult] = Field(default_factory=list)

    # Notification
    webhook_url: str = ""
    callback: str = ""               # internal callback identifier

    # Metadata
    tags: list[str] = Field(default_factory=list)
    metadata: dict = Field(default_factory=dict)


def cron_matches(cron: str, dt: datetime) -> bool:
    """Check if a 5-field cron expression matches a given datetime.

    Format: minute hour day month weekday
    Supports: *, */N, N, N-M, N,M,O
    """
    parts = cron.strip().split()
    if len(parts) != 5:
        return False

    checks = [
        (parts[0], dt.minute, 0, 59),
        (parts[1], dt.hour, 0, 23),
        (parts[2], dt.day, 1, 31),
        (parts[3], dt.month, 1, 12),
        (parts[4], dt.weekday(), 0, 6),  # 0=Monday
    ]

    for pattern, value, _lo, _hi in checks:
        if not _field_matches(pattern, value):
            return False
    return True


def _field_matches(pattern: str, value: int) -> bool:
    """Check if a single cron field matches a value."""
    if pattern == "*":
        return True

    # Step: */N
    if pattern.startswith("*/"):
        divisor = int(pattern[2:])
        return divisor > 0 and value % divisor == 0

    # List: N,M,O
    if "," in pattern:
        return value in {int(x) for x in pattern.split(",")}

    # Range: N-M
    if "-" in pattern:
        lo, hi = pattern.split("-", 1)
        return int(lo) <= value <= int(hi)

    # Exact: N
    return int(pattern) == value


def next_cron_run(cron: str, after: datetime | None = None) -> datetime | None:
    """Calculate the next time a cron expression will fire after a given datetime."""
    dt = (after or datetime.now(timezone.utc)).replace(second=0, microsecond=0) + timedelta(minutes=1)

    # Brute-force scan up to 7 days ahead
    for _ in range(60 * 24 * 7):
        if cron_matches(cron, dt):
            return dt
        dt += timedelta(minutes=1)

    return None


class SchedulerPipeline:
    """Manages scheduled jobs — create, execute, track, persist."""

    def __init__(self, store: BaseJobStore, executor: BaseExecutor, tick_interval: int = 15) -> None:
        self._store = store
        self._executor = executor
        self._tick_interval = tick_interval
        self._loop_task: asyncio.Task | None = None
        self._running = False
        self._running_jobs: set[str] = set()
        self._running_jobs_lock = asyncio.Lock()
        self.dead_letter: list[dict] = []

    def schedule(
        self, goal: str, job_type: str = "once", cron: str = "",
        interval_seconds: int = 0, delay_seconds: int = 0, run_at: datetime | None = None,
        namespace: str = "default", max_runs: int = 0, webhook_url: str = "",
        watch_command: str = "", watch_condition: str = "", watch_interval: int = 30,
        tags: list[str] | None = None, metadata: dict | None = None,
        priority: int = 0,
    ) -> Job:
        """Create and persist a new scheduled job."""
        jtype = JobType(job_type)
        if jtype == JobType.once and max_runs == 0:
            max_runs = 1

        job = Job(
            goal=goal, job_type=jtype, namespace=namespace,
            cron=cron, interval_seconds=interval_seconds,
            delay_seconds=delay_seconds, run_at=run_at,
            max_runs=max_runs, webhook_url=webhook_url,
            watch_command=watch_command, watch_condition=watch_condition,
            watch_interval=watch_interval,
            tags=tags or [], metadata=metadata or {},
            priority=priority,
        )
        job.next_run = self._compute_next_run(job)
        job.status = JobStatus.active if job.enabled else JobStatus.paused
        self._store.save(job)
        logger.info("scheduler.created", id=job.id, type=jtype.value, goal=goal[:80])
        return job

    @staticmethod
    def _compute_next_run(job: Job) -> datetime | None:
        now = datetime.now(timezone.utc)
        if job.job_type == JobType.once:
            if job.run_count > 0: return None
            if job.run_at: return job.run_at
            if job.delay_seconds > 0: return job.created_at + timedelta(seconds=job.delay_seconds)
            return now
        if job.job_type == JobType.cron and job.cron:
            return next_cron_run(job.cron, after=job.last_run or now)
        if job.job_type == JobType.interval and job.interval_seconds > 0:
            return (job.last_run or now) + timedelta(seconds=job.interval_seconds)
        if job.job_type == JobType.watch:
            return None  # Watch jobs are evaluated on each tick, not time-based
        return None


def create_mcp_server(scheduler: SchedulerPipeline, name: str = "schedulermcp"):
    server = Server(name)

    @server.list_tools()
    def list_tools():
        return [
            types.Tool(
                name="schedule_task",
                description="Schedule a task. Supports: once (delay), cron (recurring), interval, watch (event-driven trigger on condition).",
                inputSchema={
                    "type": "object",
                    "properties": {
                        "goal": {"type": "string", "description": "What to execute when the job fires"},
                        "job_type": {"type": "string", "enum": ["once", "cron", "interval", "watch"], "default": "once"},
                        "cron": {"type": "string", "description": "Cron expression: '0 9 * * 1' = every Monday 9am"},
                        "interval_seconds": {"type": "integer", "description": "Repeat every N seconds"},
                        "delay_seconds": {"type": "integer", "description": "Fire once after N seconds"},
                        "watch_command": {"type": "string", "description": "Shell command to evaluate for watch jobs (e.g. 'curl -s https://api.coinbase.com/v2/prices/BTC-USD/spot')"},
                        "watch_condition": {"type": "string", "description": "Condition to trigger watch job (e.g. '$value < 20000', 'contains error', '$value != $last')"},
                        "watch_interval": {"type": "integer", "default": 30, "description": "How often to check watch condition (seconds)"},
                        "max_runs": {"type": "integer", "default": 0, "description": "Max executions (0=unlimited)"},
                        "priority": {"type": "integer", "default": 0, "description": "Higher runs first when several jobs are due at once"},
                        "webhook_url": {"type": "string", "description": "URL to POST when job fires"},
                        "tags": {"type": "array", "items": {"type": "string"}},
                    },
                    "required": ["goal"],
                },
            ),
            types.Tool(
                name="list_schedules",
                description="List all scheduled jobs with their status, next run time, and run history.",
                inputSchema={
                    "type": "object",
                    "properties": {
                        "status": {"type": "string", "enum": ["active", "paused", "completed", "cancelled"], "description": "Filter by status"},
                    },
                },
            ),
            types.Tool(
                name="cancel_schedule",
                description="Cancel a scheduled job by ID.",
                inputSchema={
                    "type": "object",
                    "properties": {
                        "job_id": {"type": "string"},
                    },
                    "required": ["job_id"],
                },
            ),
            types.Tool(
                name="pause_schedule",
                description="Pause a scheduled job. It can be resumed later.",
                inputSchema={
                    "type": "object",
                    "properties": {
                        "job_id": {"type": "string"},
                    },
                    "required": ["job_id"],
                },
            ),
            types.Tool(
                name="resume_schedule",
                description="Resume a paused scheduled job.",
                inputSchema={
                    "type": "object",
                    "properties": {
                        "job_id": {"type": "string"},
                    },
                    "required": ["job_id"],
                },
            ),
            types.Tool(
                name="scheduler_stats",
                description="Get scheduler statistics: total jobs, active, paused, run counts.",
                inputSchema={"type": "object", "properties": {}},
            ),
            types.Tool(
                name="get_job",
                description="Get details of a specific scheduled job",
                inputSchema={
                    "type": "object",
                    "properties": {
                        "job_id": {"type": "string", "description": "Job ID"},
                    },
                    "required": ["job_id"],
                },
            ),
            types.Tool(
                name="get_job_history",
                description="Get execution history for a scheduled job",
                inputSchema={
                    "type": "object",
                    "properties": {
                        "job_id": {"type": "string", "description": "Job ID"},
                    },
                    "required": ["job_id"],
                },
            ),
            types.Tool(
                name="delete_job",
                description="Permanently delete a scheduled job",
                inputSchema={
                    "type": "object",
                    "properties": {
                        "job_id": {"type": "string", "description": "Job ID"},
                    },
                    "required": ["job_id"],
                },
            ),
        ]

    @server.call_tool()
    def call_tool(name: str, arguments: dict):
        ns = arguments.get("namespace", "default")
        try:
            return _dispatch(name, arguments, ns)
        except Exception as exc:
            return [types.TextContent(type="text", text=json.dumps({"error": str(exc)}))]

    def _dispatch(name: str, arguments: dict, ns: str):
        if name == "schedule_task":
            job = scheduler.schedule(
                goal=arguments["goal"],
                job_type=arguments.get("job_type", "once"),
                cron=arguments.get("cron", ""),
                interval_seconds=arguments.get("interval_seconds", 0),
                delay_seconds=arguments.get("delay_seconds", 0),
                namespace=ns,
                max_runs=arguments.get("max_runs", 0),
                priority=arguments.get("priority", 0),
                webhook_url=arguments.get("webhook_url", ""),
                watch_command=arguments.get("watch_command", ""),
                watch_condition=arguments.get("watch_condition", ""),
                watch_interval=arguments.get("watch_interval", 30),
                tags=arguments.get("tags", []),
            )
            return [types.TextContent(type="text", text=json.dumps({
                "job_id": job.id, "status": job.status.value,
                "next_run": job.next_run.isoformat() if job.next_run else None,
                "job_type": job.job_type.value,
            }))]

        elif name == "list_schedules":
            jobs = scheduler.list_jobs(namespace=ns, status=arguments.get("status", ""))
            items = []
            for j in jobs:
                items.append({
                    "id": j.id, "goal": j.goal[:100], "type": j.job_type.value,
                    "status": j.status.value, "cron": j.cron, "run_count": j.run_count,
                    "next_run": j.next_run.isoformat() if j.next_run else None,
                    "last_run": j.last_run.isoformat() if j.last_run else None,
                })
            return [types.TextContent(type="text", text=json.dumps(items, default=str))]

        elif name == "cancel_schedule":
            ok = scheduler.cancel(arguments["job_id"])
            return [types.TextContent(type="text", text=json.dumps({"cancelled": ok, "job_id": arguments["job_id"]}))]

        elif name == "pause_schedule":
            ok = scheduler.pause(arguments["job_id"])
            return [types.TextContent(type="text", text=json.dumps({"paused": ok, "job_id": arguments["job_id"]}))]

        elif name == "resume_schedule":
            ok = scheduler.resume(arguments["job_id"])
            return [types.TextContent(type="text", text=json.dumps({"resumed": ok, "job_id": arguments["job_id"]}))]

        elif name == "scheduler_stats":
            s = scheduler.stats(namespace=ns)
            return [types.TextContent(type="text", text=s.model_dump_json())]

        elif name == "get_job":
            job = scheduler.get_job(arguments["job_id"])
            if not job:
                return [types.TextContent(type="text", text="Job not found")]
            return [types.TextContent(type="text", text=job.model_dump_json(indent=2))]

        elif name == "get_job_history":
            history = scheduler.get_history(arguments["job_id"])
            items = [h.model_dump(mode="json") if hasattr(h, "model_dump") else h for h in history]
            return [types.TextContent(type="text", text=json.dumps(items, indent=2, default=str))]

        elif name == "delete_job":
            scheduler.delete_job(arguments["job_id"])
            return [types.TextContent(type="text", text=f"Job {arguments['job_id']} deleted")]

        return [types.TextContent(type="text", text="unknown tool")]

    return server


#: the server as the `serve` command builds it, over an in-memory store (a stand-in's wiring)
_server = create_mcp_server(SchedulerPipeline(_Store(), None))


def schedule_task(**arguments: Any) -> Any:
    """The interface (ours): the SDK's dispatch of a `tools/call` request for `schedule_task`:
    the arguments checked by `jsonschema` against the `inputSchema` the tool list gives, then the
    server's `call_tool` handler, its exceptions answered as error results."""
    return call_tool_request(_server.handlers["list_tools"](), _server.handlers["call_tool"], "schedule_task",
                             arguments)
