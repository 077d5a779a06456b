// name: edges_to_remove
// mode: read
// returns: one
// params: space, now, threshold, edge_factor, established, max_fraction
// The plan of curate's edge phases, in one pass over the space's knowledge edges (each
// stored once, so a directed match sees it once). Weak (static prune): weight below
// `threshold` and never reinforced. Decayed (docs/BEHAVIOUR.md §9.3): any other edge, except the
// agent's and those without a last_active_hours anchor, whose effective weight
// weight·exp(-λ_edge·max(0, now - last_active_hours)) is below `threshold`, where
// λ_edge = min(λ_a, λ_b)·edge_factor, times edge_factor again for an edge reinforced
// `established` times or more. Agent edges are never planned for removal. At most
// floor(max_fraction · the edges left after the prune) decay in one run, weakest first
// (max_decay_fraction); the others wait for the next run. Returns the edge count, the weak pairs, the
// decaying pairs in order, and how many were deferred.
MATCH (a:Block)-[r]->(b:Block)
WHERE a.space = $space AND a.status = 'active'
WITH a, r, b, coalesce(r.reinforcement_count, 0) AS count,
     coalesce(r.origin, '') = 'agent' AS agent
WITH a, r, b, count, agent, NOT agent AND r.weight < $threshold AND count = 0 AS weak
WITH a, r, b, weak,
     CASE WHEN NOT weak AND NOT agent AND r.last_active_hours IS NOT NULL
          THEN r.weight * exp(
                 -CASE WHEN coalesce(a.decay_lambda, 0.01) < coalesce(b.decay_lambda, 0.01)
                       THEN coalesce(a.decay_lambda, 0.01) ELSE coalesce(b.decay_lambda, 0.01) END
                 * $edge_factor
                 * CASE WHEN count >= $established THEN $edge_factor ELSE 1.0 END
                 * CASE WHEN $now > r.last_active_hours THEN $now - r.last_active_hours
                        ELSE 0.0 END)
     END AS effective
WITH count(r) AS total,
     collect(CASE WHEN weak THEN [a.id, b.id] END) AS weak_pairs,
     collect(CASE WHEN effective < $threshold THEN [effective, a.id, b.id] END) AS decayed
CALL (decayed) {
  UNWIND decayed AS d
  WITH d
  ORDER BY d[0], d[1], d[2]
  RETURN collect([d[1], d[2]]) AS weakest_first
}
WITH total, weak_pairs, weakest_first,
     toInteger(floor($max_fraction * (total - size(weak_pairs)) + 0.000001)) AS allowed
RETURN total, weak_pairs, weakest_first[..allowed] AS decay_pairs,
       size(weakest_first) - size(weakest_first[..allowed]) AS deferred
