// name: index_share
// mode: read
// returns: one
// params: space
// How many active blocks the space has, and how many all spaces have: the shared vector
// index holds exactly the active blocks, so their ratio sizes its over-fetch.
MATCH (b:Block)
WHERE b.space = $space AND b.status = 'active'
WITH count(b) AS active
MATCH (other:Block)
WHERE other.status = 'active'
RETURN active, count(other) AS total
