// name: count_space_records
// mode: read
// returns: one
// params: space
// How many records an export of the space will write, for its progress bar: blocks,
// knowledge edges (each counted once, from its start block), sessions, outcomes and
// co-retrieval pairs.
CALL () {
  MATCH (b:Block)
  WHERE b.space = $space
  RETURN count(b) AS blocks, sum(COUNT { (b)-[]->(:Block) }) AS edges
}
CALL () {
  MATCH (n:Session)
  WHERE n.space = $space
  RETURN count(n) AS sessions
}
CALL () {
  MATCH (n:Outcome)
  WHERE n.space = $space
  RETURN count(n) AS outcomes
}
CALL () {
  MATCH (n:CoRetrieval)
  WHERE n.space = $space
  RETURN count(n) AS co_retrievals
}
RETURN blocks, edges, sessions, outcomes, co_retrievals
