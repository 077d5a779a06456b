"""Migrations 0030, 0031 and 0033 give every block of an older database its weighted degree
(docs/BEHAVIOUR.md §9.2), its edges' due time (§9.3) and its archive due time (§9.2), in
batches of 10,000, and 0036 every space its edge count (§9.5), equal to a recount. On a
throw-away Neo4j of its own (~15 s): the shared one was migrated long ago."""

from __future__ import annotations

import pytest

from elfgraph.config.connection import Settings
from elfgraph.neo4j_server import LocalNeo4j
from elfgraph.schema.migrations import migrate
from elfgraph.store.database import Database
from tests.support.graph import (
    archive_due_drift,
    degree_drift,
    due_drift,
    edge_count_drift,
    graph,
    graph_write,
)

pytestmark = [pytest.mark.anyio, pytest.mark.slow, pytest.mark.integration]
BLOCKS = 12_000  # more than one batch


async def test_the_migration_counts_every_block_s_degree(own_server: LocalNeo4j) -> None:
    async with await Database.connect(Settings(neo4j_home=own_server.home)) as database:
        await migrate(database)
        # A database from before the kept degree: blocks and edges, no weighted_degree.
        await graph_write(
            database,
            "UNWIND range(0, $n - 1) AS i CREATE (:Block {space: 'old', id: toString(100000 + i), "
            "status: 'active', last_reinforced_at: toFloat(i % 500), "
            "decay_lambda: [0.0, 0.001, 0.01, 0.05, null][i % 5]})",
            n=BLOCKS,
        )
        await graph_write(database, "CREATE (:Space {name: 'old', created_at: 'then'})")
        await graph_write(
            database,
            "MATCH (a:Block {space: 'old'}) "
            "MATCH (b:Block {space: 'old', id: toString(toInteger(a.id) + 1)}) "
            "WHERE toInteger(a.id) % 3 <> 0 "
            "CREATE (a)-[:SIMILAR {relation: 'similar', weight: (toInteger(a.id) % 7) / 10.0, "
            "reinforcement_count: toInteger(a.id) % 5}]->(b)",
        )
        await graph_write(
            database,
            "MATCH (b:Block) REMOVE b.weighted_degree, b.edge_due_hours, b.archive_due_hours",
        )
        await graph_write(database, "MATCH (s:Space) REMOVE s.edge_count")
        await graph_write(
            database,
            "MATCH (m:SchemaMigration) WHERE m.version IN ['0030', '0031', '0033', '0036'] "
            "DELETE m",
        )
        assert await migrate(database) == [
            "0030_block_weighted_degree",
            "0031_block_edge_due",
            "0033_block_archive_due",
            "0036_space_edge_count",
        ]
        assert await degree_drift(database, "old") == []
        assert await due_drift(database, "old") == []
        assert await archive_due_drift(database, "old") == []
        assert await edge_count_drift(database, "old") == []
        rows = await graph(
            database,
            "MATCH (b:Block {space: 'old'}) RETURN count(b.weighted_degree) AS kept, "
            "sum(CASE WHEN b.weighted_degree > 0 THEN 1 ELSE 0 END) AS linked",
        )
        assert rows == [{"kept": BLOCKS, "linked": pytest.approx(BLOCKS, rel=0.3)}]
