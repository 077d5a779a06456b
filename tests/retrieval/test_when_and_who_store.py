"""Recall through event times and speakers given as data (docs/BEHAVIOUR.md §7.8-§7.9) on a
real Neo4j: no text names a speaker or a date, so only the metadata can tell the blocks
apart. Bag-of-words vectors: which words a block shares with the question decide its
similarity, and every block below shares the same ones."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from elfgraph.memory import MemorySystem
from tests.support.embedders import BagOfWordsEmbedder
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio

MOVES = [  # (content, speaker, occurred_at): the same words, two speakers, two periods
    ("We are moving to a bigger flat near the river.", "Maria", "2023-05-08T13:56:00"),
    ("We are moving to a bigger flat near the park.", "John", "2023-05-09T10:00:00"),
    ("We are moving to a bigger flat near the school.", "Maria", "2024-02-01T09:00:00"),
    ("We are moving to a bigger flat near the station.", "John", "2024-02-02T18:30:00"),
]
CHATTER = [
    ("The train was late again.", "John", "2023-05-10"),
    ("Tomatoes need full sun.", "Maria", "2023-07-01"),
    ("Saturn's rings are made of ice.", "John", "2024-03-03"),
]


async def space_of(make_memory: MakeMemory) -> MemorySystem:
    embedder = BagOfWordsEmbedder()
    writer = await make_memory(embedding_service=embedder)
    await writer.learn_many(
        [{"content": c, "speaker": s, "occurred_at": t} for c, s, t in MOVES + CHATTER]
    )
    await writer.dream()
    return await make_memory(embedding_service=embedder)


async def test_no_text_names_a_speaker_or_a_date() -> None:
    for content, speaker, _ in MOVES + CHATTER:
        assert speaker not in content
        assert not any(ch.isdigit() for ch in content)


@pytest.mark.parametrize(
    ("question", "wanted"),
    [
        ("What did Maria say about moving to a bigger flat in May 2023?", 0),
        ("What did John say about moving to a bigger flat in May 2023?", 1),
        ("What did Maria say about moving to a bigger flat in February 2024?", 2),
        ("What did John say about moving to a bigger flat in winter 2024?", 3),
    ],
)
async def test_a_period_and_a_speaker_find_their_block_through_metadata_alone(
    make_memory: MakeMemory, question: str, wanted: int
) -> None:
    memory = await space_of(make_memory)
    found = await memory.recall(question, top_k=3)
    assert found[0].content == MOVES[wanted][0], [b.content for b in found]
    assert found[0].speaker == MOVES[wanted][1]
    assert found[0].occurred_at is not None
    assert found[0].occurred_at.startswith(MOVES[wanted][2][:10])


async def test_the_frame_shows_the_day_and_the_speaker(make_memory: MakeMemory) -> None:
    memory = await space_of(make_memory)
    result = await memory.frame("attention", "moving near the river", ids=True)
    line = next(line for line in result.text.splitlines() if "river" in line)
    assert "] 8 May 2023 · Maria: We are moving to a bigger flat near the river." in line


async def test_yesterday_counts_from_as_of(make_memory: MakeMemory) -> None:
    embedder = BagOfWordsEmbedder()
    writer = await make_memory(embedding_service=embedder)
    today = date(2023, 9, 14)
    await writer.learn_many(
        [
            {"content": "We picked the blue logo.", "occurred_at": str(today - timedelta(1))},
            {"content": "We picked the red logo.", "occurred_at": str(today - timedelta(12))},
            {"content": "We picked the green logo.", "occurred_at": str(today - timedelta(40))},
        ]
    )
    await writer.dream()
    memory = await make_memory(embedding_service=embedder)
    question = "Which logo did we pick yesterday?"
    assert (await memory.recall(question, top_k=3, as_of=today))[0].content.startswith(
        "We picked the blue"
    )
    # Two weeks ago: 28 August to 3 September (and a week after, when it may be told).
    earlier = await memory.recall("Which logo did we pick two weeks ago?", as_of="2023-09-14")
    assert earlier[0].content.startswith("We picked the red")


async def test_the_week_before_an_event_is_read_from_the_events_day(
    make_memory: MakeMemory,
) -> None:
    embedder = BagOfWordsEmbedder()
    writer = await make_memory(embedding_service=embedder)
    await writer.learn_many(
        [
            {"content": "The product launch went well.", "occurred_at": "2023-06-20"},
            {"content": "We fixed the login bug.", "occurred_at": "2023-05-01"},
            {"content": "We fixed the billing bug.", "occurred_at": "2023-06-15"},
            {"content": "We fixed the search bug.", "occurred_at": "2023-07-30"},
        ]
    )
    await writer.dream()
    memory = await make_memory(embedding_service=embedder)
    found = await memory.recall("Which bug did we fix the week before the launch?", top_k=4)
    bugs = [b.content for b in found if "bug" in b.content]
    assert bugs[0] == "We fixed the billing bug.", bugs
