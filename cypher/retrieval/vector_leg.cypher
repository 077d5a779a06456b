// name: vector_leg
// mode: read
// returns: one
// params: space, query_vector, fetch, k, scan_below, self_only
// Recall's vector leg alone, for a space that ranks neither leg in the process: the k nearest
// active blocks of the space through the shared vector index (over-fetching `fetch` and
// filtering), or an exact scan of the space when that leaves fewer than $scan_below, as
// candidates.cypher does it in its own read. Run beside keyword_leg.cypher in a second
// transaction, so the server's two indexes answer at once (elfgraph/retrieval/server_legs.py);
// candidates.cypher then takes the ids as it takes a cache's. `vector_version`: the space's,
// for that read to check that nothing was dreamed or archived in between.
MATCH (space_node:Space {name: $space})
CALL () {
  CALL db.index.vector.queryNodes('block_embedding', $fetch, $query_vector) YIELD node, score
  WITH node, score
  ORDER BY score DESC
  WITH collect({node: node, score: score}) AS answers
  WITH answers,
       [a IN answers
        WHERE a.node.space = $space AND a.node.status = 'active'
          AND (NOT $self_only OR a.node:Self)] AS ours
  RETURN size(answers) AS answered, [a IN ours | a.node] AS fetched,
         [a IN ours | a.score] AS fetched_scores
}
CALL (fetched) {
  // The unwound flag keeps the planner from seeking every block of the space first and
  // testing the answer's size after (a 1M-block space: 1M index rows a recall).
  UNWIND CASE WHEN size(fetched) < $scan_below THEN [$query_vector] ELSE [] END AS qv
  MATCH (b:Block)
  WHERE b.space = $space AND b.status = 'active' AND b.embedding IS NOT NULL
    AND (NOT $self_only OR b:Self)
  WITH b, vector.similarity.cosine(b.embedding, qv) AS score
  ORDER BY score DESC
  WITH collect(b) AS nearest, collect(score) AS scores
  RETURN nearest[..$k] AS scanned, scores[..$k] AS scanned_scores, size(nearest) AS compared
}
WITH space_node, answered, fetched, compared,
     CASE WHEN size(scanned) > 0 THEN scanned ELSE fetched[..$k] END AS nodes,
     CASE WHEN size(scanned) > 0 THEN scanned_scores ELSE fetched_scores[..$k] END AS scores
RETURN [n IN nodes | n.id] AS ids,
       scores,
       answered,
       size(fetched) AS fetched_in_space,
       compared,
       [space_node.text_key, coalesce(space_node.vector_epoch, 0)] AS vector_version
