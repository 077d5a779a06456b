// name: count_space_records
// mode: read
// returns: one
// params: space
// How many records an export of the space will write, for its progress bar: blocks,
// knowledge edges (each counted once, from its start block), sessions, outcomes and
// co-retrieval pairs.
// `id IS NOT NULL` (every one has an id) lets the planner seek the (space, id) identity
// index; on `space` alone it reads every node of the label in the database.
// `a` and `b` IS NOT NULL (every pair has both) let the planner seek the (space, a, b)
// identity index; on `space` alone it reads every pair of the database.
CALL () {
  MATCH (b:Block)
  WHERE b.space = $space AND b.id IS NOT NULL
  RETURN count(b) AS blocks, sum(COUNT { (b)-[]->(:Block) }) AS edges
}
CALL () {
  MATCH (n:Session)
  WHERE n.space = $space AND n.id IS NOT NULL
  RETURN count(n) AS sessions
}
CALL () {
  MATCH (n:Outcome)
  WHERE n.space = $space AND n.id IS NOT NULL
  RETURN count(n) AS outcomes
}
CALL () {
  MATCH (n:CoRetrieval)
  WHERE n.space = $space AND n.a IS NOT NULL AND n.b IS NOT NULL
  RETURN count(n) AS co_retrievals
}
RETURN blocks, edges, sessions, outcomes, co_retrievals
