// name: delete_edge
// mode: write
// returns: one
// params: space, a, b, guard
// Removes the edge between two blocks unless `guard` (a relation word, or null) names a
// different relation. Locks the space's edges first, like every edge writer. Returns the
// edge as it was (null when there is none) and whether it was removed.
MATCH (space:Space {name: $space})
SET space._edge_lock = true
REMOVE space._edge_lock
WITH space
OPTIONAL MATCH (:Block {space: $space, id: $a})-[r]-(:Block {space: $space, id: $b})
WITH r, r {.*} AS edge, r IS NOT NULL AND ($guard IS NULL OR r.relation = $guard) AS remove
CALL (r, remove) {
  WITH r WHERE remove
  DELETE r
}
RETURN edge, remove AS removed
