"""Recall's caches loaded while a MemorySystem opens, or in the background (issue 18).

    python -m benchmarks.cache_load --space SPACE [--pairs 3] [--cap 250000] [--old-cap 100000]

On a kept space (`python -m benchmarks scale --sizes 100k --no-recall --keep-space`), each
pair opens the space once with background_load_blocks above its size (the cache loads
while it opens) and once with the default (a bigger space loads in the background), each
in a fresh process, in turn. Each run times the open, the recalls made while the cache
loads (one after another, as an agent that starts asking at once would), when the cache is
ready, then 400 recalls once it is, and the process's RSS. `--cap` sets sketch_cache_blocks
and keyword_cache_blocks; each pair also runs once with `--old-cap` (the caps before issue
18: a space past them recalls without sketches or keyword index; 0 leaves it out).
Results: benchmarks/results/cache_load.json.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import anyio

from benchmarks.children import child_result, run_module, save_runs
from benchmarks.read_path import questions
from benchmarks.scale import stats
from benchmarks.write_path import RESULTS
from elfgraph.config.loading import ElfgraphConfig
from elfgraph.config.memory import MemoryConfig, RetrievalConfig
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem

OUT = RESULTS / "cache_load.json"
WARM_UP = 60  # recalls once the cache is ready, before the timed ones
TIMED = 400
OPEN_WHOLE = 1_000_000  # background_load_blocks above any space measured: load while opening


def rss_mb() -> float:
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * 4096 / 2**20


async def one_run(space: str, cap: int, background_from: int | None) -> dict[str, Any]:
    settings: dict[str, Any] = {"sketch_cache_blocks": cap, "keyword_cache_blocks": cap}
    if background_from is not None:
        settings["background_load_blocks"] = background_from
    config = ElfgraphConfig(memory=MemoryConfig(retrieval=RetrievalConfig(**settings)))
    queries = questions(200)
    started = time.perf_counter()
    memory = await MemorySystem.open(
        space, config=config, embedding_service=MockEmbeddingService(record=False)
    )
    opened = time.perf_counter() - started
    retriever = memory._retriever
    during: list[float] = []
    while retriever.loading:
        asked = time.perf_counter()
        await memory.recall(queries[len(during) % len(queries)])
        during.append(1000 * (time.perf_counter() - asked))
    ready = time.perf_counter() - started
    for n in range(WARM_UP):
        await memory.recall(queries[n % len(queries)])
    after: list[float] = []
    for n in range(TIMED):
        asked = time.perf_counter()
        await memory.recall(queries[n % len(queries)])
        after.append(1000 * (time.perf_counter() - asked))
    cache = retriever.vectors
    result = {
        "open_s": opened,
        "ready_s": ready,
        "during_load": stats(during) if during else None,
        "recalls_during_load": len(during),
        "after": stats(after),
        "cache": {"kind": cache.kind, "blocks": len(cache), "usable": cache.usable},
        "rss_mb": rss_mb(),
    }
    await memory.close()
    return result


def child(argv: list[str]) -> None:
    space, cap, background = argv[0], int(argv[1]), argv[2]
    background_from = None if background == "default" else int(background)
    print(json.dumps(anyio.run(one_run, space, cap, background_from)))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.cache_load", description=__doc__)
    parser.add_argument("--space", required=True)
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--cap", type=int, default=250_000)
    parser.add_argument("--old-cap", type=int, default=100_000)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    modes: dict[str, tuple[int, int | None]] = {  # caps, background_load_blocks
        "while opening": (args.cap, OPEN_WHOLE),
        "in the background": (args.cap, None),
    }
    if args.old_cap:
        modes = {f"caps {args.old_cap:,}": (args.old_cap, OPEN_WHOLE), **modes}
    width = max(map(len, modes))
    runs: list[dict[str, Any]] = []
    for pair in range(args.pairs):
        for mode, (cap, background_from) in modes.items():
            flag = "default" if background_from is None else str(background_from)
            measured = child_result("benchmarks.cache_load", args.space, str(cap), flag)
            run = {"pair": pair + 1, "mode": mode, "cap": cap, **measured}
            runs.append(run)
            during = run["during_load"]
            print(
                f"{mode:{width}s} open {run['open_s']:.2f} s, ready {run['ready_s']:.1f} s, "
                f"{run['recalls_during_load']} recalls meanwhile"
                + (f" (p50 {during['p50_ms']:.1f} ms)" if during else "")
                + f", then p50 / p95 {run['after']['p50_ms']:.1f} / "
                f"{run['after']['p95_ms']:.1f} ms,"
                f" {run['cache']['kind']} of {run['cache']['blocks']:,} blocks,"
                f" RSS {run['rss_mb']:.0f} MB",
                flush=True,
            )
    save_runs(args.out, args.space, runs)


if __name__ == "__main__":
    run_module(main, child)
