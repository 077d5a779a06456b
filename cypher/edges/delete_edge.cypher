// name: delete_edge
// mode: write
// returns: one
// params: space, a, b, guard
// Removes the edge between two blocks unless `guard` (a relation word, or null) names a
// different relation (both blocks' weighted_degree recounted, docs/BEHAVIOUR.md §6). Locks the space's edges first, like every edge writer. Returns the
// edge as it was (null when there is none) and whether it was removed.
MATCH (space:Space {name: $space})
SET space._edge_lock = true
REMOVE space._edge_lock
WITH space
OPTIONAL MATCH (s:Block {space: $space, id: $a})-[r]-(t:Block {space: $space, id: $b})
WITH s, r, t, r {.*} AS edge, r IS NOT NULL AND ($guard IS NULL OR r.relation = $guard) AS remove
CALL (s, r, t, remove) {
  WITH s, r, t WHERE remove
  DELETE r
  WITH [s, t] AS ends
  UNWIND ends AS x
  SET x.weighted_degree = reduce(total = 0.0, strength IN COLLECT {
         MATCH (x)-[e]-(:Block)
         RETURN coalesce(e.weight, 0.0) + 0.1 * log(1 + coalesce(e.reinforcement_count, 0)) AS strength
         ORDER BY strength
         } | total + strength)
}
RETURN edge, remove AS removed
