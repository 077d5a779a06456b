"""learn_many alone, on a warm and idle server (issue 18: learn_many ≥ 10,000 blocks/s at 100k).

    ELFGRAPH_NEO4J_HOME=/tmp/learn-neo python -m benchmarks.learn_rate
        [--blocks 100k] [--runs 3] [--label NAME] [--out …/learn_rate.json]

Each run learns `--blocks` distinct synthetic facts into a fresh space, in batches of 5,000
inside one session (as `benchmarks scale` does), then drops the space. One untimed run
first: a fresh server compiles its write path while it works (its first batches run at a
fifth of the later ones), which would otherwise decide the comparison. Before every run the
local server is left to settle (benchmarks/curate.py `settle`): dropping the last run's space
makes it clean the indexes in the background for a while, at a full core. Compare code
versions by alternating them on one server (a `git worktree` with PYTHONPATH), never across
servers.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
import uuid
from pathlib import Path
from typing import Any

import anyio

from benchmarks.corpus import facts
from benchmarks.curate import local_server_pid, settle
from benchmarks.machine import describe
from benchmarks.scale import size_arg
from benchmarks.write_path import RESULTS
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database

BATCH = 5_000


async def one_run(database: Database, texts: list[str]) -> dict[str, Any]:
    """Learn every text in one session of a new space; the space is dropped afterwards."""
    space = f"bench-learn-{uuid.uuid4().hex[:8]}"
    memory = await MemorySystem.open(
        space, database=database, embedding_service=MockEmbeddingService()
    )
    try:
        await memory.begin_session()
        rates: list[float] = []
        created = 0
        started, cpu_started = time.perf_counter(), time.process_time()
        for start in range(0, len(texts), BATCH):
            batch = texts[start : start + BATCH]
            began = time.perf_counter()
            results = await memory.learn_many(batch)
            rates.append(len(batch) / (time.perf_counter() - began))
            created += sum(r.status == "created" for r in results)
        seconds = time.perf_counter() - started
        return {
            "created": created,
            "blocks_per_s": len(texts) / seconds,
            "median_batch_blocks_per_s": statistics.median(rates),
            "batch_blocks_per_s": rates,
            "process_cpu_ms_per_block": (time.process_time() - cpu_started) / len(texts) * 1e3,
        }
    finally:
        await memory.close()
        await drop_space(database, space)


async def run(blocks: int, runs: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The machine, and each timed run after the warm-up."""
    texts = facts(blocks, duplicate_share=0.0, unique=True)
    database = await open_database()
    try:
        machine = await describe(database)
        pid = local_server_pid(database)
        await one_run(database, texts)  # the warm-up: not reported
        results = []
        for _ in range(runs):
            waited = await settle(pid)
            result = await one_run(database, texts) | {"settled_s": waited}
            print(
                f"{blocks:,} blocks: {result['blocks_per_s']:,.0f} blocks/s "
                f"(median batch {result['median_batch_blocks_per_s']:,.0f}; "
                f"waited {waited:.0f} s for the server to settle)",
                flush=True,
            )
            results.append(result)
        return machine, results
    finally:
        await database.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.learn_rate", description=__doc__)
    parser.add_argument("--blocks", type=size_arg, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--label", default="")
    parser.add_argument("--out", type=Path, default=RESULTS / "learn_rate.json")
    args = parser.parse_args(argv)
    machine, results = anyio.run(run, args.blocks, args.runs)
    report = {
        "machine": machine,
        "label": args.label,
        "blocks": args.blocks,
        "batch": BATCH,
        "runs": results,
    }
    args.out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
