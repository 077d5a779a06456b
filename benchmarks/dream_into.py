"""Dream a large inbox into a space that already holds active blocks (issue 18: dream).

    ELFGRAPH_NEO4J_HOME=/tmp/bench python -m benchmarks.dream_into
        [--space 20k] [--inbox 2k 10k] [--embedder mock local] [--repeats 2]
        [--settled] [--label NAME] [--out …/dream_into.json]

Each run builds a fresh space of `--space` distinct synthetic facts (learn_many, then one
dream: not timed), learns `--inbox` more and times the dream of them: what an agent that
dreams rarely, or an import, meets. The dream runs right after the build, while the server
still merges the fresh vector index's segments, or with `--settled` once it is idle. Every
inbox block's nearest active blocks are either looked up in the shared vector index one
query per block, or, once the inbox is a 40th of the space, compared in memory with the
space read once (docs/BEHAVIOUR.md §4.1). The space is dropped after each run, and the
local server left to settle before the next (benchmarks/curate.py `settle`). Compare code
versions by alternating them on one server (a `git worktree` with PYTHONPATH), never
across servers.
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
from benchmarks.machine import describe, machine_line
from benchmarks.scale import size_arg
from benchmarks.write_path import RESULTS, embedder
from elfgraph.memory import MemorySystem
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database

LEARN_BATCH = 5_000


async def one_run(
    database: Database, space_size: int, inbox: int, name: str, *, settled: int | None = None
) -> dict[str, Any]:
    """Build a space of `space_size` active blocks, then time the dream of `inbox` more;
    with `settled` (the local server's pid) only once the server has settled after the
    build (Lucene merges a fresh vector index's segments in the background)."""
    texts = facts(space_size + inbox, duplicate_share=0.0, unique=True)
    space = f"bench-into-{uuid.uuid4().hex[:8]}"
    memory = await MemorySystem.open(space, database=database, embedding_service=embedder(name))
    try:
        for start in range(0, space_size, LEARN_BATCH):
            await memory.learn_many(texts[start : min(start + LEARN_BATCH, space_size)])
        await memory.dream()
        if settled is not None:
            await settle(settled)
        for start in range(space_size, space_size + inbox, LEARN_BATCH):
            await memory.learn_many(texts[start : min(start + LEARN_BATCH, space_size + inbox)])
        started, cpu_started = time.perf_counter(), time.process_time()
        result = await memory.dream()
        seconds = time.perf_counter() - started
        assert result is not None  # dream returns None only with nothing to do
        return {
            "dream_seconds": seconds,
            "blocks_per_s": inbox / seconds,
            "process_cpu_s": time.process_time() - cpu_started,
            "promoted": result.promoted,
            "edges_created": result.edges_created,
        }
    finally:
        await memory.close()
        await drop_space(database, space)


async def run(
    space_size: int, inboxes: list[int], names: list[str], repeats: int, settled: bool
) -> dict[str, Any]:
    database = await open_database()
    try:
        report: dict[str, Any] = {"machine": await describe(database), "results": []}
        pid = local_server_pid(database)
        for name in names:
            await one_run(database, 1_000, 200, name)  # warm-up: plans, model: not reported
            for inbox in inboxes:
                runs = []
                for _ in range(repeats):
                    await settle(pid)
                    runs.append(
                        await one_run(
                            database, space_size, inbox, name, settled=pid if settled else None
                        )
                    )
                rates = [r["blocks_per_s"] for r in runs]
                report["results"].append(
                    {
                        "embedder": name,
                        "space": space_size,
                        "inbox": inbox,
                        "settled_before_dream": settled,
                        "blocks_per_s_median": statistics.median(rates),
                        "runs": runs,
                    }
                )
                print(
                    f"{name:5} space {space_size:,} + inbox {inbox:,}: dream "
                    f"{statistics.median(rates):,.0f} blocks/s "
                    f"(runs {', '.join(f'{r:,.0f}' for r in rates)})",
                    flush=True,
                )
        return report
    finally:
        await database.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.dream_into", description=__doc__)
    parser.add_argument("--space", type=size_arg, default=20_000)
    parser.add_argument("--inbox", type=size_arg, nargs="+", default=[2_000, 10_000])
    parser.add_argument("--embedder", nargs="+", default=["mock", "local"])
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument(
        "--settled",
        action="store_true",
        help="time the dream only once the server has settled after the build",
    )
    parser.add_argument("--label", default="")
    parser.add_argument("--out", type=Path, default=RESULTS / "dream_into.json")
    args = parser.parse_args(argv)
    report = anyio.run(run, args.space, args.inbox, args.embedder, args.repeats, args.settled)
    report["label"] = args.label
    print(machine_line(report["machine"]))
    args.out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
