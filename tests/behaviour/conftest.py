"""The behaviour suite's fixtures: `memory` and `open_memory` take each transport in turn,
a MemorySystem in the test's process ("library") and elfgraph.connect through the session's
`elfgraph serve` ("service"), with a key made for the test's space."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

import elfgraph
from elfgraph.keys.manage import create_key
from elfgraph.protocol import Memory
from elfgraph.store.database import Database
from tests.support.memory import MakeMemory
from tests.support.service import RunningService
from tests.support.transports import TRANSPORTS, OpenMemory


@pytest.fixture(params=TRANSPORTS)
def transport(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
async def open_memory(
    transport: str,
    request: pytest.FixtureRequest,
    make_memory: MakeMemory,
    database: Database,
    space: str,
) -> AsyncIterator[OpenMemory]:
    """Open memories of the test's space, as the transport does it (each call: another
    MemorySystem, or another client)."""
    if transport == "library":
        yield make_memory
        return
    service: RunningService = request.getfixturevalue("service")
    key = (await create_key(database, space=space, scope="admin", label="behaviour")).key
    opened: list[elfgraph.RemoteMemory] = []

    async def connect() -> Memory:
        memory = await elfgraph.connect(service.url, space, key=key)
        opened.append(memory)
        return memory

    yield connect
    for memory in opened:
        await memory.close()


@pytest.fixture
async def memory(open_memory: OpenMemory) -> Memory:
    return await open_memory()
