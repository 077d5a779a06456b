// name: candidates
// mode: read
// returns: one
// params: space, query_vector, terms, k, fetch, scan_below, exact, vectors_cached, cached_ids, cached_scores, cache_key, cache_epoch, keywords_cached, cached_keyword_ids, cached_keyword_scores, text_fetch, self_only, queryless, queryless_limit, guarantee_tags, now_hours, proxy, cap, expand, expand_seeds, expand_per_seed, pending, period_from, period_until, period_scan
// Everything one recall needs, in one round trip. Vector leg: the k nearest active blocks
// of the space through the shared vector index, over-fetching `fetch` and filtering, with
// an exact scan of the space when that leaves fewer than $scan_below (`answered`: how many
// answers the index gave, for the caller's estimate of the space's share); each with its
// cosine (the index's, from its quantised vectors: close enough to rank, and no embedding
// is read).
// With $exact (a small space, elfgraph/retrieval/index_share.py) the index is not asked:
// the scan gives exact cosines at a cost that depends on this space alone (`scanned`: how
// many blocks it compared, the space's size for the caller).
// With $vectors_cached, $cached_ids (the caller's vector cache of this space, elfgraph/
// retrieval/vector_cache.py, ranked them nearest first) neither runs when the cache is
// current: the space's text_key and vector epoch are still the ones the cache holds (`vector_version`,
// else the caller catches up). Each cached id is looked up and kept while active; those
// that are not come back as `cache_dead` for the caller to forget.
// Keyword leg: with $keywords_cached, $cached_keyword_ids (the caller's keyword index of this
// space, kept with its vector cache, ranked them by BM25 over the space's own statistics) those
// blocks, looked up as the cached vector ids are, when the cache is current; else the k best
// full-text hits for `terms` (already reduced to plain words by the caller) among this
// space's active blocks: the space's text_key and the status are
// required terms of the Lucene query, so a bigger space that uses the same words more
// often cannot crowd this one out; each hit with its Lucene score. With $pending, the same
// full-text call also brings the k best inbox hits (blocks learned but not yet dreamed:
// read your writes), kept apart as pending blocks, which are never seeds of the
// expansion; with the caller's keyword hits, the call asks for inbox blocks alone (the
// caller scores them by its own BM25). Queryless frames instead pre-select the best
// blocks by a cheap proxy of their score among the most recently reinforced, the most
// reinforced and the most confident blocks, each read from its index in order (0022-0024),
// so the cost does not grow with the space. Period leg: when the query names a period
// ($period_from <= $period_until, epoch seconds of event times), the blocks whose
// occurred_at falls in it, read from the (space, occurred_at) range index (at most
// $period_scan of them), the $k nearest the query vector among them joining the vector seeds
// after the leg's own (docs/BEHAVIOUR.md §7.8). Then: the 1-hop neighbours through any edge but
// CONTRADICTS (unless $expand is false) of the first $expand_seeds seeds of each leg, at most
// $expand_per_seed per seed, heaviest edge first (§7.3), the blocks the frame guarantees, each candidate's properties,
// embedding sketch (for diversity; full embeddings would cost more to send than the rest
// of the query), kept weighted degree (for centrality, §6), the edges among the candidates
// (`inner_edges`, each once: start, end, weight, reinforcements, relation; for spreading and
// relevance; an edge to a block outside them carries nothing there, and a hub's hundreds
// of edges would cost more to send than the rest), the contradiction pairs among them,
// and the clock ($now_hours, or the space's persisted total outside a session). Returns
// no row when there is no candidate.
// Every recall sends one parameter shape, the plan the warm-up made (elfgraph/store/
// plan_shapes.py): the lists, $query_vector among them, arrive padded with None and are
// lists even when there is nothing to send (no query: no vector; no cache: no ids, and
// $vectors_cached / $keywords_cached false); $terms and $cache_key arrive padded with
// blanks. The padding is skipped, and a blank $terms asks nothing.
MATCH (space_node:Space {name: $space})
WITH space_node, coalesce($now_hours, space_node.total_active_hours, 0.0) AS now,
     [space_node.text_key, coalesce(space_node.vector_epoch, 0)] AS vector_version
WITH space_node, now, vector_version,
     $vectors_cached AND vector_version = [trim($cache_key), $cache_epoch] AS cache_hit,
     $keywords_cached AND vector_version = [trim($cache_key), $cache_epoch] AS keywords_hit
CALL (keywords_hit) {
  WITH keywords_hit
  WHERE keywords_hit
  UNWIND range(0, size($cached_keyword_ids) - 1) AS i
  WITH i WHERE $cached_keyword_ids[i] IS NOT NULL
  OPTIONAL MATCH (b:Block {space: $space, id: $cached_keyword_ids[i]})
  USING INDEX SEEK b:Block(space, id)
  WITH i, b
  ORDER BY i
  RETURN collect(CASE WHEN b.status = 'active' THEN b END) AS cached_keyword_nodes,
         collect(CASE WHEN b.status = 'active' THEN $cached_keyword_scores[i] END)
           AS cached_keyword_scores,
         collect(CASE WHEN b IS NULL OR b.status <> 'active' THEN $cached_keyword_ids[i] END)
           AS keyword_dead
}
CALL (cache_hit) {
  WITH cache_hit
  WHERE cache_hit
  UNWIND range(0, size($cached_ids) - 1) AS i
  WITH i WHERE $cached_ids[i] IS NOT NULL
  OPTIONAL MATCH (b:Block {space: $space, id: $cached_ids[i]})
  USING INDEX SEEK b:Block(space, id)
  WITH i, b
  ORDER BY i
  RETURN collect(CASE WHEN b.status = 'active' THEN b END) AS cache_nodes,
         collect(CASE WHEN b.status = 'active' THEN $cached_scores[i] END) AS cache_scores,
         collect(CASE WHEN b IS NULL OR b.status <> 'active' THEN $cached_ids[i] END)
           AS cache_dead
}
CALL (cache_hit) {
  WITH [x IN $query_vector WHERE x IS NOT NULL] AS qv
  WHERE size(qv) > 0 AND NOT $exact AND NOT cache_hit
  CALL db.index.vector.queryNodes('block_embedding', $fetch, qv) YIELD node, score
  WITH node, score
  ORDER BY score DESC
  WITH collect({node: node, score: score}) AS answers
  WITH answers,
       [a IN answers
        WHERE a.node.space = $space AND a.node.status = 'active'
          AND (NOT $self_only OR a.node:Self)] AS ours
  RETURN size(answers) AS answered, [a IN ours | a.node] AS index_nodes,
         [a IN ours | a.score] AS index_scores
}
WITH space_node, now, vector_version, cache_hit, keywords_hit, cached_keyword_nodes,
     cached_keyword_scores, cache_dead + [i IN keyword_dead WHERE NOT i IN cache_dead]
       AS cache_dead, answered,
     CASE WHEN cache_hit THEN cache_nodes ELSE index_nodes END AS fetched,
     CASE WHEN cache_hit THEN cache_scores ELSE index_scores END AS fetched_scores
CALL (fetched) {
  WITH fetched, [x IN $query_vector WHERE x IS NOT NULL] AS qv
  WHERE size(qv) > 0 AND ($exact OR size(fetched) < $scan_below)
  MATCH (b:Block)
  USING INDEX SEEK b:Block(space, status)
  WHERE b.space = $space AND b.status = 'active' AND b.embedding IS NOT NULL
    AND (NOT $self_only OR b:Self)
  WITH b, vector.similarity.cosine(b.embedding, qv) AS score
  ORDER BY score DESC
  WITH collect(b) AS nearest, collect(score) AS scores
  RETURN nearest[..$k] AS scanned, scores[..$k] AS scanned_scores, size(nearest) AS compared
}
CALL () {
  WITH [x IN $query_vector WHERE x IS NOT NULL] AS qv
  WHERE size(qv) > 0 AND $period_from <= $period_until
  MATCH (b:Block)
  USING INDEX b:Block(space, occurred_at)
  WHERE b.space = $space AND b.occurred_at >= $period_from AND b.occurred_at <= $period_until
  WITH b, qv
  LIMIT $period_scan
  WITH b, qv
  WHERE b.status = 'active' AND b.embedding IS NOT NULL AND (NOT $self_only OR b:Self)
  WITH b, vector.similarity.cosine(b.embedding, qv) AS score
  ORDER BY score DESC
  WITH collect(b) AS nearest, collect(score) AS scores
  RETURN nearest[..$k] AS period_nodes, scores[..$k] AS period_scores
}
CALL (space_node, keywords_hit) {
  // With the caller's keyword hits, the index is asked for inbox blocks only, and only when
  // the space has one: finding the first in the (space, status) index costs a small part of
  // a full-text call (docs/DECISIONS.md, "The inbox call is skipped when a space has no inbox").
  WITH $terms AS terms, keywords_hit
  WHERE trim(terms) <> ''
    AND (NOT keywords_hit
         OR ($pending AND EXISTS { MATCH (i:Block) USING INDEX SEEK i:Block(space, status)
                            WHERE i.space = $space AND i.status = 'inbox' }))
  CALL db.index.fulltext.queryNodes(
    'block_text_by_space',
    '+text_key:' + space_node.text_key
      + CASE WHEN keywords_hit THEN ' +status:inbox'
             WHEN $pending THEN ' +status:(active inbox)' ELSE ' +status:active' END
      + ' +(content:(' + terms + ') summary:(' + terms + '))',
    {limit: $text_fetch}) YIELD node, score
  WITH node, score
  WHERE node.space = $space AND (NOT $self_only OR node:Self)
    AND (node.status = 'active' OR ($pending AND node.status = 'inbox'))
  WITH node, score
  ORDER BY score DESC
  WITH collect({node: node, score: score}) AS hits
  WITH [h IN hits WHERE h.node.status = 'active'][..$k] AS active_hits,
       [h IN hits WHERE h.node.status = 'inbox'][..$k] AS inbox_hits
  RETURN [h IN active_hits | h.node] AS text_nodes,
         [h IN active_hits | h.score] AS text_scores,
         [h IN inbox_hits | h.node] AS pending_nodes,
         [h IN inbox_hits | h.score] AS pending_scores
}
CALL (now) {
  WITH now, $queryless AS on
  WHERE on AND NOT $self_only
  CALL () {
    MATCH (b:Block)
    USING INDEX SEEK b:Block(space, status, last_reinforced_at)
    WHERE b.space = $space AND b.status = 'active' AND b.last_reinforced_at IS NOT NULL
    WITH b
    ORDER BY b.space DESC, b.status DESC, b.last_reinforced_at DESC
    LIMIT $queryless_limit
    RETURN collect(b) AS recent
  }
  CALL () {
    MATCH (b:Block)
    USING INDEX SEEK b:Block(space, status, reinforcement_count)
    WHERE b.space = $space AND b.status = 'active' AND b.reinforcement_count IS NOT NULL
    WITH b
    ORDER BY b.space DESC, b.status DESC, b.reinforcement_count DESC
    LIMIT $queryless_limit
    RETURN collect(b) AS reinforced
  }
  CALL () {
    MATCH (b:Block)
    USING INDEX SEEK b:Block(space, status, confidence)
    WHERE b.space = $space AND b.status = 'active' AND b.confidence IS NOT NULL
    WITH b
    ORDER BY b.space DESC, b.status DESC, b.confidence DESC
    LIMIT $queryless_limit
    RETURN collect(b) AS confident
  }
  UNWIND recent + reinforced + confident AS b
  WITH DISTINCT now, b
  WITH b, $proxy.confidence * coalesce(b.confidence, 0.5)
          + $proxy.recency * exp(-coalesce(b.decay_lambda, 0.01)
              * CASE WHEN now > b.last_reinforced_at
                     THEN now - b.last_reinforced_at ELSE 0.0 END)
          + $proxy.centrality * COUNT { (b)--() } / toFloat($cap)
          + $proxy.reinforcement * log(1 + coalesce(b.reinforcement_count, 0)) / log(51.0)
          AS proxy
  ORDER BY proxy DESC, b.id
  LIMIT $queryless_limit
  RETURN collect(b) AS general_nodes
}
CALL () {
  WITH $queryless AS on
  WHERE on AND $self_only
  MATCH (b:Self)
  USING INDEX SEEK b:Self(space, status)
  WHERE b.space = $space AND b.status = 'active'
  WITH b ORDER BY coalesce(b.confidence, 0.5) DESC, b.id
  LIMIT $queryless_limit
  RETURN collect(b) AS self_nodes
}
WITH now, CASE WHEN size(scanned) > 0 THEN scanned ELSE fetched[..$k] END AS leg_nodes,
     CASE WHEN size(scanned) > 0 THEN scanned_scores ELSE fetched_scores[..$k] END
       AS leg_scores,
     period_nodes, period_scores,
     CASE WHEN keywords_hit THEN cached_keyword_nodes ELSE text_nodes END AS keyword_nodes,
     CASE WHEN keywords_hit THEN cached_keyword_scores ELSE text_scores END AS keyword_scores,
     pending_nodes, pending_scores, general_nodes + self_nodes AS queryless_nodes, size(fetched) AS fetched_in_space, answered,
     compared, cache_hit, cache_dead, vector_version
WITH now, keyword_nodes, keyword_scores, pending_nodes, pending_scores, queryless_nodes,
     fetched_in_space, answered, compared, cache_hit, cache_dead, vector_version, leg_nodes,
     leg_scores,
     [i IN range(0, size(period_nodes) - 1) WHERE NOT period_nodes[i] IN leg_nodes] AS extra,
     period_nodes, period_scores
WITH now, keyword_nodes, keyword_scores, pending_nodes, pending_scores, queryless_nodes,
     fetched_in_space, answered, compared, cache_hit, cache_dead, vector_version,
     leg_nodes + [i IN extra | period_nodes[i]] AS vector_nodes,
     leg_scores + [i IN extra | period_scores[i]] AS vector_scores
CALL (vector_nodes, keyword_nodes) {
  WITH vector_nodes + keyword_nodes AS seeds
  WHERE $expand
  UNWIND vector_nodes[..$expand_seeds] + keyword_nodes[..$expand_seeds] AS seed
  CALL (seed, seeds) {
    // coalesce: a status the planner cannot answer from an index, so it always walks out
    // from the seed (stale index statistics once made it scan the status index per seed).
    MATCH (seed)-[r]-(n:Block)
    WHERE type(r) <> 'CONTRADICTS' AND coalesce(n.status, '') = 'active'
      AND (NOT $self_only OR n:Self)
      AND NOT n IN seeds
    WITH n, r
    ORDER BY r.weight DESC, n.id
    LIMIT $expand_per_seed
    RETURN n
  }
  RETURN collect(DISTINCT n) AS expanded
}
CALL () {
  WITH [tag IN $guarantee_tags WHERE tag IS NOT NULL] AS wanted
  WHERE size(wanted) > 0
  MATCH (b:Self)
  USING INDEX SEEK b:Self(space, status)
  WHERE b.space = $space AND b.status = 'active' AND any(tag IN b.tags WHERE tag IN wanted)
  RETURN collect(b) AS guaranteed
}
WITH now, vector_nodes, vector_scores, keyword_nodes, keyword_scores, pending_nodes,
     pending_scores, queryless_nodes, expanded, guaranteed, fetched_in_space, answered, compared,
     cache_hit, cache_dead, vector_version
UNWIND vector_nodes + keyword_nodes + pending_nodes + queryless_nodes + expanded + guaranteed
  AS candidate
WITH DISTINCT candidate, now, vector_nodes, vector_scores, keyword_nodes, keyword_scores,
     pending_nodes, pending_scores, expanded, guaranteed, fetched_in_space, answered, compared,
     cache_hit, cache_dead, vector_version
WITH collect(candidate) AS nodes, now, vector_nodes, vector_scores, keyword_nodes,
     keyword_scores, pending_nodes, pending_scores, expanded, guaranteed, fetched_in_space,
     answered, compared, cache_hit, cache_dead, vector_version
CALL (nodes) {
  UNWIND nodes AS a
  MATCH (a)-[:CONTRADICTS]-(b:Block)
  WHERE b IN nodes AND a.id < b.id
  RETURN collect([a.id, b.id]) AS contradictions
}
CALL (nodes) {
  // Each edge once, from its start node: a pattern per candidate in both directions read
  // every edge twice and cost more than the rest of the projection.
  UNWIND nodes AS a
  MATCH (a)-[r]->(b)
  WHERE b IN nodes
  RETURN collect([a.id, b.id, r.weight, r.reinforcement_count, r.relation]) AS inner_edges
}
RETURN [n IN vector_nodes | n.id] AS vector_ids,
       [score IN vector_scores | 2.0 * score - 1.0] AS vector_cosines,
       [n IN keyword_nodes | n.id] AS keyword_ids,
       keyword_scores,
       [n IN pending_nodes | n.id] AS pending_ids,
       pending_scores,
       [n IN expanded | n.id] AS expanded_ids,
       [n IN guaranteed | n.id] AS guaranteed_ids,
       contradictions,
       inner_edges,
       fetched_in_space,
       answered,
       compared,
       cache_hit,
       cache_dead,
       vector_version,
       now,
       [n IN nodes | n {.id, .content, .tags, .confidence, .reinforcement_count, .decay_lambda,
                        .last_reinforced_at, .status, .sketch, .session_id, .weighted_degree,
                        .created_at, .occurred_at, .occurred_until, .occurred_offset, .speaker,
                        .speaker_key}]
         AS candidates
