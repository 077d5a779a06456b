"""One evaluation: every conversation, every configuration, the two baselines; one report
(benchmarks/locomo/ablation.py runs two, one per ingestion)."""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.locomo.crowd import crowd
from benchmarks.locomo.data import Conversation, LocomoDataError, load
from benchmarks.locomo.evaluate import (
    SECONDS_PER_TURN,
    Ingested,
    baselines,
    ingest,
    resolve_superseded,
    through_memory,
)
from benchmarks.locomo.metrics import KS, Scored, latency, summarise
from benchmarks.machine import describe
from elfgraph.config.loading import ElfgraphConfig
from elfgraph.config.memory import MemoryConfig
from elfgraph.embedding.base import EmbeddingService
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database

#: MemoryConfig changes of each ablation, over the configuration under test.
ABLATIONS: dict[str, dict[str, Any]] = {
    "full": {},
    "no-expansion": {"graph_expansion": False},
    "vector": {"retrieval_legs": "vector"},
    "keyword": {"retrieval_legs": "keyword"},
}
BASELINES = ("bm25", "cosine")


@dataclass(frozen=True)
class Options:
    data: Path
    ablations: Sequence[str] = tuple(ABLATIONS)
    baselines: bool = True
    conversations: Sequence[str] = ()  # sample ids; empty: all
    limit_questions: int | None = None  # per conversation, in file order
    ks: Sequence[int] = KS
    embedder: str = "local"
    warm_up: int = 200  # recalls before the first measured one (JIT, caches)
    memory: dict[str, Any] = field(default_factory=dict)  # MemoryConfig fields under test
    # An archived near-duplicate's turns count for its survivor (its id resolves to it).
    resolve_superseded: bool = True
    # More configurations to measure on the same ingested space, by name: MemoryConfig
    # changes over `memory` (for cross-validation, benchmarks/locomo/crossval.py).
    variants: dict[str, dict[str, Any]] = field(default_factory=dict)
    crowd: int = 0  # synthetic blocks of another space in the database (benchmarks/locomo/crowd.py)
    layout: str = "inline"  # how each turn is learned (data.LAYOUTS)
    given: Sequence[Conversation] = ()  # conversations made elsewhere, in place of `data`'s
    prefixes: bool = False  # R@1 and R@5 from the top_k=10 call (evaluate.through_memory)
    embedder_given: EmbeddingService | None = None  # in place of `embedder`'s model

    @property
    def configurations(self) -> dict[str, dict[str, Any]]:
        """Every measured configuration's MemoryConfig changes, by name."""
        return {a: ABLATIONS[a] for a in self.ablations} | self.variants


def select(conversations: list[Conversation], options: Options) -> list[Conversation]:
    if options.conversations:
        known = {c.sample_id for c in conversations}
        missing = [c for c in options.conversations if c not in known]
        if missing:
            raise LocomoDataError(
                f"{options.data} has no conversation {', '.join(missing)}.",
                recovery=f"Choose among {', '.join(sorted(known))}.",
            )
        conversations = [c for c in conversations if c.sample_id in options.conversations]
    if options.limit_questions is not None:
        conversations = [
            Conversation(
                c.sample_id,
                c.sessions,
                c.questions[: options.limit_questions],
                c.dropped_evidence,
                c.skipped_questions,
            )
            for c in conversations
        ]
    return conversations


def make_embedder(name: str) -> EmbeddingService:
    """ "mock", "local" (ELFGRAPH_EMBEDDER's model, MiniLM unless set), or a local model by
    its setting value ("minilm", "e5-small")."""
    if name == "mock":
        return MockEmbeddingService()
    from elfgraph.config.connection import load_settings
    from elfgraph.embedding.choice import local_embedder

    return local_embedder(load_settings().embedder if name == "local" else name)


def memory_config(options: Options, ablation: str) -> ElfgraphConfig:
    changes = ABLATIONS.get(ablation) or options.variants.get(ablation) or {}
    return ElfgraphConfig(memory=MemoryConfig(**(options.memory | changes)))


class Tally:
    """Per-question results of every method, gathered conversation by conversation."""

    def __init__(self, options: Options) -> None:
        names = [*options.configurations, *(BASELINES if options.baselines else ())]
        self.ks = options.ks
        self.scored: dict[str, list[Scored]] = {name: [] for name in names}
        self.latencies: dict[str, dict[int, list[float]]] = {a: {} for a in options.configurations}
        self.per_conversation: dict[str, dict[str, float]] = {name: {} for name in names}
        self.conversation_summaries: dict[str, dict[str, Any]] = {name: {} for name in names}
        self.ingested: list[dict[str, Any]] = []

    def add(self, name: str, conversation: str, rows: list[Scored]) -> None:
        self.scored[name] += rows
        summary = summarise(rows, self.ks)
        self.per_conversation[name][conversation] = summary["overall"].get("R@10", 0.0)
        self.conversation_summaries[name][conversation] = summary

    def methods(self, ks: Sequence[int]) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for name, rows in self.scored.items():
            found[name] = {
                "summary": summarise(rows, ks),
                "per_conversation_R@10": self.per_conversation[name],
                "per_conversation": self.conversation_summaries[name],
            }
            if name in self.latencies:
                found[name]["latency_by_top_k"] = {
                    str(k): latency(v) for k, v in self.latencies[name].items()
                }
        return found


async def run(options: Options, database: Database | None = None) -> dict[str, Any]:
    """Evaluate every selected conversation; `database` defaults to NEO4J_URI's."""
    conversations = select(list(options.given) or load(options.data), options)
    embedder = options.embedder_given or make_embedder(options.embedder)
    await embedder.embed("warm up")  # load the model before anything is timed
    tally = Tally(options)
    db = database or await open_database()
    try:
        machine = await describe(db)
        async with crowd(db, options.crowd):
            for index, conversation in enumerate(conversations):
                await one_conversation(db, embedder, conversation, options, tally, index == 0)
                print(progress(conversation, tally), flush=True)
    finally:
        if database is None:
            await db.close()
    return {
        "machine": machine,
        "data": {
            "file": options.data.name,
            "sha256": "generated"
            if options.given
            else hashlib.sha256(options.data.read_bytes()).hexdigest(),
            "conversations": [c.sample_id for c in conversations],
            "questions": sum(len(c.questions) for c in conversations),
            "evidence_ids_dropped": sum(c.dropped_evidence for c in conversations),
            "questions_without_evidence": sum(c.skipped_questions for c in conversations),
        },
        "settings": {
            "embedder": embedder.model_name,
            "ks": list(options.ks),
            "seconds_per_turn": SECONDS_PER_TURN,
            "warm_up_recalls": options.warm_up,
            "superseded_ids_resolve": options.resolve_superseded,
            "memory": options.memory,
            "ablations": options.configurations,
            "crowd_blocks": options.crowd,
            "layout": options.layout,
        },
        "ingest": tally.ingested,
        "methods": tally.methods(options.ks),
    }


async def one_conversation(
    database: Database,
    embedder: EmbeddingService,
    conversation: Conversation,
    options: Options,
    tally: Tally,
    warm_up: bool,
) -> None:
    """Ingest into a fresh space, recall under each ablation, drop the space; baselines."""
    space = f"locomo-{uuid.uuid4().hex[:8]}"
    questions = conversation.questions

    async def open_memory(config: ElfgraphConfig) -> MemorySystem:
        return await MemorySystem.open(
            space, database=database, embedding_service=embedder, config=config
        )

    try:
        writer = await open_memory(memory_config(options, "full"))
        ingested = await ingest(writer, conversation, options.layout)
        await writer.close()
        tally.ingested.append(_ingest_row(conversation, ingested))
        turns_of = ingested.turns_of
        if options.resolve_superseded:
            turns_of = await resolve_superseded(database, space, turns_of)
        for ablation in options.configurations:
            memory = await open_memory(memory_config(options, ablation))
            for i in range(options.warm_up if warm_up and questions else 0):
                await memory.recall(questions[i % len(questions)].text, top_k=10)
            prime = getattr(embedder, "prime", None)
            measured = await through_memory(
                memory, questions, turns_of, options.ks, prefixes=options.prefixes, prime=prime
            )
            await memory.close()
            tally.add(ablation, conversation.sample_id, measured.scored)
            for k, values in measured.latencies_ms.items():
                tally.latencies[ablation].setdefault(k, []).extend(values)
    finally:
        await drop_space(database, space)
    if options.baselines:
        found = await baselines(conversation, questions, embedder, options.ks)
        for name, rows in found.items():
            tally.add(name, conversation.sample_id, rows)


def _ingest_row(conversation: Conversation, ingested: Ingested) -> dict[str, Any]:
    return {
        "conversation": conversation.sample_id,
        "sessions": len(conversation.sessions),
        "turns": len(conversation.turns),
        "questions": len(conversation.questions),
        "active_blocks": ingested.active,
        "archived_blocks": ingested.archived,
        "edges": ingested.edges,
        "active_hours": round(ingested.active_hours, 3),
        "learn_s": ingested.learn_seconds,
        "dream_s": ingested.dream_seconds,
    }


def progress(conversation: Conversation, tally: Tally) -> str:
    row = tally.ingested[-1]
    figures = ", ".join(
        f"{name} {values[conversation.sample_id]:.3f}"
        for name, values in tally.per_conversation.items()
        if conversation.sample_id in values
    )
    return (
        f"{conversation.sample_id}: {row['turns']} turns, learn {row['learn_s']:.1f} s + "
        f"dream {row['dream_s']:.1f} s, {row['edges']} edges; R@10 {figures}"
    )
