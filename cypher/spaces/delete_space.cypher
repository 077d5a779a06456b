// name: delete_space
// mode: write
// returns: scalar
// params: name, batch
// Deletes up to `batch` nodes of a space (its blocks with their edges, sessions, staging),
// and the space node itself once nothing else is left. Returns how many nodes went; the
// caller repeats until 0, so a big space never needs one huge transaction. Scans all
// nodes for the space property: meant for tests and rare clean-ups, not a hot path.
CALL {
  MATCH (n)
  WHERE n.space = $name
  WITH n
  LIMIT $batch
  DETACH DELETE n
  RETURN count(n) AS tagged
}
CALL (tagged) {
  WITH tagged
  WHERE tagged = 0
  MATCH (s:Space {name: $name})
  DETACH DELETE s
  RETURN count(s) AS spaces
}
RETURN tagged + spaces AS deleted
