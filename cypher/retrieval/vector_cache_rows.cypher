// name: vector_cache_rows
// mode: read
// returns: one
// params: space, ids, vectors
// One page of a large catch-up of recall's vector cache (vector_cache_delta.cypher gave the
// ids): each of these blocks that is still active with an embedding, its id, embedding and
// texts (content and summary), in the order asked; with $vectors 'vectors' their embeddings,
// with 'sketches' the int8 sketches of their embeddings (the embedding itself of a block
// without one), else none.
UNWIND range(0, size($ids) - 1) AS i
OPTIONAL MATCH (b:Block {space: $space, id: $ids[i]})
WITH i, b
ORDER BY i
WITH collect(CASE WHEN b.status = 'active' AND b.embedding IS NOT NULL THEN b END) AS kept
RETURN [b IN kept | b.id] AS ids,
       CASE $vectors
         WHEN 'vectors' THEN [b IN kept | b.embedding]
         WHEN 'sketches'
           THEN [b IN kept | CASE WHEN b.embedding_sketch STARTS WITH 'q8:' THEN b.embedding_sketch
                                  ELSE b.embedding END]
       END AS vectors,
       [b IN kept | [b.content, b.summary]] AS texts
