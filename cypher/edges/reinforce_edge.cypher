// name: reinforce_edge
// mode: write
// returns: one
// params: space, a, b, delta, note, now_hours
// Strengthens the edge between two blocks: weight + delta (at most 1.0), one more
// reinforcement, its clock set to now; a note given replaces the stored one. Runs after
// edge_state in the same transaction, so the count cannot lose a concurrent update. Both
// blocks' weighted_degree and edge_due_hours are recounted (docs/BEHAVIOUR.md §6).
MATCH (s:Block {space: $space, id: $a})-[r]-(t:Block {space: $space, id: $b})
SET r.weight = CASE WHEN r.weight + $delta > 1.0 THEN 1.0 ELSE r.weight + $delta END,
    r.reinforcement_count = coalesce(r.reinforcement_count, 0) + 1,
    r.last_active_hours = $now_hours,
    r.note = coalesce($note, r.note)
WITH r, s, t
CALL (s, t) {
  UNWIND [s, t] AS x
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
RETURN r {.*} AS edge
