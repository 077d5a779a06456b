// name: prune_edges
// mode: write
// returns: one
// params: space, owner, lock_seconds, pairs, threshold
// Deletes a batch of the planned weak edges (static prune), re-checking that each is still
// below `threshold`, never reinforced and not the agent's. Runs only while `owner` holds
// the curate lock, whose lease it extends (a write to the space node first, like every
// writer of edges). Returns how many went; no row when the lock is no longer ours.
MATCH (space:Space {name: $space})
WHERE space.curate_lock_owner = $owner
SET space.curate_lock_until = timestamp() / 1000.0 + $lock_seconds
WITH space
CALL () {
  UNWIND $pairs AS pair
  MATCH (:Block {space: $space, id: pair[0]})-[r]->(:Block {space: $space, id: pair[1]})
  WHERE r.weight < $threshold AND coalesce(r.reinforcement_count, 0) = 0
    AND coalesce(r.origin, '') <> 'agent'
  DELETE r
  RETURN count(*) AS pruned
}
RETURN pruned
