"""A walk from a bound block to its neighbours never filters the neighbour by a property an
index can answer on its own (status, or the leading property of a composite index: space,
session_id). Given such a predicate, the planner may choose to scan that index and test
each entry's edge to the bound block (`NodeIndexScan` → `Expand(Into)`), and it does when
the index statistics are stale after bulk deletes: 64,200 db hits per recall against 1,760
(docs/DECISIONS.md, "Lookups and walks test with coalesce()"). Read the status
through `coalesce(n.status, '') = 'active'`, which no index answers.

The same holds for a block looked up by its id: a test on the second property of a
(space, property) index beside it lets the planner read that index instead of seeking the
id, and it did, once per id (refresh_edge_due: 65 million db hits for 3,000 ids at 10,000
blocks; the same entry of docs/DECISIONS.md)."""

from __future__ import annotations

import re

from elfgraph.store.cypher import catalog

# MATCH (bound)-[…]-(far:Block), in either direction; `bound` has no label or properties,
# so it comes from an earlier clause.
WALK = re.compile(r"MATCH \((\w+)\)<?-\[[^\]]*\]->?\((\w+):Block\)")
# The walk's own conditions: up to the next clause.
NEXT_CLAUSE = re.compile(r"\b(MATCH|WITH|RETURN|CALL|UNWIND|SET|FOREACH)\b|}")
INDEXED = ("status", "space", "session_id")


def filters_after(
    clause: re.Pattern[str], node: int, properties: tuple[str, ...], text: str
) -> list[str]:
    """Each comparison of the `node`-th group's variable on one of `properties` in the
    conditions that follow a `clause` match (up to the next clause)."""
    found = []
    for match in clause.finditer(text):
        name = match.group(node)
        rest = text[match.end() :]
        end = NEXT_CLAUSE.search(rest)
        conditions = rest[: end.start() if end else len(rest)]
        pattern = rf"(?<![\w(]){name}\.({'|'.join(properties)})\s*(=|<>|<=|>=|<|>|IN\b|STARTS\b)"
        found += [f"{match.group(0)} … {m.group(0)}" for m in re.finditer(pattern, conditions)]
    return found


def indexable_far_end_filters(text: str) -> list[str]:
    """Each `far.property` comparison in the WHERE of a walk that an index could answer."""
    return filters_after(WALK, 2, INDEXED, text)


def test_the_rule_catches_the_plan_that_went_wrong() -> None:
    before = """
    MATCH (seed)-[r]-(n:Block)
    WHERE type(r) <> 'CONTRADICTS' AND n.status = 'active' AND NOT n IN seeds
    WITH n, r
    """
    after = before.replace("n.status = 'active'", "coalesce(n.status, '') = 'active'")
    assert indexable_far_end_filters(before) == ["MATCH (seed)-[r]-(n:Block) … n.status ="]
    assert indexable_far_end_filters(after) == []


def test_no_shipped_query_filters_a_walk_by_an_indexed_property() -> None:
    offenders = {
        name: found
        for name, query in catalog().items()
        if (found := indexable_far_end_filters(query.text))
    }
    assert offenders == {}


# MATCH (x:Block {space: $space, id: …}): a block looked up by its id.
LOOKUP = re.compile(r"MATCH \((\w+):Block \{space: \$space, id: [^}]*\}\)")
# Second properties of the (space, property) indexes (the migrations); status is left out:
# an id lookup's status test never drew the planner to the (space, status) index.
PAIRED = ("edge_due_hours", "superseded_by", "vector_epoch")


def indexable_lookup_filters(text: str) -> list[str]:
    """Each `x.property` comparison in the WHERE of an id lookup that a (space, property)
    index could answer instead of the id."""
    return filters_after(LOOKUP, 1, PAIRED, text)


def test_the_lookup_rule_catches_the_plan_that_went_wrong() -> None:
    before = """
    UNWIND $ids AS block_id
    MATCH (x:Block {space: $space, id: block_id})
    WHERE x.edge_due_hours <= $now
    SET x.edge_due_hours = 1.0
    """
    after = before.replace("x.edge_due_hours <= $now", "coalesce(x.edge_due_hours, 1.0e18) <= $now")
    assert indexable_lookup_filters(before) == [
        "MATCH (x:Block {space: $space, id: block_id}) … x.edge_due_hours <="
    ]
    assert indexable_lookup_filters(after) == []


def test_no_shipped_query_filters_an_id_lookup_by_a_paired_index_property() -> None:
    offenders = {
        name: found
        for name, query in catalog().items()
        if (found := indexable_lookup_filters(query.text))
    }
    assert offenders == {}
