// name: stage_edges
// mode: write
// returns: one
// params: space, token, rows
// Writes a batch of validated knowledge edges between blocks already written under the
// claimed space name, from a to b with the relationship type of a checked relation word.
// Both ends must be active blocks and the pair must have no edge yet; `lines` holds the
// file lines of the rows written, so the caller names the first row that was not.
OPTIONAL MATCH (claim:ImportClaim {space: $space, token: $token})
SET claim.heartbeat = timestamp()
WITH claim
CALL (claim) {
  WITH claim
  WHERE claim IS NOT NULL
  UNWIND $rows AS row
  MATCH (a:Block {space: $space, id: row.a})
  MATCH (b:Block {space: $space, id: row.b})
  WHERE a.status = 'active' AND b.status = 'active' AND NOT EXISTS { (a)--(b) }
  CREATE (a)-[r:$(row.type)]->(b)
  SET r = row.props
  RETURN collect(row.line) AS lines
}
RETURN claim IS NOT NULL AS claimed, lines
