// name: export_co_retrievals
// mode: read
// returns: many
// params: space, after_a, after_b, limit
// The next `limit` co-retrieval pairs of the space after the pair (after_a, after_b), in
// (a, b) order, read from the (space, a, b) uniqueness index, with every property.
MATCH (n:CoRetrieval)
WHERE n.space = $space AND n.a >= $after_a
  AND (n.a > $after_a OR n.b > $after_b)
RETURN properties(n) AS props
ORDER BY n.space, n.a, n.b
LIMIT $limit
