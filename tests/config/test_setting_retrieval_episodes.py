"""memory.retrieval's settings for the graph and the session around a match (spread_hops,
session_weight): each changes what recall returns (tests/support/settings.py)."""

from __future__ import annotations

import pytest

from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.store.database import Database
from tests.support.graph import graph_write
from tests.support.memory import MakeMemory
from tests.support.recall_setup import QUERY
from tests.support.retrieval_scenario import VECTOR_ALONE, linked_friend
from tests.support.settings import Opener, both

pytestmark = pytest.mark.anyio


async def test_setting_spread_hops(make_memory: MakeMemory, database: Database, space: str) -> None:
    async def scenario(open_memory: Opener, name: str) -> float:
        memory = await linked_friend(open_memory, name, database)
        # 'cats sleep all day' is linked to 'friend' only, which the anchor (a seed)
        # supports: two edges from the anchor.
        await graph_write(
            database,
            "MATCH (f:Block {space: $s, content: 'friend'}), "
            "(c:Block {space: $s, content: 'cats sleep all day'}) "
            "CREATE (f)-[:SUPPORTS {relation: 'supports', weight: 0.9, origin: 'agent', "
            "reinforcement_count: 0, last_active_hours: 0.0}]->(c)",
            s=name,
        )
        found = {b.content: b.similarity for b in await memory.recall(QUERY, top_k=20)}
        # Against an unlinked block, so the rescaling to the best does not matter.
        return round(found["cats sleep all day"] / found["filler two"], 4)

    default, changed = await both(
        make_memory,
        database,
        space,
        scenario,
        base={"spread_hops": 1},
        changed={"spread_hops": 2},
    )
    assert changed > default


async def test_setting_session_weight(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    # One session holds a lone match; another holds three blocks that each match a little.
    # The best of those three comes first once the session's other matches count.
    question = "what did we decide about the harbour wall"
    texts = {
        "lone": ("the harbour wall paint is blue", 0.60),
        "answer": ("we agreed to rebuild it in stone", 0.58),
        "asked": ("the storm cracked the old wall", 0.57),
        "aside": ("the council meets on friday", 0.56),
        "far": ("bread needs yeast", 0.20),
    }
    embedder = MockEmbeddingService(
        similarities={(question, text): cosine for text, cosine in texts.values()}
    )

    async def scenario(open_memory: Opener, _: str) -> str:
        memory = await open_memory(embedding_service=embedder)
        await memory.begin_session()
        await memory.learn_many([texts["lone"][0], texts["far"][0]])
        await memory.end_session()
        await memory.begin_session()
        await memory.learn_many([texts[k][0] for k in ("asked", "answer", "aside")])
        await memory.end_session()
        await memory.dream()
        return (await memory.recall(question, top_k=3))[0].content

    assert await both(
        make_memory,
        database,
        space,
        scenario,
        # Each block found by its own vector: only the session's other matches differ.
        base={**VECTOR_ALONE, "session_weight": 0.0},
        changed={"session_weight": 0.3},
    ) == (texts["lone"][0], texts["answer"][0])
