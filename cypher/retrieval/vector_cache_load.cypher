// name: vector_cache_load
// mode: read
// returns: one
// params: space, limit
// What recall's vector cache (elfgraph/retrieval/vector_cache.py) starts from: the space's
// vector version (its text_key and vector epoch, read first, so a dream committing
// meanwhile is read again by the next catch-up rather than missed) and every active
// block's id, embedding and texts (content and summary, for its keyword index); none when the space holds more than `limit` active blocks
// (the cache would cost more memory than it saves). No row when the space is gone.
MATCH (s:Space {name: $space})
WITH s.text_key AS key, coalesce(s.vector_epoch, 0) AS epoch
CALL () {
  MATCH (b:Block)
  WHERE b.space = $space AND b.status = 'active'
  RETURN count(b) AS active
}
CALL (active) {
  WITH active
  WHERE active <= $limit
  MATCH (b:Block)
  WHERE b.space = $space AND b.status = 'active' AND b.embedding IS NOT NULL
  RETURN collect(b.id) AS ids, collect(b.embedding) AS vectors,
         collect([b.content, b.summary]) AS texts
}
RETURN key, epoch, active, ids, vectors, texts
