// name: update_edge
// mode: write
// returns: one
// params: space, a, b, type, relation, weight, note, now_hours, updated_at
// The agent restates the edge between two blocks: its relation, and the weight and note
// when given; it becomes the agent's (origin agent: never decayed or displaced) and its
// clock is set to now. Neo4j cannot change a relationship's type, so a new relation means
// a new relationship of the new type between the same ends with every property carried
// over, and the old one deleted. Both blocks' weighted_degree and edge_due_hours are recounted (docs/BEHAVIOUR.md
// §6). Runs after edge_state in the same transaction.
MATCH (:Block {space: $space, id: $a})-[r]-(:Block {space: $space, id: $b})
SET r.relation = $relation, r.weight = coalesce($weight, r.weight),
    r.note = coalesce($note, r.note), r.origin = 'agent', r.last_active_hours = $now_hours,
    r.updated_at = $updated_at
WITH r, r {.*} AS edge, startNode(r) AS start, endNode(r) AS end
OPTIONAL CALL (r, edge, start, end) {
  WITH r, edge, start, end
  WHERE type(r) <> $type
  CREATE (start)-[retyped:$($type)]->(end)
  SET retyped = edge
  DELETE r
  RETURN true AS retyped
}
CALL (start, end) {
  UNWIND [start, end] AS x
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
RETURN edge
