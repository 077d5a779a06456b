// name: delete_space
// mode: write
// returns: scalar
// params: name
// Deletes a space: its blocks with their edges, every other node tagged with the space, and
// the space node. Returns how many nodes went. Scans all nodes for the space property, so
// it is meant for tests and rare clean-ups, not a hot path.
CALL {
  MATCH (n) WHERE n.space = $name
  DETACH DELETE n
  RETURN count(n) AS tagged
}
CALL {
  MATCH (s:Space {name: $name})
  DETACH DELETE s
  RETURN count(s) AS spaces
}
RETURN tagged + spaces AS deleted
