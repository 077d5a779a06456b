// name: export_co_retrievals
// mode: read
// returns: one
// params: space, after_a, after_b, limit
// The next `limit` co-retrieval pairs of the space after the pair (after_a, after_b), in
// (a, b) order, read from the (space, a, b) uniqueness index, with every property.
// `b IS NOT NULL` (every pair has one) lets the planner seek the (space, a, b) identity
// index in its order; without it, it read every pair of the database.
MATCH (n:CoRetrieval)
WHERE n.space = $space AND n.a >= $after_a AND n.b IS NOT NULL
  AND (n.a > $after_a OR n.b > $after_b)
WITH n
ORDER BY n.space, n.a, n.b
LIMIT $limit
RETURN collect({props: properties(n)}) AS records
