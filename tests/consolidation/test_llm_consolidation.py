"""Consolidation with an LLM (mocked): analysis, SELF context, bounded contradiction checks."""

from __future__ import annotations

import pytest

from elfgraph.config.loading import ElfgraphConfig
from elfgraph.config.memory import MemoryConfig
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.llm.base import BlockAnalysis
from elfgraph.llm.mock import MockLLMService
from elfgraph.store.database import Database
from tests.support.graph import block_props, edges_of
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio


async def test_the_analysis_sets_confidence_tags_tier_and_summary(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    embedder = MockEmbeddingService()
    llm = MockLLMService(
        analyses={
            "Never share": BlockAnalysis(0.9, ["self/constitutional", "junk/tag"], None),
            "ship weekly": BlockAnalysis(0.7, ["self/goal"], "The team ships every week."),
        }
    )
    memory = await make_memory(embedding_service=embedder, llm_service=llm)
    rule, goal, plain = await memory.learn_many(
        ["Never share user data", "We aim to ship weekly", "The office has plants"]
    )
    await memory.dream()
    stored = await block_props(database, space, rule.block_id)
    assert stored["confidence"] == 0.9
    assert stored["tags"] == ["self/constitutional"]  # junk/tag is not in the vocabulary
    assert stored["decay_lambda"] == 0.00001  # permanent tier
    stored = await block_props(database, space, goal.block_id)
    assert stored["decay_lambda"] == 0.001  # durable tier
    assert stored["summary"] == "The team ships every week."
    assert stored["embedding"] == pytest.approx(
        [float(x) for x in embedder.vector("the team ships every week.")], abs=1e-6
    )
    stored = await block_props(database, space, plain.block_id)
    assert stored["confidence"] == 0.5
    assert stored["summary"] == "The office has plants"


async def test_the_self_context_is_the_rendered_identity(make_memory: MakeMemory) -> None:
    llm = MockLLMService(analyses={"Be honest": BlockAnalysis(0.95, ["self/constitutional"], None)})
    memory = await make_memory(llm_service=llm)
    await memory.learn("Be honest with the user")
    await memory.dream()
    llm.calls.clear()
    await memory.learn("Prefer tabs over spaces")
    await memory.dream()
    (call,) = [c for c in llm.calls if c[0] == "process_block"]
    assert call[2] == "## Identity\n- Be honest with the user"


async def test_contradictions_become_edges_and_checks_are_bounded(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    similar = {("the api is public", f"the api docs, note {i}"): 0.6 for i in range(8)}
    similar[("the api is public", "the api is private")] = 0.7
    embedder = MockEmbeddingService(similarities=similar)
    llm = MockLLMService(contradictions={("is public", "is private"): 0.9})
    memory = await make_memory(embedding_service=embedder, llm_service=llm)
    await memory.learn_many(["The API is public"] + [f"The API docs, note {i}" for i in range(8)])
    await memory.dream()
    llm.calls.clear()
    await memory.learn("The API is private")
    result = await memory.dream()
    assert result is not None
    assert result.contradictions_detected == 1
    checks = [c for c in llm.calls if c[0] == "detect_contradiction"]
    assert 1 <= len(checks) <= 5  # at most five checks per new block
    contradicts = [e for e in await edges_of(database, space) if e["type"] == "CONTRADICTS"]
    assert len(contradicts) == 1
    assert contradicts[0]["props"]["origin"] == "contradiction"
    assert contradicts[0]["props"]["weight"] == pytest.approx(0.9)


async def test_skip_flags_avoid_llm_calls(make_memory: MakeMemory) -> None:
    llm = MockLLMService()
    memory = await make_memory(llm_service=llm)
    await memory.learn("something")
    await memory.consolidate(skip_llm=True)
    assert llm.calls == []
    await memory.learn("something else")
    await memory.consolidate(skip_contradictions=True)
    assert {c[0] for c in llm.calls} == {"process_block"}


async def test_a_slow_or_failing_llm_falls_back_to_neutral(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    config = ElfgraphConfig(memory=MemoryConfig(llm_timeout_seconds=0.05))
    slow = MockLLMService(default=BlockAnalysis(0.9, ["self/goal"], "x"), delay=1.0)
    memory = await make_memory(llm_service=slow, config=config)
    learned = await memory.learn("waits too long")
    result = await memory.dream()
    assert result is not None
    assert result.promoted == 1
    stored = await block_props(database, space, learned.block_id)
    assert (stored["confidence"], stored["tags"]) == (0.5, [])

    failing = MockLLMService(fail=True)
    other = await make_memory(llm_service=failing)
    learned = await other.learn("the LLM is down")
    assert (await other.dream()) is not None
    assert (await block_props(database, space, learned.block_id))["confidence"] == 0.5
