// name: warm_sample
// mode: read
// returns: one
// params: space, limit
// The contents of the space's first `limit` active blocks, in the (space, id) index's order
// (the read stops after them): the retrieval warm-up (elfgraph/retrieval/retriever.py) takes
// from them a word the space's blocks share, when no cache in the process holds the space's
// words. Its query then finds keyword hits as a recall's does, and the server plans the
// read that takes them as a list a recall's size: planned with an empty list, a 1M-block
// space's first recall paid 1.8-2.4 s for planning it again (docs/DECISIONS.md).
MATCH (b:Block)
WHERE b.space = $space AND b.id > '' AND b.status = 'active'
WITH b
ORDER BY b.space, b.id
LIMIT $limit
RETURN collect(b.content) AS contents
