// name: export_sessions
// mode: read
// returns: one
// params: space, after, limit
// The next `limit` sessions of the space after session id `after`, in id order (read
// from the (space, id) uniqueness index), with every property.
MATCH (n:Session)
WHERE n.space = $space AND n.id > $after
WITH n
ORDER BY n.space, n.id
LIMIT $limit
RETURN collect({id: n.id, props: properties(n)}) AS records
