"""`python -m benchmarks soak`: mixed operations for an hour, watching latency and memory.

    python -m benchmarks soak                  # 60 minutes
    python -m benchmarks soak --minutes 2      # a quick look

One agent works on a fresh space with the mock embedder (so the figures are elfgraph's
and Neo4j's, not a model's): it learns, recalls, frames, reports outcomes, connects, and
dreams whenever ten blocks wait; a second task recalls alongside, as another reader of
the space would. The agent works in sessions of five minutes, and the space's clock runs
a thousand times faster than the wall clock (the hour is a thousand active hours, months
of an agent's use), so blocks decay, curate runs when due and archives them, and the
space stops growing: what a long-lived agent's memory goes through. Every window (30 s)
records each operation's p50 / p95 latency and the Python process's resident memory.
Results: benchmarks/results/soak.json, a table and a plot (docs/img/soak.png) in
docs/BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import uuid
from collections import defaultdict
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

import anyio

from benchmarks.corpus import facts
from benchmarks.figures import percentile
from benchmarks.machine import describe
from benchmarks.publish import header, publish
from elfgraph import ElfgraphError, MemorySystem, MockEmbeddingService
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import drop_space

WINDOW_SECONDS = 30.0
# Active hours per wall-clock hour: a standard block left alone is archived after ~300
# active hours (docs/BEHAVIOUR.md §2), 18 minutes here, so the space reaches the size
# where curate archives as much as the agent learns well within the hour.
CLOCK_SPEED = 1000.0
SESSION_MINUTES = 5.0  # the agent works in tasks: a session ends and the next begins
OPS_PER_SECOND = 20.0  # the agent's pace; the reader recalls at half of it
DREAM_AT = 10


def rss_mib() -> float:
    """The process's resident memory now (not its peak)."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * 4096 / 2**20


class Recorder:
    """Latencies per operation, cut into windows with the memory at each window's end."""

    def __init__(self, started: float) -> None:
        self.started = started
        self.current: dict[str, list[float]] = defaultdict(list)
        self.windows: list[dict[str, Any]] = []
        self.refusals: list[str] = []
        self.operations = 0

    async def time(self, name: str, call: Awaitable[Any]) -> Any:
        began = time.perf_counter()
        try:
            return await call
        except ElfgraphError as exc:  # a refusal the agent would get (a full block...)
            self.refusals.append(f"{name}: {exc.message}")
            return None
        finally:
            self.current[name].append(1000 * (time.perf_counter() - began))
            self.operations += 1

    def close_window(self, blocks: int | None) -> None:
        self.windows.append(
            {
                "minute": round((time.monotonic() - self.started) / 60, 2),
                "rss_mib": round(rss_mib(), 1),
                "active_blocks": blocks,
                "ops": {
                    name: {
                        "count": len(values),
                        "p50_ms": round(statistics.median(values), 2),
                        "p95_ms": round(percentile(values, 0.95), 2),
                    }
                    for name, values in sorted(self.current.items())
                    if values
                },
            }
        )
        self.current = defaultdict(list)


async def agent(memory: MemorySystem, record: Recorder, until: float, seed: int) -> None:
    rng = random.Random(seed)
    texts = facts(200_000, seed=seed, unique=True)
    pending = 0
    index = 0
    session_started = time.monotonic()
    while time.monotonic() < until:
        if time.monotonic() - session_started > SESSION_MINUTES * 60:
            await record.time("session", next_session(memory))
            session_started = time.monotonic()
        roll = rng.random()
        if roll < 0.35:
            await record.time("learn", memory.learn(texts[index % len(texts)]))
            index += 1
            pending += 1
        elif roll < 0.65:
            query = rng.choice(texts)
            await record.time("recall", memory.recall(query, top_k=10))
        elif roll < 0.80:
            query = rng.choice(texts)
            await record.time("frame", memory.frame("attention", query, top_k=5))
        elif roll < 0.92 and memory.last_recall_block_ids:
            ids = memory.last_recall_block_ids[:3]
            await record.time("outcome", memory.outcome(ids, rng.random()))
        elif len(memory.last_recall_block_ids) >= 2:
            a, b = memory.last_recall_block_ids[:2]
            await record.time("connect", memory.connect(a, b, "supports"))
        if pending >= DREAM_AT:
            await record.time("dream", memory.dream())
            pending = 0
        await anyio.sleep(1 / OPS_PER_SECOND)


async def next_session(memory: MemorySystem) -> None:
    await memory.end_session()
    await memory.begin_session("soak")  # runs curate when it is due


async def reader(memory: MemorySystem, record: Recorder, until: float, seed: int) -> None:
    rng = random.Random(seed + 1)
    texts = facts(10_000, seed=seed + 1)
    while time.monotonic() < until:
        query = rng.choice(texts)
        await record.time("recall (reader)", memory.recall(query, top_k=5))
        await anyio.sleep(2 / OPS_PER_SECOND)


async def soak(minutes: float, seed: int = 11) -> dict[str, Any]:
    database = await open_database()
    space = f"bench-soak-{uuid.uuid4().hex[:8]}"
    embedder = MockEmbeddingService(record=False)  # its log of texts would grow for an hour
    started = time.monotonic()
    record = Recorder(started)
    try:
        agent_memory = await MemorySystem.open(space, database=database, embedding_service=embedder)
        reader_memory = await MemorySystem.open(
            space, database=database, embedding_service=embedder
        )
        # The space's clock runs CLOCK_SPEED times faster than the wall clock.
        agent_memory.clock = lambda: started + (time.monotonic() - started) * CLOCK_SPEED
        await agent_memory.begin_session("soak")
        # The soak's minutes start once the space is open: on a cold server, opening
        # (migrations, first query plans) can take seconds a short run would lose.
        until = time.monotonic() + minutes * 60

        async def windows() -> None:
            while time.monotonic() < until:
                await anyio.sleep(min(WINDOW_SECONDS, max(0.0, until - time.monotonic())))
                status = await agent_memory.status()
                record.close_window(status.active_count)

        async with anyio.create_task_group() as group:
            group.start_soon(agent, agent_memory, record, until, seed)
            group.start_soon(reader, reader_memory, record, until, seed)
            group.start_soon(windows)
        status = await agent_memory.status()
        await agent_memory.close()
        await reader_memory.close()
        return {
            "machine": await describe(database),
            "minutes": minutes,
            "clock_speed": CLOCK_SPEED,
            "operations": record.operations,
            "refusals": record.refusals,
            "final_status": status.to_dict(),
            "windows": record.windows,
        }
    finally:
        await drop_space(database, space)
        await database.close()


def plot(report: dict[str, Any], path: Path) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    windows = report["windows"]
    minutes = [w["minute"] for w in windows]
    figure, (latency, memory) = plt.subplots(2, 1, figsize=(8, 6.5), sharex=True)
    for name in ("recall", "frame", "learn", "outcome", "dream"):
        rows = [(w["minute"], w["ops"][name]) for w in windows if name in w["ops"]]
        if rows:
            latency.plot([m for m, _ in rows], [o["p50_ms"] for _, o in rows], label=f"{name} p50")
            latency.plot(
                [m for m, _ in rows], [o["p95_ms"] for _, o in rows], "--", label=f"{name} p95"
            )
    latency.set_yscale("log")
    latency.set_ylabel("latency per window (ms)")
    latency.legend(ncol=3, fontsize=7)
    latency.grid(alpha=0.3)
    memory.plot(minutes, [w["rss_mib"] for w in windows], color="black", label="RSS (MiB)")
    memory.set_ylabel("Python process RSS (MiB)")
    memory.set_xlabel("minutes")
    blocks = memory.twinx()
    blocks.plot(minutes, [w["active_blocks"] or 0 for w in windows], color="tab:green")
    blocks.set_ylabel("active blocks", color="tab:green")
    memory.grid(alpha=0.3)
    figure.suptitle(f"Soak: {report['minutes']:.0f} min of mixed operations")
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return path


def table(report: dict[str, Any]) -> str:
    windows = report["windows"]
    first, last = windows[0], windows[-1]
    lines = [
        f"{report['minutes']:.0f} minutes, {report['operations']:,} operations "
        f"({len(report['refusals'])} refused with an ElfgraphError, e.g. a connect to a block "
        f"whose edges are all protected), clock {report['clock_speed']:.0f}× the wall clock.",
        "",
        "| | first window | last window |",
        "|---|---:|---:|",
        f"| Python RSS (MiB) | {first['rss_mib']} | {last['rss_mib']} |",
        f"| active blocks | {first['active_blocks']} | {last['active_blocks']} |",
    ]
    for name in ("recall", "frame", "learn", "outcome", "dream"):
        if name in first["ops"] and name in last["ops"]:
            a, b = first["ops"][name], last["ops"][name]
            lines.append(
                f"| {name} p50 / p95 (ms) | {a['p50_ms']} / {a['p95_ms']} | "
                f"{b['p50_ms']} / {b['p95_ms']} |"
            )
    return "\n".join(lines)


def render(report: dict[str, Any], images: Path) -> str:
    image = plot(report, images / "soak.png")
    link = f"![soak: latency and memory per window]({images.name}/{image.name})"
    return "\n".join([header(report), "", table(report), "", link])


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks soak", description=__doc__)
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--out", type=Path, help="write only this file (not the kept result)")
    parser.add_argument("--no-doc", action="store_true", help="leave docs/BENCHMARKS.md alone")
    args = parser.parse_args(argv)
    report = anyio.run(soak, args.minutes)
    print(f"{report['operations']} operations, {len(report['refusals'])} refused")
    publish("soak", report, argv, out=args.out, doc=not args.no_doc)
