"""Recall latency at LoCoMo size without the query's embedding (issue 17: p95 ≤ 20 ms at
top_k 10 on a quiet machine), with recall's vector and keyword cache, with the vector cache
alone and with neither.

    python -m benchmarks.locomo.latency [--conversations conv-26] [--rounds 2]

Each conversation is ingested with the local embedder into a space of its own, every
question is embedded once beforehand (a recall then asks an embedder that answers from
that table: no model runs while the clock does), the local server is left to finish its
background work on the new space (index merges, up to a minute), every question is recalled
once unmeasured under each configuration (a fresh server compiles its plans hot over the
first thousand or so reads), and then each is recalled at top_k 10 under every
configuration in turn, the order rotating, so the machine's load falls on all alike.
Results: benchmarks/results/locomo-latency.json.
"""

from __future__ import annotations

import argparse
import json
import time
import uuid
from pathlib import Path
from typing import Any

import anyio

from benchmarks.curate import local_server_pid, settle
from benchmarks.locomo.__main__ import DEFAULT_DATA
from benchmarks.locomo.data import load
from benchmarks.locomo.evaluate import ingest
from benchmarks.locomo.run import make_embedder
from benchmarks.machine import describe
from benchmarks.scale import stats
from benchmarks.write_path import RESULTS
from elfgraph.config.loading import ElfgraphConfig
from elfgraph.config.memory import MemoryConfig
from elfgraph.core.text import normalised_text
from elfgraph.embedding.base import EmbeddingService, Vector
from elfgraph.memory import MemorySystem
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import drop_space

CONFIGURATIONS: dict[str, dict[str, Any]] = {
    "default (vector and keyword cache)": {},
    "no keyword cache": {"keyword_cache": False},
    "no vector cache": {"vector_cache_blocks": 0, "sketch_cache_blocks": 0},
    # The ranking before issue 17's fifth part (one hop, no session lift, its weights).
    "before the fifth part": {
        "keyword_weight": 0.6,
        "activation_spread": 0.5,
        "spread_hops": 1,
        "speaker_weight": 0.2,
        "session_weight": 0.0,
    },
}
TOP_K = 10
SETTLE_MAX = 60.0  # seconds to wait at most for the server to go idle after ingesting


class Remembered:
    """The embedder's answers for known texts, looked up; anything else embedded (and
    counted: a measured recall should never get there)."""

    def __init__(self, inner: EmbeddingService, known: dict[str, Vector]) -> None:
        self._inner, self._known = inner, known
        self.missed = 0

    @property
    def model_name(self) -> str:
        return self._inner.model_name

    @property
    def dimensions(self) -> int:
        return self._inner.dimensions

    async def embed(self, text: str) -> Vector:
        found = self._known.get(text)
        if found is None:
            self.missed += 1
            return await self._inner.embed(text)
        return found

    async def embed_batch(self, texts: list[str]) -> list[Vector]:
        return [await self.embed(text) for text in texts]


async def run(data: Path, conversations: list[str], rounds: int) -> dict[str, Any]:
    database = await open_database()
    embedder = make_embedder("local")
    latencies: dict[str, list[float]] = {name: [] for name in CONFIGURATIONS}
    report: dict[str, Any] = {"machine": await describe(database), "top_k": TOP_K, "spaces": []}
    try:
        for conversation in load(data):
            if conversations and conversation.sample_id not in conversations:
                continue
            space = f"locomo-latency-{uuid.uuid4().hex[:8]}"
            try:
                writer = await MemorySystem.open(
                    space, database=database, embedding_service=embedder
                )
                ingested = await ingest(writer, conversation)
                await writer.close()
                texts = [q.text for q in conversation.questions]
                asked = [normalised_text(text) for text in texts]  # what recall embeds
                known = dict(zip(asked, await embedder.embed_batch(asked), strict=True))
                remembered = Remembered(embedder, known)
                memories = {
                    name: await MemorySystem.open(
                        space,
                        database=database,
                        embedding_service=remembered,
                        config=ElfgraphConfig(memory=MemoryConfig(**changes)),
                    )
                    for name, changes in CONFIGURATIONS.items()
                }
                names = list(memories)
                waited = await settle(local_server_pid(database), longest=SETTLE_MAX)
                for text in texts:  # warm-up: not measured
                    for name in names:
                        await memories[name].recall(text, top_k=TOP_K)
                for r in range(rounds):
                    for i, text in enumerate(texts):
                        turn = (i + r) % len(names)
                        for name in names[turn:] + names[:turn]:
                            started = time.perf_counter()
                            await memories[name].recall(text, top_k=TOP_K)
                            latencies[name].append(1000 * (time.perf_counter() - started))
                for memory in memories.values():
                    await memory.close()
                report["spaces"].append(
                    {
                        "conversation": conversation.sample_id,
                        "active_blocks": ingested.active,
                        "questions_embedded_while_timed": remembered.missed,
                        "settle_seconds": round(waited, 1),
                    }
                )
                print(f"{conversation.sample_id}: {ingested.active} blocks", flush=True)
            finally:
                await drop_space(database, space)
    finally:
        await database.close()
    report["recall"] = {name: stats(values) for name, values in latencies.items()}
    return report


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.locomo.latency", description=__doc__
    )
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--conversations", nargs="*", default=[])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--out", type=Path, default=RESULTS / "locomo-latency.json")
    args = parser.parse_args(argv)
    report = anyio.run(run, args.data, args.conversations, args.rounds)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    for name, figures in report["recall"].items():
        print(f"{name}: recall p50 {figures['p50_ms']:.1f} ms, p95 {figures['p95_ms']:.1f} ms")


if __name__ == "__main__":
    main()
