"""Curate's archive-planning read with and without the kept weighted degree, on one space.

    python -m benchmarks.curate_reads --blocks 100000 --edges-per-block 5 --repeats 5

Builds one space straight in the graph (blocks without embeddings: the planning reads do
not touch them; edges as benchmarks/curate.py makes them, kept degrees set), then times,
alternating, the archive plan's read as it was before the degree was kept (every active
block's edges summed) and as it is (cypher/curation/archive_plan_inputs.cypher), and the
same for the reinforcement's degree pass, and checks that both give the same degrees.
Read-only after the build, so every variant sees the same graph; the space is dropped.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio

from benchmarks.curate import NOW, edge_rows, raw_rows, write_edges
from benchmarks.machine import describe, machine_line
from benchmarks.write_path import RESULTS, percentile
from elfgraph.core.scoring import EDGE_REINFORCEMENT_BONUS
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import drop_space, open_space
from elfgraph.store.cypher import catalog
from elfgraph.store.database import Database

OLD_BLOCKS = """
MATCH (b:Block)
WHERE b.space = $space AND b.status = 'active'
WITH b,
     exp(-coalesce(b.decay_lambda, 0.01)
         * CASE WHEN $now > b.last_reinforced_at THEN $now - b.last_reinforced_at ELSE 0.0 END)
       < $threshold AS decayed,
     [(b)-[r]-(:Block) | coalesce(r.weight, 0.0)
                         + $bonus * log(1 + coalesce(r.reinforcement_count, 0))] AS strengths
RETURN collect([b.id, decayed, reduce(total = 0.0, s IN strengths | total + s)]) AS blocks
"""
NEW_BLOCKS = """
MATCH (b:Block)
WHERE b.space = $space AND b.status = 'active'
WITH b,
     exp(-coalesce(b.decay_lambda, 0.01)
         * CASE WHEN $now > b.last_reinforced_at THEN $now - b.last_reinforced_at ELSE 0.0 END)
       < $threshold AS decayed
RETURN collect([b.id, decayed, coalesce(b.weighted_degree, 0.0)]) AS blocks
"""
CREATE_BLOCKS = """
UNWIND $rows AS row
CREATE (:Block {space: $space, id: row.id, status: 'active', decay_lambda: 0.01,
                last_reinforced_at: row.at, reinforcement_count: row.count,
                archive_due_hours: row.at + log(20.0) / 0.01 - 0.001})
"""


async def build(database: Database, space: str, blocks: int, per_block: float) -> int:
    rng = random.Random(blocks)
    await open_space(database, space)
    for start in range(0, blocks, 10_000):
        rows = [
            {
                "id": f"{i:016x}",
                "at": 0.0 if i % 10 == 0 else rng.uniform(150.0, NOW),
                "count": rng.randint(1, 20),
            }
            for i in range(start, min(blocks, start + 10_000))
        ]
        await database.write(raw_rows, CREATE_BLOCKS, {"space": space, "rows": rows})
    edges = edge_rows(blocks, rng, per_block)
    await write_edges(database, space, edges, blocks)
    return len(edges)


async def timed(database: Database, query: str, params: dict[str, Any]) -> tuple[float, Any]:
    started = time.perf_counter()
    rows = await database.read(raw_rows, query, params)
    return time.perf_counter() - started, rows


async def main(blocks: int, per_block: float, repeats: int) -> dict[str, Any]:
    database = await open_database()
    space = f"bench-curate-reads-{uuid.uuid4().hex[:8]}"
    params = {"space": space, "now": NOW, "threshold": 0.05, "bonus": EDGE_REINFORCEMENT_BONUS}
    variants = {
        "blocks pass, edges summed (before)": OLD_BLOCKS,
        "blocks pass, kept degree (after)": NEW_BLOCKS,
        "archive_plan_inputs (after, with the decayed blocks' edges)": catalog()[
            "archive_plan_inputs"
        ].text,
    }
    try:
        edges = await build(database, space, blocks, per_block)
        seconds: dict[str, list[float]] = {name: [] for name in variants}
        answers: dict[str, Any] = {}
        for name, query in variants.items():  # warm-up: plans compiled, pages cached
            answers[name] = (await timed(database, query, params))[1]
        for _ in range(repeats):
            for name, query in variants.items():
                seconds[name].append((await timed(database, query, params))[0])
        before, after = (answers[n][0]["blocks"] for n in list(variants)[:2])
        assert len(before) == len(after) == blocks
        worst = max(abs(float(a[2]) - float(b[2])) for a, b in zip(before, after, strict=True))
        assert worst < 1e-9, worst
        return {
            "machine": await describe(database),
            "blocks": blocks,
            "edges": edges,
            "repeats": repeats,
            "largest_degree_difference": worst,
            "seconds": {
                name: {
                    "median": statistics.median(values),
                    "p95": percentile(values, 0.95),
                    "runs": values,
                }
                for name, values in seconds.items()
            },
        }
    finally:
        await drop_space(database, space)
        await database.close()


def markdown(report: dict[str, Any]) -> str:
    lines = [
        f"{machine_line(report['machine'])}; {report['blocks']:,} blocks, "
        f"{report['edges']:,} edges, {report['repeats']} runs each, alternating.",
        "",
        "| read | median s | p95 s |",
        "|---|---:|---:|",
    ]
    for name, s in report["seconds"].items():
        lines.append(f"| {name} | {s['median']:.3f} | {s['p95']:.3f} |")
    return "\n".join(lines)


def command_line(
    description: str,
    main: Callable[[int, float, int], Awaitable[dict[str, Any]]],
    markdown: Callable[[dict[str, Any]], str],
    out: str,
) -> None:
    """The command line of the one-space read benchmarks (this one, curate_edge_plan):
    build, time, write the raw results to benchmarks/results/`out`, print the table."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--blocks", type=int, default=100_000)
    parser.add_argument("--edges-per-block", type=float, default=5.0)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--out", type=Path, default=RESULTS / out)
    args = parser.parse_args()
    report = anyio.run(main, args.blocks, args.edges_per_block, args.repeats)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2), encoding="utf-8")
    print(markdown(report))


if __name__ == "__main__":
    command_line(__doc__.splitlines()[0], main, markdown, "curate_reads.json")
