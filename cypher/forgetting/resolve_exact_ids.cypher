// name: resolve_exact_ids
// mode: read
// returns: one
// params: space, ids, min_prefix, limit
// What each given id names, exactly, in the order given: the block with that id, else (for
// a prefix of at least $min_prefix characters) up to $limit blocks whose id starts with it,
// found by a seek on the (space, id) unique index, each with its status. Unlike
// resolve_block_ids (cypher/edges/), the id of a block dream archived as a near-duplicate
// names that block, never the block that replaced it: forget and correct act on the block
// named, and forgetting a near-duplicate must not remove its survivor (docs/BEHAVIOUR.md §12).
UNWIND range(0, size($ids) - 1) AS position
WITH position, $ids[position] AS given
// A shorter string is only ever a whole id: a null prefix makes the seek below empty.
WITH position, given, CASE WHEN size(given) >= $min_prefix THEN given END AS prefix
CALL (given) {
  MATCH (b:Block {space: $space, id: given})
  RETURN collect(b) AS exact
}
CALL (prefix, exact) {
  WITH prefix, exact
  WHERE size(exact) = 0
  MATCH (b:Block)
  WHERE b.space = $space AND b.id STARTS WITH prefix
  WITH b
  ORDER BY b.id
  LIMIT $limit
  RETURN collect(b) AS by_prefix
}
WITH position, given, [b IN exact + by_prefix | {id: b.id, status: b.status}] AS matches
ORDER BY position
// One record for every id: a record each costs the async driver ~70 µs of Python.
RETURN collect({given: given, matches: matches}) AS rows
