// name: export_outcomes
// mode: read
// returns: many
// params: space, after, limit
// The next `limit` outcome records of the space after outcome id `after`, in id order
// (read from the (space, id) uniqueness index), with every property.
MATCH (n:Outcome)
WHERE n.space = $space AND n.id > $after
RETURN n.id AS id, properties(n) AS props
ORDER BY n.space, n.id
LIMIT $limit
