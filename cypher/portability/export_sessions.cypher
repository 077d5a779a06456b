// name: export_sessions
// mode: read
// returns: many
// params: space, after, limit
// The next `limit` sessions of the space after session id `after`, in id order (read
// from the (space, id) uniqueness index), with every property.
MATCH (n:Session)
WHERE n.space = $space AND n.id > $after
RETURN n.id AS id, properties(n) AS props
ORDER BY n.space, n.id
LIMIT $limit
