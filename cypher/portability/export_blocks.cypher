// name: export_blocks
// mode: read
// returns: one
// params: space, after, limit
// The next `limit` blocks of the space after block id `after`, in id order, with their
// labels and every property. Ordering by (space, id) lets the planner read them straight
// from the (space, id) uniqueness index, so each page costs its own size, not the space's.
MATCH (b:Block)
WHERE b.space = $space AND b.id > $after
WITH b
ORDER BY b.space, b.id
LIMIT $limit
// One record for the page: each record costs the async driver ~70 µs of Python.
RETURN collect({id: b.id, labels: labels(b), props: properties(b)}) AS blocks
