// name: discard_claimed
// mode: write
// returns: scalar
// params: space, token, batch
// Deletes up to `batch` nodes of each kind written under a claimed space name (blocks with
// their edges, sessions, outcomes, co-retrieval pairs), and the claim itself once nothing
// is left. Returns how many nodes went; the caller repeats until 0. Nothing happens
// without the claim, so a space that was published is never touched.
MATCH (claim:ImportClaim {space: $space, token: $token})
CALL () {
  MATCH (n:Block)
  WHERE n.space = $space
  WITH n
  LIMIT $batch
  DETACH DELETE n
  RETURN count(n) AS blocks
}
CALL () {
  MATCH (n:Session)
  WHERE n.space = $space
  WITH n
  LIMIT $batch
  DELETE n
  RETURN count(n) AS sessions
}
CALL () {
  MATCH (n:Outcome)
  WHERE n.space = $space
  WITH n
  LIMIT $batch
  DELETE n
  RETURN count(n) AS outcomes
}
CALL () {
  MATCH (n:CoRetrieval)
  WHERE n.space = $space
  WITH n
  LIMIT $batch
  DELETE n
  RETURN count(n) AS pairs
}
WITH claim, blocks + sessions + outcomes + pairs AS deleted
CALL (claim, deleted) {
  WITH claim
  WHERE deleted = 0
  DELETE claim
}
RETURN deleted + CASE WHEN deleted = 0 THEN 1 ELSE 0 END AS deleted
