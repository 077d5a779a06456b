// name: edge_state
// mode: write
// returns: one
// params: space, source, target, now_hours
// Locks the space's edges (a write on its node, like every edge writer) and reads what
// connect() decides on: each block's status, the edge between them if any, each block's
// degree and its weakest displaceable edge (similar before co_occurs, then lowest weight;
// never an agent edge, as in link_blocks), and now (the session's hours, else the
// space's clock). The lock holds until the transaction ends, so the decision stays true.
MATCH (space:Space {name: $space})
SET space._edge_lock = true
REMOVE space._edge_lock
WITH coalesce($now_hours, space.total_active_hours, 0.0) AS now
OPTIONAL MATCH (s:Block {space: $space, id: $source})
OPTIONAL MATCH (t:Block {space: $space, id: $target})
OPTIONAL CALL (s, t) {
  MATCH (s)-[r]-(t)
  RETURN r {.*, type: type(r)} AS edge
  LIMIT 1
}
OPTIONAL CALL (s) {
  MATCH (s)-[r]-(:Block)
  WHERE r.relation IN ['similar', 'co_occurs'] AND r.origin <> 'agent'
  RETURN {a: startNode(r).id, b: endNode(r).id, relation: r.relation, weight: r.weight}
         AS source_weakest
  ORDER BY CASE r.relation WHEN 'similar' THEN 0 ELSE 1 END, r.weight, elementId(r)
  LIMIT 1
}
OPTIONAL CALL (t) {
  MATCH (t)-[r]-(:Block)
  WHERE r.relation IN ['similar', 'co_occurs'] AND r.origin <> 'agent'
  RETURN {a: startNode(r).id, b: endNode(r).id, relation: r.relation, weight: r.weight}
         AS target_weakest
  ORDER BY CASE r.relation WHEN 'similar' THEN 0 ELSE 1 END, r.weight, elementId(r)
  LIMIT 1
}
RETURN now, s.status AS source_status, t.status AS target_status, edge,
       CASE WHEN s IS NULL THEN 0 ELSE COUNT { (s)--() } END AS source_degree,
       CASE WHEN t IS NULL THEN 0 ELSE COUNT { (t)--() } END AS target_degree,
       source_weakest, target_weakest
