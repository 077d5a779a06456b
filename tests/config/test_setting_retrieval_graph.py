"""memory.retrieval's settings for the graph around the seeds (expansion, spreading, the
co-retrieval edges a session's frames promote): each changes what recall and frame return or
write (tests/support/settings.py)."""

from __future__ import annotations

import pytest

from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.store.database import Database
from tests.support.graph import edges_of, graph, graph_write
from tests.support.memory import MakeMemory
from tests.support.recall_setup import QUERY
from tests.support.retrieval_scenario import PRIORS_RANK, TEXTS, linked_friend
from tests.support.settings import Opener, both

pytestmark = pytest.mark.anyio


async def boosted_friend(open_memory: Opener, name: str, database: Database) -> MemorySystem:
    """linked_friend, with 'friend' confident and often used: once expansion reaches it,
    it ranks at top_k=2."""
    memory = await linked_friend(open_memory, name, database)
    await graph_write(
        database,
        "MATCH (f:Block {space: $s, content: 'friend'}) "
        "SET f.confidence = 0.95, f.reinforcement_count = 40",
        s=name,
    )
    return memory


async def test_setting_graph_expansion(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, name: str) -> bool:
        # 'friend' is not a seed at top_k=2 (the 8 nearest of 9 blocks), but confident and
        # often used: only the graph can bring it in, and then it ranks.
        memory = await boosted_friend(open_memory, name, database)
        return "friend" in [b.content for b in await memory.recall(QUERY, top_k=2)]

    assert await both(
        make_memory,
        database,
        space,
        scenario,
        base=PRIORS_RANK,
        changed={"graph_expansion": False},
    ) == (True, False)


async def test_setting_activation_spread(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, name: str) -> float:
        memory = await linked_friend(open_memory, name, database)
        found = {b.content: b for b in await memory.recall(QUERY, top_k=20)}
        return round(found["friend"].similarity, 4)  # expanded: similarity by spreading only

    default, changed = await both(
        make_memory, database, space, scenario, changed={"activation_spread": 0.0}
    )
    assert default > 0.0
    assert changed == 0.0


async def framed_in_a_session(open_memory: Opener) -> tuple[MemorySystem, int]:
    memory = await open_memory()
    await memory.learn_many(["lighthouse keeper", "lighthouse lamp", "lighthouse stairs"])
    await memory.dream()  # mock vectors: unrelated, no edges between them
    await memory.begin_session()
    result = await memory.frame("attention", "lighthouse")
    return memory, result.edges_promoted


async def test_setting_co_retrieval_edge_threshold(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, _: str) -> int:
        return (await framed_in_a_session(open_memory))[1]

    default, changed = await both(
        make_memory, database, space, scenario, changed={"co_retrieval_edge_threshold": 1}
    )
    assert (default, changed) == (0, 3)  # three pairs, linked at the first co-retrieval


async def test_setting_co_retrieval_edge_weight(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, name: str) -> set[float]:
        await framed_in_a_session(open_memory)
        return {round(e["props"]["weight"], 4) for e in await edges_of(database, name)}

    assert await both(
        make_memory,
        database,
        space,
        scenario,
        base={"co_retrieval_edge_threshold": 1},
        changed={"co_retrieval_edge_weight": 0.9},
    ) == ({0.55}, {0.9})


async def test_setting_co_retrieval_staging_max(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, name: str) -> int:
        await framed_in_a_session(open_memory)
        rows = await graph(
            database, "MATCH (c:CoRetrieval {space: $s}) RETURN count(c) AS n", s=name
        )
        return int(rows[0]["n"])

    assert await both(
        make_memory, database, space, scenario, changed={"co_retrieval_staging_max": 0}
    ) == (3, 0)


async def test_setting_expansion_seeds(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, name: str) -> bool:
        # 'anchor' is the third vector seed, behind a new block nearer the query: expanded
        # when 4·top_k seeds of each leg are, not when only 1·top_k are (the default).
        texts = {**TEXTS, "the beacon tower": 0.88}
        embedder = MockEmbeddingService(similarities={(QUERY, t): c for t, c in texts.items()})
        memory = await open_memory(embedding_service=embedder)
        await memory.learn_many(list(texts))
        await memory.dream()
        await graph_write(
            database,
            "MATCH (a:Block {space: $s, content: 'anchor'}), "
            "(f:Block {space: $s, content: 'friend'}) "
            "SET f.confidence = 0.95, f.reinforcement_count = 40 "
            "CREATE (a)-[:SUPPORTS {relation: 'supports', weight: 0.9, origin: 'agent', "
            "reinforcement_count: 0, last_active_hours: 0.0}]->(f)",
            s=name,
        )
        return "friend" in [b.content for b in await memory.recall(QUERY, top_k=2)]

    assert await both(
        make_memory, database, space, scenario, base=PRIORS_RANK, changed={"expansion_seeds": 4}
    ) == (False, True)


async def test_setting_expansion_neighbours(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, name: str) -> bool:
        memory = await boosted_friend(open_memory, name, database)
        await memory.learn("noise")  # not a seed: the farthest block but one
        await memory.dream()
        # The anchor's heaviest edge leads to 'noise': one neighbour per seed leaves out
        # 'friend'.
        await graph_write(
            database,
            "MATCH (a:Block {space: $s, content: 'anchor'}), (n:Block {space: $s, "
            "content: 'noise'}) CREATE (a)-[:SUPPORTS {relation: 'supports', weight: 0.95, "
            "origin: 'agent', reinforcement_count: 0, last_active_hours: 0.0}]->(n)",
            s=name,
        )
        return "friend" in [b.content for b in await memory.recall(QUERY, top_k=2)]

    assert await both(
        make_memory,
        database,
        space,
        scenario,
        base=PRIORS_RANK,
        changed={"expansion_neighbours": 1},
    ) == (True, False)
