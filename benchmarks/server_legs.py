"""Recall whose two legs ask the server: at once, or in the one candidates read (issue 18).

    python -m benchmarks.server_legs --space SPACE [--pairs 3] [--caps default|off]

On a kept space (`python -m benchmarks scale --sizes 1m --no-recall --keep-space`), each
pair runs the scale benchmark's 200 questions twice in a fresh process with the legs asked
at once (`concurrent_legs_blocks` 0) and once more with them asked in the one read, in turn
(the order alternates from pair to pair), and reports each run's recall p50 / p95 after a
warm-up. A space past the caches' capacities (the default 250,000) asks the server for both
legs; `--caps off` turns the caches off, so that a smaller space does too (what a process's
first recalls meet while its cache loads). Results: benchmarks/results/server_legs.json.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import anyio

from benchmarks.cache_load import rss_mb
from benchmarks.children import child_result, run_module, save_runs
from benchmarks.read_path import questions
from benchmarks.scale import QUERIES, stats
from benchmarks.write_path import RESULTS
from elfgraph.config.loading import ElfgraphConfig
from elfgraph.config.memory import MemoryConfig, RetrievalConfig
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.store.database import Database

OUT = RESULTS / "server_legs.json"
WARM_UP = 40  # recalls before the timed ones: the plans of both modes, the pool's connections
ROUNDS = 2  # times the questions are asked, timed
NEVER = 10**12  # concurrent_legs_blocks above any space
NO_CACHES = {"vector_cache_blocks": 0, "sketch_cache_blocks": 0, "keyword_cache_blocks": 0}


async def one_run(
    space: str, at_once: bool, caps: str, database: Database | None = None
) -> dict[str, Any]:
    """One mode's recalls of `space` (through `database`, else a connection of its own)."""
    settings: dict[str, Any] = {"concurrent_legs_blocks": 0 if at_once else NEVER}
    if caps == "off":
        settings |= NO_CACHES
    config = ElfgraphConfig(memory=MemoryConfig(retrieval=RetrievalConfig(**settings)))
    asked = questions(QUERIES)
    memory = await MemorySystem.open(
        space,
        config=config,
        embedding_service=MockEmbeddingService(record=False),
        database=database,
    )
    await memory._retriever.loaded()  # a space past the caps finds it out at once
    cache = memory._retriever.vectors
    if cache.usable or cache.keywords_usable:
        raise RuntimeError(f"{space} has a cache: pass --caps off, or use a bigger space")
    for n in range(WARM_UP):
        await memory.recall(asked[n % len(asked)])
    latencies: list[float] = []
    for _ in range(ROUNDS):
        for question in asked:
            started = time.perf_counter()
            await memory.recall(question)
            latencies.append(1000 * (time.perf_counter() - started))
    await memory.close()
    return {"recall": stats(latencies), "recalls": len(latencies), "rss_mb": rss_mb()}


def child(argv: list[str]) -> None:
    space, at_once, caps = argv[0], argv[1] == "at-once", argv[2]
    print(json.dumps(anyio.run(one_run, space, at_once, caps)))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.server_legs", description=__doc__)
    parser.add_argument("--space", required=True)
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--caps", choices=("default", "off"), default="default")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    runs: list[dict[str, Any]] = []
    for pair in range(args.pairs):
        modes = ["at-once", "one-read"] if pair % 2 == 0 else ["one-read", "at-once"]
        for mode in modes:
            measured = child_result("benchmarks.server_legs", args.space, mode, args.caps)
            run = {"pair": pair + 1, "mode": mode, "caps": args.caps, **measured}
            runs.append(run)
            recall = run["recall"]
            print(
                f"pair {pair + 1} {mode:8s} recall p50 / p95 {recall['p50_ms']:.1f} / "
                f"{recall['p95_ms']:.1f} ms ({run['recalls']} recalls), RSS {run['rss_mb']:.0f} MB",
                flush=True,
            )
    save_runs(args.out, args.space, runs)


if __name__ == "__main__":
    run_module(main, child)
