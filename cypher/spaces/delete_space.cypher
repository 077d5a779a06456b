// name: delete_space
// mode: write
// returns: scalar
// params: name, batch
// Deletes up to `batch` nodes of a space: its blocks with their edges, sessions, outcomes,
// co-retrieval staging, import claim, curate plans and forget tombstones. Returns how many went; the caller
// repeats until 0, so a big space never needs one huge transaction. Each label is read
// through its (space, ...) key index (the key's other properties exist on every such node;
// curate plans are few and have none), so a batch costs what it deletes, not a scan of the
// database. delete_space_rest.cypher then removes the space node.
CALL () {
  MATCH (n:Block) WHERE n.space = $name AND n.id IS NOT NULL RETURN n
  UNION
  MATCH (n:Session) WHERE n.space = $name AND n.id IS NOT NULL RETURN n
  UNION
  MATCH (n:Outcome) WHERE n.space = $name AND n.id IS NOT NULL RETURN n
  UNION
  MATCH (n:CoRetrieval) WHERE n.space = $name AND n.a IS NOT NULL AND n.b IS NOT NULL RETURN n
  UNION
  MATCH (n:ImportClaim) WHERE n.space = $name RETURN n
  UNION
  MATCH (n:CuratePlan) WHERE n.space = $name RETURN n
  UNION
  MATCH (n:Forgotten) WHERE n.space = $name AND n.token IS NOT NULL RETURN n
}
WITH n
LIMIT $batch
DETACH DELETE n
RETURN count(n) AS deleted
