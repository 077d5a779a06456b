"""Set-ups for the recall, frame, connect and outcome tests: spaces whose blocks have a
chosen cosine to QUERY, and edges and ages written straight into the graph."""

from __future__ import annotations

from typing import Any

from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.retrieval.repository.candidates import CandidatesRow, candidates
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction
from tests.support.graph import graph_write, recount_degrees
from tests.support.memory import MakeMemory

QUERY = "where is the lighthouse"


async def candidates_row(
    database: Database, space: str, query_vector: list[float], **params: Any
) -> CandidatesRow:
    """The candidates read called directly, with the vector leg on the shared index (no
    cache, no exact scan unless the answer is short), no keyword leg, no expansion, k 4 and
    neutral priors; `params` override any of those. Fails if no row came back."""
    settings: dict[str, Any] = {
        "terms": None,
        "k": 4,
        "fetch": 50,
        "scan_below": 4,
        "exact": False,
        "text_fetch": 50,
        "self_only": False,
        "queryless": False,
        "queryless_limit": 8,
        "guarantee_tags": [],
        "now_hours": None,
        "proxy": {"confidence": 0.25, "recency": 0.25, "centrality": 0.25, "reinforcement": 0.25},
        "cap": 5,
        "expand": False,
        "expand_seeds": 0,
        "expand_per_seed": 0,
        "pending": False,
    } | params

    async def read(tx: Transaction) -> CandidatesRow | None:
        return await candidates(tx, space=space, query_vector=query_vector, **settings)

    row = await database.read(read)
    assert row is not None
    return row


async def filled(make_memory: MakeMemory, similar: dict[str, float], **kw: Any) -> MemorySystem:
    """A space whose blocks have the given cosine to QUERY, dreamed. Two blocks at cosines
    a and b to the query are at about a·b to each other, so they get a similarity edge when
    that reaches 0.5."""
    embedder = MockEmbeddingService(similarities={(QUERY, text): c for text, c in similar.items()})
    memory = await make_memory(embedding_service=embedder, **kw)
    await memory.learn_many(list(similar))
    await memory.dream()
    return memory


async def link(database: Database, space: str, a: str, b: str, rel: str, weight: float) -> None:
    """An agent edge of relation `rel`, from the smaller id to the larger; the blocks' kept
    weighted degrees recounted, as every write path does."""
    low, high = sorted((a, b))
    await graph_write(
        database,
        f"MATCH (x:Block {{space: $s, id: $a}}), (y:Block {{space: $s, id: $b}}) "
        f"CREATE (x)-[:{rel.upper()} {{relation: $rel, weight: $w, origin: 'agent', "
        "reinforcement_count: 0, last_active_hours: 0.0}]->(y)",
        s=space,
        a=low,
        b=high,
        rel=rel,
        w=weight,
    )
    await recount_degrees(database, space)


async def age_fillers_and_boost_hub(database: Database, space: str, hub: str) -> None:
    """The 'filler' seeds become old news (last reinforced 500 active hours ago); the hub
    becomes confident and often reinforced."""
    await graph_write(
        database,
        "MATCH (b:Block {space: $s}) WHERE b.content STARTS WITH 'filler' "
        "SET b.last_reinforced_at = -500.0",
        s=space,
    )
    await graph_write(
        database,
        "MATCH (b:Block {space: $s, id: $id}) SET b.reinforcement_count = 40, b.confidence = 0.95",
        s=space,
        id=hub,
    )
