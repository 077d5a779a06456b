// name: prune_edges
// mode: write
// returns: one
// params: space, owner, lock_seconds, pairs, threshold
// Deletes a batch of the planned weak edges (static prune), re-checking that each is still
// below `threshold`, never reinforced and not the agent's. Runs only while `owner` holds
// the curate lock, whose lease it extends (a write to the space node first, like every
// writer of edges). The ends' weighted_degree and edge_due_hours are recounted (docs/BEHAVIOUR.md §6),
// and the space's edge_count lowered (§9.5). Returns how many went; no row when the lock is no longer ours.
MATCH (space:Space {name: $space})
WHERE space.curate_lock_owner = $owner
SET space.curate_lock_until = timestamp() / 1000.0 + $lock_seconds
WITH space
CALL () {
  UNWIND $pairs AS pair
  MATCH (a:Block {space: $space, id: pair[0]})-[r]->(b:Block {space: $space, id: pair[1]})
  WHERE r.weight < $threshold AND coalesce(r.reinforcement_count, 0) = 0
    AND coalesce(r.origin, '') <> 'agent'
  DELETE r
  WITH collect(a) + collect(b) AS ends, count(*) AS pruned, count(DISTINCT r) AS cut
  CALL (ends) {
    UNWIND ends AS x
    WITH DISTINCT x
    CALL (x) {
      MATCH (x)-[e]-(o:Block)
      WITH e, coalesce(e.weight, 0.0) + 0.1 * log(1 + coalesce(e.reinforcement_count, 0)) AS strength,
           0.5 * CASE WHEN coalesce(e.reinforcement_count, 0) >= 10 THEN 0.5 ELSE 1.0 END
           * CASE WHEN coalesce(x.decay_lambda, 0.01) < coalesce(o.decay_lambda, 0.01)
                  THEN coalesce(x.decay_lambda, 0.01) ELSE coalesce(o.decay_lambda, 0.01) END AS rate
      WITH strength,
           CASE WHEN startNode(e) <> x OR coalesce(e.origin, '') = 'agent' THEN null
                WHEN e.weight < 0.1 AND (coalesce(e.reinforcement_count, 0) = 0
                                         OR e.last_active_hours IS NOT NULL) THEN -1.0e18
                WHEN e.last_active_hours IS NULL OR rate <= 0.0 THEN null
                ELSE e.last_active_hours + log(e.weight / 0.1) / rate - 0.001 END AS due
      ORDER BY strength
      RETURN reduce(total = 0.0, s IN collect(strength) | total + s) AS degree,
             coalesce(min(due), 1.0e18) AS due
    }
    SET x.weighted_degree = degree, x.edge_due_hours = due
  }
  RETURN pruned, cut
}
SET space.edge_count = coalesce(space.edge_count, 0) - cut
RETURN pruned
