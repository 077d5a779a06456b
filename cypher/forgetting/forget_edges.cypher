// name: forget_edges
// mode: write
// returns: one
// params: space, ids
// The first statement of each batch of a forget (docs/BEHAVIOUR.md §12): locks the space's
// edges (a write on its node, like every writer of edges, so the recounts below are exact),
// gives the space a new vector epoch (returned: the batch's other statements stamp what they
// change with it, so recall's caches in every process read it again) and records it as the
// space's retracted_epoch (a process's cached frames from before it are dropped), then
// removes every knowledge edge of these blocks: the space's edge_count goes down by them
// and each neighbour that stays gets its weighted_degree and edge_due_hours recounted
// (§9.2, §9.3).
MATCH (space:Space {name: $space})
SET space._edge_lock = true
REMOVE space._edge_lock
SET space.vector_epoch = coalesce(space.vector_epoch, 0) + 1
SET space.retracted_epoch = space.vector_epoch
WITH space
CALL (space) {
  UNWIND $ids AS id
  MATCH (b:Block {space: $space, id: id})-[r]-(other:Block)
  WITH collect(DISTINCT r) AS cut, collect(DISTINCT other) AS ends
  SET space.edge_count = coalesce(space.edge_count, 0) - size(cut)
  FOREACH (r IN cut | DELETE r)
  RETURN size(cut) AS edges, ends
}
CALL (ends) {
  UNWIND ends AS x
  WITH x
  WHERE NOT x.id IN $ids
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
RETURN space.vector_epoch AS epoch, edges
