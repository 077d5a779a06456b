"""A question that names a period or a speaker, or asks when, finds the block of that
period, said by that speaker, or saying when (§7.8, §7.9), on a small conversation with the
default configuration (both legs, the local embedder), and through each leg alone; where a
weight at 0 is compared, the other block comes first without it."""

from __future__ import annotations

import pytest

from elfgraph.config.loading import ElfgraphConfig
from elfgraph.config.memory import MemoryConfig
from elfgraph.embedding.local import LocalEmbeddingService
from elfgraph.memory import MemorySystem
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio

EMBEDDER = LocalEmbeddingService()

# Two camping trips months apart (not near-duplicates: dream would merge them); the May
# one is the shorter, so the keyword leg prefers it.
CAMPING_MAY = "Jon: We went camping by the lake. (8 May 2023)"
CAMPING_AUGUST = (
    "Jon: Camping at the lake again, this time with the kids and the dog; it rained all "
    "weekend. (14 August 2023)"
)
# One turn only addresses Gina and says little; the other is what she said.
ADDRESSED = "Jon: Gina, the dance studio sounds great!"
SAID = "Gina: I opened my own dance studio downtown and my first class was full of kids."
OTHERS = [
    "Jon: My laptop battery died during the presentation. (8 May 2023)",
    "Gina: The quarterly tax forms are due at the end of the month.",
    "Jon: Our team switched the database to Postgres last week.",
    "Gina: I repainted the kitchen a pale shade of green.",
]
LEGS = ["hybrid", "keyword", "vector"]


async def memory_with(make_memory: MakeMemory, **settings: object) -> MemorySystem:
    writer = await make_memory(embedding_service=EMBEDDER)
    await writer.learn_many([CAMPING_MAY, CAMPING_AUGUST, ADDRESSED, SAID, *OTHERS])
    await writer.dream()
    return await reopened(make_memory, **settings)


async def reopened(make_memory: MakeMemory, **settings: object) -> MemorySystem:
    config = ElfgraphConfig(memory=MemoryConfig(graph_expansion=False, **settings))
    return await make_memory(embedding_service=EMBEDDER, config=config)


async def order_of(memory: MemorySystem, question: str, blocks: set[str]) -> list[str]:
    return [b.content for b in await memory.recall(question, top_k=8) if b.content in blocks]


@pytest.mark.parametrize("legs", LEGS)
async def test_a_question_naming_a_month_finds_the_block_of_that_month(
    make_memory: MakeMemory, legs: str
) -> None:
    question = "Where did Jon go camping in August 2023?"
    memory = await memory_with(make_memory, retrieval_legs=legs)
    assert (await order_of(memory, question, {CAMPING_MAY, CAMPING_AUGUST}))[0] == CAMPING_AUGUST


async def test_without_temporal_weight_the_better_worded_block_wins(
    make_memory: MakeMemory,
) -> None:
    # The ISO date shares no word with either block: only the date parser can tell them apart.
    question = "Jon camping lake the week before 2023-08-20"
    found = {}
    await memory_with(make_memory)
    for weight in (0.0, 0.6):  # the May block leads by a third of the best keyword score
        memory = await reopened(make_memory, retrieval_legs="keyword", temporal_weight=weight)
        found[weight] = (await order_of(memory, question, {CAMPING_MAY, CAMPING_AUGUST}))[0]
    assert found == {0.0: CAMPING_MAY, 0.6: CAMPING_AUGUST}


@pytest.mark.parametrize("legs", LEGS)
async def test_a_question_about_a_speaker_finds_what_they_said(
    make_memory: MakeMemory, legs: str
) -> None:
    memory = await memory_with(make_memory, retrieval_legs=legs)
    question = "What did Gina open?"
    assert (await order_of(memory, question, {ADDRESSED, SAID}))[0] == SAID


async def test_a_question_asking_when_finds_the_turn_that_says_when(
    make_memory: MakeMemory,
) -> None:
    plain = "Jon: The fair was fun, so many people."
    dated = "Jon: The fair yesterday was fun, so many people."
    writer = await make_memory(embedding_service=EMBEDDER)
    await writer.learn_many([plain, dated, *OTHERS])
    await writer.dream()
    # The default configuration (tests/config/test_setting_retrieval.py isolates the weight).
    memory = await reopened(make_memory)
    assert (await order_of(memory, "When did Jon go to a fair?", {plain, dated}))[0] == dated
