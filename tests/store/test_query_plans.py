"""No query of one space reads every node of a label that grows with the database.

Each shipped query is planned (EXPLAIN: nothing runs) on the test server. A plan that
starts from every node (`AllNodesScan`) or every node of Block, Session, Outcome or
CoRetrieval (`NodeByLabelScan`) costs what the whole database holds, so a small space
among many pays for the others: the export of a 100-block space read every block of a
million. A filter on `space` alone cannot use the (space, id) identity index (a range
index holds only the nodes that have all of its properties); `n.id IS NOT NULL` beside
it can. Two queries must see every node and are allowed to.
"""

from __future__ import annotations

from typing import Any

import pytest
from neo4j import AsyncManagedTransaction

from elfgraph.store.cypher import CypherQuery, catalog
from elfgraph.store.database import Database

pytestmark = pytest.mark.anyio

GROWING = ("Block", "Session", "Outcome", "CoRetrieval")
EVERY_SPACE = {
    "list_spaces": "counts every space's blocks",
    "delete_space_rest": "looks once a drop for a node of the space that no index holds",
}


def whole_label_scans(plan: dict[str, Any]) -> list[str]:
    """Each operator of the plan that reads all nodes, or all nodes of a growing label."""
    found = []
    operator = str(plan["operatorType"]).split("@")[0]
    details = str(plan.get("args", {}).get("Details", ""))
    if operator == "AllNodesScan" or (
        operator == "NodeByLabelScan" and any(details.endswith(f":{label}") for label in GROWING)
    ):
        found.append(f"{operator} {details}")
    for child in plan.get("children", []):
        found += whole_label_scans(child)
    return found


async def planned(database: Database, query: CypherQuery) -> dict[str, Any]:
    """The query's plan, with placeholder parameters (a string, else null, for each)."""

    async def explain(tx: AsyncManagedTransaction, value: object) -> dict[str, Any]:
        result = await tx.driver_tx.run(f"EXPLAIN {query.text}", dict.fromkeys(query.params, value))
        summary = await result.consume()
        assert summary.plan is not None
        return dict(summary.plan)

    try:
        return await database.write(explain, "x")
    except Exception:  # a parameter the query needs as a list or a number
        return await database.write(explain, None)


def test_the_rule_sees_a_label_scan() -> None:
    plan = {
        "operatorType": "EagerAggregation@neo4j",
        "children": [
            {"operatorType": "NodeByLabelScan@neo4j", "args": {"Details": "b:Block"}},
            {"operatorType": "NodeByLabelScan@neo4j", "args": {"Details": "p:CuratePlan"}},
        ],
    }
    assert whole_label_scans(plan) == ["NodeByLabelScan b:Block"]


async def test_no_query_of_one_space_reads_a_whole_growing_label(database: Database) -> None:
    found = {}
    for name, query in sorted(catalog().items()):
        if "/migrations/" in query.path.as_posix() or name in EVERY_SPACE:
            continue
        scans = whole_label_scans(await planned(database, query))
        if scans:
            found[query.file] = scans
    assert found == {}
