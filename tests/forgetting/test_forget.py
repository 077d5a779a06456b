"""forget() and forget_matching() (docs/BEHAVIOUR.md §12) on a real space: what goes, what
stays, how ids are resolved, and that bad input changes nothing."""

from __future__ import annotations

import pytest

from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.errors import ForgetError
from elfgraph.memory import MemorySystem
from elfgraph.store.database import Database
from tests.support.graph import (
    archive_due_drift,
    block_props,
    blocks_by_status,
    degree_drift,
    due_drift,
    edge_count_drift,
    graph,
    graph_write,
    snapshot,
)
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio

KEPT = "The release train leaves every second Tuesday"
REPEAT = "The release train leaves every second Tuesday, as agreed"
REPEAT_TOO = "the release train leaves every 2nd tuesday"
FACTS = [
    "Alice owns the billing service",
    "The billing service is written in Go",
    "Bob reviews every schema migration",
    "Staging is refreshed from production weekly",
]
NEAR = {(KEPT, REPEAT): 0.97, (KEPT, REPEAT_TOO): 0.96}


async def memory_with_duplicates(make_memory: MakeMemory) -> MemorySystem:
    """KEPT active, with two near-duplicates dream archived into it (their texts absorbed)."""
    memory = await make_memory(embedding_service=MockEmbeddingService(similarities=NEAR))
    async with memory.session():
        await memory.learn_many([KEPT, *FACTS])
    await memory.dream()
    await memory.learn_many([REPEAT, REPEAT_TOO])
    await memory.dream()
    return memory


async def by_content(database: Database, space: str) -> dict[str, dict[str, object]]:
    rows = await graph(database, "MATCH (b:Block {space: $s}) RETURN b {.*} AS b", s=space)
    return {row["b"]["content"]: row["b"] for row in rows}


async def no_drift(database: Database, space: str) -> None:
    assert await degree_drift(database, space) == []
    assert await due_drift(database, space) == []
    assert await archive_due_drift(database, space) == []
    assert await edge_count_drift(database, space) == []


async def test_a_near_duplicate_is_forgotten_exactly_and_its_survivor_gives_its_text_back(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await memory_with_duplicates(make_memory)
    blocks = await by_content(database, space)
    kept, repeat = blocks[KEPT], blocks[REPEAT]
    assert kept["absorbed"] == [REPEAT, REPEAT_TOO]
    assert repeat["superseded_by"] == kept["id"]
    # Outcome and connect resolve a near-duplicate's id to its survivor; forget does not.
    result = await memory.forget([str(repeat["id"])[:8]])
    assert result.block_ids == [repeat["id"]]
    assert (result.archived, result.texts_given_back) == (1, 1)
    after = await by_content(database, space)
    assert REPEAT not in after
    assert after[KEPT]["absorbed"] == [REPEAT_TOO]
    assert after[KEPT]["summary"] == f"{KEPT}\n{REPEAT_TOO}"  # its own text stays
    assert int(str(after[KEPT]["vector_epoch"])) > int(str(kept["vector_epoch"]))  # read again
    found = await memory.recall("as agreed", top_k=3)  # the words only REPEAT had
    assert all("as agreed" not in (b.content or "") for b in found)
    hits = await graph(
        database,
        "CALL db.index.fulltext.queryNodes('block_text_by_space', $q) YIELD node "
        "WHERE node.space = $s RETURN node.id AS id",
        q="agreed",
        s=space,
    )
    assert hits == []  # the full-text index no longer finds it in the survivor's summary
    await no_drift(database, space)


async def test_forgetting_a_survivor_takes_the_near_duplicates_it_absorbed_and_its_edges(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await memory_with_duplicates(make_memory)
    blocks = await by_content(database, space)
    kept = str(blocks[KEPT]["id"])
    other = str(blocks[FACTS[2]]["id"])
    await memory.connect(kept, other, "supports")
    await memory.outcome([kept, other], 0.9)
    before = await graph(database, "MATCH (s:Space {name: $s}) RETURN s.edge_count AS n", s=space)
    unchanged = await snapshot(database, space)
    preview = await memory.forget([kept], dry_run=True)
    assert preview.dry_run
    assert sorted(b.content or "" for b in preview.blocks) == sorted([KEPT, REPEAT, REPEAT_TOO])
    assert preview.near_duplicates == 2
    assert preview.edges_removed >= 2  # its session edge and the agent's
    assert await snapshot(database, space) == unchanged

    result = await memory.forget([kept], reason="wrong schedule")
    assert result.block_ids[0] == kept
    assert (result.active, result.archived, result.near_duplicates) == (1, 2, 2)
    assert result.edges_removed == preview.edges_removed
    assert result.outcomes_edited == 1
    assert all(block.content is None for block in result.blocks)  # no text in the result
    assert KEPT not in result.summary
    assert kept not in result.summary
    after = await by_content(database, space)
    assert not {KEPT, REPEAT, REPEAT_TOO} & set(after)
    edge_count = await graph(
        database, "MATCH (s:Space {name: $s}) RETURN s.edge_count AS n", s=space
    )
    assert edge_count[0]["n"] == before[0]["n"] - result.edges_removed
    outcome = await graph(database, "MATCH (o:Outcome {space: $s}) RETURN o {.*} AS o", s=space)
    assert outcome[0]["o"]["block_ids"] == [other]
    assert len(outcome[0]["o"]["deltas"]) == 1
    tombstones = await graph(
        database, "MATCH (t:Forgotten {space: $s}) RETURN t {.*} AS t", s=space
    )
    assert len(tombstones) == 3
    for row in tombstones:
        stored = " ".join(str(value) for value in row["t"].values())
        assert not any(block.id in stored for block in result.blocks)
        assert {"token", "receipt", "forgotten_at", "reason", "cause", "status"} <= set(row["t"])
    assert {row["t"]["cause"] for row in tombstones} == {"named", "near_duplicate"}
    status = await memory.status()
    assert status.forgotten_count == 3
    assert "3 forgotten" in status.summary
    await no_drift(database, space)


async def test_an_inbox_copy_goes_too_and_dream_never_brings_it_back(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory()
    await memory.learn_many(FACTS)
    await memory.dream()
    target = (await by_content(database, space))[FACTS[0]]
    copy = await memory.learn("  " + FACTS[0].upper() + " ")  # the same text, learned again
    assert copy.status == "created"
    inbox = await memory.learn("Something else still waiting")
    result = await memory.forget([str(target["id"])])
    assert result.inbox_copies == 1
    assert set(result.block_ids) == {target["id"], copy.block_id}
    assert (await blocks_by_status(database, space))["inbox"] == {inbox.block_id}
    await memory.dream()
    assert all(FACTS[0].lower() not in c.lower() for c in await by_content(database, space))


async def test_unknown_and_ambiguous_ids_are_errors_and_nothing_changes(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory()
    await memory.learn_many([f"fact number {n}" for n in range(40)])
    await memory.dream()
    ids = sorted(str(b["id"]) for b in (await by_content(database, space)).values())
    for n, twin in enumerate(("abcdef0011111111", "abcdef0022222222")):
        await graph_write(
            database,
            "CREATE (:Block {space: $s, id: $id, status: 'inbox', content: $c, tags: []})",
            s=space,
            id=twin,
            c=f"twin {n}",
        )
    before = await snapshot(database, space)
    with pytest.raises(ForgetError, match="No block with id"):
        await memory.forget([ids[0], "0123456789abcdef"])
    with pytest.raises(ForgetError, match="6 characters"):
        await memory.forget([ids[0][:4]])
    with pytest.raises(ForgetError, match="more than one block"):
        await memory.forget([ids[1], "abcdef00"])
    for bad in ([], "abc", [None], [""], ["x" * 65]):
        with pytest.raises(ForgetError):
            await memory.forget(bad)  # type: ignore[arg-type]
    with pytest.raises(ForgetError):
        await memory.forget([ids[0]], reason=3)  # type: ignore[arg-type]
    with pytest.raises(ForgetError):
        await memory.forget_matching("ab")
    with pytest.raises(ForgetError):
        await memory.forget_matching("fact", limit=0)
    assert await snapshot(database, space) == before


async def test_forget_matching_previews_then_forgets_what_contains_the_text(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory()
    await memory.learn_many(
        ["Call Dana at 555-0199 after six", "Dana likes tea", "The office number is 555-0100"]
    )
    await memory.dream()
    await memory.learn("Dana's new number: 555-0199")  # still in the inbox
    before = await snapshot(database, space)
    preview = await memory.forget_matching("555-0199")
    assert preview.dry_run
    assert sorted(b.content or "" for b in preview.blocks) == [
        "Call Dana at 555-0199 after six",
        "Dana's new number: 555-0199",
    ]
    assert "555-0199" not in preview.summary  # the text asked for is never echoed
    assert await snapshot(database, space) == before
    few = await memory.forget_matching("dana", limit=2)
    assert few.more_matching
    assert len(few.blocks) == 2
    done = await memory.forget_matching("555-0199", reason="phone", dry_run=False)
    assert sorted(done.block_ids) == sorted(preview.block_ids)
    left = await by_content(database, space)
    assert sorted(left) == ["Dana likes tea", "The office number is 555-0100"]
    nothing = await memory.forget_matching("555-0199", dry_run=False)
    assert nothing.blocks == []
    assert nothing.summary.startswith("Nothing to forget")


async def test_the_forgetting_process_drops_its_breadcrumbs_and_history_of_it(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory()
    async with memory.session():
        await memory.learn_many(FACTS)
        await memory.dream()
        blocks = await memory.recall("billing service", top_k=4)
        target = next(b for b in blocks if b.content == FACTS[0])
        assert target.id in memory.last_recall_block_ids
        assert any(FACTS[0][:20] in r.detail for r in memory.history(100))
        await memory.forget([target.id])
        assert target.id not in memory.last_recall_block_ids + memory.session_block_ids
        assert all(FACTS[0][:20] not in r.detail for r in memory.history(100))
        assert memory.history(1)[0].operation == "forget"
        await memory.outcome(memory.last_recall_block_ids, 0.8)  # no forgotten id in them


async def test_a_block_that_leaned_on_a_forgotten_one_is_found_by_a_vector_without_it(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    embedder = MockEmbeddingService()
    memory = await make_memory(embedding_service=embedder)
    async with memory.session():
        await memory.learn_many(FACTS)
    await memory.dream()
    blocks = await by_content(database, space)
    third = await block_props(database, space, str(blocks[FACTS[2]]["id"]))
    result = await memory.forget([str(blocks[FACTS[1]]["id"])])
    assert result.vectors_refreshed == 1
    after = await block_props(database, space, str(blocks[FACTS[2]]["id"]))
    own = (await embedder.embed(FACTS[2].lower())).tolist()
    previous = (await embedder.embed(FACTS[0].lower())).tolist()  # now learned just before it
    leaning = [a + 0.5 * b for a, b in zip(own, previous, strict=True)]
    norm = sum(x * x for x in leaning) ** 0.5
    assert after["embedding"] != third["embedding"]
    assert after["embedding"] == pytest.approx([x / norm for x in leaning], abs=1e-5)
    assert after["embedding_sketch"] != third["embedding_sketch"]
    assert after["sketch"] == third["sketch"]  # its own vector's sketch never leaned
    await no_drift(database, space)
