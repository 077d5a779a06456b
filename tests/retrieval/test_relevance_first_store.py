"""Relevance first on a real Neo4j (docs/BEHAVIOUR.md §7.4): a small store of short facts
about four topics, bag-of-words vectors, and a hub of another topic made confident,
reinforced and central. For every frame that takes a query, the facts that match the
query come before every fact that matches nothing, the hub included."""

from __future__ import annotations

import pytest

from elfgraph.core.scoring import cosine
from elfgraph.memory import MemorySystem
from elfgraph.store.database import Database
from tests.support.embedders import BagOfWordsEmbedder
from tests.support.graph import graph_write
from tests.support.memory import MakeMemory
from tests.support.recall_setup import link

pytestmark = pytest.mark.anyio

QUESTION = "How long does bread dough rise before baking?"
MATCHING = {  # each shares a word, or only a stem, with the question
    "Bread dough doubles in size when the yeast is active",
    "Knead the dough ten minutes to develop gluten",
    "Bake loaves at a high oven temperature for a crisp crust",  # "bake": a stem only
    "Proofing baskets shape the loaf while it rises",  # "rise": a stem only
}
OTHERS = [
    "Sourdough starter is fed with flour and water daily",  # baking, but no shared word
    "Jupiter has dozens of moons",  # the hub
    "A light year measures distance not time",
    "The telescope mirror was ground by hand",
    "Saturn's rings are made of ice",
    "Comets grow tails near the sun",
    "The sloop heels in a strong breeze",
    "Reef the mainsail when a storm comes",
    "A bowline knot never slips",
    "Tide tables tell when the harbour is deep enough",
    "Tomatoes need full sun and steady watering",
    "Compost feeds the soil",
    "Prune roses in late winter",
    "Mulch keeps weeds down",
]
HUB = "Jupiter has dozens of moons"


async def multi_topic_store(
    make_memory: MakeMemory, database: Database, space: str
) -> MemorySystem:
    embedder = BagOfWordsEmbedder()
    for text in OTHERS:  # the set-up's premise: no accidental shared word with the question
        assert cosine(embedder.vector(text), embedder.vector(QUESTION)) == 0.0, text
    memory = await make_memory(embedding_service=embedder)
    await memory.learn_many([{"content": t, "tags": ["self/fact"]} for t in [*MATCHING, *OTHERS]])
    await memory.dream()
    ids = {b.content: b.id for b in await memory.recall(None, top_k=100, frame="self")}
    for other in OTHERS[2:]:  # the hub: linked to every fact of the other topics
        await link(database, space, ids[HUB], ids[other], "supports", 0.9)
    await graph_write(
        database,
        "MATCH (b:Block {space: $s, id: $id}) SET b.reinforcement_count = 50, b.confidence = 1.0",
        s=space,
        id=ids[HUB],
    )
    return memory


@pytest.mark.parametrize("frame", ["attention", "task", "self"])
async def test_blocks_that_match_nothing_fill_in_only_after_those_that_match(
    make_memory: MakeMemory, database: Database, space: str, frame: str
) -> None:
    memory = await multi_topic_store(make_memory, database, space)
    found = await memory.recall(QUESTION, top_k=8, frame=frame)
    contents = [b.content for b in found]
    assert set(contents[: len(MATCHING)]) == MATCHING, contents
    assert all(b.relevant for b in found[: len(MATCHING)])
    assert not any(b.relevant for b in found[len(MATCHING) :])
    assert len(found) == 8  # the others fill the free places
    top = await memory.recall(QUESTION, top_k=len(MATCHING), frame=frame)
    assert {b.content for b in top} == MATCHING
    framed = await memory.frame(frame, QUESTION, top_k=len(MATCHING))
    assert {b.content for b in framed.blocks} == MATCHING
