"""frame() on a real Neo4j (docs/BEHAVIOUR.md §7): guarantees, budgets, templates, cache,
side effects and Hebbian co-retrieval."""

from __future__ import annotations

import pytest

from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.llm.base import BlockAnalysis
from elfgraph.llm.mock import MockLLMService
from elfgraph.memory import MemorySystem
from elfgraph.retrieval.rendering import estimate_tokens
from elfgraph.store.database import Database
from tests.support.graph import edges_of, graph
from tests.support.memory import MakeMemory
from tests.support.recall_setup import QUERY, filled, link

pytestmark = pytest.mark.anyio


async def counts(database: Database, space: str) -> dict[str, tuple[int, float]]:
    rows = await graph(
        database,
        "MATCH (b:Block {space: $s, status: 'active'}) "
        "RETURN b.content AS c, b.reinforcement_count AS n, b.last_reinforced_at AS h",
        s=space,
    )
    return {r["c"]: (r["n"], r["h"]) for r in rows}


async def tagged_memory(make_memory: MakeMemory, tagged: dict[str, list[str]]) -> MemorySystem:
    """Blocks whose tags come from the (mock) LLM at consolidation, like real self/ tags."""
    llm = MockLLMService(analyses={t: BlockAnalysis(0.9, tags, None) for t, tags in tagged.items()})
    memory = await make_memory(llm_service=llm)
    await memory.learn_many(list(tagged))
    await memory.dream()
    return memory


async def test_a_guaranteed_goal_takes_the_first_place_even_when_not_a_candidate(
    make_memory: MakeMemory,
) -> None:
    embedder = MockEmbeddingService(
        similarities={(QUERY, f"relevant fact {i}"): 0.8 - i / 100 for i in range(40)}
    )
    llm = MockLLMService(analyses={"Reach": BlockAnalysis(0.2, ["self/goal"], None)})
    memory = await make_memory(embedding_service=embedder, llm_service=llm)
    await memory.learn_many([f"relevant fact {i}" for i in range(40)] + ["Reach the summit"])
    await memory.dream()
    result = await memory.frame("task", QUERY, top_k=2)
    assert result.blocks[0].content == "Reach the summit"
    assert len(result.blocks) == 2
    assert result.text.startswith("## Active Goals\n- Reach the summit\n## Context\n[1] ")


async def test_the_self_frame_holds_only_self_blocks_and_guarantees_the_constitution(
    make_memory: MakeMemory,
) -> None:
    memory = await tagged_memory(
        make_memory,
        {
            "Always tell the truth": ["self/constitutional"],
            "I value short answers": ["self/value"],
            "Finish the report": ["self/goal"],
            "The sky is blue": [],
        },
    )
    result = await memory.frame("self", top_k=2)
    assert result.blocks[0].content == "Always tell the truth"
    assert all(any(t.startswith("self/") for t in b.tags) for b in result.blocks)
    assert result.text.startswith("## Identity\n- Always tell the truth")
    assert "The sky is blue" not in result.text


async def test_the_token_budget_holds_and_blocks_are_what_was_rendered(
    make_memory: MakeMemory,
) -> None:
    long_texts = {f"{i} " + "word " * 200: 0.9 - i / 100 for i in range(20)}  # ~250 tokens each
    memory = await filled(make_memory, long_texts)
    result = await memory.frame("attention", QUERY, top_k=20)
    assert estimate_tokens(result.text) <= 2000
    assert 0 < len(result.blocks) < 20
    numbered = [line for line in result.text.splitlines() if line.startswith("[")]
    assert len(numbered) == len(result.blocks)
    for block in result.blocks:
        assert " ".join(block.content.split()) in result.text


async def test_the_self_frame_is_cached_and_learning_a_self_block_invalidates_it(
    make_memory: MakeMemory,
) -> None:
    memory = await tagged_memory(make_memory, {"Be kind": ["self/value"]})
    first = await memory.frame("self")
    again = await memory.frame("self")
    assert (first.cached, again.cached) == (False, True)
    assert again.text == first.text
    await memory.learn("Be brief", ["self/value"])
    assert (await memory.frame("self")).cached is False
    await memory.learn("not about me")
    assert (await memory.frame("self")).cached is True
    await memory.dream()
    assert (await memory.frame("self")).cached is False  # consolidate clears the cache


async def test_frame_reinforces_exactly_the_returned_blocks_and_their_edges(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    # Relevant but not redundant (cosine 0.46 between the two): MMR keeps both.
    memory = await filled(make_memory, {"top one": 0.7, "top two": 0.65, "far away": -0.5})
    ids = {b.content: b.id for b in await memory.recall(QUERY, top_k=3)}
    await link(database, space, ids["top one"], ids["top two"], "supports", 0.7)
    await link(database, space, ids["top two"], ids["far away"], "supports", 0.7)
    memory.clock = lambda: 1000.0  # the session begins at 1000 s of a clock of our own
    await memory.begin_session()
    memory.clock = lambda: 1000.0 + 3600.0 * 5  # five hours into the session at frame time
    before = await counts(database, space)
    result = await memory.frame("attention", QUERY, top_k=2)
    assert {b.content for b in result.blocks} == {"top one", "top two"}
    after = await counts(database, space)
    for name in ("top one", "top two"):
        assert after[name][0] == before[name][0] + 1
        assert after[name][1] > before[name][1]
    assert after["far away"] == before["far away"]
    edges = {frozenset((e["a"], e["b"])): e["props"] for e in await edges_of(database, space)}
    shared = edges[frozenset((ids["top one"], ids["top two"]))]
    other = edges[frozenset((ids["top two"], ids["far away"]))]
    assert shared["reinforcement_count"] == 1
    assert shared["last_active_hours"] > 0
    assert other["reinforcement_count"] == 0
    assert memory.last_recall_block_ids == [b.id for b in result.blocks]
    assert set(memory.session_block_ids) == {b.id for b in result.blocks}


async def test_co_retrieval_links_a_pair_after_three_sessions_not_before(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await filled(make_memory, {"north wall": 0.7, "south wall": 0.65, "roof": -0.4})

    async def co_occurs() -> list[dict[str, object]]:
        return [e for e in await edges_of(database, space) if e["type"] == "CO_OCCURS"]

    for session in range(3):
        async with memory.session():
            first = await memory.frame("attention", QUERY, top_k=2)
            second = await memory.frame("attention", QUERY, top_k=2)  # same session: once
            assert {b.content for b in first.blocks} == {"north wall", "south wall"}
        if session < 2:
            assert await co_occurs() == []
            assert first.edges_promoted == second.edges_promoted == 0
    assert first.edges_promoted + second.edges_promoted == 1
    (edge,) = await co_occurs()
    assert edge["props"]["relation"] == "co_occurs"
    assert edge["props"]["origin"] == "co_retrieval"
    assert edge["props"]["weight"] == pytest.approx(0.55)
    staged = await graph(database, "MATCH (c:CoRetrieval {space: $s}) RETURN c", s=space)
    assert len(staged) <= 1  # the linked pair leaves staging when next seen


async def test_a_staged_pair_is_forgotten_once_linked_and_its_edge_reinforced_instead(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await filled(make_memory, {"north wall": 0.7, "south wall": 0.65, "roof": -0.4})
    staged_query = "MATCH (c:CoRetrieval {space: $s}) RETURN c.a AS a, c.b AS b, c.count AS n"
    async with memory.session():
        ids = {b.content: b.id for b in (await memory.frame("attention", QUERY, top_k=2)).blocks}
    pair = sorted([ids["north wall"], ids["south wall"]])
    assert await graph(database, staged_query, s=space) == [{"a": pair[0], "b": pair[1], "n": 1}]
    await link(database, space, pair[0], pair[1], "supports", 0.7)
    async with memory.session():
        await memory.frame("attention", QUERY, top_k=2)
    assert await graph(database, staged_query, s=space) == []
    (edge,) = await edges_of(database, space)
    assert edge["props"]["reinforcement_count"] == 1


async def test_staging_is_capped(make_memory: MakeMemory, database: Database, space: str) -> None:
    from elfgraph.config.loading import ElfgraphConfig
    from elfgraph.config.memory import MemoryConfig

    config = ElfgraphConfig(memory=MemoryConfig(co_retrieval_staging_max=3))
    memory = await filled(make_memory, {f"item {i}": 0.5 - i / 50 for i in range(4)}, config=config)
    async with memory.session():
        result = await memory.frame("attention", QUERY, top_k=4)  # 6 pairs, none linked
    assert len(result.blocks) == 4
    staged = await graph(database, "MATCH (c:CoRetrieval {space: $s}) RETURN c", s=space)
    assert len(staged) == 3


async def test_frames_outside_a_session_reinforce_but_do_not_stage(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await filled(make_memory, {"one": 0.9, "two": 0.8})
    result = await memory.frame("attention", QUERY, top_k=2)
    assert len(result.blocks) == 2
    assert await graph(database, "MATCH (c:CoRetrieval {space: $s}) RETURN c", s=space) == []
    # promotion, the first dream's curate (top-N, docs/BEHAVIOUR.md §9), this frame
    assert all(n == 3 for n, _ in (await counts(database, space)).values())


async def test_the_attention_template_numbers_blocks(make_memory: MakeMemory) -> None:
    memory = await filled(make_memory, {"first\nline": 0.9, "second": 0.8})
    result = await memory.frame("attention", QUERY, top_k=2)
    assert result.text.splitlines()[0] == "## Relevant Knowledge"
    assert result.text.splitlines()[1] == "[1] first line"
    assert str(result).startswith("Frame 'attention': 2 block(s)")
    assert result.to_dict()["frame_name"] == "attention"


async def test_an_empty_frame_is_empty_text(make_memory: MakeMemory) -> None:
    memory = await make_memory()
    result = await memory.frame("attention", "anything")
    assert (result.text, result.blocks) == ("", [])
