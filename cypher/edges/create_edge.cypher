// name: create_edge
// mode: write
// returns: one
// params: space, a, b, type, relation, weight, note, displaced, now_hours, created_at
// Creates an agent edge from block a to block b (a < b) with the checked relationship
// type, after deleting the edges it displaces (pairs of block ids). Runs after edge_state
// in the same transaction, which locked the space and decided that all of this is allowed.
// The weighted_degree and edge_due_hours of every block whose edges changed are recounted
// (docs/BEHAVIOUR.md §6, §9.3), and the space's edge_count moved by the edges made and
// removed (§9.5).
MATCH (a:Block {space: $space, id: $a}), (b:Block {space: $space, id: $b})
CALL () {
  UNWIND $displaced AS pair
  MATCH (x:Block {space: $space, id: pair[0]})-[old]->(y:Block {space: $space, id: pair[1]})
  DELETE old
  RETURN collect(x) + collect(y) AS loosened, count(old) AS cut
}
CREATE (a)-[r:$($type)]->(b)
SET r.relation = $relation, r.weight = $weight, r.origin = 'agent', r.note = $note,
    r.reinforcement_count = 0, r.created_at = $created_at, r.last_active_hours = $now_hours
WITH r, cut, loosened + [a, b] AS touched
CALL (touched) {
  UNWIND touched AS x
  WITH DISTINCT x
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
CALL (cut) {
  MATCH (space:Space {name: $space})
  SET space.edge_count = coalesce(space.edge_count, 0) + 1 - cut
}
RETURN r {.*} AS edge
