// name: recount_staged_degrees
// mode: write
// returns: one
// params: space, token, after, limit
// One page of an import's last step before it becomes visible: the next `limit` blocks
// written under the claimed space name (after id `after`, in id order) get their
// weighted_degree and edge_due_hours recounted from their edges (docs/BEHAVIOUR.md §6: the
// sum of weight + 0.1·ln(1 + reinforcement_count)), which every writer of edges keeps and
// curate reads, and archive_due_hours from their last reinforcement (shifted by a merge) and
// decay rate (§9.2): for every active block, and any other that had one. An inbox block
// without edges gets no degree or due time (insert_blocks.cypher).
// Returns whether the claim still holds and the last id of the page (null when none was left).
OPTIONAL MATCH (claim:ImportClaim {space: $space, token: $token})
SET claim.heartbeat = timestamp()
WITH claim
CALL (claim) {
  WITH claim
  WHERE claim IS NOT NULL
  MATCH (x:Block)
  WHERE x.space = $space AND x.id > $after
  WITH x
  ORDER BY x.space, x.id
  LIMIT $limit
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
  WITH x, degree, due, x.status = 'inbox' AND x.weighted_degree IS NULL AND degree = 0.0 AS lean
  SET x.weighted_degree = degree, x.edge_due_hours = due,
      x.archive_due_hours = CASE WHEN x.last_reinforced_at IS NULL THEN null
                                 WHEN x.status <> 'active' AND x.archive_due_hours IS NULL
                                 THEN null
                                 WHEN coalesce(x.decay_lambda, 0.01) > 0.0
                                 THEN x.last_reinforced_at + log(20.0) / coalesce(x.decay_lambda, 0.01)
                                      - 0.001
                                 ELSE 1.0e18 END
  // An inbox block without edges keeps neither, as learn writes it (the lean inbox).
  FOREACH (_ IN CASE WHEN lean THEN [1] ELSE [] END |
    REMOVE x.weighted_degree, x.edge_due_hours
  )
  RETURN collect(x.id) AS ids
}
RETURN claim IS NOT NULL AS claimed,
       CASE WHEN size(ids) = 0 THEN null ELSE ids[size(ids) - 1] END AS last
