// name: discard_claimed
// mode: write
// returns: scalar
// params: space, token, batch
// Deletes up to `batch` nodes of each kind written under a claimed space name (blocks with
// their edges, sessions, outcomes, co-retrieval pairs), and the claim itself once nothing
// is left. Returns how many nodes went; the caller repeats until 0. Nothing happens
// without the claim, so a space that was published is never touched.
// `id IS NOT NULL` (every one has an id) lets the planner seek the (space, id) identity
// index; on `space` alone it reads every node of the label in the database.
// `a` and `b` IS NOT NULL (every pair has both) let the planner seek the (space, a, b)
// identity index; on `space` alone it reads every pair of the database.
MATCH (claim:ImportClaim {space: $space, token: $token})
CALL () {
  MATCH (n:Block)
  WHERE n.space = $space AND n.id IS NOT NULL
  WITH n
  LIMIT $batch
  DETACH DELETE n
  RETURN count(n) AS blocks
}
CALL () {
  MATCH (n:Session)
  WHERE n.space = $space AND n.id IS NOT NULL
  WITH n
  LIMIT $batch
  DELETE n
  RETURN count(n) AS sessions
}
CALL () {
  MATCH (n:Outcome)
  WHERE n.space = $space AND n.id IS NOT NULL
  WITH n
  LIMIT $batch
  DELETE n
  RETURN count(n) AS outcomes
}
CALL () {
  MATCH (n:CoRetrieval)
  WHERE n.space = $space AND n.a IS NOT NULL AND n.b IS NOT NULL
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
