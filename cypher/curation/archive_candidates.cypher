// name: archive_candidates
// mode: read
// returns: one
// params: space, now, threshold, bonus, epsilon
// What curate's archive plan (elfgraph/curation/plan.py) needs without reading every
// active block (docs/BEHAVIOUR.md §9.2): the active blocks whose kept archive_due_hours
// (the hour their recency falls below the kept threshold, less a margin) has come, from
// the (space, status, archive_due_hours) index, re-checked with the exact test of
// archive_plan_inputs (recency exp(-λ·max(0, now - last_reinforced_at)) below
// `threshold`): those decayed; every edge with a decayed end, with its strength, each once
// (an edge between two decayed blocks from the smaller id); the weighted degree of every
// block the plan touches (the decayed ones and their active neighbours); and how many
// active blocks have a degree above `epsilon`, counted on the (space, status,
// weighted_degree) index, for the rank of the 80th percentile (degree_window reads the
// degrees near it).
MATCH (d:Block)
WHERE d.space = $space AND d.status = 'active' AND d.archive_due_hours <= $now
  AND exp(-coalesce(d.decay_lambda, 0.01)
          * CASE WHEN $now > d.last_reinforced_at THEN $now - d.last_reinforced_at ELSE 0.0 END)
      < $threshold
WITH collect(d) AS gone
CALL (gone) {
  UNWIND gone AS d
  // coalesce: never answered from the status index, so the planner walks out from d
  // whatever the index statistics say (candidates.cypher).
  MATCH (d)-[r]-(other:Block)
  WHERE coalesce(other.status, '') = 'active'
    AND (other.id > d.id
         OR exp(-coalesce(other.decay_lambda, 0.01)
                * CASE WHEN $now > other.last_reinforced_at
                       THEN $now - other.last_reinforced_at ELSE 0.0 END) >= $threshold)
  RETURN collect([d.id, other.id, coalesce(r.weight, 0.0)
                  + $bonus * log(1 + coalesce(r.reinforcement_count, 0))]) AS edges,
         collect(DISTINCT other) AS near
}
CALL () {
  MATCH (b:Block)
  WHERE b.space = $space AND b.status = 'active' AND b.weighted_degree > $epsilon
  RETURN count(b) AS ranked
}
RETURN [d IN gone | [d.id, coalesce(d.weighted_degree, 0.0)]] AS decayed,
       [n IN near | [n.id, coalesce(n.weighted_degree, 0.0)]] AS neighbours,
       edges, ranked
