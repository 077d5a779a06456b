"""Every writer of edges recounts the blocks it touched in the same words (docs/BEHAVIOUR.md
§9.2, §9.3): the weighted degree over all of a block's edges, smallest strength first, and the
edge due time over the edges it starts. Cypher has no includes, so the two subqueries are
copied into each writer; this keeps the copies from drifting apart."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "cypher"

DEGREE = """
CALL (x) {
  MATCH (x)-[e]-()
  WITH coalesce(e.weight, 0.0) + 0.1 * log(1 + coalesce(e.reinforcement_count, 0)) AS strength
  ORDER BY strength
  RETURN reduce(total = 0.0, s IN collect(strength) | total + s) AS degree
}
"""
DUE = """
CALL (x) {
  MATCH (x)-[e]->(o:Block)
  WHERE coalesce(e.origin, '') <> 'agent'
  WITH e, 0.5 * CASE WHEN coalesce(e.reinforcement_count, 0) >= 10 THEN 0.5 ELSE 1.0 END
          * CASE WHEN coalesce(x.decay_lambda, 0.01) < coalesce(o.decay_lambda, 0.01)
                 THEN coalesce(x.decay_lambda, 0.01) ELSE coalesce(o.decay_lambda, 0.01) END AS rate
  RETURN coalesce(min(
    CASE WHEN e.weight < 0.1 AND (coalesce(e.reinforcement_count, 0) = 0
                                  OR e.last_active_hours IS NOT NULL) THEN -1.0e18
         WHEN e.last_active_hours IS NULL OR rate <= 0.0 THEN null
         ELSE e.last_active_hours + log(e.weight / 0.1) / rate - 0.001 END), 1.0e18) AS due
}
"""


def words(text: str) -> str:
    """The text without comments and with its whitespace collapsed."""
    return " ".join(re.sub(r"//[^\n]*", "", text).split())


def writers() -> list[Path]:
    """The queries that keep a block's weighted degree by recounting it."""
    return sorted(
        path
        for path in ROOT.rglob("*.cypher")
        if "weighted_degree = degree" in path.read_text(encoding="utf-8")
    )


def test_every_writer_recounts_in_the_same_words() -> None:
    found = writers()
    assert len(found) >= 14, [p.name for p in found]
    for path in found:
        body = words(path.read_text(encoding="utf-8"))
        assert words(DEGREE) in body, f"{path.name}: the degree recount differs"
        assert words(DUE) in body, f"{path.name}: the due time recount differs"
        assert "x.edge_due_hours = due" in body, f"{path.name}: the due time is not kept"
