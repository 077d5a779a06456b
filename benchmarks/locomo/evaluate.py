"""Ingest one LoCoMo conversation into a space, then measure recall@k of its questions
through `MemorySystem.recall` and through the two database-free baselines.

Time: one elfgraph session per LoCoMo session, opened and closed in order. The
active-hours clock only moves while a session is open, so `memory.clock` is a fake clock
that advances one minute per turn during each session (a session of 20 turns lasts 20
minutes); the days between sessions add nothing, as an agent's memory does not age while
it is idle. Each session's turns are learned in one `learn_many`, and the conversation is
dreamed once at the end (the local embedder, no LLM).
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from benchmarks.locomo.baselines import BM25, Cosine
from benchmarks.locomo.data import Conversation, Question
from benchmarks.locomo.metrics import Scored, recall_at
from elfgraph.embedding.base import EmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction

SECONDS_PER_TURN = 60.0
PREFIX_OF = 10


class FakeClock:
    """Seconds for `memory.clock`: moved on by hand, never by the wall clock."""

    def __init__(self) -> None:
        self.seconds = 0.0

    def __call__(self) -> float:
        return self.seconds


@dataclass
class Ingested:
    """Which turns each block holds (identical turns share a block), and what it cost."""

    turns_of: dict[str, set[str]]
    learn_seconds: float
    dream_seconds: float
    active: int
    archived: int
    edges: int
    active_hours: float


async def ingest(
    memory: MemorySystem, conversation: Conversation, layout: str = "inline"
) -> Ingested:
    clock = FakeClock()
    memory.clock = clock
    turns_of: dict[str, set[str]] = {}
    started = time.perf_counter()
    for session in conversation.sessions:
        await memory.begin_session("conversation")
        results = await memory.learn_many([turn.content(layout) for turn in session.turns])
        clock.seconds += SECONDS_PER_TURN * len(session.turns)
        await memory.end_session()
        for turn, result in zip(session.turns, results, strict=True):
            turns_of.setdefault(result.block_id, set()).add(turn.dia_id)
    learned = time.perf_counter()
    await memory.dream()
    dreamed = time.perf_counter()
    status = await memory.status()
    counts = (
        status.active_count,
        status.archived_count,
        status.edge_count,
        status.total_active_hours,
    )
    if None in counts:  # Neo4j could not be asked: a row of zeros would be a lie
        raise RuntimeError(f"{conversation.sample_id}: status unknown — {status.suggestion}")
    return Ingested(
        turns_of=turns_of,
        learn_seconds=learned - started,
        dream_seconds=dreamed - learned,
        active=int(status.active_count or 0),
        archived=int(status.archived_count or 0),
        edges=int(status.edge_count or 0),
        active_hours=float(status.total_active_hours or 0.0),
    )


SUPERSEDED = """
MATCH (b:Block {space: $space})
WHERE b.status = 'archived' AND b.superseded_by IS NOT NULL
RETURN b.id AS id, b.superseded_by AS survivor
"""


async def _superseded(tx: Transaction, space: str) -> dict[str, str]:
    result = await tx.driver_tx.run(SUPERSEDED, {"space": space})
    return {str(r["id"]): str(r["survivor"]) async for r in result}


async def resolve_superseded(
    database: Database, space: str, turns_of: dict[str, set[str]]
) -> dict[str, set[str]]:
    """Which turns each block answers for once an archived near-duplicate's id resolves to
    its survivor (superseded_by; the survivor also absorbed its text, BEHAVIOUR.md §4.2)."""
    resolved = {block_id: set(turns) for block_id, turns in turns_of.items()}
    for archived, survivor in (await database.read(_superseded, space)).items():
        resolved.setdefault(survivor, set()).update(turns_of.get(archived, set()))
    return resolved


@dataclass
class Measured:
    scored: list[Scored]
    latencies_ms: dict[int, list[float]]  # per top_k, one per question


async def through_memory(
    memory: MemorySystem,
    questions: Sequence[Question],
    turns_of: dict[str, set[str]],
    ks: Sequence[int],
    *,
    prefixes: bool = False,
    prime: Callable[[str], Awaitable[object]] | None = None,
) -> Measured:
    """`recall(question, top_k=k)` for every k (a smaller top_k is its own call: fewer
    seeds, and diversity reorders within 2·top_k). `prefixes`: the ks below 10 are read
    from the top_k=10 call's first blocks instead (half the calls). `prime`: embeds the
    question before the timed call (an embedder that remembers it: benchmarks.locomo.layouts)."""
    calls = sorted({k for k in ks if k >= PREFIX_OF} | ({PREFIX_OF} if prefixes else set()))
    calls = calls if prefixes else list(ks)
    measured = Measured([], {k: [] for k in calls})
    for question in questions:
        if prime is not None:
            await prime(question.text)  # the query's embedding outside the timed call
        recall = {}
        for k in calls:
            start = time.perf_counter()
            blocks = await memory.recall(question.text, top_k=k)
            measured.latencies_ms[k].append(1000 * (time.perf_counter() - start))
            ranked = [turns_of.get(block.id, set()) for block in blocks]
            recall[k] = recall_at(ranked, question.evidence, k)
            if prefixes and k == PREFIX_OF:  # R@1, R@5: the first of the top-10 call
                for j in ks:
                    if j < PREFIX_OF:
                        recall[j] = recall_at(ranked, question.evidence, j)
        measured.scored.append(Scored(question.category, recall))
    return measured


async def baselines(
    conversation: Conversation,
    questions: Sequence[Question],
    embedder: EmbeddingService,
    ks: Sequence[int],
) -> dict[str, list[Scored]]:
    """BM25 and cosine over the conversation's turns: one ranking per question, cut at
    each k."""
    turns = conversation.turns
    texts = [turn.text for turn in turns]
    bm25 = BM25(texts)
    cosine = Cosine(embedder)
    await cosine.index(texts)
    top = max(ks)
    found: dict[str, list[Scored]] = {"bm25": [], "cosine": []}
    for question in questions:
        for name, order in (
            ("bm25", bm25.rank(question.text, top)),
            ("cosine", await cosine.rank(question.text, top)),
        ):
            ranked = [{turns[i].dia_id} for i in order]
            recall = {k: recall_at(ranked, question.evidence, k) for k in ks}
            found[name].append(Scored(question.category, recall))
    return found
