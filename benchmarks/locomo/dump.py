"""Dump what every LoCoMo recall ranked, for offline grids (benchmarks/locomo/rerank.py).

    python -m benchmarks.locomo.dump --out /tmp/locomo-dump.pkl [--conversations conv-26]
        [--seeds-per-leg 8] [--set FIELD=VALUE]

Each conversation is ingested as `python -m benchmarks.locomo` does (the defaults, the
local embedder), then every question is recalled once at top_k 10, and what the ranking
received is kept: the candidates of the one round trip (both legs' seeds in order with their
scores, the expanded blocks, each candidate's content, sketch and edges), the query's
vector, and which turns each block answers for. With `--seeds-per-leg` above 4 each leg
brings more seeds than recall does, so the re-ranking can try a larger pool and, cut back to
4·top_k, reproduces recall. The space's active blocks (id, content, vector) are kept too,
for features that look beyond the candidates. The spaces are dropped afterwards. The pickle
holds Python objects of this commit: read it with the same code.
"""

from __future__ import annotations

import argparse
import pickle
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import numpy as np

import elfgraph.retrieval.retrieve as retrieve_module
from benchmarks.locomo.__main__ import DEFAULT_DATA
from benchmarks.locomo.data import Conversation, Question, load
from benchmarks.locomo.evaluate import ingest, resolve_superseded
from benchmarks.locomo.run import make_embedder
from elfgraph.config.loading import ElfgraphConfig
from elfgraph.config.memory import MemoryConfig
from elfgraph.core.scoring import Weights
from elfgraph.core.text import normalised_text
from elfgraph.embedding.base import EmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.retrieval.candidates import Candidates
from elfgraph.retrieval.ranking import Ranked, Relevance
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction

TOP_K = 10


@dataclass
class Recorded:
    """One question's recall as the ranking saw it."""

    question: Question
    found: Candidates
    weights: Weights
    how: Relevance
    vector: np.ndarray
    returned: list[str]  # the ids recall returned, in order


@dataclass
class Dumped:
    conversation: str
    turns_of: dict[str, set[str]]
    blocks: dict[str, str]  # every active block's content
    properties: dict[str, dict[str, Any]]  # every active block as a candidate row holds it
    vectors: dict[str, np.ndarray]  # every active block's unit vector
    seeds_per_leg: int
    space: str = ""  # kept in the database with --keep, else dropped
    recorded: list[Recorded] = field(default_factory=list)


# The projection of cypher/retrieval/candidates.cypher's candidates, with every edge (a
# re-ranking expands from them; a candidate row holds only those among the candidates).
ACTIVE = """
MATCH (n:Block {space: $space, status: 'active'})
RETURN n {.id, .content, .tags, .confidence, .reinforcement_count, .decay_lambda,
          .last_reinforced_at, .status, .sketch, .session_id, .weighted_degree,
          edges: [(n)-[r]-(m:Block) | [r.weight, r.reinforcement_count, m.id, r.relation]]}
       AS block
"""


async def _active(tx: Transaction, space: str) -> dict[str, dict[str, Any]]:
    result = await tx.driver_tx.run(ACTIVE, {"space": space})
    return {str(r["block"]["id"]): dict(r["block"]) async for r in result}


class _Recorder:
    """Stands in for retrieve.rank_candidates: keeps its arguments, then ranks."""

    def __init__(self) -> None:
        self.original = retrieve_module.rank_candidates  # type: ignore[attr-defined]
        self.last: tuple[Candidates, Weights, Relevance] | None = None

    def __call__(
        self,
        found: Candidates,
        weights: Weights,
        *,
        top_k: int,
        has_query: bool,
        how: Relevance | None = None,
    ) -> Ranked:
        self.last = (found, weights, how or Relevance())
        return self.original(found, weights, top_k=top_k, has_query=has_query, how=how)


async def dump_one(
    database: Database,
    embedder: EmbeddingService,
    conversation: Conversation,
    memory_fields: dict[str, Any],
    seeds_per_leg: int,
    keep: bool = False,
) -> Dumped:
    space = f"locomo-dump-{uuid.uuid4().hex[:8]}"
    config = ElfgraphConfig(memory=MemoryConfig(**memory_fields))
    recorder = _Recorder()
    try:
        memory = await MemorySystem.open(
            space, database=database, embedding_service=embedder, config=config
        )
        ingested = await ingest(memory, conversation)
        turns_of = await resolve_superseded(database, space, ingested.turns_of)
        properties = await database.read(_active, space)
        contents = {i: str(p.get("content") or "") for i, p in properties.items()}
        dumped = Dumped(
            conversation.sample_id, turns_of, contents, properties, {}, seeds_per_leg, space
        )
        retrieve_module.rank_candidates = recorder  # type: ignore[attr-defined]
        retrieve_module.SEEDS_PER_LEG = seeds_per_leg
        for question in conversation.questions:
            blocks = await memory.recall(question.text, top_k=TOP_K)
            assert recorder.last is not None
            found, weights, how = recorder.last
            vector = await embedder.embed(normalised_text(question.text))
            dumped.recorded.append(
                Recorded(question, found, weights, how, vector, [b.id for b in blocks])
            )
        cache = memory._retriever.vectors
        for block_id, at in cache._rows.items():
            if block_id in contents:
                dumped.vectors[block_id] = cache._matrix[at].copy()
        await memory.close()
        return dumped
    finally:
        retrieve_module.rank_candidates = recorder.original  # type: ignore[attr-defined]
        retrieve_module.SEEDS_PER_LEG = 4
        if not keep:
            await drop_space(database, space)


async def dump(args: argparse.Namespace) -> list[Dumped]:
    conversations = load(args.data)
    if args.conversations:
        conversations = [c for c in conversations if c.sample_id in args.conversations]
    embedder = make_embedder("local")
    fields = dict(_setting(s) for s in args.set)
    database = await open_database()
    try:
        result = []
        for conversation in conversations:
            dumped = await dump_one(
                database, embedder, conversation, fields, args.seeds_per_leg, args.keep
            )
            print(f"{conversation.sample_id}: {len(dumped.recorded)} questions", flush=True)
            result.append(dumped)
        return result
    finally:
        await database.close()


class _Unpickler(pickle.Unpickler):
    """Reads a dump written by `python -m benchmarks.locomo.dump` (its classes then lived
    in __main__)."""

    def find_class(self, module: str, name: str) -> Any:
        if module == "__main__":
            module = __name__
        if (module, name) == ("elfgraph.retrieval.ranking", "Candidates"):
            module = "elfgraph.retrieval.candidates"  # where it lived before
        return super().find_class(module, name)


def load_dumps(path: Path) -> list[Dumped]:
    with path.open("rb") as file:
        loaded: list[Dumped] = _Unpickler(file).load()
    return loaded


def _setting(text: str) -> tuple[str, Any]:
    name, _, value = text.partition("=")
    for kind in (int, float):
        try:
            return name, kind(value)
        except ValueError:
            pass
    return name, {"true": True, "false": False}.get(value.lower(), value)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.locomo.dump", description=__doc__)
    p.add_argument("--data", type=Path, default=DEFAULT_DATA)
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--conversations", nargs="*", default=[])
    p.add_argument("--seeds-per-leg", type=int, default=4)
    p.add_argument("--keep", action="store_true", help="keep the spaces (drop them yourself)")
    p.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE")
    args = p.parse_args(argv)
    result = anyio.run(dump, args)
    args.out.write_bytes(pickle.dumps(result))
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
