"""One agent process of the concurrent-dreams test: learn texts drawn from a small shared
pool (so every text is learned again and again, by every process) in a session and dream
after each batch, all at once with the other processes.

    python -m tests.support.dream_worker SPACE SEED ROUNDS START

waits until the wall-clock time START (epoch seconds, so that the processes begin
together), then prints the ids it learned as JSON. Settings come from NEO4J_* variables.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time

from elfgraph import MemorySystem, MockEmbeddingService

POOL = [
    f"shared note {i}: the {kind} runs on port {8000 + i}"
    for i, kind in enumerate(["api", "queue", "cache", "worker", "cron", "proxy"] * 4)
]
# Pairs of the pool pinned as near-duplicates (cosine at or above the archive threshold
# near_dup_near_threshold 0.90, below the exact one 0.95): at most one of each pair may
# stay active, whichever dream saw the other first.
NEAR = {(POOL[i], POOL[i + 1]): 0.92 for i in range(0, 8, 2)}
BATCH = 4


def embedder() -> MockEmbeddingService:
    return MockEmbeddingService(similarities=NEAR, record=False)


async def _main(space: str, seed: int, rounds: int, start: float) -> None:
    rng = random.Random(seed)
    learned: list[str] = []
    async with MemorySystem.managed(space, embedding_service=embedder()) as memory:
        await asyncio.sleep(max(0.0, start - time.time()))
        for _ in range(rounds):
            # In a session, as an agent learns: a block is found by a vector that leans on
            # the block learned before it, while its duplicates are judged by its own.
            async with memory.session():
                results = await memory.learn_many(rng.sample(POOL, BATCH))
                learned += [result.block_id for result in results]
                await memory.consolidate(skip_llm=True)
    print(json.dumps(learned))


if __name__ == "__main__":
    space_name, seed_text, rounds_text, start_text = sys.argv[1:]
    asyncio.run(_main(space_name, int(seed_text), int(rounds_text), float(start_text)))
