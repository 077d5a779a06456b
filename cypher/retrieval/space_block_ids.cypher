// name: space_block_ids
// mode: read
// returns: one
// params: space
// Every block id of a space, in any status, read from the (space, id) unique index alone (no
// block is read: ~0.2-0.4 s for 100,000 ids, where a seek per id took ~7 s). Recall's vector
// cache asks it after a forget it did not make itself (vector_cache_delta's `forgets`): a
// deleted block carries no epoch, so the cache lets go of the blocks it holds that are not
// among these (docs/BEHAVIOUR.md §12.2). Archived blocks are still here; their epoch told the
// cache already.
MATCH (b:Block)
WHERE b.space = $space AND b.id IS NOT NULL
RETURN collect(b.id) AS ids
