// name: blocks_containing
// mode: read
// returns: one
// params: space, needle, limit
// The blocks of a space, in any status, whose content contains `needle` (lower-case; the
// content is compared lower-cased), in id order, at most `limit` of them: what
// forget_matching previews and forgets (docs/BEHAVIOUR.md §12). A scan of the space's
// blocks through the (space, id) index, comparing text on the server: a forget by text is
// rare, and a word index would miss a text inside a word (a number, a key).
MATCH (b:Block)
WHERE b.space = $space AND b.id IS NOT NULL AND toLower(b.content) CONTAINS $needle
WITH b
ORDER BY b.space, b.id
LIMIT $limit
RETURN collect({id: b.id, status: b.status, content: b.content}) AS blocks
