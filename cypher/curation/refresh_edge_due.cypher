// name: refresh_edge_due
// mode: write
// returns: one
// params: space, owner, lock_seconds, ids, now
// After curate's edge phases: the blocks of `ids` (those that were due) whose kept
// edge_due_hours is still at or before `now` get it recounted from their edges
// (docs/BEHAVIOUR.md §9.3), so a block that was due only because an edge of it was used
// since (its anchor moved on) leaves the index's due range. Blocks the phases recounted
// already are skipped by the same test unless an edge of them is still due (an agent's
// use meanwhile). Runs only while `owner` holds the curate lock, whose lease it extends.
// Returns how many were recounted; no row when the lock is no longer ours.
MATCH (space:Space {name: $space})
WHERE space.curate_lock_owner = $owner
SET space.curate_lock_until = timestamp() / 1000.0 + $lock_seconds
WITH space
CALL () {
  UNWIND $ids AS block_id
  MATCH (x:Block {space: $space, id: block_id})
  // coalesce: a test no index answers, so the block is found by its id. Asked plainly,
  // the planner read the (space, edge_due_hours) index for every id instead: 20 s for
  // 3,000 ids at 10,000 blocks (docs/DECISIONS.md, "Lookups and walks test with
  // coalesce()").
  WHERE coalesce(x.edge_due_hours, 1.0e18) <= $now
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
  RETURN count(x) AS refreshed
}
RETURN refreshed
