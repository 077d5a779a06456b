// name: index_share
// mode: read
// returns: one
// params: space
// How many active blocks the space has, and how many blocks all spaces have (an O(1)
// count-store read), to size the over-fetch from the shared vector index.
MATCH (b:Block)
WHERE b.space = $space AND b.status = 'active'
WITH count(b) AS active
MATCH (other:Block)
RETURN active, count(other) AS total
