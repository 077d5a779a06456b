// name: move_agent_edges
// mode: write
// returns: one
// params: space, old_id, new_id
// After insert_correction, in its transaction (the space's edges are locked): each edge the
// agent made (origin agent) at the corrected block moves to the new block, with its type and
// every property, stored from the smaller block id to the larger (§1.2); the corrected
// block's other edges, made by dream, frames and outcomes from its old text, are deleted and
// the space's edge_count goes down by them. The new block, the corrected one and every block
// at the other end get weighted_degree and edge_due_hours recounted (§9.2, §9.3). An edge
// that moves keeps its place under the degree cap: its other end has as many edges as before.
MATCH (space:Space {name: $space})
MATCH (old:Block {space: $space, id: $old_id})
MATCH (new:Block {space: $space, id: $new_id})
CALL (old, new) {
  MATCH (old)-[r]-(other:Block)
  WHERE coalesce(r.origin, '') = 'agent' AND other <> new
  WITH new, r, other, properties(r) AS props, type(r) AS kind
  CALL (new, other, props, kind) {
    WITH new, other, props, kind
    WHERE new.id < other.id
    CREATE (new)-[e:$(kind)]->(other)
    SET e = props
  }
  CALL (new, other, props, kind) {
    WITH new, other, props, kind
    WHERE other.id < new.id
    CREATE (other)-[e:$(kind)]->(new)
    SET e = props
  }
  DELETE r
  RETURN count(r) AS moved, collect(other) AS moved_to
}
CALL (old) {
  OPTIONAL MATCH (old)-[r]-(other:Block)
  WITH collect(r) AS rest, collect(DISTINCT other) AS ends
  FOREACH (r IN rest | DELETE r)
  RETURN size(rest) AS dropped, ends
}
SET space.edge_count = coalesce(space.edge_count, 0) - dropped
WITH moved, dropped, moved_to + ends + [new, old] AS touched
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
RETURN moved, dropped
