// name: resolve_block_ids
// mode: write
// returns: many
// params: space, ids, min_prefix, limit
// What each given id names, in the order given: the block with exactly that id, else (for
// a prefix of at least $min_prefix characters) up to $limit blocks whose id starts with
// it, found by a seek on the (space, id) unique index. Each match carries its status and,
// when dream archived it as a near-duplicate, the block that replaced it (superseded_by,
// kept pointing at the newest replacement) with that block's status.
// It reads only, but runs in the write transaction that uses the ids (hence its mode),
// so that what it resolved cannot change before the write.
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
CALL (exact, by_prefix) {
  UNWIND exact + by_prefix AS b
  OPTIONAL MATCH (r:Block {space: $space, id: b.superseded_by})
  RETURN collect({id: b.id, status: b.status, replaced_by: r.id,
                  replacement_status: r.status}) AS matches
}
RETURN position, given, matches
ORDER BY position
