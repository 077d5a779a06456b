"""Every setting of memory.consolidation changes what dream does: each test runs one
scenario with the default and with the setting changed (tests/support/settings.py) and
asserts the difference."""

from __future__ import annotations

import pytest

from elfgraph.consolidation.models import ConsolidateResult
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.learning.learn import inbox_count
from elfgraph.llm.base import BlockAnalysis
from elfgraph.llm.mock import MockLLMService
from elfgraph.store.database import Database
from tests.support.graph import block_props
from tests.support.memory import MakeMemory
from tests.support.settings import Opener, both

pytestmark = pytest.mark.anyio


async def dream_of(
    open_memory: Opener, texts: list[str], similarities: dict[tuple[str, str], float], **kw: object
) -> ConsolidateResult:
    memory = await open_memory(
        embedding_service=MockEmbeddingService(similarities=similarities), **kw
    )
    await memory.learn_many(texts)
    result = await memory.dream()
    assert result is not None
    return result


async def test_setting_inbox_threshold(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, name: str) -> int:
        memory = await open_memory()
        async with memory.session():  # dreams on exit when the inbox is full
            await memory.learn("one fact")
        return await inbox_count(database, name)

    assert await both(make_memory, database, space, scenario, changed={"inbox_threshold": 1}) == (
        1,
        0,
    )


PAIR = {("first fact", "first fact, again"): 0.93}


async def test_setting_near_dup_exact_threshold(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, _: str) -> tuple[int, int]:
        result = await dream_of(open_memory, ["first fact", "first fact, again"], PAIR)
        return result.deduplicated, result.superseded

    assert await both(
        make_memory, database, space, scenario, changed={"near_dup_exact_threshold": 0.92}
    ) == ((0, 1), (1, 0))


async def test_setting_near_dup_near_threshold(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, _: str) -> int:
        return (await dream_of(open_memory, ["first fact", "first fact, again"], PAIR)).superseded

    assert await both(
        make_memory, database, space, scenario, changed={"near_dup_near_threshold": 0.94}
    ) == (1, 0)


async def test_setting_edge_score_threshold(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, _: str) -> int:
        texts = ["alpha note", "beta note"]
        return (await dream_of(open_memory, texts, {(texts[0], texts[1]): 0.7})).edges_created

    assert await both(
        make_memory, database, space, scenario, changed={"edge_score_threshold": 0.9}
    ) == (1, 0)


def contradicting(score: float) -> MockLLMService:
    return MockLLMService(contradictions={("red", "blue"): score})


DOOR = ["the door is red", "the door is blue"]


async def contradictions(open_memory: Opener, cosine: float, score: float) -> int:
    result = await dream_of(
        open_memory, DOOR, {(DOOR[0], DOOR[1]): cosine}, llm_service=contradicting(score)
    )
    return result.contradictions_detected


async def test_setting_contradiction_threshold(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, _: str) -> int:
        return await contradictions(open_memory, cosine=0.6, score=0.7)

    assert await both(
        make_memory, database, space, scenario, changed={"contradiction_threshold": 0.6}
    ) == (0, 1)


async def test_setting_contradiction_similarity_prefilter(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, _: str) -> int:
        return await contradictions(open_memory, cosine=0.5, score=0.9)

    assert await both(
        make_memory,
        database,
        space,
        scenario,
        changed={"contradiction_similarity_prefilter": 0.6},
    ) == (1, 0)


async def test_setting_contradiction_max_checks(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, _: str) -> int:
        return await contradictions(open_memory, cosine=0.6, score=0.9)

    assert await both(
        make_memory, database, space, scenario, changed={"contradiction_max_checks": 0}
    ) == (1, 0)


async def test_setting_llm_timeout_seconds(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, name: str) -> float:
        slow = MockLLMService(default=BlockAnalysis(alignment_score=0.9), delay=0.3)
        memory = await open_memory(llm_service=slow)
        learned = await memory.learn("a fact the LLM thinks about slowly")
        await memory.dream()
        return float((await block_props(database, name, learned.block_id))["confidence"])

    assert await both(
        make_memory, database, space, scenario, changed={"llm_timeout_seconds": 0.05}
    ) == (0.9, 0.5)  # timed out: the neutral fallback


async def test_setting_consolidate_batch_size(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, _: str) -> list[int]:
        memory = await open_memory()
        await memory.learn_many(["one", "two", "three"])
        told: list[int] = []
        await memory.dream(progress=lambda done, total: told.append(done))
        return told  # after each chunk

    assert await both(
        make_memory, database, space, scenario, changed={"consolidate_batch_size": 1}
    ) == ([0, 3], [0, 1, 2, 3])


async def test_setting_neighbour_candidates(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    olds = ["old one", "old two", "old three"]
    embedder = MockEmbeddingService(similarities={("new fact", old): 0.8 for old in olds})

    async def scenario(open_memory: Opener, _: str) -> int:
        memory = await open_memory(embedding_service=embedder)
        await memory.learn_many(olds)
        await memory.dream()
        await memory.learn("new fact")
        result = await memory.dream()
        assert result is not None
        return result.edges_created  # the new block's links to the active ones

    assert await both(
        make_memory, database, space, scenario, changed={"neighbour_candidates": 1}
    ) == (3, 1)


async def test_setting_session_edge_weight(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, _: str) -> int:
        memory = await open_memory()
        async with memory.session():
            await memory.learn("apples are red")
            await memory.learn("skies are blue")  # unrelated: only the session links them
        result = await memory.dream()
        assert result is not None
        return result.edges_created

    assert await both(
        make_memory, database, space, scenario, changed={"session_edge_weight": 0.0}
    ) == (1, 0)


async def test_setting_context_weight(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    """With context, a block of a session is found by its own vector leaning towards the
    one of the block learned before it (§4.8): its stored vector is no longer its own."""
    embedder = MockEmbeddingService()

    async def scenario(open_memory: Opener, name: str) -> float:
        memory = await open_memory(embedding_service=embedder)
        async with memory.session():
            await memory.learn("ana: what does ben play?")
            answer = await memory.learn("ben: the cello.")
        await memory.dream()
        stored = (await block_props(database, name, answer.block_id))["embedding"]
        return round(float(embedder.vector("ben: the cello.") @ stored), 2)

    default, alone = await both(
        make_memory, database, space, scenario, changed={"context_weight": 0.0}
    )
    assert 0.8 < default < 0.95  # 1/√1.25 = 0.89 for orthogonal vectors; mock ones nearly are
    assert alone == 1.0
