// name: vector_cache_delta
// mode: read
// returns: one
// params: space, since, limit
// What recall's vector cache (elfgraph/retrieval/vector_cache.py) lacks: the space's vector
// version (read first, see vector_cache_load) and the active blocks (vector and texts) that
// got their vector, or a longer summary (archive_blocks.cypher), after epoch `since` (a seek on block_vector_epoch, migration 0050), at most `limit` of
// them (`seen`: how many were read, active or not; `limit` of them: the caller loads
// afresh). No row when the space is gone.
MATCH (s:Space {name: $space})
WITH s.text_key AS key, coalesce(s.vector_epoch, 0) AS epoch
CALL () {
  MATCH (b:Block)
  WHERE b.space = $space AND b.vector_epoch > $since
  WITH b, b.status = 'active' AND b.embedding IS NOT NULL AS wanted
  LIMIT $limit
  RETURN count(b) AS seen, collect(CASE WHEN wanted THEN b.id END) AS ids,
         collect(CASE WHEN wanted THEN b.embedding END) AS vectors,
         collect(CASE WHEN wanted THEN [b.content, b.summary] END) AS texts
}
RETURN key, epoch, seen, ids, vectors, texts
