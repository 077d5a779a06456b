// name: record_outcome
// mode: write
// returns: one
// params: space, outcome_id, ids, pairs, signal, weight, source, prior, reinforce_above, penalize_below, penalty_factor, lambda_ceiling, lambda_floor, edge_delta, now_hours, at
// One outcome() call, except the new edges: the space node is locked first (like every
// writer of counters and edges), so concurrent outcomes never lose an update. For each
// active block of `ids`: the Bayesian confidence update c' = (c·(prior+e) + s·w) /
// (prior+e+w), e += w; above `reinforce_above` a reinforcement (count + 1, clock now);
// below `penalize_below` a faster decay (λ × factor, at most the ceiling) for blocks whose
// λ exceeds the floor; either way its archive_due_hours is recounted (docs/BEHAVIOUR.md §9.2). A penalised block's λ moves the decay due time of its edges, so it and
// its neighbours get edge_due_hours recounted (docs/BEHAVIOUR.md §9.3). Above `reinforce_above`, every existing edge between two of the
// blocks gains signal·delta of weight (at most 1.0) and a reinforcement, and its clock is
// set to now (docs/BEHAVIOUR.md §8.1), and both ends' weighted_degree and edge_due_hours are recounted (§6); now is $now_hours, or the space's clock outside a session.
// The call is recorded as an Outcome node with what it did. `outcome_id` is made once per
// call, so a transaction retried after its commit's reply was lost finds its Outcome
// node, changes nothing, and returns what the first attempt did (`replayed`). Returns the
// blocks updated with their confidence change, the penalised ones, the edges reinforced,
// the pairs that have no edge yet (the caller links them), the outcome edges made by a
// replayed call, and now.
MATCH (space:Space {name: $space})
SET space._lock = true
REMOVE space._lock
WITH space, coalesce($now_hours, space.total_active_hours, 0.0) AS now
OPTIONAL MATCH (previous:Outcome {space: $space, id: $outcome_id})
WITH now, previous, previous IS NOT NULL AS replayed
CALL (now, replayed) {
  WITH now WHERE NOT replayed
  UNWIND $ids AS block_id
  MATCH (b:Block {space: $space, id: block_id})
  WHERE b.status = 'active'
  WITH b, coalesce(b.confidence, 0.5) AS before, coalesce(b.outcome_evidence, 0.0) AS evidence
  SET b.confidence = (before * ($prior + evidence) + $signal * $weight)
                     / ($prior + evidence + $weight),
      b.outcome_evidence = evidence + $weight
  WITH b, before, $signal > $reinforce_above AS reinforce,
       $signal < $penalize_below AND coalesce(b.decay_lambda, 0.01) > $lambda_floor AS penalise
  SET b.reinforcement_count = coalesce(b.reinforcement_count, 0)
                              + CASE WHEN reinforce THEN 1 ELSE 0 END,
      b.last_reinforced_at = CASE WHEN reinforce THEN now ELSE b.last_reinforced_at END,
      b.decay_lambda = CASE WHEN penalise
                            THEN CASE WHEN b.decay_lambda * $penalty_factor > $lambda_ceiling
                                      THEN $lambda_ceiling
                                      ELSE b.decay_lambda * $penalty_factor END
                            ELSE b.decay_lambda END
  SET b.archive_due_hours = CASE WHEN coalesce(b.decay_lambda, 0.01) > 0.0
      THEN b.last_reinforced_at + log(20.0) / coalesce(b.decay_lambda, 0.01) - 0.001
      ELSE 1.0e18 END
  RETURN collect(b.id) AS updated, collect(b.confidence - before) AS deltas,
         collect(CASE WHEN penalise THEN b END) AS slowed
}
CALL (slowed) {
  UNWIND slowed AS p
  UNWIND [p] + COLLECT { MATCH (p)-[]-(n:Block) RETURN DISTINCT n } AS x
  WITH DISTINCT x
  SET x.edge_due_hours = coalesce(COLLECT {
        MATCH (x)-[e]->(o:Block)
        WHERE coalesce(e.origin, '') <> 'agent'
        WITH e, 0.5 * CASE WHEN coalesce(e.reinforcement_count, 0) >= 10 THEN 0.5 ELSE 1.0 END
                   * CASE WHEN coalesce(x.decay_lambda, 0.01) < coalesce(o.decay_lambda, 0.01)
                          THEN coalesce(x.decay_lambda, 0.01) ELSE coalesce(o.decay_lambda, 0.01) END
                   AS rate
        RETURN min(CASE WHEN e.weight < 0.1 AND (coalesce(e.reinforcement_count, 0) = 0
                                              OR e.last_active_hours IS NOT NULL) THEN -1.0e18
                        WHEN e.last_active_hours IS NULL OR rate <= 0.0 THEN null
                        ELSE e.last_active_hours + log(e.weight / 0.1) / rate - 0.001 END) AS due
        }[0], 1.0e18)
}
WITH now, previous, replayed, updated, deltas, [b IN slowed | b.id] AS penalised
CALL (now, updated, replayed) {
  WITH now, updated
  WHERE $signal > $reinforce_above AND NOT replayed
  UNWIND $pairs AS pair
  MATCH (a:Block {space: $space, id: pair[0]})-[r]-(b:Block {space: $space, id: pair[1]})
  WHERE a.id IN updated AND b.id IN updated
  SET r.weight = CASE WHEN r.weight + $signal * $edge_delta > 1.0 THEN 1.0
                      ELSE r.weight + $signal * $edge_delta END,
      r.reinforcement_count = coalesce(r.reinforcement_count, 0) + 1,
      r.last_active_hours = now
  WITH collect(r) AS reinforced, collect(a) + collect(b) AS ends
  CALL (ends) {
    UNWIND ends AS x
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
  RETURN size(reinforced) AS edges_reinforced
}
CALL (updated, replayed) {
  WITH updated
  WHERE $signal > $reinforce_above AND NOT replayed
  UNWIND $pairs AS pair
  MATCH (a:Block {space: $space, id: pair[0]}), (b:Block {space: $space, id: pair[1]})
  WHERE a.id IN updated AND b.id IN updated AND NOT EXISTS { (a)--(b) }
  RETURN collect(pair) AS unlinked
}
CALL (now, updated, deltas, penalised, edges_reinforced, replayed) {
  WITH now, updated, deltas, penalised, edges_reinforced
  WHERE NOT replayed
  CREATE (:Outcome {space: $space, id: $outcome_id, at: $at, signal: $signal,
                    weight: $weight, source: $source, block_ids: updated, now_hours: now,
                    deltas: deltas, penalised: penalised, edges_reinforced: edges_reinforced,
                    edges_created: 0})
}
RETURN replayed,
       CASE WHEN replayed THEN previous.block_ids ELSE updated END AS updated,
       CASE WHEN replayed THEN coalesce(previous.deltas, []) ELSE deltas END AS deltas,
       CASE WHEN replayed THEN coalesce(previous.penalised, []) ELSE penalised END AS penalised,
       CASE WHEN replayed THEN coalesce(previous.edges_reinforced, 0) ELSE edges_reinforced END
         AS edges_reinforced,
       CASE WHEN replayed THEN [] ELSE unlinked END AS unlinked,
       coalesce(previous.edges_created, 0) AS edges_created,
       CASE WHEN replayed THEN previous.now_hours ELSE now END AS now
