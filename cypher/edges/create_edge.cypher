// name: create_edge
// mode: write
// returns: one
// params: space, a, b, type, relation, weight, note, displaced, now_hours, created_at
// Creates an agent edge from block a to block b (a < b) with the checked relationship
// type, after deleting the edges it displaces (pairs of block ids). Runs after edge_state
// in the same transaction, which locked the space and decided that all of this is allowed.
MATCH (a:Block {space: $space, id: $a}), (b:Block {space: $space, id: $b})
CALL () {
  UNWIND $displaced AS pair
  MATCH (:Block {space: $space, id: pair[0]})-[old]->(:Block {space: $space, id: pair[1]})
  DELETE old
}
CREATE (a)-[r:$($type)]->(b)
SET r.relation = $relation, r.weight = $weight, r.origin = 'agent', r.note = $note,
    r.reinforcement_count = 0, r.created_at = $created_at, r.last_active_hours = $now_hours
RETURN r {.*} AS edge
