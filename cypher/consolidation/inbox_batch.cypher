// name: inbox_batch
// mode: read
// returns: many
// params: space, limit, before
// The oldest inbox blocks of a space, in the order they were learned, each with the block
// learned just before it in the same session (`follows`; null outside a session or for a
// session's first block) and the contents of up to $before blocks learned before it in the
// session, nearest first (`context`, for its embedding text; $before is at least 1). Both
// lookups read an index in its order and stop after what they need: the inbox through
// block_inbox_order (space, status, learn_seq), the predecessors through
// block_session_order (session_id, learn_seq) read backwards, so a chunk costs the same
// however large the inbox and the session are. Session ids are random, so the
// predecessors' space is checked after the short seek rather than filtered during it.
MATCH (b:Block)
USING INDEX b:Block(space, status, learn_seq)
WHERE b.space = $space AND b.status = 'inbox' AND b.learn_seq IS NOT NULL
WITH b
ORDER BY b.space, b.status, b.learn_seq
LIMIT $limit
OPTIONAL CALL (b) {
  MATCH (p:Block)
  USING INDEX p:Block(session_id, learn_seq)
  WHERE p.session_id = b.session_id AND p.learn_seq < b.learn_seq
  WITH p
  ORDER BY p.session_id DESC, p.learn_seq DESC
  LIMIT $before
  WITH p
  WHERE p.space = $space
  RETURN collect(p) AS before
}
RETURN b.id AS id, b.content AS content, coalesce(b.tags, []) AS tags,
       b.category AS category, b.created_at AS created_at, before[0].id AS follows,
       [p IN before | p.content] AS context
ORDER BY b.learn_seq
