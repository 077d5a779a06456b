// name: vector_cache_alive
// mode: read
// returns: one
// params: space, ids
// Which of these blocks, held by recall's vector cache, are no longer active with an
// embedding (deleted by a forget in another process, docs/BEHAVIOUR.md §12, or archived): a
// seek on the (space, id) unique index for each. The cache asks it for every block it holds,
// a page at a time, after a forget it did not make itself (vector_cache_delta's `forgets`).
UNWIND $ids AS id
OPTIONAL MATCH (b:Block {space: $space, id: id})
WITH id, b
WHERE b IS NULL OR b.status <> 'active' OR b.embedding IS NULL
RETURN collect(id) AS gone
