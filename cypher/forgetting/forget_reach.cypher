// name: forget_reach
// mode: read
// returns: one
// params: space, ids
// What a forget of these blocks would remove besides them, for its preview (dry_run): their
// knowledge edges (each once), the Outcome records that name one, and the co-retrieval
// pairs staging one.
CALL () {
  UNWIND $ids AS id
  MATCH (b:Block {space: $space, id: id})-[r]-(:Block)
  RETURN count(DISTINCT r) AS edges
}
CALL () {
  MATCH (o:Outcome)
  WHERE o.space = $space AND o.id IS NOT NULL
    AND any(i IN coalesce(o.block_ids, []) + coalesce(o.penalised, []) WHERE i IN $ids)
  RETURN count(o) AS outcomes
}
CALL () {
  MATCH (c:CoRetrieval)
  WHERE c.space = $space AND c.a IS NOT NULL AND c.b IS NOT NULL
    AND (c.a IN $ids OR c.b IN $ids)
  RETURN count(c) AS pairs
}
RETURN edges, outcomes, pairs
