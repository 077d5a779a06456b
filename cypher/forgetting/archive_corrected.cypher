// name: archive_corrected
// mode: write
// returns: one
// params: space, old_id, new_id, reason, archived_at, epoch
// The last statement of correct(): the corrected block (its edges gone, move_agent_edges)
// is archived with reason `corrected`, the caller's reason and the new block as its
// replacement (superseded_by), so its id names the new block for outcome and connect
// (§8.5), and blocks that pointed at it point at the new one; it loses its embedding and
// sketches (the vector index holds live blocks only), the Self label and its co-retrieval
// staging, and gets the correction's vector epoch, so recall's caches forget it.
MATCH (old:Block {space: $space, id: $old_id})
SET old.status = 'archived', old.archive_reason = 'corrected', old.archived_at = $archived_at,
    old.correction_reason = $reason, old.superseded_by = $new_id, old.weighted_degree = 0.0,
    old.edge_due_hours = 1.0e18, old.vector_epoch = $epoch
REMOVE old.embedding, old.sketch, old.embedding_sketch, old:Self
WITH old
CALL (old) {
  MATCH (older:Block {space: $space, superseded_by: old.id})
  SET older.superseded_by = $new_id
  RETURN count(older) AS repointed
}
CALL (old) {
  MATCH (c:CoRetrieval)
  WHERE c.space = $space AND c.a IS NOT NULL AND c.b IS NOT NULL
    AND (c.a = old.id OR c.b = old.id)
  DELETE c
  RETURN count(c) AS pairs
}
RETURN repointed, pairs
