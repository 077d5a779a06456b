// name: create_edge
// mode: write
// returns: one
// params: space, a, b, type, relation, weight, note, displaced, now_hours, created_at
// Creates an agent edge from block a to block b (a < b) with the checked relationship
// type, after deleting the edges it displaces (pairs of block ids). Runs after edge_state
// in the same transaction, which locked the space and decided that all of this is allowed.
// The weighted_degree of every block whose edges changed is recounted (docs/BEHAVIOUR.md §6).
MATCH (a:Block {space: $space, id: $a}), (b:Block {space: $space, id: $b})
CALL () {
  UNWIND $displaced AS pair
  MATCH (x:Block {space: $space, id: pair[0]})-[old]->(y:Block {space: $space, id: pair[1]})
  DELETE old
  RETURN collect(x) + collect(y) AS loosened
}
CREATE (a)-[r:$($type)]->(b)
SET r.relation = $relation, r.weight = $weight, r.origin = 'agent', r.note = $note,
    r.reinforcement_count = 0, r.created_at = $created_at, r.last_active_hours = $now_hours
WITH r, loosened + [a, b] AS touched
CALL (touched) {
  UNWIND touched AS x
  WITH DISTINCT x
  SET x.weighted_degree = reduce(total = 0.0, strength IN COLLECT {
         MATCH (x)-[e]-(:Block)
         RETURN coalesce(e.weight, 0.0) + 0.1 * log(1 + coalesce(e.reinforcement_count, 0)) AS strength
         ORDER BY strength
         } | total + strength)
}
RETURN r {.*} AS edge
