"""The row-by-row Cypher that linked a batch before issue 18 (cypher/edges/link_blocks.cypher),
kept as the reference the batched planner (elfgraph/edges/link_plan.py) must agree with."""

ROW_BY_ROW_LINK = """
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
"""
