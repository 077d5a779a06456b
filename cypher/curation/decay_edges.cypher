// name: decay_edges
// mode: write
// returns: one
// params: space, owner, lock_seconds, pairs, now, threshold, edge_factor, established, sample
// Deletes a batch of the planned decayed edges, re-checking each one's effective weight
// with the formula of edges_to_remove, so an edge used since the plan was made (its
// last_active_hours refreshed) stays; the ends' weighted_degree and edge_due_hours are recounted (docs/BEHAVIOUR.md
// §6), and the space's edge_count lowered (§9.5). Runs only while `owner` holds the curate lock,
// whose lease it extends. Returns how many went and, for up to `sample` of the weakest,
// the start of both blocks' content, the stored weight and the effective one; no row
// when the lock is no longer ours.
MATCH (space:Space {name: $space})
WHERE space.curate_lock_owner = $owner
SET space.curate_lock_until = timestamp() / 1000.0 + $lock_seconds
WITH space
CALL () {
  UNWIND $pairs AS pair
  MATCH (a:Block {space: $space, id: pair[0]})-[r]->(b:Block {space: $space, id: pair[1]})
  WHERE coalesce(r.origin, '') <> 'agent' AND r.last_active_hours IS NOT NULL
  WITH a, r, b,
       r.weight * exp(
         -CASE WHEN coalesce(a.decay_lambda, 0.01) < coalesce(b.decay_lambda, 0.01)
               THEN coalesce(a.decay_lambda, 0.01) ELSE coalesce(b.decay_lambda, 0.01) END
         * $edge_factor
         * CASE WHEN coalesce(r.reinforcement_count, 0) >= $established THEN $edge_factor
                ELSE 1.0 END
         * CASE WHEN $now > r.last_active_hours THEN $now - r.last_active_hours ELSE 0.0 END)
         AS effective
  WHERE effective < $threshold
  WITH a, r, b, effective
  ORDER BY effective, a.id, b.id
  WITH collect(r) AS doomed, count(DISTINCT r) AS cut, collect(a) + collect(b) AS ends,
       collect({a: left(a.content, 120), b: left(b.content, 120), weight: r.weight,
                effective: effective}) AS gone
  FOREACH (r IN doomed | DELETE r)
  WITH doomed, cut, gone, ends
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
  RETURN size(doomed) AS decayed, cut, gone[..$sample] AS sample
}
SET space.edge_count = coalesce(space.edge_count, 0) - cut
RETURN decayed, sample
