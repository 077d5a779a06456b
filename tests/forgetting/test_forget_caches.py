"""Every process forgets (docs/BEHAVIOUR.md §12): a MemorySystem whose caches were loaded
before another one forgot blocks lets go of them at its next catch-up, though no recall came
across them; the one that forgot does not check its blocks again; a cached SELF frame is
dropped when the space's retracted epoch moves; the vector cache's own bookkeeping."""

from __future__ import annotations

import pytest

from elfgraph.retrieval.catch_up import catch_up
from elfgraph.retrieval.vector_cache import VectorCache
from elfgraph.store.database import Database
from elfgraph.store.transaction import queries_run
from tests.support.graph import graph
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio

TEXTS = [
    f"note {n}: the {kind} service runs on port {8000 + n}"
    for n, kind in enumerate(
        ["api", "queue", "cache", "worker", "cron", "proxy", "mail", "search"] * 5
    )
]


async def ids_of(database: Database, space: str, texts: list[str]) -> list[str]:
    rows = await graph(
        database,
        "MATCH (b:Block {space: $s}) WHERE b.content IN $t RETURN b.id AS id",
        s=space,
        t=texts,
    )
    return [row["id"] for row in rows]


async def test_another_process_cache_lets_go_of_forgotten_blocks_at_its_catch_up(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    writer = await make_memory()
    await writer.learn_many(TEXTS)
    await writer.dream()
    reader = await make_memory()  # opens warm: its caches hold every block
    cache = reader._retriever.vectors
    assert len(cache.held_ids()) == len(TEXTS)
    gone = await ids_of(database, space, TEXTS[:3])
    result = await writer.forget(gone)
    assert result.active == 3
    # Without a recall that comes across them, the next catch-up finds them gone.
    await catch_up(database, space, cache)
    assert not set(gone) & set(cache.held_ids())
    assert len(cache.held_ids()) == len(TEXTS) - 3
    assert cache.keywords.search(["8000"], 5)[0] == []
    # The forgetting process knew: its catch-up checks nothing (one read, the delta).
    own = writer._retriever.vectors
    assert not set(gone) & set(own.held_ids())
    assert own.known_forgets
    counted = queries_run()
    await catch_up(database, space, own)
    assert queries_run() - counted == 1


async def test_a_cached_self_frame_is_dropped_when_another_process_forgets(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    writer = await make_memory()
    await writer.learn_many(
        [
            {"content": f"I value {word} above all", "tags": ["self/value"]}
            for word in ("clarity", "honesty", "speed")
        ]
    )
    await writer.dream()
    reader = await make_memory()
    first = await reader.frame("self")
    assert "clarity" in first.text
    assert (await reader.frame("self")).cached
    await writer.forget(await ids_of(database, space, ["I value clarity above all"]))
    again = await reader.frame("self")
    assert not again.cached
    assert "clarity" not in again.text
    assert (await reader.frame("self")).cached  # kept again under the new epoch


def test_the_vector_cache_forgets_what_this_process_forgot() -> None:
    cache = VectorCache(10)
    cache.load(
        ("key", 1),
        ["a", "b", "c"],
        [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]],
        [["alpha", None], ["beta", None], ["gamma", None]],
    )
    cache.forgotten(["b"], {7})
    assert cache.held_ids() == ["a", "c"]
    assert cache.known_forgets == {7}
    assert cache.keywords.search(["beta"], 3)[0] == []
    assert cache.nearest([0.0, 1.0], 3)[0][0] == "c"  # b is gone
