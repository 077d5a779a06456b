"""occurred_at and speaker on learn, learn_many and remember (docs/BEHAVIOUR.md §3.3): stored
as data, checked before any write, kept as a span by dream, carried by export and import."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from elfgraph.errors import LearnError
from elfgraph.portability.export import export_space
from elfgraph.portability.importing import import_space
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database
from tests.support.graph import graph
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio

MAY_8 = datetime(2023, 5, 8, 13, 56, tzinfo=UTC).timestamp()


async def stored(database: Database, space: str) -> list[dict[str, object]]:
    rows = await graph(
        database,
        "MATCH (b:Block {space: $space}) RETURN b {.*} AS b ORDER BY b.learn_seq",
        space=space,
    )
    return [row["b"] for row in rows]


async def test_learn_stores_the_event_time_and_the_speaker_as_properties(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory()
    await memory.learn(
        "We are moving.", occurred_at="2023-05-08T13:56:00", speaker=" Maria  López "
    )
    await memory.learn("Noted.", occurred_at="2023-05-08T15:56:00+02:00")
    await memory.learn("No time given.")
    first, zoned, plain = await stored(database, space)
    assert first["occurred_at"] == MAY_8
    assert "occurred_offset" not in first  # given without a zone: read as UTC
    assert first["speaker"] == "Maria López"
    assert first["speaker_key"] == "maria lópez"
    assert zoned["occurred_at"] == MAY_8  # 15:56 at +02:00 is 13:56 UTC
    assert zoned["occurred_offset"] == 120
    assert "speaker" not in zoned
    for absent in ("occurred_at", "occurred_offset", "speaker", "speaker_key"):
        assert absent not in plain  # its time is when it was learned: created_at


async def test_learn_many_takes_each_items_own_else_the_batchs(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory()
    await memory.learn_many(
        [
            "first",
            {"content": "second", "speaker": "John", "occurred_at": "2024-01-02"},
            {"content": "third"},
        ],
        occurred_at="2023-05-08T13:56",
        speaker="Maria",
    )
    first, second, third = await stored(database, space)
    assert (first["speaker"], first["occurred_at"]) == ("Maria", MAY_8)
    assert (second["speaker"], second["occurred_at"]) == (
        "John",
        datetime(2024, 1, 2, tzinfo=UTC).timestamp(),
    )
    assert (third["speaker_key"], third["occurred_at"]) == ("maria", MAY_8)


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"occurred_at": "8 May 2023"}, "occurred_at"),
        ({"occurred_at": "2023-02-30"}, "occurred_at"),
        ({"occurred_at": 1683554160}, "occurred_at"),
        ({"speaker": "Maria\nJohn"}, "speaker"),
        ({"speaker": "x" * 129}, "speaker"),
        ({"speaker": "   "}, "speaker"),
        ({"speaker": ["Maria"]}, "speaker"),
    ],
)
async def test_bad_input_is_a_learn_error_with_a_recovery_before_any_write(
    make_memory: MakeMemory, database: Database, space: str, fields: dict[str, object], words: str
) -> None:
    memory = await make_memory()
    with pytest.raises(LearnError, match=words) as raised:
        await memory.learn_many(["fine", {"content": "bad", **fields}])
    assert "Item 1" in str(raised.value)
    assert raised.value.recovery
    with pytest.raises(LearnError):
        await memory.remember("bad", **fields)  # type: ignore[arg-type]
    assert not memory.session_active  # a refused block opens no session
    assert await stored(database, space) == []


async def test_a_near_duplicates_survivor_keeps_both_times_as_a_span(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory()
    await memory.learn("The server room is cold.", occurred_at="2023-05-08T13:56", speaker="Ana")
    await memory.dream()
    await memory.learn("The server room is cold.", occurred_at="2023-06-01", speaker="Ana")
    await memory.dream()
    (survivor,) = [b for b in await stored(database, space) if b["status"] == "active"]
    assert survivor["occurred_at"] == MAY_8
    assert survivor["occurred_until"] == datetime(2023, 6, 1, tzinfo=UTC).timestamp()
    assert survivor["speaker"] == "Ana"
    (found,) = await memory.recall("server room", top_k=1)
    assert found.occurred_at == "2023-05-08T13:56:00+00:00"
    assert found.occurred_until == "2023-06-01T00:00:00+00:00"


async def test_export_and_import_carry_them(
    make_memory: MakeMemory, database: Database, space: str, tmp_path: Path
) -> None:
    memory = await make_memory()
    await memory.learn("We are moving.", occurred_at="2023-05-08T15:56+02:00", speaker="Maria")
    await memory.dream()
    path = tmp_path / "space.jsonl"
    await export_space(database, space, path)
    other = f"{space}-copy"
    try:
        await import_space(database, path, space=other)
        (block,) = await stored(database, other)
        assert (block["occurred_at"], block["occurred_offset"]) == (MAY_8, 120)
        assert (block["speaker"], block["speaker_key"]) == ("Maria", "maria")
    finally:
        await drop_space(database, other)
