// name: nearest_active_exact
// mode: read
// returns: one
// params: space, queries, k, run_id
// Exact nearest active blocks of the space by scanning it, one entry per query: used only
// when the shared vector index returned too few of this space's blocks (a small space in
// a big graph). `own`: as in nearest_active.
UNWIND $queries AS q
CALL (q) {
  MATCH (node:Block)
  WHERE node.space = $space AND node.status = 'active' AND node.embedding IS NOT NULL
    AND coalesce(node.consolidated_by, '') <> $run_id
  WITH node, vector.similarity.cosine(node.embedding, q.vector) AS score
  WHERE score IS NOT NULL  // archived meanwhile by a concurrent dream or curate
  ORDER BY score DESC
  LIMIT $k
  RETURN collect({id: node.id, tags: coalesce(node.tags, []), category: node.category,
                  hours: node.last_reinforced_at, cosine: 2.0 * score - 1.0,
                  own: CASE WHEN node.sketch <> node.embedding_sketch THEN node.sketch END})
         AS hits
}
RETURN collect({query_id: q.id, hits: hits}) AS found
