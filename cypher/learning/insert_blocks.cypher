// name: insert_blocks
// mode: write
// returns: many
// params: space, rows
// Stores new blocks in the inbox, one per row, in order. Content already in the inbox is
// rejected as a duplicate; content whose block was already promoted or archived is stored
// again under the row's random alt_id, for consolidation to judge by similarity. MERGE on
// the (space, id) constraint makes two processes learning the same text at once agree.
// A new block has no edges: weighted_degree 0.0, which every writer of edges keeps
// (docs/BEHAVIOUR.md §9.2). No row comes back when the space does not exist.
MATCH (space:Space {name: $space})
UNWIND $rows AS row
CALL (row, space) {
  MERGE (b:Block {space: $space, id: row.id})
  ON CREATE SET b += row.props, b.text_key = space.text_key, b.weighted_degree = 0.0,
                b.edge_due_hours = 1.0e18,
                b._created = true
  WITH b, b._created IS NOT NULL AS created, b.status AS existing
  REMOVE b._created
  RETURN created, existing
}
OPTIONAL CALL (row, created, existing, space) {
  WITH row, space WHERE NOT created AND existing <> 'inbox'
  CREATE (again:Block {space: $space, id: row.alt_id})
  SET again += row.props, again.text_key = space.text_key, again.weighted_degree = 0.0,
      again.edge_due_hours = 1.0e18
  RETURN again.id AS alt_id
}
RETURN row.index AS index,
       coalesce(alt_id, row.id) AS block_id,
       CASE WHEN created OR alt_id IS NOT NULL THEN 'created' ELSE 'duplicate_rejected' END
         AS status
ORDER BY index
