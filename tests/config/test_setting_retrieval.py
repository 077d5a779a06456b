"""Every setting of memory.retrieval changes what recall and frame return or write: each
test runs one scenario with the default and with the setting changed
(tests/support/settings.py) and asserts the difference. The graph's settings are in
test_setting_retrieval_graph.py, the session's in test_setting_retrieval_episodes.py."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database
from tests.support.graph import graph_write
from tests.support.memory import MakeMemory
from tests.support.reads import recorded_reads
from tests.support.recall_setup import QUERY
from tests.support.retrieval_scenario import EMBEDDER, TEXTS, VECTOR_ALONE, filled, similarities
from tests.support.settings import Opener, both

pytestmark = pytest.mark.anyio


async def test_setting_top_k(make_memory: MakeMemory, database: Database, space: str) -> None:
    async def scenario(open_memory: Opener, _: str) -> int:
        memory = await filled(open_memory)
        framed = await memory.frame("attention", QUERY)
        return len(await memory.recall(QUERY)) * 10 + len(framed.blocks)

    assert await both(make_memory, database, space, scenario, changed={"top_k": 2}) == (55, 22)


async def test_setting_fusion(make_memory: MakeMemory, database: Database, space: str) -> None:
    default, changed = await both(
        make_memory, database, space, similarities, changed={"fusion": "rrf"}
    )
    assert default != changed


async def test_setting_keyword_weight(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    default, changed = await both(
        make_memory, database, space, similarities, changed={"keyword_weight": 0.0}
    )
    assert default != changed


async def test_setting_retrieval_legs(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, _: str) -> int:
        embedder = MockEmbeddingService()
        memory = await open_memory(embedding_service=embedder)
        await memory.learn_many(["the lighthouse keeper", "bread"])
        await memory.dream()
        before = len(embedder.embedded)
        await memory.recall("lighthouse")
        return len(embedder.embedded) - before  # query embeddings

    assert await both(
        make_memory, database, space, scenario, changed={"retrieval_legs": "keyword"}
    ) == (1, 0)


async def test_setting_vector_cache_blocks(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, _: str) -> tuple[int, list[str]]:
        await filled(open_memory)
        reader = await open_memory(embedding_service=EMBEDDER)
        found = [b.content for b in await reader.recall(QUERY, top_k=2)]
        cache = reader._retriever.vectors
        return 0 if cache.words_only else len(cache), found

    default, changed = await both(
        make_memory,
        database,
        space,
        scenario,
        changed={"vector_cache_blocks": 0},
        base={"sketch_cache_blocks": 0},
    )
    assert default[0] == len(TEXTS)  # ranked in the process
    assert changed[0] == 0  # ranked by the database (the cache keeps the words alone)
    assert default[1] == changed[1]


async def test_setting_sketch_cache_blocks(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    # The space is past vector_cache_blocks (1): within sketch_cache_blocks the vector leg
    # ranks its sketches in the process, else the index answers; the same block first.
    async def scenario(open_memory: Opener, _: str) -> tuple[str, str, list[str]]:
        await filled(open_memory)
        reader = await open_memory(embedding_service=EMBEDDER)
        found = [b.content for b in await reader.recall(QUERY, top_k=1)]
        cache = reader._retriever.vectors
        return cache.kind, "usable" if cache.usable else "not usable", found

    default, changed = await both(
        make_memory,
        database,
        space,
        scenario,
        changed={"sketch_cache_blocks": 0},
        base={"vector_cache_blocks": 1, **VECTOR_ALONE},
    )
    assert default[:2] == ("sketches", "usable")
    assert changed[:2] == ("words", "not usable")
    assert default[2] == changed[2]


# Alone, "red" and "car" are equally rare and the fence says "red" three times. Another
# space says "red" in 300 blocks: by the shared full-text index's statistics "red" is then
# worth nearly nothing (tests/retrieval/test_keyword_statistics.py).
FENCE, CAR = "Red, red, red paint on the fence.", "The car needs a wash."
OWN_TEXTS = [FENCE, CAR, "A blue sky."]


@asynccontextmanager
async def red_crowd(make_memory: MakeMemory, database: Database, space: str) -> AsyncIterator[None]:
    """Another space of the database that says "red" in each of its 300 blocks."""
    crowd = f"{space}-crowd"
    try:
        others = await make_memory(crowd)
        await others.learn_many([f"red paint note {i}" for i in range(300)])
        await others.dream()
        yield
    finally:
        await drop_space(database, crowd)


async def test_setting_keyword_cache(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, _: str) -> list[str]:
        return await _keyword_order(open_memory, OWN_TEXTS, "red car")

    async with red_crowd(make_memory, database, space):
        default, changed = await both(
            make_memory,
            database,
            space,
            scenario,
            changed={"keyword_cache": False},
            base={"retrieval_legs": "keyword"},
        )
    assert default == [FENCE, CAR]  # the space's own statistics
    assert changed == [CAR, FENCE]  # the whole index's


async def test_setting_keyword_cache_blocks(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    # This space (3 blocks) is past vector_cache_blocks (1), and keeps no sketches, so its
    # cache keeps the words alone, within keyword_cache_blocks.
    async def scenario(open_memory: Opener, _: str) -> tuple[list[str], bool, int]:
        memory = await open_memory(embedding_service=MockEmbeddingService())
        found = await _learned_then_recalled(memory, OWN_TEXTS, "red car")
        cache = memory._retriever.vectors
        return found, cache.words_only, len(cache.keywords)

    async with red_crowd(make_memory, database, space):
        default, changed = await both(
            make_memory,
            database,
            space,
            scenario,
            changed={"keyword_cache_blocks": 0},
            base={"retrieval_legs": "keyword", "vector_cache_blocks": 1, "sketch_cache_blocks": 0},
        )
    assert default == ([FENCE, CAR], True, 3)  # the words alone, the space's own statistics
    assert changed[0] == [CAR, FENCE]  # no cache: the whole index's statistics
    assert changed[2] == 0


async def test_setting_background_load_blocks(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    # A space of more active blocks loads recall's cache in the background: open returns
    # without it and, once loaded, recall ranks as the cache loaded while opening does.
    async def scenario(open_memory: Opener, _: str) -> tuple[bool, list[str]]:
        await filled(open_memory)
        reader = await open_memory(embedding_service=EMBEDDER)
        in_background = reader._retriever._loading is not None
        await reader._retriever.loaded()
        found = [b.content for b in await reader.recall(QUERY, top_k=3)]
        return in_background and reader._retriever.vectors.usable, found

    default, changed = await both(
        make_memory, database, space, scenario, changed={"background_load_blocks": 0}
    )
    assert default[0] is False
    assert changed[0] is True
    assert default[1] == changed[1]


async def test_setting_concurrent_legs_blocks(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    # A space with no cache, taken to hold 100,000 blocks (too many to scan, fewer than the
    # default): both legs ask the server's indexes in the candidates read; with 0, in two
    # reads at once before it. Few blocks match the words asked (fewer than either read asks
    # the full-text index for): blocks tied on every word would be cut by the index's own order.
    texts = [f"note {i} on the garden shed" for i in (5, 6, 7, 8)]
    texts += [f"reading list entry {i}" for i in range(10, 46)]

    async def scenario(open_memory: Opener, _: str) -> tuple[list[str], set[str]]:
        memory = await open_memory(embedding_service=MockEmbeddingService())
        await memory.learn_many(texts)
        await memory.dream()
        share = memory._retriever.share
        share.share, share.active = 1.0, 100_000
        with recorded_reads(database) as reads:
            found = [b.content for b in await memory.recall("garden shed note 7", top_k=3)]
        return found, set(reads)

    default, changed = await both(
        make_memory,
        database,
        space,
        scenario,
        changed={"concurrent_legs_blocks": 0},
        base={"vector_cache_blocks": 0, "sketch_cache_blocks": 0, "keyword_cache_blocks": 0},
    )
    assert "candidates" in default[1]
    assert not {"vector_leg", "keyword_leg"} & default[1]
    assert {"vector_leg", "keyword_leg", "candidates"} <= changed[1]
    # The same answer both ways: the note asked for first, then two of the other notes that
    # share the asked words (which two rests on the shared vector index's approximate answer
    # for random mock vectors, which other tests' spaces crowd: seen to differ in a full run).
    shed = set(texts[:4])
    for found in (default[0], changed[0]):
        assert found[0] == "note 7 on the garden shed"
        assert set(found) <= shed


async def _keyword_order(open_memory: Opener, texts: list[str], query: str) -> list[str]:
    memory = await open_memory(embedding_service=MockEmbeddingService())
    return await _learned_then_recalled(memory, texts, query)


async def _learned_then_recalled(memory: MemorySystem, texts: list[str], query: str) -> list[str]:
    await memory.learn_many(texts)
    await memory.dream()
    return [b.content for b in await memory.recall(query, top_k=3)]


async def test_setting_temporal_weight(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    # Both hikes share the question's words; the shorter, May one scores higher by keyword
    # alone. The question names the week before 5 June 2023 (in ISO, so no word of it
    # matches either block): with temporal_weight the June hike comes first.
    may = "Anna hiking in the hills (8 May 2023)"
    june = "Anna hiking by the lake, at last (3 June 2023)"
    filler = "Anna bakes bread on a long and quiet afternoon at home (1 March 2023)"

    async def scenario(open_memory: Opener, _: str) -> str:
        order = await _keyword_order(open_memory, [may, june, filler], "Anna hiking 2023-06-03")
        return order[0]

    assert await both(
        make_memory,
        database,
        space,
        scenario,
        base={"retrieval_legs": "keyword"},
        changed={"temporal_weight": 0.0},
    ) == (june, may)


async def test_setting_speaker_weight(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    # The short turn only addresses Melanie; the long one is what she said. A question
    # about what Melanie did prefers her own turn with speaker_weight.
    addressed = "Caroline: Melanie, the lake sounds lovely"
    said = "Melanie: Yes, we spent the whole weekend at the lake with the kids, swimming"
    other = "Caroline: I spent the weekend painting a lake at sunrise for my new art class"

    async def scenario(open_memory: Opener, _: str) -> str:
        order = await _keyword_order(open_memory, [addressed, said, other], "Melanie lake")
        return order[0]

    assert await both(
        make_memory,
        database,
        space,
        scenario,
        base={"retrieval_legs": "keyword", "speaker_weight": 0.0},
        changed={"speaker_weight": 0.5},
    ) == (addressed, said)


async def test_setting_when_weight(make_memory: MakeMemory, database: Database, space: str) -> None:
    # Both turns name the fair; only the slightly longer one says when Jon went. A question
    # asking when prefers it with when_weight.
    plain = "Jon: The fair was fun"
    dated = "Jon: The fair yesterday was fun"
    filler = "Gina: I went to a fair with my sister, a long drive in the rain"

    async def scenario(open_memory: Opener, _: str) -> str:
        order = await _keyword_order(
            open_memory, [plain, dated, filler], "When was Jon at the fair?"
        )
        return order[0]

    assert await both(
        make_memory,
        database,
        space,
        scenario,
        base={"retrieval_legs": "keyword", "speaker_weight": 0.0},
        changed={"when_weight": 0.0},
    ) == (dated, plain)


async def test_setting_prior_weight(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    # Both lighthouse blocks match the query; the keeper's a little less (similarity 0.82
    # against 1.0), but it is confident and often used. With the attention frame's own
    # weights (prior_weight 1.0) the priors put it first; at the default they may only
    # reorder blocks of comparable relevance, and the closer match stays first.
    keeper = "where the lighthouse keeper lives"

    async def scenario(open_memory: Opener, name: str) -> str:
        memory = await filled(open_memory)
        await graph_write(
            database,
            "MATCH (f:Block {space: $s, content: $c}) "
            "SET f.confidence = 1.0, f.reinforcement_count = 40",
            s=name,
            c=keeper,
        )
        return (await memory.recall(QUERY, top_k=3))[0].content

    assert await both(make_memory, database, space, scenario, changed={"prior_weight": 1.0}) == (
        "the lighthouse stands on the northern cliff",
        keeper,
    )


async def test_setting_coverage_weight(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    # By the vector leg alone the turn repeating "art" is nearer the question; the other
    # holds both words asked about ("art" and "make"), and comes first with coverage_weight.
    question = "What art does Caroline make?"
    repeats = "Caroline: Art, art, art! I love art."
    both_words = "Caroline: I make art for the library show"
    texts = {repeats: 0.9, both_words: 0.8, "Melanie: the lake": 0.1, "Melanie: bread": 0.15}
    embedder = MockEmbeddingService(similarities={(question, t): c for t, c in texts.items()})

    async def scenario(open_memory: Opener, _: str) -> str:
        memory = await open_memory(embedding_service=embedder)
        await memory.learn_many(list(texts))
        await memory.dream()
        return (await memory.recall(question, top_k=2))[0].content

    assert await both(
        make_memory,
        database,
        space,
        scenario,
        base={"retrieval_legs": "vector", "coverage_weight": 0.0},
        changed={"coverage_weight": 0.5},
    ) == (repeats, both_words)


async def test_setting_diversity_weight(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    # Two wordings of one fact (cosine 0.85, below dream's near-duplicate line) and a
    # different fact that matches the question less: without diversity the two wordings
    # take both places; with it the second wording gives way to the different fact.
    question = "what colour is the harbour wall"
    original, copy, other = (
        "the harbour wall is painted blue",
        "they painted the harbour wall blue",
        "the harbour lights are switched off at midnight",
    )
    embedder = MockEmbeddingService(
        similarities={(question, original): 0.75, (question, other): 0.55, (original, copy): 0.85}
    )

    async def scenario(open_memory: Opener, _: str) -> list[str]:
        memory = await open_memory(embedding_service=embedder)
        # Unrelated fillers, so that the similarities' range is not set by these three.
        await memory.learn_many([original, copy, other, "bread needs yeast", "owls hunt at dusk"])
        await memory.dream()
        return [b.content for b in await memory.recall(question, top_k=2)]

    assert await both(
        make_memory,
        database,
        space,
        scenario,
        base={**VECTOR_ALONE, "diversity_weight": 0.0},
        changed={"diversity_weight": 0.5},
    ) == ([original, copy], [original, other])
