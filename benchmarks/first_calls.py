"""The first recalls of each shape after a MemorySystem opens on a server with no cached
plan (issue 18: one plan for every recall).

    python -m benchmarks.first_calls [--blocks 2000] [--rounds 3] [--out PATH]
    python -m benchmarks.first_calls --space S --keep-plans --rounds 1   # right after a restart

Neo4j caches a plan per query text and per size bucket of each string and list parameter
(elfgraph/store/plan_shapes.py). Opening a MemorySystem warms the retrieval query with one
recall of a usual shape; this benchmark asks what a recall of another shape costs after
that. One space of `--blocks` synthetic facts (mock embedder) is learned and dreamed. Each
round then empties the server's query caches (`CALL db.clearQueryCaches()`, which needs an
admin user: the local server's), opens a MemorySystem (timed: its warm-up plans), and asks
REQUESTS once each in that order, each timed; then once more, as warm calls. The server's
JVM is warm (the build ran on it), so a plan costs here what it costs on a server that has
run for a while; right after a restart it costs more. For that case, `--space` takes a kept
space (nothing is built or dropped) and `--keep-plans` leaves the caches as they are: run it
once on a server just restarted. Results: benchmarks/results/first_calls.json and a table
on stdout.
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import time
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio

from benchmarks.corpus import facts
from benchmarks.machine import describe, machine_line
from benchmarks.write_path import RESULTS
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import count_with_status, drop_space, find_space
from elfgraph.store.database import Database

OUT = RESULTS / "first_calls.json"
LONG_QUESTION = (
    "Which service handles payments, who owns the notifier service, and what did the team "
    "decide about the database migration and the cache during last week's incident review?"
)

Call = Callable[[MemorySystem], Awaitable[Any]]

# Shapes an agent meets early on: a question of a usual length (the warm-up's shape), one
# word, a long question, words the space lacks, question words alone, other top_k, frames.
REQUESTS: list[tuple[str, Call]] = [
    ("recall, a usual question", lambda m: m.recall("Who owns the billing service?")),
    ("recall, one word", lambda m: m.recall("payments")),
    ("recall, a long question", lambda m: m.recall(LONG_QUESTION)),
    ("recall, words the space lacks", lambda m: m.recall("zebra xylophone")),
    ("recall, question words alone", lambda m: m.recall("what was it?")),
    ("recall, top_k 1", lambda m: m.recall("Who owns the search service?", top_k=1)),
    ("recall, top_k 20", lambda m: m.recall("Who owns the search service?", top_k=20)),
    ("recall, top_k 50", lambda m: m.recall("Who owns the search service?", top_k=50)),
    ("recall, no query", lambda m: m.recall(None)),
    ("frame self, a question", lambda m: m.frame("self", "What do I value?")),
    ("frame task, one word", lambda m: m.frame("task", "deploy")),
]


def _ms(started: float) -> float:
    return 1000 * (time.perf_counter() - started)


async def clear_plans(database: Database) -> None:
    async with database._driver.session(database=database.name) as session:
        result = await session.run("CALL db.clearQueryCaches()")
        await result.consume()


async def one_round(database: Database, space: str, *, clear: bool = True) -> dict[str, Any]:
    if clear:
        await clear_plans(database)
    started = time.perf_counter()
    memory = await MemorySystem.open(
        space, database=database, embedding_service=MockEmbeddingService(record=False)
    )
    try:
        opened = _ms(started)
        await memory._retriever.loaded()  # the cache's own warm-up is part of opening
        ready = _ms(started)
        first: dict[str, float] = {}
        warm: dict[str, float] = {}
        for calls in (first, warm):
            for name, call in REQUESTS:
                started = time.perf_counter()
                await call(memory)
                calls[name] = _ms(started)
        return {"open_ms": opened, "ready_ms": ready, "first_ms": first, "warm_ms": warm}
    finally:
        await memory.close()


async def measure(
    blocks: int, rounds: int, *, kept: str | None = None, clear: bool = True
) -> dict[str, Any]:
    database = await open_database()
    space = kept or f"bench-first-{uuid.uuid4().hex[:8]}"
    try:
        machine = await describe(database)  # before anything plans: a query of its own
        if kept is not None:
            record = await find_space(database, kept)
            if record is None:
                raise SystemExit(f"no space named {kept!r} on this server")
            blocks = await count_with_status(database, kept, "active")
        else:
            builder = await MemorySystem.open(
                space, database=database, embedding_service=MockEmbeddingService()
            )
            await builder.learn_many(facts(blocks, duplicate_share=0.0, unique=True))
            await builder.dream()
            await builder.close()
        runs = [await one_round(database, space, clear=clear) for _ in range(rounds)]
        return {"machine": machine, "blocks": blocks, "kept_space": kept, "rounds": runs}
    finally:
        if kept is None:
            await drop_space(database, space)
        await database.close()


def markdown(report: dict[str, Any]) -> str:
    runs = report["rounds"]
    lines = [
        machine_line(report["machine"]),
        f"{report['blocks']} blocks, {len(runs)} rounds, "
        + (
            "each on a server with no cached plan"
            if report.get("cleared", True)
            else "on the server's plans as they were"
        ),
        "",
        "| call | first after open, ms (median / max) | warm, ms (median) |",
        "|---|---:|---:|",
    ]
    for name, _ in REQUESTS:
        first = [run["first_ms"][name] for run in runs]
        warm = [run["warm_ms"][name] for run in runs]
        lines.append(
            f"| {name} | {statistics.median(first):.0f} / {max(first):.0f} "
            f"| {statistics.median(warm):.0f} |"
        )
    opened = [run["open_ms"] for run in runs]
    ready = [run["ready_ms"] for run in runs]
    lines.append(
        f"| open (its warm-up) / cache ready | {statistics.median(opened):.0f} / "
        f"{statistics.median(ready):.0f} | |"
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.first_calls", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--blocks", type=int, default=2_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--space", help="a kept space: nothing built or dropped")
    parser.add_argument(
        "--keep-plans", action="store_true", help="do not clear the server's query caches"
    )
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    report = anyio.run(
        functools.partial(
            measure, args.blocks, args.rounds, kept=args.space, clear=not args.keep_plans
        )
    )
    report["cleared"] = not args.keep_plans
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n")
    print(markdown(report))


if __name__ == "__main__":
    main()
