// name: merge_move_sessions
// mode: write
// returns: one
// params: stage, token, target, batch
// Moves up to `batch` staged sessions into the target space; one whose id the
// target already has is dropped (the target's wins). Returns how many were moved and
// dropped; the caller repeats until both are 0.
// `id IS NOT NULL` (every one has an id) lets the planner seek the (space, id) identity
// index; on `space` alone it reads every node of the label in the database.
OPTIONAL MATCH (claim:ImportClaim {space: $stage, token: $token})
SET claim.heartbeat = timestamp()
WITH claim
CALL (claim) {
  WITH claim
  WHERE claim IS NOT NULL
  MATCH (n:Session)
  WHERE n.space = $stage AND n.id IS NOT NULL
  WITH n
  LIMIT $batch
  WITH n, EXISTS { MATCH (:Session {space: $target, id: n.id}) } AS taken
  CALL (n, taken) {
    WITH n WHERE taken
    DELETE n
  }
  CALL (n, taken) {
    WITH n WHERE NOT taken
    SET n.space = $target
  }
  RETURN count(*) - sum(CASE WHEN taken THEN 1 ELSE 0 END) AS moved,
         sum(CASE WHEN taken THEN 1 ELSE 0 END) AS dropped
}
RETURN claim IS NOT NULL AS claimed, moved, dropped
