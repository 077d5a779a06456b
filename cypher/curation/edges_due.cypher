// name: edges_due
// mode: read
// returns: one
// params: space, now, threshold, edge_factor, established
// The plan of curate's edge phases without reading every edge (docs/BEHAVIOUR.md §9.3): the
// blocks whose kept edge_due_hours (the earliest hour one of the edges they start falls
// below the prune threshold, less a margin; each edge is stored once, from its start) is
// at or before `now`, from the (space, edge_due_hours) index, and the edges they start;
// then the test of edges_to_remove on those alone. Every edge that edges_to_remove would
// plan starts at one of them, since each write that makes an edge fall due sooner
// recounts both its ends. Weak (static prune): weight below
// `threshold`, never reinforced, not the agent's. Decayed: any other edge but the agent's
// and those without an anchor, with weight·exp(-λ_edge·max(0, now - last_active_hours))
// below `threshold`. Returns the weak pairs, the decaying pairs weakest first, and the due
// blocks' ids (recounted after the edge phases, so a block that was due and keeps its
// edges is not read again by the next run).
MATCH (x:Block)
WHERE x.space = $space AND x.edge_due_hours <= $now
WITH collect(x) AS due
CALL (due) {
  UNWIND due AS a
  MATCH (a)-[r]->(b:Block)
  WHERE a.status = 'active'
  WITH a, r, b, coalesce(r.reinforcement_count, 0) AS count,
       coalesce(r.origin, '') = 'agent' AS agent
  WITH a, r, b, count, agent, NOT agent AND r.weight < $threshold AND count = 0 AS weak
  WITH a, r, b, weak,
       CASE WHEN NOT weak AND NOT agent AND r.last_active_hours IS NOT NULL
            THEN r.weight * exp(
                   -CASE WHEN coalesce(a.decay_lambda, 0.01) < coalesce(b.decay_lambda, 0.01)
                         THEN coalesce(a.decay_lambda, 0.01) ELSE coalesce(b.decay_lambda, 0.01) END
                   * $edge_factor
                   * CASE WHEN count >= $established THEN $edge_factor ELSE 1.0 END
                   * CASE WHEN $now > r.last_active_hours THEN $now - r.last_active_hours
                          ELSE 0.0 END)
       END AS effective
  WITH collect(CASE WHEN weak THEN [a.id, b.id] END) AS weak_pairs,
       collect(CASE WHEN effective < $threshold THEN [effective, a.id, b.id] END) AS decayed
  CALL (decayed) {
    UNWIND decayed AS d
    WITH d
    ORDER BY d[0], d[1], d[2]
    RETURN collect([d[1], d[2]]) AS weakest_first
  }
  RETURN weak_pairs, weakest_first
}
RETURN weak_pairs, weakest_first AS decay_pairs, [x IN due | x.id] AS due_ids
