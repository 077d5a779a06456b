"""Two `elfgraph serve` processes on one Neo4j behave as one service: a client whose calls
land on one server, then the other (as behind a load balancer), keeps its session, sees its
writes (its bookmarks travel with it), and a dream or a curate through one is seen by the
other's caches."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import elfgraph
from elfgraph.client.memory import RemoteMemory
from elfgraph.config.connection import Settings
from elfgraph.store.database import Database
from elfgraph.wire import BOOKMARKS_HEADER
from tests.support.curate_setup import set_blocks, set_clock
from tests.support.graph import graph
from tests.support.service import MakeKey, RunningService, start_service

pytestmark = pytest.mark.anyio


@pytest.fixture(scope="module")
def second_service(
    neo4j_settings: Settings, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[RunningService]:
    running = start_service(tmp_path_factory.mktemp("serve-b"), settings=neo4j_settings)
    yield running
    running.stop()


def land_on(memory: RemoteMemory, server: RunningService) -> None:
    """The client's next calls reach `server` (a load balancer's choice)."""
    memory._transport._client.base_url = server.url  # type: ignore[assignment]


async def test_a_client_moving_between_two_servers_keeps_its_session_and_its_writes(
    service: RunningService,
    second_service: RunningService,
    make_key: MakeKey,
    database: Database,
    space: str,
    tmp_path: Path,
) -> None:
    key = await make_key("write")
    memory = await elfgraph.connect(service.url, space, key=key)
    seen = await elfgraph.connect(second_service.url, space, key=key)
    await seen.recall("anything")  # B opens the space and loads its caches now
    session = await memory.begin_session("coding")
    first = await memory.learn("the lighthouse keeper is called Morag")
    assert memory._transport.bookmarks  # A's answer carried its bookmarks
    land_on(memory, second_service)
    found = await memory.recall("lighthouse keeper Morag")
    assert [(b.id, b.pending) for b in found] == [(first.block_id, True)]
    second = await memory.learn("the lighthouse stands on the northern cliff")
    assert memory.session_id == session
    rows = await graph(
        database, "MATCH (b:Block {space: $s}) RETURN DISTINCT b.session_id AS s", s=space
    )
    assert rows == [{"s": session}]  # both learned in the one session, through two servers

    land_on(memory, service)
    result = await memory.dream()  # through A
    assert result is not None
    assert result.promoted == 2
    again = await seen.recall("the lighthouse keeper is called Morag", top_k=2)
    assert again[0].id == first.block_id
    assert not again[0].pending  # B's vector cache caught up with A's dream
    assert again[0].similarity == 1.0

    await set_blocks(
        database, space, [first.block_id, second.block_id], decay_lambda=0.01,
        last_reinforced_at=0.0,
    )  # fmt: skip
    await set_clock(database, space, 400.0)
    land_on(memory, service)
    await memory.end_session()
    curated = await memory.curate()  # through A
    assert curated.archived == 2
    assert await seen.recall("the lighthouse keeper is called Morag") == []  # B sees it
    await memory.close()
    await seen.close()


async def test_the_bookmarks_a_server_answers_with_are_accepted_by_the_other(
    service: RunningService, second_service: RunningService, make_key: MakeKey, space: str
) -> None:
    import httpx2 as httpx

    key = await make_key("write")
    headers = {"Authorization": f"Bearer {key}"}
    async with httpx.AsyncClient(timeout=60) as http:
        wrote = await http.post(
            f"{service.url}/v1/spaces/{space}/learn", json={"content": "x"}, headers=headers
        )
        marks = wrote.headers[BOOKMARKS_HEADER]
        assert marks
        read = await http.post(
            f"{second_service.url}/v1/spaces/{space}/status",
            headers={**headers, BOOKMARKS_HEADER: marks},
        )
        assert read.status_code == 200
        assert read.json()["inbox_count"] == 1
        assert read.headers[BOOKMARKS_HEADER]
        bad = await http.post(
            f"{second_service.url}/v1/spaces/{space}/status",
            headers={**headers, BOOKMARKS_HEADER: ",".join(["x"] * 17)},
        )
        assert (bad.status_code, bad.json()["error"]) == (400, "RequestError")
