// name: archive_blocks
// mode: write
// returns: many
// params: space, ids, reason, archived_at
// Archives inbox or active blocks (status only moves forward), removes their knowledge
// edges and drops their embedding, so the shared vector index holds live blocks only.
// Returns the ids actually archived.
UNWIND $ids AS block_id
MATCH (b:Block {space: $space, id: block_id})
WHERE b.status IN ['inbox', 'active']
SET b.status = 'archived', b.archive_reason = $reason, b.archived_at = $archived_at
REMOVE b.embedding, b.sketch
WITH b
CALL (b) {
  MATCH (b)-[r]-(:Block)
  DELETE r
}
RETURN b.id AS id
