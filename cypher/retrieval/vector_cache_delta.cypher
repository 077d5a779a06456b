// name: vector_cache_delta
// mode: read
// returns: one
// params: space, since, limit, page, vectors
// What recall's vector cache (elfgraph/retrieval/vector_cache.py) lacks: the space's vector
// version (read first, see vector_cache_load) and the active blocks that got their vector,
// or a longer summary (archive_blocks.cypher), after epoch `since`, and the ids of those
// archived since (`gone`: archive_blocks, archive_decayed) (a seek on
// block_vector_epoch, migration 0050), at most `limit` of them (`seen`: how many were read,
// active or not; `limit` of them: the caller loads afresh). Their vectors and texts come
// along when they are at most `page` (a dream's usual catch-up, in one round trip); for
// more, only their ids, and the caller reads the rest in pages (vector_cache_rows.cypher),
// so the driver's lists of floats never hold a large catch-up at once. $vectors says what
// comes of each vector: 'vectors' the embedding, 'sketches' the int8 sketch of the
// embedding (a cache past its vectors' capacity; the embedding of a block dreamed before
// blocks kept one), 'words' nothing. `forgets`: the vector epochs of the forgets since
// `since` that deleted an active block (their tombstones, docs/BEHAVIOUR.md §12, through the
// Forgotten(space, vector_epoch) index, migration 0061): a deleted block carries no epoch, so
// a cache that did not make one of them checks which of its blocks are still there
// (space_block_ids.cypher). No row when the space is gone.
MATCH (s:Space {name: $space})
WITH s.text_key AS key, coalesce(s.vector_epoch, 0) AS epoch
CALL () {
  MATCH (b:Block)
  WHERE b.space = $space AND b.vector_epoch > $since
  WITH b
  LIMIT $limit
  RETURN count(b) AS seen,
         collect(CASE WHEN b.status = 'active' AND b.embedding IS NOT NULL THEN b END) AS wanted,
         collect(CASE WHEN b.status <> 'active' OR b.embedding IS NULL THEN b.id END) AS gone
}
CALL () {
  MATCH (t:Forgotten)
  WHERE t.space = $space AND t.vector_epoch > $since
  RETURN collect(DISTINCT t.vector_epoch) AS forgets
}
RETURN key, epoch, seen, [b IN wanted | b.id] AS ids, gone, forgets,
       CASE WHEN size(wanted) <= $page THEN
         CASE $vectors
           WHEN 'vectors' THEN [b IN wanted | b.embedding]
           WHEN 'sketches'
             THEN [b IN wanted |
                   CASE WHEN b.embedding_sketch STARTS WITH 'q8:' THEN b.embedding_sketch
                        ELSE b.embedding END]
         END
       END AS vectors,
       CASE WHEN size(wanted) <= $page THEN [b IN wanted | [b.content, b.summary]] END AS texts
