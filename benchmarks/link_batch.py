"""Linking a batch: 2,000 mutually similar blocks, each asking for edges to its 10 nearest.

    python -m benchmarks.link_batch [--blocks 2000] [--per-block 10] [--repeats 3]

Each run builds a fresh space straight in the graph (active blocks, no edges), then times
one write transaction of elfgraph.edges.link.link with the rows a dream of those blocks
asks for (every block wants its 10 best neighbours, weights 0.3–0.9, so the degree cap of
5 makes most rows displace or skip), and drops the space. Prints the median seconds and
the edges created.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import uuid

import anyio

from benchmarks.machine import describe, machine_line
from elfgraph.config.memory import MemoryConfig
from elfgraph.edges.link import EdgeRow, edge_row, link
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import drop_space, open_space
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction

CREATE_BLOCKS = """
UNWIND $ids AS id
CREATE (:Block {space: $space, id: id, status: 'active', content: id})
"""


async def create_blocks(tx: Transaction, *, space: str, ids: list[str]) -> None:
    await tx.driver_tx.run(CREATE_BLOCKS, space=space, ids=ids)


def rows(ids: list[str], per_block: int, seed: int) -> list[EdgeRow]:
    rng = random.Random(seed)
    out = []
    for block in ids:
        for other in rng.sample(ids, per_block + 1):
            if other != block:
                out.append(edge_row(block, other, "similar", "similarity", rng.uniform(0.3, 0.9)))
    return out


async def one_run(database: Database, blocks: int, per_block: int, seed: int) -> tuple[float, int]:
    space = f"bench-link-{uuid.uuid4().hex[:8]}"
    await open_space(database, space)
    ids = [f"{i:016x}" for i in range(blocks)]
    try:
        await database.write(create_blocks, space=space, ids=ids)
        wanted = rows(ids, per_block, seed)
        started = time.perf_counter()
        created = await database.write(
            link,
            space=space,
            edges=wanted,
            cap=MemoryConfig().edges.edge_degree_cap,
            now_hours=1.0,
            created_at="2026-01-01T00:00:00+00:00",
        )
        return time.perf_counter() - started, len(created)
    finally:
        await drop_space(database, space)


async def main(blocks: int, per_block: int, repeats: int) -> None:
    database = await open_database()
    try:
        print(machine_line(await describe(database)))
        runs = [await one_run(database, blocks, per_block, seed) for seed in range(repeats)]
        seconds = [s for s, _ in runs]
        print(
            f"{blocks:,} blocks × {per_block} rows: link median {statistics.median(seconds):.2f} s "
            f"(runs {', '.join(f'{s:.2f}' for s in seconds)}), {runs[0][1]:,} edges created"
        )
    finally:
        await database.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--blocks", type=int, default=2000)
    parser.add_argument("--per-block", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    anyio.run(main, args.blocks, args.per_block, args.repeats)
