// name: unsketched_embeddings
// mode: read
// returns: one
// params: space, after, limit
// Curate's sketch upkeep (docs/BEHAVIOUR.md §9.7): the next `limit` active blocks after the
// id `after`, in id order (the (space, id) constraint's index), whose embedding has no
// sketch: blocks dreamed before dream kept `embedding_sketch`, which recall's vector cache
// otherwise reads as whole embeddings and quantises at every open (§7.2). Each with its id
// and embedding; the caller sketches them (base64 of int8, which Cypher cannot write).
// No row when the space is gone or its `embeddings_sketched` says a pass found none left.
MATCH (s:Space {name: $space})
WHERE NOT coalesce(s.embeddings_sketched, false)
CALL (s) {
  MATCH (b:Block)
  WHERE b.space = $space AND b.id > $after AND b.status = 'active'
    AND b.embedding IS NOT NULL
    AND NOT coalesce(b.embedding_sketch STARTS WITH 'q8:', false)
  WITH b
  ORDER BY b.space, b.id  // the index's own order: the read stops after `limit`
  LIMIT $limit
  RETURN collect(b.id) AS ids, collect(b.embedding) AS embeddings
}
RETURN ids, embeddings
