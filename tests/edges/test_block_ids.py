"""Block ids as an agent gives them back (elfgraph/edges/ids.py): whole, a unique prefix of
at least 6 characters, or the id of a block dream archived as a near-duplicate, in
outcome, connect, disconnect and connects. Unknown and ambiguous ids are errors that say
which, and leave the graph as it was."""

from __future__ import annotations

import pytest

from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.errors import BlockNotActiveError, ConnectError, OutcomeError
from elfgraph.memory import MemorySystem
from elfgraph.store.database import Database
from tests.support.graph import block_props, edges_of, graph, graph_write, snapshot
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio


async def two_active(make_memory: MakeMemory) -> tuple[MemorySystem, str, str]:
    memory = await make_memory()
    learned = await memory.learn_many(["the deploy script needs AWS", "staging is read-only"])
    await memory.dream()
    return memory, learned[0].block_id, learned[1].block_id


async def twins(database: Database, space: str) -> tuple[str, str]:
    """Two active blocks whose ids share their first 8 characters."""
    ids = ("abcdef0011111111", "abcdef0022222222")
    for n, block_id in enumerate(ids):
        await graph_write(
            database,
            "CREATE (:Block {space: $s, id: $id, status: 'active', content: $c, "
            "confidence: 0.5, decay_lambda: 0.01, reinforcement_count: 1, "
            "last_reinforced_at: 0.0, tags: []})",
            s=space,
            id=block_id,
            c=f"twin {n}",
        )
    return ids


async def test_a_prefix_of_six_characters_works_everywhere(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory, a, b = await two_active(make_memory)
    linked = await memory.connect(a[:6], b[:8], "supports")
    assert (linked.source_id, linked.target_id) == (a, b)  # whole ids come back
    rated = await memory.outcome([a[:7], b], 0.9)
    assert (rated.ids_matched, rated.blocks_updated) == (2, 2)
    assert rated.block_ids == sorted([a, b])
    assert (await block_props(database, space, a))["confidence"] > 0.5
    many = await memory.connects([{"source": a[:6], "target": b[:6], "relation": "supports"}])
    assert (many.reinforced, many.errors) == (1, [])
    removed = await memory.disconnect(b[:6], a[:10], reason="wrong after all")
    assert (removed.action, removed.source_id, removed.target_id) == ("removed", b, a)
    assert "wrong after all" in removed.summary
    assert "wrong after all" in memory.history(1)[0].detail
    assert await edges_of(database, space) == []


async def test_an_ambiguous_prefix_names_the_blocks_it_matches(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory()
    first, second = await twins(database, space)
    before = await snapshot(database, space)
    with pytest.raises(OutcomeError) as outcome_error:
        await memory.outcome(["abcdef"], 1.0)
    with pytest.raises(ConnectError) as connect_error:
        await memory.connect("abcdef00", second)
    for caught in (outcome_error, connect_error):
        assert "more than one block" in caught.value.message
        assert first in caught.value.message
        assert second in caught.value.message
        assert "more characters" in caught.value.recovery
    result = await memory.connects([{"source": "abcdef", "target": second}])
    assert result.errors[0].error == "ConnectError"
    assert await snapshot(database, space) == before
    assert await graph(database, "MATCH (o:Outcome {space: $s}) RETURN o", s=space) == []
    # One more character makes it unique.
    assert (await memory.connect("abcdef001", second)).source_id == first


async def test_unknown_ids_and_short_prefixes_are_errors_that_say_which(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory, a, b = await two_active(make_memory)
    before = await snapshot(database, space)
    with pytest.raises(OutcomeError) as caught:
        await memory.outcome([a, "feedbeefcafe"], 1.0)
    assert "'feedbeefcafe'" in caught.value.message
    with pytest.raises(OutcomeError) as short:
        await memory.outcome([a[:5]], 1.0)  # a real prefix, but too short to be one
    assert "at least 6 characters" in short.value.recovery
    with pytest.raises(BlockNotActiveError) as unknown:
        await memory.connect(a, "feedbeefcafe")
    assert unknown.value.block_id == "feedbeefcafe"
    with pytest.raises(ConnectError, match="at least 6"):
        await memory.disconnect(a, b[:3])
    assert await snapshot(database, space) == before


async def test_two_prefixes_of_one_block_are_a_self_loop(make_memory: MakeMemory) -> None:
    from elfgraph.errors import SelfLoopError

    memory, a, _ = await two_active(make_memory)
    with pytest.raises(SelfLoopError):
        await memory.connect(a[:6], a)


async def test_a_rejected_duplicates_id_names_the_block_it_repeats(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    embedder = MockEmbeddingService(similarities={("colour is red", "color is red"): 0.97})
    memory = await make_memory(embedding_service=embedder)
    (kept,) = await memory.learn_many(["colour is red"])
    await memory.dream()
    (repeat,) = await memory.learn_many(["color is red"])
    assert (await memory.dream()).deduplicated == 1  # type: ignore[union-attr]
    props = await block_props(database, space, repeat.block_id)
    assert (props["status"], props["superseded_by"]) == ("archived", kept.block_id)
    rated = await memory.outcome([repeat.block_id[:8]], 1.0)
    assert rated.block_ids == [kept.block_id]


async def test_a_superseded_id_follows_its_replacements_across_dreams(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    first, second, third = "release notes", "release notes, revised", "release notes, final"
    embedder = MockEmbeddingService(similarities={(first, second): 0.93, (second, third): 0.93})
    memory = await make_memory(embedding_service=embedder)
    ids = []
    for text in (first, second, third):
        (learned,) = await memory.learn_many([text])
        ids.append(learned.block_id)
        await memory.dream()
    statuses = [(await block_props(database, space, i))["status"] for i in ids]
    assert statuses == ["archived", "archived", "active"]
    # The oldest one now points straight at the newest (re-pointed by the second dream).
    assert (await block_props(database, space, ids[0]))["superseded_by"] == ids[2]
    other = await memory.learn_many(["unrelated fact"])
    await memory.dream()
    linked = await memory.connect(ids[0], other[0].block_id, "supports")
    assert linked.source_id == ids[2]
