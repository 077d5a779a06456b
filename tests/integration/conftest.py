"""Helpers for integration tests: MemorySystems on the test database, raw graph reads."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
from neo4j import AsyncManagedTransaction

from elfgraph.embedding.base import EmbeddingService
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.store.database import Database

MakeMemory = Callable[..., Awaitable[MemorySystem]]


@pytest.fixture
async def make_memory(database: Database, space: str) -> AsyncIterator[MakeMemory]:
    """Open MemorySystems on the test's space (or another) sharing the test's connection."""
    opened: list[MemorySystem] = []

    async def make(
        space_name: str | None = None,
        *,
        embedding_service: EmbeddingService | None = None,
        **options: Any,
    ) -> MemorySystem:
        memory = await MemorySystem.open(
            space_name or space,
            database=database,
            embedding_service=embedding_service or MockEmbeddingService(),
            **options,
        )
        opened.append(memory)
        return memory

    yield make
    for memory in opened:
        await memory.close()


async def _raw(tx: AsyncManagedTransaction, query: str, params: Any) -> list[dict[str, Any]]:
    result = await tx.driver_tx.run(query, params)
    return [dict(record) async for record in result]


async def graph(database: Database, query: str, **params: Any) -> list[dict[str, Any]]:
    """Run a raw read query: tests inspect the graph directly, not through the API."""
    return await database.read(_raw, query, params)


async def graph_write(database: Database, query: str, **params: Any) -> list[dict[str, Any]]:
    """Run a raw write query: tests set up states the API would take long to reach."""
    return await database.write(_raw, query, params)


async def blocks_by_status(database: Database, space: str) -> dict[str, set[str]]:
    rows = await graph(
        database,
        "MATCH (b:Block {space: $space}) RETURN b.status AS status, b.id AS id",
        space=space,
    )
    found: dict[str, set[str]] = {}
    for row in rows:
        found.setdefault(row["status"], set()).add(row["id"])
    return found


async def edges_of(database: Database, space: str) -> list[dict[str, Any]]:
    return await graph(
        database,
        "MATCH (a:Block {space: $space})-[r]->(b:Block) "
        "RETURN a.id AS a, b.id AS b, type(r) AS type, r {.*} AS props",
        space=space,
    )


async def block_props(database: Database, space: str, block_id: str) -> dict[str, Any]:
    """Every property of one block, read straight from the graph."""
    (row,) = await graph(
        database, "MATCH (b:Block {space: $s, id: $id}) RETURN b {.*} AS b", s=space, id=block_id
    )
    return dict(row["b"])
