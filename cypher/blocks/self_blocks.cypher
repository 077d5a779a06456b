// name: self_blocks
// mode: read
// returns: many
// params: space, limit
// Active blocks carrying a self/* tag, most confident first: the agent's identity, which
// the LLM sees as context when it judges a new block.
MATCH (b:Block)
WHERE b.space = $space AND b.status = 'active'
  AND any(tag IN coalesce(b.tags, []) WHERE tag STARTS WITH 'self/')
RETURN b.id AS id, b.content AS content, b.tags AS tags, b.confidence AS confidence
ORDER BY b.confidence DESC, b.id
LIMIT $limit
