"""A question worded differently from its answer still finds it, through each leg alone:
the keyword leg through the English analyser's stemming, the vector leg through the default
local embedder, and a turn that only makes sense after the one it answers through its
contextual vector (§4.8) or the session edge to it (§4.6, §7.3)."""

from __future__ import annotations

import pytest

from elfgraph.config.loading import ElfgraphConfig
from elfgraph.config.memory import MemoryConfig
from elfgraph.embedding.local import LocalEmbeddingService
from elfgraph.memory import MemorySystem
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio

EMBEDDER = LocalEmbeddingService()

OTHER_TOPICS = [
    "Ben: The new bakery on Elm Street sells sourdough on Saturdays.",
    "Ana: My laptop battery died during the presentation.",
    "Ben: The quarterly tax forms are due at the end of the month.",
    "Ana: I repainted the kitchen a pale shade of green.",
    "Ben: Our team switched the database to Postgres last week.",
    "Ana: The city council voted on the new parking rules.",
]
HIKING = "Melanie: I went hiking with my kids in the mountains."
ASKED = "Ana: What instrument does your brother play these days?"
ANSWER = "Ben: The cello, since spring."


async def memory_with(make_memory: MakeMemory, **settings: object) -> MemorySystem:
    writer = await make_memory(embedding_service=EMBEDDER)
    await writer.learn_many([*OTHER_TOPICS, HIKING])
    async with writer.session():
        await writer.learn_many([ASKED, ANSWER, "Ana: Lovely."])
    await writer.dream()
    config = ElfgraphConfig(memory=MemoryConfig(**settings))
    return await make_memory(embedding_service=EMBEDDER, config=config)


async def first(memory: MemorySystem, question: str, top_k: int = 1) -> list[str]:
    return [b.content for b in await memory.recall(question, top_k=top_k)]


async def test_the_keyword_leg_matches_other_forms_of_a_word(make_memory: MakeMemory) -> None:
    memory = await memory_with(make_memory, retrieval_legs="keyword", graph_expansion=False)
    # "hikes" and "hiking" share the stem "hike"; no other word of the question is in it.
    assert await first(memory, "Who hikes?") == [HIKING]


async def test_the_vector_leg_matches_a_paraphrase(make_memory: MakeMemory) -> None:
    memory = await memory_with(make_memory, retrieval_legs="vector", graph_expansion=False)
    assert await first(memory, "Which parent took the children on a mountain walk?") == [HIKING]


async def test_an_answer_is_found_through_the_question_it_answered(
    make_memory: MakeMemory,
) -> None:
    question = "What instrument is Ana's brother playing?"
    # By meaning alone: the answer's vector leans towards the question before it (§4.8).
    # Without the speaker raise (§7.9), which would lift Ana's own turns, "Ana: Lovely."
    # among them, over Ben's answer: this question names the one who asked, not who answered.
    vector = await memory_with(
        make_memory, retrieval_legs="vector", graph_expansion=False, speaker_weight=0.0
    )
    found = await vector.recall(question, top_k=4)
    by_meaning = sorted(found, key=lambda b: b.similarity, reverse=True)
    # The nearest two by meaning (diversity, on the blocks' own vectors, may reorder them).
    assert {b.content for b in by_meaning[:2]} == {ASKED, ANSWER}


async def test_an_answer_is_found_through_the_session_edge_to_its_question(
    make_memory: MakeMemory,
) -> None:
    # Keyword and graph only: the asked turn matches, its session edge brings the answer.
    memory = await memory_with(make_memory, retrieval_legs="keyword", context_weight=0.0)
    assert ANSWER in await first(memory, "Which instrument is the brother playing?", top_k=2)
