// name: delete_blocks
// mode: write
// returns: one
// params: space, rows, receipt, reason, at, epoch
// The last statement of each batch of a forget: every block of the rows, in any status,
// leaves the graph (its edges went first, forget_edges.cypher), and the space keeps a
// tombstone for it, a `Forgotten` node with a random token, the forget's receipt, when, why
// (the caller's reason), why it went (`cause`: named, near_duplicate, inbox_copy) and the
// status it had, but never its id, content or anything computed from them: a block's id is
// a hash of its text (docs/BEHAVIOUR.md §12). A block that was active leaves its tombstone
// the forget's vector epoch, which recall's caches in other processes read as a sign to
// check the blocks they hold (cypher/retrieval/vector_cache_delta.cypher). Counts the
// space's forgotten blocks. Returns the ids deleted with the status each had.
MATCH (space:Space {name: $space})
CALL (space) {
  UNWIND $rows AS row
  MATCH (b:Block {space: $space, id: row.id})
  WITH row, b, b.status AS status
  CREATE (:Forgotten {space: $space, token: row.token, receipt: $receipt, forgotten_at: $at,
                      reason: $reason, cause: row.cause, status: status,
                      vector_epoch: CASE WHEN status = 'active' THEN $epoch END})
  DETACH DELETE b
  RETURN collect({id: row.id, status: status}) AS deleted
}
SET space.forgotten_count = coalesce(space.forgotten_count, 0) + size(deleted),
    space.last_forgotten_at = CASE WHEN size(deleted) > 0 THEN $at
                                   ELSE space.last_forgotten_at END
RETURN deleted
