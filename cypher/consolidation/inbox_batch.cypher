// name: inbox_batch
// mode: read
// returns: many
// params: space, limit
// The oldest inbox blocks of a space, in the order they were learned, each with the block
// learned just before it in the same session (`follows`; null outside a session or for a
// session's first block), found through the (session_id, learn_seq) index.
MATCH (b:Block)
WHERE b.space = $space AND b.status = 'inbox'
WITH b
ORDER BY b.created_at, b.learn_seq, b.id
LIMIT $limit
OPTIONAL CALL (b) {
  MATCH (p:Block)
  WHERE p.session_id = b.session_id AND p.learn_seq < b.learn_seq AND p.space = $space
  RETURN p.id AS follows
  ORDER BY p.learn_seq DESC
  LIMIT 1
}
RETURN b.id AS id, b.content AS content, coalesce(b.tags, []) AS tags,
       b.category AS category, b.created_at AS created_at, follows
ORDER BY b.created_at, b.learn_seq, b.id
