// name: create_links
// mode: write
// returns: scalar
// params: space, displaced, edges, now_hours, created_at
// Writes a planned batch of automatic edges (elfgraph/edges/link_plan.py, planned from
// link_state in the same transaction): deletes the displaced edges by elementId, then
// creates each new edge from the smaller id to the larger with its typed relationship.
// Returns how many edges it created.
CALL () {
  UNWIND $displaced AS key
  MATCH ()-[r]->()
  WHERE elementId(r) = key
  DELETE r
}
UNWIND $edges AS e
MATCH (a:Block {space: $space, id: e.a}), (b:Block {space: $space, id: e.b})
CREATE (a)-[r:$(e.type)]->(b)
SET r.relation = e.relation, r.weight = e.weight, r.origin = e.origin,
    r.reinforcement_count = 0, r.created_at = $created_at, r.last_active_hours = $now_hours
RETURN count(r)
