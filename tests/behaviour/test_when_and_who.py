"""occurred_at, speaker and as_of as an agent sees them (docs/BEHAVIOUR.md §3.3, §7.12), on
both transports: dates and date-times are taken as objects or ISO text alike, come back on
the recalled block and in a frame, and bad ones are a LearnError before any write."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from elfgraph import LearnError
from elfgraph.protocol import Memory
from elfgraph.store.database import Database
from tests.support.graph import snapshot

pytestmark = pytest.mark.anyio


async def test_the_event_time_and_the_speaker_come_back_on_the_block(memory: Memory) -> None:
    await memory.learn(
        "We are moving to Lisbon",
        occurred_at=datetime(2023, 5, 8, 13, 56, tzinfo=UTC),
        speaker="Maria",
    )
    await memory.learn_many(["The flat has a balcony"], occurred_at=date(2023, 5, 9))
    await memory.remember("Nothing dated here")
    await memory.dream()
    found = {b.content: b for b in await memory.recall("moving to Lisbon flat", top_k=10)}
    moving = found["We are moving to Lisbon"]
    assert (moving.speaker, moving.occurred_at) == ("Maria", "2023-05-08T13:56:00+00:00")
    assert found["The flat has a balcony"].occurred_at == "2023-05-09T00:00:00+00:00"
    assert found["The flat has a balcony"].speaker is None
    frame = await memory.frame("attention", "Lisbon", ids=True)
    assert "8 May 2023 · Maria: We are moving to Lisbon" in frame.text


async def test_a_period_relative_to_as_of_prefers_its_blocks(memory: Memory) -> None:
    await memory.learn_many(
        [
            {"content": "We chose the blue logo", "occurred_at": "2023-05-10"},
            {"content": "We chose the red logo", "occurred_at": "2023-03-01"},
        ]
    )
    await memory.dream()
    found = await memory.recall("which logo did we choose last week?", as_of=date(2023, 5, 15))
    assert found[0].content == "We chose the blue logo"


@pytest.mark.parametrize(
    "fields", [{"occurred_at": "8 May 2023"}, {"speaker": "Maria\nJohn"}, {"occurred_at": 5}]
)
async def test_a_bad_time_or_speaker_is_a_learn_error_before_any_write(
    memory: Memory, database: Database, space: str, fields: dict[str, object]
) -> None:
    before = await snapshot(database, space)
    with pytest.raises(LearnError) as raised:
        await memory.learn("a fact", **fields)  # type: ignore[arg-type]
    assert raised.value.recovery
    assert await snapshot(database, space) == before
