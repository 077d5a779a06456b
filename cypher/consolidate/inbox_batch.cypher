// name: inbox_batch
// mode: read
// returns: many
// params: space, limit
// The oldest inbox blocks of a space, in the order they were learned.
MATCH (b:Block)
WHERE b.space = $space AND b.status = 'inbox'
RETURN b.id AS id, b.content AS content, coalesce(b.tags, []) AS tags,
       b.category AS category, b.created_at AS created_at
ORDER BY b.created_at, b.learn_seq, b.id
LIMIT $limit
