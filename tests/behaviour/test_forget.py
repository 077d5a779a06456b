"""forget, forget_matching and correct as an agent sees them (docs/BEHAVIOUR.md §12), on
both transports: what recall returns after, what the graph keeps, and bad input changing
nothing."""

from __future__ import annotations

import pytest

from elfgraph import CorrectError, ForgetError
from elfgraph.protocol import Memory
from elfgraph.store.database import Database
from tests.support.graph import graph, snapshot

pytestmark = pytest.mark.anyio

SECRET = "The vault password is tangerine-4471"
FACTS = [SECRET, "Deploys need two approvals", "Backups run at midnight"]


async def contents(database: Database, space: str) -> list[str]:
    rows = await graph(
        database, "MATCH (b:Block {space: $s}) RETURN b.content AS c ORDER BY c", s=space
    )
    return [row["c"] for row in rows]


async def test_a_forgotten_block_is_gone_from_recall_and_the_graph(
    memory: Memory, database: Database, space: str
) -> None:
    learned = await memory.learn_many(FACTS)
    await memory.dream()
    assert any(b.content == SECRET for b in await memory.recall("vault password"))
    secret_id = learned[0].block_id
    result = await memory.forget([secret_id[:8]], reason="pasted by mistake")
    assert (result.block_ids, result.active, result.dry_run) == ([secret_id], 1, False)
    assert result.reason == "pasted by mistake"
    assert all(b.content != SECRET for b in await memory.recall("vault password"))
    assert SECRET not in await contents(database, space)
    assert secret_id not in memory.session_block_ids
    assert all(secret_id not in record.detail for record in memory.history(50))
    assert (await memory.status()).forgotten_count == 1


async def test_an_unknown_id_is_a_forget_error_and_nothing_goes(
    memory: Memory, database: Database, space: str
) -> None:
    learned = await memory.learn_many(FACTS)
    await memory.dream()
    before = await snapshot(database, space)
    with pytest.raises(ForgetError) as raised:
        await memory.forget([learned[1].block_id, "f" * 16])
    assert raised.value.recovery
    assert await snapshot(database, space) == before


async def test_forget_matching_previews_with_the_texts_then_forgets_when_told(
    memory: Memory, database: Database, space: str
) -> None:
    await memory.learn_many(FACTS)
    await memory.dream()
    before = await snapshot(database, space)
    preview = await memory.forget_matching("TANGERINE")
    assert preview.dry_run
    assert [b.content for b in preview.blocks] == [SECRET]
    assert await snapshot(database, space) == before
    done = await memory.forget_matching("tangerine", dry_run=False)
    assert done.block_ids == preview.block_ids
    assert await contents(database, space) == sorted(FACTS[1:])


async def test_a_correction_is_recalled_at_once_and_the_old_id_names_it(
    memory: Memory, database: Database, space: str
) -> None:
    learned = await memory.learn_many(["Standup is at nine", *FACTS[1:]])
    await memory.dream()
    old = learned[0].block_id
    result = await memory.correct(old, "Standup is at ten now", reason="moved")
    assert (result.old_id, result.reason) == (old, "moved")
    found = await memory.recall("when is standup")
    assert found[0].content == "Standup is at ten now"
    assert all(b.content != "Standup is at nine" for b in found)
    (row,) = await graph(
        database,
        "MATCH (b:Block {space: $s, id: $id}) RETURN b.status AS status, b.superseded_by AS by",
        s=space,
        id=old,
    )
    assert row == {"status": "archived", "by": result.new_id}
    before = await snapshot(database, space)
    with pytest.raises(CorrectError):
        await memory.correct(result.new_id, "Standup is at ten now")  # the same text
    assert await snapshot(database, space) == before
