"""Reads of what an import leaves in the graph: the portability tests check that a failed
import leaves nothing, and that a round trip gives the same graph."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from elfgraph.portability.records import DATABASE_PROPERTIES
from elfgraph.store.database import Database
from tests.support.graph import graph


async def traces(database: Database, space: str) -> dict[str, int]:
    """Everything stored under a space name: its node, its nodes of each label, and the
    import claims for it (a merge's staging included)."""
    rows = await graph(
        database,
        "CALL () { MATCH (s:Space {name: $s}) RETURN count(s) AS spaces } "
        "CALL () { MATCH (b:Block) WHERE b.space = $s RETURN count(b) AS blocks } "
        "CALL () { MATCH (n:Session) WHERE n.space = $s RETURN count(n) AS sessions } "
        "CALL () { MATCH (n:Outcome) WHERE n.space = $s RETURN count(n) AS outcomes } "
        "CALL () { MATCH (n:CoRetrieval) WHERE n.space = $s RETURN count(n) AS pairs } "
        "CALL () { MATCH (c:ImportClaim) WHERE c.space = $s OR c.target = $s "
        "          RETURN count(c) AS claims } "
        "RETURN spaces, blocks, sessions, outcomes, pairs, claims",
        s=space,
    )
    return dict(rows[0])


NOTHING = {"spaces": 0, "blocks": 0, "sessions": 0, "outcomes": 0, "pairs": 0, "claims": 0}


async def staging_left(database: Database) -> int:
    """Nodes under a merge's hidden staging name."""
    rows = await graph(
        database,
        "MATCH (b:Block) WHERE b.space STARTS WITH '_import.' RETURN count(b) AS n",
    )
    return int(rows[0]["n"])


def lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def records(path: Path) -> list[str]:
    """The data lines and the space line: everything but the header (its time and name)
    and the end record (its checksum covers the header)."""
    return lines(path)[1:-1]


def _of_the_memory(props: dict[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in props.items() if k != key and k not in DATABASE_PROPERTIES}


async def graph_of(database: Database, space: str) -> list[Any]:
    """Every node of the space with its labels and properties but its space and the
    properties of the database (the full-text token each space draws, see text_keys; the
    frame ids applied), and every edge with its ends, type and properties, in a stable
    order."""
    nodes = await graph(
        database,
        "MATCH (n) WHERE n.space = $s AND NOT n:ImportClaim "
        "RETURN labels(n) AS labels, properties(n) AS props "
        "ORDER BY labels(n)[0], n.id, n.a, n.b",
        s=space,
    )
    for node in nodes:
        node["props"] = _of_the_memory(node["props"], "space")
    space_node = await graph(
        database, "MATCH (s:Space {name: $s}) RETURN properties(s) AS props", s=space
    )
    for node in space_node:
        node["props"] = _of_the_memory(node["props"], "name")
    edges = await graph(
        database,
        "MATCH (a:Block {space: $s})-[r]->(b:Block) "
        "RETURN a.id AS a, b.id AS b, type(r) AS type, properties(r) AS props ORDER BY a, b",
        s=space,
    )
    return [nodes, space_node, edges]


async def text_keys(database: Database, space: str) -> tuple[str, set[str]]:
    """The space's token in the full-text index and the tokens its blocks carry."""
    rows = await graph(
        database,
        "MATCH (s:Space {name: $s}) OPTIONAL MATCH (b:Block) WHERE b.space = $s "
        "RETURN s.text_key AS key, collect(DISTINCT b.text_key) AS block_keys",
        s=space,
    )
    return rows[0]["key"], set(rows[0]["block_keys"])
