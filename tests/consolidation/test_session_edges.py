"""Blocks learned one after the other in a session are linked at dream time (co_occurs,
origin `session`), and relevance spreads along such edges at recall."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from elfgraph.config.loading import ElfgraphConfig
from elfgraph.config.memory import MemoryConfig
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.store.database import Database
from tests.support.embedders import ClusterEmbedder
from tests.support.graph import edges_of, graph
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio


async def session_pairs(database: Database, space: str) -> set[frozenset[str]]:
    """The session edges as pairs of contents."""
    rows = await graph(
        database,
        "MATCH (a:Block {space: $s})-[r:CO_OCCURS]->(b:Block) WHERE r.origin = 'session' "
        "RETURN a.content AS a, b.content AS b, r.weight AS weight",
        s=space,
    )
    assert all(row["weight"] == 0.55 for row in rows)
    return {frozenset((row["a"], row["b"])) for row in rows}


def chain(*texts: str) -> set[frozenset[str]]:
    return {frozenset(pair) for pair in pairwise(texts)}


async def test_consecutive_blocks_of_a_session_are_linked_across_batches_and_dreams(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory()
    await memory.learn("outside any session")
    async with memory.session():
        await memory.learn_many(["first", "second", "third"])
        await memory.learn("fourth")
        await memory.dream()
        await memory.learn("fifth")  # its predecessor was dreamed already
    async with memory.session():
        await memory.learn_many(["sixth", "seventh"])  # a new session: a new chain
    await memory.dream()
    assert await session_pairs(database, space) == chain(
        "first", "second", "third", "fourth", "fifth"
    ) | chain("sixth", "seventh")


async def test_session_edges_keep_their_place_among_similar_blocks(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory(embedding_service=ClusterEmbedder())
    texts = [f"cluster note {i}" for i in range(12)]  # each similar to every other
    async with memory.session():
        await memory.learn_many(texts)
    await memory.dream()
    assert await session_pairs(database, space) == chain(*texts)
    degrees = await graph(
        database, "MATCH (b:Block {space: $s}) RETURN COUNT { (b)--() } AS d", s=space
    )
    assert max(row["d"] for row in degrees) <= 5  # the degree cap still holds


async def test_a_zero_session_edge_weight_links_nothing(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    config = ElfgraphConfig(memory=MemoryConfig(session_edge_weight=0.0))
    memory = await make_memory(config=config)
    async with memory.session():
        await memory.learn_many(["one", "two", "three"])
    await memory.dream()
    assert await edges_of(database, space) == []


async def test_two_interleaved_sessions_chain_separately_across_small_chunks(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    """Dream reads the inbox in learning order through an index, a chunk at a time, and
    each block's predecessor by a backwards index seek: chains cross chunk boundaries and
    two sessions learning into one space at once never link to each other."""
    config = ElfgraphConfig(memory=MemoryConfig(consolidate_batch_size=3))
    one, other = await make_memory(config=config), await make_memory(config=config)
    await one.begin_session()
    await other.begin_session()
    for i in range(5):
        await one.learn_many([f"one {i}a", f"one {i}b"])
        await other.learn(f"other {i}")
    await one.end_session()
    await other.end_session()
    order = [
        row["content"]
        for row in await graph(
            database,
            "MATCH (b:Block {space: $s}) RETURN b.content AS content ORDER BY b.learn_seq",
            s=space,
        )
    ]
    result = await one.dream()
    assert result is not None
    assert result.promoted == 15
    ones = [text for text in order if text.startswith("one")]
    others = [text for text in order if text.startswith("other")]
    assert await session_pairs(database, space) == chain(*ones) | chain(*others)


QUESTION = "which instrument does ana's brother play"
ASKED = "Ana: What instrument does your brother play?"  # matches the question
ANSWER = "Ben: The cello, since spring."  # answers it, sharing no word and no direction


async def conversation(make_memory: MakeMemory, **memory: Any) -> MemorySystem:
    embedder = MockEmbeddingService(similarities={(QUESTION, ASKED): 0.9})
    # Each turn found by its own vector (§4.8), so that the pinned similarity holds: what is
    # measured here is the session edge, not the context in the embedding.
    alone = ElfgraphConfig(memory=MemoryConfig(context_weight=0.0))
    writer = await make_memory(embedding_service=embedder, config=alone)
    async with writer.session():
        await writer.learn_many([f"chatter {i}" for i in range(20)])
        await writer.learn_many([ASKED, ANSWER])
        await writer.learn_many([f"more chatter {i}" for i in range(20)])
    await writer.dream()
    # Nor the speaker raise (§7.9): the question names Ana, whose turn it would lift. Nor
    # coverage (§7.10), which rescales every similarity, and with the frame's own weights
    # (§7.4): 'chatter 19', learned just before the question, is its session neighbour too,
    # with a random vector a little nearer the question than the answer's; the ranking
    # this was written against put the answer first.
    # One hop and no session raise (§7.3, §7.11): the similarity pinned below is one edge's.
    reader = {
        "speaker_weight": 0.0,
        "coverage_weight": 0.0,
        "prior_weight": 1.0,
        "spread_hops": 1,
        "session_weight": 0.0,
    }
    return await make_memory(
        embedding_service=embedder,
        config=ElfgraphConfig(memory=MemoryConfig(**{**reader, **memory})),
    )


async def test_the_answer_after_a_matching_turn_is_recalled_through_its_session_edge(
    make_memory: MakeMemory,
) -> None:
    memory = await conversation(make_memory)
    found = {b.content: b for b in await memory.recall(QUESTION, top_k=2)}
    assert set(found) == {ASKED, ANSWER}
    # Its own match is the weakest of the seeds (or none): what it has is activation_spread
    # times the session edge's weight times the asking turn's similarity, 1.0.
    share = MemoryConfig().activation_spread
    assert found[ANSWER].similarity == pytest.approx(share * 0.55, abs=0.03)


@pytest.mark.parametrize("memory", [{"activation_spread": 0.0}, {"graph_expansion": False}])
async def test_without_spreading_the_answer_is_not_found(
    make_memory: MakeMemory, memory: dict[str, Any]
) -> None:
    recall = await conversation(make_memory, **memory)
    found = [b.content for b in await recall.recall(QUESTION, top_k=2)]
    assert found[0] == ASKED
    assert ANSWER not in found
