// name: vector_cache_load
// mode: read
// returns: one
// params: space, limit, vector_limit, sketch_limit, after, page
// What recall's vector cache (elfgraph/retrieval/vector_cache.py) starts from, one page at
// a time: the space's vector version (its text_key and vector epoch, read first, so a dream
// committing meanwhile is read again by the next catch-up rather than missed), and the next
// `page` active blocks with an embedding after the id `after` (null: from the first), in id
// order (the (space, id) constraint's index), each with its id, embedding and texts (content
// and summary, for its keyword index). The first page (`after` null) also counts the
// space's active blocks, and holds none when they are more than `limit` (the cache would
// cost more memory than it saves); later pages count 0. Up to `vector_limit` (the count,
// or 0 on a later page) each block comes with its embedding; past it, up to
// `sketch_limit`, with the int8 sketch of its embedding (`embedding_sketch`, not the
// `sketch` of its own vector that diversity reads, §4.8; the embedding itself of a block
// dreamed before blocks kept one: the cache quantises it); past both, with neither: the
// cache keeps the words alone (a caller that wants no vector passes -1 for both). Pages keep the driver's lists of
// floats, ~30 bytes a dimension, to one page at a time (catch_up.py). No row when the space
// is gone.
MATCH (s:Space {name: $space})
WITH s.text_key AS key, coalesce(s.vector_epoch, 0) AS epoch
CALL () {
  WITH $after AS after
  WHERE after IS NULL
  MATCH (b:Block)
  WHERE b.space = $space AND b.status = 'active'
  RETURN count(b) AS active
}
CALL (active) {
  WITH active
  WHERE active <= $limit
  MATCH (b:Block)
  WHERE b.space = $space AND b.id > coalesce($after, '') AND b.status = 'active'
    AND b.embedding IS NOT NULL
  WITH b
  ORDER BY b.space, b.id  // the index's own order: the read stops after the page
  LIMIT $page
  RETURN collect(b) AS blocks
}
RETURN key, epoch, active, [b IN blocks | b.id] AS ids,
       CASE WHEN active <= $vector_limit THEN [b IN blocks | b.embedding]
            WHEN active <= $sketch_limit
              THEN [b IN blocks |
                    CASE WHEN b.embedding_sketch STARTS WITH 'q8:' THEN b.embedding_sketch
                         ELSE b.embedding END]
       END AS vectors,
       [b IN blocks | [b.content, b.summary]] AS texts
