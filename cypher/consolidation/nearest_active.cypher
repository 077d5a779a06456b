// name: nearest_active
// mode: read
// returns: one
// params: space, queries, fetch, k, run_id
// For each query vector, the k nearest active blocks of the space through the shared
// vector index, one entry per query (in one record), leaving out blocks this run promoted (the caller
// has those in memory). The index holds every space, so it is asked for
// `fetch` (>= k) nodes and filtered; the caller falls back to nearest_active_exact when
// that leaves too few. Each cosine is exact (the index's is approximate), in [-1, 1].
// A block archived by a concurrent dream or curate may still come back from the index
// with its embedding gone: it has no cosine and is left out. `own` is the sketch of a
// hit's own vector when the vector it is found by leans on its context (§4.8), which
// dream judges near-duplicates by; null when the two are one.
UNWIND $queries AS q
CALL (q) {
  CALL db.index.vector.queryNodes('block_embedding', $fetch, q.vector) YIELD node, score
  WITH node, score
  WHERE node.space = $space AND node.status = 'active'
    AND coalesce(node.consolidated_by, '') <> $run_id
  WITH node, score, vector.similarity.cosine(node.embedding, q.vector) AS similarity
  WHERE similarity IS NOT NULL
  WITH node, score, similarity
  ORDER BY score DESC
  LIMIT $k
  RETURN collect({id: node.id, tags: coalesce(node.tags, []), category: node.category,
                  hours: node.last_reinforced_at, cosine: 2.0 * similarity - 1.0,
                  own: CASE WHEN node.sketch <> node.embedding_sketch THEN node.sketch END})
         AS hits
}
RETURN collect({query_id: q.id, hits: hits}) AS found
