"""Raw graph reads and writes: tests inspect the graph directly, not through the API."""

from __future__ import annotations

from typing import Any

from neo4j import AsyncManagedTransaction

from elfgraph.store.database import Database


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


async def snapshot(database: Database, space: str) -> list[dict[str, Any]]:
    """Every node and relationship of the space with all their properties."""
    nodes = await graph(
        database,
        "MATCH (n) WHERE n.space = $s OR n.name = $s "
        "RETURN labels(n) AS labels, properties(n) AS props ORDER BY n.id, n.a, n.b",
        s=space,
    )
    edges = await graph(
        database,
        "MATCH (a:Block {space: $s})-[r]->(b) RETURN a.id, b.id, type(r), properties(r) "
        "ORDER BY a.id, b.id",
        s=space,
    )
    return nodes + edges


# What a block's weighted_degree must equal (docs/BEHAVIOUR.md §6), counted afresh: the
# strengths summed smallest first, as the write paths do, so sums agree to the last bit.
_RECOUNT = (
    "reduce(total = 0.0, strength IN COLLECT { MATCH (x)-[e]-(:Block) "
    "RETURN coalesce(e.weight, 0.0) + 0.1 * log(1 + coalesce(e.reinforcement_count, 0)) "
    "AS strength ORDER BY strength } | total + strength)"
)


# What a block's edge_due_hours must equal (docs/BEHAVIOUR.md §9.3), counted afresh: the
# earliest hour one of the edges it starts, but the agent's, falls below 0.10, less a margin.
_RECOUNT_DUE = (
    "coalesce(COLLECT { MATCH (x)-[e]->(o:Block) WHERE coalesce(e.origin, '') <> 'agent' "
    "WITH e, 0.5 * CASE WHEN coalesce(e.reinforcement_count, 0) >= 10 THEN 0.5 ELSE 1.0 END "
    "* CASE WHEN coalesce(x.decay_lambda, 0.01) < coalesce(o.decay_lambda, 0.01) "
    "THEN coalesce(x.decay_lambda, 0.01) ELSE coalesce(o.decay_lambda, 0.01) END AS rate "
    "RETURN min(CASE WHEN e.weight < 0.1 AND (coalesce(e.reinforcement_count, 0) = 0 "
    "OR e.last_active_hours IS NOT NULL) THEN -1.0e18 "
    "WHEN e.last_active_hours IS NULL OR rate <= 0.0 THEN null "
    "ELSE e.last_active_hours + log(e.weight / 0.1) / rate - 0.001 END) AS due }[0], 1.0e18)"
)

# What a block's archive_due_hours must equal (docs/BEHAVIOUR.md §9.2): the hour its
# recency falls below 0.05, less a margin; none without a last reinforcement.
_RECOUNT_ARCHIVE_DUE = (
    "CASE WHEN x.last_reinforced_at IS NULL THEN null "
    "WHEN coalesce(x.decay_lambda, 0.01) > 0.0 "
    "THEN x.last_reinforced_at + log(20.0) / coalesce(x.decay_lambda, 0.01) - 0.001 "
    "ELSE 1.0e18 END"
)

# What a space's edge_count must equal (docs/BEHAVIOUR.md §9.5): the edges its active
# blocks start, as curate's finish counted them.
_EDGES = "COUNT { MATCH (a:Block)-[]->(:Block) WHERE a.space = $s AND a.status = 'active' }"


async def recount_degrees(database: Database, space: str) -> None:
    """After a test wrote edges, decay rates or reinforcements straight into the graph:
    what every writer does (the weighted degree and the edges' due time of every block,
    and its archive due time)."""
    await graph_write(
        database,
        f"MATCH (x:Block {{space: $s}}) SET x.weighted_degree = {_RECOUNT}, "
        f"x.edge_due_hours = {_RECOUNT_DUE}, x.archive_due_hours = {_RECOUNT_ARCHIVE_DUE}",
        s=space,
    )
    await graph_write(
        database, f"MATCH (s:Space {{name: $s}}) SET s.edge_count = {_EDGES}", s=space
    )


async def edge_count_drift(database: Database, space: str) -> list[dict[str, Any]]:
    """The space's kept edge_count and a count of its edges, when they differ (none expected)."""
    return await graph(
        database,
        f"MATCH (s:Space {{name: $s}}) WITH s, {_EDGES} AS counted "
        "WHERE s.edge_count IS NULL OR s.edge_count <> counted "
        "RETURN s.edge_count AS kept, counted",
        s=space,
    )


async def archive_due_drift(database: Database, space: str) -> list[dict[str, Any]]:
    """The active blocks whose kept archive_due_hours differs from a recount (none
    expected; an inbox or archived block's is never read)."""
    return await graph(
        database,
        f"MATCH (x:Block {{space: $s}}) WHERE x.status = 'active' "
        f"WITH x, {_RECOUNT_ARCHIVE_DUE} AS counted "
        "WHERE NOT (x.archive_due_hours IS NULL AND counted IS NULL) "
        "AND (x.archive_due_hours IS NULL OR counted IS NULL "
        "OR abs(x.archive_due_hours - counted) > 1e-6) "
        "RETURN x.id AS id, x.archive_due_hours AS kept, counted",
        s=space,
    )


async def due_drift(database: Database, space: str) -> list[dict[str, Any]]:
    """The blocks whose kept edge_due_hours differs from a recount (none expected). An inbox
    block without one counts as never due (learn writes none: the lean inbox)."""
    return await graph(
        database,
        f"MATCH (x:Block {{space: $s}}) WITH x, {_RECOUNT_DUE} AS counted "
        "WITH x, counted, CASE WHEN x.status = 'inbox' THEN coalesce(x.edge_due_hours, 1.0e18) "
        "ELSE x.edge_due_hours END AS kept "
        "WHERE kept IS NULL OR abs(kept - counted) > 1e-6 "
        "RETURN x.id AS id, x.status AS status, kept, counted",
        s=space,
    )


async def degree_drift(database: Database, space: str) -> list[dict[str, Any]]:
    """The blocks whose maintained weighted_degree differs from a recount (none expected)."""
    return await graph(
        database,
        f"MATCH (x:Block {{space: $s}}) WITH x, {_RECOUNT} AS counted "
        "WHERE abs(coalesce(x.weighted_degree, 0.0) - counted) > 1e-9 "
        "RETURN x.id AS id, x.status AS status, x.weighted_degree AS kept, counted",
        s=space,
    )
