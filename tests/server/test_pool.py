"""The server's open spaces (elfgraph/server/pool.py) stay within their bounds: at most
max_spaces, idle ones closed, the memory cap honoured, a space in use never closed; one
opening per space however many callers arrive at once. No Neo4j: a fake memory."""

from __future__ import annotations

import anyio
import pytest

from elfgraph.server import pool
from elfgraph.server.pool import Spaces

pytestmark = pytest.mark.anyio


class FakeMemory:
    def __init__(self, name: str) -> None:
        self.name = name
        self.closed = False

    async def close(self) -> None:
        self.closed = True


def opener(opened: list[str]):  # type: ignore[no-untyped-def]
    async def open_memory(name: str) -> FakeMemory:
        opened.append(name)
        await anyio.sleep(0.01)
        return FakeMemory(name)

    return open_memory


async def test_max_spaces_closes_the_least_recently_used_idle_one() -> None:
    opened: list[str] = []
    spaces = Spaces(opener(opened), max_spaces=2)
    async with spaces.using("a"):
        pass
    async with spaces.using("b"), spaces.using("a"):  # a is used again: b is the oldest
        pass
    async with spaces.using("c"):
        pass
    assert spaces.names == ["a", "c"]
    async with spaces.using("d"), spaces.using("c"), spaces.using("e"):
        assert set(spaces.names) == {"c", "d", "e"}  # over max_spaces while all are in use
    await spaces.close_all()
    assert spaces.names == []


async def test_concurrent_first_calls_open_a_space_once() -> None:
    opened: list[str] = []
    spaces = Spaces(opener(opened))

    async def call() -> None:
        async with spaces.using("shared"):
            await anyio.sleep(0.01)

    async with anyio.create_task_group() as group:
        for _ in range(20):
            group.start_soon(call)
    assert opened == ["shared"]


async def test_idle_spaces_close_and_the_memory_cap_is_honoured(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    opened: list[str] = []
    spaces = Spaces(opener(opened), idle_seconds=0.05, memory_mb=100)
    monkeypatch.setattr(pool, "resident_mb", lambda: 50.0)
    async with spaces.using("a"):
        pass
    async with spaces.using("b"):
        pass
    assert spaces.names == ["a", "b"]
    await anyio.sleep(0.1)
    await spaces.sweep()
    assert spaces.names == []
    monkeypatch.setattr(pool, "resident_mb", lambda: 500.0)  # over the cap
    async with spaces.using("c"):
        pass
    async with spaces.using("d"):
        assert spaces.names == ["d"]  # c closed to make room; d is kept while in use
    assert pool.resident_mb() == 500.0
