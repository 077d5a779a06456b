// name: archive_plan_inputs
// mode: read
// returns: one
// params: space, now, threshold, bonus
// What curate's archive plan (elfgraph/curation/plan.py) needs, in one pass over the
// space's active blocks: each block's id, whether it decayed (recency
// exp(-λ·max(0, now - last_reinforced_at)) with the stored, possibly penalised, λ below
// `threshold`) and its weighted degree (each edge counts weight + bonus·ln(1 +
// reinforcement_count), as for centrality), read from the block's weighted_degree, which
// every writer of edges keeps equal to that sum (docs/BEHAVIOUR.md §9.2), so no edge is
// read for it; and every edge with a decayed end, with its strength, each once (an edge
// between two decayed blocks from the smaller id), since only those degrees change when
// decayed blocks go.
MATCH (b:Block)
WHERE b.space = $space AND b.status = 'active'
WITH b,
     exp(-coalesce(b.decay_lambda, 0.01)
         * CASE WHEN $now > b.last_reinforced_at THEN $now - b.last_reinforced_at ELSE 0.0 END)
       < $threshold AS decayed
WITH collect([b.id, decayed, coalesce(b.weighted_degree, 0.0)]) AS blocks,
     collect(CASE WHEN decayed THEN b END) AS gone
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
                  + $bonus * log(1 + coalesce(r.reinforcement_count, 0))]) AS edges
}
RETURN blocks, edges
