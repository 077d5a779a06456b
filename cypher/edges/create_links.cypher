// name: create_links
// mode: write
// returns: scalar
// params: space, displaced, edges, now_hours, created_at
// Writes a planned batch of automatic edges (elfgraph/edges/link_plan.py, planned from
// link_state in the same transaction): deletes the displaced edges, each found by its
// elementId among the edges of its start block (sought by id: matched by elementId alone,
// it was planned as a scan of every relationship when the database had none yet), then
// creates each new edge from the smaller id to the larger with its typed relationship.
// Every block whose edges changed gets its weighted_degree recounted (docs/BEHAVIOUR.md §6:
// the sum of weight + 0.1·ln(1 + reinforcement_count) over its edges), and the start of a
// made or removed edge its edge_due_hours (§9.3, over the edges it starts), exact because
// link_state locked the space's edges; the space's edge_count moves by the edges made and
// removed (§9.5). Returns how many edges it created.
CALL () {
  UNWIND $displaced AS gone
  MATCH (x:Block {space: $space, id: gone.start})
  USING INDEX SEEK x:Block(space, id)
  MATCH (x)-[r]->(y)
  WHERE elementId(r) = gone.key
  DELETE r
  RETURN collect([x, 1]) + collect([y, 0]) AS loosened, count(r) AS cut
}
CALL () {
  UNWIND $edges AS e
  MATCH (a:Block {space: $space, id: e.a}), (b:Block {space: $space, id: e.b})
  CREATE (a)-[r:$(e.type)]->(b)
  SET r.relation = e.relation, r.weight = e.weight, r.origin = e.origin,
      r.reinforcement_count = 0, r.created_at = $created_at, r.last_active_hours = $now_hours
  RETURN count(r) AS made, collect([a, 1]) + collect([b, 0]) AS joined
}
CALL (loosened, joined) {
  UNWIND loosened + joined AS end
  WITH end[0] AS x, max(end[1]) = 1 AS started
  CALL (x) {
    MATCH (x)-[e]-()
    WITH coalesce(e.weight, 0.0) + 0.1 * log(1 + coalesce(e.reinforcement_count, 0)) AS strength
    ORDER BY strength
    RETURN reduce(total = 0.0, s IN collect(strength) | total + s) AS degree
  }
  SET x.weighted_degree = degree
  // The due time counts only the edges a block starts: only a start's can have moved.
  WITH x WHERE started
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
  SET x.edge_due_hours = due
}
CALL (made, cut) {
  MATCH (space:Space {name: $space})
  SET space.edge_count = coalesce(space.edge_count, 0) + made - cut
}
RETURN made
