"""recall() on a real Neo4j (docs/BEHAVIOUR.md §7): legs, expansion, ranking, purity, safety."""

from __future__ import annotations

import pytest

from elfgraph.config.loading import ElfgraphConfig
from elfgraph.config.memory import MemoryConfig
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.llm.base import BlockAnalysis
from elfgraph.llm.mock import MockLLMService
from elfgraph.retrieval.keywords import keyword_terms
from elfgraph.store.database import Database
from tests.support.graph import graph_write, snapshot
from tests.support.memory import MakeMemory
from tests.support.recall_setup import (
    QUERY,
    age_fillers_and_boost_hub,
    candidates_row,
    filled,
    link,
)

pytestmark = pytest.mark.anyio


async def test_the_most_similar_block_comes_first(make_memory: MakeMemory) -> None:
    memory = await filled(
        make_memory,
        {"the tower stands on the cliff": 0.95, "bread needs yeast": 0.1, "cats sleep": 0.05},
    )
    found = await memory.recall(QUERY, top_k=2)
    assert found[0].content == "the tower stands on the cliff"
    best = found[0]
    assert best.similarity == 1.0  # fused and normalised: the best is 1.0
    assert not best.was_expanded
    assert 0.0 <= best.score <= 1.0
    assert best.status == "active"
    assert memory.last_recall_block_ids == [b.id for b in found]


async def test_the_keyword_leg_finds_an_exact_term_the_vectors_miss(
    make_memory: MakeMemory,
) -> None:
    memory = await filled(make_memory, {f"unrelated note {i}": 0.2 for i in range(30)})
    await memory.learn("The code word is xylophone")
    await memory.dream()
    found = await memory.recall("xylophone", top_k=3)
    assert "The code word is xylophone" in [b.content for b in found]


async def test_recall_writes_nothing(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await filled(make_memory, {"alpha": 0.9, "beta": 0.5, "gamma": 0.2})
    await memory.begin_session()
    before = await snapshot(database, space)
    await memory.recall(QUERY)
    await memory.recall(None, frame="task")
    await memory.recall(QUERY, frame="self")
    assert await snapshot(database, space) == before


async def test_queryless_recall_makes_no_embedding_call(make_memory: MakeMemory) -> None:
    embedder = MockEmbeddingService()
    memory = await make_memory(embedding_service=embedder)
    await memory.learn_many(["one", "two", "three"])
    await memory.dream()
    embedder.embedded.clear()
    found = await memory.recall(None, top_k=2)
    assert len(found) == 2
    assert all(b.similarity == 0.0 for b in found)
    assert embedder.embedded == []
    await memory.recall("   ")  # blank: treated as no query
    assert embedder.embedded == []


async def test_expansion_follows_edges_but_never_contradicts(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    texts = {f"filler {i}": 0.3 + i / 100 for i in range(12)}
    texts |= {"anchor": 0.9, "friend": -0.3, "enemy": -0.3}
    memory = await filled(make_memory, texts)
    ids = {b.content: b.id for b in await memory.recall(QUERY, top_k=20)}
    await link(database, space, ids["anchor"], ids["friend"], "supports", 0.8)
    await link(database, space, ids["anchor"], ids["enemy"], "contradicts", 0.9)

    row = await candidates_row(
        database,
        space,
        memory.embedding_service.vector(QUERY).tolist(),  # type: ignore[attr-defined]
        terms=keyword_terms(QUERY),
        expand=True,
        expand_seeds=4,
        expand_per_seed=5,
        pending=True,
    )
    assert ids["friend"] in row["expanded_ids"]
    assert ids["enemy"] not in row["expanded_ids"]
    assert ids["friend"] not in row["vector_ids"]


async def test_an_expanded_hub_that_matches_nothing_comes_after_the_weakest_seed(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    """Relevance first (docs/BEHAVIOUR.md §7.4): the hub outscores every filler seed on
    its confidence, reinforcement and centrality, but it matches nothing in the query
    (cosine −0.2, no spreading to pass anything on), so it only fills a place after them."""
    texts = {f"filler {i}": 0.2 + i / 100 for i in range(12)}
    texts |= {"anchor": 0.9, "hub": -0.2}
    # Without spreading, as docs/BEHAVIOUR.md §7.3 has it: an expanded block's similarity is 0
    # (tests/consolidation/test_session_edges.py covers activation_spread).
    # With the frame's own weights (prior_weight 1.0), so that the hub's priors outscore the
    # seeds: the premise of the rule (at the default they weigh at most 0.2, §7.4).
    no_spread = ElfgraphConfig(memory=MemoryConfig(activation_spread=0.0, prior_weight=1.0))
    memory = await filled(make_memory, texts, config=no_spread)
    ids = {b.content: b.id for b in await memory.recall(QUERY, top_k=20)}
    for other in ("anchor", "filler 0", "filler 1", "filler 2"):
        await link(database, space, ids["hub"], ids[other], "supports", 0.9)
    await age_fillers_and_boost_hub(database, space, ids["hub"])
    found = await memory.recall(QUERY, top_k=2)
    assert found[0].content == "anchor"
    assert "hub" not in [b.content for b in found]
    every = await memory.recall(QUERY, top_k=16)
    assert every[-1].content == "hub"
    hub = every[-1]  # a far vector seed now (16·4 seeds), reached by expansion at top_k 2
    assert not hub.relevant
    assert hub.similarity == 0.0
    assert hub.centrality == 1.0
    seeds = [b for b in every if b.content.startswith("filler")]
    assert len(seeds) == 12, "the fillers are seeds of the vector leg, at cosine ≥ 0.2"
    assert all(seed.relevant and hub.score > seed.score for seed in seeds)


async def test_of_two_contradicting_blocks_the_more_confident_stays(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    embedder = MockEmbeddingService(
        similarities={
            (QUERY, "the lighthouse is on the north cape"): 0.9,
            (QUERY, "the lighthouse is on the south cape"): 0.88,
        }
    )
    llm = MockLLMService(
        analyses={
            "north": BlockAnalysis(0.6, [], None),
            "south": BlockAnalysis(0.9, [], None),
        },
        contradictions={("north cape", "south cape"): 0.95},
    )
    memory = await make_memory(embedding_service=embedder, llm_service=llm)
    await memory.learn("the lighthouse is on the north cape")
    await memory.dream()
    await memory.learn("the lighthouse is on the south cape")
    result = await memory.dream()
    assert result is not None
    assert result.contradictions_detected == 1
    found = [b.content for b in await memory.recall(QUERY, top_k=5)]
    assert "the lighthouse is on the south cape" in found
    assert "the lighthouse is on the north cape" not in found


@pytest.mark.parametrize(
    "query",
    [
        'say "hello',
        "foo AND (bar",
        "title:x* OR ~fuzzy^3 [a TO z] {b} \\ / && || !",
        "MATCH (n) DETACH DELETE n //",
        "'}) RETURN 1 //",
        "🙂🚀 emoji only",
        "🙂",
        "x" * 10_000,
        "",
        "the and of",  # only stop words
        "\x00 nul",
    ],
)
async def test_any_query_text_gives_results_never_a_driver_error(
    make_memory: MakeMemory, query: str
) -> None:
    memory = await filled(make_memory, {"alpha block": 0.5, "beta block": 0.4})
    found = await memory.recall(query, top_k=2)
    assert len(found) == 2


async def test_archived_blocks_are_never_recalled_and_old_durable_ones_still_are(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await filled(make_memory, {"gone": 0.9, "old value": 0.6, "fresh": 0.3})
    await graph_write(
        database,
        "MATCH (b:Block {space: $s}) WHERE b.content = 'gone' SET b.status = 'archived'",
        s=space,
    )
    # A durable block last reinforced 1,000 active hours ago: no time window hides it.
    await graph_write(
        database,
        "MATCH (b:Block {space: $s}) WHERE b.content = 'old value' "
        "SET b.last_reinforced_at = -1000.0, b.decay_lambda = 0.001",
        s=space,
    )
    found = {b.content: b for b in await memory.recall(QUERY, top_k=5)}
    assert set(found) == {"old value", "fresh"}
    assert found["old value"].recency == pytest.approx(0.368, abs=1e-3)  # exp(-0.001 · 1000)
