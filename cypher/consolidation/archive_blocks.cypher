// name: archive_blocks
// mode: write
// returns: many
// params: space, rows, reason, archived_at
// Archives inbox or active blocks (status only moves forward), removes their knowledge
// edges and drops their embedding, so the shared vector index holds live blocks only.
// A row's `by` is the block that replaces it (a near-duplicate's survivor): stored as
// superseded_by, and blocks that pointed at this one now point at `by` too, so every
// superseded id names a live block in one hop (cypher/edges/resolve_block_ids.cypher).
// Returns the ids actually archived.
UNWIND $rows AS row
MATCH (b:Block {space: $space, id: row.id})
WHERE b.status IN ['inbox', 'active']
SET b.status = 'archived', b.archive_reason = $reason, b.archived_at = $archived_at,
    b.superseded_by = row.by
REMOVE b.embedding, b.sketch
WITH b, row
CALL (b) {
  MATCH (b)-[r]-(:Block)
  DELETE r
}
CALL (b, row) {
  WITH b, row
  WHERE row.by IS NOT NULL
  MATCH (older:Block {space: $space, superseded_by: b.id})
  SET older.superseded_by = row.by
}
RETURN b.id AS id
