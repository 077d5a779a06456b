// name: reinforce_frame
// mode: write
// returns: one
// params: space, operation, kept, ids, pairs, now_hours, session_id, threshold, staging_max, at
// The side effects of one frame(), in one round trip. The space node is locked first
// (like every writer of counters and edges), so concurrent frames never lose a count.
// `operation` is the frame's id: the space keeps the last `kept` ids applied, and a
// transaction retried after its commit's reply was lost finds its id there and changes
// nothing (`replayed`), so a frame is never reinforced twice.
// Each returned block: reinforcement_count + 1, last_reinforced_at = now, archive_due_hours
// recounted (docs/BEHAVIOUR.md §9.2). Each edge
// between two returned blocks: reinforcement_count + 1, last_active_hours = now, and both
// ends' weighted_degree and edge_due_hours recounted (docs/BEHAVIOUR.md §6). Each
// returned pair without an edge gets one co-retrieval count per session (Hebbian
// staging); the pairs that reach `threshold` come back for the caller to link. Staging
// forgets a pair once it has an edge, and keeps at most `staging_max` pairs per space,
// dropping the least recently counted.
// $ids and $pairs arrive padded with None (elfgraph/store/plan_shapes.py): one plan for
// every frame; the padding is skipped.
MATCH (space:Space {name: $space})
SET space._lock = true
REMOVE space._lock
WITH space, coalesce(space.applied_operations, []) AS applied
WITH space, applied, $operation IN applied AS replayed
SET space.applied_operations = CASE WHEN replayed THEN applied
                                    ELSE (applied + $operation)[-$kept..] END
WITH space, replayed
CALL (space, replayed) {
  WITH space WHERE NOT replayed
  UNWIND $ids AS block_id
  WITH block_id WHERE block_id IS NOT NULL
  MATCH (b:Block {space: $space, id: block_id})
  USING INDEX SEEK b:Block(space, id)
  WHERE b.status = 'active'
  SET b.reinforcement_count = coalesce(b.reinforcement_count, 0) + 1,
      b.last_reinforced_at = $now_hours
  SET b.archive_due_hours = CASE WHEN coalesce(b.decay_lambda, 0.01) > 0.0
      THEN b.last_reinforced_at + log(20.0) / coalesce(b.decay_lambda, 0.01) - 0.001
      ELSE 1.0e18 END
  RETURN count(b) AS blocks_reinforced
}
CALL (space, replayed) {
  WITH space WHERE NOT replayed
  UNWIND $pairs AS pair
  WITH pair WHERE pair IS NOT NULL
  MATCH (a:Block {space: $space, id: pair[0]})-[r]-(b:Block {space: $space, id: pair[1]})
  USING INDEX SEEK a:Block(space, id)
  USING INDEX SEEK b:Block(space, id)
  SET r.reinforcement_count = coalesce(r.reinforcement_count, 0) + 1,
      r.last_active_hours = $now_hours
  WITH collect(r) AS reinforced, collect(a) + collect(b) AS ends,
       collect(DISTINCT pair) AS linked_pairs
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
  RETURN size(reinforced) AS edges_reinforced, linked_pairs
}
CALL (space, replayed, linked_pairs) {
  WITH space
  WHERE $session_id IS NOT NULL AND NOT replayed
  UNWIND $pairs AS pair
  WITH pair WHERE pair IS NOT NULL
  MATCH (a:Block {space: $space, id: pair[0]}), (b:Block {space: $space, id: pair[1]})
  USING INDEX SEEK a:Block(space, id)
  USING INDEX SEEK b:Block(space, id)
  WHERE a.status = 'active' AND b.status = 'active'
  // Whether the pair is linked comes from the edges just reinforced: a pattern between a
  // and b in this part, which deletes, was planned as a scan of every relationship of the
  // database for each pair (docs/DECISIONS.md, "Frame's write has no relationship pattern").
  WITH pair, pair IN linked_pairs AS linked
  OPTIONAL MATCH (done:CoRetrieval {space: $space, a: pair[0], b: pair[1]})
  WHERE linked
  DETACH DELETE done
  WITH pair, linked
  WHERE NOT linked
  MERGE (staged:CoRetrieval {space: $space, a: pair[0], b: pair[1]})
  ON CREATE SET staged.count = 0, staged.created_at = $at
  WITH staged
  WHERE coalesce(staged.last_session, '') <> $session_id
  SET staged.count = staged.count + 1, staged.last_session = $session_id,
      staged.updated_at = $at
  WITH staged
  WHERE staged.count >= $threshold
  RETURN collect([staged.a, staged.b]) AS ready
}
CALL (space, replayed) {
  WITH space WHERE NOT replayed
  MATCH (staged:CoRetrieval)
  WHERE staged.space = $space AND staged.a IS NOT NULL AND staged.b IS NOT NULL
  WITH staged
  ORDER BY staged.updated_at DESC, staged.a, staged.b
  WITH collect(staged)[$staging_max..] AS stale
  FOREACH (old IN stale | DELETE old)
  RETURN size(stale) AS staging_dropped
}
RETURN replayed, blocks_reinforced, edges_reinforced, ready, staging_dropped
