"""The first recall after a dream, with the dream catching up its process's cache or not
(issue 18).

    python -m benchmarks.dream_catch_up --space SPACE [--blocks 5000] [--pairs 2]

On a kept space (`python -m benchmarks scale --sizes 100k --no-recall --keep-space`), each
run is a fresh process that opens the space, waits for its recall caches, recalls 20 times,
learns and dreams `--blocks` new facts (the space grows by them), then recalls 20 times and
30 more. Each pair runs once as elfgraph does now (the dream brings its own process's cache
up to date as its last step) and once as before (the dream only marks the cache behind, and
the next recall reads the new blocks), in turn. Results:
benchmarks/results/dream_catch_up.json.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import anyio

from benchmarks.children import child_result, run_module, save_runs
from benchmarks.corpus import facts
from benchmarks.read_path import questions
from benchmarks.scale import stats
from benchmarks.write_path import RESULTS
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.retrieval.retriever import Retriever

OUT = RESULTS / "dream_catch_up.json"
BEFORE_DREAM = 20  # recalls once the cache is loaded, before the dream
RIGHT_AFTER = 20  # recalls timed one by one right after the dream
LATER = 30  # recalls after those, for the settled p50
MODES = ("dream catches up", "next recall catches up")


async def _marks_behind(self: Retriever) -> None:
    """The behaviour before: the dream tells the cache it is behind, nothing more."""
    self.vectors.behind = True


async def one_run(space: str, blocks: int, mode: str, tag: str) -> dict[str, Any]:
    if mode == MODES[1]:
        Retriever.vectors_changed = _marks_behind  # type: ignore[method-assign]
    memory = await MemorySystem.open(space, embedding_service=MockEmbeddingService(record=False))
    await memory._retriever.loaded()
    queries = questions(BEFORE_DREAM + RIGHT_AFTER + LATER)
    for query in queries[:BEFORE_DREAM]:
        await memory.recall(query)
    texts = [
        f"{text} ({tag} {n})"
        for n, text in enumerate(facts(blocks, duplicate_share=0.0, unique=True))
    ]
    await memory.learn_many(texts)
    started = time.perf_counter()
    await memory.dream()
    dream_s = time.perf_counter() - started
    right_after: list[float] = []
    for query in queries[BEFORE_DREAM : BEFORE_DREAM + RIGHT_AFTER]:
        asked = time.perf_counter()
        await memory.recall(query)
        right_after.append(1000 * (time.perf_counter() - asked))
    later: list[float] = []
    for query in queries[BEFORE_DREAM + RIGHT_AFTER :]:
        asked = time.perf_counter()
        await memory.recall(query)
        later.append(1000 * (time.perf_counter() - asked))
    result = {
        "dream_s": dream_s,
        "cached_blocks": len(memory._retriever.vectors),
        "first_recall_ms": right_after[0],
        "next_max_ms": max(right_after[1:]),
        "right_after_ms": right_after,
        "later": stats(later),
    }
    await memory.close()
    return result


def child(argv: list[str]) -> None:
    space, blocks, mode, tag = argv[0], int(argv[1]), argv[2], argv[3]
    print(json.dumps(anyio.run(one_run, space, blocks, mode, tag)))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.dream_catch_up", description=__doc__
    )
    parser.add_argument("--space", required=True)
    parser.add_argument("--blocks", type=int, default=5_000)
    parser.add_argument("--pairs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    runs: list[dict[str, Any]] = []
    stamp = int(time.time())
    for pair in range(args.pairs):
        for mode in (MODES[1], MODES[0]):
            tag = f"catch-up {stamp} {pair} {MODES.index(mode)}"  # new facts every run
            measured = child_result(
                "benchmarks.dream_catch_up", args.space, str(args.blocks), mode, tag
            )
            run = {"pair": pair + 1, "mode": mode, **measured}
            runs.append(run)
            print(
                f"{mode:22s} dream {run['dream_s']:.1f} s into {run['cached_blocks']:,} blocks;"
                f" first recall {run['first_recall_ms']:.1f} ms, the next"
                f" {RIGHT_AFTER - 1} at most {run['next_max_ms']:.1f} ms;"
                f" later p50 {run['later']['p50_ms']:.1f} ms",
                flush=True,
            )
    save_runs(args.out, args.space, runs)


if __name__ == "__main__":
    run_module(main, child)
