// name: merge_move_co_retrievals
// mode: write
// returns: one
// params: stage, token, target, batch
// Moves up to `batch` staged co-retrieval pairs into the target space, after the blocks.
// A pair the target already stages, or whose blocks an edge now joins, is dropped (staging
// forgets a pair once it has an edge). Returns how many were moved and dropped; the
// caller repeats until both are 0.
// `a` and `b` IS NOT NULL (every pair has both) let the planner seek the (space, a, b)
// identity index; on `space` alone it reads every pair of the database.
OPTIONAL MATCH (claim:ImportClaim {space: $stage, token: $token})
SET claim.heartbeat = timestamp()
WITH claim
CALL (claim) {
  WITH claim
  WHERE claim IS NOT NULL
  MATCH (n:CoRetrieval)
  WHERE n.space = $stage AND n.a IS NOT NULL AND n.b IS NOT NULL
  WITH n
  LIMIT $batch
  WITH n,
       EXISTS { MATCH (:CoRetrieval {space: $target, a: n.a, b: n.b}) }
       OR EXISTS { MATCH (:Block {space: $target, id: n.a})--(:Block {space: $target, id: n.b}) }
         AS taken
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
