"""A walk from a bound block to its neighbours never filters the neighbour by a property an
index can answer on its own (status, or the leading property of a composite index: space,
session_id). Given such a predicate, the planner may choose to scan that index and test
each entry's edge to the bound block (`NodeIndexScan` → `Expand(Into)`), and it does when
the index statistics are stale after bulk deletes: 64,200 db hits per recall against 1,760
(docs/BENCHMARKS.md, "A plan that depended on the index statistics"). Read the status
through `coalesce(n.status, '') = 'active'`, which no index answers."""

from __future__ import annotations

import re

from elfgraph.store.cypher import catalog

# MATCH (bound)-[…]-(far:Block), in either direction; `bound` has no label or properties,
# so it comes from an earlier clause.
WALK = re.compile(r"MATCH \((\w+)\)<?-\[[^\]]*\]->?\((\w+):Block\)")
# The walk's own conditions: up to the next clause.
NEXT_CLAUSE = re.compile(r"\b(MATCH|WITH|RETURN|CALL|UNWIND|SET|FOREACH)\b|}")
INDEXED = ("status", "space", "session_id")


def indexable_far_end_filters(text: str) -> list[str]:
    """Each `far.property` comparison in the WHERE of a walk that an index could answer."""
    found = []
    for walk in WALK.finditer(text):
        far = walk.group(2)
        rest = text[walk.end() :]
        end = NEXT_CLAUSE.search(rest)
        conditions = rest[: end.start() if end else len(rest)]
        pattern = rf"(?<![\w(]){far}\.({'|'.join(INDEXED)})\s*(=|<>|<|>|IN\b|STARTS\b)"
        found += [f"{walk.group(0)} … {m.group(0)}" for m in re.finditer(pattern, conditions)]
    return found


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
