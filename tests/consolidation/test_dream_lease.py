"""The dream lease on a real Neo4j: one dream per space at a time. A second dream waits
for the first and then finds what it promoted; a crashed dream's lease runs out; a dream
that lost its lease writes nothing more; the lease is freed after a dream, even a failed
one."""

from __future__ import annotations

import anyio
import pytest

from elfgraph.consolidation import lease as lease_module
from elfgraph.consolidation.lease import DreamLease
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.errors import DreamError
from elfgraph.store.database import Database
from tests.support.curate_setup import space_props
from tests.support.graph import graph, graph_write
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio
LEASE = ("dream_lease_owner", "dream_lease_until", "dream_lease_holder")


async def test_a_second_dream_waits_for_the_first_and_files_after_it(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory(embedding_service=MockEmbeddingService())
    await memory.learn("the first copy of a fact")
    held = DreamLease(database, space)
    await held.take()  # another process's dream
    done = anyio.Event()

    async def dream() -> None:
        await memory.dream()
        done.set()

    async with anyio.create_task_group() as group:
        group.start_soon(dream)
        await anyio.sleep(1.0)
        assert not done.is_set(), "the dream waits while the lease is held"
        rows = await graph(database, "MATCH (b:Block {space: $s}) RETURN b.status AS s", s=space)
        assert [row["s"] for row in rows] == ["inbox"]
        await held.release()
        with anyio.fail_after(10):
            await done.wait()
    assert (await memory.status()).active_count == 1
    assert not set(LEASE) & set(await space_props(database, space)), "the lease is freed"


async def test_a_crashed_dreams_lease_runs_out(
    make_memory: MakeMemory, database: Database, space: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory = await make_memory(embedding_service=MockEmbeddingService())
    await memory.learn("a fact")
    monkeypatch.setattr(lease_module, "LEASE_SECONDS", 1.0)
    await DreamLease(database, space).take()  # its process died: never renewed or freed
    with anyio.fail_after(15):
        result = await memory.dream()
    assert result is not None
    assert result.promoted == 1


async def test_a_dream_that_lost_its_lease_writes_nothing(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    await make_memory()
    lost = DreamLease(database, space)
    await lost.take()
    # Its lease ran out and another dream took it.
    await graph_write(
        database, "MATCH (s:Space {name: $s}) SET s.dream_lease_owner = 'another'", s=space
    )
    with pytest.raises(DreamError) as raised:
        await database.write(lost.hold)
    assert "dream" in raised.value.recovery
    await lost.release()  # leaves the other dream's lease alone
    assert (await space_props(database, space))["dream_lease_owner"] == "another"


async def test_a_failed_dream_frees_the_lease(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    class Broken(MockEmbeddingService):
        async def embed_batch(self, texts: list[str]) -> list[object]:  # type: ignore[override]
            raise RuntimeError("the embedder fell over")

    memory = await make_memory(embedding_service=Broken())
    await memory.learn("a fact")
    with pytest.raises(RuntimeError):
        await memory.dream()
    assert not set(LEASE) & set(await space_props(database, space))
