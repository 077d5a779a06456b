// name: delete_space_rest
// mode: write
// returns: one
// params: name, batch
// After delete_space.cypher: up to `batch` nodes that still carry the space, found by a scan
// of every node (a node of a label delete_space does not know; none is written today), and
// the space node once none is left. Returns how many went and whether the space node was
// among them; the caller repeats until it was or nothing went, so a drop scans the database
// once, not once a batch.
CALL () {
  MATCH (n)
  WHERE n.space = $name
  WITH n
  LIMIT $batch
  DETACH DELETE n
  RETURN count(n) AS others
}
CALL (others) {
  WITH others
  WHERE others = 0
  MATCH (s:Space {name: $name})
  DETACH DELETE s
  RETURN count(s) AS spaces
}
RETURN others + spaces AS deleted, spaces > 0 AS space_deleted
