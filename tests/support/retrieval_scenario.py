"""The scenario the memory.retrieval setting tests share (tests/config/test_setting_retrieval*.py):
blocks at chosen cosines to QUERY, filled into a memory, and a block only the graph reaches."""

from __future__ import annotations

from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.store.database import Database
from tests.support.graph import graph_write
from tests.support.recall_setup import QUERY
from tests.support.settings import Opener

# Blocks at chosen cosines to QUERY ("where is the lighthouse"); two also share its words.
TEXTS = {
    "the lighthouse stands on the northern cliff": 0.9,
    "where the lighthouse keeper lives": 0.3,
    "harbour tides": 0.6,
    "bread needs yeast": 0.2,
    "cats sleep all day": 0.1,
    "anchor": 0.85,
    "friend": -0.3,
    "filler one": 0.4,
    "filler two": 0.35,
}
# 'friend' is brought by expansion and ranks at top_k=2 by its priors (confident, often used),
# which needs the frame's own weights: at the default prior_weight (§7.4) they only reorder
# blocks of comparable relevance.
PRIORS_RANK = {"prior_weight": 1.0}
# Each block found by its own vector alone: no keyword leg, no spreading along dream's edges,
# no lean towards a session neighbour, no coverage of the asked words.
VECTOR_ALONE = {
    "retrieval_legs": "vector",
    "activation_spread": 0.0,
    "context_weight": 0.0,
    "coverage_weight": 0.0,
}
EMBEDDER = MockEmbeddingService(similarities={(QUERY, text): c for text, c in TEXTS.items()})


async def filled(open_memory: Opener) -> MemorySystem:
    memory = await open_memory(embedding_service=EMBEDDER)
    await memory.learn_many(list(TEXTS))
    await memory.dream()
    return memory


async def similarities(open_memory: Opener, _: str) -> list[tuple[str, float]]:
    memory = await filled(open_memory)
    return [(b.content, round(b.similarity, 4)) for b in await memory.recall(QUERY, top_k=5)]


async def linked_friend(open_memory: Opener, name: str, database: Database) -> MemorySystem:
    """The anchor (a seed) supports 'friend', which matches the query by neither leg."""
    memory = await filled(open_memory)
    await graph_write(
        database,
        "MATCH (a:Block {space: $s, content: 'anchor'}), (f:Block {space: $s, content: 'friend'}) "
        "CREATE (a)-[:SUPPORTS {relation: 'supports', weight: 0.9, origin: 'agent', "
        "reinforcement_count: 0, last_active_hours: 0.0}]->(f)",
        s=name,
    )
    return memory
