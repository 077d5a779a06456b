"""The second process of the marker test (tests/forgetting/test_forget_marker.py): it opens
the space (its vector and keyword caches loaded), caches the SELF frame, recalls the marker,
and prints what it saw as a JSON line; then it waits for a line on standard input (the ids
the test forgot) and recalls and frames again, printing what it saw and what its caches
still hold of those ids and words.

    python -m tests.support.recall_worker SPACE

Settings come from NEO4J_* variables.
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from elfgraph import MemorySystem
from elfgraph.core.analysis import terms
from tests.support.forget_setup import MARKER, embedder


async def seen(memory: MemorySystem) -> dict[str, Any]:
    """What this process's recalls and frames return now."""
    recalls = [
        [block.content for block in await memory.recall(query, top_k=10)]
        for query in (MARKER, MARKER, "staging root password", "deploy runbook wiki")
    ]
    self_frame = await memory.frame("self", top_k=10)
    attention = await memory.frame("attention", "staging root password", top_k=10)
    return {
        "recalls": recalls,
        "self_frame": self_frame.text,
        "self_cached": self_frame.cached,
        "attention_frame": attention.text,
    }


async def _main(space: str) -> None:
    async with MemorySystem.managed(space, embedding_service=embedder()) as memory:
        await memory._retriever.loaded()
        before = await seen(memory)
        before["cached_again"] = (await memory.frame("self", top_k=10)).cached
        print(json.dumps(before), flush=True)
        forgotten = json.loads(await asyncio.to_thread(sys.stdin.readline))
        after = await seen(memory)
        cache = memory._retriever.vectors
        held = set(cache.held_ids())
        after["cache_holds"] = sorted(held & set(forgotten))
        after["cache_words"] = cache.keywords.search(terms(MARKER), 10)[0]
        after["cache_current"] = cache.version is not None and not cache.behind
        print(json.dumps(after), flush=True)


if __name__ == "__main__":
    asyncio.run(_main(sys.argv[1]))
