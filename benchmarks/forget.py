"""Forgetting 1,000 blocks of a big space, and recall right before and after (issue 61).

    python -m benchmarks forget [--size 100000] [--forget 1000] [--recalls 100] [--check]

Builds a space of `--size` active blocks straight in the graph (benchmarks/curate.py's rows:
384-dimension embeddings and sketches, ~2.5 edges a block, kept degrees and counts), gives
some of the blocks to forget what forget must clean up besides them (a tenth of them
archived as near-duplicates absorbed into a block that stays; outcome records naming
others), waits for the server to settle, and opens two MemorySystems on it, each with its
recall caches loaded (at 100k blocks: sketches and words). Then: `--recalls` recalls timed
in the first, one `forget` of `--forget` blocks chosen at random (whole ids, one call), the
same recalls timed again right after, and the first three recalls of the second
MemorySystem, whose caches learn of the forget from its tombstones (it checks every block it
holds: the first is served by the database, the second pays the check). With `--check`, the
kept degrees, due times and edge count are compared with a recount afterwards. Results:
benchmarks/results/forget.json (median and p95 of each recall series, the forget's time and
counts) and its section of docs/BENCHMARKS.md (`--out` writes only that file).
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import time
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio

from benchmarks.curate import _write, build, local_server_pid, raw_rows, settle
from benchmarks.figures import percentile
from benchmarks.machine import describe, machine_line
from benchmarks.publish import header, publish
from benchmarks.read_path import questions
from elfgraph.config.connection import Settings
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database

WARM_UP = 10  # recalls before each timed series, not timed

# Near-duplicates dream archived into a block that stays, as archive_blocks.cypher leaves
# them: no edges, no vector, their text in the survivor's absorbed list and summary.
ABSORBED = """
UNWIND $rows AS row
MATCH (s:Block {space: $space, id: row.by})
CREATE (d:Block {space: $space, id: row.id, status: 'archived', archive_reason: 'superseded',
                 superseded_by: s.id, content: s.content + ' (said again)',
                 archived_at: '2026-01-01T00:00:00+00:00', weighted_degree: 0.0,
                 edge_due_hours: 1.0e18, tags: [], category: 'knowledge'})
SET s.absorbed = coalesce(s.absorbed, []) + d.content, s.summary = s.summary + '\\n' + d.content
"""
DRIFT = """
MATCH (x:Block {space: $space})
WITH x, reduce(total = 0.0, strength IN COLLECT { MATCH (x)-[e]-(:Block)
  RETURN coalesce(e.weight, 0.0) + 0.1 * log(1 + coalesce(e.reinforcement_count, 0))
  AS strength ORDER BY strength } | total + strength) AS degree
WHERE abs(coalesce(x.weighted_degree, 0.0) - degree) > 1e-9
RETURN count(x) AS drift
"""
EDGE_DRIFT = """
MATCH (s:Space {name: $space})
RETURN s.edge_count - COUNT { MATCH (a:Block)-[]->(:Block)
                              WHERE a.space = $space AND a.status = 'active' } AS drift
"""


def stats(latencies: list[float]) -> dict[str, float]:
    return {
        "p50_ms": round(statistics.median(latencies), 2),
        "p95_ms": round(percentile(latencies, 0.95), 2),
        "max_ms": round(max(latencies), 2),
    }


async def timed(calls: list[Callable[[], Awaitable[object]]]) -> list[float]:
    latencies = []
    for call in calls:
        started = time.perf_counter()
        await call()
        latencies.append(1000 * (time.perf_counter() - started))
    return latencies


async def recalls(memory: MemorySystem, queries: list[str]) -> list[float]:
    for query in queries[:WARM_UP]:
        await memory.recall(query)
    return await timed([functools.partial(memory.recall, q) for q in queries[WARM_UP:]])


async def prepare(database: Database, space: str, survivors: list[str]) -> list[str]:
    """A near-duplicate absorbed into each of `survivors` (which stay: they give the texts
    back when the near-duplicates are forgotten); their ids."""
    rows = [{"id": f"dup{n:013x}", "by": block} for n, block in enumerate(survivors)]
    await database.write(_write, ABSORBED, {"space": space, "rows": rows})
    return [row["id"] for row in rows]


async def one_round(
    memory: MemorySystem, other: MemorySystem, doomed: list[str], queries: list[str], seed: int
) -> dict[str, Any]:
    """One forget, timed, then the recalls right after in both MemorySystems."""
    forget_started = time.perf_counter()
    result = await memory.forget(doomed, reason="benchmark")
    forget_s = time.perf_counter() - forget_started
    first = await timed([functools.partial(memory.recall, queries[WARM_UP])])
    after = await timed([functools.partial(memory.recall, q) for q in queries[WARM_UP + 1 :]])
    elsewhere = await timed([functools.partial(other.recall, q) for q in questions(3, seed)])
    return {
        "forget_s": round(forget_s, 3),
        "result": result.model_dump(exclude={"blocks", "block_ids"}),
        "first_recall_after_ms": round(first[0], 2),
        "recall_after": stats(first + after),
        "other_process_first_recalls_ms": [round(x, 2) for x in elsewhere],
    }


async def run(
    size: int,
    count: int,
    recall_count: int,
    rounds: int,
    check: bool,
    wait: float,
    settings: Settings | None = None,
) -> dict[str, Any]:
    database = await open_database(settings)
    space = f"bench-forget-{uuid.uuid4().hex[:8]}"
    rng = random.Random(61)
    try:
        started = time.perf_counter()
        await build(database, space, size)
        ids = [f"{i:016x}" for i in range(size)]
        chosen = rng.sample(ids, rounds * count)
        keep = rng.sample(sorted(set(ids) - set(chosen)), rounds * count)
        near = count // 10  # of each round's blocks: near-duplicates absorbed into one that stays
        named = [chosen[r * count : (r + 1) * count - near] for r in range(rounds)]
        dups = await prepare(database, space, keep[: rounds * near])
        doomed = [named[r] + dups[r * near : (r + 1) * near] for r in range(rounds)]
        built_s = time.perf_counter() - started
        settled_s = await settle(local_server_pid(database), longest=wait)
        embedder = MockEmbeddingService(record=False)
        memory = await MemorySystem.open(space, database=database, embedding_service=embedder)
        other = await MemorySystem.open(space, database=database, embedding_service=embedder)
        await memory._retriever.loaded()
        await other._retriever.loaded()
        for round_named in named:  # outcome records naming some of each round's blocks
            for n in range(0, min(200, len(round_named)), 5):
                await memory.outcome([*round_named[n : n + 3], keep[-1 - n]], 0.8)
        queries = questions(WARM_UP + recall_count, seed=61)
        await recalls(other, queries[:WARM_UP])
        before = await recalls(memory, queries)
        cache = memory._retriever.vectors
        cache_kind, cached = cache.kind, len(cache)
        done = []
        for r in range(rounds):
            done.append(await one_round(memory, other, doomed[r], queries, 62 + r))
        drifts = None
        if check:
            degree = await database.read(raw_rows, DRIFT, {"space": space})
            edges = await database.read(raw_rows, EDGE_DRIFT, {"space": space})
            drifts = {"degree": degree[0]["drift"], "edge_count": edges[0]["drift"]}
        report = {
            "machine": await describe(database),
            "size": size,
            "forgotten_per_round": count,
            "built_s": round(built_s, 1),
            "settled_s": round(settled_s, 1),
            "cache": {"kind": cache_kind, "blocks": cached},
            "recall_before": stats(before),
            "rounds": done,
            "drift": drifts,
        }
        await other.close()
        await memory.close()
        return report
    finally:
        await drop_space(database, space)
        await database.close()


def table(report: dict[str, Any]) -> str:
    """Each round's forget and the recalls around it, with the recall before any forget."""
    before = report["recall_before"]
    lines = [
        f"{report['size']:,} active blocks ({report['cache']['kind']} cached), "
        f"{report['forgotten_per_round']:,} forgotten a round; recall before any forget "
        f"p50 {before['p50_ms']:.0f} ms, p95 {before['p95_ms']:.0f} ms.",
        "",
        "| round | forget | active / archived | edges removed | texts given back "
        "| recall right after p50 / p95 | first recall after "
        "| another process's first three recalls |",
        "|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for n, done in enumerate(report["rounds"], 1):
        result, after = done["result"], done["recall_after"]
        others = ", ".join(f"{ms:.0f}" for ms in done["other_process_first_recalls_ms"])
        lines.append(
            f"| {n} | {done['forget_s']:.2f} s | {result['active']:,} / {result['archived']:,} "
            f"| {result['edges_removed']:,} | {result['texts_given_back']:,} "
            f"| {after['p50_ms']:.0f} / {after['p95_ms']:.0f} ms "
            f"| {done['first_recall_after_ms']:.0f} ms | {others} ms |"
        )
    drift = report.get("drift")
    if drift is not None:
        lines += [
            "",
            f"Against a recount afterwards: {drift['degree']} blocks' kept degree and the edge "
            f"count by {drift['edge_count']} off.",
        ]
    return "\n".join(lines)


def render(report: dict[str, Any], images: Path) -> str:
    return "\n".join([header(report), "", table(report)])


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks forget", description=__doc__)
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--forget", type=int, default=1_000)
    parser.add_argument("--recalls", type=int, default=100)
    parser.add_argument(
        "--rounds", type=int, default=2, help="forgets one after the other (the first plans)"
    )
    parser.add_argument("--settle", type=float, default=120.0, help="longest wait, seconds")
    parser.add_argument("--check", action="store_true", help="recount degrees after")
    parser.add_argument("--out", type=Path, help="write only this file (not the kept result)")
    parser.add_argument("--no-doc", action="store_true", help="leave docs/BENCHMARKS.md alone")
    args = parser.parse_args(argv)
    report = anyio.run(
        run, args.size, args.forget, args.recalls, args.rounds, args.check, args.settle
    )
    print(machine_line(report["machine"]))
    print(table(report))
    publish("forget", report, argv, out=args.out, doc=not args.no_doc)
