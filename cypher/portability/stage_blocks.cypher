// name: stage_blocks
// mode: write
// returns: one
// params: space, token, rows
// Writes a batch of validated blocks under the claimed space name, each with every
// property, the claim's text_key (the keyword leg's space filter) and, for rows marked
// self, the Self label; touches the claim's heartbeat. An embedding is stored as a
// float32 array (db.create.setNodeVectorProperty), as dream stores it.
// `claimed` is false (and nothing is written) when the claim is gone.
OPTIONAL MATCH (claim:ImportClaim {space: $space, token: $token})
SET claim.heartbeat = timestamp()
WITH claim
CALL (claim) {
  WITH claim
  WHERE claim IS NOT NULL
  UNWIND $rows AS row
  CREATE (b:Block {space: $space, id: row.id})
  SET b += row.props, b.text_key = claim.text_key
  FOREACH (_ IN CASE WHEN row.self THEN [1] ELSE [] END | SET b:Self)
  WITH b, row
  CALL (b, row) {
    WITH b, row
    WHERE row.props.embedding IS NOT NULL
    CALL db.create.setNodeVectorProperty(b, 'embedding', row.props.embedding)
  }
  RETURN count(b) AS written
}
RETURN claim IS NOT NULL AS claimed, written
