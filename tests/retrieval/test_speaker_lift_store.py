"""The speaker lift on a real Neo4j (docs/BEHAVIOUR.md §7.9): a question that names a
speaker prefers that speaker's turns, but a turn of theirs that matches only by the name
does not rise above a clear match said by someone else: the lift at most doubles a turn's
own similarity. With the flat lift of before, all three of Ana's name-only turns came before
Ben's (hybrid legs). Bag-of-words vectors, so which words a turn shares with the question
decides its similarity."""

from __future__ import annotations

import pytest

from elfgraph.config.loading import ElfgraphConfig
from elfgraph.config.memory import MemoryConfig
from elfgraph.memory import MemorySystem
from tests.support.embedders import BagOfWordsEmbedder
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio

QUESTION = "What did Ana say about rising bread dough overnight?"
ANAS_MATCH = "Ana: My bread dough rises overnight in the fridge"
CLEAR_MATCH = "Ben: Bread dough tastes better after a long rest"  # the other speaker, on the topic
NAME_ONLY = [  # Ana's turns that share nothing with the question but her name
    "Ana: The harbour was calm this morning",
    "Ana: I repainted the kitchen green",
    "Ana: My sister moved to Lisbon",
]
CHATTER = [
    "Ben: The train was late again",
    "Ben: Tomatoes need full sun",
    "Ben: Saturn's rings are made of ice",
]


async def conversation(make_memory: MakeMemory, **settings: object) -> MemorySystem:
    embedder = BagOfWordsEmbedder()
    writer = await make_memory(embedding_service=embedder)
    await writer.learn_many([ANAS_MATCH, CLEAR_MATCH, *NAME_ONLY, *CHATTER])
    await writer.dream()
    config = ElfgraphConfig(memory=MemoryConfig(graph_expansion=False, **settings))
    return await make_memory(embedding_service=embedder, config=config)


@pytest.mark.parametrize("legs", ["hybrid", "keyword"])
async def test_a_turn_that_matches_by_the_name_alone_stays_below_a_clear_match(
    make_memory: MakeMemory, legs: str
) -> None:
    memory = await conversation(make_memory, retrieval_legs=legs)
    found = [b.content for b in await memory.recall(QUESTION, top_k=5)]
    assert found[:2] == [ANAS_MATCH, CLEAR_MATCH], found


async def test_the_set_up_without_the_lift_the_two_turns_on_the_topic_lead(
    make_memory: MakeMemory,
) -> None:
    memory = await conversation(make_memory, speaker_weight=0.0)
    found = [b.content for b in await memory.recall(QUESTION, top_k=5)]
    assert found[0] in {ANAS_MATCH, CLEAR_MATCH}
    assert set(found[:2]) == {ANAS_MATCH, CLEAR_MATCH}, found
