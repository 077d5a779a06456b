// name: save_embedding_sketches
// mode: write
// returns: one
// params: space, owner, lock_seconds, rows, complete
// Curate's sketch upkeep (docs/BEHAVIOUR.md §9.7): each row's sketch (of the embedding read
// by unsketched_embeddings) set on its block while the block is still active, has that
// embedding's place (a promotion sets both, an archive removes both, so an active block's
// embedding never changes) and still no sketch. With `complete` (the last read found no
// more), the space records `embeddings_sketched`, so later runs read nothing. Runs only
// while `owner` holds the curate lock, whose lease it extends. Returns how many blocks got
// a sketch; no row when the lock is no longer ours.
MATCH (space:Space {name: $space})
WHERE space.curate_lock_owner = $owner
SET space.curate_lock_until = timestamp() / 1000.0 + $lock_seconds
WITH space
CALL () {
  UNWIND $rows AS row
  MATCH (b:Block {space: $space, id: row.id})
  WHERE b.status = 'active' AND b.embedding IS NOT NULL
    AND NOT coalesce(b.embedding_sketch STARTS WITH 'q8:', false)
  SET b.embedding_sketch = row.sketch
  RETURN count(b) AS sketched
}
FOREACH (_ IN CASE WHEN $complete THEN [1] ELSE [] END |
  SET space.embeddings_sketched = true)
RETURN sketched
