// name: delete_edge
// mode: write
// returns: one
// params: space, a, b, guard
// Removes the edge between two blocks unless `guard` (a relation word, or null) names a
// different relation (both blocks' weighted_degree and edge_due_hours recounted, docs/BEHAVIOUR.md §6;
// the space's edge_count one lower, §9.5). Locks the space's edges first, like every edge writer. Returns the
// edge as it was (null when there is none) and whether it was removed.
MATCH (space:Space {name: $space})
SET space._edge_lock = true
REMOVE space._edge_lock
WITH space
OPTIONAL MATCH (s:Block {space: $space, id: $a})-[r]-(t:Block {space: $space, id: $b})
WITH space, s, r, t, r {.*} AS edge,
     r IS NOT NULL AND ($guard IS NULL OR r.relation = $guard) AS remove
SET space.edge_count = coalesce(space.edge_count, 0) - CASE WHEN remove THEN 1 ELSE 0 END
WITH s, r, t, edge, remove
CALL (s, r, t, remove) {
  WITH s, r, t WHERE remove
  DELETE r
  WITH [s, t] AS ends
  UNWIND ends AS x
  CALL (x) {
    MATCH (x)-[e]-()
    WITH coalesce(e.weight, 0.0) + 0.1 * log(1 + coalesce(e.reinforcement_count, 0)) AS strength
    ORDER BY strength
    RETURN reduce(total = 0.0, s IN collect(strength) | total + s) AS degree
  }
  // The due time counts only the edges a block starts.
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
  SET x.weighted_degree = degree, x.edge_due_hours = due
}
RETURN edge, remove AS removed
