// name: save_archive_plan
// mode: write
// returns: scalar
// params: space, owner, lock_seconds, now, batches, bridges_kept
// Keeps the archive plan of a curate run in the graph, one CuratePlan node per batch of
// ids (seq, ids, the clock it was made for, and how many bridges it keeps), replacing any
// older plan of the space.
// A run that crashes midway is resumed from what is left of it by the next run at the
// same clock, so it ends exactly where an uninterrupted run would. Runs only while
// `owner` holds the curate lock, whose lease it extends. Returns how many batches; no
// row when the lock is no longer ours.
MATCH (space:Space {name: $space})
WHERE space.curate_lock_owner = $owner
SET space.curate_lock_until = timestamp() / 1000.0 + $lock_seconds
WITH space
CALL () {
  MATCH (old:CuratePlan)
  WHERE old.space = $space
  DELETE old
}
CALL () {
  UNWIND $batches AS batch
  CREATE (:CuratePlan {space: $space, now: $now, seq: batch.seq, ids: batch.ids,
                       bridges_kept: $bridges_kept})
  RETURN count(*) AS saved
}
RETURN saved
