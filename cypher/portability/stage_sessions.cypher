// name: stage_sessions
// mode: write
// returns: one
// params: space, token, rows
// Writes a batch of validated sessions under the claimed space name, each with every
// property; touches the claim's heartbeat. `claimed` is false (and nothing is written)
// when the claim is gone.
OPTIONAL MATCH (claim:ImportClaim {space: $space, token: $token})
SET claim.heartbeat = timestamp()
WITH claim
CALL (claim) {
  WITH claim
  WHERE claim IS NOT NULL
  UNWIND $rows AS row
  CREATE (n:Session {space: $space, id: row.id})
  SET n += row.props
  RETURN count(n) AS written
}
RETURN claim IS NOT NULL AS claimed, written
