// name: keyword_leg
// mode: read
// returns: one
// params: space, terms, k, text_fetch, self_only
// Recall's keyword leg alone, beside vector_leg.cypher (elfgraph/retrieval/server_legs.py):
// the k best full-text hits for `terms` (plain words, as the caller made them) among the
// space's active blocks, each with its Lucene score, as candidates.cypher's own call finds
// them. The space's text_key and the status are required terms of the Lucene query, so a
// bigger space that uses the same words more often cannot crowd this one out. Inbox blocks
// are left to candidates.cypher, which asks for them alone when the space has any: a
// required term scores the same for a block whichever of the two queries finds it.
MATCH (space_node:Space {name: $space})
CALL (space_node) {
  CALL db.index.fulltext.queryNodes(
    'block_text_by_space',
    '+text_key:' + space_node.text_key + ' +status:active'
      + ' +(content:(' + $terms + ') summary:(' + $terms + '))',
    {limit: $text_fetch}) YIELD node, score
  WITH node, score
  WHERE node.space = $space AND node.status = 'active' AND (NOT $self_only OR node:Self)
  WITH node, score
  ORDER BY score DESC
  RETURN collect(node.id) AS ids, collect(score) AS scores
}
RETURN ids[..$k] AS ids,
       scores[..$k] AS scores,
       [space_node.text_key, coalesce(space_node.vector_epoch, 0)] AS vector_version
