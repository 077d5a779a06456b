// name: finish_curate
// mode: write
// returns: one
// params: space, owner, now
// Ends a curate run: records last_curate_at (active hours, never moved back) for
// should_curate and status, releases the lock, removes what is left of its archive plan,
// and returns the knowledge edges left (the denominator, docs/BEHAVIOUR.md §9.5): the
// space's edge_count, which every writer of edges keeps (counted only for a space that has
// none yet). No row when the lock is no longer ours.
MATCH (s:Space {name: $space})
WHERE s.curate_lock_owner = $owner
SET s.last_curate_at = CASE WHEN s.last_curate_at > $now THEN s.last_curate_at ELSE $now END
REMOVE s.curate_lock_owner, s.curate_lock_until, s.curate_lock_holder
WITH s
CALL () {
  MATCH (plan:CuratePlan)
  WHERE plan.space = $space
  DELETE plan
}
RETURN CASE WHEN s.edge_count IS NULL
            THEN COUNT { MATCH (a:Block)-[]->(:Block) WHERE a.space = $space AND a.status = 'active' }
            ELSE s.edge_count END AS total_edges
