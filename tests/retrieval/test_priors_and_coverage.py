"""Relevance decides, the priors reorder near-ties, coverage prefers the fuller match
(docs/BEHAVIOUR.md §7.4, §7.10), on a real Neo4j: a small chat between two speakers with
bag-of-words vectors, where the turn that answers holds every word asked about and a short
chatty turn that repeats one of them is made confident, reinforced and central."""

from __future__ import annotations

import pytest

from elfgraph.config.loading import ElfgraphConfig
from elfgraph.config.memory import MemoryConfig
from elfgraph.memory import MemorySystem
from elfgraph.store.database import Database
from tests.support.embedders import BagOfWordsEmbedder
from tests.support.graph import graph_write
from tests.support.memory import MakeMemory
from tests.support.recall_setup import link

pytestmark = pytest.mark.anyio

QUESTION = "What kind of art does Caroline make?"
ANSWER = "Caroline: I make abstract art, a kind of painting about identity, for the show"
CHATTY = "Caroline: Art! Art is great, Melanie! Art!"  # the hub
TURNS = [
    ANSWER,
    CHATTY,
    "Melanie: We went camping by the lake with the kids",
    "Melanie: I make pottery on Sundays, it calms me",
    "Caroline: The support group helped me a lot this week",
    "Melanie: The kids loved the museum and the dinosaurs",
    "Caroline: I am thinking about adoption agencies",
    "Melanie: Running in the morning clears my head",
]


async def chat(
    make_memory: MakeMemory, database: Database, space: str, **memory: float
) -> MemorySystem:
    config = ElfgraphConfig(memory=MemoryConfig(**memory))
    opened = await make_memory(embedding_service=BagOfWordsEmbedder(), config=config)
    await opened.learn_many(TURNS)
    await opened.dream()
    ids = {b.content: b.id for b in await opened.recall("Caroline Melanie", top_k=20)}
    for other in TURNS[2:]:  # the hub: linked to every other turn
        await link(database, space, ids[CHATTY], ids[other], "supports", 0.9)
    await graph_write(
        database,
        "MATCH (b:Block {space: $s, id: $id}) SET b.reinforcement_count = 50, b.confidence = 1.0",
        s=space,
        id=ids[CHATTY],
    )
    return opened


async def test_the_turn_holding_every_asked_word_comes_first(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await chat(make_memory, database, space)
    found = await memory.recall(QUESTION, top_k=3)
    assert found[0].content == ANSWER, [b.content for b in found]
    assert CHATTY in [b.content for b in found]  # still relevant: it follows


async def test_without_the_cap_and_coverage_the_hub_wins(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    # The same store with the attention frame's own weights and no coverage: the premise
    # that makes the test above meaningful.
    memory = await chat(make_memory, database, space, prior_weight=1.0, coverage_weight=0.0)
    found = await memory.recall(QUESTION, top_k=3)
    assert found[0].content == CHATTY, [b.content for b in found]
