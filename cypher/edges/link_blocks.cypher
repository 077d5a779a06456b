// name: link_blocks
// mode: write
// returns: many
// params: space, edges, cap, now_hours, created_at
// Creates consolidation edges row by row, in the given order (best first per block), each
// from the smaller id to the larger: at most one edge per pair, and never more than `cap`
// edges at a block. An end at the cap gives up its weakest displaceable edge (similar
// before co_occurs, lowest weight first; never agent edges) only for a stronger one; else
// the row is skipped. Like every writer of knowledge edges, it first locks the space node
// (by a write), so concurrent writers of one space check and create one after the other.
// A block's relationships are all knowledge edges, so its degree is an O(1) read.
// Returns the edges created with the edge each one displaced, if any.
MATCH (space:Space {name: $space})
SET space._edge_lock = true
REMOVE space._edge_lock
WITH space
UNWIND $edges AS e
CALL (e) {
  MATCH (a:Block {space: $space, id: e.a}), (b:Block {space: $space, id: e.b})
  WHERE a.status = 'active' AND b.status = 'active' AND NOT EXISTS { (a)--(b) }
  WITH a, b, COUNT { (a)--() } AS degree_a, COUNT { (b)--() } AS degree_b
  OPTIONAL CALL (a, degree_a) {
    WITH a WHERE degree_a >= $cap
    MATCH (a)-[r]-(:Block)
    WHERE r.relation IN ['similar', 'co_occurs'] AND r.origin <> 'agent'
    RETURN r AS weakest_a
    ORDER BY CASE r.relation WHEN 'similar' THEN 0 ELSE 1 END, r.weight, elementId(r)
    LIMIT 1
  }
  OPTIONAL CALL (b, degree_b) {
    WITH b WHERE degree_b >= $cap
    MATCH (b)-[r]-(:Block)
    WHERE r.relation IN ['similar', 'co_occurs'] AND r.origin <> 'agent'
    RETURN r AS weakest_b
    ORDER BY CASE r.relation WHEN 'similar' THEN 0 ELSE 1 END, r.weight, elementId(r)
    LIMIT 1
  }
  WITH a, b, degree_a, degree_b, weakest_a, weakest_b
  WHERE (degree_a < $cap OR weakest_a.weight < e.weight)
    AND (degree_b < $cap OR weakest_b.weight < e.weight)
  WITH a, b, [r IN [weakest_a, weakest_b] WHERE r IS NOT NULL] AS displaced
  WITH a, b, displaced,
       [r IN displaced | {a: startNode(r).id, b: endNode(r).id, relation: r.relation,
                          weight: r.weight}] AS displaced_edges
  FOREACH (r IN displaced | DELETE r)
  CREATE (a)-[r:$(e.type)]->(b)
  SET r.relation = e.relation, r.weight = e.weight, r.origin = e.origin,
      r.reinforcement_count = 0, r.created_at = $created_at, r.last_active_hours = $now_hours
  RETURN displaced_edges
}
RETURN e.a AS a, e.b AS b, e.relation AS relation, e.weight AS weight, displaced_edges
