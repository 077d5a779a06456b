"""Churn for the concurrency stress test: connect, outcome and dream over shared blocks.

Run in the test's process (one task per MemorySystem) and as a second process:

    python -m tests.support.connect_worker SPACE SEED OPS ID [ID ...]

which prints its tally as JSON. Settings come from NEO4J_* variables.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from collections import Counter
from dataclasses import dataclass, field

from elfgraph import ConnectError, MemorySystem, MockEmbeddingService
from elfgraph.edges.rules import ordered

RELATIONS = ("similar", "supports", "elaborates", "depends_on")


@dataclass
class Tally:
    """What the worker saw succeed: reinforcements per pair, outcomes per block."""

    edge_reinforcements: Counter[str] = field(default_factory=Counter)
    block_outcomes: Counter[str] = field(default_factory=Counter)
    refused: int = 0  # DegreeLimitError: allowed, counted nowhere else
    dreams: int = 0

    def add(self, other: Tally) -> None:
        self.edge_reinforcements.update(other.edge_reinforcements)
        self.block_outcomes.update(other.block_outcomes)
        self.refused += other.refused
        self.dreams += other.dreams

    def to_json(self) -> str:
        return json.dumps(
            {
                "edge_reinforcements": self.edge_reinforcements,
                "block_outcomes": self.block_outcomes,
                "refused": self.refused,
                "dreams": self.dreams,
            }
        )

    @classmethod
    def from_json(cls, text: str) -> Tally:
        data = json.loads(text)
        return cls(
            Counter(data["edge_reinforcements"]),
            Counter(data["block_outcomes"]),
            data["refused"],
            data["dreams"],
        )


def pair_key(a: str, b: str) -> str:
    return "-".join(ordered(a, b))


async def churn(memory: MemorySystem, ids: list[str], seed: int, ops: int) -> Tally:
    rng = random.Random(seed)
    tally = Tally()
    for step in range(ops):
        a, b = rng.sample(ids, 2)
        roll = rng.random()
        if roll < 0.55:
            try:
                result = await memory.connect(a, b, rng.choice(RELATIONS))
            except ConnectError:
                tally.refused += 1
                continue
            if result.action == "reinforced":
                tally.edge_reinforcements[pair_key(a, b)] += 1
        elif roll < 0.9:
            outcome = await memory.outcome([a, b], 0.9)
            assert outcome.blocks_updated == 2
            tally.block_outcomes.update([a, b])
            if outcome.edges_reinforced:
                tally.edge_reinforcements[pair_key(a, b)] += outcome.edges_reinforced
        else:
            await memory.learn(f"worker {seed} note {step}: {rng.random()}")
            await memory.dream()
            tally.dreams += 1
    return tally


async def _main(space: str, seed: int, ops: int, ids: list[str]) -> None:
    async with MemorySystem.managed(space, embedding_service=MockEmbeddingService()) as memory:
        tally = await churn(memory, ids, seed, ops)
    print(tally.to_json())


if __name__ == "__main__":
    space_name, seed_text, ops_text, *block_ids = sys.argv[1:]
    asyncio.run(_main(space_name, int(seed_text), int(ops_text), block_ids))
