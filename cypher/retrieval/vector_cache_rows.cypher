// name: vector_cache_rows
// mode: read
// returns: one
// params: space, ids, vectors
// One page of a large catch-up of recall's vector cache (vector_cache_delta.cypher gave the
// ids): each of these blocks that is still active with an embedding, its id, embedding and
// texts (content and summary), in the order asked; the embeddings only with $vectors.
UNWIND range(0, size($ids) - 1) AS i
OPTIONAL MATCH (b:Block {space: $space, id: $ids[i]})
WITH i, b
ORDER BY i
WITH collect(CASE WHEN b.status = 'active' AND b.embedding IS NOT NULL THEN b END) AS kept
RETURN [b IN kept | b.id] AS ids,
       CASE WHEN $vectors THEN [b IN kept | b.embedding] END AS vectors,
       [b IN kept | [b.content, b.summary]] AS texts
